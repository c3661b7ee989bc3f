package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/hex"
)

// TestAttackFeedAfterBeginAtAChanceNode: a batch handed out by one search
// does not survive a Begin at a chance node; Feed then has nothing to
// feed, rather than backing up stale leaves into an emptied tree.
func TestAttackFeedAfterBeginAtAChanceNode(t *testing.T) {
	start := domination.New()
	require.Equal(t, rules.Chance, start.ToMove())
	decision := start
	for !decision.ToMove().IsSeat() {
		decision = decision.PlayUnchecked(decision.AppendMoves(nil)[0])
	}
	g := NewGuided[domination.Position, domination.Move](Options{Iterations: 20}, nil)
	require.NoError(t, g.Begin(decision))
	leaves := g.Leaves()
	require.NotEmpty(t, leaves)
	require.NoError(t, hashed(leaves))
	require.NoError(t, g.Begin(start))
	assert.Empty(t, g.Leaves())
	assert.ErrorIs(t, g.Feed(), ErrNoLeaves)
	m, err := g.Result()
	require.NoError(t, err)
	assert.NoError(t, start.Legal(m))
}

// TestAttackReentrantEvaluatorCannotHijackTheSearch: an evaluator that
// starts another search (Choose or Begin) with the same bot is refused,
// and the outer search returns a move of its own position (it returned
// e4, a move of the inner 5×5 position, on a 3×3 board).
func TestAttackReentrantEvaluatorCannotHijackTheSearch(t *testing.T) {
	outer := hex.Sized(3).Start()
	inner := hex.Sized(5).Start().PlayUnchecked(hex.Place(hex.NewSquare(4, 4)))
	var g *Guided[hex.Position, hex.Move]
	var innerErrs []error
	g = NewGuided(Options{Iterations: 30}, EvaluatorFunc[hex.Position, hex.Move](func(leaves []Leaf[hex.Position, hex.Move]) error {
		if len(innerErrs) == 0 {
			_, err := g.Choose(context.Background(), inner)
			innerErrs = append(innerErrs, err, g.Begin(inner), g.Feed())
			_, err = g.Result()
			innerErrs = append(innerErrs, err)
			assert.Empty(t, g.Leaves())
		}
		return hashed(leaves)
	}))
	m, err := g.Choose(context.Background(), outer)
	require.NoError(t, err)
	assert.NoError(t, outer.Legal(m), "the outer search returned %v, not a move of its position", m)
	sum := 0
	for _, v := range g.AppendRootVisits(nil) {
		sum += v.Visits
	}
	assert.Equal(t, 30, sum)
	require.Len(t, innerErrs, 4)
	for i, err := range innerErrs {
		assert.Error(t, err, "inner call %d", i)
	}
	// After the outer search, the bot searches again.
	_, err = g.Choose(context.Background(), inner)
	assert.NoError(t, err)
}

// TestAttackPanickingEvaluatorLeavesABotThatWorks: an evaluator's panic
// propagates; the next search of the same bot still works.
func TestAttackPanickingEvaluatorLeavesABotThatWorks(t *testing.T) {
	p := hex.Sized(4).Start()
	calls := 0
	g := NewGuided(Options{Iterations: 40, Guide: Guide{Batch: 3}}, EvaluatorFunc[hex.Position, hex.Move](func(leaves []Leaf[hex.Position, hex.Move]) error {
		calls++
		if calls == 4 {
			panic("boom")
		}
		return hashed(leaves)
	}))
	assert.Panics(t, func() { _, _ = g.Choose(context.Background(), p) })
	m, err := g.Choose(context.Background(), p)
	require.NoError(t, err)
	assert.NoError(t, p.Legal(m))
	sum := 0
	for _, v := range g.AppendRootVisits(nil) {
		sum += v.Visits
	}
	assert.Equal(t, 40, sum)
}

