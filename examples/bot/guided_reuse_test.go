package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

// guidedSnapshot is a node of a guided tree as its statistics and
// children, for comparing trees whatever their layout.
type guidedSnapshot[M rules.Move] struct {
	move   M
	visits int32
	total  float64
	prior  float32
	kids   []guidedSnapshot[M]
}

func guidedTree[P rules.Position[P, M], M rules.Move](s *search[P, M], i int32) guidedSnapshot[M] {
	n := s.nodes[i]
	out := guidedSnapshot[M]{move: n.move, visits: n.visits, total: n.total, prior: n.prior}
	for k := range s.kids(i) {
		out.kids = append(out.kids, guidedTree(s, s.nodes[i].first+int32(k)))
	}
	return out
}

// checkWhole checks that a guided tree of a game without chance is whole
// after a search: every node is reached once from the root, no leaf
// awaits an evaluation, no virtual loss is left, an expanded node's
// visits are its expansion and its children's, and every child is a
// legal move of its parent's position.
func checkWhole[P rules.Position[P, M], M rules.Move](t *testing.T, s *search[P, M]) {
	t.Helper()
	seen := make([]bool, len(s.nodes))
	var walk func(i int32, p P)
	walk = func(i int32, p P) {
		require.False(t, seen[i], "node %d reached twice", i)
		seen[i] = true
		n := s.nodes[i]
		require.NotEqual(t, awaiting, n.children, "node %d awaits an evaluation", i)
		require.Zero(t, n.inflight, "node %d keeps a virtual loss", i)
		if n.children <= 0 {
			return
		}
		sum := int32(0)
		for k := n.first; k < n.first+n.children; k++ {
			m := s.nodes[k].move
			require.NoError(t, p.Legal(m), "child %v of node %d", m, i)
			sum += s.nodes[k].visits
			walk(k, p.PlayUnchecked(m))
		}
		require.Equal(t, 1+sum, n.visits, "node %d: its visits are not its expansion and its children's", i)
	}
	walk(0, s.root)
	for i, ok := range seen {
		require.True(t, ok, "node %d of %d is in no node's children", i, len(s.nodes))
	}
}

// TestGuidedKeepsTheSubtreeOfTheMovesPlayed: after the bot's move and
// the reply its search expected, the next search starts from that
// reply's subtree exactly as it was (every node's visits, values and
// priors), adds its iterations to it, and leaves a whole tree.
func TestGuidedKeepsTheSubtreeOfTheMovesPlayed(t *testing.T) {
	p := hex.Sized(4).Start()
	for _, batch := range []int{1, 4} {
		g := NewGuided(Options{Iterations: 3000, Seed: 1, Guide: Guide{Batch: batch}},
			EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
		mine, err := g.Choose(context.Background(), p)
		require.NoError(t, err)
		at := int32(-1)
		for k := range g.kids(0) {
			if g.kids(0)[k].move == mine {
				at = g.nodes[0].first + int32(k)
			}
		}
		reply := g.kids(at)[0]
		for _, k := range g.kids(at) {
			if k.visits > reply.visits {
				reply = k
			}
		}
		var replyAt int32
		for k := range g.kids(at) {
			if g.kids(at)[k].move == reply.move {
				replyAt = g.nodes[at].first + int32(k)
			}
		}
		want := guidedTree(&g.search, replyAt)
		require.NotEmpty(t, want.kids, "batch %d: the reply was never expanded", batch)
		next := p.PlayUnchecked(mine).PlayUnchecked(reply.move)
		require.True(t, g.begin2(next), "batch %d: the tree holds the position after the two moves", batch)
		got := guidedTree(&g.search, 0)
		got.move, got.prior = want.move, want.prior // the root's own move and prior mean nothing
		require.Equal(t, want, got, "batch %d: the kept subtree changed", batch)
		checkWhole(t, &g.search)

		_, err = g.Choose(context.Background(), next)
		require.NoError(t, err)
		require.Equal(t, int(want.visits)-1, g.reused, "batch %d", batch)
		require.Equal(t, want.visits+3000, g.nodes[0].visits, "batch %d: the root's visits are those kept and the new", batch)
		checkWhole(t, &g.search)
	}
}

// begin2 begins a driven search of p, as Guided.Begin does, and reports
// whether it kept a subtree.
func (g *Guided[P, M]) begin2(p P) bool {
	if g.Begin(p) != nil {
		return false
	}
	return g.started
}

// TestGuidedSearchGoesOnFromTheSameRoot: searching the same position
// twice with one leaf a batch and no noise is one search of twice the
// iterations, visit for visit.
func TestGuidedSearchGoesOnFromTheSameRoot(t *testing.T) {
	p := hex.Sized(4).Start().PlayUnchecked(hex.Place(hex.NewSquare(1, 2)))
	eval := EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move])
	twice := NewGuided(Options{Iterations: 700, Seed: 3}, eval)
	for range 2 {
		_, err := twice.Choose(context.Background(), p)
		require.NoError(t, err)
	}
	once := NewGuided(Options{Iterations: 1400, Seed: 3}, eval)
	_, err := once.Choose(context.Background(), p)
	require.NoError(t, err)
	require.Equal(t, 700, twice.reused)
	require.Equal(t, guidedTree(&once.search, 0), guidedTree(&twice.search, 0))
}

