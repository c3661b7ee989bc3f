package bot

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/solve"
)

// hashed is a deterministic evaluator that knows nothing: each move's
// prior and each leaf's value come from position hashes, so that the
// priors differ from move to move and a search's visits tell apart any
// two ways of searching.
func hashed[P rules.Position[P, M], M rules.Move](leaves []Leaf[P, M]) error {
	for i := range leaves {
		l := &leaves[i]
		for j, m := range l.Moves {
			l.Prior[j] = float32(1 + l.Position.PlayUnchecked(m).Hash()%97)
		}
		l.SetValue(float64(int(l.Position.Hash()%2001)-1000) / 1000)
	}
	return nil
}

// refNode is a node of refSearch, AlphaZero's search written as plainly
// as it is described: one simulation at a time, recursive.
type refNode[M rules.Move] struct {
	move     M
	prior    float32
	visits   float64
	total    float64
	kids     []*refNode[M]
	expanded bool
}

// refSearch runs AlphaZero's search (the root expanded by one
// evaluation, then sims simulations) and returns the root's visits.
func refSearch[P rules.Position[P, M], M rules.Move](g Guide, root P, eval EvaluatorFunc[P, M], sims int) []float64 {
	g = g.withDefaults(false)
	evaluate := func(n *refNode[M], p P) [rules.MaxSeats]float64 {
		leaves := []Leaf[P, M]{{Position: p, Moves: p.AppendMoves(nil)}}
		l := &leaves[0]
		l.Prior = make([]float32, len(l.Moves))
		for i := range l.Prior {
			l.Prior[i] = 1
		}
		if err := eval(leaves); err != nil {
			panic(err)
		}
		sum := 0.0
		for _, w := range l.Prior {
			sum += float64(w)
		}
		for i, m := range l.Moves {
			n.kids = append(n.kids, &refNode[M]{move: m, prior: float32(float64(l.Prior[i]) / sum)})
		}
		n.expanded = true
		return l.Values
	}
	var simulate func(n *refNode[M], p P) [rules.MaxSeats]float64
	simulate = func(n *refNode[M], p P) [rules.MaxSeats]float64 {
		if p.ToMove() == rules.Terminal {
			var v [rules.MaxSeats]float64
			for s := range p.Seats() {
				v[s] = p.Outcome().Return(rules.Player(s))
			}
			return v
		}
		if !n.expanded {
			return evaluate(n, p)
		}
		parent := 1.0
		for _, k := range n.kids {
			parent += k.visits
		}
		scale := (math.Log((1+parent+g.PUCTBase)/g.PUCTBase) + g.PUCT) * math.Sqrt(parent)
		var best *refNode[M]
		bestScore := math.Inf(-1)
		for _, k := range n.kids {
			q := g.FirstPlay
			if k.visits > 0 {
				q = k.total / k.visits
			}
			if score := q + scale*float64(k.prior)/(1+k.visits); score > bestScore {
				best, bestScore = k, score
			}
		}
		v := simulate(best, p.PlayUnchecked(best.move))
		best.visits++
		best.total += v[p.ToMove()]
		return v
	}
	root0 := &refNode[M]{}
	evaluate(root0, root)
	for range sims {
		simulate(root0, root)
	}
	var visits []float64
	for _, k := range root0.kids {
		visits = append(visits, k.visits)
	}
	return visits
}

func rootVisits[P rules.Position[P, M], M rules.Move](g *Guided[P, M]) []float64 {
	var v []float64
	for _, k := range g.AppendRootVisits(nil) {
		v = append(v, float64(k.Visits))
	}
	return v
}

