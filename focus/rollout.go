package focus

import (
	"github.com/tabletop-go/rules/internal/globalrand"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// Rollout plays uniformly random moves from p, in place, until the game
// ends or maxPlies plies have been played (maxPlies < 0: no bound): the
// generic loop of rules.Sampler, compiled for Focus, with no copy of the
// position per ply. It draws the same random numbers as the generic loop
// (one r.IntN over the legal moves per ply) and picks the same move with
// each, so it plays the very game Sampler.Playout plays from the same
// generator state.
//
// In the two-seat game in normal play with unrestricted drops (the
// default game once its opening is over), it does not list the moves: it
// counts each controlled stack's moves from the precomputed tables,
// draws an index into the canonical order (stacks by square, then
// drops) and finds that one move. Other variants and phases list the
// moves into a buffer on the stack.
func (p Position) Rollout(r *rand.Rand, maxPlies int, trace []rules.Played[Move]) (rules.Outcome, Position, []rules.Played[Move], bool) {
	r = globalrand.Or(r) // nil: the global generator
	switch {
	case !p.IsValid():
		return rules.Outcome{}, p, trace, false
	case p.seats == 2 && p.phase == phasePlay && p.variant&variantRestricted == 0:
		trace = p.rolloutCounted(r, maxPlies, trace)
	default:
		trace = p.rolloutListed(r, maxPlies, trace)
	}
	return p.outcome(), p, trace, true
}

// RolloutIsExact marks Rollout as playing Sampler.Playout's very game
// and returning its final position (rules.ExactRollout).
func (p Position) RolloutIsExact() {}

// rolloutListed plays a random game by listing the moves of every ply.
func (p *Position) rolloutListed(r *rand.Rand, maxPlies int, trace []rules.Played[Move]) []rules.Played[Move] {
	var buf [stackRoom]Move
	for plies := 0; maxPlies < 0 || plies < maxPlies; plies++ {
		moves := p.appendMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		m := moves[r.IntN(len(moves))]
		if trace != nil {
			trace = append(trace, rules.Played[Move]{Move: m, Seat: rules.Player(p.turn)})
		}
		p.apply(m)
	}
	return trace
}

// rolloutCounted plays a random game of the two-seat game in normal play
// with unrestricted drops (which it stays in), counting the moves
// instead of listing them: appendMoves lists, for each controlled stack
// by square, its numTargets moves from moveBlocks, then a drop on every
// square if the seat has a reserve.
func (p *Position) rolloutCounted(r *rand.Rand, maxPlies int, trace []rules.Played[Move]) []rules.Played[Move] {
	for plies := 0; maxPlies < 0 || plies < maxPlies; plies++ {
		if p.terminal() {
			break
		}
		ctrl := p.control[p.turn]
		stacks := 0
		for c := ctrl; c != 0; {
			from := nextSquare(&c)
			stacks += int(numTargets[from][min(p.board[from].Height(), MaxHeight)])
		}
		n := stacks
		if p.reserve[p.turn] > 0 {
			n += NumSquares
		}
		if n == 0 {
			break // no move (not a reachable position: stuck() would say so)
		}
		k := r.IntN(n)
		var m Move
		if k >= stacks {
			m = allDrops[k-stacks]
		} else {
			for c := ctrl; c != 0; {
				from := nextSquare(&c)
				h := min(p.board[from].Height(), MaxHeight)
				if t := int(numTargets[from][h]); k >= t {
					k -= t
					continue
				}
				m = moveBlocks[from][h][k]
				break
			}
		}
		if trace != nil {
			trace = append(trace, rules.Played[Move]{Move: m, Seat: rules.Player(p.turn)})
		}
		p.apply(m)
	}
	return trace
}
