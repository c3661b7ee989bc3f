// Package svg draws Explocus and Hexplocus positions, on every board size,
// as standalone SVG documents, for web pages, game servers and
// documentation. It uses only the standard library, the exported API of
// package explocus and the drawing kit the four svg packages share (the
// module's internal/svgkit).
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
// Explocus's board is the rectangle of squares, the top rank at the top,
// on a wooden frame. A column is a pile of men seen slightly from above,
// white for White (seat A) and black for Black (seat B), one man per unit
// of height; a column of two or more has its height written beside it.
// The last move's squares are tinted (the destination more strongly);
// highlighted squares get a dot when empty and an outline around their
// column otherwise. Under the board each seat's men in all, White at the
// left and Black at the right, the seat to move ringed and a winner
// starred.
//
// A Hexplocus position is drawn as the hexagon of its cells, and only
// them: pointy-top hexagonal cells in three tones (no two neighbours
// alike) on a hexagonal wooden frame, the ranks horizontal rows, rank 1
// at the bottom, each rank shifted half a cell from the next as the
// position's Diagram draws it, so that a file runs up and to the left.
// The columns, the marks and the strip are as on the square board (a
// highlighted column gets a hexagonal outline). The coordinates go where
// the Diagram writes them: each rank's number left of its row, and each
// file's letter in line with the file, beyond its lowest cell: under the
// bottom edge for a to the centre's file, under the lower right edge for
// the others.
//
// # For clients
//
// The document is meant to be clicked: every square (every cell of the
// hexagon) is a rect (a polygon) with class "square" and a data-square
// attribute holding its name ("c3"), and every column is a group with
// class "piece", the same data-square, data-owner (the seat letter, "A"
// or "B") and data-height; its men are groups with class "man". Each
// seat's badge has class "badge", data-seat and data-men. A page maps a
// click to a move with event.target.closest("[data-square]") and never
// needs the geometry. Marks and coordinates take no clicks
// (pointer-events="none"). The root element carries data-game
// ("explocus", or "hexplocus" for a position on the hexagon), data-spec,
// data-to-move (the seat letter, or "terminal") and data-result ("*"
// while the game goes on), and its title holds the position text.
//
// The drawing is styled with presentation attributes only, so a page's
// CSS can restyle it by class. All text in the document is escaped.
package svg
