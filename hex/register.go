package hex

import "github.com/tabletop-go/rules"

// Importing the package registers "hex" with rules.Register, so that
// rules.Open("hex(size=13)") starts a game.
func init() {
	rules.Register(rules.MakeGame("hex", ParseSpec, Config.Start, Config.ParsePosition))
}
