package hex

import (
	"strconv"

	"github.com/tabletop-go/rules"
)

// Importing the package registers "hex" with rules.Register, so that
// rules.Open("hex(size=13)") starts a game, with the variants a lobby
// offers and the options of its spec.
func init() {
	g := rules.MakeGame("hex", ParseSpec, Config.Start, Config.ParsePosition)
	g.Title = "Hex"
	g.Doc = "Connect your two sides of the rhombus: Black joins top and bottom, White left and right; the second player may swap."
	g.Variants = []rules.Variant{
		{Spec: "hex(size=11,swap=sides)", Label: "11×11 · standard"},
		{Spec: "hex(size=5,swap=sides)", Label: "5×5 · quick"},
		{Spec: "hex(size=7,swap=sides)", Label: "7×7"},
		{Spec: "hex(size=9,swap=sides)", Label: "9×9"},
		{Spec: "hex(size=13,swap=sides)", Label: "13×13"},
		{Spec: "hex(size=19,swap=sides)", Label: "19×19"},
		{Spec: "hex(size=11,swap=none)", Label: "11×11 · no swap"},
	}
	g.Options = []rules.Option{
		{Name: "size", Kind: rules.OptionInt, Min: 1, Max: MaxSize, Default: strconv.Itoa(Default.Cols),
			Doc: "the board: N×N cells, or size=CxR for C columns and R rows (each 1 to " + strconv.Itoa(MaxSize) + ")"},
		{Name: "swap", Kind: rules.OptionEnum, Values: []string{"sides", "none", "pieces"}, Default: "sides",
			Doc: "the pie rule: sides (the players exchange colours), none, or pieces (the first stone is mirrored in the long diagonal; a square board only)"},
	}
	rules.Register(g)
}
