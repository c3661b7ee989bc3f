package rules_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestPlayerNames(t *testing.T) {
	assert.Equal(t, "A", rules.Player(0).String())
	assert.Equal(t, "D", rules.Player(3).String())
	assert.Equal(t, "chance", rules.Chance.String())
	assert.Equal(t, "terminal", rules.Terminal.String())
	p, ok := rules.SeatFromLetter('C')
	assert.True(t, ok)
	assert.Equal(t, rules.Player(2), p)
	_, ok = rules.SeatFromLetter('E')
	assert.False(t, ok)
}

func TestOutcomeScoresAndResults(t *testing.T) {
	var ongoing rules.Outcome
	assert.False(t, ongoing.Over())
	assert.Equal(t, "*", ongoing.Result())

	win := rules.Win(2, connection, 1)
	assert.Equal(t, "0-1", win.Result())
	assert.Equal(t, "0-1 (connection)", win.String())
	w, ok := win.Winner()
	assert.True(t, ok)
	assert.Equal(t, rules.Player(1), w)
	assert.Equal(t, 1.0, win.Return(1))
	assert.Equal(t, -1.0, win.Return(0))

	draw := rules.Draw(2, rules.PlyLimit)
	assert.Equal(t, "1/2-1/2", draw.Result())
	assert.Equal(t, 0.5, draw.Score(0))
	assert.Equal(t, 0.0, draw.Return(0))
	_, ok = draw.Winner()
	assert.False(t, ok)

	team := rules.Win(4, rules.NewReason("team passed"), 0, 2)
	assert.Equal(t, "1-0-1-0", team.Result())
	_, ok = team.Winner()
	assert.False(t, ok, "a team win has no single winner")

	three := rules.Win(3, rules.Elimination, 2)
	assert.Equal(t, "0-0-1", three.Result())
	sum := 0.0
	for s := range 3 {
		sum += three.Return(rules.Player(s))
	}
	assert.InDelta(t, 0, sum, 1e-12, "returns are zero-sum")
	assert.Equal(t, 0.0, three.Score(rules.Chance))
}

func TestMoveErrorMatchesKindAndReason(t *testing.T) {
	occupied := errors.New("cell is occupied")
	var err error = &rules.MoveError{Move: "c3", Kind: rules.ErrIllegal, Reason: occupied}
	assert.ErrorIs(t, err, rules.ErrIllegal)
	assert.ErrorIs(t, err, occupied)
	assert.NotErrorIs(t, err, rules.ErrGameOver)
	assert.Equal(t, "c3: illegal move: cell is occupied", err.Error())
	var me *rules.MoveError
	require.ErrorAs(t, err, &me)
	assert.Equal(t, "cell is occupied", me.Why())
	over := &rules.MoveError{Move: "a1", Kind: rules.ErrGameOver}
	assert.Equal(t, "game is over", over.Why())
}

func TestSyntaxErrorNamesInputAndOffset(t *testing.T) {
	err := &rules.SyntaxError{What: "move", Input: "c3x", Offset: 2, Msg: "unexpected x"}
	assert.ErrorIs(t, err, rules.ErrSyntax)
	assert.Equal(t, `move "c3x" at offset 2: unexpected x`, err.Error())
	err = &rules.SyntaxError{What: "record", Input: "[Game", Line: 7, Offset: 0, Msg: "no quote"}
	assert.Equal(t, `record line 7 "[Game" at offset 0: no quote`, err.Error())
}

// race is a tiny game with chance nodes for testing the generic helpers:
// seat 0 rolls a die with faces 1, 1, 2 (so 1 has probability 2/3), then
// seat 1 picks 1 or 2; the higher number wins, a tie is a draw. With fast
// set, Rollout finds the result of a random game without playing it,
// like Hex's fill; without, it has no fast path.
type race struct {
	roll, pick uint8
	fast       bool
}

type raceMove uint8

func (m raceMove) String() string { return strconv.Itoa(int(m)) }

