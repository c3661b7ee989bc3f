package bot

import (
	"fmt"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

// ForDynamic returns the bot called name ("mcts" or "random") for the game
// of d, built on the typed position behind it, so that tools holding only
// a rules.Dynamic (from rules.Open) get the full speed of the typed bot.
// It knows the games of this module; a bot for another game is built with
// New and Erase.
func ForDynamic(name string, d rules.Dynamic, opts Options) (Dynamic, error) {
	switch d.Typed().(type) {
	case hex.Position:
		return typed[hex.Position, hex.Move](name, opts)
	case focus.Position:
		return typed[focus.Position, focus.Move](name, opts)
	case domination.Position:
		return typed[domination.Position, domination.Move](name, opts)
	case explocus.Position:
		return typed[explocus.Position, explocus.Move](name, opts)
	}
	return nil, fmt.Errorf("bot: no bot knows the game of a %T", d.Typed())
}

func typed[P rules.Position[P, M], M rules.Move](name string, opts Options) (Dynamic, error) {
	b, err := New[P, M](name, opts)
	if err != nil {
		return nil, err
	}
	return Erase(b), nil
}
