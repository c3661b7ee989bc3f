package testgame

import (
	"strconv"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/svgkit"
	"github.com/tabletop-go/rules/picture"
)

// Importing the package registers "tictactoe" with rules.Register (with
// its title, doc, variants and options) and its renderer with
// picture.Register: everything a program needs to offer, play and draw
// it.
func init() {
	g := rules.MakeGame(Name, ParseSpec, Config.Start, Config.ParsePosition)
	g.Title = "Tic-tac-toe"
	g.Doc = "Take squares in turn; a row, a file or a diagonal of your own wins, a full board without one is a draw."
	g.Variants = []rules.Variant{
		{Spec: "tictactoe(size=3)", Label: "3×3 · classic"},
		{Spec: "tictactoe(size=4)", Label: "4×4"},
	}
	g.Options = []rules.Option{
		{Name: "size", Kind: rules.OptionInt, Min: MinSize, Max: MaxSize, Default: strconv.Itoa(Default.Size),
			Doc: "the board's side: N×N squares, N in a row wins"},
	}
	rules.Register(g)
	picture.Register(Name, picture.Renderer{
		Render: func(d rules.Dynamic, opts picture.Options) ([]byte, error) {
			p, ok := d.Typed().(Position)
			if !ok {
				return nil, &rules.NoGameError{Type: "testgame.Position"}
			}
			return Render(p, opts), nil
		},
		SeatColor: func(_ rules.Dynamic, seat rules.Player) string { return svgkit.SeatColor(int(seat)) },
	})
}

// SeatInfo describes seat (rules.Describer): X for seat A, O for seat B,
// the words "x" and "o"; the invalid value and a value that is not a
// seat get the zero SeatInfo.
func (p Position) SeatInfo(seat rules.Player) rules.SeatInfo {
	if !p.IsValid() || seat != 0 && seat != 1 {
		return rules.SeatInfo{}
	}
	mark := string(marks[seat+1])
	return rules.SeatInfo{Name: mark, Mark: mark, Words: []string{string(marks[seat+1] | 0x20)},
		Note: strconv.Itoa(p.count(seat)) + " squares"}
}

// Note says how many in a row win (rules.Describer).
func (p Position) Note() string {
	if !p.IsValid() {
		return ""
	}
	return strconv.Itoa(int(p.size)) + " in a row wins"
}

// count returns the squares seat holds.
func (p Position) count(seat rules.Player) int {
	n := 0
	for _, c := range p.cells {
		if int(c) == int(seat)+1 {
			n++
		}
	}
	return n
}
