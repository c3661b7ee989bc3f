package explocus

import (
	"strconv"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Importing the package registers "explocus" and "hexplocus" with
// rules.Register, so that rules.Open("explocus(rows=6,cols=7)") and
// rules.Open("hexplocus(size=8)") start a game, with the variants a lobby
// offers and the options of their specs. They share the Move type; an
// Explocus position is a Position, a Hexplocus one a HexPosition.
func init() {
	plylimit := rules.Option{Name: "plylimit", Kind: rules.OptionInt, Min: 0, Max: MaxPlyLimit, Default: "0",
		Doc: "a draw after N plies (0: none); a convenience for bots, not part of the rules"}
	g := rules.MakeGame("explocus", specOf("explocus"), Config.Start, Config.ParsePosition)
	g.Title = "Explocus"
	g.Doc = "Focus moves with exploding columns: overfill a square and its men burst onto the neighbours, taking them over."
	g.Variants = []rules.Variant{
		{Spec: "explocus(rows=8,cols=8)", Label: "8×8 · standard"},
		{Spec: "explocus(rows=6,cols=6)", Label: "6×6 · quick"},
		{Spec: "explocus(rows=10,cols=10)", Label: "10×10"},
	}
	g.Options = []rules.Option{
		{Name: "rows", Kind: rules.OptionInt, Min: MinSize, Max: MaxSize, Default: strconv.Itoa(Default.Rows), Doc: "the board's ranks"},
		{Name: "cols", Kind: rules.OptionInt, Min: MinSize, Max: MaxSize, Default: strconv.Itoa(Default.Cols), Doc: "the board's files"},
		plylimit,
	}
	rules.Register(g)

	h := rules.MakeGame("hexplocus", specOf("hexplocus"), Config.StartHex, Config.ParseHexPosition)
	h.Title = "Hexplocus"
	h.Doc = "Explocus on a hexagon: six directions, and a cell explodes when it holds as many men as it has neighbours."
	h.Variants = []rules.Variant{
		{Spec: "hexplocus(size=6)", Label: "Side 6 · standard"},
		{Spec: "hexplocus(size=4)", Label: "Side 4 · quick"},
		{Spec: "hexplocus(size=8)", Label: "Side 8"},
	}
	h.Options = []rules.Option{
		{Name: "size", Kind: rules.OptionInt, Min: MinSide, Max: MaxSide, Default: strconv.Itoa(HexDefault.Side), Doc: "the hexagon's side, in cells"},
		plylimit,
	}
	rules.Register(h)
}

// specOf is ParseSpec for the registry's entry of one of the two games:
// the entry refuses the other's specs, which rules.Open gives the other.
func specOf(game string) func(string) (Config, error) {
	return func(s string) (Config, error) {
		c, err := ParseSpec(s)
		if err == nil && (game == "hexplocus") != c.IsHex() {
			return Config{}, &notation.SpecError{Spec: s, Msg: "not a " + game + " spec: the game is " + rules.SpecName(s)}
		}
		return c, err
	}
}
