// Package bot has game-playing bots that work on every game of the
// rules.Position contract with no per-game code: a Monte Carlo tree
// search (MCTS, with UCT selection and RAVE), AlphaZero's search guided
// by an evaluator's priors and values (Guided), and a uniformly random
// player.
//
// MCTS handles two or more seats (each node keeps the returns of the seat
// that chose it, and the seat to move maximises its own), team games
// (partners share their score in the outcome) and chance nodes (outcomes
// drawn with their exact probabilities). Its rollouts go through
// rules.Sampler.Rollout, so a game's fast path (Hex's fill-and-check)
// serves it. Random games of Focus and Explocus almost never end, so in a
// game whose positions evaluate (Evaluate reports ok) rollouts are cut
// after a few plies and scored by the evaluation; other games' rollouts
// run to the end.
//
// Games without an evaluation (Hex, Domination) use RAVE by default
// (Options.RAVE): the moves a seat played later in an iteration count as
// trials of those moves wherever the seat could have played them first,
// which measures a move's worth long before its own visits can. In games
// that evaluate (Focus, Explocus), a new node's children start from their
// evaluation instead, a prior worth 20 trials that their own visits
// outweigh as they come.
//
// Search is bounded three ways: an iteration budget (deterministic for a
// seed), a deadline on the context, and a node budget (Options.MaxNodes,
// 256 MiB of tree by default) that bounds its memory whatever the
// iterations: a full tree stops growing and the search goes on from its
// leaves. Options.Workers searches with several goroutines at once: by
// default each grows its own tree and the root's visits are summed (root
// parallelism), or they grow one tree (Options.Parallelism, tree
// parallelism, with a virtual loss on the nodes an iteration is under
// way through and atomic updates of the statistics); the node budget is
// theirs together. A bot keeps its tree between moves: when asked about a
// position its last tree holds a few plies down (its own move and the
// replies since), it keeps that subtree and its statistics. After a
// search, AppendRootVisits gives the visits of the root's moves, the
// search's policy that training data records (selfplay -data); the
// Dynamic MCTS bots give it by action index (Searcher).
//
// The choices were measured by self-play (selfplay_test.go holds the
// matches and their scores; BOT_MATCH=name go test -run TestSelfPlay
// plays one). On hex(size=9) at 50 ms a move, RAVE scored 68% against
// plain UCT over 200 games (Wilson 95% interval 61–74%). Two workers
// sharing a tree scored 56% against one worker given their iterations
// together, two workers with a tree each 40%; but the separate trees run
// more iterations a second (they share no memory), and at equal time the
// shared tree scored 51% (46–56%) against them over 400 games, so the
// simpler and reproducible root parallelism is the default. Keeping the
// tree between moves scored 53.5%. On focus(plylimit=300),
// the evaluation prior scored 59.5% (53–66%) against plain UCT.
//
// # Guided search
//
// NewGuided (New's "guided") is AlphaZero's search: an Evaluator gives
// each new leaf a prior over its moves and the seats' values, selection
// follows the PUCT score Q + C(N)·P·sqrt(N)/(1 + n) (Guide), and the
// leaf's values are backed up where a rollout's result would be. For
// self-play, Dirichlet noise can be mixed into the root's priors and the
// move drawn by a temperature over the visits, both from the seed. Leaves
// are evaluated in batches (Guide.Batch): the search selects up to B
// paths under virtual losses, hands their leaves to the evaluator in one
// call and backs them all up, so that a network evaluates B positions at
// once; WithNetwork gives a Network a Batch of plain arrays (observations
// from the mover's view, legal-action masks; policy and values back), as
// a Go network or one reached through the Python package reads them. The
// default evaluator, NewRollouts, gives a uniform prior and a random
// game's value, with which the search chooses as UCT does.
//
// # Any registered game
//
// A program that holds a rules.Dynamic gets a bot with ForDynamic, which
// plays every registered game: at the typed bot's full speed when the
// position's type has a hook (Register; the games of this module
// register theirs from this package, one game package a file), else
// through rules.Dynamic alone (NewDynamic: the same search, much slower),
// so that a new game needs no code here to be played.
package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// Bot chooses a move for the seat to move. At a chance node a bot draws
// an outcome with its probability.
type Bot[P rules.Position[P, M], M rules.Move] interface {
	Choose(ctx context.Context, p P) (M, error)
}

// ErrGameOver is returned when a bot is asked to move in a finished game.
// It matches rules.ErrGameOver too (errors.Is), so that rules.ErrorCode
// gives it the code "game-over" of a move after the end.
var ErrGameOver error = gameOver{}

// gameOver is ErrGameOver's type: its own message, rules.ErrGameOver's
// meaning.
type gameOver struct{}

func (gameOver) Error() string        { return "bot: the game is over" }
func (gameOver) Is(target error) bool { return target == rules.ErrGameOver }

// ErrNoMoves is returned when a seat is to move but the position lists no
// legal move: a game that breaks the contract, which says such a
// position is terminal.
var ErrNoMoves = errors.New("bot: a seat is to move but the position lists no legal move")

// noGame is the error for a position that is the game's invalid value:
// bots refuse it at once, before any search (it matches rules.ErrNoGame).
func noGame(p any) error {
	return &rules.NoGameError{Type: fmt.Sprintf("%T", p)}
}

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
	if !p.IsValid() {
		var zero M
		return zero, noGame(p)
	}
	m, ok := b.sampler.Move(p)
	if !ok {
		if p.ToMove() != rules.Terminal {
			return m, ErrNoMoves
		}
		return m, ErrGameOver
	}
	return m, nil
}
