// Package focus implements Focus (Sid Sackson, 1963; also sold as
// Domination): the standard two-player game of RULES.md §1.1, exactly and
// fast, and every variant of §1.2: drop setup, restricted drops, the
// opening swap, three and four players, two teams, the short game and
// Nowak's checkers-like game.
//
// # Rules
//
// The board is the 8×8 grid without the three squares at each corner
// (a1 b1 a2, g1 h1 h2, a7 a8 b8, g8 h8 h7): 52 squares, each rank and file
// one unbroken run. Files a..h run left to right, ranks 1..8 bottom to
// top. Each seat has 18 pieces of its colour: seat 0 is A and moves first,
// seat 1 is B. R-F1 (the start): 18 single pieces each on the central
// 6×6, in pairs ('#' marks the removed squares):
//
//	    a b c d e f g h
//	8   # # . . . . # #
//	7   # A A B B A A #
//	6   . B B A A B B .
//	5   . A A B B A A .
//	4   . B B A A B B .
//	3   . A A B B A A .
//	2   # B B A A B B #
//	1   # # . . . . # #
//
// Then, in turn:
//
//   - Control: the colour of a stack's top piece controls it; only that
//     seat moves it.
//   - Move: take the top k pieces (1 ≤ k ≤ height) of a stack you control
//     and move them exactly k squares along a rank or file, jumping over
//     anything between. The rest stays, controlled by whoever's piece is
//     now on top. A move that would reach a removed square leaves the board
//     and is illegal.
//   - Landing: on an empty square or on top of any stack.
//   - Height limit: a stack over 5 loses pieces from its bottom until 5
//     remain; the mover's own go to the mover's reserve, the others are
//     captured (out of the game).
//   - Drop: instead of moving, put one reserve piece on any square, empty
//     or not (a drop on a 5-stack trims its bottom piece as above). A seat
//     that controls no stack must drop.
//   - End: the seat to move with no legal move loses. There is no passing,
//     draw or repetition rule.
//   - R-F2: a controlled stack always has a legal move (every square has
//     an on-board neighbour), so "no legal move" is "no controlled stack
//     and no reserve"; the package tests this on every square.
//   - R-F3: the spec option plylimit=N ends the game as a draw after N
//     plies. It is a library convenience (bots need games that end), not
//     part of the rules, and off by default. A seat left without a move
//     loses even at the limit: the rules come first.
//
// # Variants
//
//   - setup=drop (seed 000): the board starts empty and each seat's 18
//     pieces are in its reserve. The seats place one piece at a time, seat
//     0 first, on an empty square or a stack they control, never making a
//     stack over 5; once all 36 are placed, play starts with seat 0.
//   - drops=restricted (seed 000): a drop goes only onto an empty square
//     or a stack the dropper controls. A drop on an own stack of 5 is
//     allowed and trims it as usual (the rule restricts where, not what
//     follows). There is always an empty square, so R-F2 still holds.
//   - swap=true (seed 002): before the first move, seat 0 then seat 1
//     exchange two single pieces of different colours on the board. R-F4:
//     seat 1 may not exchange the same two squares again, nor make the
//     position symmetric again under a half turn with the colours
//     exchanged, as the start is. After seat 0's swap of a and b, four
//     swaps would restore the symmetry: a-b itself, their images a'-b',
//     and a-b', b-a'; seat 1 has 320 swaps left.
//   - players=3 (R-F5): 13 pieces each, 12 on the central 6×6 (ranks 7 to
//     2 reading b..g: AABBCC, BBCCAA, CCAABB, AABBCC, BBCCAA, CCAABB) and
//     one in reserve, which each seat's first turn must drop on an empty
//     square (that drop is the whole turn).
//   - players=4 (R-F6): 13 pieces each fill the 52 squares in the layout
//     of two independent implementations (rank 8 first: AABD, DDDBDB,
//     AAAABDBD, DDDDBDBD, CACACCCC, CACABBBB, ACACCC, CABB).
//   - With more than two seats (R-F7): a seat with no legal move is
//     skipped, makes no ply and writes nothing in a record; it comes back
//     when another seat's split leaves its piece on top. The game ends
//     when, after a move, no opponent of the mover can move: the mover
//     wins (reason rules.Elimination); scores are per seat, "1-0-0".
//   - teams=true (R-F8, with players=4): seats A and C play against B and
//     D, so partners never move in a row. Pieces removed from a stack's
//     bottom that belong to the mover or the partner go to the mover's
//     reserve, and the mover may drop either colour ("C*d4" drops the
//     partner's piece, which gives the partner control). A seat with no
//     legal move must pass ("pass", a ply); if, at the team's next turn,
//     the partner passes too, the team loses (reason rules.TeamPassed;
//     "1-0-1-0"). As in individual play, a move that leaves both
//     opponents without a controlled stack and a reserve wins at once
//     (seed 002: "all opponents must be unable to move at once"; the pass
//     rule is a second way for a team to lose).
//   - short=true (R-F9, three or four players): after each move the mover
//     (with the partner, in team play) wins at once with at least 3
//     captured pieces of every opposing colour (2 of each with four
//     individual players) or 10 pieces removed in all, those sent to a
//     reserve included, counted over the whole game (reason
//     rules.ShortGame).
//   - nowak=true (R-F10, two players): a move takes the top k pieces of a
//     controlled stack in a straight line to an empty square, never onto
//     a stack: k squares over empty squares, or, capturing, k+1 squares
//     over exactly one stack of any colour (anywhere on the path but the
//     last square; the jump need not start next to it). The jumped stack
//     goes under the movers at the landing square, then the height limit
//     applies as usual. No multiple jumps; capturing is never compulsory.
//     A turn is an optional drop on an empty square followed by one board
//     move, which may move the dropped piece ("*d4,c3-c5", one decision);
//     a drop alone ("*d4") is a whole turn only when no board move can
//     follow it. A seat with no legal turn loses: here a controlled stack
//     can be boxed in, so that is not R-F2's test. AppendMoves needs room
//     for NowakMaxMoves in this variant.
//   - Ruling: swap=true with setup=drop is refused; the swap exchanges
//     pieces of the standard start, while the drop setup lets the players
//     place their own. The swap and the drop setup are two-player rules
//     (R-F11); teams need players=4; the short game needs three or four.
//
// # Game spec
//
//	focus                                  the standard game
//	focus(plylimit=1000)                   with a draw after 1000 plies
//	focus(setup=drop,drops=restricted)     options: setup=standard|drop,
//	focus(swap=true)                       drops=any|restricted, swap=false|true,
//	focus(players=4,teams=true,short=true) players=2|3|4, teams, short,
//	focus(nowak=true)                      nowak (two players)
//
// # Move notation
//
// A stack move is its origin and destination, "c3-c5"; the number of
// pieces moved is the distance. A drop is "*d4". "A*d4" (a seat letter
// before the star) names the colour dropped; the mover's own letter reads
// as the plain drop; in team play "C*d4" drops the partner's colour. A
// team player's pass is "pass". A Nowak turn with a drop is "*d4,c3-c5".
// An opening swap is "c3<>d3" (either order on input;
// the lower square first on output). Moves sort by origin then
// destination square (a1, b1, ..., h8), drops after all stack moves;
// swaps by their two squares. AppendMoves lists them in that order.
//
// # Position text
//
// One line of five fields separated by single spaces, then the state
// tokens a variant needs:
//
//	position = board " " seat " " reserves " " captures " " ply *( " " token )
//	board    = rank *( "/" rank )           ; ranks 8 to 1
//	rank     = 1*( stack / count )          ; the rank's on-board squares, a..h
//	stack    = *lower upper                 ; bottom to top; the top piece upper case
//	count    = %x31-38                      ; that many empty squares
//	seat     = "A" / "B" / "C" / "D"        ; the seat to move
//	reserves = reserve *( "," reserve )     ; one per seat
//	reserve  = n [ "+" n ]                  ; own pieces [+ the partner's, teams]
//	captures = capture *( "," capture )     ; one per seat
//	capture  = n                            ; two seats: the other's pieces taken
//	         / "0" / 1*( upper n )          ; more: by colour, e.g. B2C1
//	ply      = 1*DIGIT                      ; plies played
//	token    = "setup"                      ; the drop setup goes on
//	         / "swap"                       ; seat 0's opening swap is due
//	         / "swap:" square "<>" square   ; seat 1's is, after seat 0's
//	         / "first:" 1*upper             ; seats owing their first drop (3 players)
//	         / "passed:" 1*upper            ; teams (AC, BD) whose last turn was a pass
//	         / "gains:" n *( "," n )        ; pieces each seat sent to a reserve (short)
//	         / "won:" upper ":" why         ; decided: elimination, short or passes
//
// Ranks 8 and 1 have 4 squares, ranks 7 and 2 have 6, the others 8. The
// start is
//
//	4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0
//
// and "baA" is a stack of a B piece under an A piece under an A piece,
// controlled by A. The drop setup starts "4/6/8/8/8/8/6/4 A 18,18 0,0 0
// setup". The parser also checks that no stack is over 5, that each
// colour's pieces on the board, in reserve and captured add up to 18, and
// that a phase fits the game and the seat to move. Three players start
// "4/AABBCC/1BBCCAA1/1CCAABB1/1AABBCC1/1BBCCAA1/CCAABB/4 A 1,1,1 0,0,0 0
// first:ABC".
//
// # Errors
//
// Legal and Play return a *rules.MoveError whose Reason is one of the
// Err* values (Kind rules.ErrIllegal), or Kind rules.ErrGameOver after the
// game ends. Malformed text gives a *rules.SyntaxError with the offset.
//
// # Speed
//
// A stack is 16 bits (two bits of colour per piece and the height), a
// position about 240 bytes with a bitboard per colour of the stacks it
// controls. Move generation copies precomputed blocks of moves per stack
// with no branch per move; with spare capacity MaxMoves in the buffer it,
// and both applies, allocate nothing.
package focus
