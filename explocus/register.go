package explocus

import "github.com/tabletop-go/rules"

// Importing the package registers "explocus" with rules.Register, so that
// rules.Open("explocus(rows=6,cols=7)") starts a game.
func init() {
	rules.Register(rules.MakeGame("explocus", ParseSpec, Config.Start, Config.ParsePosition))
}
