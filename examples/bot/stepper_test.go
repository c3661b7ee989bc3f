package bot

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/hex"
)

// TestGuidedStepByStepIsChoose: Begin, Leaves, Feed and Result run the
// very search Choose runs: the same visits and the same move, in
// batches of 1 and 6, with noise and a temperature.
func TestGuidedStepByStepIsChoose(t *testing.T) {
	p := hex.Sized(5).Start().PlayUnchecked(hex.Place(hex.NewSquare(3, 1)))
	for _, g := range []Guide{{}, {Batch: 6}, {Batch: 3, NoiseFraction: 0.25, Temperature: 1}} {
		opts := Options{Iterations: 300, Seed: 7, Guide: g}
		eval := EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move])
		chooser := NewGuided(opts, eval)
		want, err := chooser.Choose(context.Background(), p)
		require.NoError(t, err)

		stepper := NewGuided[hex.Position, hex.Move](opts, nil)
		require.NoError(t, stepper.Begin(p))
		batches := 0
		for leaves := stepper.Leaves(); len(leaves) > 0; leaves = stepper.Leaves() {
			require.Equal(t, leaves, stepper.Leaves(), "until Feed, the same leaves")
			require.NoError(t, hashed(leaves))
			require.NoError(t, stepper.Feed())
			batches++
		}
		got, err := stepper.Result()
		require.NoError(t, err)
		assert.Equal(t, want, got, "%+v", g)
		assert.Equal(t, rootVisits(chooser), rootVisits(stepper), "%+v", g)
		assert.Greater(t, batches, 300/max(g.Batch, 1)/2, "%+v", g)
		_, err = stepper.Result()
		assert.ErrorIs(t, err, ErrNoSearch, "a search ends once")
	}
}

// TestGuidedStepsRefuseMisuse: Feed with nothing handed out, Result with
// nothing begun or before the root is evaluated, Begin of what Choose
// refuses; an evaluation out of bounds ends the search; a chance node
// has nothing to evaluate and draws its outcome; Result may end a search
// early.
func TestGuidedStepsRefuseMisuse(t *testing.T) {
	g := NewGuided[hex.Position, hex.Move](Options{Iterations: 50}, nil)
	assert.ErrorIs(t, g.Feed(), ErrNoLeaves)
	_, err := g.Result()
	assert.ErrorIs(t, err, ErrNoSearch)
	assert.Empty(t, g.Leaves())
	assert.ErrorIs(t, g.Begin(hex.Position{}), rules.ErrNoGame)
	over := hex.Sized(1).Start().PlayUnchecked(hex.Place(hex.NewSquare(0, 0)))
	assert.ErrorIs(t, g.Begin(over), ErrGameOver)

	p := hex.Sized(4).Start()
	require.NoError(t, g.Begin(p))
	_, err = g.Result()
	assert.ErrorIs(t, err, ErrNoSearch, "the root is not evaluated yet")
	leaves := g.Leaves()
	require.Len(t, leaves, 1)
	assert.Equal(t, p, leaves[0].Position, "the first batch is the root")
	require.NoError(t, g.Feed())
	assert.ErrorIs(t, g.Feed(), ErrNoLeaves, "Feed twice")
	leaves = g.Leaves()
	require.NotEmpty(t, leaves)
	leaves[0].Values[0] = 2
	require.Error(t, g.Feed())
	assert.Empty(t, g.Leaves(), "an error ends the search")
	_, err = g.Result()
	assert.ErrorIs(t, err, ErrNoSearch)

	require.NoError(t, g.Begin(p))
	require.NoError(t, feedHashed(t, g))
	require.NoError(t, feedHashed(t, g))
	m, err := g.Result()
	require.NoError(t, err, "a search ended early")
	assert.NoError(t, p.Legal(m))
	sum := 0.0
	for _, v := range rootVisits(g) {
		sum += v
	}
	assert.Equal(t, 1.0, sum, "one simulation after the root's")

	d := NewGuided[domination.Position, domination.Move](Options{Iterations: 10}, nil)
	start := domination.New()
	require.NoError(t, d.Begin(start))
	assert.Empty(t, d.Leaves())
	assert.ErrorIs(t, d.Feed(), ErrNoLeaves)
	m2, err := d.Result()
	require.NoError(t, err)
	assert.NoError(t, start.Legal(m2))
}

// TestGuidedResultBeforeAnyVisitIsThePrior: a search ended right after
// its root's evaluation has no visits to go by, so Result plays the
// root's move of highest prior, not the first move; with a temperature
// too, and the root's visits are all 0.
func TestGuidedResultBeforeAnyVisitIsThePrior(t *testing.T) {
	p := hex.Sized(4).Start()
	for _, guide := range []Guide{{}, {Temperature: 1}} {
		g := NewGuided[hex.Position, hex.Move](Options{Iterations: 50, Seed: 3, Guide: guide}, nil)
		require.NoError(t, g.Begin(p))
		leaves := g.Leaves()
		require.Len(t, leaves, 1)
		want := leaves[0].Moves[9]
		for i := range leaves[0].Prior {
			leaves[0].Prior[i] = 0.01
		}
		leaves[0].Prior[9] = 1
		require.NoError(t, g.Feed())
		m, err := g.Result()
		require.NoError(t, err)
		assert.Equal(t, want, m, "%+v", guide)
		for _, v := range rootVisits(g) {
			assert.Zero(t, v)
		}
	}
	g := NewGuided[hex.Position, hex.Move](Options{Iterations: 50}, nil)
	require.NoError(t, g.Begin(p))
	leaves := g.Leaves()
	require.Len(t, leaves, 1)
	first := leaves[0].Moves[0]
	require.NoError(t, g.Feed()) // a uniform prior: every move ties
	m, err := g.Result()
	require.NoError(t, err)
	assert.Equal(t, first, m, "the first of equal priors")
}

