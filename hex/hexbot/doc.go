// Package hexbot is a Hex player: a Monte Carlo tree search (MCTS) that
// uses the knowledge of package analysis and the solver of package
// solve, after the design of MoHex (Arneson, Hayward and Henderson,
// "Monte Carlo tree search in Hex"; Huang, Arneson, Hayward, Müller and
// Pawlewicz, "MoHex 2.0").
//
// MCTS grows a tree of positions by playouts: each descends the tree,
// choosing at every node the child with the best mean result plus an
// exploration bonus (UCT), blended with its all-moves-as-first (RAVE)
// estimate, the mean result of the playouts in which the mover played
// that cell at any later point; then plays the game out at random from
// the leaf (a rollout) and adds the result to the nodes on its path.
// A leaf gets its children (one per empty cell) once it has been
// visited ten times, as in MoHex. Its move is the root child with the
// most visits.
//
// The bot adds, in this order:
//
//   - instant play of proven wins: before searching it fills in the
//     dead and captured cells and runs H-search for both players (up to
//     11×11 with the larger default limits of package analysis when 5 ms
//     a cell or more are left, with the tree's otherwise); a winning
//     connection for the player to move is played at once (the key of a
//     semi connection, a carrier cell of a full one);
//   - must-play pruning: when the opponent has winning semi
//     connections, only the cells common to their carriers are moves
//     (a move elsewhere loses at once), and the root leaves out the
//     filled-in cells, the vulnerable cells whose killer stays and the
//     dominated cells whose dominator stays (analysis.FindDominated);
//   - the solver: with at most 40 empty cells after fill-in, two
//     candidates or more and, against a clock, 40 ms or more left,
//     it runs the df-pn solver of package solve, with H-search limits
//     (8, 16, 3) up to 11×11, on a quarter of the time (or a node
//     budget), and plays a proven win; otherwise the moves it proved
//     losing on the way leave the search (Report.Lost), unless it proved
//     the root lost (then the search picks among them all the move that
//     resists best). The bot keeps its solver, an 8 MiB table, from move
//     to move, so what one move proves serves the next. On the bot's
//     positions from its matches against MoHex the solver with a
//     quarter of a second settled nearly all of those with up to 50
//     empty cells on 9×9 and 79 on 11×11, about two in three of those
//     with 55 to 59 on 9×9 and half of those with 80 to 89 on 11×11.
//     Yet run from seven tenths of the cells empty (56 on 9×9, 84 on
//     11×11) it did not help: 16 of 40 against MoHex on 9×9, as from 40
//     empty cells, and 5 of 40 on 11×11 against 10, for the games are
//     decided before the solver is in reach and its failures take time
//     from the search;
//   - knowledge in the tree: a node visited Options.Knowledge times gets
//     the same analysis, which prunes its children to the must-play
//     region and the useful cells and marks it won or lost when
//     H-search proves it; proofs spread up the tree (a node with a
//     winning child is won, one whose children all lose is lost) and a
//     proven win at the root ends the search. The node keeps the
//     stones its fill-in put on its dead and captured cells, and every
//     later descent through it puts them on its board, as MoHex does:
//     the rollouts below start from the filled board, where no random
//     move can give a captured cell away, and the AMAF statistics leave
//     those cells out, for no one played them (Options.NoTreeFill, for
//     comparisons, prunes them without filling them in);
//   - priors: a new child starts with ten virtual playouts whose result
//     favours saving a bridge the opponent just intruded into, answering
//     near the opponent's last stone and making bridges, and disfavours
//     the border of the board far from any stone;
//   - learned priors: a new node's children get the probabilities of the
//     move-prediction model of package hex/patterns (local patterns
//     weighted by a Bradley–Terry fit to real games), and selection adds
//     Options.PatternBias·P/sqrt(1+n) to a child of probability P and n
//     visits; Options.NoPatterns plays without them. At 200 ms a move
//     on 9×9 the bot with them scored 29 of 40 games (72.5%) against the
//     bot without. The exploration term's and the RAVE estimate's
//     weights are Options.Exploration and Options.RaveVisits;
//   - rollouts that answer bridge intrusions: when a move takes one of
//     the two empty cells between two stones of the other colour (or
//     between a stone and its side), the other colour takes the other.
//
// Options.PlayoutPatterns adds, for comparisons, a pattern playout
// policy (MoHex 2.0's softmax playouts): a rollout's moves other than
// bridge replies are drawn with probability proportional to their weight
// under a model of small patterns, a cell's six neighbours, times the
// model's distance weights to the opponent's last stone and the
// mover's (patterns.Playout is the model learned for it). Each cell
// keeps its neighbours as a code, so a stone updates six cells' weights,
// and the weights are summed by blocks of 16 cells, so a draw looks at
// the cells near the last two stones, the blocks' sums and one block.
// The policy's playouts are better one for one: with 4,000 playouts a
// move on 9×9 the bot with it beat the bot without it 26 games to 14.
// But they take 2.4 times as long (BenchmarkPlayouts), and at the same
// time a move the bot without it wins: 29 games to 11 at 200 ms on 9×9,
// and against MoHex 2.0 at 1 s a move it scored 7 of 40 games (the bot
// without it 87 of 200). So it is off by default.
//
// A bot keeps its tree from move to move: when it is asked to move on the
// board of its last search with its own move and one opponent stone
// added (as in a game it plays), each worker starts from the subtree it
// grew under those two moves, with its playouts, proofs, and the pruning
// of the nodes below the root. The root's children are the moves the new
// root analysis allows, none pruned; nodes whose cell has been filled in
// since are dropped with their subtrees. The kept subtree is copied
// breadth first, upper levels first, into an eighth of the worker's nodes
// set aside for it, so reuse needs no nodes beyond Options.MaxNodes; a
// node whose children do not fit is kept without them, to be grown (and
// analysed) again. A worker starts from an empty tree instead when the
// board does not follow the last search's, when its tree never grew the
// reply's node, when the new root's moves do not fit the nodes set
// aside, or when the new root lacks a stone that fill-in had put on the
// subtree's board; and always with Options.NoReuse. Report.Reused gives
// the playouts kept.
//
// Search is bounded by Options.Iterations, the context's deadline (it
// stops a fortieth of the time before it, at most 25 ms) and a
// node budget (Options.MaxNodes, DefaultTreeBytes of nodes by default)
// that bounds its memory; Options.Workers searches with several
// goroutines, a tree each, whose root visits are summed. Bot.Choose
// plays a hex.Position (the pie rule included) and satisfies the bot
// interface of the module's examples; ChooseCell plays an
// analysis.Board. The bot takes boards of up to analysis.MaxCells
// cells (Supports).
package hexbot
