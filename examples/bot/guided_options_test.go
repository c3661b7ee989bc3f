package bot

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
)

// TestGuidedTemperatureDrawsByVisits: with τ = 1 the move is drawn in
// proportion to the root's visits (never an unvisited one), with a small
// τ it is the most visited, and past TemperaturePlies it is the most
// visited again.
func TestGuidedTemperatureDrawsByVisits(t *testing.T) {
	g := NewGuided[hex.Position, hex.Move](Options{Seed: 9, Guide: Guide{Temperature: 1}}, nil)
	visits := []int32{10, 30, 60, 0}
	g.nodes = []gnode[hex.Move]{{first: 1, children: int32(len(visits))}}
	for _, v := range visits {
		g.nodes = append(g.nodes, gnode[hex.Move]{visits: v, children: unexpanded})
	}
	p := hex.Sized(3).Start()
	draws := func() []float64 {
		got := make([]float64, len(visits))
		for range 10000 {
			got[g.pickMove(p)]++
		}
		return got
	}
	got := draws()
	for i, v := range visits {
		assert.InDelta(t, float64(v)/100, got[i]/10000, 0.02, "move %d of visits %v: drawn %v", i, visits, got)
	}
	assert.Zero(t, got[3], "an unvisited move is never drawn")

	g.guide.Temperature = 0.05
	assert.Equal(t, []float64{0, 0, 10000, 0}, draws(), "a small temperature takes the most visited")

	g.guide.Temperature, g.guide.TemperaturePlies = 1, 1
	assert.NotEqual(t, []float64{0, 0, 10000, 0}, draws(), "at ply 0, before TemperaturePlies")
	later := p.PlayUnchecked(p.AppendMoves(nil)[0])
	for range 100 {
		require.Equal(t, 2, g.pickMove(later), "at ply 1, past TemperaturePlies")
	}
}

