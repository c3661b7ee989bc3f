package bot

import "github.com/tabletop-go/rules/domination"

// The typed bots for Domination (ForDynamic): this file imports one game package.
func init() { Register[domination.Position, domination.Move]() }