// TestGuidedWithBatchOneIsAlphaZerosSearch: with one leaf a batch, the
// guided search gives the root exactly the visits of AlphaZero's search
// written plainly (refSearch), in Hex and in Focus (of two and four
// seats), whatever the PUCT constants.
func TestGuidedWithBatchOneIsAlphaZerosSearch(t *testing.T) {
	h := hex.Sized(5).Start().PlayUnchecked(hex.Place(hex.NewSquare(2, 2)))
	check := func(name string, run func(Guide) ([]float64, []float64)) {
		for _, g := range []Guide{{}, {PUCT: 0.3, PUCTBase: 50, FirstPlay: -0.5}, {PUCT: 4}} {
			got, want := run(g)
			require.Equal(t, want, got, "%s, %+v", name, g)
		}
	}
	check("hex", func(g Guide) ([]float64, []float64) {
		b := NewGuided(Options{Iterations: 600, Guide: g}, EvaluatorFunc[hex.Position, hex.Move](hashed[hex.Position, hex.Move]))
		_, err := b.Choose(context.Background(), h)
		require.NoError(t, err)
		return rootVisits(b), refSearch(g, h, hashed[hex.Position, hex.Move], 600)
	})
	for _, spec := range []string{"focus(plylimit=40)", "focus(players=4,plylimit=40)"} {
		f := mustFocus(t, spec)
		check(spec, func(g Guide) ([]float64, []float64) {
			b := NewGuided(Options{Iterations: 400, Guide: g}, EvaluatorFunc[focus.Position, focus.Move](hashed[focus.Position, focus.Move]))
			_, err := b.Choose(context.Background(), f)
			require.NoError(t, err)
			return rootVisits(b), refSearch(g, f, hashed[focus.Position, focus.Move], 400)
		})
	}
}

func mustFocus(t *testing.T, spec string) focus.Position {
	t.Helper()
	d, err := rules.Open(spec)
	require.NoError(t, err)
	return d.Typed().(focus.Position)
}

// TestGuidedBatchesHandOutLeaves: with Batch B, the evaluator
// gets at most B leaves a call, each with its moves, and the root's
// visits add up to Iterations. (Two leaves of a batch may hold one
// position, reached by two orders of the same moves.)
func TestGuidedBatchesHandOutLeaves(t *testing.T) {
	for _, batch := range []int{2, 7, 32} {
		calls, most := 0, 0
		eval := func(leaves []Leaf[hex.Position, hex.Move]) error {
			calls++
			most = max(most, len(leaves))
			for _, l := range leaves {
				require.Equal(t, l.Position.AppendMoves(nil), l.Moves)
				require.Len(t, l.Prior, len(l.Moves))
			}
			return hashed(leaves)
		}
		b := NewGuided(Options{Iterations: 500, Guide: Guide{Batch: batch}}, EvaluatorFunc[hex.Position, hex.Move](eval))
		_, err := b.Choose(context.Background(), hex.Sized(4).Start())
		require.NoError(t, err)
		sum := 0.0
		for _, v := range rootVisits(b) {
			sum += v
		}
		assert.Equal(t, 500.0, sum, "batch %d", batch)
		assert.LessOrEqual(t, most, batch)
		assert.Greater(t, most, 1, "batch %d never held two leaves", batch)
		assert.Less(t, calls, 500/2+2, "batch %d: %d calls for 500 simulations", batch, calls)
	}
}

// perfectHex is an evaluator that knows Hex on small boards exactly: the
// value of each leaf is the solver's, and its prior puts almost all
// weight on the winning moves.
func perfectHex(t *testing.T) EvaluatorFunc[hex.Position, hex.Move] {
	s := solve.New(solve.Options{TableBytes: 1 << 22})
	win := func(p hex.Position) bool {
		o, err := s.SolvePosition(context.Background(), p)
		require.NoError(t, err)
		return o.Win
	}
	return func(leaves []Leaf[hex.Position, hex.Move]) error {
		for i := range leaves {
			l := &leaves[i]
			for j, m := range l.Moves {
				after := l.Position.PlayUnchecked(m)
				l.Prior[j] = 0.01
				if after.ToMove() == rules.Terminal || !win(after) {
					l.Prior[j] = 1
				}
			}
			v := -1.0
			if win(l.Position) {
				v = 1
			}
			l.SetValue(v)
		}
		return nil
	}
}

