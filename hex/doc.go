// Package hex implements Hex, the connection game of Piet Hein (1942) and
// John Nash, exactly as the rules below give it, on boards from 1×1 to
// 26×26, square or rectangular.
//
// # Rules
//
// These are the rules the package plays; its tests cite them by name.
//
//   - H1 (board): the board is a rhombus of C×R hexagonal cells, 1 ≤ C,
//     R ≤ 26. Column letters a.. run left to right and row numbers 1.. run
//     top to bottom (HexGui, SGF GM[11]); a1 is the top-left cell.
//   - H2 (neighbours): the neighbours of (c, r) are (c±1, r), (c, r±1),
//     (c+1, r−1) and (c−1, r+1), and no other cell: a1 and b2 are not
//     neighbours, b1 and a2 are.
//   - H3 (seats and colours): seat 0 plays Black, moves first, and joins
//     the top and bottom rows; seat 1 plays White and joins the left and
//     right columns (until a swap-sides exchanges the colours, R-H1).
//   - H4 (moves): a move puts a stone of the mover's colour on an empty
//     cell; the turn then passes. The pie rule adds the swap (R-H1).
//   - H5 (the end): the first player whose stones join their two sides
//     wins. A full board always has exactly one side joined, so there are
//     no draws, and the game always ends.
//
// # Pie rule (R-H1)
//
// After the first stone the second player may swap instead of placing.
// The spec option swap selects how:
//
//   - swap=sides (the default; the classic pie rule): the players exchange
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
// # Rulings
//
// Where the sources are silent or disagree, this ruling settles it; code,
// tests and error messages cite it by its id (R-H1), as they cite the
// rules above (H1 to H5).
//
// R-H1: the pie rule of the classic rules is swap-sides. After the first
// stone, the second player may, instead of placing a stone, exchange
// colours with the first player: the stone stays where it is, and the
// player who placed it now plays the other colour and moves next. The
// library also offers swap-pieces (the stone is replaced by one of the
// other colour mirrored in the long diagonal, as many web sites play) and
// no swap at all; the spec option swap chooses. Outcomes are reported per
// seat, so a swap never confuses who won.
//
// # Game spec
//
//	hex                          11×11, swap=sides
//	hex(size=13,swap=pieces)     size=N for N×N, 1 ≤ N ≤ 26
//	hex(size=9x11,swap=none)     size=CxR: C columns, R rows
//
// The canonical spec writes every option: "hex(size=11,swap=sides)".
//
// # Package shape
//
// Hex has the shape every game package of the library shares (hex, focus,
// domination, explocus):
//
//   - Config is the variant: the board size (Cols, Rows) and the pie rule
//     (Swap). Default is the configuration of a bare "hex" spec, 11×11
//     with swap=sides, and Sized(n) is the n×n board with the default pie
//     rule.
//   - ParseSpec(string) (Config, error) reads a spec text and
//     FromSpec(notation.Spec) (Config, error) an already parsed spec;
//     Config.Spec and Config.String give the canonical spec, and
//     Config.Validate reports a configuration the package cannot play.
//   - Config.Start returns the start of a configuration, the empty board:
//     hex.Sized(13).Start() is the empty 13×13 board. New() is
//     Default.Start(), the empty 11×11 board with swap=sides. Start of a
//     configuration Validate refuses (Config{Cols: 40, Rows: 40}, a swap
//     mode out of range, swap=pieces on a board that is not square) is
//     the invalid value: nothing is clamped or repaired into a game.
//   - Config.ParsePosition and ParsePosition read position texts (see
//     Position text). Position.Config returns a position's configuration,
//     and Position.Size() returns its (files, ranks), that is columns then
//     rows, the same order in every game.
//   - The constant MaxMoves is a buffer size that serves every
//     configuration (no position on any board has more legal moves,
//     MaxSize×MaxSize + 1); the method Position.MaxMoves() is that
//     position's own bound, its number of cells + 1.
//   - Evaluate(seat) (value float64, ok bool), part of the root contract,
//     is a static estimate of the position for seat. Hex has none: it
//     returns ok false, and search plays random games out to the end.
//   - CanEnd(outcome) reports whether a game of the position's
//     configuration can end with the outcome's scores: one seat wins, the
//     other loses, never a draw.
//   - Importing the package registers the game with rules.Register, so
//     rules.Open("hex(size=13)") works.
//   - Square, NewSquare(file, rank) and NoSquare name cells; Place(sq)
//     builds a move and Move.Square gives its cell back; NoMove is the
//     move of no cell; Position.At(sq) gives a cell's colour; and
//     Position.Turn() the seat whose turn it is (see Squares and moves,
//     and Seats and colours).
//   - The kit for search and learning, part of the root contract:
//     NumActions, ActionIndex and ActionMove number the moves densely;
//     ObservationShape and AppendObservation give planes for networks
//     (ObservationPlanes of them); Symmetries, Transform and
//     TransformMove give the half-turn (see Actions, observations and
//     symmetries).
//
// # Squares and moves
//
// A Square is a cell of the grid every board is cut from, MaxSize files
// (columns a to z) by MaxSize ranks (rows 1 to 26, row 1 at the top).
// NewSquare(file, rank) takes 0-based coordinates: file 0 is written "a",
// rank 0 is written "1", so NewSquare(2, 2) is c3. Coordinates off that
// grid give NoSquare, never a square that wraps around: NewSquare(258, 2)
// is NoSquare, not c3. A square on the grid but off a smaller board (u3
// on an 11×11 board) is a square all the same; that board's Legal
// refuses a stone there with ErrOffBoard.
//
// Place(sq) is the move that puts a stone on sq, and Place(NoSquare) is
// NoMove, which every position of a game refuses, over or not: Legal and
// Play give Kind rules.ErrIllegal with Reason ErrNoSuchSquare ("no such
// square: files run from a to z and ranks from 1 to 26"; the invalid
// value refuses it, like every move, with rules.ErrNoGame). It prints as
// "?", does not marshal, and is what a failed ParseMove returns. Swap
// is the pie-rule move. Move.Square gives a placement's square back
// (NoSquare for the swap and NoMove).
//
// # Seats and colours
//
// Every game of the module speaks of seats (rules.Player: A is seat 0,
// B seat 1), and Hex does too: ToMove, Turn, Outcome and the records are
// in seats. Hex also has colours (Color: Black and White) because the
// pie rule makes them differ: after a swap-sides, seat 1 plays Black.
// SeatOf(colour) and ColorOf(seat) convert; the colour to move is
// ColorOf(Turn()). Stones (At, Winner) and the position text are in
// colours, since the board shows colours, not owners.
//
// # Move notation
//
// A cell is its column letter and row number, "c3", "k10"; "swap" is the
// pie-rule move, and "swap-sides" or "swap-pieces" are read as "swap" when
// they name the game's mode. Input may use upper case ("K10", "SWAP");
// output is lower case. Moves sort in reading order (a1, b1, ..., a2, ...)
// with the swap last; AppendMoves lists them in that order.
//
// ParseMove returns only *rules.SyntaxError values, with NoMove: text
// that is not a cell or a swap, a cell off the position's board and the
// name of the other swap mode are syntax errors (a move holds no white
// space, and a word other than the swap's, such as "pass", is named as an
// unknown move word). Whether a well-formed move may be played now is
// Legal's job, which gives a *rules.MoveError (see Errors). Moves
// implement encoding.TextMarshaler and encoding.TextUnmarshaler: they
// marshal as their notation text and unmarshal from it (a failed read
// leaves NoMove); NoMove, which has no text, does not marshal.
//
// # Position text
//
// A position is one line of three fields separated by single spaces,
// optionally preceded by the canonical game spec and one space:
//
//	text     = [ spec " " ] position    ; spec: the canonical game spec
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
// where seat 0 (White) is to move and seat 1 owns the Black stone. A
// position text is refused, with a *rules.SyntaxError at the offset of
// the problem, unless it is a position the game can reach:
//
//   - each row has the board's width and the board has its rows;
//   - Black has as many stones as White or one more (after swap-pieces,
//     White as many as Black or one more, and at least one), and the
//     colour to move is the one the counts say;
//   - a swap is the game's mode, and swap-sides has its stone on the board;
//   - at most one side is connected, never the side to move, and a
//     connected side has a stone that can have been placed last: removing
//     it leaves the side unconnected (and a swapped stone in place), so
//     the game did not end earlier.
//
// Every position a game can reach is read; the package's random games
// check it.
//
// A text without a spec (a bare text) implies its configuration: the
// board size counted from the text, and the pie rule swap=sides, or
// swap=pieces when the text's swap field says pieces were swapped. A
// position writes the spec exactly when the rest of its text would not
// determine its configuration, and the rest is then read in that
// configuration. So a Hex position writes the spec for swap=none, and
// for swap=pieces before the swap is played:
//
//	hex(size=7,swap=none) 7/7/7/7/7/7/7 b -
//	hex(size=3,swap=pieces) 3/1B1/3 w -
//
// while "3/1B1/3 w sides" and "3/3/1W1 b pieces" need none.
//
// Config.ParsePosition reads a bare text in its own configuration, and
// refuses a text whose spec names another configuration. The package-level
// ParsePosition reads the spec when there is one, and otherwise the
// configuration a bare text implies. Positions implement
// encoding.TextMarshaler and, with a pointer receiver,
// encoding.TextUnmarshaler (reading as ParsePosition does), so a struct
// holding a position round-trips through encoding/json.
//
// # The invalid value
//
// The zero Position is the invalid value of the contract (see
// rules.Position and rules.Kit, which say how every method treats it):
// what every failed parse returns (UnmarshalText leaves it behind) and
// what Start returns for a configuration Validate refuses. Where Hex
// adds to the contract: MaxMoves is 0, Config is the zero Config, Size
// (0, 0), Turn rules.Terminal, ColorOf, At and Winner Empty,
// TransformMove NoMove; its
// text is "<invalid hex position>"; ParseMove reads a move as on the
// largest board, which Legal then refuses with rules.ErrNoGame.
//
// # What the hash covers
//
// Hash is a 64-bit Zobrist hash, kept up to date move by move. It covers
// everything that decides the game from the position on (the legal
// moves, the outcome, now and after any moves):
//
//   - the variant: a key of the board size and the swap mode, XORed in
//     at the start, so the empty board's hash is not 0 and positions of
//     different variants hash apart;
//   - the stones, each colour on each cell;
//   - the swap played, if any (swap-sides or swap-pieces).
//
// The colour and seat to move, the winner, whether the swap is still
// available and the ply follow from these (the ply is the number of
// stones, plus one after a swap), so the hash needs nothing more:
// positions with equal hashes are, but for a 64-bit collision, the same
// game from there on, and transpositions (the same stones placed in
// another order) meet. Every position of a game has a non-zero hash (its
// top bit is set); the invalid value's is 0. The keys are fixed, so
// hashes can be stored.
//
// # Actions, observations and symmetries
//
// The kit for search and learning numbers the moves densely, shows a
// position to a network as planes of numbers, and turns it by the
// board's symmetries (the methods of the rules.Position contract; none
// allocates, AppendObservation given the room).
//
// Actions. A variant numbers every move it can ever list:
//
//   - a stone on the cell of file f and rank r (0-based: a1 is (0, 0),
//     b1 is (1, 0)) has index r×Cols + f, so the cells come in reading
//     order, a1, b1, ..., a2, ..., as AppendMoves lists them;
//   - the swap, in a variant with a pie rule (swap=sides or
//     swap=pieces), has the last index, Cols×Rows.
//
// NumActions is Cols×Rows + 1, or Cols×Rows for swap=none: 122 for
// "hex" (11×11, swap=sides), 121 for hex(size=11,swap=none), 170 for
// hex(size=13), 100 for hex(size=9x11) and 99 for
// hex(size=9x11,swap=none). Every index is a move that some position of
// the variant lists, but for the swap on a board one row high, where
// Black's first stone wins at once: it keeps its index, so that one
// formula serves every board. ActionIndex is -1 for anything else:
// NoMove, a cell off the board, the swap of swap=none, any move on the
// invalid value. ActionMove(i) is the move of index i, and refuses i
// outside [0, NumActions). Hex has no chance: NumChanceActions is 0 and
// ChanceMove refuses every index.
//
// Observations. ObservationShape is (ObservationPlanes, Rows, Cols): ten
// planes of the board as it lies, the cell of file f and rank r at
// offset r×Cols + f of each plane (its action index), each value 0 or 1.
// AppendObservation(buf, seat) shows the position to seat ("own" is the
// colour seat plays at this position, which a swap-sides changes), plane
// by plane:
//
//   - 0, own stones: 1 on the cells of seat's stones;
//   - 1, the opponent's stones;
//   - 2, own first side: 1 on the row or column seat's stones must join
//     first: the top row (rank 1) for Black, the left column (file a)
//     for White;
//   - 3, own second side: the bottom row for Black, the right column
//     for White;
//   - 4, colour: 1 everywhere if seat plays Black (and joins the top and
//     bottom rows), 0 if White (left and right columns);
//   - 5, to move: 1 everywhere if it is seat's turn (Turn, which stays
//     set once the game is over, as in the module's other games), 0
//     otherwise;
//   - 6, swap now: 1 everywhere if the swap is legal (the second move of
//     a variant with a pie rule);
//   - 7, swapped: 1 everywhere once a swap, of either kind, has been
//     played;
//   - 8, swap=sides: 1 everywhere in a swap=sides variant;
//   - 9, swap=pieces: 1 everywhere in a swap=pieces variant (planes 8
//     and 9 are both 0 for swap=none).
//
// Together they hold everything that decides the game from the position
// on: the stones and their owners, the sides each seat joins, the seat
// to move, whether the swap may be played and what it would do (planes
// 6, 8 and 9), and the variant itself, so that positions of different
// variants never look the same, not even those of boards of equal area
// (3×3 and 9×1: planes 2 and 3 give the board's width) or of pie rules
// that no longer matter (planes 8 and 9). Plane 7 tells whether the
// seats exchanged roles, which the hash covers too. Hex has no ply limit,
// and no plane counts plies.
//
// The board is never transposed: both seats see it as it lies, whichever
// colour they play, and the direction a seat joins is in planes 2 to 4.
// Many Hex networks transpose the board for White instead, so that the
// seat to move always joins top and bottom; that view exists only on
// square boards (a rectangular board's would change shape with the
// colour), and it would part a cell's offset in the planes from its
// action index, so that policies would need transposing too. On a
// square board a network that wants it can build it: for a seat playing
// White, transpose every plane ((f, r) to (r, f)) and the policy (index
// r×Cols + f to f×Cols + r, the swap unchanged).
//
// Symmetries. Symmetries is 2 on every board: k = 0 is the identity and
// k = 1 the half-turn, which takes the cell (f, r) to (Cols−1−f,
// Rows−1−r), so action index i to Cols×Rows−1−i, and the swap to itself.
// The half-turn keeps the rules: the neighbours of rule H2, the offsets
// ±(1, 0), ±(0, 1) and ±(1, −1), go to neighbours; it takes the top row
// to the bottom row and the left column to the right one, so each colour
// joins its own two sides still; and it commutes with both swaps (on a
// square board of n cells a side, the mirror of swap=pieces, (f, r) to
// (r, f), and the half-turn both give (n−1−r, n−1−f)), so the seat to
// move, the pie-rule state, the ply and the outcome are unchanged. The
// observation of Transform(1) is the observation turned half a turn,
// each plane's value at (f, r) moved to (Cols−1−f, Rows−1−r), with planes
// 2 and 3 exchanged (a seat's first side becomes the one it joins
// second): a network's inputs are augmented so, not by the turn alone.
// No other transformation of the board is a symmetry of the rules: mirrors
// left to right or top to bottom break the neighbours (b1 and a2 are
// neighbours, a1 and b2 are not), and the mirrors in the diagonals,
// which keep them on square boards, exchange Black's sides with White's,
// so they map a position to one with the colours exchanged (the mirror in
// the long diagonal is exactly swap=pieces's, which exchanges the colours
// with it): they are no symmetry of a game in which the seats play their
// colours.
//
// # Errors
//
// Legal and Play return a *rules.MoveError whose Reason is one of
// ErrOccupied, ErrOffBoard (a square of the grid off this board),
// ErrNoSuchSquare (NoMove, or another value that is no move),
// ErrNoSwapRule or ErrSwapTooLate (Kind rules.ErrIllegal); Kind
// rules.ErrGameOver after the game ends; Kind rules.ErrNoGame on the
// invalid value. Malformed text, moves included, gives a
// *rules.SyntaxError with the offset.
//
// # Speed
//
// A Position is a value of about 440 bytes: one bit per cell and colour,
// plus, for each colour, the stones already joined to each of its sides,
// and the hash of the position turned half a turn, so that Transform
// need not compute it.
// Those sets only grow, so keeping them costs O(cells) over a whole game
// and a stone that lands in both has just won. AppendMoves into a buffer
// of capacity MaxMoves (or the position's own MaxMoves()) and both
// applies allocate nothing, and neither do ActionIndex, ActionMove,
// Transform, TransformMove, and AppendObservation into a buffer with
// room for ObservationPlanes×Rows×Cols more values.
package hex
