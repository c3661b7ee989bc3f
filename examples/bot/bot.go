// Package bot has game-playing bots that work on every game of the
// rules.Position contract with no per-game code: a Monte Carlo tree
// search (MCTS, with UCT selection) and a uniformly random player.
//
// MCTS handles two or more seats (each node keeps the returns of every
// seat, and the seat to move maximises its own), team games (partners
// share their score in the outcome) and chance nodes (outcomes drawn with
// their exact probabilities). Random games of Focus and Explocus almost
// never end, so in a game whose positions evaluate (Evaluate reports ok)
// rollouts are cut after a few plies and scored by the evaluation; other games'
// rollouts run to the end. With an iteration budget a search is
// deterministic for a given seed; a deadline on the context stops it
// early. A node budget (Options.MaxNodes, 256 MiB of tree by default)
// bounds its memory whatever the iterations: a full tree stops growing
// and the search goes on from its leaves.
package bot

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// Bot chooses a move for the seat to move. At a chance node a bot draws
// an outcome with its probability.
type Bot[P rules.Position[P, M], M rules.Move] interface {
	Choose(ctx context.Context, p P) (M, error)
}

// ErrGameOver is returned when a bot is asked to move in a finished game.
var ErrGameOver = errors.New("bot: the game is over")

// Random plays uniformly random legal moves (and draws chance outcomes by
// their probabilities). It is not safe for concurrent use.
type Random[P rules.Position[P, M], M rules.Move] struct {
	sampler rules.Sampler[P, M]
}

// NewRandom returns a random bot seeded with seed.
func NewRandom[P rules.Position[P, M], M rules.Move](seed uint64) *Random[P, M] {
	return &Random[P, M]{sampler: rules.Sampler[P, M]{Rand: rand.New(rand.NewPCG(seed, 0x7a9d))}}
}

// Choose returns a random legal move of p.
func (b *Random[P, M]) Choose(_ context.Context, p P) (M, error) {
	m, ok := b.sampler.Move(p)
	if !ok {
		return m, ErrGameOver
	}
	return m, nil
}