// TestGuidedNoiseIsSeeded: Dirichlet noise at the root changes the
// search, the same way for the same seed and another way for another;
// the root's priors still sum to 1.
func TestGuidedNoiseIsSeeded(t *testing.T) {
	p := hex.Sized(5).Start()
	search := func(seed uint64, noise float64) ([]float64, []float32) {
		b := NewGuided(Options{Iterations: 300, Seed: seed, Guide: Guide{NoiseFraction: noise}},
			EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
		_, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		var priors []float32
		for _, k := range b.kids(0) {
			priors = append(priors, k.prior)
		}
		return rootVisits(b), priors
	}
	plain, plainPriors := search(1, 0)
	noisy, priors := search(1, 0.25)
	again, _ := search(1, 0.25)
	other, _ := search(2, 0.25)
	assert.NotEqual(t, plain, noisy, "noise changes the search")
	assert.Equal(t, noisy, again, "the same seed, the same noise")
	assert.NotEqual(t, noisy, other, "another seed, other noise")
	sum := 0.0
	for i, w := range priors {
		sum += float64(w)
		// (1-ε)·P + ε·η ≥ (1-ε)·P: the noise only adds to 0.75 of the prior.
		assert.GreaterOrEqual(t, w, 0.75*plainPriors[i]*0.9999, "move %d", i)
	}
	assert.InDelta(t, 1, sum, 1e-5)
}

// TestGammaHasItsMean: the Gamma draws behind the noise have mean α and
// variance α, for α below and above 1.
func TestGammaHasItsMean(t *testing.T) {
	g := NewGuided[hex.Position, hex.Move](Options{Seed: 3}, nil)
	for _, alpha := range []float64{0.03, 0.3, 1, 2.5} {
		const n = 200000
		sum, sq := 0.0, 0.0
		for range n {
			x := gamma(g.rng, alpha)
			require.False(t, x < 0 || math.IsNaN(x) || math.IsInf(x, 0), "alpha %v: %v", alpha, x)
			sum += x
			sq += x * x
		}
		mean := sum / n
		assert.InEpsilon(t, alpha, mean, 0.03, "alpha %v: mean", alpha)
		assert.InEpsilon(t, alpha, sq/n-mean*mean, 0.1, "alpha %v: variance", alpha)
	}
}

// TestGammaSqueezeIsALowerBound: the quick acceptance of gamma accepts
// only draws the exact test accepts (1 - squeeze·x⁴ at most the exact
// bound, for shapes from 1 up and x across the whole range), so it
// changes the speed of the draws and not their distribution; a smaller
// constant breaks this near shape 1, x = -2.156.
func TestGammaSqueezeIsALowerBound(t *testing.T) {
	for _, alpha := range []float64{1, 1.03, 1.3, 2, 5, 30, 1000} {
		d := alpha - 1.0/3
		c := 1 / math.Sqrt(9*d)
		for i := -8000; i <= 8000; i++ {
			x := float64(i) / 1000
			v := 1 + c*x
			if v <= 0 {
				continue
			}
			v = v * v * v
			if quick, exact := 1-squeeze*x*x*x*x, math.Exp(0.5*x*x+d*(1-v+math.Log(v))); quick > exact {
				t.Fatalf("alpha %v, x %v: the squeeze accepts below %v, the exact test only below %v", alpha, x, quick, exact)
			}
		}
	}
}

// TestGuidedTreeStopsAtMaxNodes: a search of many batches keeps its
// tree within MaxNodes (the root's children aside), and still gives the
// root every simulation.
func TestGuidedTreeStopsAtMaxNodes(t *testing.T) {
	p := hex.Sized(5).Start()
	for _, batch := range []int{1, 8} {
		b := NewGuided(Options{Iterations: 2000, MaxNodes: 60, Guide: Guide{Batch: batch}},
			EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
		_, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		assert.LessOrEqual(t, len(b.nodes), 60, "batch %d", batch)
		assert.Greater(t, len(b.nodes), 26, "batch %d: the tree grew past the root", batch)
		sum := 0.0
		for _, v := range rootVisits(b) {
			sum += v
		}
		assert.Equal(t, 2000.0, sum, "batch %d", batch)
	}
}

// TestGuidedSearchDoesNotAllocateOnceWarm: a search with the default
// evaluator, or with a network, allocates nothing once its buffers have
// grown. (DiscardTree, so that each search is the same: a kept tree
// grows from search to search, its slice doubling, until MaxNodes.)
func TestGuidedSearchDoesNotAllocateOnceWarm(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	p := hex.Sized(7).Start()
	for name, b := range map[string]*Guided[hex.Position, hex.Move]{
		"rollouts": NewGuided[hex.Position, hex.Move](Options{Iterations: 200, Seed: 1, DiscardTree: true, Guide: Guide{Batch: 8}}, nil),
		"network":  NewGuided(Options{Iterations: 200, Seed: 1, DiscardTree: true, Guide: Guide{Batch: 8}}, WithNetwork[hex.Position, hex.Move](sumNetwork{})),
	} {
		_, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		allocs := testing.AllocsPerRun(5, func() {
			if _, err := b.Choose(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
		assert.Zero(t, allocs, name)
	}
}

// sumNetwork is a deterministic network for tests: each legal action's
// weight grows with its index and with the sum of the observation, and
// the value is a function of that sum.
type sumNetwork struct{}

func (sumNetwork) EvaluateBatch(b *Batch) error {
	size := b.Planes * b.Rows * b.Cols
	for i := range b.Size {
		sum := float32(0)
		for _, x := range b.Observations[i*size : (i+1)*size] {
			sum += x
		}
		for a := range b.NumActions {
			if b.Masks[i*b.NumActions+a] {
				b.Policy[i*b.NumActions+a] = 1 + float32((a*7+int(sum))%11)
			}
		}
		b.Values[i] = float32(math.Sin(float64(sum) + float64(b.Movers[i])))
	}
	return nil
}

// TestNetworkBatchIsTheKit: the batch a network receives holds each
// leaf's observation from its mover's view, its legal-action mask and
// its mover, as rules.Dynamic gives them; the network's policy is read
// at the legal actions only.
func TestNetworkBatchIsTheKit(t *testing.T) {
	for _, spec := range []string{"hex(size=4)", "focus(players=4,plylimit=20)"} {
		d, err := rules.Open(spec)
		require.NoError(t, err)
		seen := 0
		check := networkFunc(func(b *Batch) error {
			require.Equal(t, d.NumActions(), b.NumActions)
			require.Equal(t, d.ObservationShape(), []int{b.Planes, b.Rows, b.Cols})
			require.Len(t, b.Observations, b.Size*b.Planes*b.Rows*b.Cols)
			require.Len(t, b.Masks, b.Size*b.NumActions)
			for i := range b.Policy {
				b.Policy[i] = 1 // outside the masks too: never read
			}
			seen += b.Size
			return nil
		})
		player, err := ForDynamic("guided", d, Options{Iterations: 50, Guide: Guide{Batch: 4, Network: check}})
		require.NoError(t, err)
		_, err = player.Choose(context.Background(), d)
		require.NoError(t, err)
		assert.Greater(t, seen, 40, spec)
	}
	// Row by row against Dynamic, through the typed adapter.
	start := hex.Sized(4).Start()
	eval := WithNetwork[hex.Position, hex.Move](networkFunc(func(b *Batch) error { return nil }))
	var leaves []Leaf[hex.Position, hex.Move]
	for _, m := range start.AppendMoves(nil)[:3] {
		p := start.PlayUnchecked(m)
		leaves = append(leaves, Leaf[hex.Position, hex.Move]{Position: p, Moves: p.AppendMoves(nil), Prior: make([]float32, len(p.AppendMoves(nil)))})
	}
	err := eval.Evaluate(leaves)
	require.NoError(t, err)
	b := &eval.(*networkEvaluator[hex.Position, hex.Move]).batch
	for i, l := range leaves {
		d, err := rules.Erase(l.Position)
		require.NoError(t, err)
		size := b.Planes * b.Rows * b.Cols
		assert.Equal(t, d.Observation(d.ToMove()), b.Observations[i*size:(i+1)*size], "leaf %d", i)
		var mask []int
		for a := range b.NumActions {
			if b.Masks[i*b.NumActions+a] {
				mask = append(mask, a)
			}
		}
		assert.Equal(t, d.LegalActions(), mask, "leaf %d", i)
		assert.Equal(t, int(d.ToMove()), b.Movers[i])
	}
}

type networkFunc func(b *Batch) error

func (f networkFunc) EvaluateBatch(b *Batch) error { return f(b) }

// TestGuidedThroughDynamicIsTheTypedSearch: with the same network and
// seed, the guided bot of NewDynamic (the fallback through
// rules.Dynamic alone), that of ForDynamic (the typed hook) and the
// typed NewGuided give the root the same visits.
func TestGuidedThroughDynamicIsTheTypedSearch(t *testing.T) {
	p := hex.Sized(5).Start().PlayUnchecked(hex.Place(hex.NewSquare(1, 2)))
	d, err := rules.Erase(p)
	require.NoError(t, err)
	opts := Options{Iterations: 400, Seed: 4, Guide: Guide{Batch: 4, Network: sumNetwork{}}}
	typed := NewGuided(opts, WithNetwork[hex.Position, hex.Move](sumNetwork{}))
	_, err = typed.Choose(context.Background(), p)
	require.NoError(t, err)
	var want []ActionVisit
	for _, v := range typed.AppendRootVisits(nil) {
		want = append(want, ActionVisit{Action: p.ActionIndex(v.Move), Visits: v.Visits})
	}
	hooked, err := ForDynamic("guided", d, opts)
	require.NoError(t, err)
	fallback, err := NewDynamic("guided", opts)
	require.NoError(t, err)
	for name, b := range map[string]Dynamic{"hook": hooked, "fallback": fallback} {
		_, err := b.Choose(context.Background(), d)
		require.NoError(t, err)
		got := b.(Searcher).AppendRootVisits(nil)
		sortVisits := func(v []ActionVisit) []ActionVisit {
			v = slices.Clone(v)
			slices.SortFunc(v, func(a, b ActionVisit) int { return a.Action - b.Action })
			return v
		}
		assert.Equal(t, sortVisits(want), sortVisits(got), name)
	}
}

// TestNetworkNeedsTheKit: a network cannot guide a game without the
// search-and-learning kit (no observations, no action indices): the
// search says so with rules.ErrNotSupported, naming the game.
func TestNetworkNeedsTheKit(t *testing.T) {
	d, err := rules.Open(noHook)
	require.NoError(t, err)
	b, err := ForDynamic("guided", d, Options{Iterations: 10, Guide: Guide{Network: sumNetwork{}}})
	require.NoError(t, err)
	_, err = b.Choose(context.Background(), d)
	require.ErrorIs(t, err, rules.ErrNotSupported)
	assert.Contains(t, err.Error(), noHook)
}