// TestAttackTinyBudgets: Iterations 1, MaxNodes 1 and a cancelled
// context still give a legal move, with the root searched.
func TestAttackTinyBudgets(t *testing.T) {
	p := hex.Sized(4).Start()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, c := range map[string]struct {
		opts Options
		ctx  context.Context
	}{
		"iterations 1":   {Options{Iterations: 1}, context.Background()},
		"maxnodes 1":     {Options{Iterations: 50, MaxNodes: 1, Guide: Guide{Batch: 4}}, context.Background()},
		"cancelled":      {Options{Iterations: 50}, ctx},
		"batch huge":     {Options{Iterations: 5, Guide: Guide{Batch: 1 << 20}}, context.Background()},
		"temperature 0+": {Options{Iterations: 20, Guide: Guide{Temperature: 1e-300}}, context.Background()},
		"temperature ∞":  {Options{Iterations: 20, Guide: Guide{Temperature: math.MaxFloat64}}, context.Background()},
		"alpha tiny":     {Options{Iterations: 20, Guide: Guide{NoiseFraction: 1, NoiseAlpha: 1e-300}}, context.Background()},
		"alpha huge":     {Options{Iterations: 20, Guide: Guide{NoiseFraction: 1, NoiseAlpha: 1e300}}, context.Background()},
	} {
		g := NewGuided(c.opts, EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
		m, err := g.Choose(c.ctx, p)
		require.NoError(t, err, name)
		assert.NoError(t, p.Legal(m), name)
		assert.Len(t, g.AppendRootVisits(nil), 16, name)
	}
}

// TestAttackNetworkMeddlingWithTheBatch: a network that resizes or
// reshapes the batch is refused with an error, never a panic; the
// search after it works.
func TestAttackNetworkMeddlingWithTheBatch(t *testing.T) {
	p := hex.Sized(4).Start()
	for name, spoil := range map[string]func(b *Batch){
		"size up":        func(b *Batch) { b.Size++ },
		"size 0":         func(b *Batch) { b.Size = 0 },
		"policy short":   func(b *Batch) { b.Policy = b.Policy[:len(b.Policy)-1] },
		"policy nil":     func(b *Batch) { b.Policy = nil },
		"values long":    func(b *Batch) { b.Values = append(b.Values, 0) },
		"policy long":    func(b *Batch) { b.Policy = append(b.Policy, 1) },
		"numactions":     func(b *Batch) { b.NumActions = 1 },
		"masks nil":      func(b *Batch) { b.Masks, b.Observations, b.Movers = nil, nil, nil },
		"value NaN":      func(b *Batch) { b.Values[0] = float32(math.NaN()) },
		"value -Inf":     func(b *Batch) { b.Values[0] = float32(math.Inf(-1)) },
		"policy all Inf": func(b *Batch) { clear(b.Policy); b.Policy[0] = float32(math.Inf(1)) },
		"policy huge": func(b *Batch) {
			for i := range b.Policy {
				b.Policy[i] = math.MaxFloat32
			}
		},
	} {
		calls := 0
		net := networkFunc(func(b *Batch) error {
			calls++
			if err := (sumNetwork{}).EvaluateBatch(b); err != nil {
				return err
			}
			if calls == 2 {
				spoil(b)
			}
			return nil
		})
		g := NewGuided(Options{Iterations: 30, Guide: Guide{Batch: 3}}, WithNetwork[hex.Position, hex.Move](net))
		var err error
		require.NotPanics(t, func() { _, err = g.Choose(context.Background(), p) }, name)
		if name == "masks nil" || name == "numactions" || name == "policy huge" {
			// Not read back, or a valid answer: the search goes on.
			assert.NoError(t, err, name)
		} else {
			assert.Error(t, err, name)
		}
		calls = 10
		m, err := g.Choose(context.Background(), p)
		require.NoError(t, err, name)
		assert.NoError(t, p.Legal(m), name)
	}
}

// TestAttackStepperInAnyOrder: Begin (of a decision node, a chance node,
// a finished game, no game, another game), Next, Feed (with a good or a
// spoilt answer), Result and AppendRootVisits called in random orders
// never panic, and a move Result gives is legal where the last
// successful Begin started.
func TestAttackStepperInAnyOrder(t *testing.T) {
	dom, err := rules.Open("domination")
	require.NoError(t, err)
	require.Equal(t, rules.ChanceNode, dom.Node())
	domDecision := dom
	for domDecision.Node() == rules.ChanceNode {
		domDecision, err = domDecision.Play(domDecision.Moves()[0])
		require.NoError(t, err)
	}
	hex4, err := rules.Open("hex(size=4)")
	require.NoError(t, err)
	hexOver, err := rules.OpenPosition("hex(size=1)", "B w -")
	require.NoError(t, err)
	require.Equal(t, rules.Terminal, hexOver.ToMove())
	for _, c := range []struct {
		name      string
		positions []rules.Dynamic
		make      func() (Dynamic, error)
	}{
		{"hooked domination", []rules.Dynamic{dom, domDecision, hex4, nil}, func() (Dynamic, error) {
			return ForDynamic("guided", dom, Options{Iterations: 12, Guide: Guide{Batch: 3}})
		}},
		{"fallback domination", []rules.Dynamic{dom, domDecision, hex4, nil}, func() (Dynamic, error) {
			return NewDynamic("guided", Options{Iterations: 12, Guide: Guide{Batch: 3}})
		}},
		{"hooked hex", []rules.Dynamic{hex4, hexOver, dom, nil}, func() (Dynamic, error) {
			return ForDynamic("guided", hex4, Options{Iterations: 12, Guide: Guide{Batch: 2, Temperature: 1}})
		}},
	} {
		for seed := range uint64(60) {
			b, err := c.make()
			require.NoError(t, err)
			s := b.(Stepper)
			r := rand.New(rand.NewPCG(seed, 1))
			var started rules.Dynamic
			for step := range 80 {
				switch r.IntN(6) {
				case 0:
					d := c.positions[r.IntN(len(c.positions))]
					if s.Begin(d) == nil {
						started = d
					}
				case 1:
					_, _ = s.Next()
				case 2, 3:
					batch, err := s.Next()
					if err == nil && batch != nil {
						require.NoError(t, sumNetwork{}.EvaluateBatch(batch))
						if r.IntN(4) == 0 {
							batch.Values[r.IntN(len(batch.Values))] = 2
						}
					}
					_ = s.Feed()
				case 4:
					m, err := s.Result()
					if err == nil {
						require.NotNil(t, started, "%s seed %d step %d", c.name, seed, step)
						_, err := started.Play(m)
						require.NoError(t, err, "%s seed %d step %d: %s at %v", c.name, seed, step, m, started)
					}
				case 5:
					_ = s.AppendRootVisits(nil)
				}
			}
		}
	}
}

// TestAttackGuidedInAnyOrder: the typed Begin, Leaves, Feed, Result and
// Choose called in random orders never panic, and every move given is
// legal in the position its search started from.
func TestAttackGuidedInAnyOrder(t *testing.T) {
	start := domination.New()
	decision := start
	for !decision.ToMove().IsSeat() {
		decision = decision.PlayUnchecked(decision.AppendMoves(nil)[0])
	}
	positions := []domination.Position{start, decision, decision.PlayUnchecked(decision.AppendMoves(nil)[0]), {}}
	for seed := range uint64(100) {
		g := NewGuided(Options{Iterations: 10, Seed: seed, MaxNodes: 30 + int(seed), Guide: Guide{Batch: 1 + int(seed%4)}},
			EvaluatorFunc[domination.Position, domination.Move](hashed[domination.Position, domination.Move]))
		r := rand.New(rand.NewPCG(seed, 2))
		var started *domination.Position
		for step := range 60 {
			switch r.IntN(5) {
			case 0:
				p := positions[r.IntN(len(positions))]
				if g.Begin(p) == nil {
					started = &p
				}
			case 1:
				_ = g.Leaves()
			case 2:
				if leaves := g.Leaves(); len(leaves) > 0 {
					require.NoError(t, hashed(leaves))
				}
				_ = g.Feed()
			case 3:
				if m, err := g.Result(); err == nil {
					require.NotNil(t, started)
					require.NoError(t, started.Legal(m), "seed %d step %d", seed, step)
				}
			case 4:
				p := positions[r.IntN(len(positions))]
				started = nil
				if m, err := g.Choose(context.Background(), p); err == nil {
					require.NoError(t, p.Legal(m), "seed %d step %d", seed, step)
				}
			}
		}
	}
}
