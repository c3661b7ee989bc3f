package rules_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
)

// probe is the race game (see rules_test.go) with a fast path that
// records what it was called on and with, and answers with a result
// contract play cannot give (a forfeit) and an end position play cannot
// reach (roll and pick 9), so that a test sees whether Sampler.Rollout
// took the fast path, on which position, and passed its answer on. With
// decline set the fast path reports ok false.
type probe struct {
	race
	tag     uint8
	decline bool
}

// probeCall is one call of probe's fast path.
type probeCall struct {
	at       probe
	r        *rand.Rand
	maxPlies int
	trace    []rules.Played[raceMove]
}

// probeCalls records the calls of probe's fast path; the tests that use
// it reset it and do not run in parallel.
var probeCalls []probeCall

func (p probe) PlayUnchecked(m raceMove) probe {
	p.race = p.race.PlayUnchecked(m)
	return p
}

func (p probe) Transform(k int) probe {
	if k != 0 {
		return probe{}
	}
	return p
}

func (p probe) Rollout(r *rand.Rand, maxPlies int, trace []rules.Played[raceMove]) (rules.Outcome, probe, []rules.Played[raceMove], bool) {
	probeCalls = append(probeCalls, probeCall{at: p, r: r, maxPlies: maxPlies, trace: trace})
	if p.decline {
		return rules.Outcome{}, p, trace, false
	}
	if trace != nil {
		trace = append(trace, rules.Played[raceMove]{Move: raceMove(p.tag), Seat: rules.Chance})
	}
	end := p
	end.roll, end.pick = 9, 9
	return probeOutcome(p), end, trace, true
}

// probeOutcome is the result probe's fast path gives at p.
func probeOutcome(p probe) rules.Outcome { return rules.Win(2, rules.Forfeit, rules.Player(p.tag%2)) }

var _ = satisfies[probe, raceMove]

// TestSamplerRolloutRunsTheFastPathOnTheGivenPosition: each call of
// Sampler.Rollout runs the kit's Rollout once, on the position it was
// given (not the one of the call before, nor the zero value), with the
// Sampler's generator, the ply bound and the trace as given, and returns
// the fast path's outcome, end and trace as they are.
func TestSamplerRolloutRunsTheFastPathOnTheGivenPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	s := rules.Sampler[probe, raceMove]{Rand: r}
	positions := []probe{
		{tag: 1},
		{race: race{roll: 2}, tag: 2},
		{race: race{roll: 1}, tag: 3},
		{tag: 4},
		{tag: 1},
	}
	for i, p := range positions {
		probeCalls = nil
		maxPlies := []int{-1, 0, 1, 7, 1000}[i]
		in := []rules.Played[raceMove]{{Move: 5, Seat: 0}}
		o, end, trace := s.Rollout(p, maxPlies, in)
		require.Len(t, probeCalls, 1, "position %d: the fast path runs once", i)
		c := probeCalls[0]
		assert.Equal(t, p, c.at, "position %d: the fast path ran on another position", i)
		assert.Same(t, r, c.r, "position %d: the fast path got another generator", i)
		assert.Equal(t, maxPlies, c.maxPlies, "position %d", i)
		assert.Equal(t, in, c.trace, "position %d: the trace as given", i)
		assert.Equal(t, probeOutcome(p), o, "position %d: the fast path's outcome", i)
		assert.Equal(t, probe{race: race{roll: 9, pick: 9}, tag: p.tag}, end, "position %d: the fast path's end", i)
		assert.Equal(t, []rules.Played[raceMove]{{Move: 5, Seat: 0}, {Move: raceMove(p.tag), Seat: rules.Chance}}, trace, "position %d", i)
	}

	probeCalls = nil
	o, _, trace := s.Rollout(probe{tag: 6}, -1, nil)
	require.Len(t, probeCalls, 1)
	assert.Nil(t, probeCalls[0].trace, "a nil trace is passed as nil")
	assert.Nil(t, trace, "nil in, nil out")
	assert.Equal(t, probeOutcome(probe{tag: 6}), o)

	probeCalls = nil
	var zero rules.Sampler[probe, raceMove]
	o, _, _ = zero.Rollout(probe{tag: 7}, -1, nil)
	require.Len(t, probeCalls, 1)
	assert.NotNil(t, probeCalls[0].r, "a nil Rand gives the fast path the global generator, not nil")
	assert.Equal(t, probe{tag: 7}, probeCalls[0].at)
	assert.Equal(t, probeOutcome(probe{tag: 7}), o)
}

