// Package explocus implements Explocus (Martin Medema): Focus movement with
// exploding columns, exactly and fast, following the rules as published by
// MindSports, with three rulings where they are silent or leave a choice;
// and Hexplocus, the hexagonal version of the game, whose board, start and
// directions a fourth ruling (R-E4) fixes. An Explocus position is a
// Position, a Hexplocus one a HexPosition: two types over one unexported
// board, with one Move type, one cascade and one notation; the game spec
// says which board a game is played on ("explocus" or "hexplocus").
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
// # Hexplocus
//
// Hexplocus is Explocus on a hexagon of hexagonal cells, with six
// directions instead of four. Everything not said here is as in Explocus:
// the men, the columns of one colour, moves of the top k men exactly k
// cells jumping over anything, merging and taking over, explosions and
// their cascades (R-E2), R-E3, the win, no passing, and the optional ply
// limit.
//
//   - The board is the hexagon of side N, 6 by default (91 cells) and 3 to
//     13 through the spec (3N(N−1)+1 cells). Its cells are the (f, r) with
//     0 ≤ f, r ≤ 2N−2 and |f − r| ≤ N−1; f is the file, written as a letter
//     (a = 0), and r the rank, written as the number r+1. a1 is (0, 0), a
//     corner, and the centre is (N−1, N−1): f6 on side 6.
//   - The neighbours of (f, r) are the cells on the board among (f+1, r),
//     (f−1, r), (f, r+1), (f, r−1), (f+1, r+1) and (f−1, r−1): the six
//     directions. A move of k men goes exactly k cells along one of them
//     (c3-c5, c3-e3 and c3-e5 are lines; c3-d2 is not). The hexagon is
//     convex, so every cell a move jumps over is on the board too.
//   - The capacity of a cell is its number of neighbours: 3 on the six
//     corners, 4 on the other edge cells, 6 inside. A column explodes at
//     or above its cell's capacity, sending one man to each neighbour, as
//     in Explocus; so once a move is over no column is higher than 5 (2 on
//     a corner, 3 on an edge).
//   - Start: one man on every cell at distance 1 to min(3, N−1) from the
//     centre: 36 men from side 4 on, 18 on side 3, where the two rings are
//     every cell but the centre. The distance is the number of steps
//     between two cells; (f, r) is max(|f′|, |r′|) from the centre when
//     f′ = f−(N−1) and r′ = r−(N−1) have the same sign and |f′| + |r′|
//     otherwise. Ring d is split into six segments of d cells, segment j
//     being the cells centre + d·u_j + t·(u_{j+1} − u_j) for t = 0..d−1,
//     with the (file, rank) offsets u_0..u_5 = (1,0), (1,1), (0,1),
//     (−1,0), (−1,−1), (0,−1) (u_6 = u_0). Segments 0, 2 and 4 are White's
//     (A, seat 0, who moves first), 1, 3 and 5 Black's. The start is
//     point-symmetric about the centre with the colours swapped, and the
//     first player has 108 moves.
//   - R-E3 counts the hexagon's adjacencies: 3(3N−2)(N−1), 240 on side 6.
//
// The cells of side 3, drawn as Diagram draws them: each rank is a row,
// shifted half a cell from the next, and files run diagonally.
//
//	    c5  d5  e5
//	  b4  c4  d4  e4
//	a3  b3  c3  d3  e3
//	  a2  b2  c2  d2
//	    a1  b1  c1
//
// The neighbours of the centre c3 are b3 and d3 on its rank, c4 (same
// file, up-left) and d4 (up-right), b2 (down-left) and c2 (same file,
// down-right). The corners are a1, c1, e3, e5, c5 and a3. The start of
// side 6, White's cells marked A and Black's B:
//
//	     . . . . . .            rank 11
//	    . . . . . . .
//	   . . A B B B . .
//	  . . A A B B A . .
//	 . . A A A B A A . .
//	. . B B B . A A A . .       rank 6: f6 (the centre) is empty,
//	 . . B B A B B B . .                g6 (u_0) is White's
//	  . . B A A B B . .
//	   . . A A A B . .
//	    . . . . . . .
//	     . . . . . .            rank 1: a1 to f1
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
// positions, of both boards.
//
// R-E3: a setup with at least as many men as the board has orthogonal
// adjacencies (Config.Adjacencies; on the hexagon, pairs of neighbouring
// cells) is rejected, which guarantees that every cascade ends (a
// chip-firing game with fewer chips than the graph has edges is finite).
//
// R-E4 (Hexplocus; its published diagram is lost too): what the sources
// agree on is six directions, columns of one colour up to 5 high, and
// capacity = number of neighbours (3 on the six corners, 4 on the other
// edge cells, 6 inside), everything else as Explocus, on a board bigger
// than the square one. The rulings:
//
//   - Board: a hexagon of side N, 6 by default (91 cells), 3 ≤ N ≤ 13.
//     Cells are (f, r) with 0 ≤ f, r ≤ 2N−2 and |f − r| ≤ N−1, named file
//     letter + rank number (a1 = (0, 0); f6 the centre of side 6).
//     Neighbours of (f, r): (f±1, r), (f, r±1), (f+1, r+1), (f−1, r−1);
//     a move of k men goes exactly k cells along one of these six
//     directions.
//   - Start: one man on every cell at distance 1 to min(3, N−1) from the
//     centre (36 men from N = 4 on; 18 on the smallest board). Ring d is
//     split into six segments d·u_j + t·(u_{j+1} − u_j), t = 0..d−1, with
//     u_0..u_5 = (1,0), (1,1), (0,1), (−1,0), (−1,−1), (0,−1) as offsets
//     from the centre; segments 0, 2, 4 are White's (A, seat 0, moves
//     first), 1, 3, 5 Black's. The start is point-symmetric with colours
//     swapped. The first player has 108 moves.
//   - R-E2 and R-E3 apply unchanged (explosions resolved automatically;
//     setups with men ≥ adjacencies rejected); the optional ply limit too.
//
// Reading R-E4, the library also settles: a move's destination must be a
// cell of the hexagon (a move naming a cell off it is not a move of the
// game: a syntax error from ParseMove, ErrOffBoard from Legal); "up to 5
// high" is not a separate rule but what the capacities give (a column of
// 5 is possible only inside; one that reaches its capacity explodes at
// once); on side 3 the start's two rings are the whole board but its
// centre; and the spec option for N is size.
//
// # Game spec
//
//	explocus                              8×8, no ply limit
//	explocus(rows=5,cols=7,plylimit=500)  rows and cols from 3 to 26
//	hexplocus                             the hexagon of side 6, no ply limit
//	hexplocus(size=8,plylimit=500)        size (the side) from 3 to 13
//
// The canonical spec always writes the board's size (rows and cols; size
// for the hexagon), and plylimit when it is set:
// "explocus(rows=8,cols=8)", "hexplocus(size=6)",
// "hexplocus(size=6,plylimit=500)".
//
// # Package shape
//
// Explocus has the shape every game package of the library shares (hex,
// focus, domination, explocus):
//
//   - Config is the variant: the board, either the square board's size
//     (Rows, Cols) or the hexagon's side (Side, which selects Hexplocus;
//     Rows and Cols are then 0; Config.IsHex tells), and the ply limit
//     (PlyLimit). Default is the configuration of a bare "explocus" spec,
//     8×8 with no ply limit; HexDefault that of a bare "hexplocus" spec,
//     side 6.
//   - ParseSpec(string) (Config, error) reads a spec text and
//     FromSpec(notation.Spec) (Config, error) an already parsed spec, of
//     either game; Config.Spec and Config.String give the canonical spec,
//     and Config.Validate reports a configuration the package cannot play
//     (rows, cols, size or plylimit out of range, or a hexagon with Rows
//     or Cols set), with a *notation.SpecError naming the option.
//   - Config.Start returns the Explocus start of a configuration (R-E1),
//     a Position, and Config.StartHex the Hexplocus start (R-E4), a
//     HexPosition; New() is Default.Start(), the standard 8×8 start, and
//     HexDefault.StartHex() the standard Hexplocus start. Each gives the
//     invalid value (see The invalid value) for a configuration of the
//     other game or one that Validate refuses: nothing is clamped or
//     repaired into a game.
//   - Config.ParsePosition and ParsePosition read Explocus texts,
//     Config.ParseHexPosition and ParseHexPosition Hexplocus texts (see
//     Position text). Config returns a position's configuration, and
//     Size() its (files, ranks), that is (cols, rows): columns then rows,
//     the same order in every game.
//   - Square is a cell of the MaxSize×MaxSize grid on which both boards
//     lie: NewSquare(file, rank) with file 0 the file written "a" and rank
//     0 the rank written "1" (on the hexagon, the axial coordinates of
//     R-E4), and the methods File, Rank, IsValid and String ("c3").
//     Coordinates off the 26×26 grid give NoSquare (String "?", File and
//     Rank -1): they are never wrapped onto another square. The hexagon of
//     side N lies on a grid of (2N−1, 2N−1); OnBoard(sq) says which
//     squares of the grid are the board's, and At(sq) (the owner and
//     height of its column) and Capacity(sq) give 0 for the others.
//   - StackMove(from, to) builds a move (Move.From and Move.To give its
//     squares back, Move.Count the men it moves); given NoSquare it
//     returns NoMove (String "?"), which Legal and Play refuse with
//     ErrNoSuchSquare, a reason that names the grid. A square of the grid
//     off the board is ErrOffBoard. ParseMove reads the notation.
//   - Turn() is the seat whose turn it is, Men(seat) the men a seat owns
//     and Ply() the plies played.
//   - The constant MaxMoves is a buffer size that serves every
//     configuration of both games; the method MaxMoves() is that
//     position's own bound, one move per man on the board and direction
//     (four per man on the square board, six on the hexagon: a column of
//     height h has at most one move per direction and distance 1..h),
//     which holds for the rest of the game too, since men are only ever
//     converted, never created or removed: 144 on the standard square
//     board, 216 on the standard hexagon.
//   - Evaluate(seat) (value float64, ok bool), part of the root contract,
//     estimates the position for seat in [-1, 1] without playing on, so
//     that search can cut short random games that rarely end. Explocus
//     evaluates (ok is true): each man counts 1 and each column ½ (columns
//     are mobility), and the difference is squashed into (-1, 1); a
//     finished game gives its return.
//   - CanEnd(outcome) reports whether a game of the configuration can end
//     with the outcome's scores: a win for either seat, or a draw only
//     with a ply limit (the rules of neither game have one).
//   - Importing the package registers both games with rules.Register, so
//     rules.Open("explocus(rows=6,cols=7)") and
//     rules.Open("hexplocus(size=8)") work.
//
// What differs from the other games on purpose: a square holds a column
// of one colour, so At returns its owner and height rather than a stack
// of pieces; one package, one Move type and one board serve two games,
// each with its position type; and the games have no chance nodes.
//
// # Move notation
//
// A move is its origin and destination, "c3-c5"; the number of men moved
// is the distance. On the hexagon the cells are named the same way, in
// the (file, rank) coordinates of R-E4, and "c3-e5" is a move along the
// diagonal. Moves sort by origin, then destination, cells in the order
// a1, b1, ..., a2, ...; AppendMoves lists them in that order.
//
// ParseMove returns only *rules.SyntaxError values: text that is not a
// move of this notation, or names a cell off the position's board (on the
// hexagon: off the hexagon, such as a7 on side 6), is a syntax error (a
// move holds no white space, and the notation has no words: "pass" is
// named as an unknown move word). Errors of a Hexplocus position or move
// say "hexplocus position" or "hexplocus move" in SyntaxError.What.
// Whether a well-formed move is legal is Legal's job, which gives a
// *rules.MoveError (see Errors). Moves implement encoding.TextMarshaler
// and encoding.TextUnmarshaler: they marshal as their notation text and
// unmarshal from it.
//
// # Position text
//
// One line of three fields separated by single spaces, optionally
// preceded by the canonical game spec and one space:
//
//	text     = [ spec " " ] position     ; spec: the canonical game spec
//	position = board " " seat " " ply
//	board    = rank *( "/" rank )        ; the top rank first, every cell listed
//	rank     = 1*( "." / column )        ; "." is an empty cell
//	column   = ( "A" / "B" ) [ "2" / "3" / "4" / "5" ] ; owner and height (1 when not written)
//	seat     = "A" / "B"                 ; the seat to move
//	ply      = 1*DIGIT                   ; plies played, at most MaxPly
//
// On the square board every rank lists every square, files a.. from the
// left. On the hexagon of side N each rank lists only its cells, from its
// first file to its last: rank r+1 (0 ≤ r ≤ 2N−2) lists files
// max(0, r−N+1) to min(2N−2, r+N−1), so the ranks have N, N+1, ...,
// 2N−1, ..., N cells from the top. The Explocus start is
//
//	......../.AABBAA./.BBAABB./.AABBAA./.BBAABB./.AABBAA./.BBAABB./........ A 0
//
// and the Hexplocus start (the top rank lists f11 to k11, the bottom a1
// to f1)
//
//	hexplocus(size=6) ....../......./..ABBB../..AABBA../..AAABAA../..BBB.AAA../..BBABBB../..BAABB../..AAAB../......./...... A 0
//
// A position text is refused, with a *rules.SyntaxError at the offset of
// the problem, unless every rank has the board's width (on the hexagon,
// its rank's number of cells), each column is below its cell's capacity (a
// move ends only when every cascade has: at most 3 high on the square
// board, 5 on the hexagon), R-E3 holds, the seat that moved last has
// men (at ply 0, where nobody has moved, both seats have men: a game is
// not decided before its first move), the seat to move is the one the
// ply says (A at even plies: the seats alternate, White first, and
// nobody passes), and the ply is at most MaxPly (2^31: a game would need
// that many plies to pass it; the position's count of plies never
// wraps) and not past the ply limit, which ends the game.
//
// Ruling: the number of men is not checked against the configuration's
// start. The rules conserve the men in all (a move or an explosion only
// converts men, never creates or removes one), but not each side's, and
// any other start can be given as a position text (R-E1), so a text
// cannot tell which start its game had.
//
// A text without a spec (a bare text) implies its configuration: an
// Explocus board of the size counted from the text, and no ply limit. A
// position writes the spec exactly when the rest of its text would not
// determine its configuration, and the rest is then read in that
// configuration; so a position writes the spec when its game has a ply
// limit, and a Hexplocus position always writes it:
//
//	explocus(rows=8,cols=8,plylimit=500) ......../.AABBAA./.BBAABB./.AABBAA./.BBAABB./.AABBAA./.BBAABB./........ A 0
//
// Config.ParsePosition and Config.ParseHexPosition read a bare text in
// their own configuration (so HexDefault.ParseHexPosition reads a bare
// Hexplocus board), and refuse a text whose spec names another
// configuration. The package-level ParsePosition reads the spec when
// there is one, and otherwise the configuration a bare text implies;
// ParseHexPosition wants the spec. Each reader refuses the other game's
// texts and configurations, with a *notation.SpecError (inside a
// *rules.SyntaxError for a text's spec) that names the other reader.
// Both types implement encoding.TextMarshaler and, with a pointer
// receiver, encoding.TextUnmarshaler (reading as ParsePosition and
// ParseHexPosition do), so a struct holding a position round-trips
// through encoding/json.
//
// # Diagram
//
// Position.Diagram draws the board for people: the square board as a
// grid, the hexagon as a hexagon, each rank shifted half a cell from the
// next (see Diagram for an example).
//
// # Actions, observations and symmetries
//
// For search and learning, a position gives each move a dense index,
// shows itself as planes of numbers, and maps onto its images under the
// board's symmetries (the kit of rules.Position). The typed calls
// allocate nothing (given an observation buffer with room).
//
// Actions. The action space of a board is the list of the moves a
// position of that board can ever list, in canonical order (by origin,
// then destination: cells a1, b1, ..., a2, ...); a move's index is its
// place in the list, so indices ascend with moves. A move can be listed
// when its origin and destination are cells of the board k cells apart
// along one of the board's lines (four directions on the square board,
// six on the hexagon) and k is at most the tallest column the origin can
// hold once a move is over, its capacity − 1: 1 on a corner, 2 on an
// edge and 3 inside on the square board; 2, 3 and 5 on the hexagon. So
// a1's moves on 8×8 are a1-b1 (index 0) and a1-a2 (1), b1's are b1-a1,
// b1-c1, b1-d1, b1-b2 and b1-b3 (2 to 6), and h8-g8 is the last (503);
// on the hexagon of side 6, a1's are a1-b1, a1-c1, a1-a2, a1-b2, a1-a3
// and a1-c3 (0 to 5). The space is the board's (the ply limit changes no
// move), and NumActions is its size:
//
//   - rows × cols, both at least 4: 12·rows·cols − 18·(rows + cols) + 24
//     (504 on 8×8, 7200 on 26×26);
//   - 3 × n or n × 3, n ≥ 4: 20n − 34; 3 × 3: 28;
//   - the hexagon of side N = 3, 4, ..., 13: 156, 426, 906, 1578, 2430,
//     3462, 4674, 6066, 7638, 9390, 11322 (90N² − 318N + 246 from N = 5
//     on; 1578 on the standard hexagon).
//
// Each board's list is built the first time one of its positions asks
// for it, and kept (tens of kilobytes for the largest boards); ActionIndex
// is then a binary search among the origin's moves, -1 for a move of no
// position of the board (off its lines, farther than its origin's columns
// can ever go, off the board), and ActionMove a look-up. The games have
// no chance: NumChanceActions is 0.
//
// Observations. AppendObservation appends planes of rows × cols values:
// the grid the board lies on, (2N−1) × (2N−1) for the hexagon of side N;
// row r of a plane is rank r+1 and column f file f. With H the tallest a
// column can be once a move is over (3 on the square board, 5 on the
// hexagon), the planes are, from seat's view:
//
//   - 0 to H−1: seat's columns by height: plane h−1 is 1 on seat's
//     columns of exactly h men.
//   - H to 2H−1: the opponent's columns by height, likewise.
//   - 2H: the board: 1 on its cells, 0 on the cells of the grid off the
//     hexagon (1 everywhere on the square board).
//   - 2H+1: the capacities: each cell's capacity over the most a cell of
//     the board has (4 on the square board, 6 on the hexagon), so 1
//     inside, 3/4 and 1/2 on the square board's edges and corners, 4/6 and
//     3/6 on the hexagon's; 0 off the board.
//   - 2H+2: 1 on every cell of the board when it is seat's turn (or
//     would be, once the game is over), else 0.
//   - With a ply limit only, 2H+3: ply/limit on every cell of the board
//     (the part of the game played), and 2H+4: 1/(1 + plies left) on
//     every cell of the board, which tells apart games of different
//     limits (exact up to 2^24 plies left). Without a limit the ply
//     decides nothing, and the hash leaves it out too.
//
// Every plane is 0 on the cells of the grid off the hexagon, so that an
// observation's image under a symmetry is the observation with each
// board cell's values moved to its image's place and the cells off the
// hexagon left as they are (0).
//
// ObservationShape is (9, rows, cols) on the square board and (13, 2N−1,
// 2N−1) on the hexagon, two planes more under a ply limit. The colours
// are not shown: the rules treat White and Black alike but for who moves
// first, which the ply says under a limit and which decides nothing
// without one. Positions with equal hashes look the same, and two that
// look the same to the seat to move are the same game from there on.
//
// Symmetries. The rules know a cell only by its neighbours: moves go
// along the board's lines, a capacity counts neighbours, an explosion
// feeds them. So every map of the board onto itself that takes
// neighbours to neighbours keeps the rules, capacities included, whatever
// the start: R-E1's and R-E4's starts need not be symmetric, and a
// position text may give any start. Transform moves each column to its
// cell's image and keeps the seat to move, the ply and the configuration;
// TransformMove moves a move's origin and destination. Symmetries is
//
//   - 8 on a square board (rows = cols): k = 0 the identity, 1 the half
//     turn, 2 the mirror of the files (a↔h on 8×8), 3 the mirror of the
//     ranks, 4 the quarter turn clockwise (a1 to the top left corner), 5
//     the quarter turn counter-clockwise, 6 the reflection in the a1
//     diagonal (file↔rank), 7 the reflection in the other diagonal;
//   - 4 on a board that is not square: the first four (the quarter turns
//     and the diagonal reflections do not map a rectangle onto itself);
//   - 12 on the hexagon, in the axial coordinates (x, y) = (file − N + 1,
//     rank − N + 1) about the centre: k = 0 to 5 the rotation by k·60
//     degrees counter-clockwise as Diagram draws it ((x, y) to (x − y, x)
//     once: R-E4's u_j to u_{j+1}), and k = 6 to 11 the reflection (x, y)
//     to (y, x), which keeps the (1, 1) diagonal, followed by rotation
//     k − 6.
//
// An action's index does not depend on the position, so a symmetry
// permutes the action space alike at every position of a board
// (rules.ActionPermutation).
//
// # The invalid value
//
// The zero Position and the zero HexPosition are the invalid values of
// the contract (see rules.Position and rules.Kit): what every failed
// parse returns and what Start and StartHex return for a configuration
// they refuse. Where Explocus adds
// to the contract: Config is the zero Config, Size (0, 0), MaxMoves and
// Men 0, Turn rules.Terminal (no seat's turn), OnBoard false for every
// square, TransformMove NoMove; its text is "<invalid explocus
// position>".
//
// # What the hash covers
//
// Hash is a Zobrist hash of what decides the game from the position on:
// a key of the configuration (rows, cols, side and ply limit: the same
// men on the same cells of two boards, or under two ply limits, are
// different games, and no position hashes to 0, the invalid value's
// hash), every column (owner, height and cell) and the seat to move; and,
// only when the configuration has a ply limit, the ply, since the plies
// left decide when the game ends as a draw. The ply's key is folded in as
// each move is played, at the cost of two mixes of a 64-bit word, and
// only under a ply limit. Without a limit the ply decides nothing and is
// left out, so that transpositions (the same columns and seat to move,
// reached at different plies) meet in one hash. Two positions with the
// same hash are, but for a 64-bit collision, the same game from there on.
//
// # Errors
//
// Legal and Play return a *rules.MoveError: Kind rules.ErrNoGame on the
// invalid value, rules.ErrGameOver after the game ends, or
// rules.ErrIllegal with one of the Err* values as its Reason
// (ErrNoSuchSquare for a move with a square off the grid, NoMove, at any
// node). Malformed text, moves included, gives a *rules.SyntaxError with
// the offset.
//
// # Speed
//
// A position of either type is a value of about 900 bytes: a byte of
// height per cell of a 26×26 grid and a bitmask per rank of each
// colour's columns; the board's
// shape is three bytes (rows, cols, and the hexagon's side), and the
// hexagon's cells are the grid's cells within a diagonal band. One
// cascade serves both boards, walking the board's directions: it keeps its
// work list (a bitmask per rank of cells that may be unstable) and its
// heights on the stack, and fires a column as many times as its height
// allows at once. Each board has its own move generator. Move generation
// into a buffer with room for MaxMoves (or the position's own
// MaxMoves()), and both applies, allocate nothing.
package explocus
