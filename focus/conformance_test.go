package focus

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

func rulesPlayer(s int) rules.Player { return rules.Player(s) }

// drawPosition draws either the start or a random position: each colour's
// 18 pieces split between captured, reserve and the board, the board
// pieces dropped one at a time on random squares (stacks of at most 5).
// Sparse positions reach the end of the game quickly. The seat that moved
// last controls a stack, and the ply fits the seat to move and is late
// enough for the board, as the parser requires (at least 3: plies 1 and 2
// give only the few positions play gives); a draw that cannot fit the
// ply limit is the start.
func drawPosition(t *rapid.T) Position {
	limit := rapid.SampledFrom([]int{0, 0, 1, 5, 40, 100}).Draw(t, "plylimit")
	c := Config{PlyLimit: limit}
	if rapid.IntRange(0, 3).Draw(t, "start") == 0 {
		return c.Start()
	}
	p := Position{state{seats: 2, plyLimit: uint32(limit)}}
	for s := range 2 {
		onBoard := rapid.IntRange(0, 18).Draw(t, "on board")
		reserve := rapid.IntRange(0, 18-onBoard).Draw(t, "reserve")
		p.reserve[s] = uint8(reserve)
		p.captured[1-s][s] = uint8(18 - onBoard - reserve)
		for range onBoard {
			for {
				sq := Square(rapid.IntRange(0, 63).Draw(t, "square"))
				st := p.board[sq]
				if !sq.OnBoard() || st.Height() == MaxHeight {
					continue
				}
				colors := uint32(st)&colorsMask | uint32(s)<<(2*uint(st.Height()))
				p.setStack(sq, makeStack(colors, st.Height()+1))
				break
			}
		}
	}
	p.turn = colour(rapid.IntRange(0, 1).Draw(t, "turn"))
	if p.control[1-p.turn] == 0 {
		if p.control[p.turn] == 0 {
			return c.Start()
		}
		p.turn = 1 - p.turn
	}
	start := c.Start()
	p.ply = 4 - uint32(p.turn) + 2*uint32(rapid.IntRange(0, 3).Draw(t, "later"))
	for p.tooFewPlies(&start.state) != "" {
		p.ply += 2
	}
	if limit != 0 && p.ply > uint32(limit) {
		return start
	}
	p.hash = p.computeHash()
	return p
}

// offGrid lists moves built from coordinates off the 8×8 grid: NoMove,
// whatever the constructor.
var offGrid = []Move{NoMove, StackMove(NewSquare(10, 1), NewSquare(10, 2)), StackMove(NewSquare(2, 2), NoSquare),
	Drop(NewSquare(-1, 0)), Drop(NewSquare(0, 8)), SwapMove(NewSquare(8, 0), NewSquare(0, 0)),
	NowakTurn(NewSquare(0, 8), NewSquare(2, 2), NewSquare(2, 3)), NowakTurn(NewSquare(3, 3), NewSquare(2, 2), Square(64))}

// decides is the conformance kit's Decides: the position text without
// what the hash leaves out (the ply without a ply limit, the captures
// outside the short game), so that positions with equal hashes must have
// equal texts.
func decides(p Position) string {
	if p.plyLimit == 0 {
		p.ply = 0
	}
	if p.variant&variantShort == 0 {
		p.captured = [rules.MaxSeats][rules.MaxSeats]uint8{}
	}
	return p.String()
}

func TestContract(t *testing.T) {
	conformance.Run(t, conformance.Game[Position, Move]{
		Start:    drawPosition,
		Parse:    func(p Position, text string) (Position, error) { return p.Config().ParsePosition(text) },
		OffGrid:  offGrid,
		Decides:  decides,
		MaxPlies: 150,
		MaxMoves: MaxLegalMoves,
		Candidates: func(p Position) []Move {
			var out []Move
			for from := Square(0); from < 64; from++ {
				if p.board[from].Height() == 0 {
					continue
				}
				f, r := from.File(), from.Rank()
				for k := 1; k <= 6; k++ {
					for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}} {
						tf, tr := f+d[0]*k, r+d[1]*k
						if tf >= 0 && tf < 8 && tr >= 0 && tr < 8 {
							out = append(out, StackMove(from, NewSquare(tf, tr)))
						}
					}
				}
			}
			for s := Square(0); s < 64; s++ {
				out = append(out, Drop(s), Drop(s)|1<<12, Drop(s)|2<<12)
			}
			return out
		},
		Invariants: checkInvariants,
	})
}

// checkInvariants: pieces are conserved per colour (board + reserve +
// captured by the other seat = 18), heights are 1..5 and only on board
// squares, the control bitboards match the tops, and the reference
// implementation finds the same moves.
func checkInvariants(t *rapid.T, p Position) {
	checkTall(t, p)
	var pieces [2]int
	var control [2]uint64
	for sq := Square(0); sq < 64; sq++ {
		s := p.board[sq]
		h := s.Height()
		if h == 0 {
			continue
		}
		if !sq.OnBoard() || h > MaxHeight {
			t.Fatalf("stack of height %d on %v", h, sq)
		}
		for i := range h {
			if c := s.Piece(i); c >= 2 {
				t.Fatalf("piece of colour %d on %v", c, sq)
			} else {
				pieces[c]++
			}
		}
		top, _ := s.Top()
		control[top] |= 1 << sq
	}
	for s := range 2 {
		if total := pieces[s] + int(p.reserve[s]) + int(p.captured[1-s][s]); total != PiecesPerSeat {
			t.Fatalf("colour %d has %d pieces in all: %s", s, total, p)
		}
		if control[s] != p.control[s] {
			t.Fatalf("control bitboard of %d is %x, the tops say %x", s, p.control[s], control[s])
		}
	}
	if p.ToMove() != rules.Terminal && p.variant == 0 {
		if got, want := len(p.AppendMoves(nil)), len(refFromPosition(p).moves()); got != want {
			t.Fatalf("%d moves, the reference finds %d: %s", got, want, p)
		}
		if got := p.CountMoves(); got != len(p.AppendMoves(nil)) {
			t.Fatalf("CountMoves %d disagrees with AppendMoves", got)
		}
	}
}

// checkTall: the bitboard of stacks of two or more agrees with the board.
func checkTall(t *rapid.T, p Position) {
	var tall uint64
	for sq := range p.board {
		if p.board[sq].Height() >= 2 {
			tall |= 1 << sq
		}
	}
	if tall != p.tall {
		t.Fatalf("tall bitboard %x, the stacks say %x: %s", p.tall, tall, p)
	}
}

// TestRegistration checks the variants and spec options the registry
// gives for the game against its spec parser.
func TestRegistration(t *testing.T) { conformance.CheckRegistration(t, "focus") }
