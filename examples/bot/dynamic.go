package bot

import (
	"context"
	"fmt"

	"github.com/tabletop-go/rules"
)

// Dynamic chooses moves for positions seen through rules.Dynamic, for
// tools that serve every game with one code path.
type Dynamic interface {
	Choose(ctx context.Context, p rules.Dynamic) (string, error)
}

// Erase wraps a typed bot as a Dynamic bot for positions of its game.
func Erase[P rules.Position[P, M], M rules.Move](b Bot[P, M]) Dynamic {
	return erased[P, M]{b}
}

type erased[P rules.Position[P, M], M rules.Move] struct{ b Bot[P, M] }

func (e erased[P, M]) Choose(ctx context.Context, d rules.Dynamic) (string, error) {
	if !rules.IsGame(d) {
		return "", &rules.NoGameError{Type: "rules.Dynamic"}
	}
	p, ok := d.Typed().(P)
	if !ok {
		return "", fmt.Errorf("bot: a %T cannot play a %T", p, d.Typed())
	}
	m, err := e.b.Choose(ctx, p)
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

// Names lists the bots New knows.
var Names = []string{"mcts", "random"}

// New returns the bot called name ("mcts" or "random") for the game of P.
func New[P rules.Position[P, M], M rules.Move](name string, opts Options) (Bot[P, M], error) {
	switch name {
	case "mcts":
		return NewMCTS[P, M](opts), nil
	case "random":
		return NewRandom[P, M](opts.Seed), nil
	}
	return nil, fmt.Errorf("unknown bot %q (known: mcts, random)", name)
}
