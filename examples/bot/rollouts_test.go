package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/focus"
)

// TestRolloutsEvaluateAfterRolloutDepthPlies: in a game that evaluates
// positions (Focus), the default evaluator scores a leaf by the
// evaluation after exactly RolloutDepth random plies (or by the outcome
// of a game over sooner): the same value a sampler seeded alike reaches
// by Rollout with that cut, leaf after leaf.
func TestRolloutsEvaluateAfterRolloutDepthPlies(t *testing.T) {
	start := focus.New()
	for _, depth := range []int{1, 2, 5, 12} {
		const seed = 9
		r := NewRollouts[focus.Position, focus.Move](Options{RolloutDepth: depth, Seed: seed})
		s := rules.Sampler[focus.Position, focus.Move]{Rand: rand.New(rand.NewPCG(seed, 0x5eed_0f_a11))}
		var at focus.Position
		kit, ok := rules.KitOf[focus.Position, focus.Move](&at)
		require.True(t, ok)
		p := start
		for leaf := range 20 {
			leaves := []Leaf[focus.Position, focus.Move]{{Position: p}}
			require.NoError(t, r.Evaluate(leaves))
			o, end, _ := s.Rollout(p, depth, nil)
			var want [rules.MaxSeats]float64
			for seat := range p.Seats() {
				if o.Over() {
					want[seat] = o.Return(rules.Player(seat))
				} else {
					at = end
					want[seat], _ = kit.Evaluate(rules.Player(seat))
				}
			}
			require.Equal(t, want, leaves[0].Values, "depth %d, leaf %d", depth, leaf)
			moves := p.AppendMoves(nil)
			p = p.PlayUnchecked(moves[leaf%len(moves)])
		}
	}
}
