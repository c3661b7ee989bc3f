package rules

import "strconv"

// MaxSeats is the largest number of seats any game in this module has.
const MaxSeats = 4

// Player identifies who acts at a node of the game tree: a seat 0..n-1 in
// turn order, or one of the pseudo-players Chance and Terminal.
type Player int8

const (
	// Chance is to move at a chance node (a dice roll, a tile draw): the
	// node's outcomes come from AppendChances with exact probabilities.
	Chance Player = -1
	// Terminal is "to move" once the game is over: nobody acts again.
	Terminal Player = -2
)

// IsSeat reports whether p is a real seat (not Chance or Terminal).
func (p Player) IsSeat() bool { return p >= 0 && p < MaxSeats }

// Letter returns the seat letter used in every text format of this
// module: seat 0 is 'A', seat 1 is 'B', and so on. It returns '?' for
// Chance, Terminal and out-of-range values.
func (p Player) Letter() byte {
	if !p.IsSeat() {
		return '?'
	}
	return 'A' + byte(p)
}

// String returns "A".."D" for seats, "chance" and "terminal" for the
// pseudo-players.
func (p Player) String() string {
	switch {
	case p.IsSeat():
		return string(rune(p.Letter()))
	case p == Chance:
		return "chance"
	case p == Terminal:
		return "terminal"
	}
	return "Player(" + strconv.Itoa(int(p)) + ")"
}

// SeatFromLetter is the inverse of Player.Letter: 'A' is seat 0. It
// reports false for anything that is not a seat letter.
func SeatFromLetter(c byte) (Player, bool) {
	if c < 'A' || c >= 'A'+MaxSeats {
		return 0, false
	}
	return Player(c - 'A'), true
}

// Node is the kind of a node of the game tree, told by who is to move.
type Node uint8

const (
	// DecisionNode: a seat is to move and chooses among the legal moves.
	DecisionNode Node = iota
	// ChanceNode: Chance is to move; the moves are outcomes with exact
	// probabilities.
	ChanceNode
	// TerminalNode: the game is over; Outcome says how.
	TerminalNode
)

var nodeNames = [...]string{DecisionNode: "decision", ChanceNode: "chance", TerminalNode: "terminal"}

// String returns "decision", "chance" or "terminal".
func (n Node) String() string {
	if int(n) < len(nodeNames) {
		return nodeNames[n]
	}
	return "Node(" + strconv.Itoa(int(n)) + ")"
}

// Node returns the kind of node at which p is to move: TerminalNode for
// Terminal, ChanceNode for Chance, DecisionNode for a seat.
func (p Player) Node() Node {
	switch p {
	case Terminal:
		return TerminalNode
	case Chance:
		return ChanceNode
	}
	return DecisionNode
}
