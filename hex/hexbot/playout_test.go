package hexbot

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/patterns"
)

// randomBoard returns a board of cols×rows with stones stones placed at
// random, alternately, and the last two stones played (-1 if fewer).
func randomBoard(t *testing.T, rng *rand.Rand, cols, rows, stones int) (b analysis.Board, last, before int) {
	t.Helper()
	g, err := analysis.NewGeometry(cols, rows)
	require.NoError(t, err)
	b = analysis.NewBoard(g, analysis.Black)
	last, before = -1, -1
	for range stones {
		empty := b.EmptyCells().AppendTo(nil)
		c := int(empty[rng.IntN(len(empty))])
		b.Play(c)
		before, last = last, c
	}
	return b, last, before
}

// newPolicy returns a pattern policy drawing by table.
func newPolicy(table *playoutTable, seed uint64) *policy {
	return &policy{t: table, rng: rand.New(rand.NewPCG(seed, 9))}
}

// colours is b as package patterns reads a board.
func colours(b *analysis.Board) []hex.Color {
	out := make([]hex.Color, b.Geometry().Cells())
	for i := range out {
		if c, ok := b.At(i); ok {
			out[i] = hex.Black + hex.Color(c)
		}
	}
	return out
}

// TestPlayoutPolicyDrawsByTheModel: the pattern policy draws each empty
// cell with probability proportional to the weight the playout model's
// small patterns give it (Weights with no last stone) times its
// distance weights to the last two stones, on square and other boards;
// with the model's distance weights (all 1 or more: drawBoosted) and
// with some below 1 (drawExact).
func TestPlayoutPolicyDrawsByTheModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m := patterns.Playout()
	model := tableOf(m)
	require.True(t, model.boosts)
	damped := *model
	damped.near = [2][3]float32{{0.3, 2.5, 1}, {4, 0.7, 1}}
	damped.boosts = false
	for _, table := range []*playoutTable{model, &damped} {
		for _, c := range []struct{ cols, rows, stones int }{
			{5, 5, 6}, {4, 6, 9}, {7, 7, 20}, {9, 9, 1}, {3, 3, 0}, {6, 3, 16}, {11, 11, 30},
			{1, 7, 2}, {8, 1, 3}, {2, 2, 1}, {7, 7, -2}, {9, 9, -2},
		} {
			var b analysis.Board
			var last, before int
			if c.stones >= 0 {
				b, last, before = randomBoard(t, rng, c.cols, c.rows, c.stones)
			} else {
				b, last, before = adjacentStones(t, c.cols, c.rows)
			}
			w := newPolicy(table, 3)
			w.start(&b)
			want := make([]float32, b.Geometry().Cells())
			require.NoError(t, m.Weights(want, colours(&b), c.cols, c.rows, hex.Black+hex.Color(b.Turn()), -1, -1))
			var sum float64
			p := make([]float64, len(want))
			for cell, x := range want {
				p[cell] = float64(x)
				for s, stone := range []int{last, before} {
					if stone >= 0 {
						if d := hexDistance(c.cols, cell, stone); d >= 1 && d <= 2 {
							p[cell] *= float64(table.near[s][d-1])
						}
					}
				}
				sum += p[cell]
			}
			const draws = 200_000
			count := make([]int, len(want))
			for range draws {
				cell := w.draw(b.Turn(), last, before)
				require.True(t, b.IsEmpty(cell), "%d×%d: drew cell %d, not empty", c.cols, c.rows, cell)
				count[cell]++
			}
			for cell := range want {
				q := p[cell] / sum
				mean, sd := draws*q, math.Sqrt(draws*q*(1-q))
				if math.Abs(float64(count[cell])-mean) > 5*sd+1 {
					t.Errorf("near %v, %d×%d, %d stones: cell %d drawn %d times of %d, want %.0f±%.0f",
						table.near, c.cols, c.rows, c.stones, cell, count[cell], draws, mean, sd)
				}
			}
		}
	}
}

// adjacentStones returns a board whose last two stones touch (so that
// some cells are near both), White's last at the centre and Black's
// beside it, Black to move.
func adjacentStones(t *testing.T, cols, rows int) (b analysis.Board, last, before int) {
	t.Helper()
	g, err := analysis.NewGeometry(cols, rows)
	require.NoError(t, err)
	b = analysis.NewBoard(g, analysis.Black)
	centre := g.Cell(cols/2, rows/2)
	beside := int(g.Ring(centre)[0])
	b.Play(beside) // Black
	b.Play(centre) // White
	return b, centre, beside
}

