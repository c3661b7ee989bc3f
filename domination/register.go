package domination

import "github.com/tabletop-go/rules"

// Importing the package registers "domination" with rules.Register, so
// that rules.Open("domination") starts a game.
func init() {
	g := rules.MakeGame("domination", ParseSpec, Config.Start, Config.ParsePosition)
	g.Title = "Domination"
	g.Doc = "Don Woods' race on a torus: draw a domino, move both pieces by its numbers, and leave your opponent stuck."
	g.Variants = []rules.Variant{{Spec: "domination", Label: "Standard"}}
	rules.Register(g)
}
