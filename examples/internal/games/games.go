// Package games is the table of games the example tools know: a game spec
// names one, and the table turns it into a position. It is the only place
// in the tools with per-game code.
package games

import (
	"sort"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// Game is one entry of the table.
type Game struct {
	// Name is the spec's game name, e.g. "hex".
	Name string
	// New returns the start position for spec, or the position text
	// position if it is not empty.
	New func(spec notation.Spec, position string) (rules.Dynamic, error)
	// Bot returns the bot called name for this game.
	Bot func(name string, opts bot.Options) (bot.Dynamic, error)
	// Pieces holds the letters the game's diagram draws for the first and
	// the second player's pieces, for tools that colour them.
	Pieces [2]byte
}

var table = map[string]Game{
	"hex":      entry("hex", "BW", hex.FromSpec, hex.Config.Start, hex.Config.ParsePosition),
	"focus":    entry("focus", "AB", focus.FromSpec, focus.Config.Start, focus.Config.ParsePosition),
	"explocus": entry("explocus", "WB", explocus.FromSpec, explocus.Config.Start, explocus.Config.ParsePosition),
	"domination": entry("domination", "XO",
		func(s notation.Spec) (struct{}, error) { return struct{}{}, domination.CheckSpec(s) },
		func(struct{}) domination.Position { return domination.Start() },
		func(_ struct{}, text string) (domination.Position, error) { return domination.ParsePosition(text) }),
}

// entry builds a table entry from a game package's three constructors:
// spec to configuration, configuration to start, and position parsing.
func entry[C any, P rules.Position[P, M], M rules.Move](
	name, pieces string,
	fromSpec func(notation.Spec) (C, error),
	start func(C) P,
	parse func(C, string) (P, error),
) Game {
	newPosition := func(spec notation.Spec, position string) (rules.Dynamic, error) {
		cfg, err := fromSpec(spec)
		if err != nil {
			return nil, err
		}
		if position == "" {
			return rules.Erase(start(cfg)), nil
		}
		p, err := parse(cfg, position)
		if err != nil {
			return nil, err
		}
		return rules.Erase(p), nil
	}
	newBot := func(botName string, opts bot.Options) (bot.Dynamic, error) {
		b, err := bot.New[P, M](botName, opts)
		if err != nil {
			return nil, err
		}
		return bot.Erase(b), nil
	}
	return Game{Name: name, New: newPosition, Bot: newBot, Pieces: [2]byte{pieces[0], pieces[1]}}
}

// Names returns the known game names, sorted.
func Names() []string {
	names := make([]string, 0, len(table))
	for name := range table {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Start parses a game spec and returns its start position, or the
// position text position if it is not empty.
func Start(specText, position string) (rules.Dynamic, error) {
	g, spec, err := Lookup(specText)
	if err != nil {
		return nil, err
	}
	return g.New(spec, position)
}

// Lookup parses a game spec and returns its table entry.
func Lookup(specText string) (Game, notation.Spec, error) {
	spec, err := notation.ParseSpec(specText)
	if err != nil {
		return Game{}, notation.Spec{}, err
	}
	g, ok := table[spec.Game]
	if !ok {
		return Game{}, notation.Spec{}, &notation.SpecError{Spec: specText, Msg: "unknown game " + strconv.Quote(spec.Game) + " (known: " + strings.Join(Names(), ", ") + ")"}
	}
	return g, spec, nil
}
