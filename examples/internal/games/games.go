// Package games adapts the rules registry to the example tools: a game
// spec opens a position through rules.Open, and bot.ForDynamic builds the
// typed bot behind it. The one per-game fact the tools need that the
// registry does not carry is the letters a diagram draws for each side's
// pieces, used to colour them.
package games

import (
	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"

	// The games the tools know register themselves with rules.
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
)

// Game is what a tool needs of one game variant.
type Game struct {
	// Name is the spec's game name, e.g. "hex".
	Name string
	// Pieces holds the letters the game's diagram draws for the first and
	// the second player's pieces, for tools that colour them.
	Pieces [2]byte

	start rules.Dynamic
}

// pieces are the diagram letters of each known game.
var pieces = map[string][2]byte{
	"hex":        {'B', 'W'},
	"focus":      {'A', 'B'},
	"explocus":   {'W', 'B'},
	"domination": {'X', 'O'},
}

// Bot returns the bot called name ("mcts" or "random") for this game.
func (g Game) Bot(name string, opts bot.Options) (bot.Dynamic, error) {
	return bot.ForDynamic(name, g.start, opts)
}

// Names returns the known game names, sorted.
func Names() []string { return rules.Games() }

// Start opens the start position of a game spec, or the position text
// position in that game and variant if it is not empty.
func Start(spec, position string) (rules.Dynamic, error) {
	if position == "" {
		return rules.Open(spec)
	}
	return rules.OpenPosition(spec, position)
}

// Lookup opens a game spec and returns its entry.
func Lookup(spec string) (Game, error) {
	start, err := rules.Open(spec)
	if err != nil {
		return Game{}, err
	}
	name := rules.SpecName(spec)
	return Game{Name: name, Pieces: pieces[name], start: start}, nil
}
