package hex_test

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// Start a game, list the legal moves, and play one.
func Example() {
	p := hex.Sized(3).Start()
	fmt.Println(p.AppendMoves(nil))
	m, _ := p.ParseMove("b2")
	p, _ = p.Play(m)
	fmt.Println(p)
	fmt.Println(p.ToMove(), "to move")
	// Output:
	// [a1 b1 c1 a2 b2 c2 a3 b3 c3]
	// 3/1B1/3 w -
	// B to move
}

// Moves from strangers are checked: the error says why a move is refused,
// and errors.Is finds the reason.
func ExamplePosition_Play() {
	p := hex.Sized(5).Start()
	c3, _ := p.ParseMove("c3")
	p, _ = p.Play(c3)
	_, err := p.Play(c3)
	fmt.Println(err)
	fmt.Println(errors.Is(err, hex.ErrOccupied), errors.Is(err, rules.ErrIllegal))
	// Output:
	// c3: illegal move: cell is occupied
	// true true
}

// The pie rule in its two forms.
func ExamplePosition_swap() {
	sides, _ := hex.ParseSpec("hex(size=3,swap=sides)")
	pieces, _ := hex.ParseSpec("hex(size=3,swap=pieces)")
	for _, cfg := range []hex.Config{sides, pieces} {
		p := cfg.Start()
		p, _ = p.Play(hex.Place(hex.NewSquare(2, 0))) // c1
		p, _ = p.Play(hex.Swap)
		fmt.Printf("%-24s %s; seat %v plays Black\n", cfg, p, p.SeatOf(hex.Black))
	}
	// Output:
	// hex(size=3,swap=sides)   2B/3/3 w sides; seat B plays Black
	// hex(size=3,swap=pieces)  3/3/W2 b pieces; seat A plays Black
}

// Parse a position text and print its diagram.
func ExampleConfig_ParsePosition() {
	cfg, _ := hex.ParseSpec("hex(size=4,swap=none)")
	p, err := cfg.ParsePosition("4/1BW1/2B1/4 w -")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Diagram())
	_, err = cfg.ParsePosition("4/1BW1/2X1/4 w -")
	fmt.Println(err)
	// Output:
	//    a b c d
	//  1 . . . .
	//   2 . B W .
	//    3 . . B .
	//     4 . . . .
	// Black (A) top-bottom, White (B) left-right; White (B) to move
	// hex position "4/1BW1/2X1/4 w -" at offset 8: unexpected "X" on the board (want B, W, a count of empty cells, or /)
}

// A random playout through the generic contract, and perft.
func Example_playout() {
	s := rules.Sampler[hex.Position, hex.Move]{Rand: rand.New(rand.NewPCG(1, 2))}
	end, plies := s.Playout(hex.Sized(7).Start(), -1)
	fmt.Println(plies > 0, end.Outcome().Over())
	fmt.Println(rules.Perft(hex.Config{Cols: 3, Rows: 3, Swap: hex.SwapNone}.Start(), 3))
	// Output:
	// true true
	// 504
}

// Replay a game record: read it with package notation, start from its
// Game tag, and play its moves, stopping at the first bad one.
func Example_replayRecord() {
	rec, err := notation.ParseRecord(`[Game "hex(size=3,swap=sides)"]
[Result "0-1"]

b2 swap a1 c1 a3 b3`)
	if err != nil {
		fmt.Println(err)
		return
	}
	spec, _ := rec.Tag("Game")
	cfg, _ := hex.ParseSpec(spec)
	p := cfg.Start()
	for i, s := range rec.Moves {
		m, err := p.ParseMove(s)
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			fmt.Printf("ply %d: %v\n", i+1, err)
			return
		}
	}
	result, _ := rec.Tag("Result")
	fmt.Println(p.Outcome(), "recorded", result)
	// Output:
	// 0-1 (connection) recorded 0-1
}

// Squares from coordinates: file 0 is "a", rank 0 is "1" (the top row).
// Coordinates off the 26×26 grid give NoSquare, and a stone there is
// NoMove, which every position refuses; a square of the grid off a
// smaller board is refused as off the board.
func ExampleNewSquare() {
	p := hex.Sized(11).Start()
	for _, sq := range []hex.Square{hex.NewSquare(2, 2), hex.NewSquare(20, 2), hex.NewSquare(258, 2)} {
		fmt.Println(sq, p.Legal(hex.Place(sq)))
	}
	// Output:
	// c3 <nil>
	// u3 u3: illegal move: cell is off the board
	// ? ?: illegal move: no such square: files run from a to z and ranks from 1 to 26
}

// The zero Position is no game: it is what a failed parse returns, and it
// refuses every move.
func ExamplePosition_IsValid() {
	p, err := hex.ParsePosition("garbage")
	fmt.Println(err != nil, p.IsValid(), p.ToMove(), p.Outcome().Result(), p)
	fmt.Println(p.Legal(hex.Place(hex.NewSquare(0, 0))))
	fmt.Println(hex.Config{Cols: 40, Rows: 40}.Start().IsValid())
	// Output:
	// true false terminal ? <invalid hex position>
	// a1: not a game (a zero or invalid position)
	// false
}

// The seat whose turn it is, and its colour: after a swap of sides, seat
// A plays White.
func ExamplePosition_Turn() {
	p := hex.Sized(5).Start()
	fmt.Println(p.Turn(), p.ColorOf(p.Turn()))
	p, _ = p.Play(hex.Place(hex.NewSquare(2, 2)))
	p, _ = p.Play(hex.Swap)
	fmt.Println(p.Turn(), p.ColorOf(p.Turn()))
	// Output:
	// A black
	// A white
}

// The kit for search and learning: dense action indices (the cells in
// reading order, then the swap), the observation's shape, and the
// half-turn, the one symmetry besides the identity.
func ExamplePosition_ActionIndex() {
	p := hex.Sized(3).Start()
	b1, _ := p.ParseMove("b1")
	p, _ = p.Play(b1)
	fmt.Println(p.NumActions(), p.ActionIndex(b1), p.ActionIndex(hex.Swap))
	var legal []int
	for _, m := range p.AppendMoves(nil) {
		legal = append(legal, p.ActionIndex(m))
	}
	fmt.Println(legal)
	planes, rows, cols := p.ObservationShape()
	fmt.Println(planes, rows, cols, len(p.AppendObservation(nil, p.ToMove())))
	fmt.Println(p.Symmetries(), p.Transform(1), p.TransformMove(1, b1))
	// Output:
	// 10 1 9
	// [0 2 3 4 5 6 7 8 9]
	// 10 3 3 90
	// 2 3/3/1B1 w - b3
}