// hexDistance is the distance between two cells of a board cols wide.
func hexDistance(cols, a, b int) int {
	dx, dy := a%cols-b%cols, a/cols-b/cols
	return max(abs(dx), abs(dy), abs(dx+dy))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestPlayoutPolicyKeepsItsState: after stones are played through the
// policy, its codes, weights and block sums are those a new policy
// computes on the board they made, though the policy played other
// boards before.
func TestPlayoutPolicyKeepsItsState(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	w := newPolicy(tableOf(patterns.Playout()), 3) // one policy for every board: nothing may stay
	for _, size := range [][2]int{{9, 9}, {11, 11}, {5, 8}, {13, 4}, {11, 11}} {
		b, _, _ := randomBoard(t, rng, size[0], size[1], 3)
		left := w.start(&b)
		for range left / 2 {
			empty := b.EmptyCells().AppendTo(nil)
			w.play(&b, int(empty[rng.IntN(len(empty))]))
		}
		fresh := newPolicy(tableOf(patterns.Playout()), 3)
		require.Equal(t, left-left/2, fresh.start(&b))
		for cell := range b.Geometry().Cells() {
			if !b.IsEmpty(cell) {
				require.Zero(t, w.wt[0][cell], "cell %d holds a stone", cell)
				require.Zero(t, w.wt[1][cell], "cell %d holds a stone", cell)
				continue
			}
			require.Equal(t, fresh.code[cell], w.code[cell], "%v: cell %d's code", size, cell)
			require.Equal(t, fresh.wt[0][cell], w.wt[0][cell])
			require.Equal(t, fresh.wt[1][cell], w.wt[1][cell])
		}
		for m := range 2 {
			for k := range fresh.bsum[m] {
				require.InDelta(t, fresh.bsum[m][k], w.bsum[m][k], 1e-9*fresh.bsum[m][k]+1e-12, "%v: block %d", size, k)
			}
		}
	}
}

// TestPatternRolloutsFillTheBoard: a pattern rollout ends with every
// cell taken, colours alternating from the mover, and returns the
// winner of the full board.
func TestPatternRolloutsFillTheBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	w := newWorker(New(Options{PlayoutPatterns: patterns.Playout()}), 3, 1024)
	for range 50 {
		cols, rows := 2+rng.IntN(10), 2+rng.IntN(10)
		b, last, before := randomBoard(t, rng, cols, rows, rng.IntN(cols*rows))
		stones := [2]int{b.Stones(analysis.Black).Len(), b.Stones(analysis.White).Len()}
		empty := b.EmptyCells().Len()
		mover := b.Turn()
		winner := w.patternRollout(&b, last, before)
		require.True(t, b.EmptyCells().Empty())
		require.Equal(t, stones[mover]+(empty+1)/2, b.Stones(mover).Len())
		require.Equal(t, stones[mover.Other()]+empty/2, b.Stones(mover.Other()).Len())
		got, over := b.Winner()
		require.True(t, over)
		require.Equal(t, got, winner)
	}
}

// TestPlayoutCodesAreTheModelsPatterns: every empty cell's weight in the
// policy, on boards of any shape down to one row or one column, is the
// weight the playout model's Weights give it with no last stone named,
// for both movers: the compact codes read the neighbours and sides as
// the model does.
func TestPlayoutCodesAreTheModelsPatterns(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	m := patterns.Playout()
	w := newPolicy(tableOf(m), 1)
	for _, size := range [][2]int{{1, 1}, {1, 6}, {6, 1}, {2, 5}, {5, 2}, {3, 3}, {9, 9}, {13, 7}} {
		for range 5 {
			b, _, _ := randomBoard(t, rng, size[0], size[1], rng.IntN(size[0]*size[1]))
			w.start(&b)
			for mover := range 2 {
				want := make([]float32, b.Geometry().Cells())
				require.NoError(t, m.Weights(want, colours(&b), size[0], size[1], hex.Black+hex.Color(mover), -1, -1))
				for cell, x := range want {
					require.Equal(t, x, w.wt[mover][cell], "%v, mover %d, cell %d", size, mover, cell)
				}
			}
		}
	}
}

