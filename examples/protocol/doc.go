// Package protocol is a line-based text protocol, derived from GTP (the
// Go Text Protocol, version 2), through which engines written in any
// language play every game of the module, and a referee that trusts no
// engine. It has both sides: Server serves any bot of examples/bot on any
// game over a reader and a writer (go run ./examples/engine serves the
// MCTS bot on standard input and output), Engine drives an external
// engine process as a Player, and Referee plays a game between Players
// (built-in bots or engines), checking every move with the library.
//
// # Requests and replies
//
// The controller sends one request per line; the engine answers each with
// one reply and then a blank line:
//
//	request = [ id " " ] command *( " " argument ) LF
//	id      = 1*9DIGIT
//	reply   = ( "=" / "?" ) [ id ] [ " " text ] LF LF
//
// "=" is success and "?" failure; the id is the request's, when it had one
// (the controller side, Engine, numbers every request and takes a reply
// without the same id for a malformed one, as GTP requires). A reply's text
// may run over several lines (list_commands, showboard), none of them
// empty: the first empty line ends the reply.
//
// As GTP says, the engine removes control characters other than tabs from
// a request, turns tabs into spaces, ignores everything after "#" and
// ignores lines left empty; words are separated by spaces. A request line
// longer than MaxLine (64 KiB) gets "? line too long (more than 65536
// bytes)" (with the id, if the line starts with one) and the engine reads
// on. A reply never holds a control character: whatever of a request it
// echoes is quoted. LineReader and ParseRequest do this reading and
// preprocessing, and Escape the quoting of control characters, for any
// server (the htp tool's among them).
//
// # Commands
//
// Every command of the server, with its success reply; failures give
// the reason.
//
//	protocol_version        2
//	name                    the engine's name
//	version                 the engine's version
//	list_commands           the commands, one per line
//	known_command NAME      true or false
//	games                   the registered games, e.g. "domination explocus focus hex hexplocus"
//	game SPEC               start the game and variant SPEC names, e.g. game hex(size=5)
//	                        (its start position, an empty history, a fresh bot)
//	game                    the current game's canonical spec
//	position TEXT           set up a position of the current game, in the game's
//	                        position notation (it becomes what clear_board returns to)
//	position                the current position's text
//	clear_board             back to the position that game or position set up
//	play MOVE               play a move, or a chance outcome, in the game's notation
//	play COLOR MOVE         the same, checking that COLOR is to move (COLOR "chance"
//	                        at a chance node)
//	genmove [COLOR]         the bot chooses a move for the seat to move (COLOR must be
//	                        that seat), plays it and replies with it in canonical notation
//	legal_moves             the legal moves (at a chance node, the chance outcomes) in
//	                        canonical notation and order, separated by spaces
//	to_move                 A to D (a seat), chance or terminal
//	undo                    take back the last move or chance outcome
//	final_result            the result and the reason, e.g. "1-0 connection"; "*" while
//	                        the game goes on
//	showboard               the game's diagram, from the line after the "="
//	movetime SECONDS        the time per genmove (0: no limit, the bot's own budget)
//	movetime                the time per genmove, in seconds
//	time_left COLOR SECONDS MOVES
//	                        GTP's clock: COLOR has SECONDS left for MOVES moves (0: for
//	                        the rest of the game); genmove then takes at most that
//	                        time over MOVES (or a twentieth of it), and never more than
//	                        movetime
//	quit                    "=", then the engine stops
//
// Commands that need a game (position, clear_board, play, genmove,
// legal_moves, to_move, undo, final_result, showboard, time_left) fail
// with "no game: send game SPEC first" until a game is set, unless the
// engine starts with one (Server.Game, engine -game).
//
// # Colours and seats
//
// COLOR names a seat: a colour word of the game, else a seat letter A to
// D, in any case. Hex's colour words are b, black, w and white, the stone
// colours of GTP and HexGui (a swap-sides gives each seat the other colour,
// so "b" is whichever seat plays Black); Explocus's are w and white for A
// and b and black for B; Domination's x for A and o for B; Focus has only
// its seat letters. The words are the game's own (rules.SeatInfo), so a
// game registered by another package is read the same way. In Hex, where
// "b" is Black, seat B is named by its colour. The controller side
// (Engine) sends what Color returns: the seat letter, but in a game whose
// seat letters are colour words of other seats (Hex) the seat's colour
// word, the stone colour.
//
// # Chance
//
// The controller plays chance nodes: at a Domination draw it sends the
// domino drawn, "play 2-5" (or "play chance 2-5"), which the Referee
// draws with the rules' exact probabilities. genmove at a chance node is a
// failure.
//
// # Example session
//
// A controller's requests (after ">") and the replies of a server of the
// random bot, as Example_session runs them:
//
//	> 1 game hex(size=3)
//	=1
//
//	> 2 play b b2
//	=2
//
//	> 3 genmove w
//	=3 c1
//
//	> 4 play b b2
//	?4 b2: illegal move: cell is occupied
//
//	> 5 showboard
//	=5
//	   a b c
//	 1 . . W
//	  2 . B .
//	   3 . . .
//	Black (A) top-bottom, White (B) left-right; Black (A) to move
//
//	> 6 game domination
//	=6
//
//	> 7 genmove
//	?7 it is a chance node: the controller plays the chance outcome (play MOVE)
//
//	> 8 play 2-5
//	=8
//
//	> 9 to_move
//	=9 A
//
//	> 10 genmove A
//	=10 e5-g5,d4-a4
//
//	> 11 final_result
//	=11 *
//
//	> 12 quit
//	=12
//
// # Refereeing engines
//
// An Engine is a process started from a command line (StartEngine,
// "python3 my_engine.py"; NewPlayer reads the "exec:" prefix of a player
// name). The controller starts a game with protocol_version (the first
// time), game SPEC, position TEXT (only for a start that is not the
// game's own) and movetime SECONDS (when there is a move time; an engine
// may refuse it), then sends play COLOR MOVE for the moves of the other
// players, play MOVE for chance outcomes, and genmove COLOR for its own.
// An engine needs to know no other command. Every reply is awaited with a
// timeout (genmove: the move time plus a margin) and read up to MaxReply
// bytes, so an engine can neither hang its controller nor make it hold
// unbounded output. Whatever goes
// wrong is a *Failure with its Kind: ErrIllegalMove (judged by the
// library's Legal), ErrMalformed, ErrTimeout, ErrCrash (the process
// ended), ErrFlood, ErrRefused (a "?" to a command it must accept) or
// ErrResigned (genmove replied "resign"). A failed engine is killed; Close
// sends quit and kills the process after a grace period, and always reaps
// it. The engine runs in a process group of its own, killed with it. On
// Linux, stopping an engine also kills every descendant it has, even one
// in a session of its own (setsid); and a program that calls
// AdoptOrphans, as the arena does, becomes the reaper of whatever
// outlives an engine, so that every descendant is killed and reaped when
// its engine stops: none is left behind. Elsewhere a descendant that
// leaves the engine's process group may outlive it.
//
// Referee.Play plays one game from an Opening (a start position and moves,
// from ReadOpenings or OpeningFromRecord) between one Player per seat. It
// returns the game's notation.Record, its Outcome and, if a player failed,
// the Forfeit: the failing seat loses, and the record says why in its
// Termination tag:
//
//	[Game "hex(size=5,swap=sides)"]
//	[Result "1-0"]
//	[Termination "forfeit: B sent an illegal move \"c3\": c3: illegal move: cell is occupied"]
//
//	c3
//
// The arena tool is this referee on the command line (go doc
// ./examples/internal/cli Arena): it plays a match between two players,
// games in parallel, from a file of openings, writes the records and
// prints the score with its 95% interval and the forfeits by kind:
//
//	go run ./examples/arena -game 'hex(size=9)' -a 'exec:python3 my_engine.py' -b mcts \
//		-games 20 -concurrency 2 -openings openings.txt -records games.txt
package protocol
