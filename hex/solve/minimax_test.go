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

// TestKnownIsWhatTheTableProved: Known claims a value only for what a
// search proved, and that value is the position's. On random 6×6
// positions, each searched with a small node budget (so that many end
// unsolved) and then to the end, every move of the filled-in board whose
// value Known claims has the value a fresh solver finds (itself checked
// against minimax on smaller boards above), and so has the searched
// board's, which is known as the solver's result once solved; a fresh
// solver knows nothing, a finished board is known by its winner, and
// the zero board is not.
func TestKnownIsWhatTheTableProved(t *testing.T) {
	g := geometry(t, 6)
	r := rand.New(rand.NewPCG(7, 7))
	full := New(Options{TableBytes: 16 << 20})
	ref := func(b analysis.Board) bool {
		res, err := full.Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		return res.Win
	}
	claims, unsolved := [2]int{}, 0
	for i := 0; i < 100; {
		b, ok := randomBoard(r, g, 4+r.IntN(7))
		if !ok {
			continue
		}
		i++
		s := New(Options{TableBytes: 1 << 20, Vulnerable: true, MaxNodes: 1 + r.IntN(6)})
		if _, known := s.Known(b); known {
			t.Fatalf("a fresh solver claims to know\n%s", b.String())
		}
		for _, budget := range []int{s.opts.MaxNodes, 0} {
			s.opts.MaxNodes = budget
			res, err := s.Solve(context.Background(), b)
			filled := b
			analysis.FillIn(&filled, nil)
			for cell := range filled.EmptyCells().All() {
				next := filled
				next.Play(cell)
				if win, known := s.Known(next); known {
					claims[btoi(win)]++
					if want := ref(next); win != want {
						t.Fatalf("Known says win=%v after %s, the solver %v, on\n%s", win, g.Name(cell), want, b.String())
					}
				}
			}
			win, known := s.Known(b)
			switch {
			case err == nil && (!known || win != res.Win):
				t.Fatalf("solved win=%v, Known says %v (known %v) on\n%s", res.Win, win, known, b.String())
			case known && win != ref(b):
				t.Fatalf("Known says win=%v after %d nodes (%v), the solver %v, on\n%s", win, budget, err, !win, b.String())
			case !known:
				unsolved++
			}
		}
	}
	if claims[0] < 10 || claims[1] < 10 || unsolved < 10 {
		t.Fatalf("only %d lost and %d won moves known, %d boards unsolved: the test checks too little", claims[0], claims[1], unsolved)
	}
	s := New(Options{TableBytes: 1 << 20})
	b := analysis.NewBoard(g, analysis.Black)
	for c := range 6 {
		b.Play(g.Cell(2, c)) // Black down the third column, White down the first
		if c < 5 {
			b.Play(g.Cell(0, c))
		}
	}
	if win, known := s.Known(b); !known || win {
		t.Fatalf("a board Black has won, White to move: Known %v, %v; want lost, known", win, known)
	}
	if _, known := s.Known(analysis.Board{}); known {
		t.Fatal("Known claims to know the zero board")
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestSolveKeepsAProofFoundOnItsLastNode: a search never reports
// ErrBudget while its table holds the proof of its position: when the
// budget runs out on the node that completes the proof, the proof is the
// result. For every node budget up to a full search's count on random
// 6×6 positions (of 2 to 61 nodes), an answer is the full search's
// value, and an ErrBudget leaves the position unknown (Known); some
// answers came on the budget's last node.
func TestSolveKeepsAProofFoundOnItsLastNode(t *testing.T) {
	g := geometry(t, 6)
	r := rand.New(rand.NewPCG(8, 8))
	checked, onLast := 0, 0
	for tries := 0; checked < 20 && tries < 3000; tries++ {
		b, ok := randomBoard(r, g, 8+r.IntN(6))
		if !ok {
			continue
		}
		full, err := New(Options{TableBytes: 64 << 10, MaxNodes: 61}).Solve(context.Background(), b)
		if err != nil || full.Nodes < 2 {
			continue // over 60 nodes, or settled at once
		}
		checked++
		for budget := 1; budget <= full.Nodes; budget++ {
			s := New(Options{TableBytes: 64 << 10, MaxNodes: budget})
			res, err := s.Solve(context.Background(), b)
			switch {
			case err == nil && res.Win != full.Win:
				t.Fatalf("with MaxNodes %d: win=%v, the full search %v, on\n%s", budget, res.Win, full.Win, b.String())
			case err == nil && res.Nodes >= budget:
				onLast++
			case err != nil:
				if _, known := s.Known(b); known {
					t.Fatalf("with MaxNodes %d: %v, but the table holds the proof, on\n%s", budget, err, b.String())
				}
			}
		}
	}
	if checked < 20 || onLast == 0 {
		t.Fatalf("%d positions needing two nodes or more, %d answers on the budget's last node: the test checks too little", checked, onLast)
	}
	t.Logf("%d positions, %d answers on the budget's last node", checked, onLast)
}

// TestSolveStopsOnTheNodeTheContextEnds: the context is checked at every
// node, whose H-search can take milliseconds: a search whose context has
// already ended expands one node and stops.
func TestSolveStopsOnTheNodeTheContextEnds(t *testing.T) {
	g := geometry(t, 7)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := New(Options{TableBytes: 1 << 20}).Solve(ctx, analysis.NewBoard(g, analysis.Black))
	if err != ErrBudget || res.Nodes != 1 {
		t.Fatalf("an ended context: %+v, %v; want ErrBudget after one node", res, err)
	}
}
