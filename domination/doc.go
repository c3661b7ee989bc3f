// Package domination implements Domination, Don Woods' game of pieces and
// dominoes on a torus (RULES.md §3, seed 001), exactly and fast.
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
// # Game spec
//
// "domination"; the game has no options.
//
// # Move notation
//
// A draw is the domino's two numbers joined by a dash, the smaller first:
// "2-5" ("5-2" is read too; 0 is a blank). A turn is the first step, a
// comma, then the second step: "d4-b4,e5-e8" moves d4 to b4 first (the
// domino lands on d4), then e5 to e8. The seed's example is the record
//
//	2-5 d4-b4,e5-e8 0-3 h1-h4,a8-b8 1-3 e8-h8,b4-b5
//
// Turns sort by first origin, first destination, second origin, second
// destination (squares in the order a1, b1, ..., h8); draws by domino
// (0-0, 0-1, ..., 6-6). AppendMoves lists them in that order.
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
// The start is "B7/8/8/4A3/3A4/8/8/7B A - 0-0,0-1,...,6-6". The parser
// checks that each seat has two pieces, that every tile is in exactly one
// place (the pool, the board or drawn), and that the seat to move fits the
// number of placed dominoes (X moves first). Diagram draws the board as
// the seed does, with X and O.
//
// # Errors
//
// Legal and Play return a *rules.MoveError: Kind rules.ErrWrongNode for a
// turn before the draw or a draw after it, rules.ErrGameOver after the
// end, or rules.ErrIllegal with one of the Err* reasons.
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
