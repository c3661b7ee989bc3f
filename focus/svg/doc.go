// Package svg draws Focus positions, every variant, as standalone SVG
// documents, for web pages, game servers and documentation. It uses only
// the standard library, the exported API of package focus and the drawing
// kit the four svg packages share (the module's internal/svgkit).
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
// The board is the 8×8 grid without its three corner squares at each
// corner, rank 8 at the top, on a wooden frame. A stack is a pile of
// pieces seen slightly from above, bottom to top, each piece in its seat's
// colour (A vermilion, B blue, C amber, D green), so the height and every
// piece's colour are visible; a stack of two or more has its height
// written beside it. The last move's squares are tinted (its destination,
// or a drop's square, more strongly); highlighted squares get a dot when
// empty and an outline around their stack otherwise.
//
// The corners cut from the board hold the seats, one corner each (A at the
// bottom left, then clockwise; with two seats B sits opposite A, and in
// team play partners sit opposite each other): a badge with the seat's
// letter, ringed when the seat is to move, starred when it has won and
// faded when it can no longer move; its reserve as a pile with the count
// under it (in team play, the partner's pieces as a second pile); and its
// captures, one row per opposing colour.
//
// # For clients
//
// The document is meant to be clicked. Every one of the 52 squares is a
// rect with class "square" and a data-square attribute holding its name
// ("c3"). Every stack is a group with class "stack", the same data-square,
// data-height and data-owner (the seat letter of its top piece, which
// controls it); inside it, every piece is a group with class "piece",
// data-square, data-owner and data-level (0 at the bottom). A reserve is a
// group with class "reserve", data-reserve (the seat letter of the seat
// that holds it), data-color (the colour of its pieces: the holder's own,
// or in team play the partner's) and data-count; a click on it, then on a
// square, is the drop "*d4", or "C*d4" when data-color is not the mover's.
// Captures are groups with class "captures" (data-seat, data-count) and
// "captured" (data-color, data-count); each seat's badge has class
// "badge" and data-seat. A page maps a click with
// event.target.closest("[data-square],[data-reserve]") and never needs the
// geometry. Marks and coordinates take no clicks (pointer-events="none").
// The root element carries data-game ("focus"), data-spec (the canonical
// spec), data-to-move (the seat letter, or "terminal") and data-result
// ("*" while the game goes on), and its title holds the position text.
//
// The invalid value (the zero focus.Position) draws as the empty board
// with no seats' corners filled: data-spec "", data-to-move "terminal",
// data-result "?", and "<invalid focus position>" in the title.
//
// The drawing is styled with presentation attributes only, so a page's
// CSS can restyle it by class. All text in the document is escaped.
package svg
