// Package picture draws a position of any registered game as SVG, the
// way package image decodes any registered format: each game's svg
// package (hex/svg, focus/svg, domination/svg, explocus/svg) registers
// its renderer when it is imported, so a program that handles every game
// through rules.Dynamic draws them all with no game-specific code:
//
//	import (
//		"github.com/tabletop-go/rules/picture"
//		_ "github.com/tabletop-go/rules/hex/svg"
//	)
//
//	doc, err := picture.Render(d, picture.Options{Size: 400, Coordinates: true})
//
// Every picture is a standalone SVG document whose squares carry a
// data-square attribute with the square's name, so that a page can make
// them clickable. A renderer also says the colour each seat is drawn in,
// so that a page can show the seats beside the board in the same colours
// (SeatColor).
package picture

import (
	"errors"
	"slices"
	"strconv"
	"sync"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/svgkit"
)

// Options says how to draw a position; see the fields. The zero value
// draws the board DefaultSize pixels wide, without coordinates or marks.
// Each game's svg package takes the same type as its own svg.Options.
type Options = svgkit.Options

// DefaultSize is the width in pixels of a picture whose Options.Size is 0.
const DefaultSize = svgkit.DefaultSize

// ErrNoRenderer is matched (errors.Is) by the error Render returns for a
// game whose renderer is not registered.
var ErrNoRenderer = errors.New("picture: no renderer registered for the game")

// Renderer draws the positions of one game (one name in specs, such as
// "hexplocus").
type Renderer struct {
	// Render draws d, a position of the game, as an SVG document.
	Render func(d rules.Dynamic, opts Options) ([]byte, error)
	// SeatColor returns the colour ("#rrggbb") seat is drawn in at d; at
	// a position of Hex, say, the seat that took Black by the swap is
	// drawn dark.
	SeatColor func(d rules.Dynamic, seat rules.Player) string
}

var registry struct {
	sync.RWMutex
	renderers map[string]Renderer
}

// Register makes r draw the positions of the game called game. The svg
// packages call it from init. Like rules.Register, it panics on a
// programming error that no input can cause: an empty name, a renderer
// without Render or SeatColor, or a game registered twice.
func Register(game string, r Renderer) {
	if game == "" || r.Render == nil || r.SeatColor == nil {
		panic("picture: Register of an incomplete Renderer for " + strconv.Quote(game))
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.renderers == nil {
		registry.renderers = make(map[string]Renderer)
	}
	if _, dup := registry.renderers[game]; dup {
		panic("picture: Register called twice for game " + strconv.Quote(game))
	}
	registry.renderers[game] = r
}

// Games returns the names of the games with a registered renderer, sorted.
func Games() []string {
	registry.RLock()
	defer registry.RUnlock()
	var names []string
	for name := range registry.renderers {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

func lookup(d rules.Dynamic) (Renderer, bool) {
	if !rules.IsGame(d) {
		return Renderer{}, false
	}
	registry.RLock()
	defer registry.RUnlock()
	r, ok := registry.renderers[rules.SpecName(d.Spec())]
	return r, ok
}

// Render draws d as an SVG document with its game's registered renderer,
// or returns an error matching ErrNoRenderer (rules.ErrNoGame when d
// holds no game: see rules.IsGame).
func Render(d rules.Dynamic, opts Options) ([]byte, error) {
	if !rules.IsGame(d) {
		return nil, &rules.NoGameError{Type: "rules.Dynamic"}
	}
	r, ok := lookup(d)
	if !ok {
		return nil, noRenderer(d)
	}
	return r.Render(d, opts)
}

// SeatColor returns the colour ("#rrggbb") seat is drawn in at d, or a
// neutral grey when d's game has no registered renderer or seat is not a
// seat of the game.
func SeatColor(d rules.Dynamic, seat rules.Player) string {
	r, ok := lookup(d)
	if !ok || !seat.IsSeat() || int(seat) >= d.Seats() {
		return svgkit.SeatColor(-1)
	}
	return r.SeatColor(d, seat)
}

func noRenderer(d rules.Dynamic) error {
	name := "<nil>"
	if rules.IsGame(d) {
		name = strconv.Quote(rules.SpecName(d.Spec()))
	}
	return &noRendererError{game: name}
}

type noRendererError struct{ game string }

func (e *noRendererError) Error() string        { return ErrNoRenderer.Error() + " " + e.game }
func (e *noRendererError) Is(target error) bool { return target == ErrNoRenderer }