func (r race) IsValid() bool { return true }
func (r race) Seats() int    { return 2 }
func (r race) ToMove() rules.Player {
	switch {
	case r.roll == 0:
		return rules.Chance
	case r.pick == 0:
		return 1
	}
	return rules.Terminal
}
func (r race) AppendMoves(buf []raceMove) []raceMove {
	if r.ToMove() == rules.Terminal {
		return buf
	}
	return append(buf, 1, 2)
}
func (r race) AppendChances(buf []rules.ChanceOutcome[raceMove]) []rules.ChanceOutcome[raceMove] {
	if r.roll != 0 {
		return buf
	}
	return append(buf, rules.ChanceOutcome[raceMove]{Move: 1, Prob: rules.Prob{Num: 2, Den: 3}},
		rules.ChanceOutcome[raceMove]{Move: 2, Prob: rules.Prob{Num: 1, Den: 3}})
}
func (r race) Legal(m raceMove) error {
	if r.ToMove() == rules.Terminal {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	}
	if m != 1 && m != 2 {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal}
	}
	return nil
}
func (r race) Play(m raceMove) (race, error) {
	if err := r.Legal(m); err != nil {
		return r, err
	}
	return r.PlayUnchecked(m), nil
}
func (r race) PlayUnchecked(m raceMove) race {
	if r.roll == 0 {
		r.roll = uint8(m)
	} else {
		r.pick = uint8(m)
	}
	return r
}
func (r race) Outcome() rules.Outcome {
	switch {
	case r.pick == 0:
		return rules.Outcome{}
	case r.roll > r.pick:
		return rules.Win(2, rules.NoLegalMove, 0)
	case r.pick > r.roll:
		return rules.Win(2, rules.NoLegalMove, 1)
	}
	return rules.Draw(2, rules.NoLegalMove)
}
func (r race) Hash() uint64 { return uint64(r.roll)<<8 | uint64(r.pick) }
func (r race) ParseMove(s string) (raceMove, error) {
	n, err := strconv.Atoi(s)
	return raceMove(n), err
}
func (r race) Spec() string                 { return "race" }
func (r race) String() string               { return strconv.Itoa(int(r.roll)) + "/" + strconv.Itoa(int(r.pick)) }
func (r race) MarshalText() ([]byte, error) { return []byte(r.String()), nil }
func (r race) MaxMoves() int                { return 2 }
func (r race) CanEnd(o rules.Outcome) bool  { _, ok := o.Winner(); return ok && o.Seats() == 2 }
func (r race) Evaluate(rules.Player) (float64, bool) {
	return 0, false
}
func (r race) Rollout(rng *rand.Rand, maxPlies int, trace []rules.Played[raceMove]) (rules.Outcome, race, []rules.Played[raceMove], bool) {
	left := 0
	if r.roll == 0 {
		left++
	}
	if r.pick == 0 {
		left++
	}
	if !r.fast || maxPlies >= 0 && maxPlies < left {
		return rules.Outcome{}, r, trace, false
	}
	if r.roll == 0 {
		r.roll = 1 + uint8(rng.IntN(3)/2) // faces 1, 1, 2
		if trace != nil {
			trace = append(trace, rules.Played[raceMove]{Move: raceMove(r.roll), Seat: rules.Chance})
		}
	}
	if r.pick == 0 {
		r.pick = 1 + uint8(rng.IntN(2))
		if trace != nil {
			trace = append(trace, rules.Played[raceMove]{Move: raceMove(r.pick), Seat: 1})
		}
	}
	return r.Outcome(), race{}, trace, true // end unspecified: the start, say
}

