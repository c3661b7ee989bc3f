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

// Searcher is a Dynamic bot that searches a tree and tells what its last
// search found at the root, for tools that record it (selfplay -data
// writes it as the policy a network learns). The MCTS bots of
// ForDynamic, NewDynamic and Erase implement it; the random ones do not.
type Searcher interface {
	Dynamic
	// AppendRootVisits appends to buf the root's moves of the last
	// search (the last call of Choose), as action indices of the
	// position searched (rules.Dynamic.ActionIndex), with their visits,
	// and returns the extended buffer; it appends nothing when the last
	// Choose did not search (a chance node, an error). The visits are
	// MCTS.AppendRootVisits's. The typed bots allocate nothing with a
	// buffer of MaxMoves entries; NewDynamic's read each move's index
	// from its text.
	AppendRootVisits(buf []ActionVisit) []ActionVisit
}

// ActionVisit is a move at the root of a search, as its action index,
// and the visits the search gave it.
type ActionVisit struct {
	Action int
	Visits int
}

// Erase wraps a typed bot as a Dynamic bot for positions of its game. An
// *MCTS gives a Searcher, a *Guided a Stepper.
func Erase[P rules.Position[P, M], M rules.Move](b Bot[P, M]) Dynamic {
	switch m := b.(type) {
	case *MCTS[P, M]:
		return erasedSearcher[P, M]{erased[P, M]{b}, m.appendActionVisits}
	case *Guided[P, M]:
		return erasedGuided[P, M]{erasedSearcher[P, M]{erased[P, M]{b}, m.appendActionVisits}, &stepper[P, M]{g: m}}
	}
	return erased[P, M]{b}
}

type erased[P rules.Position[P, M], M rules.Move] struct{ b Bot[P, M] }

// erasedSearcher is an erased MCTS or Guided bot: a Searcher.
type erasedSearcher[P rules.Position[P, M], M rules.Move] struct {
	erased[P, M]
	visits func([]ActionVisit) []ActionVisit
}

func (e erasedSearcher[P, M]) AppendRootVisits(buf []ActionVisit) []ActionVisit {
	return e.visits(buf)
}

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
var Names = []string{"mcts", "guided", "random"}

// New returns the bot called name ("mcts", "guided" or "random") for the
// game of P. The guided search evaluates its leaves with
// opts.Guide.Network when it is set (WithNetwork), else with random
// rollouts (NewRollouts).
func New[P rules.Position[P, M], M rules.Move](name string, opts Options) (Bot[P, M], error) {
	switch name {
	case "mcts":
		return NewMCTS[P, M](opts), nil
	case "guided":
		var eval Evaluator[P, M]
		if opts.Guide.Network != nil {
			eval = WithNetwork[P, M](opts.Guide.Network)
		}
		return NewGuided(opts, eval), nil
	case "random":
		return NewRandom[P, M](opts.Seed), nil
	}
	return nil, fmt.Errorf("unknown bot %q (known: mcts, guided, random)", name)
}