// TestGuidedDiscardTreeStartsAfresh: with DiscardTree every search
// builds a new tree: the second search of a position is the first again.
func TestGuidedDiscardTreeStartsAfresh(t *testing.T) {
	p := hex.Sized(4).Start()
	g := NewGuided(Options{Iterations: 500, Seed: 3, DiscardTree: true},
		EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
	_, err := g.Choose(context.Background(), p)
	require.NoError(t, err)
	first := guidedTree(&g.search, 0)
	_, err = g.Choose(context.Background(), p)
	require.NoError(t, err)
	require.Zero(t, g.reused)
	require.Equal(t, first, guidedTree(&g.search, 0))
	require.False(t, g.begin2(p), "Begin kept a tree under DiscardTree")
}

// TestGuidedReuseDrawsTheNoiseAnew: a search of the same root again
// mixes its noise into the evaluator's priors, not into the last
// search's noisy ones; a kept subtree's root gets noise too.
func TestGuidedReuseDrawsTheNoiseAnew(t *testing.T) {
	p := hex.Sized(4).Start()
	g := NewGuided(Options{Iterations: 400, Seed: 5, Guide: Guide{NoiseFraction: 0.25}},
		EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
	_, err := g.Choose(context.Background(), p)
	require.NoError(t, err)
	clean := append([]float32(nil), g.clean...)
	noisy := guidedTree(&g.search, 0)
	_, err = g.Choose(context.Background(), p)
	require.NoError(t, err)
	require.Equal(t, clean, g.clean, "the second search's priors before its noise are not the evaluator's")
	again := guidedTree(&g.search, 0)
	differs := false
	for k := range again.kids {
		differs = differs || again.kids[k].prior != noisy.kids[k].prior
	}
	require.True(t, differs, "the second search drew no noise of its own")

	// The kept subtree of a child: its root's priors get noise.
	m, err := g.Choose(context.Background(), p)
	require.NoError(t, err)
	next := p.PlayUnchecked(m)
	require.True(t, g.begin2(next))
	require.True(t, g.noised, "a kept subtree's root got no noise")
}

// TestGuidedResultMidBatchLeavesAWholeTree: a driven search ended by
// Result, another Begin or a Choose while a batch is out takes the batch
// back, so that the next search, which keeps the tree, finds it whole
// and runs to its end.
func TestGuidedResultMidBatchLeavesAWholeTree(t *testing.T) {
	p := hex.Sized(4).Start()
	g := NewGuided(Options{Iterations: 300, Seed: 1, Guide: Guide{Batch: 8}},
		EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
	for _, end := range []string{"result", "begin", "choose", "result"} {
		require.NoError(t, g.Begin(p))
		for range 5 {
			leaves := g.Leaves()
			require.NotEmpty(t, leaves)
			require.NoError(t, hashed(leaves))
			require.NoError(t, g.Feed())
		}
		require.NotEmpty(t, g.Leaves()) // handed out, never fed
		switch end {
		case "result":
			_, err := g.Result()
			require.NoError(t, err)
			checkWhole(t, &g.search)
		case "begin":
			require.NoError(t, g.Begin(p))
			checkWhole(t, &g.search)
		case "choose":
			_, err := g.Choose(context.Background(), p)
			require.NoError(t, err)
			checkWhole(t, &g.search)
		}
	}
}

// TestGuidedReuseWithChanceAndSeats: in four-seat Focus the next search
// of the bot, a round of the others' moves later, keeps a subtree when
// the tree holds it and otherwise starts afresh; every move is legal.
func TestGuidedReuseWithChanceAndSeats(t *testing.T) {
	cfg, err := focus.ParseSpec("focus(players=4)")
	require.NoError(t, err)
	p := cfg.Start()
	g := NewGuided(Options{Iterations: 400, Seed: 2},
		EvaluatorFunc[focus.Position, focus.Move](hashed[focus.Position, focus.Move]))
	kept := 0
	for ply := 0; ply < 24 && p.ToMove() != rules.Terminal; ply++ {
		m, err := g.Choose(context.Background(), p)
		require.NoError(t, err)
		require.NoError(t, p.Legal(m))
		if g.reused > 0 {
			kept++
		}
		p = p.PlayUnchecked(m)
	}
	require.Greater(t, kept, 10, "the searches kept %d subtrees", kept)
}

// expandedAt returns the positions of the expanded nodes exactly depth
// plies below the root of g's tree, with how many nodes (expanded or
// not) each position has at that depth.
func expandedAt(g *Guided[hex.Position, hex.Move], depth int) (expanded []hex.Position, nodes map[hex.Position]int) {
	nodes = map[hex.Position]int{}
	var walk func(i int32, pos hex.Position, d int)
	walk = func(i int32, pos hex.Position, d int) {
		if d == depth {
			nodes[pos]++
			if g.nodes[i].children > 0 {
				expanded = append(expanded, pos)
			}
			return
		}
		for k := range g.kids(i) {
			walk(g.nodes[i].first+int32(k), pos.PlayUnchecked(g.kids(i)[k].move), d+1)
		}
	}
	walk(0, g.root, 0)
	return expanded, nodes
}

// TestGuidedReuseLooksAsDeepAsItSays: the new root is looked for down
// to reuseDepth plies per seat and two more (6 in Hex), not below; a
// position reached by several move orders is kept from whichever of its
// nodes was expanded.
func TestGuidedReuseLooksAsDeepAsItSays(t *testing.T) {
	p := hex.Sized(3).Start()
	grow := func() *Guided[hex.Position, hex.Move] {
		g := NewGuided(Options{Iterations: 20000, Seed: 1}, EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
		_, err := g.Choose(context.Background(), p)
		require.NoError(t, err)
		return g
	}
	limit := reuseDepth*p.Seats() + 2
	for _, depth := range []int{2, limit, limit + 1} {
		expanded, nodes := expandedAt(grow(), depth)
		require.NotEmpty(t, expanded, "no node expanded %d plies down", depth)
		shared := 0
		for _, q := range expanded[:min(len(expanded), 20)] {
			g := grow()
			require.Equal(t, depth <= limit, g.begin2(q), "%d plies down: %v", depth, q)
			if nodes[q] > 1 {
				shared++
			}
		}
		if depth == limit {
			require.Positive(t, shared, "no position reached by two move orders: the test checks less than it says")
		}
	}
}

// TestGuidedChooseTakesBackABatchOfAnotherRoot: a Choose of another
// position while a driven search's batch is out keeps the subtree whole,
// with its visits and Choose's iterations.
func TestGuidedChooseTakesBackABatchOfAnotherRoot(t *testing.T) {
	p := hex.Sized(4).Start()
	for _, batch := range []int{1, 8} {
		g := NewGuided(Options{Iterations: 300, Seed: 1, Guide: Guide{Batch: batch}},
			EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
		require.NoError(t, g.Begin(p))
		for range 20 {
			leaves := g.Leaves()
			require.NoError(t, hashed(leaves))
			require.NoError(t, g.Feed())
		}
		require.NotEmpty(t, g.Leaves()) // handed out, never fed
		best, at := g.kids(0)[0], g.nodes[0].first
		for k, c := range g.kids(0) {
			if c.visits > best.visits {
				best, at = c, g.nodes[0].first+int32(k)
			}
		}
		want := g.nodes[at].visits
		_, err := g.Choose(context.Background(), p.PlayUnchecked(best.move))
		require.NoError(t, err)
		checkWhole(t, &g.search)
		require.Equal(t, want+300, g.nodes[0].visits, "batch %d", batch)
	}
}

// TestGuidedSameRootRestoresTheEvaluatorsPriors: searched again and
// again with noise, a root's priors before the noise are always the
// evaluator's.
func TestGuidedSameRootRestoresTheEvaluatorsPriors(t *testing.T) {
	p := hex.Sized(4).Start()
	eval := EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move])
	plain := NewGuided(Options{Iterations: 50, Seed: 5}, eval)
	_, err := plain.Choose(context.Background(), p)
	require.NoError(t, err)
	var want []float32
	for _, k := range plain.kids(0) {
		want = append(want, k.prior)
	}
	g := NewGuided(Options{Iterations: 50, Seed: 5, Guide: Guide{NoiseFraction: 0.25}}, eval)
	for range 3 {
		_, err := g.Choose(context.Background(), p)
		require.NoError(t, err)
		require.Equal(t, want, g.clean)
	}
}

// TestGuidedReuseLooksAtThePlyDifferenceFirst: in a tree too wide for
// the node budget to be searched depth by depth, the new root, as many
// plies down as the positions' plies differ by, is still found, because
// that depth is looked at first.
func TestGuidedReuseLooksAtThePlyDifferenceFirst(t *testing.T) {
	p := hex.Sized(5).Start()
	g := NewGuided(Options{Iterations: 40000, Seed: 1}, EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
	_, err := g.Choose(context.Background(), p)
	require.NoError(t, err)
	depth := reuseDepth*p.Seats() + 2
	expanded, _ := expandedAt(g, depth)
	require.NotEmpty(t, expanded, "no node expanded %d plies down", depth)
	q := expanded[0] // the first one a search of that depth meets
	budget, found := reuseNodes, false
	for d := 1; d <= depth && budget > 0 && !found; d++ {
		found = g.find(0, g.root, &q, d, &budget) > 0
	}
	require.False(t, found, "the tree is narrow enough to search depth by depth: the test checks nothing (%d nodes)", len(g.nodes))
	require.True(t, g.begin2(q), "the position %d plies down is not kept", depth)
}
