package solve

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tabletop-go/rules/hex/analysis"
)

// minimax is the plain reference: whether the player to move on b wins,
// by trying every move, with a table of the positions seen.
type minimax map[uint64]bool

func (m minimax) wins(b analysis.Board) bool {
	if w, over := b.Winner(); over {
		return w == b.Turn()
	}
	key := b.Key()
	if v, ok := m[key]; ok {
		return v
	}
	win := false
	for cell := range b.EmptyCells().All() {
		next := b
		next.Play(cell)
		if !m.wins(next) {
			win = true
			break
		}
	}
	m[key] = win
	return win
}

func geometry(t testing.TB, n int) *analysis.Geometry {
	g, err := analysis.NewGeometry(n, n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// checkSolved compares the solver with minimax on b, and checks that a
// winning move it gives wins.
func checkSolved(t *testing.T, s *Solver, ref minimax, b analysis.Board) {
	t.Helper()
	r, err := s.Solve(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	want := ref.wins(b)
	if r.Win != want {
		t.Fatalf("solver says win=%v, minimax %v, on\n%s", r.Win, want, b.String())
	}
	if r.Win && r.Move >= 0 {
		next := b
		next.Play(r.Move)
		if ref.wins(next) {
			t.Fatalf("winning move %s does not win on\n%s", b.Geometry().Name(r.Move), b.String())
		}
	}
}

// TestSolverOpenings3x3And4x4: the solver agrees with minimax on every
// opening (the empty board, then each first stone) of 3×3 and 4×4, and
// its winning moves win.
func TestSolverOpenings3x3And4x4(t *testing.T) {
	for _, n := range []int{3, 4} {
		g := geometry(t, n)
		ref := minimax{}
		for _, opts := range []Options{{}, {Vulnerable: true}, {Dominated: true}, {Vulnerable: true, Dominated: true}, {NoVC: true}, {NoFillIn: true}} {
			opts.TableBytes = 1 << 20
			s := New(opts)
			start := analysis.NewBoard(g, analysis.Black)
			checkSolved(t, s, ref, start)
			for cell := range g.All().All() {
				b := start
				b.Play(cell)
				checkSolved(t, s, ref, b)
			}
		}
	}
}

// randomBoard plays stones random stones on an n×n board, alternately,
// and returns it if nobody has won.
func randomBoard(r *rand.Rand, g *analysis.Geometry, stones int) (analysis.Board, bool) {
	b := analysis.NewBoard(g, analysis.Black)
	for range stones {
		empty := b.EmptyCells()
		cells := empty.AppendTo(nil)
		b.Play(int(cells[r.IntN(len(cells))]))
	}
	_, over := b.Winner()
	return b, !over
}

// TestSolverRandom5x5: the solver agrees with minimax on random 5×5
// positions of 10 to 14 stones, with and without vulnerable-cell and
// dominated-cell pruning.
func TestSolverRandom5x5(t *testing.T) {
	g := geometry(t, 5)
	r := rand.New(rand.NewPCG(5, 5))
	ref := minimax{}
	plain := New(Options{TableBytes: 4 << 20})
	vuln := New(Options{TableBytes: 4 << 20, Vulnerable: true})
	dom := New(Options{TableBytes: 4 << 20, Vulnerable: true, Dominated: true})
	count := 60
	if testing.Short() || raceEnabled {
		count = 15
	}
	for i := 0; i < count; {
		b, ok := randomBoard(r, g, 10+r.IntN(5))
		if !ok {
			continue
		}
		i++
		checkSolved(t, plain, ref, b)
		checkSolved(t, vuln, ref, b)
		checkSolved(t, dom, ref, b)
	}
}

// TestOneSolverServesEveryBoardSize: a solver keeps its table from one
// board to the next, so positions of different sizes with the same stones
// must not share entries. One solver and one minimax table (whose keys
// would collide the same way) go through every opening of 3×3, 4×4, 3×3
// again and 2×2 positions in between.
func TestOneSolverServesEveryBoardSize(t *testing.T) {
	s := New(Options{TableBytes: 1 << 20})
	ref := minimax{}
	for _, n := range []int{3, 4, 2, 3, 4} {
		g := geometry(t, n)
		start := analysis.NewBoard(g, analysis.Black)
		checkSolved(t, s, ref, start)
		for cell := range g.All().All() {
			b := start
			b.Play(cell)
			checkSolved(t, s, ref, b)
			for reply := range b.EmptyCells().All() {
				c := b
				c.Play(reply)
				if _, over := c.Winner(); !over {
					checkSolved(t, s, ref, c)
				}
			}
		}
	}
}
