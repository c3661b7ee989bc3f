// Package hex implements Hex (Piet Hein 1942, John Nash) exactly as
// RULES.md §2 gives it, on boards from 1×1 to 26×26, square or
// rectangular.
//
// # Rules
//
// The board is a rhombus of hexagonal cells. Column letters a.. run left
// to right and row numbers 1.. run top to bottom (HexGui, SGF GM[11]); a1
// is the top-left cell, and the neighbours of (c, r) are (c±1, r),
// (c, r±1), (c+1, r−1) and (c−1, r+1). Seat 0 plays Black, moves first,
// and joins the top and bottom rows; seat 1 plays White and joins the left
// and right columns. A move puts a stone of the mover's colour on an empty
// cell. The first player whose stones join their two sides wins; a full
// board always has exactly one winner, so there are no draws.
//
// # Pie rule (R-H1)
//
// After the first stone the second player may swap instead of placing.
// The spec option swap selects how:
//
//   - swap=sides (the default; the seed's rule): the players exchange
//     colours. The stone stays, Black, and now belongs to seat 1; seat 0,
//     now White, moves next.
//   - swap=pieces: the stone at (c, r) is replaced by a White stone at
//     (r, c), its mirror in the long diagonal, which belongs to seat 1;
//     seat 0 stays Black and moves next. Little Golem, PlayHex and
//     OpenSpiel's hex(swap=true) play this. It needs a square board.
//   - swap=none: no pie rule.
//
// Outcomes are per seat, so a swap never confuses who won: after a
// swap-sides, a Black connection is a win for seat 1 ("0-1").
//
// # Game spec
//
//	hex                          11×11, swap=sides
//	hex(size=13,swap=pieces)     size=N for N×N, 1 ≤ N ≤ 26
//	hex(size=9x11,swap=none)     size=CxR: C columns, R rows
//
// # Move notation
//
// A cell is its column letter and row number, "c3", "k10"; "swap" is the
// pie-rule move, and "swap-sides" or "swap-pieces" are read as "swap" when
// they name the game's mode. Input may use upper case ("K10", "SWAP");
// output is lower case. Moves sort in reading order (a1, b1, ..., a2, ...)
// with the swap last; AppendMoves lists them in that order.
//
// # Position text
//
// A position is one line of three fields separated by single spaces:
//
//	position = board " " tomove " " swap
//	board    = row *( "/" row )         ; row 1 (the top) first
//	row      = 1*( "B" / "W" / count )  ; a stone, or count empty cells
//	count    = %x31-39 *DIGIT           ; 1 or more, no leading zero
//	tomove   = "b" / "w"                ; the colour to move (once the game
//	                                    ; is over: the one that would move)
//	swap     = "-" / "sides" / "pieces" ; the swap played, if any
//
// For example "3/1B1/3 w -" is a 3×3 board with a Black stone on b2 and
// White to move; "3/1B1/3 w sides" is the same board after a swap-sides,
// where seat 0 (White) is to move and seat 1 owns the Black stone. The
// parser checks that the text is a position the game can reach: each row
// has the board's width, the stone counts fit the colour to move and the
// swap, the swap is the game's mode, and at most the side that moved last
// is connected (a finished game).
//
// # Errors
//
// Legal and Play return a *rules.MoveError whose Reason is one of
// ErrOccupied, ErrOffBoard, ErrNoSwapRule, ErrSwapTooLate or ErrSwapKind
// (Kind rules.ErrIllegal), or Kind rules.ErrGameOver after the game ends.
// Malformed text gives a *rules.SyntaxError with the offset.
//
// # Speed
//
// A Position is a value of about 430 bytes: one bit per cell and colour,
// plus, for each colour, the stones already joined to each of its sides.
// Those sets only grow, so keeping them costs O(cells) over a whole game
// and a stone that lands in both has just won. AppendMoves into a buffer
// of capacity MaxMoves and both applies allocate nothing.
package hex
