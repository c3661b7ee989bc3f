// Package games imports every game of the module and its picture, for
// the side effects alone: each game package registers its rules with
// rules.Register (title, doc, variants, options, seats) and each svg
// package its renderer with picture.Register. The programs under
// examples/ import this package, with a blank import, to offer every
// game; none of them names a game otherwise. So a game of the module
// joins every program by a line here, and a game of another module by a
// blank import of its packages in the program that wants it.
package games

import (
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/domination/svg"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/explocus/svg"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/focus/svg"
	_ "github.com/tabletop-go/rules/hex"
	_ "github.com/tabletop-go/rules/hex/svg"
)
