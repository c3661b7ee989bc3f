// Package svg draws Explocus positions, on every board size, as standalone
// SVG documents, for web pages, game servers and documentation. It uses
// only the standard library, the exported API of package explocus and the
// drawing kit the four svg packages share (the module's internal/svgkit).
//
// Every game of the module has a package of the same shape (hex/svg,
// focus/svg, domination/svg, explocus/svg): Render(position, Options)
// returns the document, Write writes it to an io.Writer, and Options
// holds the picture's width in pixels, whether to write coordinates,
// the last move (in the game's notation) to mark and the squares to
// highlight:
//
//	doc := svg.Render(p, svg.Options{Size: 480, Coordinates: true, LastMove: "c3-c5"})
//
// # The picture
//
// The board is the rectangle of squares, the top rank at the top, on a
// wooden frame. A column is a pile of men seen slightly from above, white
// for White (seat A) and black for Black (seat B), one man per unit of
// height; a column of two or more has its height written beside it. The
// last move's squares are tinted (the destination more strongly);
// highlighted squares get a dot when empty and an outline around their
// column otherwise. Under the board each seat's men in all, White at the
// left and Black at the right, the seat to move ringed and a winner
// starred.
//
// # For clients
//
// The document is meant to be clicked: every square is a rect with class
// "square" and a data-square attribute holding its name ("c3"), and every
// column is a group with class "piece", the same data-square, data-owner
// (the seat letter, "A" or "B") and data-height; its men are groups with
// class "man". Each seat's badge has class "badge", data-seat and
// data-men. A page maps a click to a move with
// event.target.closest("[data-square]") and never needs the geometry.
// Marks and coordinates take no clicks (pointer-events="none"). The root
// element carries data-game ("explocus"), data-spec, data-to-move (the
// seat letter, or "terminal") and data-result ("*" while the game goes
// on), and its title holds the position text.
//
// The drawing is styled with presentation attributes only, so a page's
// CSS can restyle it by class. All text in the document is escaped.
package svg
