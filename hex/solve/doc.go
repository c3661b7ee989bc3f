// Package solve solves Hex positions: which player wins with perfect
// play, and with which move.
//
// Solver is a depth-first proof-number search (df-pn: Nagai's
// algorithm, with the threshold trick of Pawlewicz and Lew) in the
// manner of the Benzene solver of Arneson, Hayward and Henderson
// ("Solving Hex: beyond humans"). A node's proof number is how many
// more leaves at least must be proven to show the player to move wins,
// its disproof number how many to show it loses; the search always
// descends towards the most proving node below thresholds that grow as
// needed, and a transposition table (a fixed-size hash table of
// positions, Options.TableBytes) keeps the numbers of the positions
// seen. At every new node it
//
//   - fills in the dead and captured cells (package analysis), which
//     keeps the value and removes moves;
//   - runs H-search for both players: a winning connection (a full one
//     for either player, or a semi one for the player to move) ends the
//     search there;
//   - keeps only the moves in the must-play region, the cells common to
//     the carriers of the opponent's winning semi connections, and can
//     leave out the vulnerable cells whose killer it keeps
//     (Options.Vulnerable) and the dominated cells whose dominator it
//     keeps (Options.Dominated).
//
// Solve works on an analysis.Board; SolvePosition takes a hex.Position
// and handles the pie rule. A search that runs out of time or nodes
// keeps what it proved in the table: Known reads a position's value from
// it without searching (the Hex bot of package hexbot leaves out the
// root moves a timed-out search proved losing). The context is checked
// at every node. The examples' hexsolve command prints the value of a
// position or of every opening.
package solve
