// Package explocus implements Explocus (Martin Medema): Focus movement with
// exploding columns (RULES.md §4, seed 003), exactly and fast.
//
// # Rules
//
// The board is a rectangle of squares, 8×8 by default and anything from
// 3×3 to 26×26 through the spec; no squares are removed. Files a.. run
// left to right, ranks 1.. bottom to top. White is seat 0 (letter A) and
// moves first; Black is seat 1 (letter B). A player must move: there is
// no passing.
//
//   - R-E1 (start): single men on the central 6×6 in the Focus pairs
//     pattern, 18 each on 8×8 (ranks 7 to 2 reading b..g: AABBAA, BBAABB,
//     ...). On other boards the pattern fills the central min(rows, 6) ×
//     min(cols, 6) rectangle, starting with a White pair at its top left;
//     any other start can be given as a position text.
//   - A piece is a column of one or more men of one colour. A move takes
//     the top k men (1 ≤ k ≤ height) of one of the mover's columns and moves
//     them exactly k squares along a rank or file, jumping over anything,
//     onto an empty square or any column. Landing on a column merges them,
//     and the whole column becomes the mover's.
//   - The capacity of a square is its number of orthogonal neighbours: 4
//     inside, 3 on an edge, 2 in a corner. A column at or above its
//     square's capacity explodes: one man goes to each neighbouring square
//     (whatever stands there becomes the mover's) and the rest stay.
//     Explosions cascade until every column is below capacity, so once a
//     move is over no column is higher than 3.
//   - R-E2: the seed lets the mover choose the order of simultaneous
//     explosions; the library resolves cascades itself because the order
//     cannot matter. Explosions are chip-firing, which is abelian: the
//     final heights and the number of times each square fires are the same
//     in every order. Every exploding column is the mover's and only the
//     mover's men move, so every square that receives a man ends the
//     mover's, and the final colours do not depend on the order either. A
//     property test fires random cascades in random orders and compares.
//   - R-E3: a setup with at least as many men as the board has orthogonal
//     adjacencies is rejected; with fewer, every cascade ends.
//   - Win: the player who leaves the opponent without men wins (reason
//     rules.Elimination). A cascade is always resolved to its end, even
//     when the opponent's last man is taken over by its first explosion.
//     A player with men always has a move. The game has no termination
//     rule (its designer says so); the spec option plylimit=N ends it as a
//     draw after N plies, a library convenience that is not part of the
//     rules and is off by default.
//
// # Game spec
//
//	explocus                              8×8, no ply limit
//	explocus(rows=5,cols=7,plylimit=500)  rows and cols from 3 to 26
//
// # Move notation
//
// A move is its origin and destination, "c3-c5"; the number of men moved
// is the distance. Moves sort by origin, then destination, squares in the
// order a1, b1, ..., a2, ...; AppendMoves lists them in that order.
//
// # Position text
//
// One line of three fields separated by single spaces:
//
//	position = board " " seat " " ply
//	board    = rank *( "/" rank )        ; the top rank first, every square listed
//	rank     = 1*( "." / column )        ; "." is an empty square
//	column   = ( "A" / "B" ) [ "2" / "3" ] ; owner and height (1 when not written)
//	seat     = "A" / "B"                 ; the seat to move
//	ply      = 1*DIGIT                   ; plies played
//
// The start is
//
//	......../.AABBAA./.BBAABB./.AABBAA./.BBAABB./.AABBAA./.BBAABB./........ A 0
//
// The board's size follows from the text. The parser checks that each
// column is below its square's capacity, that R-E3 holds and that the seat
// that moved last has men.
//
// # Errors
//
// Legal and Play return a *rules.MoveError whose Reason is one of the
// Err* values (Kind rules.ErrIllegal), or Kind rules.ErrGameOver after the
// game ends. Malformed text gives a *rules.SyntaxError with the offset.
//
// # Speed
//
// A position is a value of about 900 bytes: a byte of height per square
// and a bitmask per rank of each colour's columns. A cascade keeps its
// work list (a bitmask per rank of squares that may be unstable) and its
// heights on the stack, and fires a column as many times as its height
// allows at once. Move generation into a buffer with room for MaxMoves,
// and both applies, allocate nothing.
package explocus