func (r race) Ply() int {
	n := 0
	if r.roll != 0 {
		n++
	}
	if r.pick != 0 {
		n++
	}
	return n
}
func (r race) NumActions() int       { return 2 }
func (r race) NumChanceActions() int { return 2 }
func (r race) ActionIndex(m raceMove) int {
	if m != 1 && m != 2 {
		return -1
	}
	return int(m) - 1
}
func (r race) ActionMove(i int) (raceMove, bool) {
	if i < 0 || i > 1 {
		return 0, false
	}
	return raceMove(i + 1), true
}
func (r race) ChanceMove(i int) (raceMove, bool) { return r.ActionMove(i) }
func (r race) ObservationShape() (planes, rows, cols int) {
	return 2, 1, 1
}
func (r race) AppendObservation(buf []float32, _ rules.Player) []float32 {
	return append(buf, float32(r.roll), float32(r.pick))
}
func (r race) Symmetries() int { return 1 }
func (r race) Transform(k int) race {
	if k != 0 {
		return race{}
	}
	return r
}
func (r race) TransformMove(k int, m raceMove) raceMove {
	if k != 0 {
		return 0
	}
	return m
}

// satisfies compiles only for types that satisfy the contract.
func satisfies[P rules.Position[P, M], M rules.Move]() {}

var _ = satisfies[race, raceMove]

func TestPerftCountsChanceOutcomesAsBranches(t *testing.T) {
	assert.Equal(t, uint64(1), rules.Perft(race{}, 0))
	assert.Equal(t, uint64(2), rules.Perft(race{}, 1))
	assert.Equal(t, uint64(4), rules.Perft(race{}, 2))
	assert.Equal(t, uint64(0), rules.Perft(race{}, 3), "games that end before the depth add nothing")
	d := rules.Divide(race{}, 2)
	assert.Equal(t, []rules.DivideEntry[raceMove]{{1, 2}, {2, 2}}, d)
}

func TestSampleChanceFollowsTheProbabilities(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	outcomes := race{}.AppendChances(nil)
	ones := 0
	const n = 30000
	for range n {
		m, ok := rules.SampleChance(outcomes, r)
		require.True(t, ok)
		if m == 1 {
			ones++
		}
	}
	assert.InDelta(t, 2.0/3, float64(ones)/n, 0.015)
	_, ok := rules.SampleChance[raceMove](nil, r)
	assert.False(t, ok)
}

func TestSamplerPlaysToTheEnd(t *testing.T) {
	s := rules.Sampler[race, raceMove]{Rand: rand.New(rand.NewPCG(3, 4))}
	end, plies := s.Playout(race{}, -1)
	assert.Equal(t, 2, plies)
	assert.True(t, end.Outcome().Over())
	_, plies = s.Playout(race{}, 1)
	assert.Equal(t, 1, plies, "maxPlies stops the playout")
}

// TestSamplerRolloutUsesTheFastPathOrPlays: Sampler.Rollout takes the
// game's fast path when it has one and plays through the contract when
// not (or when the fast path declines the ply bound); both give the same
// distribution of results (P(seat 0 wins) = 1/3 · 1/2, P(draw) = 2/3 · 1/2
// + 1/3 · 1/2 = 1/2, P(seat 1 wins) = 2/3 · 1/2 = 1/3), and the trace
// names who played each move.
func TestSamplerRolloutUsesTheFastPathOrPlays(t *testing.T) {
	s := rules.Sampler[race, raceMove]{Rand: rand.New(rand.NewPCG(5, 6))}
	for _, fast := range []bool{false, true} {
		var counts [3]int
		const n = 30000
		for range n {
			o, end, _ := s.Rollout(race{fast: fast}, -1, nil)
			require.True(t, o.Over())
			if !fast {
				assert.Equal(t, o, end.Outcome(), "the generic loop gives the final position")
			}
			switch w, ok := o.Winner(); {
			case !ok:
				counts[2]++
			default:
				counts[w]++
			}
		}
		assert.InDelta(t, 1.0/6, float64(counts[0])/n, 0.015, "fast %v", fast)
		assert.InDelta(t, 1.0/3, float64(counts[1])/n, 0.015, "fast %v", fast)
		assert.InDelta(t, 1.0/2, float64(counts[2])/n, 0.015, "fast %v", fast)

		o, end, trace := s.Rollout(race{fast: fast}, -1, []rules.Played[raceMove]{})
		require.Len(t, trace, 2)
		assert.Equal(t, rules.Chance, trace[0].Seat)
		assert.Equal(t, rules.Player(1), trace[1].Seat)
		assert.True(t, o.Over())
		_ = end

		o, end, trace = s.Rollout(race{fast: fast}, 1, nil)
		assert.False(t, o.Over(), "cut after one ply")
		assert.Nil(t, trace)
		assert.NotZero(t, end.roll, "the position after the roll")
		assert.Zero(t, end.pick)
	}
	allocs := testing.AllocsPerRun(100, func() { s.Rollout(race{}, -1, nil) })
	assert.Zero(t, allocs)
}

