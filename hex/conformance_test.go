package hex

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

func drawConfig(t *rapid.T) Config {
	cols := rapid.IntRange(1, 13).Draw(t, "cols")
	rows := cols
	if rapid.IntRange(0, 3).Draw(t, "rectangular") == 0 {
		rows = rapid.IntRange(1, 13).Draw(t, "rows")
	}
	modes := []SwapMode{SwapSides, SwapNone}
	if cols == rows {
		modes = append(modes, SwapPieces)
	}
	return Config{Cols: cols, Rows: rows, Swap: rapid.SampledFrom(modes).Draw(t, "swap")}
}

func TestContract(t *testing.T) {
	conformance.Run(t, conformance.Game[Position, Move]{
		Start:    func(t *rapid.T) Position { return drawConfig(t).Start() },
		Parse:    func(p Position, text string) (Position, error) { return p.Config().ParsePosition(text) },
		MaxMoves: MaxMoves,
		Candidates: func(p Position) []Move {
			cols, rows := p.Size()
			all := []Move{Swap}
			for r := range rows + 1 {
				for c := range cols + 1 {
					all = append(all, Place(NewSquare(c, r)))
				}
			}
			return all
		},
		// Moves built from coordinates off the 26×26 grid: all NoMove.
		OffGrid: []Move{NoMove, Place(NoSquare), Place(NewSquare(258, 2)), Place(NewSquare(2, 258)),
			Place(NewSquare(-1, 0)), Place(NewSquare(0, -1)), Place(NewSquare(MaxSize, 0)), Place(NewSquare(0, MaxSize))},
		Invariants: func(t *rapid.T, p Position) {
			checkStoneCounts(t, p)
			if p.Outcome().Over() {
				if w, ok := p.Outcome().Winner(); !ok || w != p.SeatOf(p.Winner()) {
					t.Fatalf("outcome %v does not name the connected colour's seat", p.Outcome())
				}
			}
		},
	})
}

func checkStoneCounts(t *rapid.T, p Position) {
	cols, rows := p.Size()
	nb, nw := 0, 0
	for r := range rows {
		for c := range cols {
			switch p.At(NewSquare(c, r)) {
			case Black:
				nb++
			case White:
				nw++
			}
		}
	}
	diff := nb - nw
	if p.Swapped() == SwapPieces {
		diff = nw - nb
	}
	if diff != 0 && diff != 1 {
		t.Fatalf("%d black and %d white stones after swap %v", nb, nw, p.Swapped())
	}
}

// TestFilledBoardHasExactlyOneWinner fills random boards completely,
// ignoring the end of the game, and checks that exactly one colour is
// connected: Hex has no draws (rule H5 of the package doc).
func TestFilledBoardHasExactlyOneWinner(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cols := rapid.IntRange(1, 15).Draw(t, "cols")
		rows := rapid.IntRange(1, 15).Draw(t, "rows")
		colors := rapid.SliceOfN(rapid.Bool(), cols*rows, cols*rows).Draw(t, "black")
		p := Config{Cols: cols, Rows: rows, Swap: SwapNone}.Start()
		for i, black := range colors {
			c := White
			if black {
				c = Black
			}
			p.place(i%cols, i/cols, c)
		}
		b := p.connected(Black)
		w := p.connected(White)
		if b == w {
			t.Fatalf("filled %dx%d board: black connected %v, white connected %v\n%s", cols, rows, b, w, p.Diagram())
		}
	})
}

// TestRandomGamesEndWithOneWinner plays random games to the end on every
// size: each ends, with a single winner whose colour is connected.
func TestRandomGamesEndWithOneWinner(t *testing.T) {
	for n := 1; n <= MaxSize; n++ {
		r := newRand(uint64(n))
		s := rules.Sampler[Position, Move]{Rand: r}
		p, plies := s.Playout(Sized(n).Start(), -1)
		if !p.Outcome().Over() {
			t.Fatalf("size %d: playout stopped after %d plies without an end", n, plies)
		}
		if _, ok := p.Outcome().Winner(); !ok {
			t.Fatalf("size %d: no single winner: %v", n, p.Outcome())
		}
		if plies < 2*n-1 {
			t.Fatalf("size %d: won after %d plies, the minimum is %d", n, plies, 2*n-1)
		}
	}
}

// TestRegistration checks the variants and spec options the registry
// gives for the game against its spec parser.
func TestRegistration(t *testing.T) { conformance.CheckRegistration(t, "hex") }
