package rules

import "strings"

// Reason says why a game ended: NotOver while it goes on, one of the
// constants below, which any game may give, or a reason a game names for
// itself with NewReason. A Reason's text (String) is what records, JSON
// and the programs show and read back; its number is only valid within
// one process.
type Reason uint8

// The reasons any game may give, and the two that are no ending.
const (
	// NotOver is the reason of a game still in progress.
	NotOver Reason = iota
	// NoLegalMove: the player to move had no legal move and lost.
	NoLegalMove
	// Elimination: the mover left every opponent without pieces or moves.
	Elimination
	// PlyLimit: an optional ply limit ended the game as a draw. Ply limits
	// are a library convenience, never part of a game's rules.
	PlyLimit
	// Forfeit: a player lost by breaking the terms of play rather than
	// by the rules of the game (a referee's verdict on an engine that
	// sent an illegal move or garbage, ran out of time or crashed).
	Forfeit
	// Resignation: a player resigned.
	Resignation
	// Agreement: the players agreed on the result (a draw, say), as a
	// game record may tell.
	Agreement
	// Invalid is the reason of an outcome built from impossible
	// arguments: Win or Draw with a seat count outside 2 to MaxSeats, a
	// winner that is not a seat of the game, or the reason NotOver,
	// Invalid or one no game named. Such an outcome is over, scores no
	// seat, writes its result as "?" and has no JSON form. It is also the
	// outcome of a position that is no game (the invalid value, see
	// Position); no game ends with it.
	Invalid
)

// Outcome is the result of a game: ongoing (the zero value), or decided
// with a score for every seat and the reason it ended. Scores are 1 for a
// win, 0 for a loss and ½ for a draw; in team games partners share their
// team's score. An Outcome is a small value with no pointers.
type Outcome struct {
	// Reason is NotOver while the game goes on.
	Reason Reason
	seats  uint8
	halves [MaxSeats]uint8 // each seat's score in half points
}

// Win returns the outcome in which the given seats score 1 and every other
// seat of a seats-player game scores 0. Several winners express a team
// victory. Impossible arguments (see Invalid) give the Invalid outcome.
func Win(seats int, reason Reason, winners ...Player) Outcome {
	if !possibleEnd(seats, reason) {
		return Outcome{Reason: Invalid}
	}
	o := Outcome{Reason: reason, seats: uint8(seats)}
	for _, w := range winners {
		if !w.IsSeat() || int(w) >= seats {
			return Outcome{Reason: Invalid}
		}
		o.halves[w] = 2
	}
	return o
}

// Draw returns the outcome in which every seat scores ½. Impossible
// arguments (see Invalid) give the Invalid outcome.
func Draw(seats int, reason Reason) Outcome {
	if !possibleEnd(seats, reason) {
		return Outcome{Reason: Invalid}
	}
	o := Outcome{Reason: reason, seats: uint8(seats)}
	for i := range seats {
		o.halves[i] = 1
	}
	return o
}

// possibleEnd reports whether a game of seats players can end for reason.
func possibleEnd(seats int, reason Reason) bool {
	return seats >= 2 && seats <= MaxSeats && reason.ending()
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Reason != NotOver }

// Seats returns the number of seats the outcome scores (0 while ongoing
// if it was never set).
func (o Outcome) Seats() int { return int(o.seats) }

// Score returns seat p's score: 1, ½ or 0. It is 0 while the game goes on
// and for anything that is not a seat of the game.
func (o Outcome) Score(p Player) float64 {
	if !o.Over() || !p.IsSeat() || int(p) >= int(o.seats) {
		return 0
	}
	return float64(o.halves[p]) / 2
}

// Winner returns the single seat that scored 1 while every other seat
// scored 0. It reports false for ongoing games, draws and team wins.
func (o Outcome) Winner() (Player, bool) {
	if !o.Over() {
		return 0, false
	}
	winner, found := Player(0), false
	for i := range int(o.seats) {
		switch o.halves[i] {
		case 2:
			if found {
				return 0, false
			}
			winner, found = Player(i), true
		case 0:
		default:
			return 0, false
		}
	}
	return winner, found
}

// Return is seat p's zero-sum return for search: its score minus the mean
// score of the other seats. With two seats a win is +1, a loss -1 and a
// draw 0; over all seats the returns always sum to 0.
func (o Outcome) Return(p Player) float64 {
	n := int(o.seats)
	if !o.Over() || n < 2 || !p.IsSeat() || int(p) >= n {
		return 0
	}
	total := 0.0
	for i := range n {
		total += float64(o.halves[i]) / 2
	}
	own := o.Score(p)
	return own - (total-own)/float64(n-1)
}

// Returns returns every seat's Return: the zero-sum values search backs
// up at a terminal node, seat by seat, without knowing who moved last.
// Seats the outcome does not score get 0.
func (o Outcome) Returns() [MaxSeats]float64 {
	var r [MaxSeats]float64
	for s := range int(o.seats) {
		r[s] = o.Return(Player(s))
	}
	return r
}

// Result returns the result in record notation: per-seat scores joined by
// dashes ("1-0", "0-1", "1/2-1/2", "0-1-0", "1-0-1-0"), "*" while the
// game goes on, or "?" for the Invalid outcome.
func (o Outcome) Result() string {
	if !o.Over() {
		return "*"
	}
	if !o.Reason.ending() {
		return "?"
	}
	var b strings.Builder
	for i := range int(o.seats) {
		if i > 0 {
			b.WriteByte('-')
		}
		switch o.halves[i] {
		case 0:
			b.WriteByte('0')
		case 1:
			b.WriteString("1/2")
		default:
			b.WriteByte('1')
		}
	}
	return b.String()
}

// String returns the result followed by the reason, e.g. "1-0 (connection)",
// or "*" while the game goes on.
func (o Outcome) String() string {
	if !o.Over() {
		return "*"
	}
	return o.Result() + " (" + o.Reason.String() + ")"
}
