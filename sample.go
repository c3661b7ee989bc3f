package rules

import (
	"github.com/tabletop-go/rules/internal/globalrand"
	"math/bits"
	"math/rand/v2"
)

// SampleChance draws one outcome from a chance node's outcomes according
// to their exact probabilities. When all outcomes are equally likely (the
// usual case) it costs one random number. It reports false for an empty
// list. A nil r draws from math/rand/v2's global generator.
func SampleChance[M Move](outcomes []ChanceOutcome[M], r *rand.Rand) (M, bool) {
	r = globalrand.Or(r)
	var zero M
	if len(outcomes) == 0 {
		return zero, false
	}
	uniform := true
	for _, o := range outcomes[1:] {
		if o.Prob != outcomes[0].Prob {
			uniform = false
			break
		}
	}
	if uniform {
		return outcomes[r.IntN(len(outcomes))].Move, true
	}
	// Exact draw over the common denominator, when it fits in 64 bits.
	den := uint64(1)
	exact := true
	for _, o := range outcomes {
		if o.Prob.Den == 0 {
			continue
		}
		l, ok := lcm(den, o.Prob.Den)
		if !ok {
			exact = false
			break
		}
		den = l
	}
	if exact {
		x := r.Uint64N(den)
		for _, o := range outcomes {
			if o.Prob.Den == 0 {
				continue
			}
			w := o.Prob.Num * (den / o.Prob.Den)
			if x < w {
				return o.Move, true
			}
			x -= w
		}
		return outcomes[len(outcomes)-1].Move, true
	}
	x := r.Float64()
	for _, o := range outcomes {
		x -= o.Prob.Float64()
		if x < 0 {
			return o.Move, true
		}
	}
	return outcomes[len(outcomes)-1].Move, true
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func lcm(a, b uint64) (uint64, bool) {
	g := gcd(a, b)
	hi, lo := bits.Mul64(a/g, b)
	return lo, hi == 0
}

// Sampler picks random moves through the contract, reusing its buffers so
// that a playout allocates nothing once they have grown. The zero value
// is ready to use. A Sampler is not safe for concurrent use.
type Sampler[P Position[P, M], M Move] struct {
	// Rand is the source of every choice; nil draws from math/rand/v2's
	// global generator (random, not reproducible).
	Rand    *rand.Rand
	moves   []M
	chances []ChanceOutcome[M]
	at      P // the position Rollout takes the kit of, through &at
}

// Move returns a uniformly random legal move of p, or at a chance node an
// outcome drawn with its probability. It reports false at a terminal node.
func (s *Sampler[P, M]) Move(p P) (M, bool) {
	if p.ToMove() == Chance {
		s.chances = p.AppendChances(s.chances[:0])
		return SampleChance(s.chances, s.Rand)
	}
	s.moves = p.AppendMoves(s.moves[:0])
	if len(s.moves) == 0 {
		var zero M
		return zero, false
	}
	return s.moves[globalrand.Or(s.Rand).IntN(len(s.moves))], true
}

// Playout plays random moves from p until the game ends or maxPlies plies
// have been played (maxPlies < 0 means no limit) and returns the final
// position and the number of plies played.
func (s *Sampler[P, M]) Playout(p P, maxPlies int) (P, int) {
	plies := 0
	for maxPlies < 0 || plies < maxPlies {
		m, ok := s.Move(p)
		if !ok {
			break
		}
		p = p.PlayUnchecked(m)
		plies++
	}
	return p, plies
}

// Rollout returns the result of a uniformly random game from p, cut after
// maxPlies plies (maxPlies < 0: no cut): the game's fast path
// (Kit's Rollout) when it has one, else random moves through the
// contract (Move). This is the entry point search uses. If the game
// ends, o is its outcome, and end is the final position when Rollout
// played the moves itself, unspecified when the game's fast path found
// the outcome; otherwise o is NotOver and end is the position after
// maxPlies plies, to be evaluated. If trace is not nil, the moves played
// are appended to it with the seats that played them (see
// Kit's Rollout) and the extended slice is returned.
//
// Like Playout it allocates nothing once its buffers have grown, and it
// never boxes the position.
func (s *Sampler[P, M]) Rollout(p P, maxPlies int, trace []Played[M]) (o Outcome, end P, _ []Played[M]) {
	s.at = p
	if k, ok := KitOf[P, M](&s.at); ok {
		if o, end, t, ok := k.Rollout(globalrand.Or(s.Rand), maxPlies, trace); ok {
			return o, end, t
		}
	}
	for plies := 0; maxPlies < 0 || plies < maxPlies; plies++ {
		seat := p.ToMove()
		m, ok := s.Move(p)
		if !ok {
			break
		}
		if trace != nil {
			trace = append(trace, Played[M]{Move: m, Seat: seat})
		}
		p = p.PlayUnchecked(m)
	}
	return p.Outcome(), p, trace
}
