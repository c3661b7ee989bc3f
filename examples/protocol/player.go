package protocol

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
)

// Player is one side of a refereed game: a built-in bot (BotPlayer) or
// an external engine (Engine). The referee keeps the true position and
// tells each player every move it did not choose itself; a player may
// sit at several seats of one game.
type Player interface {
	// NewGame starts a game at start, with moveTime for each move (0:
	// none; the player's own budget).
	NewGame(ctx context.Context, start rules.Dynamic, moveTime time.Duration) error
	// Play tells the player that move (canonical) was played at pos: by
	// another player, or a chance outcome.
	Play(ctx context.Context, pos rules.Dynamic, move string) error
	// GenMove asks the player to choose and play a move for the seat to
	// move at pos, which is the player's.
	GenMove(ctx context.Context, pos rules.Dynamic) (string, error)
	// Close releases the player (stops an engine's process).
	Close() error
}

// BotPlayer is a built-in bot as a Player.
type BotPlayer struct {
	Bot      bot.Dynamic
	moveTime time.Duration
}

// NewGame implements Player: it keeps the move time.
func (b *BotPlayer) NewGame(_ context.Context, _ rules.Dynamic, moveTime time.Duration) error {
	b.moveTime = moveTime
	return nil
}

// Play implements Player: a bot keeps no position, so it does nothing.
func (b *BotPlayer) Play(context.Context, rules.Dynamic, string) error { return nil }

// GenMove implements Player: the bot chooses within the move time; an
// error of the bot is a *Failure of kind ErrRefused.
func (b *BotPlayer) GenMove(ctx context.Context, pos rules.Dynamic) (string, error) {
	if b.moveTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.moveTime)
		defer cancel()
	}
	move, err := b.Bot.Choose(ctx, pos)
	if err != nil {
		return "", &Failure{Kind: ErrRefused, Command: "genmove " + pos.ToMove().String(), Err: err}
	}
	return move, nil
}

// Close implements Player; it does nothing.
func (b *BotPlayer) Close() error { return nil }

// ExecPrefix starts a player name that names an external engine:
// "exec:python3 my_engine.py".
const ExecPrefix = "exec:"

// PlayerOptions configures the players NewPlayer makes.
type PlayerOptions struct {
	// Bot configures a built-in bot.
	Bot bot.Options
	// Engine configures an external engine.
	Engine EngineOptions
}

// NewPlayer returns the player a name gives, as a command line writes
// it: "exec:COMMAND" starts the external engine COMMAND (see
// StartEngine; ctx bounds its life), any other name is a bot of
// examples/bot ("mcts", "random") for the game of start.
func NewPlayer(ctx context.Context, name string, start rules.Dynamic, opts PlayerOptions) (Player, error) {
	if command, ok := strings.CutPrefix(name, ExecPrefix); ok {
		return StartEngine(ctx, command, opts.Engine)
	}
	b, err := bot.ForDynamic(name, start, opts.Bot)
	if err != nil {
		return nil, err
	}
	return &BotPlayer{Bot: b}, nil
}

// CheckPlayer reports what is wrong with a player name for the game of
// start without starting anything: an unknown bot, or an engine command
// that is empty, badly quoted or whose program is not found.
func CheckPlayer(name string, start rules.Dynamic) error {
	if !rules.IsGame(start) {
		return &rules.NoGameError{Type: "rules.Dynamic"}
	}
	if command, ok := strings.CutPrefix(name, ExecPrefix); ok {
		argv, err := SplitCommand(command)
		if err != nil {
			return err
		}
		if _, err := exec.LookPath(argv[0]); err != nil {
			return fmt.Errorf("protocol: engine program %s: %w", quote(argv[0]), err)
		}
		return nil
	}
	if name == "" {
		return errors.New("protocol: empty player name")
	}
	_, err := bot.ForDynamic(name, start, bot.Options{})
	return err
}
