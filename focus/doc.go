// Package focus implements Focus (Sid Sackson, 1963; also sold as
// Domination, which is not the game of this module's package domination):
// the standard two-player game of Sackson's rules, exactly and fast, and
// every variant: drop setup, restricted drops, the opening swap, three and
// four players, two teams, the short game and Nowak's checkers-like game.
// Where the sources are silent or disagree, a ruling settles it; every
// ruling is stated under Rulings below.
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
//   - setup=drop (a published variation of the rules): the board starts
//     empty and each seat's 18 pieces are in its reserve. The seats place
//     one piece at a time, seat 0 first, on an empty square or a stack
//     they control, never making a stack over 5; once all 36 are placed,
//     play starts with seat 0.
//   - drops=restricted (another published variation): a drop goes only
//     onto an empty square or a stack the dropper controls. A drop on
//     an own stack of 5 is allowed and trims it as usual (the rule
//     restricts where, not what follows). There is always an empty square,
//     so R-F2 still holds.
//   - swap=true (the opening swap Sackson added later, to keep players
//     from drawing by mirroring moves): before the first move, seat 0 then
//     seat 1 exchange two single pieces of different colours on the board.
//     R-F4: seat 1 may not exchange the same two squares again, nor make
//     the position symmetric again under a half turn with the colours
//     exchanged, as the start is. After seat 0's swap of a and b, four
//     swaps would restore the symmetry: a-b itself, their images a'-b',
//     and a-b', b-a'; seat 1 has 320 swaps left.
//   - players=3 (the three-player rules, layout R-F5): 13 pieces
//     each, 12 on the central 6×6 (ranks 7 to 2 reading b..g: AABBCC,
//     BBCCAA, CCAABB, AABBCC, BBCCAA, CCAABB) and one in reserve, which
//     each seat's first turn must drop on an empty square (that drop is
//     the whole turn).
//   - players=4 (the four-player rules, layout R-F6): 13 pieces each
//     fill the 52 squares in the layout of two independent implementations
//     (rank 8 first: AABD, DDDBDB, AAAABDBD, DDDDBDBD, CACACCCC, CACABBBB,
//     ACACCC, CABB).
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
//     the partner passes too, the team loses (reason TeamPassed;
//     "1-0-1-0"). As in individual play, a move that leaves both
//     opponents without a controlled stack and a reserve wins at once
//     (the rule of every game of more than two players: all opponents must
//     be unable to move at once; the pass rule is a second way for a team
//     to lose).
//   - short=true (R-F9, three or four players; the optional short game):
//     after each move the mover (with the partner, in team play) wins at
//     once with at least 3 captured pieces of every opposing colour (2 of
//     each with four individual players) or 10 pieces removed in all,
//     those sent to a reserve included, counted over the whole game
//     (reason ShortGame).
//   - nowak=true (R-F10, two players; the checkers-like game Zdzisław
//     Nowak describes, ruled below): moves land only on empty squares,
//     captures jump one stack, which goes under the movers; a turn is an
//     optional drop on an empty square and one board move ("*d4,c3-c5",
//     one decision), a drop alone ("*d4") only when no move can follow.
//     A seat with no legal turn loses: here a controlled stack can be
//     boxed in, so that is not R-F2's test. The rules differ enough that
//     its positions are another type, NowakPosition (Config.StartNowak,
//     ParseNowakPosition; rules.Open gives one for the spec), with the
//     board, text and hash of Focus and moves, action space and bounds of
//     its own (up to NowakMaxMoves turns; the constant MaxMoves covers
//     both types).
//   - Ruling: swap=true with setup=drop is refused; the swap exchanges
//     pieces of the standard start, while the drop setup lets the players
//     place their own. The swap and the drop setup are two-player rules
//     (R-F11); teams need players=4; the short game needs three or four.
//
// # Rulings
//
// Where the sources are silent or disagree, these rulings settle it; code,
// tests and error messages cite them by id.
//
// R-F1 (the two-player start): 18 single pieces of each colour on the
// central 6×6 in pairs, as in the diagram under Rules: ranks 7 to 2,
// reading b..g, are AABBAA, BBAABB, AABBAA, BBAABB, AABBAA, BBAABB. Seat 0
// (A) moves first.
//
// R-F2: a controlled stack always has a legal move (its top piece can step
// onto a neighbouring on-board square), so "no legal move" means "no
// controlled stack and no reserve".
//
// R-F3: the library offers an optional ply limit that ends the game as a
// draw, off by default and not part of the rules (bots need guaranteed
// termination).
//
// R-F4: in the opening swap, seat 1's swap may not exchange the same two
// squares as seat 0's again, nor make the position symmetric again under a
// 180° rotation with the colours exchanged (restore the half-turn symmetry
// of the start).
//
// R-F5 (the three-player layout; the published diagram is not available):
// 12 single pieces each on the central 6×6 in pairs, ranks 7 to 2 reading
// b..g: AABBCC, BBCCAA, CCAABB, AABBCC, BBCCAA, CCAABB; each seat's 13th
// piece starts in its reserve.
//
// R-F6 (the four-player layout, taken from two independent public
// implementations whose colours green, yellow, red and blue are seats 0, 1,
// 2 and 3, written as the seat letters A, B, C, D; teams are seats {0, 2}
// and {1, 3}, so partners never move consecutively):
//
//	    a b c d e f g h
//	8   # # A A B D # #
//	7   # D D D B D B #
//	6   A A A A B D B D
//	5   D D D D B D B D
//	4   C A C A C C C C
//	3   C A C A B B B B
//	2   # A C A C C C #
//	1   # # C A B B # #
//
// R-F7 (more than two players, individual): a player with no legal move on
// their turn is skipped (they may come back if another player's split
// leaves their piece on top). The game ends when, after a move, no opponent
// of the mover has a controlled stack or a reserve: the mover wins (all
// opponents must be unable to move at once).
//
// R-F8 (teams): a team player with no legal move must pass, and a team
// loses when both partners pass on consecutive turns of their team;
// "consecutive" means that the pass of one partner is followed, at the
// team's next turn, by a pass of the other.
//
// R-F9 (the short game): a player, or a team, wins at once when it has
// captured at least 3 pieces of every opponent (with four individual
// players, 2 of each; in team play, 3 of each opposing colour), or has
// removed at least 10 pieces from the board in all, counting the pieces it
// sent to its reserve. Both counts are cumulative over the game, and
// partners' totals are combined in team play.
//
// R-F10 (Nowak's checkers-like game): a move of k pieces (the top k of a
// controlled stack) goes in a straight orthogonal line to an empty square;
// pieces may not land on or step onto a stack. Without a capture it travels
// exactly k squares over empty squares. A capture move of k pieces travels
// k + 1 squares in a straight line and passes over exactly one stack (of
// any colour), which may stand on any square of the path but the last;
// every other path square and the landing square are empty. The jumped
// square does not count toward k, and the jump need not start next to the
// jumped stack. The jumped stack is removed from its square and put under
// the moving pieces at the landing square; then the height limit applies as
// usual. No multiple jumps in one move; capturing is never compulsory.
// Reserve pieces may be placed only on empty squares, and placing one does
// not use the turn: a turn is an optional single drop on an empty square
// followed by one board move, which may move the dropped piece. A drop
// alone is a whole turn only when no board move exists after it. Nowak's
// game is for two players; a player with no legal turn loses.
//
// R-F11 (details that hold across variants): a seat skipped under R-F7
// makes no ply and writes nothing in a record, while a team pass is a ply,
// written "pass"; R-F7's skipping does not apply to teams, who pass
// instead. Under restricted drops in team play, a drop may land on an empty
// square or on a stack topped by the dropper's own colour. The drop setup
// and the opening swap are two-player options. The short-game conditions
// are checked after each move, for the mover (team totals combined in team
// play).
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
// The canonical spec is "focus" followed by the options that differ from
// the standard game, in the order players, teams, short, nowak, setup,
// drops, swap, plylimit.
//
// # Package shape
//
// Focus has the shape of every game package (the rules package doc, "One
// shape for every game package"). Where it adds to it:
//
//   - Config's zero value, also Default, is the standard two-player game
//     with no ply limit. Validate refuses Players 1 or 5, Teams without
//     four players, a negative ply limit or one above MaxPlyLimit, ...
//     (a *notation.SpecError naming the option).
//   - Position.Size() is (8, 8). The move constructors are StackMove(from,
//     to), Drop(to), SwapMove(a, b) and NowakTurn(drop, from, to), and
//     Pass. Position.At(sq) returns the Stack on a square, whose Piece(i)
//     and Top() are seats (rules.Player; seat 0's pieces are A). Focus has
//     up to four seats: Position.Seats() says how many a game has, and
//     PiecesPerSeat (18) is the two-seat game's count (13 each with three
//     or four seats). NowakPosition has the same methods; its AppendMoves,
//     Legal and play are Nowak's. Config.Start of a Nowak configuration is
//     the invalid Position and ParsePosition refuses a text of Nowak's
//     game: a value of one type never plays the other's rules.
//   - Evaluate(seat) (value float64, ok bool), part of the root contract,
//     estimates the position for seat in [-1, 1] without playing on, so
//     that search can cut short random games that rarely end. Focus
//     evaluates (ok is true): each controlled stack counts 1, each reserve
//     piece 1.5 and each captured piece 1, and the difference d to the
//     best other seat is squashed into (-1, 1) as d/(|d|+6); a finished
//     game gives its return. It is cheap enough to call at every node of
//     a search: counted in whole half-points, it costs about half a
//     PlayUnchecked.
//   - The kit: see "Actions, observations and symmetries".
//   - CanEnd: one winner (the two partners in team play), or a draw only
//     with a ply limit.
//
// # The invalid value
//
// The zero Position is the invalid value of the contract (see
// rules.Position and rules.Kit): what every failed parse returns
// (exactly Position{}) and what Start returns for a configuration
// Validate refuses. Where Focus adds to the contract: CountMoves is 0,
// Config is the zero Config, Size (0, 0), and the other accessors (At,
// Turn, Reserve, ...) return zero values; its text is "<invalid focus
// position>".
//
// # Squares and moves off the grid
//
// NoSquare and NoMove follow the contract; Legal and Play refuse NoMove
// with the Reason ErrNoSuchSquare, "no such square: files run from a to h
// and ranks from 1 to 8". The twelve corner squares cut from the board
// are squares of the grid: valid, not OnBoard, and a move to one is
// refused with ErrOffBoard. ParseMove never gives NoMove: a square off
// the grid is a syntax error.
//
// What differs on purpose from the other games: a square holds a Stack
// (up to five pieces, each a seat's colour) rather than one piece; there
// are two to four seats, so colours are seats (rules.Player) as in
// Domination and Explocus, not a two-colour type as in Hex, whose pie
// rule exchanges colours and seats; and the moves are of several kinds
// (stack moves, drops, swaps, passes, Nowak turns), each with its own
// constructor.
//
// # What the hash covers
//
// Hash covers, as the contract asks, everything that decides the game
// from the position on:
//
//   - the configuration: the number of seats, every option and the ply
//     limit (a key of its own, so the starts of two variants differ and
//     no position of a game hashes to 0);
//   - the stacks on the board and the seat to move;
//   - each seat's reserve and, in team play, its partner's pieces in
//     reserve;
//   - the phase (the drop setup, the opening swaps) and, during seat 1's
//     swap, seat 0's swap, which decides the swaps seat 1 may make;
//   - the three-player first drops still owed, the teams whose last turn
//     was a pass, and a decided result (winner and reason);
//   - in the short game, the captures of each seat by colour and each
//     seat's gains, which decide the short-game victory;
//   - the ply, exactly when the configuration has a ply limit (the plies
//     left decide when the game ends as a draw).
//
// It leaves out what does not decide the game, so that transpositions
// meet: the ply in a game without a ply limit (c7-c8 d7-d8 c8-c7 d8-d7
// gives the start's hash again), and the captures outside the short game,
// which decide no move and no result (in the two-seat game they follow
// from the board and reserves anyway). Whether a Nowak seat to move is
// boxed in follows from the board and the reserves. Under a ply limit the
// ply's key is folded in when Hash is called, so play pays nothing for
// it. Equal positions (==) have equal hashes, and the hash of a parsed
// text is the hash of the position play gave.
//
// # Move notation
//
// A stack move is its origin and destination, "c3-c5"; the number of
// pieces moved is the distance. A drop is "*d4". "A*d4" (a seat letter
// before the star) names the colour dropped; the mover's own letter reads
// as the plain drop; in team play "C*d4" drops the partner's colour. A
// team player's pass is "pass". A Nowak turn with a drop is "*d4,c3-c5".
// An opening swap is "c3<>d3" (either order on input;
// the lower square first on output). On input, square letters and "pass"
// may be in either case ("C3-C5", "PASS"); a letter before "*" is a seat
// and stays upper case. Moves sort by origin then
// destination square (a1, b1, ..., h8), drops after all stack moves;
// swaps by their two squares. AppendMoves lists them in that order.
//
// ParseMove returns only *rules.SyntaxError values: text that is not a move
// of this notation, or names a square outside the 8×8 grid, is a syntax
// error (a move holds no white space, and "pass" is its only word: another,
// such as "swap", is named as an unknown move word). "pass" parses in every
// variant; outside team play Legal refuses it. Whether a well-formed move
// is legal (a removed corner square included) is Legal's job, which gives a
// *rules.MoveError (see Errors). A move unmarshals with no position, hence
// no mover: "A*d4" unmarshals as a drop of A's colour by another seat, as
// it is written.
//
// # Position text
//
// One line of five fields separated by single spaces, then the state
// tokens a variant needs, optionally preceded by the canonical game spec
// and one space:
//
//	text     = [ spec " " ] position          ; spec: the canonical game spec
//	position = board " " seat " " reserves " " captures " " ply *( " " token )
//	board    = rank *( "/" rank )           ; ranks 8 to 1
//	rank     = 1*( stack / count )          ; the rank's on-board squares, a..h
//	stack    = *lower upper                 ; bottom to top; the top piece upper case
//	count    = %x31-38                      ; that many empty squares, never
//	                                        ; next to another count
//	seat     = "A" / "B" / "C" / "D"        ; the seat to move
//	reserves = reserve *( "," reserve )     ; one per seat
//	reserve  = n [ "+" n ]                  ; own pieces [+ the partner's, teams]
//	captures = capture *( "," capture )     ; one per seat
//	capture  = n                            ; two seats: the other's pieces taken
//	         / "0" / 1*( upper n )          ; more: by colour, e.g. B2C1
//	ply      = 1*DIGIT                      ; plies played, at most MaxPly
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
// controlled by A.
//
// A text without a spec (a bare text) is a position of the standard
// two-player game with no options; every other variant, the ply limit
// included, writes its spec:
//
//	focus(plylimit=10) 4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0
//
// The drop setup and three players start
//
//	focus(setup=drop) 4/6/8/8/8/8/6/4 A 18,18 0,0 0 setup
//	focus(players=3) 4/AABBCC/1BBCCAA1/1CCAABB1/1AABBCC1/1BBCCAA1/CCAABB/4 A 1,1,1 0,0,0 0 first:ABC
//
// A position text is refused, with a *rules.SyntaxError at the offset of
// the problem, when it breaks a condition that every position the rules
// produce meets. These conditions are necessary, each proved below from
// the rules, so that no position of a game is refused; they are not
// sufficient (whether an arbitrary board is reachable at a given ply is
// a search no parser can make), except at plies 0, 1 and 2, which are
// checked exactly. Besides the grammar, the parser checks that:
//
//   - the seat to move is a seat of the game, the counts are decimal
//     digits with no sign or leading zero, and the ply is at most MaxPly
//     (2^31: a game would need that many plies to pass it; the position's
//     count of plies never wraps);
//   - no stack is over 5, and each colour's pieces on the board, in
//     reserves and captured add up to 18 (13 with three or four players);
//     in team play no partner's piece is captured;
//   - each state token appears at most once, names a phase or state the
//     game has (setup needs setup=drop, swap needs swap=true, passed: and
//     passes need teams=true, gains: and short need short=true), and its
//     seat letters are seats of the game, each once;
//   - the turn fits the ply: two seats alternate, A first; team play goes
//     round the four seats from A, a pass being a ply; with three seats
//     the first three plies are the first-turn drops of A, B and C, which
//     owe theirs (first:) exactly until they have made it, holding nothing
//     but that piece; and the ply is not past the ply limit, which ends
//     the game;
//   - the phases take their plies: the drop setup the first 36, one piece
//     a ply, with no capture and no stack of two colours; the opening
//     swaps plies 0 and 1, seat 1's after a legal swap of the start by
//     seat 0; at ply 0 the position is the start of its variant (or its
//     image under a symmetry of the board: see below);
//   - the last ply left what a move leaves, the mover's piece on top:
//     with two seats the seat not to move controls a stack (so a text
//     where both sides are eliminated is refused). With more, in a game
//     that goes on, the last mover (with individual seats the nearest seat
//     before the one to move that can move, the seats between having been
//     skipped, and there must be one, or the seat to move would have won;
//     in team play the seat before) controls a stack (in team play, it or
//     its partner), and some seat it plays against can still move, or it
//     would have won; in team play it may instead have passed, and then
//     it has no move;
//   - a won: token agrees with the board and the last ply: by
//     elimination, the winner (or its partner) controls a stack and no
//     opponent can move (individual seats: the winner is to move again,
//     every other seat skipped; teams: the seat after the winner); short,
//     the winner has reached R-F9's victory and the seat after it is to
//     move; passes, the seat to move won, and the seat before it, which
//     has no move, passed (passed:);
//   - in the short game no side has reached R-F9's victory unless it won
//     by it, and no seat holds more pieces in reserve than it has sent
//     there (gains:, plus the first-turn piece it still owes);
//   - the ply is enough for the pieces stacked and removed: call H the
//     pieces lying on another piece (each stack's height less one, summed)
//     and R the pieces that have left the board (captured, or sent to a
//     reserve). A ply adds at most one to H+R: the pieces a move carries
//     keep lying on one another, and its bottom piece lay on another
//     piece unless the whole stack moved, so a move adds one only when a
//     whole stack lands on a stack (a Nowak capture lands the movers on
//     the jumped stack); a drop onto a stack adds one; each piece removed
//     from a stack's bottom moves one from H to R. Every start has H = R = 0,
//     and the opening swaps and the three-player first drops add nothing;
//     so H+R is at most the plies after them. R is at least the captured
//     pieces plus every piece in a reserve that is not one the seat
//     started with (in the short game, exactly the captures plus the
//     gains). In the two-seat game this says the stacks fall by at most
//     one a ply: H+R is 36 less the number of stacks, and every captured
//     piece or piece in reserve took a ply;
//   - the ply is enough for the colours in stacks: a ply puts at most one
//     piece directly on a piece of another colour (where the moving
//     pieces or the dropped one land, or the movers on the jumped stack),
//     splitting and trimming stacks only undo such places, and the starts
//     and the opening phases (drop setup, swaps, first drops) make none;
//     so there are at most as many as plies after the opening (this adds
//     to the check above after the drop setup, whose placements stack
//     pieces of one colour);
//   - the ply is enough for the squares that differ from the start: a ply
//     changes at most two squares (a move its origin and destination, a
//     drop one, a swap two), a Nowak turn at most four (the drop, the
//     origin, the jumped stack and the landing square);
//   - at ply 0 the position is the start; at ply 1 it is one that a legal
//     ply from the start gives, and at ply 2 one that two legal plies give
//     (found by trying them: no two plies restore the start, since the
//     first mover's piece stays on top wherever it went, while four can).
//
// Wherever these checks compare with the start (at plies 0 to 2, the
// squares that differ, seat 1's swap), the start may also be its image
// under any of the eight symmetries of the board (see "Actions,
// observations and symmetries"): play from an image of the start is the
// image of play from the start, and Transform's positions read back.
//
// Every position that legal play reaches is read back equal (within its
// first MaxPly plies), and so is its image under each symmetry; the
// package tests this on every position of random games of every variant
// and every position of the first plies.
//
// # Actions, observations and symmetries
//
// The kit (rules.Kit): an action space per variant, an observation per
// seat, the board's eight symmetries; the typed calls allocate nothing.
// Focus has no chance: NumChanceActions is 0. The parts of the action
// space, in index order:
//
//   - Stack moves, 0 to 567 (NumStackActions = 568): by origin square in
//     square order (c1, d1, e1, f1, b2, ..., f8: rank by rank, a to h),
//     then direction (north, towards rank 8; east, towards file h;
//     south; west), then distance from 1 up to 5 or to the edge of the
//     board, whichever comes first. So c1-c2 is 0, c1-c6 4, c1-d1 5,
//     c1-f1 7, and d1's moves start at 8 (d1-d2).
//   - Drops, 568 to 619: 568 + the square's place among the 52 in square
//     order (*c1 is 568, *f8 619). As in the notation, a drop is the mover's colour: the
//     same index whoever moves.
//   - Team play: the drops of the partner's colour, 620 to 671 in the
//     same square order ("C*d4" with A to move, "D*d4" with B to move:
//     like the drop of the mover's colour, the index is relative to the
//     seat whose turn it is, and ActionMove gives the colour of that
//     seat's partner), then Pass, 672.
//   - The opening swap (swap=true): 620 + j(j-1)/2 + i for the swap of
//     the i-th and j-th squares (i < j) of the central 6×6 in square
//     order (b2 is 0, c2 1, ..., g7 35): the 630 pairs of squares where
//     the start and seat 0's swap can put two single pieces of different
//     colours. b2<>c2 is 620, f7<>g7 1249.
//
// NumActions per variant: 620 in the two-, three- and four-player games,
// with or without the drop setup, restricted drops, the short game and
// a ply limit; 673 in team play; 1250 with the opening swap. Nowak's game
// has a space of its own, 30,972 actions (see NowakPosition).
//
// Observations. ObservationShape is (planes, 8, 8): each plane is the
// 8×8 grid, row r being rank r+1 and column f file f, so square sq (a1 =
// 0, h8 = 63) has its value at plane·64 + sq. The twelve corners cut from
// the board are 0 in every plane, and "all v" below means v on each of
// the 52 squares of the board. Seats are seen from seat's side: with n
// seats, "seat j" below is the seat j places after seat in turn order
// (seat 0 is seat itself; with two seats, seat 1 is the opponent). The
// planes, in order:
//
//   - 5n layers: plane l·n + j is 1 where the piece at layer l of the
//     stack (l = 0 the bottom piece, up to 4) is seat j's colour: the
//     whole stack, owners by layer and height;
//   - n control planes: plane 5n + j is 1 where seat j's colour is on top;
//   - the height: plane 6n holds each stack's height / 5;
//   - n to move: plane 6n+1+j is all 1 if it is seat j's turn (Turn,
//     which stays set once the game is over), all 0 otherwise;
//   - n reserves: plane 7n+1+j holds seat j's reserve of its own colour /
//     the pieces a seat has (18, or 13 with three or four seats);
//
// and then, in this order, those of the variant's options:
//
//   - team play: n planes, the partner's pieces in seat j's reserve /
//     13; then 2: all 1 if seat's team passed at its last turn, and if
//     the other team did;
//   - three players: n planes, all 1 while seat j owes its first-turn
//     drop;
//   - the short game: n(n-1) planes, the pieces of seat i's colour
//     captured by seat j / 13, by j, then by i skipping j; then n
//     planes, seat j's gains (pieces it has sent to a reserve) / 14, the
//     most a seat can have removed when the game ends (fewer than 10
//     before its last move, at most 5 by it);
//   - the drop setup: 1 plane, all 1 while the setup goes on;
//   - the opening swap: 3 planes: all 1 while seat 0's swap is due; all 1
//     while seat 1's is due; 1 on the two squares of seat 0's swap while
//     seat 1's is due;
//   - a ply limit: 1 plane, all 1/(L+1) with L the plies left before the
//     limit (1 at the limit, 1/2 one ply before it).
//
// Values stay in [0, 1] in every position play reaches. The planes per
// variant: 17 for two seats (18 with the drop setup, 20 with the swap),
// 28 for three (37 short), 33 for four (49 short), 39 in team play (55
// short), one more with a ply limit. The observation is a function of
// what the hash covers, so equal hashes give equal observations: the
// captures outside the short game and the ply without a ply limit,
// which decide nothing (see "What the hash covers"), are not in it. It
// holds everything the legal moves depend on; whether a Nowak seat is
// boxed in follows from the board and the reserves, and a finished
// game's result is not in it (no seat is to move).
//
// Symmetries. Symmetries is 8 in every variant and phase: symmetry k
// maps the square on file f and rank r (each 0 to 7) by first
// exchanging f and r if k&4 != 0, then r to 7-r if k&2 != 0, then f to
// 7-f if k&1 != 0:
//
//	k  image of (f, r)  the transformation
//	0  (f, r)           the identity
//	1  (7-f, r)         the mirror a↔h (files reversed)
//	2  (f, 7-r)         the mirror 1↔8 (ranks reversed)
//	3  (7-f, 7-r)       the half turn
//	4  (r, f)           the reflection in the a1-h8 diagonal
//	5  (7-r, f)         the quarter turn anticlockwise (a1 to h1)
//	6  (r, 7-f)         the quarter turn clockwise (a1 to a8)
//	7  (7-r, 7-f)       the reflection in the a8-h1 diagonal
//
// Each is its own inverse but 5 and 6, each other's. Transform moves each
// stack to the image of its square, and seat 0's opening swap with its
// squares, keeping everything else (turn, reserves, captures, phase,
// ply); TransformMove maps a move's squares (Pass stays Pass), so that
// the moves of Transform(k) are exactly the images of the moves.
// rules.ActionPermutation turns a symmetry into a permutation of the
// action space for data augmentation.
//
// They are exactly the symmetries the rules keep, the opening swap's
// included (symmetry.go says why); the starts are mostly not symmetric,
// and Transform of a start is the image of the start, which the position
// texts read (see "Position text").
//
// # Errors
//
// The contract's: a *rules.MoveError from Legal and Play, whose Reason is
// one of the Err* values; a *rules.SyntaxError for malformed text; a
// *notation.SpecError for a configuration Validate refuses.
//
// # Speed
//
// A stack is 16 bits (two bits of colour per piece and the height), a
// position about 240 bytes with a bitboard per colour of the stacks it
// controls. Move generation copies precomputed blocks of moves per stack
// with no branch per move; with spare capacity MaxMoves in the buffer (or
// the position's own MaxMoves()) it, and both applies, allocate nothing.
//
// The kit's calls allocate nothing either. Measured in CPU time on
// positions of random games beside a checked Play (40 to 60 ns) and
// PlayUnchecked (about 25 to 30 ns): ActionIndex and ActionMove cost
// about 7 ns, Evaluate about 15 ns, Transform about 80 to 90 ns (it makes
// the hash of the new board anew, a key per stack) and AppendObservation
// 100 to 130 ns (it writes 17 planes of 64 values: clearing them alone
// takes about 36 ns). BenchmarkKitVsPlay compares each with Play.
package focus
