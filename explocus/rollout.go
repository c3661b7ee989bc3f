package explocus

import (
	"github.com/tabletop-go/rules/internal/globalrand"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// rolloutRoom is the move buffer Rollout keeps on the stack: enough for
// every board up to 128 men (4 moves a man on the square board, 6 on the
// hexagon), the standard 8×8 (36 men) and hexagon of side 6 included.
const rolloutRoom = 768

// Rollout plays uniformly random moves from p, in place, until the game
// ends or maxPlies plies have been played (maxPlies < 0: no bound): the
// generic loop of rules.Sampler, compiled for Explocus and Hexplocus,
// with no copy of the position (some 900 bytes) per call. It draws the
// same random numbers as the generic loop (one r.IntN over the legal
// moves per ply), so it plays the very game Sampler.Playout plays from
// the same generator state.
//
// A board whose men need a larger move buffer than rolloutRoom has no
// fast path (ok false).
func (p Position) Rollout(r *rand.Rand, maxPlies int, trace []rules.Played[Move]) (rules.Outcome, Position, []rules.Played[Move], bool) {
	o, trace, ok := p.rollout(r, maxPlies, trace)
	return o, p, trace, ok
}

// Rollout plays uniformly random moves from p, as Position.Rollout does.
func (p HexPosition) Rollout(r *rand.Rand, maxPlies int, trace []rules.Played[Move]) (rules.Outcome, HexPosition, []rules.Played[Move], bool) {
	o, trace, ok := p.rollout(r, maxPlies, trace)
	return o, p, trace, ok
}

// RolloutIsExact marks Rollout as playing Sampler.Playout's very game
// and returning its final position (rules.ExactRollout).
func (p Position) RolloutIsExact() {}

// RolloutIsExact marks Rollout as playing Sampler.Playout's very game
// and returning its final position (rules.ExactRollout).
func (p HexPosition) RolloutIsExact() {}

// rollout is Rollout in place in *p.
func (p *state) rollout(r *rand.Rand, maxPlies int, trace []rules.Played[Move]) (rules.Outcome, []rules.Played[Move], bool) {
	r = globalrand.Or(r) // nil: the global generator
	if !p.valid() || p.maxMoves() > rolloutRoom {
		return rules.Outcome{}, trace, false
	}
	var buf [rolloutRoom]Move
	for plies := 0; maxPlies < 0 || plies < maxPlies; plies++ {
		moves := p.generate(buf[:0])
		if len(moves) == 0 {
			break
		}
		m := moves[r.IntN(len(moves))]
		if trace != nil {
			trace = append(trace, rules.Played[Move]{Move: m, Seat: rules.Player(p.turn)})
		}
		p.apply(m)
	}
	return p.outcome(), trace, true
}
