// Package games is the one list of the module's games that the programs
// under examples/ import, with a blank import, to offer every game; none
// of them names a game otherwise. Each game package registers its rules
// with rules.Register (title, doc, variants, options, seats) and each svg
// package its renderer with picture.Register, as importing them does;
// this package adds the bots' typed fast path (bot.Register), which a
// game package cannot register itself (examples/bot is above the games in
// the import order, and imports none of them). So a game of the module
// joins every program by lines here, and a game of another module by a
// blank import of its packages and a bot.Register in the program that
// wants it.
package games

import (
	"github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/domination/svg"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/explocus/svg"
	"github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/focus/svg"
	"github.com/tabletop-go/rules/hex"
	_ "github.com/tabletop-go/rules/hex/svg"
)

func init() {
	bot.Register[domination.Position, domination.Move]()
	bot.Register[explocus.Position, explocus.Move]()
	bot.Register[explocus.HexPosition, explocus.Move]()
	bot.Register[focus.Position, focus.Move]()
	bot.Register[focus.NowakPosition, focus.Move]()
	bot.Register[hex.Position, hex.Move]()
}
