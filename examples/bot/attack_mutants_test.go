package bot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

// TestAttackGuideDefaultsAreAlphaZeros pins the defaults: AlphaZero's
// c_init 1.25 and c_base 19652, one leaf a batch; RolloutPUCT for
// Choose with Rollouts, 1.25 for a driven search whatever the evaluator.
func TestAttackGuideDefaultsAreAlphaZeros(t *testing.T) {
	assert.Equal(t, Guide{PUCT: 1.25, PUCTBase: 19652, Batch: 1}, Guide{}.withDefaults(false))
	assert.Equal(t, Guide{PUCT: RolloutPUCT, PUCTBase: 19652, Batch: 1}, Guide{PUCT: -1, PUCTBase: -5}.withDefaults(true))
	assert.Equal(t, Guide{PUCT: 0.5, PUCTBase: 7, Batch: 3}, Guide{PUCT: 0.5, PUCTBase: 7, Batch: 3}.withDefaults(true))
	g := NewGuided[hex.Position, hex.Move](Options{}, nil)
	assert.Equal(t, RolloutPUCT, g.guide.PUCT)
	assert.Equal(t, 1.25, g.stepGuide.PUCT)
}

// TestAttackStepperNextAgainKeepsTheAnswer: a Next between writing the
// answer and Feed hands back the same batch with the answer in it.
func TestAttackStepperNextAgainKeepsTheAnswer(t *testing.T) {
	d, err := rules.Open("hex(size=4)")
	require.NoError(t, err)
	opts := Options{Iterations: 60, Seed: 2, Guide: Guide{Batch: 3, Network: sumNetwork{}}}
	ref, err := ForDynamic("guided", d, opts)
	require.NoError(t, err)
	want, err := ref.Choose(context.Background(), d)
	require.NoError(t, err)
	b, err := ForDynamic("guided", d, opts)
	require.NoError(t, err)
	s := b.(Stepper)
	require.NoError(t, s.Begin(d))
	for {
		batch, err := s.Next()
		require.NoError(t, err)
		if batch == nil {
			break
		}
		require.NoError(t, sumNetwork{}.EvaluateBatch(batch))
		again, err := s.Next()
		require.NoError(t, err)
		require.Same(t, batch, again)
		require.NoError(t, s.Feed())
	}
	got, err := s.Result()
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, ref.(Searcher).AppendRootVisits(nil), s.AppendRootVisits(nil))
}

// TestAttackBatchComesCleared: every batch a network gets has its Policy
// and Values all 0 and its masks exactly the legal actions, whatever the
// network wrote into the batch before.
func TestAttackBatchComesCleared(t *testing.T) {
	p := hex.Sized(4).Start()
	calls := 0
	var legal []int
	net := networkFunc(func(b *Batch) error {
		calls++
		require.Len(t, legal, b.Size)
		for i := range b.Size {
			n := 0
			for a := range b.NumActions {
				if b.Masks[i*b.NumActions+a] {
					n++
				}
			}
			require.Equal(t, legal[i], n, "call %d leaf %d: the mask is not the legal moves", calls, i)
		}
		for i, x := range b.Policy {
			require.Zero(t, x, "call %d: Policy[%d] not cleared", calls, i)
		}
		for i, x := range b.Values {
			require.Zero(t, x, "call %d: Values[%d] not cleared", calls, i)
		}
		require.NoError(t, sumNetwork{}.EvaluateBatch(b))
		for i := range b.Policy {
			if !b.Masks[i] {
				b.Policy[i] = 5 // outside the masks: never read, but cleared for the next
			}
			b.Masks[i] = true // the network scribbles on the masks too
		}
		return nil
	})
	inner := WithNetwork[hex.Position, hex.Move](net)
	eval := EvaluatorFunc[hex.Position, hex.Move](func(leaves []Leaf[hex.Position, hex.Move]) error {
		legal = legal[:0]
		for _, l := range leaves {
			legal = append(legal, len(l.Moves))
		}
		return inner.Evaluate(leaves)
	})
	g := NewGuided(Options{Iterations: 40, Guide: Guide{Batch: 4}}, eval)
	_, err := g.Choose(context.Background(), p)
	require.NoError(t, err)
	assert.Greater(t, calls, 5)
}

