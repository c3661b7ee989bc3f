// Package analysis holds Hex knowledge for programs that play or solve
// Hex: its own compact board, virtual connections found by H-search
// with the edge templates, inferior cells and fill-in.
//
// # Terms
//
// Black joins the top and bottom sides of the board, White the left and
// right sides; a colour's stones joined by adjacency form a group. A
// virtual connection (VC) between two nodes (cells, groups or sides)
// for a colour is a guarantee that the colour can join them against any
// defence, using only the empty cells of its carrier: a full connection
// holds even with the opponent to move, a semi connection only with the
// owner to move, by playing its key. A full connection between a
// colour's two sides is a proven win for it; a semi one a proven win if
// it is to move, and then its opponent must play in the carrier of
// every such semi connection: the intersection of their carriers is the
// must-play region (Anshelevich, "A hierarchical approach to computer
// Hex"). An edge template is a full connection between a stone and a
// side with a fixed carrier: the bridge to the side (template II), the
// ziggurat (IIIa) and the fourth-row template IVa.
//
// Inferior cells follow Hayward, Björnsson, Johanson and others ("Dead
// cell analysis in Hex and the Shannon game"; Henderson's thesis on
// inferior cell analysis): a cell is useless to a colour when a stone of
// that colour there is never needed to join its sides; a dead cell is
// useless to both, and its colour never matters; a cell useless to one
// colour is captured by the other, as is a pair of neighbouring empty
// cells where the other answers the first's intrusion in the pair with
// the pair's other cell, making the intrusion useless. Filling dead
// cells with any colour and captured cells with their captor's
// (fill-in) does not change who wins. A cell is vulnerable for a colour
// when one opponent stone next to it, its killer, would make it useless
// to that colour; playing it is then an inferior move. A cell is
// dominated for a colour by a neighbouring empty cell when a stone of
// that colour on the neighbour makes the cell useless to it: a stone on
// the cell is then never worth more than one on its dominator
// (neighbourhood domination).
//
// # Using it
//
// FromPosition turns a hex.Position into a Board (its stones, as sets
// of cells, and the colour to move; Geometry holds the shape). HSearch
// runs H-search for one colour: Won, WinningSemis and MustPlay answer
// the questions of a player, Fulls and Semis list the connections
// between any two nodes. FindInferior reports the inferior cells,
// FindDominated a colour's dominated cells (Domination.Prune removes
// them from a set of candidate moves, keeping one of any two cells that
// dominate each other) and FillIn fills the inferior cells in.
//
// The package analyses boards of up to MaxCells cells (every board up to
// 19×19). Sets of cells are fixed-size bitsets, so that H-search and
// fill-in allocate only while their tables grow to what a board needs.
package analysis
