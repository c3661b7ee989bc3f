package explocus

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/conformance"
)

// drawPosition draws the start of a random board size, or a random stable
// setup: men dropped on random squares, never at capacity, fewer in all
// than the board's adjacencies (R-E3), both colours present.
func drawPosition(t *rapid.T) Position {
	c := Config{Rows: rapid.IntRange(MinSize, 9).Draw(t, "rows"), Cols: rapid.IntRange(MinSize, 9).Draw(t, "cols")}
	c.PlyLimit = rapid.SampledFrom([]int{0, 0, 3, 50}).Draw(t, "plylimit")
	if rapid.Bool().Draw(t, "start") {
		return c.Start()
	}
	p := Position{rows: uint8(c.Rows), cols: uint8(c.Cols), plyLimit: uint32(c.PlyLimit)}
	men := rapid.IntRange(2, c.Adjacencies()/2).Draw(t, "men")
	for i := range men {
		color := uint8(i % 2)
		for tries := 0; tries < 50; tries++ {
			r := rapid.IntRange(0, c.Rows-1).Draw(t, "rank")
			f := rapid.IntRange(0, c.Cols-1).Draw(t, "file")
			h := p.height[r][f]
			if h > 0 && p.colorAt(r, f) != color || uint16(h)+1 >= p.capacity(r, f) {
				continue
			}
			p.men[color]++
			p.height[r][f]++
			p.own[color][r] |= 1 << f
			break
		}
	}
	if p.men[0] == 0 || p.men[1] == 0 {
		return c.Start()
	}
	p.turn = uint8(rapid.IntRange(0, 1).Draw(t, "turn"))
	p.ply = uint32(p.turn) // A moves at even plies
	p.hash = p.computeHash()
	return p
}

func TestContract(t *testing.T) {
	conformance.Run(t, conformance.Game[Position, Move]{
		Start:    drawPosition,
		Parse:    func(p Position, text string) (Position, error) { return p.Config().ParsePosition(text) },
		MaxPlies: 120,
		MaxMoves: MaxMoves,
		Candidates: func(p Position) []Move {
			var out []Move
			cols, rows := p.Size()
			for r := range rows {
				for f := range cols {
					if p.height[r][f] == 0 {
						continue
					}
					for k := 1; k <= 4; k++ {
						out = append(out, NewMove(f, r, f+k, r), NewMove(f, r, f, r+k), NewMove(f, r, f+k, r+k))
						if f >= k {
							out = append(out, NewMove(f, r, f-k, r))
						}
						if r >= k {
							out = append(out, NewMove(f, r, f, r-k))
						}
					}
				}
			}
			return out
		},
		Invariants: checkInvariants,
	})
}

// checkInvariants: men are conserved and counted right, every column is
// below its capacity, each column has one colour (the colour masks are
// disjoint and mark exactly the occupied squares), at most four per man of the mover
// moves, and the naive reference finds as many moves.
func checkInvariants(t *rapid.T, p Position) {
	cols, rows := p.Size()
	var men [2]int
	for r := range MaxSize {
		if p.own[0][r]&p.own[1][r] != 0 {
			t.Fatalf("a square of rank %d is marked for both colours", r+1)
		}
		for f := range MaxSize {
			h := int(p.height[r][f])
			marked := (p.own[0][r]|p.own[1][r])>>f&1 != 0
			if (h > 0) != marked || (h > 0 && (r >= rows || f >= cols)) {
				t.Fatalf("square %d,%d: height %d, marked %v", f, r, h, marked)
			}
			if h > 0 {
				if h >= p.Capacity(f, r) {
					t.Fatalf("column of %d at capacity %d: %s", h, p.Capacity(f, r), p)
				}
				men[p.colorAt(r, f)] += h
			}
		}
	}
	if men[0] != p.Men(0) || men[1] != p.Men(1) {
		t.Fatalf("men counted %v, stored %d,%d", men, p.Men(0), p.Men(1))
	}
	if p.ToMove() != rules.Terminal {
		moves := p.AppendMoves(nil)
		if len(moves) > 4*p.Men(p.ToMove()) {
			t.Fatalf("%d moves, bound %d", len(moves), 4*p.Men(p.ToMove()))
		}
		if want := len(refFrom(p).moves()); len(moves) != want {
			t.Fatalf("%d moves, the reference finds %d: %s", len(moves), want, p)
		}
	}
}

// TestMenAreConservedOverWholeGames plays random games and checks the
// total never changes.
func TestMenAreConservedOverWholeGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t)
		total := p.Men(0) + p.Men(1)
		for i := 0; i < 200 && p.ToMove() != rules.Terminal; i++ {
			p = p.PlayUnchecked(rapid.SampledFrom(p.AppendMoves(nil)).Draw(t, "move"))
			if got := p.Men(0) + p.Men(1); got != total {
				t.Fatalf("%d men, started with %d", got, total)
			}
		}
	})
}

// TestRE2_CascadeOrderDoesNotMatter resolves the cascade of random moves
// in random positions one firing at a time in a random order, and checks
// the package's result is the same every time.
func TestRE2_CascadeOrderDoesNotMatter(t *testing.T) {
	explosions := 0
	rapid.Check(t, func(t *rapid.T) {
		p := drawPosition(t)
		for i := 0; i < 30 && p.ToMove() != rules.Terminal; i++ {
			m := rapid.SampledFrom(p.AppendMoves(nil)).Draw(t, "move")
			next := p.PlayUnchecked(m)
			ff, fr := m.From()
			tf, tr := m.To()
			g := refFrom(p)
			if _, h := p.At(tf, tr); h+m.Count() >= p.Capacity(tf, tr) {
				explosions++
			}
			for seed := range uint64(4) {
				rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), seed))
				got := g.play(refMove{fr, ff, tr, tf}, rng).text()
				if want := board(next); got != want {
					t.Fatalf("%v from %s: order %d gives %s, the package %s", m, p, seed, got, want)
				}
			}
			p = next
		}
	})
	if explosions < 50 {
		t.Fatalf("only %d explosions were tried", explosions)
	}
}