// TestAttackLeavesComeUniformAndSetValueSpreads: a leaf comes with a
// Prior of 1s; SetValue gives the mover v and each other seat
// -v/(seats-1).
func TestAttackLeavesComeUniformAndSetValueSpreads(t *testing.T) {
	g := NewGuided(Options{Iterations: 5}, EvaluatorFunc[hex.Position, hex.Move](func(leaves []Leaf[hex.Position, hex.Move]) error {
		for _, l := range leaves {
			for _, x := range l.Prior {
				require.Equal(t, float32(1), x)
			}
		}
		return nil
	}))
	_, err := g.Choose(context.Background(), hex.Sized(3).Start())
	require.NoError(t, err)

	f := mustFocus(t, "focus(players=4)")
	l := Leaf[focus.Position, focus.Move]{Position: f}
	l.SetValue(0.6)
	mover := int(f.ToMove())
	for s := range 4 {
		want := -0.2
		if s == mover {
			want = 0.6
		}
		assert.InDelta(t, want, l.Values[s], 1e-12, "seat %d", s)
	}
	h := Leaf[hex.Position, hex.Move]{Position: hex.Sized(3).Start()}
	h.SetValue(-0.5)
	assert.Equal(t, [rules.MaxSeats]float64{-0.5, 0.5}, h.Values)
}

