package focus

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

func startOf(t testing.TB, spec string) Position {
	t.Helper()
	c, err := ParseSpec(spec)
	require.NoError(t, err)
	return c.Start()
}

// rolloutSpecs are the variants with a fast rollout (all but Nowak's).
var rolloutSpecs = []string{"focus(plylimit=300)", "focus(setup=drop,plylimit=300)",
	"focus(drops=restricted,plylimit=300)", "focus(swap=true,plylimit=300)",
	"focus(players=3,plylimit=300)", "focus(players=4,plylimit=300)",
	"focus(players=4,teams=true,plylimit=300)", "focus(players=3,short=true,plylimit=300)"}

// TestRolloutIsThePlayoutInPlace: from the same generator state, Rollout
// plays the very game Sampler.Playout plays, in every variant, to the end
// and cut at 12 plies (the bot's depth), and traces its moves.
func TestRolloutIsThePlayoutInPlace(t *testing.T) {
	for _, spec := range rolloutSpecs {
		p := startOf(t, spec)
		conformance.SameGameAsPlayout(t, p, -1, 20)
		conformance.SameGameAsPlayout(t, p, 12, 50)
	}
	_, _, _, ok := mustSpec(t, "focus(nowak=true)").StartNowak().Rollout(rand.New(rand.NewPCG(1, 1)), -1, nil)
	assert.False(t, ok, "Nowak's game has no fast path")
}

// TestRolloutResultsAgreeWithRandomPlay: independently seeded, rollouts
// and games played through the contract give the same distribution of
// results (chi-square test of homogeneity at the false-alarm rate 1e-4).
// Random games of Focus almost never end (none of 300 two-seat games in
// 3,000 plies), so the whole games compared are the short three-seat
// game's, which end (a win of one of the three seats, or rarely a draw
// at the ply limit); the others are cut at 12 plies (the bot's depth) and
// at 60, and judged by the evaluation of their end for seat 0, as the
// bot scores them.
func TestRolloutResultsAgreeWithRandomPlay(t *testing.T) {
	conformance.CompareRollout(t, startOf(t, "focus(players=3,short=true,plylimit=3000)"), -1, 600, 1)
	conformance.CompareRollout(t, startOf(t, "focus"), 12, 3000, 2)
	conformance.CompareRollout(t, startOf(t, "focus"), 60, 2000, 3)
	conformance.CompareRollout(t, startOf(t, "focus(players=3)"), 12, 3000, 4)
	conformance.CompareRollout(t, startOf(t, "focus(players=4,teams=true)"), 12, 2000, 5)
}

func TestRolloutDoesNotAllocate(t *testing.T) {
	p := New()
	s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 1))}
	assert.Zero(t, testing.AllocsPerRun(50, func() { s.Rollout(p, 12, nil) }))
}
