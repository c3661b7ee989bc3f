package bot

import "github.com/tabletop-go/rules/focus"

// The typed bots for Focus (ForDynamic): this file imports one game package.
func init() { Register[focus.Position, focus.Move]() }
