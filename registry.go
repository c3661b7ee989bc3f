package rules

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// ErrUnknownGame is matched (with errors.Is) by the error Open and
// OpenPosition return for a spec whose game is not registered.
var ErrUnknownGame = errors.New("unknown game")

// Game is one entry of the registry: a game's name and how to open its
// positions from text. Game packages build theirs with MakeGame and
// register it from an init function, so that importing a game package,
// even only for its side effect, makes the game available to Open:
//
//	import _ "github.com/tabletop-go/rules/hex"
type Game struct {
	// Name is the game's name in a spec, e.g. "hex".
	Name string
	// Title is the game's name for people, e.g. "Hex"; Doc one line
	// about the game, for a lobby or a help text.
	Title, Doc string
	// Variants lists the variants a program offers players (a lobby's
	// menu), each with its canonical spec: the usual one, the variant
	// the bare name opens, first.
	Variants []Variant
	// Options describes the options of the game's spec grammar, in the
	// order its canonical spec writes them.
	Options []Option
	// Open returns the start position of the variant the whole spec text
	// names, e.g. "hex(size=13)".
	Open func(spec string) (Dynamic, error)
	// OpenPosition returns the position that the text position describes
	// in the variant spec names.
	OpenPosition func(spec, position string) (Dynamic, error)
	// Kit reports whether the game's positions implement the
	// search-and-learning kit (Kit): actions, observations, symmetries,
	// evaluation and fast playouts, as OpenSpiel's GameType lists a
	// game's capabilities. A game with only the rules plays everywhere
	// but in Batch and the kit methods of Dynamic, which refuse with
	// ErrNotSupported. MakeGame sets it.
	Kit bool
}

// MakeGame builds a registry entry from the three functions every game
// package exports: ParseSpec (spec text to configuration), Config.Start
// and Config.ParsePosition.
func MakeGame[C any, P Position[P, M], M Move](
	name string,
	parseSpec func(string) (C, error),
	start func(C) P,
	parsePosition func(C, string) (P, error),
) Game {
	var zero P
	_, kit := KitOf[P, M](&zero)
	return Game{
		Name: name,
		Kit:  kit,
		Open: func(spec string) (Dynamic, error) {
			c, err := parseSpec(spec)
			if err != nil {
				return nil, err
			}
			return Erase(start(c))
		},
		OpenPosition: func(spec, position string) (Dynamic, error) {
			c, err := parseSpec(spec)
			if err != nil {
				return nil, err
			}
			p, err := parsePosition(c, position)
			if err != nil {
				return nil, err
			}
			return Erase(p)
		},
	}
}

var registry struct {
	sync.RWMutex
	games map[string]Game
}

// Register makes a game available to Open, OpenPosition and Games. Game
// packages call it from init. Like database/sql.Register, it panics on a
// programming error that no input can cause: an empty name, a missing
// function, or a name registered twice.
func Register(g Game) {
	if g.Name == "" || g.Open == nil || g.OpenPosition == nil {
		panic("rules: Register of an incomplete Game " + strconv.Quote(g.Name))
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.games == nil {
		registry.games = make(map[string]Game)
	}
	if _, dup := registry.games[g.Name]; dup {
		panic("rules: Register called twice for game " + strconv.Quote(g.Name))
	}
	registry.games[g.Name] = g
}

// Games returns the names of the registered games, sorted.
func Games() []string {
	registry.RLock()
	defer registry.RUnlock()
	names := make([]string, 0, len(registry.games))
	for name := range registry.games {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Lookup returns the registry entry of the game a spec names ("hex" for
// "hex(size=13)"), or an error matching ErrUnknownGame.
func Lookup(spec string) (Game, error) {
	name := SpecName(spec)
	registry.RLock()
	g, ok := registry.games[name]
	registry.RUnlock()
	if !ok {
		return Game{}, &UnknownGameError{Spec: spec, Name: name, Known: Games()}
	}
	return g, nil
}

// Open returns the start position of the game and variant a spec names,
// e.g. "hex(size=13)" or "focus(players=4,teams=true)". The game package
// must be imported somewhere in the program. A spec of an unknown game
// gives an error matching ErrUnknownGame; a bad option, the game's
// *notation.SpecError.
func Open(spec string) (Dynamic, error) {
	g, err := Lookup(spec)
	if err != nil {
		return nil, err
	}
	d, err := g.Open(spec)
	return opened(g.Name, d, err)
}

// opened passes on what a registered game's Open or OpenPosition gave,
// but for no game and no error (a registration's bug, which would
// otherwise make every caller dereference nil): an error matching
// ErrNoGame.
func opened(name string, d Dynamic, err error) (Dynamic, error) {
	if err == nil && !IsGame(d) {
		return nil, &NoGameError{Type: "the game " + strconv.Quote(name) + " registered"}
	}
	return d, err
}

// OpenPosition returns the position described by the text position in the
// game and variant spec names, as the game's Config.ParsePosition reads
// it. A position text that starts with a spec of its own must agree with
// spec.
func OpenPosition(spec, position string) (Dynamic, error) {
	g, err := Lookup(spec)
	if err != nil {
		return nil, err
	}
	d, err := g.OpenPosition(spec, position)
	return opened(g.Name, d, err)
}

// SpecName returns the game name of a spec: the text before its option
// list, without surrounding white space ("hex" for "hex(size=13)").
func SpecName(spec string) string {
	name, _, _ := strings.Cut(spec, "(")
	return strings.TrimSpace(name)
}

// UnknownGameError reports a spec whose game is not registered. It
// matches ErrUnknownGame with errors.Is.
type UnknownGameError struct {
	// Spec is the spec as given; Name the game name read from it.
	Spec, Name string
	// Known lists the registered games.
	Known []string
}

// Error returns e.g. `unknown game "chess" in spec "chess" (known: focus, hex)`.
func (e *UnknownGameError) Error() string {
	spec := e.Spec
	const maxShown = 80
	if len(spec) > maxShown {
		spec = spec[:maxShown] + "..."
	}
	name := e.Name
	if len(name) > maxShown {
		name = name[:maxShown] + "..."
	}
	msg := "unknown game " + strconv.Quote(name) + " in spec " + strconv.Quote(spec)
	if len(e.Known) == 0 {
		return msg + " (no game is registered: import a game package, e.g. github.com/tabletop-go/rules/hex)"
	}
	return msg + " (known: " + strings.Join(e.Known, ", ") + ")"
}

// Is makes errors.Is(err, ErrUnknownGame) true.
func (e *UnknownGameError) Is(target error) bool { return target == ErrUnknownGame }
