package hex

import (
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/testkit"
)

// BenchmarkRandomPlayout: one op is one uniformly random game from the
// empty board to the end through the public contract: legal moves into a
// reused buffer, a PCG choice, the unchecked apply, the outcome.
func BenchmarkRandomPlayout(b *testing.B) {
	for _, n := range []int{11, 19} {
		b.Run("size="+strconv.Itoa(n), func(b *testing.B) {
			start := Config{Cols: n, Rows: n, Swap: SwapNone}.Start()
			r := rand.New(rand.NewPCG(1, 2))
			buf := make([]Move, 0, MaxMoves)
			plies := 0
			for b.Loop() {
				p := start
				for !p.Outcome().Over() {
					buf = p.AppendMoves(buf[:0])
					p = p.PlayUnchecked(buf[r.IntN(len(buf))])
					plies++
				}
			}
			b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
		})
	}
}

// BenchmarkRollout: one op is one random game's outcome from the empty
// board, through the entry point the MCTS bot uses (rules.Sampler.Rollout,
// which takes Position.Rollout's fill-and-check).
func BenchmarkRollout(b *testing.B) {
	for _, n := range []int{11, 19} {
		b.Run("size="+strconv.Itoa(n), func(b *testing.B) {
			start := Config{Cols: n, Rows: n, Swap: SwapNone}.Start()
			s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
			wins := 0
			for b.Loop() {
				o, _, _ := s.Rollout(start, -1, nil)
				if w, _ := o.Winner(); w == 0 {
					wins++
				}
			}
			b.ReportMetric(float64(wins)/float64(b.N), "seat0-wins/op")
		})
	}
}

// BenchmarkRolloutVsBaseline measures the rollout and the empty-list
// baseline (BenchmarkBaselineShuffled's loop) in the same run, in
// alternating rounds of 256 games each so that a busy machine slows both
// alike, and reports both times per game and their ratio (the target is
// at most 1.5). One op is one round.
func BenchmarkRolloutVsBaseline(b *testing.B) {
	for _, n := range []int{11, 19} {
		b.Run("size="+strconv.Itoa(n), func(b *testing.B) {
			start := Config{Cols: n, Rows: n, Swap: SwapNone}.Start()
			s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
			g := newBaseline(n)
			r := rand.New(rand.NewPCG(1, 2))
			var rollout, baseline time.Duration
			const round = 256
			for b.Loop() {
				t0 := time.Now()
				for range round {
					s.Rollout(start, -1, nil)
				}
				t1 := time.Now()
				for range round {
					g.playoutList(r)
				}
				rollout += t1.Sub(t0)
				baseline += time.Since(t1)
			}
			games := float64(b.N * round)
			b.ReportMetric(float64(rollout.Nanoseconds())/games, "rollout-ns/game")
			b.ReportMetric(float64(baseline.Nanoseconds())/games, "baseline-ns/game")
			b.ReportMetric(float64(rollout)/float64(baseline), "ratio")
		})
	}
}

// BenchmarkBaseline is the plain yardstick for BenchmarkRandomPlayout: a
// mutable array board with union-find updated after every stone, stopping
// at the win, which each ply collects the empty cells into a buffer and
// picks one with the same PCG. No value semantics, no interface.
func BenchmarkBaseline(b *testing.B) {
	for _, n := range []int{11, 19} {
		b.Run("size="+strconv.Itoa(n), func(b *testing.B) {
			g := newBaseline(n)
			r := rand.New(rand.NewPCG(1, 2))
			plies := 0
			for b.Loop() {
				plies += g.playout(r)
			}
			b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
		})
	}
}

// BenchmarkBaselineShuffled is a leaner baseline still: it keeps the empty
// cells in a list and removes the chosen one by swapping, instead of
// scanning the board each ply.
func BenchmarkBaselineShuffled(b *testing.B) {
	for _, n := range []int{11, 19} {
		b.Run("size="+strconv.Itoa(n), func(b *testing.B) {
			g := newBaseline(n)
			r := rand.New(rand.NewPCG(1, 2))
			for b.Loop() {
				g.playoutList(r)
			}
		})
	}
}

type baseline struct {
	n      int
	cells  []int8
	parent []int32
	empty  []int32
}

func newBaseline(n int) *baseline {
	return &baseline{n: n, cells: make([]int8, n*n), parent: make([]int32, n*n+4), empty: make([]int32, 0, n*n)}
}

func (g *baseline) reset() {
	clear(g.cells)
	for i := range g.parent {
		g.parent[i] = int32(i)
	}
}

func (g *baseline) find(x int32) int32 {
	for g.parent[x] != x {
		g.parent[x] = g.parent[g.parent[x]]
		x = g.parent[x]
	}
	return x
}

func (g *baseline) union(a, b int32) {
	ra, rb := g.find(a), g.find(b)
	if ra != rb {
		g.parent[ra] = rb
	}
}

