package domination

import "github.com/tabletop-go/rules"

// Importing the package registers "domination" with rules.Register, so
// that rules.Open("domination") starts a game.
func init() {
	rules.Register(rules.MakeGame("domination", ParseSpec, Config.Start, Config.ParsePosition))
}
