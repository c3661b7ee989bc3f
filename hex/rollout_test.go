package hex

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

// exactSeat0 returns the exact probability that seat 0 wins a uniformly
// random game from p through the contract (every legal move, the swap
// included, equally likely), by enumeration with memoization.
func exactSeat0(p Position, memo map[Position]float64) float64 {
	if w, ok := p.Outcome().Winner(); ok {
		if w == 0 {
			return 1
		}
		return 0
	}
	if v, ok := memo[p]; ok {
		return v
	}
	moves := p.AppendMoves(nil)
	sum := 0.0
	for _, m := range moves {
		sum += exactSeat0(p.PlayUnchecked(m), memo)
	}
	v := sum / float64(len(moves))
	memo[p] = v
	return v
}

// seat0Wins counts seat 0's wins in n fill rollouts from p.
func seat0Wins(t *testing.T, p Position, n int, r *rand.Rand) int {
	wins := 0
	for range n {
		o, _, _, ok := p.Rollout(r, -1, nil)
		require.True(t, ok)
		if w, _ := o.Winner(); w == 0 {
			wins++
		}
	}
	return wins
}

// smallCases are positions on boards small enough to enumerate: starts
// of every swap mode, and positions after the first stone, where the
// swap is available (the pie rule changes which seat owns which colour
// with probability 1/(e+1), which the rollout must draw).
func smallCases(t *testing.T) []Position {
	var out []Position
	for _, c := range []Config{
		{Cols: 2, Rows: 2, Swap: SwapNone}, {Cols: 2, Rows: 2, Swap: SwapSides}, {Cols: 2, Rows: 2, Swap: SwapPieces},
		{Cols: 3, Rows: 3, Swap: SwapNone}, {Cols: 3, Rows: 3, Swap: SwapSides}, {Cols: 3, Rows: 3, Swap: SwapPieces},
		{Cols: 2, Rows: 3, Swap: SwapSides}, {Cols: 3, Rows: 2, Swap: SwapNone}, {Cols: 1, Rows: 3, Swap: SwapSides},
		{Cols: 4, Rows: 1, Swap: SwapSides}, {Cols: 4, Rows: 3, Swap: SwapSides},
	} {
		p := c.Start()
		out = append(out, p)
		out = append(out, mustPlay(t, p, "a1"))
		if c.Cols > 1 && c.Rows > 1 {
			out = append(out, mustPlay(t, p, "b2"))
		}
	}
	return append(out,
		mustPlay(t, Config{Cols: 3, Rows: 3, Swap: SwapSides}.Start(), "b2", "swap", "a1"),
		mustPlay(t, Config{Cols: 3, Rows: 3, Swap: SwapPieces}.Start(), "c1", "swap", "b2"),
		mustPlay(t, Config{Cols: 4, Rows: 3, Swap: SwapNone}.Start(), "b2", "c2", "a3"),
	)
}

// TestRolloutMatchesExactRandomPlay: on boards small enough to enumerate
// every random game, the fill rollout's frequency of seat 0's wins over
// 20,000 seeded rollouts agrees with the exact probability under
// uniformly random play through the contract: a chi-square goodness-of-
// fit test (one degree of freedom, the z-test squared) at the false-alarm
// rate conformance.FalseAlarm (1e-4). Its power: a bias of 0.015 in the
// probability gives z ≈ 4.2 and fails it.
func TestRolloutMatchesExactRandomPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 1))
	const n = 20000
	for _, p := range smallCases(t) {
		q := exactSeat0(p, map[Position]float64{})
		w := seat0Wins(t, p, n, r)
		chi2, _, pv := conformance.GoodnessOfFit([]int{w, n - w}, []float64{q, 1 - q})
		assert.GreaterOrEqual(t, pv, conformance.FalseAlarm,
			"%s %s: exact P(seat 0 wins) = %.4f, rollouts %.4f (chi2 %.1f)", p.Spec(), p, q, float64(w)/n, chi2)
	}
}

// TestRolloutStatisticsCatchAForgottenSwap shows the power of the test
// above on the case it guards: a rollout that forgot the pie rule (the
// same stones, no swap) on 3×3 after b2 is rejected by far.
func TestRolloutStatisticsCatchAForgottenSwap(t *testing.T) {
	withSwap := mustPlay(t, Config{Cols: 3, Rows: 3, Swap: SwapSides}.Start(), "b2")
	noSwap := mustPlay(t, Config{Cols: 3, Rows: 3, Swap: SwapNone}.Start(), "b2")
	q := exactSeat0(withSwap, map[Position]float64{})
	const n = 20000
	w := seat0Wins(t, noSwap, n, rand.New(rand.NewPCG(18, 1)))
	_, _, pv := conformance.GoodnessOfFit([]int{w, n - w}, []float64{q, 1 - q})
	assert.Less(t, pv, conformance.FalseAlarm, "exact %.4f, swapless rollouts %.4f", q, float64(w)/n)
}

