package domination

import (
	"github.com/tabletop-go/rules/internal/globalrand"
	"math/bits"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// Rollout plays a random game from p, in place, until it ends or
// maxPlies plies (draws and turns) have been played (maxPlies < 0: no
// bound): the generic loop of rules.Sampler, compiled for Domination,
// with no copy of the position and no list of chance outcomes per ply.
// It draws the same random numbers as the generic loop (a draw is one
// r.IntN over the tiles left, all equally likely; a turn one r.IntN over
// the legal turns), so it plays the very game Sampler.Playout plays from
// the same generator state.
func (p Position) Rollout(r *rand.Rand, maxPlies int, trace []rules.Played[Move]) (rules.Outcome, Position, []rules.Played[Move], bool) {
	r = globalrand.Or(r) // nil: the global generator
	if !p.valid() {
		return rules.Outcome{}, p, trace, false
	}
	var buf [MaxMoves]Move
	for plies := 0; maxPlies < 0 || plies < maxPlies; plies++ {
		var m Move
		switch who := p.ToMove(); who {
		case rules.Terminal:
			return p.Outcome(), p, trace, true
		case rules.Chance:
			k := r.IntN(bits.OnesCount32(p.pool))
			pool := uint64(p.pool)
			for range k {
				pool &= pool - 1
			}
			m = draw(Tile(bits.TrailingZeros64(pool)))
		default:
			moves := p.appendTurns(buf[:0])
			if len(moves) == 0 {
				return p.Outcome(), p, trace, true // not a reachable position
			}
			m = moves[r.IntN(len(moves))]
		}
		if trace != nil {
			trace = append(trace, rules.Played[Move]{Move: m, Seat: p.ToMove()})
		}
		p.apply(m)
	}
	return p.Outcome(), p, trace, true
}
