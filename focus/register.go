package focus

import "github.com/tabletop-go/rules"

// Importing the package registers "focus" with rules.Register, so that
// rules.Open("focus(players=4,teams=true)") starts a game.
func init() {
	rules.Register(rules.MakeGame("focus", ParseSpec, Config.Start, Config.ParsePosition))
}
