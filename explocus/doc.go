// Package explocus implements Explocus (Martin Medema): Focus movement with
// exploding columns, exactly and fast, following the rules as published by
// MindSports, with three rulings where they are silent or leave a choice.
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
//   - R-E2: the published rules let the mover choose the order of
//     simultaneous explosions; the library resolves cascades itself
//     because the order cannot matter. Explosions are chip-firing, which is
//     abelian: the final heights and the number of times each square fires
//     are the same in every order. Every exploding column is the mover's
//     and only the mover's men move, so every square that receives a man
//     ends the mover's, and the final colours do not depend on the order
//     either. A property test fires random cascades in random orders and
//     compares.
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
// # Rulings
//
// Where the published rules are silent or leave a choice, these rulings
// settle it; code, tests and error messages cite them by id.
//
// R-E1 (board and start; the diagram of the published rules is lost): an
// 8×8 board with no squares removed, and 18 single men of each colour on
// the central 6×6 in the same pairs pattern as the start of Focus (ranks
// 7 to 2 reading b..g: AABBAA, BBAABB, AABBAA, BBAABB, AABBAA, BBAABB).
// White is A, seat 0, and moves first. The board size (rectangular, at
// least 3×3) and the start are configurable.
//
// R-E2: the published rules let the mover choose the order in which
// simultaneous explosions are executed. Every exploding column belongs to
// the mover, and chip-firing is order-independent (the final heights, the
// colours and the number of times each square fires are the same in every
// order), so the library resolves cascades automatically, documents why
// (see Rules), and a property test confirms order independence on random
// positions.
//
// R-E3: a setup with at least as many men as the board has orthogonal
// adjacencies (Config.Adjacencies) is rejected, which guarantees that
// every cascade ends.
//
// # Game spec
//
//	explocus                              8×8, no ply limit
//	explocus(rows=5,cols=7,plylimit=500)  rows and cols from 3 to 26
//
// The canonical spec always writes rows and cols, and plylimit when it is
// set: "explocus(rows=8,cols=8)".
//
// # Package shape
//
// Explocus has the shape every game package of the library shares (hex,
// focus, domination, explocus):
//
//   - Config is the variant: the board size (Rows, Cols) and the ply limit
//     (PlyLimit). Default is the configuration of a bare "explocus" spec,
//     8×8 with no ply limit.
//   - ParseSpec(string) (Config, error) reads a spec text and
//     FromSpec(notation.Spec) (Config, error) an already parsed spec;
//     Config.Spec and Config.String give the canonical spec, and
//     Config.Validate reports a configuration the package cannot play.
//   - Config.Start returns the start of a configuration (R-E1); New() is
//     Default.Start(), the standard 8×8 start.
//   - Config.ParsePosition and ParsePosition read position texts (see
//     Position text). Position.Config returns a position's configuration,
//     and Position.Size() returns its (files, ranks), that is (cols, rows):
//     columns then rows, the same order in every game.
//   - The constant MaxMoves is a buffer size that serves every
//     configuration; the method Position.MaxMoves() is that position's own
//     bound, four moves per man on the board (at most MaxMoves), which
//     holds for the rest of the game too, since men are only ever
//     converted, never created or removed.
//   - Evaluate(seat) (value float64, ok bool), part of the root contract,
//     estimates the position for seat in [-1, 1] without playing on, so
//     that search can cut short random games that rarely end. Explocus
//     evaluates (ok is true): each man counts 1 and each column ½ (columns
//     are mobility), and the difference is squashed into (-1, 1); a
//     finished game gives its return.
//   - CanEnd(outcome) reports whether a game of the configuration can end
//     with the outcome's scores: a win for either seat, or a draw only
//     with a ply limit (the rules have none).
//   - Importing the package registers the game with rules.Register, so
//     rules.Open("explocus(rows=6,cols=7)") works.
//
// # Move notation
//
// A move is its origin and destination, "c3-c5"; the number of men moved
// is the distance. Moves sort by origin, then destination, squares in the
// order a1, b1, ..., a2, ...; AppendMoves lists them in that order.
//
// ParseMove returns only *rules.SyntaxError values: text that is not a
// move of this notation, or names a square off the position's board, is
// a syntax error. Whether a well-formed move is legal is Legal's job,
// which gives a *rules.MoveError (see Errors). Moves implement
// encoding.TextMarshaler and encoding.TextUnmarshaler: they marshal as
// their notation text and unmarshal from it.
//
// # Position text
//
// One line of three fields separated by single spaces, optionally
// preceded by the canonical game spec and one space:
//
//	text     = [ spec " " ] position     ; spec: the canonical game spec
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
// The board's size follows from the text. A position text is refused,
// with a *rules.SyntaxError at the offset of the problem, unless every
// rank has the board's width, each column is below its square's capacity
// (a move ends only when every cascade has), R-E3 holds, the seat that
// moved last has men, the seat to move is the one the ply says (A at even
// plies: the seats alternate, White first, and nobody passes), and the ply
// is not past the ply limit, which ends the game.
//
// Ruling: the number of men is not checked against the configuration's
// start. The rules conserve the men in all (a move or an explosion only
// converts men, never creates or removes one), but not each side's, and
// any other start can be given as a position text (R-E1), so a text
// cannot tell which start its game had.
//
// A text without a spec (a bare text) implies its configuration: the
// board size counted from the text, and no ply limit. A position writes
// the spec exactly when the rest of its text would not determine its
// configuration, and the rest is then read in that configuration; so a
// position writes the spec when its game has a ply limit:
//
//	explocus(rows=8,cols=8,plylimit=500) ......../.AABBAA./.BBAABB./.AABBAA./.BBAABB./.AABBAA./.BBAABB./........ A 0
//
// Config.ParsePosition reads a bare text in its own configuration, and
// refuses a text whose spec names another configuration. The package-level
// ParsePosition reads the spec when there is one, and otherwise the
// configuration a bare text implies. Positions implement
// encoding.TextMarshaler and, with a pointer receiver,
// encoding.TextUnmarshaler (reading as ParsePosition does), so a struct
// holding a position round-trips through encoding/json.
//
// # Errors
//
// Legal and Play return a *rules.MoveError whose Reason is one of the
// Err* values (Kind rules.ErrIllegal), or Kind rules.ErrGameOver after the
// game ends. Malformed text, moves included, gives a *rules.SyntaxError
// with the offset.
//
// # Speed
//
// A position is a value of about 900 bytes: a byte of height per square
// and a bitmask per rank of each colour's columns. A cascade keeps its
// work list (a bitmask per rank of squares that may be unstable) and its
// heights on the stack, and fires a column as many times as its height
// allows at once. Move generation into a buffer with room for MaxMoves
// (or the position's own MaxMoves()), and both applies, allocate nothing.
package explocus
