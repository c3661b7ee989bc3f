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
//     NoLegalTurn).
//   - R-D2: if the pool is empty at the start of a turn, the game is a
//     draw (reason PoolExhausted). 28 turns fill only 28 of the 60
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
// ParseMove returns only *rules.SyntaxError values: text that is not a draw
// or a turn of this notation, or names a square off the board, is a syntax
// error (a move holds no white space, and the notation has no words: "pass"
// is named as an unknown move word). Whether a well-formed move is legal is
// Legal's job, which gives a *rules.MoveError (see Errors). Moves implement
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
//	count    = %x31-38                        ; that many empty squares, never
//	                                          ; next to another count
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
// has moved, and the pieces stand on their start squares (R-D1) or on
// their image under a quarter turn of the board, X on d5 and e4 and O on
// a1 and h8 (the board's symmetries map one start onto the other, and
// play cannot tell them apart: see "Actions, observations and
// symmetries"); with one, X has made the only turn, and the board is one
// of these starts after one of X's turns with that domino. Later boards
// are checked for the counts above alone: which squares the pieces and
// dominoes can have reached depends on the whole history, which a text
// does not hold. Diagram draws the board as Woods' rules do, with X and
// O.
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
// # Actions, observations and symmetries
//
// For search and learning, a position gives each move a dense index,
// shows itself as planes of numbers, and maps onto its images under the
// board's symmetries (the kit of rules.Position). The typed calls
// allocate nothing (given an observation buffer with room) and cost less
// than a Play of a turn.
//
// Actions. A turn is indexed by the pieces of the seat whose turn it is,
// taken in square order (a1 = 0, b1 = 1, ..., h8 = 63): the lower
// square's piece is piece 0, the other piece 1. The index of a turn is
//
//	first·196 + s1·14 + s2
//
// where first is the piece that steps first (0 or 1), and s1 and s2 are
// the landings of the first and the second step: a landing s of 0 to 6 is
// the square s+1 files east along the piece's rank, wrapping (so 6 is one
// file west), and a landing of 7 to 13 the square s−6 ranks north along
// its file (13 is one rank south). NumActions is 2·14·14 = 392 (the
// constant NumActions, and MaxMoves): a step lands on one of the 14
// other squares of the piece's rank and file (the torus makes 2 one way
// and 6 the other one landing, one index, as they are one turn), and
// either piece may step first. No smaller space holds every turn: which
// landings are blocked depends on where the pieces and dominoes stand.
// Since the pieces move, an index means a turn of this position's pieces:
// ActionMove(i) is that turn, legal here or not, and ActionIndex is -1 for
// a turn of other squares, a step off the piece's rank and file, or no
// move. The worked example's first turn, d4-b4,e5-e8, is 0·196 + 5·14 + 9
// = 79 (d4 is the lower square; 2 west is 6 east; 3 north). Draws have
// their own space: a draw's chance index is its tile, 0 (0-0) to 27
// (6-6), at any node; NumChanceActions is 28.
//
// Ply counts every draw and every turn: twice the dominoes placed, plus
// one once this turn's domino is drawn. It follows from the pool and the
// drawn domino, so a position read from text has it too.
//
// Observations. AppendObservation appends 12 planes of 8×8 values
// (ObservationPlanes; ObservationShape is 12, 8, 8), row r of a plane
// being rank r+1 and column f file f, so that value 64·plane + s is square
// s. Everything in a position is common knowledge; the planes show it
// from seat's view, its own pieces first:
//
//   - 0: seat's pieces, 1 on their squares.
//   - 1: the opponent's pieces.
//   - 2: the placed dominoes, 1 on each. Their numbers decide nothing
//     from here on (the pool does), so they are not shown.
//   - 3 to 9: the drawn domino: plane 3+n holds, on every square, the
//     number of the domino's halves showing n, over 2 (0.5 for a domino
//     with one n, 1 for the double n). All 0 before the draw.
//   - 10: the pool: 1 at row a, column b and at row b, column a for each
//     tile a-b face down (a and b from 0 to 6; row and column 7 stay 0).
//   - 11: 1 on every square when it is seat's turn (to draw or to move),
//     else 0.
//
// Positions with equal hashes look the same, and two positions that look
// the same to the seat to move are the same game from there on.
//
// Symmetries. The board is a torus: every rule walks rays along ranks
// and files, wrapping, counts steps and stops at obstacles, the same from
// every square and in every direction; nothing depends on where a square
// is. So the rules keep every map of the squares that keeps ranks, files
// and steps along them: the eight symmetries of the square and the 64
// translations of the torus. Symmetries returns 8 (NumSymmetries), those
// of the square about the centre of the board (the corner shared by d4,
// e4, d5 and e5):
//
//	k = 0  identity
//	k = 1  half turn
//	k = 2  mirror of the files (a↔h)
//	k = 3  mirror of the ranks (1↔8)
//	k = 4  quarter turn clockwise (a1 to a8)
//	k = 5  quarter turn counter-clockwise (a1 to h1)
//	k = 6  reflection in the a1-h8 diagonal (file↔rank)
//	k = 7  reflection in the a8-h1 diagonal
//
// The translations are left out: a convolutional network with circular
// padding has them built in. Transform moves the pieces and the placed
// dominoes to their images and keeps the drawn domino, the pool and the
// seat; TransformMove moves a turn's four squares and keeps a draw. The
// start (R-D1) need not be symmetric, and is not quite: symmetries 0, 1,
// 6 and 7 keep it, and the others give its image under a quarter
// turn, which a position text may therefore start from (see Position
// text). A symmetry moves the mover's pieces, and may swap which is the
// lower, so the index of a move's image is the transformed position's:
// p.Transform(k).ActionIndex(p.TransformMove(k, m)); the permutation of
// the action space that a symmetry makes depends on the position.
//
// # The invalid value
//
// The zero Position is the invalid value of the contract (see
// rules.Position and rules.Kit): what every failed parse returns (Start
// cannot fail: the one configuration is valid). Where Domination adds to
// the contract: Size is (0, 0), MaxMoves 0, Turn rules.Terminal (no
// seat's turn), Pieces NoSquares, Pending and DominoAt NoTile,
// TransformMove NoMove; its text is "<invalid domination position>".
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