// TestGuidedWithAPerfectEvaluatorPlaysPerfectly: given exact values and
// priors, the search plays a winning move in every won position it
// meets in games against a random player on the 3×3 and 4×4 boards, in
// batches of 1 and of 8.
func TestGuidedWithAPerfectEvaluatorPlaysPerfectly(t *testing.T) {
	s := solve.New(solve.Options{TableBytes: 1 << 22})
	eval := perfectHex(t)
	for _, size := range []int{3, 4} {
		for _, batch := range []int{1, 8} {
			b := NewGuided(Options{Iterations: 64, Guide: Guide{Batch: batch}}, eval)
			opponent := NewRandom[hex.Position, hex.Move](uint64(size))
			won := 0
			for game := range 30 {
				p := hex.Sized(size).Start()
				for ply := 0; p.ToMove() != rules.Terminal; ply++ {
					var m hex.Move
					var err error
					if (ply+game)%2 == 0 {
						o, err := s.SolvePosition(context.Background(), p)
						require.NoError(t, err)
						m, err = b.Choose(context.Background(), p)
						require.NoError(t, err)
						if o.Win {
							after, err := s.SolvePosition(context.Background(), p.PlayUnchecked(m))
							require.NoError(t, err)
							require.True(t, p.PlayUnchecked(m).ToMove() == rules.Terminal || !after.Win,
								"size %d, batch %d: %v is won but the search played %v, which loses", size, batch, p, m)
						}
					} else {
						m, err = opponent.Choose(context.Background(), p)
						require.NoError(t, err)
					}
					p = p.PlayUnchecked(m)
				}
				if w, _ := p.Outcome().Winner(); w == rules.Player(game%2) {
					won++
				}
			}
			// The first player wins every Hex game with perfect play; the
			// search moves first in half the games.
			assert.GreaterOrEqual(t, won, 15, "size %d, batch %d", size, batch)
		}
	}
}

// TestGuidedWithRolloutsChoosesAsUCTDoes: with the default evaluator (a
// uniform prior and a random game's value) the guided search chooses as
// plain UCT does, in distribution: over 100 seeds, the moves the two
// choose in a Hex position with one winning move are spread alike (total
// variation distance under 0.15; AlphaZero's PUCT constant 1.25 instead
// of RolloutPUCT gives 0.25).
func TestGuidedWithRolloutsChoosesAsUCTDoes(t *testing.T) {
	p := hex.Sized(4).Start().PlayUnchecked(hex.Place(hex.NewSquare(1, 1)))
	seeds := 100
	if testing.Short() {
		seeds = 40
	}
	uct, guided := map[hex.Move]float64{}, map[hex.Move]float64{}
	for seed := range uint64(seeds) {
		u := NewMCTS[hex.Position, hex.Move](Options{Iterations: 3000, Seed: seed, RAVE: RAVEOff})
		m, err := u.Choose(context.Background(), p)
		require.NoError(t, err)
		uct[m]++
		g := NewGuided[hex.Position, hex.Move](Options{Iterations: 3000, Seed: seed}, nil)
		m, err = g.Choose(context.Background(), p)
		require.NoError(t, err)
		guided[m]++
	}
	tv := 0.0
	for _, m := range p.AppendMoves(nil) {
		tv += math.Abs(uct[m]-guided[m]) / float64(seeds) / 2
	}
	t.Logf("UCT %v, guided %v: total variation %.2f", uct, guided, tv)
	assert.Less(t, tv, 0.15, "UCT chose %v, the guided search %v", uct, guided)
}

