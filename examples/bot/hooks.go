package bot

import (
	"reflect"
	"sync"

	"github.com/tabletop-go/rules"
)

// hooks maps a typed position's type to the maker of its typed bots.
var hooks struct {
	sync.RWMutex
	make map[reflect.Type]func(name string, opts Options) (Dynamic, error)
}

// Register records that positions of type P, with moves of type M, get
// the typed bots of New from ForDynamic: the full speed of the typed
// search for a program that holds only a rules.Dynamic. Go cannot
// instantiate New[P, M] from a value at run time, so a game's types are
// registered once, as a call naming them.
//
// This package imports no game: a program registers the hooks of the
// games it links (the module's programs through examples/internal/games,
// its one list of games), e.g. in its init:
//
//	func init() { bot.Register[mygame.Position, mygame.Move]() }
//
// (a game package cannot: examples/bot is above the games in the import
// order). Without a hook, ForDynamic still plays the game, through
// rules.Dynamic alone (see ForDynamic). Like rules.Register, Register
// panics when P is registered twice.
func Register[P rules.Position[P, M], M rules.Move]() {
	t := reflect.TypeFor[P]()
	hooks.Lock()
	defer hooks.Unlock()
	if hooks.make == nil {
		hooks.make = make(map[reflect.Type]func(string, Options) (Dynamic, error))
	}
	if _, dup := hooks.make[t]; dup {
		panic("bot: Register called twice for " + t.String())
	}
	hooks.make[t] = typed[P, M]
}

// hook returns the maker of typed bots for the typed position behind d,
// if one is registered.
func hook(d rules.Dynamic) (func(string, Options) (Dynamic, error), bool) {
	if d == nil {
		return nil, false
	}
	hooks.RLock()
	defer hooks.RUnlock()
	f, ok := hooks.make[reflect.TypeOf(d.Typed())]
	return f, ok
}

// ForDynamic returns the bot called name ("mcts", "guided" or "random") for the
// game of d. When the typed position behind d has a hook (Register; every
// game of this module has one), the bot is the typed bot, at full speed.
// Otherwise it is NewDynamic's bot, which plays any registered game
// through rules.Dynamic alone, much slower (see NewDynamic). The error is
// for an unknown name only.
func ForDynamic(name string, d rules.Dynamic, opts Options) (Dynamic, error) {
	if !rules.IsGame(d) {
		return nil, &rules.NoGameError{Type: "rules.Dynamic"}
	}
	if typedBot, ok := hook(d); ok {
		return typedBot(name, opts)
	}
	return NewDynamic(name, opts)
}

func typed[P rules.Position[P, M], M rules.Move](name string, opts Options) (Dynamic, error) {
	b, err := New[P, M](name, opts)
	if err != nil {
		return nil, err
	}
	return Erase(b), nil
}
