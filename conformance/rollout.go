package conformance

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/tabletop-go/rules"
)

// RolloutResult is what a rollout is judged by: the result of a finished
// game ("1-0", "1/2-1/2", ...) or, for a game cut at its ply bound, its
// end's evaluation for seat 0 to three decimals ("* 0.125"), or "*" for a
// game without an evaluation.
func RolloutResult[P rules.Kit[P, M], M rules.Move](o rules.Outcome, end P) string {
	if o.Over() {
		return o.Result()
	}
	if v, ok := end.Evaluate(0); ok {
		return "* " + strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
	}
	return "*"
}

// CompareRollout checks a game's fast rollout (Sampler.Rollout, which
// takes the kit's Rollout when it reports ok) against random games played
// through the contract (Sampler.Playout) from p, cut at maxPlies plies:
// n games each way, independently seeded, whose RolloutResults must pass
// Pearson's chi-square test of homogeneity at the false-alarm rate
// FalseAlarm. It returns the p-value.
func CompareRollout[P rules.Kit[P, M], M rules.Move](t testing.TB, p P, maxPlies, n int, seed uint64) float64 {
	t.Helper()
	played := rules.Sampler[P, M]{Rand: rand.New(rand.NewPCG(seed, 1))}
	fast := rules.Sampler[P, M]{Rand: rand.New(rand.NewPCG(seed, 2))}
	a, b := make([]string, n), make([]string, n)
	for i := range n {
		end, _ := played.Playout(p, maxPlies)
		a[i] = RolloutResult(end.Outcome(), end)
		o, end, _ := fast.Rollout(p, maxPlies, nil)
		b[i] = RolloutResult(o, end)
	}
	ca, cb := Categories(a, b)
	chi2, df, pv := Homogeneity(ca, cb)
	if pv < FalseAlarm {
		t.Errorf("%s %s, %d plies: the rollout's results differ from random play's (chi2 %.1f, %d df, p %.2g)\nplayed %v\nrollout %v",
			p.Spec(), p, maxPlies, chi2, df, pv, ca, cb)
	}
	return pv
}

// SameGameAsPlayout checks a rollout that promises to draw the random
// numbers the generic loop draws: from the same generator state,
// the kit's Rollout must report ok and reach the end Sampler.Playout
// reaches (the same position, ==) with its outcome, for games from p cut
// at maxPlies plies, one per seed; and its trace must name the moves
// Sampler.Rollout's own loop traces.
func SameGameAsPlayout[P interface {
	rules.Kit[P, M]
	comparable
}, M rules.Move](t testing.TB, p P, maxPlies int, seeds int) {
	t.Helper()
	for seed := range uint64(seeds) {
		s := rules.Sampler[P, M]{Rand: rand.New(rand.NewPCG(seed, 3))}
		want, _ := s.Playout(p, maxPlies)
		o, end, trace, ok := p.Rollout(rand.New(rand.NewPCG(seed, 3)), maxPlies, []rules.Played[M]{})
		if !ok {
			t.Fatalf("%s: Rollout declined", p)
		}
		_, exact := any(p).(rules.ExactRollout)
		if o != want.Outcome() || (!o.Over() || exact) && end != want {
			t.Fatalf("%s, seed %d, %d plies: Rollout ends %v %s, Playout %v %s", p, seed, maxPlies, o, end, want.Outcome(), want)
		}
		q, replayed := p, 0
		for _, pl := range trace {
			if pl.Seat != q.ToMove() {
				t.Fatalf("%s, seed %d: traced %v by %v, but %v is to move", p, seed, pl.Move, pl.Seat, q.ToMove())
			}
			q = q.PlayUnchecked(pl.Move)
			replayed++
		}
		if q != want {
			t.Fatalf("%s, seed %d: the trace (%d moves) replays to %s, not %s", p, seed, replayed, q, want)
		}
	}
}
