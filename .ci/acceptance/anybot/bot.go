// Package anybot is the glue of a bot written once for every game: generic
// code over rules.Position, instantiated for two games in its test.
package anybot

import (
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// Bot plays the move after which the mover scores best over a few random
// playouts (cut short by the game's evaluation where its kit has one),
// with buffers sized once from the game's move bound.
type Bot[P rules.Position[P, M], M rules.Move] struct {
	sampler rules.Sampler[P, M]
	moves   []M
	end     P                      // the position evaluated, whose kit is kit
	kit     rules.KitMethods[P, M] // nil for a game with only the rules
}

// Choose returns the bot's move at a decision node of p.
func (b *Bot[P, M]) Choose(p P) M {
	b.moves = p.AppendMoves(b.moves[:0])
	me, best, bestScore := p.ToMove(), b.moves[0], -2.0
	for _, m := range b.moves {
		score := 0.0
		for range 4 {
			b.end, _ = b.sampler.Playout(p.PlayUnchecked(m), 40)
			if v, ok := b.evaluate(me); ok && !b.end.Outcome().Over() {
				score += v
			} else {
				score += b.end.Outcome().Return(me)
			}
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// evaluate is the kit's Evaluate of b.end for seat, if the game has one.
func (b *Bot[P, M]) evaluate(seat rules.Player) (float64, bool) {
	if b.kit == nil {
		return 0, false
	}
	return b.kit.Evaluate(seat)
}

// New returns a bot for the game of p drawing from r.
func New[P rules.Position[P, M], M rules.Move](p P, r *rand.Rand) *Bot[P, M] {
	b := &Bot[P, M]{sampler: rules.Sampler[P, M]{Rand: r}, moves: make([]M, 0, p.MaxMoves())}
	if k, ok := rules.KitOf[P, M](&b.end); ok {
		b.kit = k
	}
	return b
}
