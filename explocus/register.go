package explocus

import "github.com/tabletop-go/rules"

// Importing the package registers "explocus" and "hexplocus" with
// rules.Register, so that rules.Open("explocus(rows=6,cols=7)") and
// rules.Open("hexplocus(size=8)") start a game. Both games have the same
// Position and Move types.
func init() {
	rules.Register(rules.MakeGame("explocus", ParseSpec, Config.Start, Config.ParsePosition))
	rules.Register(rules.MakeGame("hexplocus", ParseSpec, Config.Start, Config.ParsePosition))
}