// place puts colour c (1 or 2) on cell i and reports a win.
func (g *baseline) place(i int, c int8) bool {
	n := g.n
	g.cells[i] = c
	col, row := i%n, i/n
	for _, d := range [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}} {
		cc, rr := col+d[0], row+d[1]
		if cc >= 0 && cc < n && rr >= 0 && rr < n && g.cells[rr*n+cc] == c {
			g.union(int32(i), int32(rr*n+cc))
		}
	}
	top := int32(n * n)
	if c == 1 {
		if row == 0 {
			g.union(int32(i), top)
		}
		if row == n-1 {
			g.union(int32(i), top+1)
		}
		return g.find(top) == g.find(top+1)
	}
	if col == 0 {
		g.union(int32(i), top+2)
	}
	if col == n-1 {
		g.union(int32(i), top+3)
	}
	return g.find(top+2) == g.find(top+3)
}

func (g *baseline) playout(r *rand.Rand) int {
	g.reset()
	c := int8(1)
	for ply := 1; ; ply++ {
		g.empty = g.empty[:0]
		for i, v := range g.cells {
			if v == 0 {
				g.empty = append(g.empty, int32(i))
			}
		}
		if g.place(int(g.empty[r.IntN(len(g.empty))]), c) {
			return ply
		}
		c = 3 - c
	}
}

func (g *baseline) playoutList(r *rand.Rand) int {
	g.reset()
	g.empty = g.empty[:0]
	for i := range g.cells {
		g.empty = append(g.empty, int32(i))
	}
	c := int8(1)
	for ply := 1; ; ply++ {
		k := r.IntN(len(g.empty))
		cell := g.empty[k]
		g.empty[k] = g.empty[len(g.empty)-1]
		g.empty = g.empty[:len(g.empty)-1]
		if g.place(int(cell), c) {
			return ply
		}
		c = 3 - c
	}
}

func BenchmarkAppendMoves(b *testing.B) {
	p := mustPlay(b, Sized(11).Start(), "f6", "e5", "d4")
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		buf = p.AppendMoves(buf[:0])
	}
}

func BenchmarkPlay(b *testing.B) {
	p := mustPlay(b, Sized(11).Start(), "f6", "e5", "d4")
	m := Place(NewSquare(7, 7)) // h8: empty
	for b.Loop() {
		_, _ = p.Play(m)
	}
}

// kitPosition is the position the kit benchmarks share with
// BenchmarkPlay: 11×11 after f6, e5, d4.
func kitPosition(b *testing.B) Position { return mustPlay(b, Sized(11).Start(), "f6", "e5", "d4") }

// BenchmarkActionIndex: one op is one move's index and the move back.
func BenchmarkActionIndex(b *testing.B) {
	p := kitPosition(b)
	m := Place(NewSquare(7, 7))
	sink := 0
	for b.Loop() {
		i := p.ActionIndex(m)
		back, _ := p.ActionMove(i)
		sink += i + int(back)
	}
	_ = sink
}

// BenchmarkObservation: one op is the whole observation of the seat to
// move (10×11×11 values) into a reused buffer.
func BenchmarkObservation(b *testing.B) {
	p := kitPosition(b)
	planes, rows, cols := p.ObservationShape()
	buf := make([]float32, 0, planes*rows*cols)
	seat := p.ToMove()
	for b.Loop() {
		buf = p.AppendObservation(buf[:0], seat)
	}
}

// BenchmarkTransform: one op is the half-turn of the position and of a
// move.
func BenchmarkTransform(b *testing.B) {
	p := kitPosition(b)
	m := Place(NewSquare(7, 7))
	for b.Loop() {
		_ = p.Transform(1)
		_ = p.TransformMove(1, m)
	}
}

// BenchmarkKitVsPlay measures each kit call against Play in the same
// run (testkit.VsPlay: play-ns, kit-ns and their ratio), at the position
// of BenchmarkPlay (3 stones) and in the middle game of 11×11 (60 random
// stones).
func BenchmarkKitVsPlay(b *testing.B) {
	mid := Sized(11).Start()
	r := newRand(7)
	var buf []Move
	for range 60 {
		buf = mid.AppendMoves(buf[:0])
		mid = mid.PlayUnchecked(buf[r.IntN(len(buf))])
	}
	for _, pos := range []struct {
		name string
		p    Position
	}{{"opening", kitPosition(b)}, {"midgame", mid}} {
		p := pos.p
		m := p.AppendMoves(nil)[0] // an empty cell
		planes, rows, cols := p.ObservationShape()
		obs := make([]float32, 0, planes*rows*cols)
		seat := p.ToMove()
		sink := 0
		for _, kit := range []struct {
			name string
			call func()
		}{
			{"ActionIndex", func() {
				i := p.ActionIndex(m)
				back, _ := p.ActionMove(i)
				sink += i + int(back)
			}},
			{"Observation", func() { obs = p.AppendObservation(obs[:0], seat) }},
			{"Transform", func() {
				q := p.Transform(1)
				sink += int(q.ply) + int(p.TransformMove(1, m))
			}},
		} {
			b.Run(pos.name+"/"+kit.name, func(b *testing.B) {
				testkit.VsPlay(b, func() {
					q, _ := p.Play(m)
					sink += int(q.ply)
				}, kit.call)
			})
		}
		_ = sink
	}
}