// TestPlayoutMarksSurviveTheirWrap: when the draws' stamp wraps, the
// marks of every cell the policy has held are cleared, those of a larger
// board played before included, so that none can pass for a mark of
// the draw under way when that board comes back.
func TestPlayoutMarksSurviveTheirWrap(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	w := newPolicy(tableOf(patterns.Playout()), 1)
	big, last, before := randomBoard(t, rng, 11, 11, 10)
	w.start(&big)
	w.draw(big.Turn(), last, before)
	w.stamp = math.MaxUint32 // the next draw wraps
	small, sl, sb := randomBoard(t, rng, 5, 5, 4)
	w.start(&small)
	for c := range w.mark[:cap(w.mark)] {
		w.mark[:cap(w.mark)][c] = 1 // as stale as can be: the stamp after the wrap
	}
	w.draw(small.Turn(), sl, sb) // wraps to stamp 1
	require.Equal(t, uint32(1), w.stamp)
	n := small.Geometry().Cells()
	for c, mk := range w.mark[n:cap(w.mark)] {
		require.NotEqual(t, w.stamp, mk, "cell %d's stale mark, past the small board, matches the stamp", n+c)
	}
}

// TestPatternRolloutsSaveBridges: a pattern rollout answers an intrusion
// into the mover's bridge before drawing: Black's a2 to the top (a1 and
// b1 between), White intruding on a1, Black takes b1; Black's bridge
// c3–d1 (d2 and c2 between), White intruding on d2, Black takes c2.
func TestPatternRolloutsSaveBridges(t *testing.T) {
	g, err := analysis.NewGeometry(5, 5)
	require.NoError(t, err)
	w := newWorker(New(Options{PlayoutPatterns: patterns.Playout()}), 3, 1024)
	for range 50 {
		// a2 joins the top by a1 and b1; White takes a1, cell 0.
		b := analysis.NewBoard(g, analysis.Black)
		b.Play(g.Cell(0, 1)) // Black a2
		b.Play(0)            // White a1
		w.patternRollout(&b, 0, -1)
		require.True(t, b.Owns(analysis.Black, g.Cell(1, 0)), "Black saves its edge bridge on b1")
	}
	for range 50 {
		b := analysis.NewBoard(g, analysis.Black)
		b.Play(g.Cell(2, 2)) // Black c3
		b.Play(g.Cell(4, 4)) // White e5
		b.Play(g.Cell(3, 0)) // Black d1
		intrusion := g.Cell(3, 1)
		b.Play(intrusion) // White d2
		w.patternRollout(&b, intrusion, g.Cell(4, 4))
		require.True(t, b.Owns(analysis.Black, g.Cell(2, 1)), "Black saves its bridge on c2")
	}
}

// TestPlayoutTablesAreTheirModels: a bot's table is its own model's
// (the shared one for patterns.Playout(), a new one for another model),
// and a model with a distance weight below 1 draws by the exact path.
func TestPlayoutTablesAreTheirModels(t *testing.T) {
	require.Same(t, tableOf(patterns.Playout()), tableOf(patterns.Playout()))
	other := tableOf(patterns.Default())
	require.NotSame(t, tableOf(patterns.Playout()), other)
	require.Equal(t, patterns.Default().NearWeights(), other.near)
	full := make([]float32, patterns.RingCodes)
	require.NoError(t, patterns.Default().RingWeights(full, hex.Black))
	require.Equal(t, full[0], other.ring[0][0], "the empty ring of an inner cell")
	require.True(t, boosts([2][3]float32{{1, 2, 1}, {1, 1, 3}}))
	require.False(t, boosts([2][3]float32{{1, 2, 1}, {1, 0.99, 3}}))
	require.False(t, boosts([2][3]float32{{0.5, 2, 1}, {1, 1, 1}}))
}

