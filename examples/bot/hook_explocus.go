package bot

import "github.com/tabletop-go/rules/explocus"

// The typed bots for Explocus and Hexplocus (ForDynamic): this file
// imports one game package.
func init() { Register[explocus.Position, explocus.Move]() }
