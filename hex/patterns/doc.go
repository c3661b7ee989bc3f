// Package patterns gives Hex moves prior probabilities learned from real
// games: the knowledge MoHex 2.0 added to Monte Carlo tree search, a
// local pattern around each cell weighted by a Bradley–Terry model.
//
// # The model
//
// A move is a team of features, each with a weight (a gamma), and its
// weight is their product; in a position, a move's probability is its
// weight over the sum of the weights of every empty cell. The features
// of a cell are:
//
//   - its pattern: what the cells within distance 2 of it hold (18
//     cells), or, for a pattern too rare to learn, its 6 neighbours, or
//     else "unknown";
//   - its distance to the opponent's last stone: 1, 2, or 3 and more
//     (or no such stone);
//   - its distance to the mover's own last stone, likewise;
//   - in a model trained with them (TrainOptions.Paths; HasPaths), its
//     path classes: how far it lies off the mover's shortest paths
//     between their sides, and off the opponent's, one weight for each
//     pair.
//
// The path classes are the model's one view of the whole board. A
// player's two-distance from a cell to one of their sides is 1 when the
// cell lies along that side or next to a chain of the player's stones
// that touches it, else one more than the second least two-distance
// among its neighbours: the empty cells next to it, and those next to a
// chain of the player's stones next to it (the opponent can block the
// best neighbour, not the second). A cell's potential is the sum of its
// two-distances to the player's two sides, and its path class is its
// potential less the least potential on the board, at most
// PathClasses-1 (which also takes the cells through which the player has
// no path). Class 0 holds the cells of the player's shortest paths; the
// least potential is Queenbee's measure of how far the player is from a
// win (van Rijswijck, "Computer Hex: are bees better than fruitflies?",
// 2000).
//
// A pattern is seen from the mover's side: each of its cells holds one
// of empty, a stone of the mover, a stone of the opponent, off the board
// beyond a side the mover joins, or off the board beyond one of the
// opponent's sides (or beyond both, at a corner). The board is first
// turned so that the mover joins the top and bottom: as it is for Black,
// transposed for White (the hex grid and the rules keep a transposition
// with the colours exchanged), so that one pattern serves both colours.
// A pattern and its half turn, which keeps the mover's sides, are one:
// its key is the lesser of their numbers.
//
// A pattern's number writes its cells as base-5 digits (empty 0, the
// mover's stone 1, the opponent's 2, the mover's side 3, the opponent's
// side 4). With the cells at offsets (dx, dy) in the turned board,
// dy rows down and dx cells right, in the order
//
//	neighbours:  (1,0) (-1,0) (0,1) (0,-1) (1,-1) (-1,1)
//	distance 2:  (2,0) (-2,0) (0,2) (0,-2) (2,-2) (-2,2)
//	             (1,1) (-1,-1) (2,-1) (-2,1) (1,-2) (-1,2)
//
// a small pattern's number is the sum of digit k times 5^k for its 6
// cells; a large pattern's is the small number times 5^12 plus the sum
// of digit k times 5^(k-6) for cells 6 to 17, with bit 63 set.
//
// # Training
//
// Train fits the weights to the moves played in games by Coulom's
// minorization–maximization ("Computing Elo ratings of move patterns in
// the game of Go", 2007), one group of features a sweep, each weight
// with a virtual win and a virtual loss against a move of weight 1. The
// model embedded in the package (Default) was trained by
//
//	go run ./examples/hexpatterns
//
// on the 18,897 Little Golem games (mostly human, 11×11 and 13×13)
// kept beside the repository, every tenth game held out. On the held-out
// games its most probable move was the move played 40.6% of the time on
// 11×11 and 40.1% on 13×13, one of its five most probable 66.3% and
// 64.2% (Model.About holds the figures; the README has the table). It
// has no path classes. Trained with them (TrainOptions.Paths,
// hexpatterns -paths), the model's figures are 44.4% and 42.8%, 69.8%
// and 67.6%: a better predictor of the moves played. Yet as the Hex
// bot's priors it scored 15 of 40 games against MoHex 2.0 on 9×9 at 1 s
// a move, and 7 of 40 on 11×11, against 51 of 120 and 10 of 40 with
// Default: no better, perhaps worse, and slower, so Default is
// trained without them. The swap is not learned: AppendPriors gives it
// an equal share.
//
// # The playout model
//
// Playout is a second model trained on the same games with
// TrainOptions.Small (go run ./examples/hexpatterns -small -out
// hex/patterns/playout.bin): small patterns only, 320 of them, and the
// same distance features. On the held-out games its first choice is the
// move played 32.8% of the time on 11×11 and 13×13, one of its five
// 57.5% and 56.7%. Its weights depend only on a cell's six neighbours
// and two distances, so a playout can keep every cell's weight up to
// date as stones fall: RingWeights tabulates them by the neighbours'
// contents, NearWeights gives the distance weights. Package hexbot's
// rollouts draw their moves from it with hexbot.Options.PlayoutPatterns.
//
// # Use
//
// Model.Weights weighs every cell of a board given as colours, for a
// search that keeps its own board (package hexbot does); AppendPriors
// gives the probabilities of a hex.Position's legal moves. Neither
// allocates. On 11×11 a position's priors take about 6 µs, and 8.5 µs
// more in a model with path classes (BenchmarkAppendPriors,
// BenchmarkPathClasses).
//
// The file format is described at MarshalBinary; Parse reads it and
// refuses, with the byte offset, a file that breaks it.
package patterns