// feedHashed evaluates the leaves handed out with the hashed evaluator
// and feeds them.
func feedHashed[P rules.Position[P, M], M rules.Move](t *testing.T, g *Guided[P, M]) error {
	leaves := g.Leaves()
	require.NotEmpty(t, leaves)
	require.NoError(t, hashed(leaves))
	return g.Feed()
}

// TestEvaluatorCannotChangeTheSearch: an evaluator that replaces a
// leaf's Prior slice is refused; one that rewrites a leaf's Moves
// changes nothing (the search keeps its own).
func TestEvaluatorCannotChangeTheSearch(t *testing.T) {
	p := hex.Sized(4).Start()
	replace := NewGuided(Options{Iterations: 20}, EvaluatorFunc[hex.Position, hex.Move](func(leaves []Leaf[hex.Position, hex.Move]) error {
		leaves[0].Prior = make([]float32, len(leaves[0].Moves))
		return nil
	}))
	_, err := replace.Choose(context.Background(), p)
	assert.ErrorContains(t, err, "replaced the Prior slice")

	plain := NewGuided(Options{Iterations: 100}, EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
	_, err = plain.Choose(context.Background(), p)
	require.NoError(t, err)
	meddler := NewGuided(Options{Iterations: 100}, EvaluatorFunc[hex.Position, hex.Move](func(leaves []Leaf[hex.Position, hex.Move]) error {
		err := hashed(leaves)
		for i := range leaves {
			slices.Reverse(leaves[i].Moves)
		}
		return err
	}))
	_, err = meddler.Choose(context.Background(), p)
	require.NoError(t, err)
	assert.Equal(t, rootVisits(plain), rootVisits(meddler))
}

// TestSteppersAreTheSearchOfTheirNetwork: the Steppers of ForDynamic (a
// hook) and NewDynamic (the fallback), driven by hand with the network's
// answers written into each Batch, give the visits and the move of the
// typed search with that network; and they refuse misuse as the typed
// search does.
func TestSteppersAreTheSearchOfTheirNetwork(t *testing.T) {
	for _, spec := range []string{"hex(size=5)", "focus(players=4,plylimit=30)", "domination"} {
		d, err := rules.Open(spec)
		require.NoError(t, err)
		for d.Node() == rules.ChanceNode {
			d, err = d.Play(d.Moves()[0])
			require.NoError(t, err)
		}
		opts := Options{Iterations: 150, Seed: 3, Guide: Guide{Batch: 5, Network: sumNetwork{}}}
		reference, err := ForDynamic("guided", d, opts)
		require.NoError(t, err)
		want, err := reference.Choose(context.Background(), d)
		require.NoError(t, err)
		wantVisits := reference.(Searcher).AppendRootVisits(nil)

		hooked, err := ForDynamic("guided", d, opts)
		require.NoError(t, err)
		fallback, err := NewDynamic("guided", opts)
		require.NoError(t, err)
		for name, b := range map[string]Dynamic{"hook": hooked, "fallback": fallback} {
			s, ok := b.(Stepper)
			require.True(t, ok, "%s: %s", spec, name)
			_, err := s.Result()
			assert.ErrorIs(t, err, ErrNoSearch, "%s: %s", spec, name)
			assert.ErrorIs(t, s.Feed(), ErrNoLeaves, "%s: %s", spec, name)
			require.NoError(t, s.Begin(d))
			for {
				batch, err := s.Next()
				require.NoError(t, err)
				if batch == nil {
					break
				}
				again, err := s.Next()
				require.NoError(t, err)
				require.Same(t, batch, again, "until Feed, the same batch")
				require.NoError(t, sumNetwork{}.EvaluateBatch(batch))
				require.NoError(t, s.Feed())
			}
			got, err := s.Result()
			require.NoError(t, err)
			assert.Equal(t, want, got, "%s: %s", spec, name)
			sortByAction := func(v []ActionVisit) []ActionVisit {
				v = slices.Clone(v)
				slices.SortFunc(v, func(a, b ActionVisit) int { return a.Action - b.Action })
				return v
			}
			assert.Equal(t, sortByAction(wantVisits), sortByAction(s.AppendRootVisits(nil)), "%s: %s", spec, name)

			// A value out of bounds ends the search with an error.
			require.NoError(t, s.Begin(d))
			batch, err := s.Next()
			require.NoError(t, err)
			require.NoError(t, sumNetwork{}.EvaluateBatch(batch))
			batch.Values[0] = 3
			require.ErrorContains(t, s.Feed(), "outside [-1, 1]", "%s: %s", spec, name)
			batch, err = s.Next()
			require.NoError(t, err)
			assert.Nil(t, batch, "%s: %s: the search ended", spec, name)
		}
	}
}

// TestStepperRefusesAnotherGame: the typed Stepper of one game refuses a
// position of another.
func TestStepperRefusesAnotherGame(t *testing.T) {
	d, err := rules.Open("hex(size=4)")
	require.NoError(t, err)
	b, err := ForDynamic("guided", d, Options{Iterations: 10})
	require.NoError(t, err)
	f, err := rules.Open("focus")
	require.NoError(t, err)
	assert.ErrorContains(t, b.(Stepper).Begin(f), "cannot play")
	assert.ErrorIs(t, b.(Stepper).Begin(nil), rules.ErrNoGame)
}