// TestPatternRolloutsFollowBothLastStones: a pattern rollout passes each
// draw the mover's own last stone (before) as well as the opponent's:
// with every ring weight 1 and distance weights only for the mover's
// own last stone, each colour's stones are drawn near its previous one,
// so the full boards have far more touching pairs of one colour than
// with all distance weights 1 (the same draws but uniform).
func TestPatternRolloutsFollowBothLastStones(t *testing.T) {
	g, err := analysis.NewGeometry(9, 9)
	require.NoError(t, err)
	flat := &playoutTable{boosts: true, near: [2][3]float32{{1, 1, 1}, {1, 1, 1}}}
	for c := range flat.ring {
		flat.ring[c] = make([]float32, 16*stoneCodes)
		for i := range flat.ring[c] {
			flat.ring[c][i] = 1
		}
	}
	own := *flat
	own.near = [2][3]float32{{1, 1, 1}, {200, 200, 1}}
	touching := func(table *playoutTable) float64 {
		w := newWorker(New(Options{}), 5, 1024)
		w.bot.playout = table
		total := 0
		const rollouts = 200
		for range rollouts {
			b := analysis.NewBoard(g, analysis.Black)
			b.Play(g.Cell(4, 4))
			w.patternRollout(&b, g.Cell(4, 4), -1)
			for c := range g.Cells() {
				col, _ := b.At(c)
				for _, v := range g.Ring(c)[:3] { // each pair once
					if v >= 0 {
						if other, _ := b.At(int(v)); other == col {
							total++
						}
					}
				}
			}
		}
		return float64(total) / rollouts
	}
	uniform, chained := touching(flat), touching(&own)
	require.Greater(t, chained, uniform+10, "touching pairs of one colour: %.1f following the own last stone, %.1f uniform", chained, uniform)
}

// TestTreePassesPatternRolloutsBothLastStones: the tree starts a pattern
// rollout with the leaf's move as the last stone and the move into the
// leaf's parent as the mover's own (at a root child, the opponent's last
// stone at the root). Each iteration runs on random numbers of its own,
// and a rollout called by hand with those stones on the same numbers
// must end on the same board, read from the root children's AMAF counts
// (which grow by one where the root's mover owns the cell). A tree that
// passed another own stone (none, the leaf's, the root's) would draw the
// first move by other weights, and most boards would part; the test
// needs one. It counts on nothing before the rollout drawing from the
// worker's random numbers (selection and expansion do not), and turns
// the tree's knowledge off, whose fill-in would change the boards.
func TestTreePassesPatternRolloutsBothLastStones(t *testing.T) {
	g, err := analysis.NewGeometry(7, 7)
	require.NoError(t, err)
	root := analysis.NewBoard(g, analysis.Black)
	root.Play(g.Cell(3, 3))
	last := g.Cell(2, 4)
	root.Play(last)
	mover := root.Turn()
	bot := New(Options{PlayoutPatterns: patterns.Playout(), Knowledge: -1})
	depths := map[int]int{}
	for seed := range uint64(3) {
		tree := newWorker(bot, seed, 1<<16)
		tree.reset(root, root.EmptyCells(), last, -1)
		kids := func() []node { return tree.nodes[tree.nodes[0].first : tree.nodes[0].first+int32(tree.nodes[0].kids)] }
		before := make([]float32, len(kids()))
		for it := range uint64(300) {
			for j, k := range kids() {
				before[j] = k.amafN
			}
			tree.rng = rand.New(rand.NewPCG(seed, it))
			tree.iterate()
			leaf := tree.nodes[tree.path[len(tree.path)-1]]
			if len(tree.path) < 2 || leaf.proof != 0 {
				continue // no pattern rollout
			}
			b := root
			for _, i := range tree.path[1:] {
				b.Play(int(tree.nodes[i].move))
			}
			own := int(tree.nodes[tree.path[len(tree.path)-2]].move)
			hand := newWorker(bot, 0, 1024)
			hand.rng = rand.New(rand.NewPCG(seed, it))
			hand.patternRollout(&b, int(leaf.move), own)
			for j, k := range kids() {
				require.Equal(t, b.Owns(mover, int(k.move)), k.amafN > before[j],
					"seed %d, iteration %d (a leaf %d moves deep), cell %d: the tree's rollout and the hand's (own stone %d) end apart",
					seed, it, len(tree.path)-1, k.move, own)
			}
			depths[len(tree.path)-1]++
		}
	}
	require.Positive(t, depths[1], "rollouts from root children")
	require.Positive(t, depths[2]+depths[3]+depths[4], "rollouts from deeper leaves: %v", depths)
}
