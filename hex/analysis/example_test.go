package analysis_test

import (
	"fmt"
	"strings"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
)

// H-search on a 5×5 position: Black (to move) has c2 and b4, a bridge
// apart, each joined to its side by a bridge: a win whoever moves. For
// White, who must stop Black, there is no must-play region left to
// save anything: every move loses.
func ExampleHSearch() {
	p, err := hex.ParsePosition("hex(size=5,swap=none) 4W/2B2/5/1B3/4W b -")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := analysis.FromPosition(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := b.Geometry()
	h := analysis.NewHSearch(analysis.Limits{})
	h.Run(&b, analysis.Black)
	carrier, won := h.Won()
	fmt.Println("black joined by a full connection:", won)
	var cells []string
	for c := range carrier.All() {
		cells = append(cells, g.Name(c))
	}
	fmt.Println(strings.Join(cells, " "))
	for _, c := range h.Fulls(g.Cell(2, 1), g.Cell(1, 3)) {
		fmt.Println("bridge c2-b4, carrier size", c.Carrier.Len())
	}
	// Output:
	// black joined by a full connection: true
	// c1 d1 b3 c3 a5 b5
	// bridge c2-b4, carrier size 2
}

// Fill-in on a 3×3 position: each player's captured cells (cells
// useless to the other) are filled with its colour, which leaves only
// a1, the cell both need: Black, to move, wins there.
func ExampleFillIn() {
	p, err := hex.ParsePosition("hex(size=3,swap=none) 1W1/BW1/B2 b -")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := analysis.FromPosition(p)
	filled := analysis.FillIn(&b, nil)
	g := b.Geometry()
	for c := range filled.All() {
		color, _ := b.At(c)
		fmt.Println(g.Name(c), color)
	}
	// Output:
	// c1 white
	// c2 white
	// b3 black
	// c3 black
}
