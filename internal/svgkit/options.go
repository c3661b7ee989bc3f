// Package svgkit holds what the games' svg packages (hex/svg, focus/svg,
// domination/svg and explocus/svg) share: the Options they take, the
// palette every picture is painted with, and Writer, a small SVG writer
// that escapes every attribute value and text.
//
// Each svg package exposes Options as its own svg.Options, an alias of
// this package's type, and DefaultSize as its own constant. The helpers
// their tests share are in the sub-package svgtest.
package svgkit

import "strings"

// DefaultSize is the width in pixels of a picture whose Options.Size is 0.
const DefaultSize = 480

// Options says how to draw a position. The zero value draws the board
// DefaultSize pixels wide, without coordinates or marks.
type Options struct {
	// Size is the width of the picture in pixels; the height follows from
	// the board's shape. 0 or less means DefaultSize. The picture scales
	// to any size (it has a viewBox), so Size only sets the width and
	// height attributes of the document.
	Size int
	// Coordinates writes the file letters and rank numbers around the
	// board.
	Coordinates bool
	// LastMove is a move in the game's notation, usually the move that
	// led to the position; its squares are tinted. Text that is not a
	// move of the game marks nothing.
	LastMove string
	// Highlight lists squares to mark by name, e.g. "c3" (in either case),
	// such as the legal targets of a selected piece. Names that are not
	// squares of the board are ignored.
	Highlight []string
}

// Width returns the width in pixels of the picture o asks for: o.Size, or
// DefaultSize when that is 0 or less.
func Width(o Options) int {
	if o.Size <= 0 {
		return DefaultSize
	}
	return o.Size
}

// HighlightSet returns the set of the square names o.Highlight lists, in
// lower case.
func HighlightSet(o Options) map[string]bool {
	set := make(map[string]bool, len(o.Highlight))
	for _, s := range o.Highlight {
		set[strings.ToLower(s)] = true
	}
	return set
}
