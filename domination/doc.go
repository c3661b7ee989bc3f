// Package domination implements Domination, Don Woods' game of pieces and
// dominoes on a torus, exactly and fast, following the rules as Woods
// himself posted them, with two rulings where they are silent.
//
// # Rules
//
// The board is 8×8 and wraps at every edge: leaving one edge re-enters at
// the opposite one (h1 moving right reaches a1). Files a..h run left to
// right, ranks 1..8 bottom to top.
//
//   - R-D1 (start): X, seat 0 (letter A), on d4 and e5; O, seat 1 (letter
//     B), on a8 and h1. X moves first; the position is symmetric.
//   - The 28 dominoes of a double-six set form a pool, face down but
//     common knowledge.
//   - A turn starts with a chance node: the mover draws a domino, uniformly
//     among the k left (probability 1/k each). The caller decides the
//     draw: sample it (rules.SampleChance) or supply a known one when
//     replaying; no random generator lives in a position.
//   - The mover's decision is then the whole turn: move both pieces, one
//     by each number of the domino, either piece first. A blank is any
//     distance from 1 to 6; a double moves both pieces the same distance,
//     and a double blank gives each piece its own distance 1..6. A piece
//     moves in a straight line along a rank or file, wrapping, and never
//     onto or through any piece (of either colour, its partner included)
//     or any domino.
//   - The domino is placed on the square the first piece left as soon as
//     it leaves, before the second piece moves: it blocks the second
//     piece, and one piece can never clear the way for the other.
//   - The legal turns are exactly the complete ones. Turns that read the
//     same (on the torus a step can be 2 one way or 6 the other) are one
//     turn, listed once.
//   - A seat that draws a domino it cannot play both pieces with loses at
//     once: the position after the draw is terminal (reason
//     rules.NoLegalTurn).
//   - R-D2: if the pool is empty at the start of a turn, the game is a
//     draw (reason rules.PoolExhausted). 28 turns fill only 28 of the 60
//     free squares, so this is rare but possible.
//
// # Rulings
//
// Where Woods' rules are silent, these rulings settle it; code, tests and
// error messages cite them by id.
//
// R-D1 (the start, from the diagram of Woods' rules): X on d4 and e5, O
// on a8 and h1. X is seat 0 (letter A) and moves first, as in the worked
// example of Woods' rules (the rules themselves let the players decide who
// goes first); the position is symmetric, so fixing X as the first player
// loses nothing.
//
// R-D2: if the pool is empty at the start of a turn, the game is a draw.
// Woods' rules do not say; 28 turns fill only 28 of the 60 free squares,
// so this is rare but possible.
//
// # Game spec
//
// "domination"; the game has no options.
//
// # Package shape
//
// Domination has the shape every game package of the library shares (hex,
// focus, domination, explocus):
//
//   - Config is the variant. Domination has only one, so Config is an
//     empty struct, and Default is Config{}.
//   - ParseSpec(string) (Config, error) reads a spec text and
//     FromSpec(notation.Spec) (Config, error) an already parsed spec; both
//     accept only "domination" with no options. Config.Spec and
//     Config.String give "domination", and Config.Validate reports nothing:
//     the one configuration is always valid, so Config.Start always gives
//     a game.
//   - Config.Start returns the start (R-D1); New() is Default.Start(), the
//     same as Config{}.Start().
//   - Config.ParsePosition and ParsePosition read position texts (see
//     Position text). Position.Config returns the configuration, and
//     Position.Size() returns the board's (files, ranks), that is columns
//     then rows, (8, 8): the same order in every game.
//   - Square is a square of the board: NewSquare(file, rank) with file 0
//     the file written "a" and rank 0 the rank written "1", and the methods
//     File, Rank, IsValid and String ("d4"). Coordinates off the 8×8 grid
//     give NoSquare (String "?", File and Rank -1): they are never wrapped
//     onto another square, although the board itself wraps at its edges.
//   - Move constructors take squares and tiles: Turn(from1, to1, from2,
//     to2) and Draw(tile). Given NoSquare or NoTile, they return NoMove
//     (String "?"), which Legal and Play refuse at every node with
//     ErrNoSuchMove, a reason that names the board's squares and the
//     dominoes' numbers. ParseMove reads the notation.
//   - Position.Turn() is the seat whose turn it is; Position.PieceAt(sq)
//     and Position.DominoAt(sq) say what stands on a square.
//   - The constant MaxMoves is a buffer size that serves every
//     configuration; the method Position.MaxMoves() is that position's
//     own bound, here the same number, since it holds for every position.
//   - Evaluate(seat) (value float64, ok bool), part of the root contract,
//     is a static estimate of the position for seat. Domination has none:
//     it returns ok false, and search plays random games out to the end.
//   - CanEnd(outcome) reports whether Domination can end with the
//     outcome's scores: a win for either seat, or a draw (R-D2).
//   - Importing the package registers the game with rules.Register, so
//     rules.Open("domination") works.
//
// What differs from the other games on purpose: a turn starts with a
// chance node, so moves are of two kinds, draws (Draw, Move.IsDraw,
// Move.Tile) and turns (Turn, Move.IsTurn, Move.Steps), and a position
// has a drawn tile (Pending) and a pool (Pool). A square holds a piece or
// a domino, so there are two accessors, PieceAt and DominoAt, where the
// other games have one At. Tile is the game's own value, with its own
// invalid value NoTile and its own IsValid.
//
// # Move notation
//
// A draw is the domino's two numbers joined by a dash, the smaller first:
// "2-5" ("5-2" is read too; 0 is a blank). A turn is the first step, a
// comma, then the second step: "d4-b4,e5-e8" moves d4 to b4 first (the
// domino lands on d4), then e5 to e8. The worked example of Woods' rules
// is the record
//
//	2-5 d4-b4,e5-e8 0-3 h1-h4,a8-b8 1-3 e8-h8,b4-b5
//
// Tiles and squares are never wrapped: NewTile(a, b) takes numbers 0..6
// and returns the invalid tile NoTile ("?-?") for anything else,
// NewTile(9, 9) included, and NewSquare returns NoSquare off the 8×8
// grid; Draw(NoTile) and a Turn with NoSquare are NoMove, no move of any
// position.
//
// Turns sort by first origin, first destination, second origin, second
// destination (squares in the order a1, b1, ..., h8); draws by domino
// (0-0, 0-1, ..., 6-6). AppendMoves lists them in that order.
//
// ParseMove returns only *rules.SyntaxError values: text that is not a
// draw or a turn of this notation, or names a square off the board, is a
// syntax error (a move holds no white space, and the notation has no
// words: "pass" is named as an unknown move word). Whether a well-formed move is legal is Legal's job, which
// gives a *rules.MoveError (see Errors). Moves implement
// encoding.TextMarshaler and encoding.TextUnmarshaler: they marshal as
// their notation text and unmarshal from it.
//
// # Position text
//
// One line of four fields separated by single spaces:
//
//	position = board " " seat " " drawn " " pool
//	board    = rank *( "/" rank )             ; ranks 8 to 1, 8 squares each
//	rank     = 1*( "A" / "B" / domino / count )
//	domino   = "[" tile "]"                   ; a placed domino
//	tile     = digit "-" digit                ; 0..6 each, the smaller first
//	count    = %x31-38                        ; that many empty squares
//	seat     = "A" / "B"                      ; whose turn (X is A, O is B)
//	drawn    = tile / "-"                     ; the domino drawn this turn, "-" before the draw
//	pool     = tile *( "," tile ) / "-"       ; the face-down tiles, in order
//
// The start is "B7/8/8/4A3/3A4/8/8/7B A - 0-0,0-1,...,6-6". A position
// text is refused, with a *rules.SyntaxError at the offset of the problem,
// unless each seat has exactly two pieces, every one of the 28 tiles is in
// exactly one place (on the board, drawn or in the pool; none twice, none
// missing), and the seat to move fits the number of placed dominoes (X
// moves first, and each turn places one). A board with fewer than two
// dominoes placed must moreover be one that play reaches: with none, nobody
// has moved, and the pieces stand on their start squares (R-D1); with
// one, X has made the only turn, and the board is the start after one of
// X's turns with that domino. Later boards are checked for the counts
// above alone: which squares the pieces and dominoes can have reached
// depends on the whole history, which a text does not hold. Diagram draws
// the board as Woods' rules do, with X and O.
//
// In every game of the library a position text may begin with the
// canonical game spec followed by one space; a position writes the spec
// exactly when the rest of its text would not determine its
// configuration. Domination has one configuration, which a text without a
// spec implies, so a position never writes a spec; a leading spec is
// still accepted when it is valid, which for this game means
// "domination()" with no options. Config.ParsePosition and ParsePosition
// read the same texts (a text whose spec names another game is refused).
// Positions implement encoding.TextMarshaler and, with a pointer receiver,
// encoding.TextUnmarshaler, so a struct holding a position round-trips
// through encoding/json.
//
// # The invalid value
//
// The zero Position is no game: it is the inert invalid value of the
// root contract, and the position every failed parse returns with its
// error (Start cannot fail: the one configuration is valid). It reports
// IsValid false, Seats 0, ToMove rules.Terminal, Outcome the
// rules.Invalid outcome (result "?"), no moves and no chances; Legal
// refuses every move with a *rules.MoveError of kind rules.ErrNoGame, Play
// returns the invalid value with that error, and PlayUnchecked returns the
// invalid value. Evaluate and Rollout report ok false, CanEnd is false,
// Hash is 0, Spec is "", Size is (0, 0), MaxMoves is 0, Turn is
// rules.Terminal (no seat's turn), Pieces gives NoSquares and Pending and
// DominoAt NoTile. String and Diagram give "<invalid domination
// position>", which every reader refuses, and MarshalText refuses it with
// a *rules.NoGameError, so encoding/json does too.
//
// # What the hash covers
//
// Hash is a Zobrist hash of what decides the game from the position on:
// a key of the game (so that no position hashes to 0, the invalid
// value's hash), the pieces of each seat, the placed dominoes with their
// tiles, the drawn tile and the seat to move. The pool is every tile
// neither placed nor drawn, and whether the mover has lost follows from
// the board and the drawn tile, so both are covered without keys of their
// own. Nothing else is in a position: two positions with the same hash
// are, but for a 64-bit collision, the same game from there on, whatever
// order of turns reached them.
//
// # Errors
//
// Legal and Play return a *rules.MoveError: Kind rules.ErrNoGame on the
// invalid value, rules.ErrIllegal with ErrNoSuchMove for NoMove,
// rules.ErrGameOver after the end, rules.ErrWrongNode for a turn before
// the draw (with the reason ErrDrawExpected: "a domino is to be drawn
// first") or a draw after it (ErrTurnExpected), or rules.ErrIllegal with another of the
// Err* reasons. Malformed text, moves included, gives a
// *rules.SyntaxError with the offset.
//
// # Speed
//
// A position is about 110 bytes. Turn generation is table-driven over the
// torus: precomputed rays give each piece's landings as a bitboard, the
// second piece's landings are recomputed only when the first piece lands
// in its line of sight, and the turns come out sorted and unique without
// sorting. It and both applies allocate nothing given a buffer with room
// for MaxMoves.
package domination
