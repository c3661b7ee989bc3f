package domination

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

// TestRolloutIsThePlayoutInPlace: from the same generator state, Rollout
// plays the very game Sampler.Playout plays (draws and turns), whole and
// cut, and traces its moves, the draws as Chance's.
func TestRolloutIsThePlayoutInPlace(t *testing.T) {
	conformance.SameGameAsPlayout(t, New(), -1, 200)
	conformance.SameGameAsPlayout(t, New(), 7, 100)
	conformance.SameGameAsPlayout(t, mustPlay(t, New(), "3-4"), 4, 100)
}

// TestRolloutResultsAgreeWithRandomPlay: independently seeded, 4,000
// rollouts and 4,000 games played through the contract give the same
// distribution of results (X wins, O wins, a draw; chi-square test of
// homogeneity at the false-alarm rate 1e-4), from the start and after a
// draw.
func TestRolloutResultsAgreeWithRandomPlay(t *testing.T) {
	conformance.CompareRollout(t, New(), -1, 4000, 1)
	conformance.CompareRollout(t, mustPlay(t, New(), "0-6"), -1, 4000, 2)
}

func TestRolloutDoesNotAllocate(t *testing.T) {
	s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 1))}
	assert.Zero(t, testing.AllocsPerRun(50, func() { s.Rollout(New(), -1, nil) }))
}
