// Package svg draws Domination positions as standalone SVG documents, for
// web pages, game servers and documentation. It uses only the standard
// library, the exported API of package domination and the drawing kit the
// four svg packages share (the module's internal/svgkit).
//
// Every game of the module has a package of the same shape (hex/svg,
// focus/svg, domination/svg, explocus/svg): Render(position, Options)
// returns the document, Write writes it to an io.Writer, and Options
// holds the picture's width in pixels, whether to write coordinates,
// the last move (in the game's notation) to mark and the squares to
// highlight:
//
//	doc := svg.Render(p, svg.Options{Size: 480, Coordinates: true, LastMove: "d4-b4,e5-e8"})
//
// # The picture
//
// The board is the 8×8 torus, rank 8 at the top. Beyond each edge a faded
// strip shows the squares the edge wraps around to (the first rank beyond
// the eighth, file a beyond file h), and a dashed line closes the strips.
// X's pieces (seat A) are vermilion discs marked with an X, O's (seat B)
// blue discs marked with an O; a placed domino stands upright on its
// square with its pips, the smaller number on top. The last turn's
// squares are tinted (the landings more strongly); highlighted squares get
// a dot when empty and an outline otherwise.
//
// Under the board: the two seats (the one whose turn it is, to draw or to
// move, ringed; a winner starred), the domino drawn this turn (a dashed
// place before the draw; ringed when the last move was that draw), and the
// 28 dominoes of the set, those still face down in the pool in full and
// the others faint.
//
// # For clients
//
// The document is meant to be clicked: every square is a rect with class
// "square" and a data-square attribute holding its name ("d4"); every
// piece is a group with class "piece", the same data-square, and
// data-owner (the seat letter, "A" for X or "B" for O); every placed
// domino is a group with class "domino", data-square and data-tile
// ("2-5"). The drawn domino has data-tile inside the group of class
// "drawn"; the set's dominoes are groups with class "tile", data-tile and
// data-in-pool ("true" or "false"). A page maps a click to a square with
// event.target.closest("[data-square]") and never needs the geometry;
// the wrapped strips, marks and coordinates take no clicks
// (pointer-events="none"). The root element carries data-game
// ("domination"), data-spec, data-to-move (the seat letter, "chance"
// before a draw, or "terminal") and data-result ("*" while the game goes
// on), and its title holds the position text.
//
// The strips repeat the board with SVG use elements that refer to it by
// an id derived from the position and the options, so that several
// pictures on one page keep apart. The drawing is styled with presentation
// attributes only, so a page's CSS can restyle it by class. All text in
// the document is escaped.
package svg