// TestGuidedPlaysEveryKindOfGame: chance nodes (Domination), four seats
// (Focus) and a node budget too small for the tree: the search plays
// legal moves to the end.
func TestGuidedPlaysEveryKindOfGame(t *testing.T) {
	for _, c := range []struct {
		spec     string
		maxNodes int
	}{{"domination", 0}, {"domination", 50}, {"focus(players=4,plylimit=30)", 0}, {"hex(size=5)", 40}} {
		d, err := rules.Open(c.spec)
		require.NoError(t, err)
		b, err := ForDynamic("guided", d, Options{Iterations: 100, MaxNodes: c.maxNodes, Guide: Guide{Batch: 4}})
		require.NoError(t, err)
		for d.ToMove() != rules.Terminal {
			m, err := b.Choose(context.Background(), d)
			require.NoError(t, err, "%s at %v", c.spec, d)
			d, err = d.Play(m)
			require.NoError(t, err, "%s: %s", c.spec, m)
		}
	}
}

// TestGuidedRefusesAnEvaluatorsBadAnswers: an error of the evaluator, a
// prior that is negative, NaN, infinite or all 0, and a value outside
// [-1, 1] stop the search with an error naming it; the next search works.
func TestGuidedRefusesAnEvaluatorsBadAnswers(t *testing.T) {
	boom := errors.New("boom")
	p := hex.Sized(3).Start()
	for name, spoil := range map[string]func(l *Leaf[hex.Position, hex.Move]) error{
		"error":    func(*Leaf[hex.Position, hex.Move]) error { return boom },
		"negative": func(l *Leaf[hex.Position, hex.Move]) error { l.Prior[1] = -1; return nil },
		"NaN":      func(l *Leaf[hex.Position, hex.Move]) error { l.Prior[0] = float32(math.NaN()); return nil },
		"infinite": func(l *Leaf[hex.Position, hex.Move]) error { l.Prior[2] = float32(math.Inf(1)); return nil },
		"zeros":    func(l *Leaf[hex.Position, hex.Move]) error { clear(l.Prior); return nil },
		"value":    func(l *Leaf[hex.Position, hex.Move]) error { l.Values[1] = 1.5; return nil },
		"NaNvalue": func(l *Leaf[hex.Position, hex.Move]) error { l.Values[0] = math.NaN(); return nil },
	} {
		calls, spoilAt := 0, 3
		b := NewGuided(Options{Iterations: 50}, EvaluatorFunc[hex.Position, hex.Move](func(leaves []Leaf[hex.Position, hex.Move]) error {
			calls++
			if err := hashed(leaves); err != nil || calls != spoilAt {
				return err
			}
			return spoil(&leaves[0])
		}))
		_, err := b.Choose(context.Background(), p)
		require.Error(t, err, name)
		if name == "error" {
			assert.ErrorIs(t, err, boom)
		}
		assert.Empty(t, b.AppendRootVisits(nil), name)
		spoilAt = -1
		_, err = b.Choose(context.Background(), p)
		require.NoError(t, err, "%s: the search after", name)
		assert.Len(t, b.AppendRootVisits(nil), 9, name)
	}
}

// TestGuidedRefusesWhatMCTSRefuses: no game, a finished game; a chance
// node draws an outcome.
func TestGuidedRefusesWhatMCTSRefuses(t *testing.T) {
	b := NewGuided[hex.Position, hex.Move](Options{Iterations: 10}, nil)
	_, err := b.Choose(context.Background(), hex.Position{})
	assert.ErrorIs(t, err, rules.ErrNoGame)
	over, _ := hex.Sized(1).Start().Play(hex.Place(hex.NewSquare(0, 0)))
	_, err = b.Choose(context.Background(), over)
	assert.ErrorIs(t, err, ErrGameOver)
	d := NewGuided[domination.Position, domination.Move](Options{Iterations: 10}, nil)
	start := domination.New()
	require.Equal(t, rules.Chance, start.ToMove())
	m, err := d.Choose(context.Background(), start)
	require.NoError(t, err)
	assert.NoError(t, start.Legal(m))
	assert.Empty(t, d.AppendRootVisits(nil), "a chance node is not searched")
}
