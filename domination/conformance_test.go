package domination

import (
	"fmt"
	"math/bits"
	"testing"

	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

func TestContract(t *testing.T) {
	conformance.Run(t, conformance.Game[Position, Move]{
		Start:    func(t *rapid.T) Position { return New() },
		Parse:    func(_ Position, text string) (Position, error) { return ParsePosition(text) },
		MaxPlies: 2*NumTiles + 1,
		MaxMoves: MaxMoves,
		Candidates: func(p Position) []Move {
			var out []Move
			for t := Tile(0); t < NumTiles; t++ {
				out = append(out, Draw(t))
			}
			// Turns whose steps go one to six squares along ranks and files
			// from the mover's pieces, in both orders: legal or not.
			mine := p.Pieces(rules.Player(p.turn))
			for i := range 2 {
				f, s := mine[i], mine[1-i]
				for d1 := range 4 {
					for n1 := 1; n1 <= 6; n1 += 2 {
						for d2 := range 4 {
							for n2 := 1; n2 <= 6; n2++ {
								out = append(out, Turn(f, rays[f][d1][n1-1], s, rays[s][d2][n2-1]))
							}
						}
					}
				}
			}
			return out
		},
		Invariants: checkInvariants,
		OffGrid: []Move{NoMove, Turn(NewSquare(8, 3), NewSquare(1, 3), NewSquare(4, 4), NewSquare(4, 7)),
			Turn(NewSquare(3, 3), NewSquare(3, -1), NewSquare(4, 4), NewSquare(4, 7)), Draw(NewTile(7, 2)), Draw(NoTile)},
		// The pool, the seat and the lost flag have no keys of their own:
		// they follow from the board and the drawn tile, which the hash
		// covers.
		Decides: func(p Position) string { return fmt.Sprint(p.Pool(), p.Turn(), p.lost) },
	})
}

// checkInvariants: four pieces on distinct squares, none on a domino; the
// pool, the placed dominoes and the drawn tile are the 28 tiles, each
// once; the turn fits the number placed; every game ends within 28 turns;
// and the naive reference lists the same turns.
func checkInvariants(t *rapid.T, p Position) {
	if p.pieces[0]&p.pieces[1] != 0 || bits.OnesCount64(p.pieces[0]) != 2 || bits.OnesCount64(p.pieces[1]) != 2 {
		t.Fatalf("pieces: %x %x", p.pieces[0], p.pieces[1])
	}
	if (p.pieces[0]|p.pieces[1])&p.dominoes != 0 {
		t.Fatalf("a piece stands on a domino")
	}
	var seen uint32
	count := 0
	for sq := Square(0); sq < 64; sq++ {
		if (p.tiles[sq] != 0) != (p.dominoes>>sq&1 != 0) {
			t.Fatalf("domino bitboard and tiles disagree on %v", sq)
		}
		if p.tiles[sq] != 0 {
			seen |= 1 << (p.tiles[sq] - 1)
			count++
		}
	}
	if p.pending != 0 {
		seen |= 1 << (p.pending - 1)
		count++
	}
	if seen|p.pool != fullPool || seen&p.pool != 0 || count+p.PoolSize() != NumTiles {
		t.Fatalf("tiles are not each in one place: %s", p)
	}
	if placed := bits.OnesCount64(p.dominoes); placed%2 != int(p.turn) || placed > NumTiles {
		t.Fatalf("%d dominoes placed with seat %d to move", placed, p.turn)
	}
	if p.ToMove().IsSeat() {
		got := moveStrings(p.AppendMoves(nil))
		want := refFrom(p).turns()
		if len(got) != len(want) {
			t.Fatalf("%d turns, the reference finds %d\n%s", len(got), len(want), p.Diagram())
		}
		set := map[string]bool{}
		for _, w := range want {
			set[w] = true
		}
		for _, g := range got {
			if !set[g] {
				t.Fatalf("turn %s is not in the reference's list", g)
			}
		}
	}
}

// TestChanceProbabilitiesAreExact: at every chance node of random games
// the outcomes are the pool's tiles, each with probability 1/k (the kit
// checks that they sum to exactly 1); and every game ends within 28
// turns.
func TestChanceProbabilitiesAreExact(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := New()
		for plies := 0; p.ToMove() != rules.Terminal; plies++ {
			if plies >= 2*NumTiles {
				t.Fatalf("no end after %d plies (28 turns of a draw and a move)", plies)
			}
			if p.ToMove() == rules.Chance {
				cs := p.AppendChances(nil)
				if len(cs) != p.PoolSize() {
					t.Fatalf("%d outcomes for a pool of %d", len(cs), p.PoolSize())
				}
				for _, c := range cs {
					if c.Prob != (rules.Prob{Num: 1, Den: uint64(len(cs))}) {
						t.Fatalf("outcome %v has probability %v", c.Move, c.Prob)
					}
				}
			}
			moves := p.AppendMoves(nil)
			p = p.PlayUnchecked(rapid.SampledFrom(moves).Draw(t, "move"))
		}
	})
}

// TestRegistration checks the variants and spec options the registry
// gives for the game against its spec parser.
func TestRegistration(t *testing.T) { conformance.CheckRegistration(t, "domination") }