// TestSamplerRolloutPlaysFromTheGivenPositionWhenTheFastPathDeclines:
// when the kit's Rollout reports ok false, Sampler.Rollout plays the
// random game itself from the position it was given, appending to the
// trace it was given (the fast path's returned trace is not used).
func TestSamplerRolloutPlaysFromTheGivenPositionWhenTheFastPathDeclines(t *testing.T) {
	s := rules.Sampler[probe, raceMove]{Rand: rand.New(rand.NewPCG(3, 4))}
	s.Rollout(probe{tag: 1}, -1, nil) // a position whose fast path answers, first
	for _, roll := range []uint8{1, 2, 1, 2} {
		p := probe{race: race{roll: roll}, tag: 8, decline: true}
		probeCalls = nil
		in := []rules.Played[raceMove]{{Move: 3, Seat: 0}}
		o, end, trace := s.Rollout(p, -1, in)
		require.Len(t, probeCalls, 1, "the fast path is asked once")
		assert.Equal(t, p, probeCalls[0].at)
		require.True(t, o.Over())
		assert.Equal(t, o, end.Outcome(), "the played game's end")
		assert.Equal(t, roll, end.roll, "played on from the given roll")
		assert.Contains(t, []uint8{1, 2}, end.pick)
		assert.Equal(t, uint8(8), end.tag)
		assert.True(t, end.decline)
		require.Len(t, trace, 2)
		assert.Equal(t, rules.Played[raceMove]{Move: 3, Seat: 0}, trace[0], "the trace as given")
		assert.Equal(t, rules.Played[raceMove]{Move: raceMove(end.pick), Seat: 1}, trace[1])
	}

	p := probe{race: race{roll: 2}, decline: true}
	o, end, _ := s.Rollout(p, 0, nil)
	assert.False(t, o.Over(), "no ply may be played")
	assert.Equal(t, p, end, "cut at once: the given position")
}

// TestSamplerRolloutIsTheKitsRolloutOfItsPosition: for a real game's
// fast path (Hex's fill), Sampler.Rollout from a generator state gives
// exactly what the typed Rollout of the same position gives from the
// same state (outcome and trace), over positions that differ from call
// to call of one Sampler.
func TestSamplerRolloutIsTheKitsRolloutOfItsPosition(t *testing.T) {
	var s rules.Sampler[hex.Position, hex.Move]
	walk := rand.New(rand.NewPCG(5, 6))
	p := hex.Sized(5).Start()
	for seed := range uint64(60) {
		if p.Outcome().Over() {
			p = hex.Sized(5).Start()
		}
		s.Rand = rand.New(rand.NewPCG(seed, 9))
		o, _, trace := s.Rollout(p, -1, []rules.Played[hex.Move]{})
		wantO, _, wantTrace, ok := p.Rollout(rand.New(rand.NewPCG(seed, 9)), -1, []rules.Played[hex.Move]{})
		require.True(t, ok, "Hex's fast path answers a game to the end")
		require.Equal(t, wantO, o, "seed %d at %s", seed, p)
		require.Equal(t, wantTrace, trace, "seed %d at %s", seed, p)
		moves := p.AppendMoves(nil)
		p = p.PlayUnchecked(moves[walk.IntN(len(moves))])
	}
}