// TestANilGeneratorDrawsFromTheGlobalOne: a nil *rand.Rand used to make
// SampleChance, the zero Sampler and the games' Rollout dereference nil.
// It draws from math/rand/v2's global generator, with the same
// distribution, from any number of goroutines at once.
func TestANilGeneratorDrawsFromTheGlobalOne(t *testing.T) {
	outcomes := race{}.AppendChances(nil)
	var wg sync.WaitGroup
	var ones [2]int
	const n = 30000
	for g := range ones {
		wg.Go(func() {
			for range n {
				if m, ok := rules.SampleChance(outcomes, nil); ok && m == 1 {
					ones[g]++
				}
			}
		})
	}
	wg.Wait()
	assert.InDelta(t, 2.0/3, float64(ones[0]+ones[1])/(2*n), 0.015)

	var s rules.Sampler[race, raceMove] // no Rand
	end, plies := s.Playout(race{}, -1)
	assert.Equal(t, 2, plies)
	assert.True(t, end.Outcome().Over())
	for _, fast := range []bool{false, true} {
		o, _, _ := s.Rollout(race{fast: fast}, -1, nil)
		assert.True(t, o.Over(), "fast %v", fast)
	}
	d, err := rules.Erase(race{})
	require.NoError(t, err)
	assert.NoError(t, d.Legal(d.RandomMove(nil)))
}

func TestEraseGivesTextMovesAndTypedHelpers(t *testing.T) {
	d, err := rules.Erase(race{})
	require.NoError(t, err)
	assert.Equal(t, []string{"1", "2"}, d.Moves())
	assert.Equal(t, []rules.DynamicChance{{"1", rules.Prob{2, 3}}, {"2", rules.Prob{1, 3}}}, d.Chances())
	assert.Equal(t, uint64(4), d.Perft(2))
	next, err := d.Play("2")
	require.NoError(t, err)
	assert.Equal(t, rules.Player(1), next.ToMove())
	_, err = d.Play("7")
	assert.ErrorIs(t, err, rules.ErrIllegal)
	assert.Equal(t, "", d.Diagram())
	assert.Equal(t, race{}, d.Typed())
}

func TestPerftMemoryDoesNotDependOnTheDepthAsked(t *testing.T) {
	for _, depth := range []int{3, 4_000_000_000, 1 << 62, math.MaxInt} {
		assert.Equal(t, uint64(0), rules.Perft(race{}, depth), "the race ends after two plies")
		allocs := testing.AllocsPerRun(5, func() { rules.Perft(race{}, depth) })
		assert.LessOrEqual(t, allocs, 8.0, "depth %d: buffers for the plies reached only", depth)
	}
}

func TestMoveErrorShowsHostileMoveTextEscapedAndShort(t *testing.T) {
	for move, want := range map[string]string{
		"c3":                     "c3: game is over",
		"a1\x1b[31mX":            `"a1\x1b[31mX": game is over`,
		"two words":              `"two words": game is over`,
		strings.Repeat("z", 100): `"` + strings.Repeat("z", 40) + `"...: game is over`,
	} {
		err := &rules.MoveError{Move: move, Kind: rules.ErrGameOver}
		assert.Equal(t, want, err.Error())
	}
}