// TestAttackTreeBudgetIsInclusive: a leaf's children that exactly fill
// MaxNodes are added; a chance node's outcomes likewise.
func TestAttackTreeBudgetIsInclusive(t *testing.T) {
	p := hex.Sized(3).Start() // 9 moves; after one stone, 8 cells and the swap
	g := NewGuided(Options{Iterations: 1, MaxNodes: 1 + 9 + 9}, EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
	_, err := g.Choose(context.Background(), p)
	require.NoError(t, err)
	assert.Len(t, g.nodes, 19, "the first child's 9 moves fit exactly")
	g = NewGuided(Options{Iterations: 1, MaxNodes: 1 + 9 + 8}, EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
	_, err = g.Choose(context.Background(), p)
	require.NoError(t, err)
	assert.Len(t, g.nodes, 10, "one node short: not added")
}

// TestAttackNoVirtualLossOutlivesItsBatch: after a batched search, no
// node keeps a simulation in flight or a mark of awaiting evaluation,
// the dropped descents' included.
func TestAttackNoVirtualLossOutlivesItsBatch(t *testing.T) {
	for _, batch := range []int{2, 8, 32} {
		g := NewGuided(Options{Iterations: 300, Guide: Guide{Batch: batch}}, EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
		_, err := g.Choose(context.Background(), hex.Sized(3).Start())
		require.NoError(t, err)
		for i, n := range g.nodes {
			require.Zero(t, n.inflight, "batch %d: node %d", batch, i)
			require.NotEqual(t, awaiting, n.children, "batch %d: node %d", batch, i)
		}
	}
}

// TestAttackDefaultNoiseAlphaIsTenOverMoves: NoiseAlpha 0 is 10 over the
// root's number of moves (the same draws as that alpha given).
func TestAttackDefaultNoiseAlphaIsTenOverMoves(t *testing.T) {
	p := hex.Sized(4).Start()
	run := func(alpha float64) []float32 {
		g := NewGuided(Options{Iterations: 1, Seed: 9, Guide: Guide{NoiseFraction: 0.5, NoiseAlpha: alpha}}, EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
		require.NoError(t, g.Begin(p))
		require.NoError(t, feedHashed(t, g))
		var priors []float32
		for _, k := range g.kids(0) {
			priors = append(priors, k.prior)
		}
		return priors
	}
	assert.Equal(t, run(10.0/16), run(0))
	assert.NotEqual(t, run(0.3), run(0))
}

// TestAttackPickMoveByVisits: with no temperature the most visited, the
// first of equals; with τ = 2, probability in proportion to sqrt(visits);
// with τ = 0.01 over visits of 100000 and 99990, no overflow (weights
// taken relative to the most visited).
func TestAttackPickMoveByVisits(t *testing.T) {
	p := hex.Sized(3).Start()
	g := NewGuided[hex.Position, hex.Move](Options{Seed: 1}, nil)
	g.nodes = []gnode[hex.Move]{{first: 1, children: 3}, {visits: 2}, {visits: 5}, {visits: 5}}
	assert.Equal(t, 1, g.pickMove(p), "the first of the most visited")
	share := func(tau float64, a, b int32) float64 {
		g.guide.Temperature = tau
		g.nodes = []gnode[hex.Move]{{first: 1, children: 2}, {visits: a}, {visits: b}}
		first := 0
		const draws = 4000
		for range draws {
			if g.pickMove(p) == 0 {
				first++
			}
		}
		return float64(first) / draws
	}
	// sqrt(3) : 1 gives the first 0.634 (visits² would give 0.9).
	assert.InDelta(t, 0.634, share(2, 3, 1), 0.03)
	// 1 : 0.9999^100 gives the first 0.5025 (100000^100 overflows).
	assert.InDelta(t, 0.5025, share(0.01, 100000, 99990), 0.04)
}

// TestAttackStepperBeginDropsTheBatchHandedOut: Next after a new Begin
// hands out the new search's root, not the batch of the search dropped.
func TestAttackStepperBeginDropsTheBatchHandedOut(t *testing.T) {
	d, err := rules.Open("hex(size=4)")
	require.NoError(t, err)
	e, err := d.Play("b2")
	require.NoError(t, err)
	b, err := ForDynamic("guided", d, Options{Iterations: 10})
	require.NoError(t, err)
	s := b.(Stepper)
	require.NoError(t, s.Begin(d))
	first, err := s.Next()
	require.NoError(t, err)
	old := append([]float32(nil), first.Observations...)
	require.NoError(t, s.Begin(e))
	batch, err := s.Next()
	require.NoError(t, err)
	require.NotNil(t, batch)
	assert.NotEqual(t, old, batch.Observations)
	assert.Equal(t, e.Observation(e.ToMove()), batch.Observations)
}

// TestAttackChanceBudgetIsInclusive: a chance node's outcomes that
// exactly fill MaxNodes are added; one node short, they are not.
func TestAttackChanceBudgetIsInclusive(t *testing.T) {
	p := domination.New()
	require.Equal(t, rules.Chance, p.ToMove())
	k := len(p.AppendChances(nil))
	require.Greater(t, k, 1)
	for _, room := range []int{1 + k, k} {
		var s search[domination.Position, domination.Move]
		s.init(&Guide{}, nil, room)
		s.nodes = append(s.nodes, gnode[domination.Move]{children: unexpanded})
		fits := room == 1+k
		assert.Equal(t, fits, s.expandChance(0, p), "room for %d nodes, %d outcomes", room, k)
		if fits {
			assert.Len(t, s.nodes, 1+k)
		} else {
			assert.Len(t, s.nodes, 1)
		}
	}
}

// TestAttackVirtualLossCountsInQ: a child with a simulation in flight
// scores as if it had lost it, Q = (total − inflight)/(visits +
// inflight): here that turns selection from it to its sibling, whose
// exploration term is the same.
func TestAttackVirtualLossCountsInQ(t *testing.T) {
	var s search[hex.Position, hex.Move]
	g := Guide{}.withDefaults(false)
	s.init(&g, nil, 10)
	s.nodes = []gnode[hex.Move]{
		{first: 1, children: 2, visits: 12, inflight: 1},
		{visits: 5, inflight: 1, total: 4.5, prior: 0.5}, // Q 3.5/6 ≈ 0.58 (4.5/6 = 0.75 without the loss)
		{visits: 6, total: 4, prior: 0.5},                // Q 4/6 ≈ 0.67
	}
	assert.Equal(t, int32(2), s.pick(0, 0))
	s.nodes[1].inflight = 0
	s.nodes[1].visits = 6
	s.nodes[1].total = 4.5 // the same visits, no loss: Q 0.75
	assert.Equal(t, int32(1), s.pick(0, 0))
}