// TestRolloutAgreesWithPlayoutsOnLargerBoards compares, on boards too
// large to enumerate, the fill rollout with random games played through
// the contract (Sampler.Playout), independently seeded: a chi-square test
// of homogeneity of seat 0's wins (the two-proportion z-test) at the
// false-alarm rate 1e-4. 4,000 games a side detect a difference of
// about 0.045 in the win rate.
func TestRolloutAgreesWithPlayoutsOnLargerBoards(t *testing.T) {
	cases := []Position{
		Config{Cols: 5, Rows: 5, Swap: SwapSides}.Start(),
		mustPlay(t, Config{Cols: 5, Rows: 5, Swap: SwapSides}.Start(), "a5"),
		mustPlay(t, Config{Cols: 7, Rows: 7, Swap: SwapPieces}.Start(), "b2"),
		Config{Cols: 9, Rows: 6, Swap: SwapNone}.Start(),
		Sized(11).Start(),
		mustPlay(t, Config{Cols: 11, Rows: 11, Swap: SwapNone}.Start(), "f6", "e7", "f7", "c3", "h2"),
	}
	const n = 4000
	s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(19, 1))}
	r := rand.New(rand.NewPCG(20, 1))
	for _, p := range cases {
		played := 0
		for range n {
			end, _ := s.Playout(p, -1)
			if w, _ := end.Outcome().Winner(); w == 0 {
				played++
			}
		}
		filled := seat0Wins(t, p, n, r)
		chi2, _, pv := conformance.Homogeneity([]int{played, n - played}, []int{filled, n - filled})
		assert.GreaterOrEqual(t, pv, conformance.FalseAlarm, "%s %s: played %.4f, filled %.4f (chi2 %.1f)",
			p.Spec(), p, float64(played)/n, float64(filled)/n, chi2)
	}
}

// TestRolloutFillAndTrace: the trace names the first stone and the swap
// when the rollout played them, then every empty cell once, the
// colour to move's stones first, each with the seat that owns its colour;
// the board they fill is connected for the winner; a bound below the
// game's longest length declines; a finished game gives its outcome.
func TestRolloutFillAndTrace(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 1))
	for _, p := range []Position{
		Sized(7).Start(),
		mustPlay(t, Sized(7).Start(), "d4"), // swap available
		mustPlay(t, Config{Cols: 6, Rows: 6, Swap: SwapPieces}.Start(), "b3"),
		mustPlay(t, Config{Cols: 5, Rows: 8, Swap: SwapNone}.Start(), "c3", "c4"),
		Config{Cols: MaxSize, Rows: MaxSize, Swap: SwapNone}.Start(),
		Config{Cols: 1, Rows: MaxSize, Swap: SwapNone}.Start(),
	} {
		for range 200 {
			o, _, trace, ok := p.Rollout(r, -1, []rules.Played[Move]{})
			require.True(t, ok)
			q := p
			if q.Ply() == 0 && q.Config().Swap != SwapNone {
				assert.Equal(t, p.ToMove(), trace[0].Seat, "the first stone, played before the swap")
				q = q.PlayUnchecked(trace[0].Move)
				trace = trace[1:]
			}
			if len(trace) > 0 && trace[0].Move == Swap {
				assert.Equal(t, q.ToMove(), trace[0].Seat)
				q = q.PlayUnchecked(Swap)
				trace = trace[1:]
			}
			empty := q.AppendMoves(nil)
			if q.swapAvailable() {
				empty = empty[:len(empty)-1]
			}
			require.Len(t, trace, len(empty), "%s", p)
			full := q
			seen := map[Move]bool{}
			for i, pl := range trace {
				require.NoError(t, q.Legal(pl.Move), "%s: traced %v", p, pl.Move)
				require.False(t, seen[pl.Move])
				seen[pl.Move] = true
				c := q.ColorOf(pl.Seat)
				if i < (len(trace)+1)/2 {
					assert.Equal(t, q.ColorOf(q.Turn()), c, "the colour to move's stones come first")
				}
				full.place(pl.Move.Square().File(), pl.Move.Square().Rank(), c)
			}
			w, _ := o.Winner()
			assert.True(t, full.connected(q.ColorOf(w)), "%s: the winner's colour joins its sides", p)
			assert.False(t, full.connected(q.ColorOf(1-w)))
		}
	}
	p := mustPlay(t, Sized(3).Start(), "b2") // 8 empty cells and the swap: 9 plies at most
	_, _, _, ok := p.Rollout(r, 8, nil)
	assert.False(t, ok, "a bound that may cut the game declines")
	_, _, _, ok = p.Rollout(r, 9, nil)
	assert.True(t, ok)
	over := mustPlay(t, Config{Cols: 2, Rows: 2, Swap: SwapNone}.Start(), "a1", "b1", "a2")
	o, _, trace, ok := over.Rollout(r, 0, nil)
	assert.True(t, ok)
	assert.Equal(t, over.Outcome(), o)
	assert.Nil(t, trace)
}

func TestRolloutDoesNotAllocate(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	p := Sized(19).Start()
	s := rules.Sampler[Position, Move]{Rand: r}
	assert.Zero(t, testing.AllocsPerRun(100, func() { p.Rollout(r, -1, nil) }))
	assert.Zero(t, testing.AllocsPerRun(100, func() { s.Rollout(p, -1, nil) }))
}
