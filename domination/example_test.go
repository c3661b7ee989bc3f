package domination_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
)

// Replay the worked example of Woods' rules: draws are moves at chance
// nodes.
func Example() {
	p := domination.New()
	for _, s := range []string{"2-5", "d4-b4,e5-e8", "0-3", "h1-h4,a8-b8", "1-3", "e8-h8,b4-b5"} {
		m, err := p.ParseMove(s)
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(p.Diagram())
	// Output:
	//   +---+---+---+---+---+---+---+---+
	// 8 |   | O |   |   |1-3|   |   | X |
	//   +---+---+---+---+---+---+---+---+
	// 7 |   |   |   |   |   |   |   |   |
	//   +---+---+---+---+---+---+---+---+
	// 6 |   |   |   |   |   |   |   |   |
	//   +---+---+---+---+---+---+---+---+
	// 5 |   | X |   |   |   |   |   |   |
	//   +---+---+---+---+---+---+---+---+
	// 4 |   |   |   |2-5|   |   |   | O |
	//   +---+---+---+---+---+---+---+---+
	// 3 |   |   |   |   |   |   |   |   |
	//   +---+---+---+---+---+---+---+---+
	// 2 |   |   |   |   |   |   |   |   |
	//   +---+---+---+---+---+---+---+---+
	// 1 |   |   |   |   |   |   |   |0-3|
	//   +---+---+---+---+---+---+---+---+
	//     a   b   c   d   e   f   g   h
	// O to draw; 25 dominoes in the pool
}

// At a chance node, the outcomes come with exact probabilities; sample one
// or supply the tile actually drawn.
func ExamplePosition_AppendChances() {
	p := domination.New()
	chances := p.AppendChances(nil)
	fmt.Println(len(chances), chances[0].Move, chances[0].Prob)
	draw, _ := rules.SampleChance(chances, rand.New(rand.NewPCG(1, 2)))
	p, _ = p.Play(draw)
	fmt.Println(p.ToMove(), len(p.AppendMoves(nil)) > 0)
	// Output:
	// 28 0-0 1/28
	// A true
}

// Turns are built from squares, draws from tiles; a square off the 8×8
// grid or numbers outside 0..6 give NoMove, which no position accepts.
func ExampleTurn() {
	sq := domination.NewSquare
	p, _ := domination.New().Play(domination.Draw(domination.NewTile(2, 5)))
	m := domination.Turn(sq(3, 3), sq(1, 3), sq(4, 4), sq(4, 7))
	fmt.Println(m, p.Legal(m))

	off := domination.Turn(sq(11, 3), sq(1, 3), sq(4, 4), sq(4, 7))
	fmt.Println(sq(11, 3), off == domination.NoMove, domination.Draw(domination.NewTile(9, 9)) == domination.NoMove)
	fmt.Println(p.Legal(off))
	// Output:
	// d4-b4,e5-e8 <nil>
	// ? true true
	// ?: illegal move: no such move: squares run from a1 to h8 (files a to h, ranks 1 to 8) and domino numbers from 0 (blank) to 6
}
