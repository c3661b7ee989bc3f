// Package svg draws Hex positions as standalone SVG documents, for web
// pages, game servers and documentation. It uses only the standard library,
// the exported API of package hex and the drawing kit the four svg
// packages share (the module's internal/svgkit).
//
// Every game of the module has a package of the same shape (hex/svg,
// focus/svg, domination/svg, explocus/svg): Render(position, Options)
// returns the document, Write writes it to an io.Writer, and Options
// holds the picture's width in pixels, whether to write coordinates,
// the last move (in the game's notation) to mark and the squares to
// highlight:
//
//	doc := svg.Render(p, svg.Options{Size: 480, Coordinates: true, LastMove: "c3"})
//
// # The picture
//
// The board is a rhombus of hexagons, row 1 at the top and each row
// shifted half a cell to the right of the one above, as hex's diagram
// draws it. Black's sides (the top and bottom rows) are framed dark and
// White's (the left and right columns) light. Stones are black and white
// discs; the last move's cell is tinted and its stone carries a dot (after
// a swap, the one stone on the board does); once a side has connected,
// the stones of its winning group are ringed in gold. Highlighted cells
// get a dot when empty and a ring around their stone otherwise.
//
// # For clients
//
// The document is meant to be clicked: every cell is a polygon with
// class "square" and a data-square attribute holding its name ("c3"), and
// every stone is a group with class "piece", the same data-square, and
// data-color ("black" or "white") and data-owner (the seat letter, "A" or
// "B": after a swap of sides, Black is B). A page maps a click to a move
// with event.target.closest("[data-square]") and never needs the
// geometry. Marks, coordinates and edges take no clicks
// (pointer-events="none"). The root element carries data-game ("hex"),
// data-spec (the canonical spec), data-to-move (the seat letter, or
// "terminal") and data-result ("*" while the game goes on), and its title
// holds the position text.
//
// The invalid value (the zero hex.Position, which is no game) draws as an
// empty frame with no cells, titled "<invalid hex position>; no game",
// with data-to-move "terminal", data-result "?" and an empty data-spec.
//
// The drawing is styled with presentation attributes only, so a page's
// CSS can restyle it by class. All text in the document is escaped.
package svg
