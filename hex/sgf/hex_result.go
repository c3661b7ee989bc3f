package sgf

import (
	"fmt"
	"strings"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// setResult sets the Result and Termination tags from RE and the ending,
// refusing a result that the ending or a connection on the board
// contradicts.
func setResult(rec *notation.Record, re string, end ending, sidesSwapped bool, begin hex.Position) error {
	winner, termination, err := readResult(re) // winner: "B" when PB (seat 0) won, "W" when PW did
	if err != nil {
		return err
	}
	if termination != "" {
		rec.SetTag("Termination", termination)
	}
	verb := "resigned"
	if end.color != "" {
		if end.how == "resign" {
			rec.SetTag("Termination", "resignation")
		} else {
			rec.SetTag("Termination", "forfeit")
			verb = "forfeited"
		}
		// The resigning node's letter is its stone colour: Black's
		// player is PW once the sides are swapped.
		loser := "W"
		if (end.color == "B") != sidesSwapped {
			loser = "B"
		}
		if winner == loser {
			return fmt.Errorf("sgf: node 1: RE[%s] names P%s the winner, but P%s %s (node %d, %s[%s])",
				escaped(re), winner, loser, verb, end.node, end.color, end.how)
		}
		winner = other(loser)
	}
	if conn := connectionWinner(begin, rec.Moves); conn != "" && winner != "" && winner != conn {
		if end.color != "" {
			return fmt.Errorf("sgf: node %d: P%s %s after connecting", end.node, conn, verb)
		}
		return fmt.Errorf("sgf: node 1: RE[%s] names P%s the winner, but P%s connected", escaped(re), winner, conn)
	}
	switch winner { // no Result tag when the file records none
	case "B":
		rec.SetTag("Result", "1-0")
	case "W":
		rec.SetTag("Result", "0-1")
	}
	return nil
}

// readResult reads RE as the SGF specification (FF[4]) writes it, for a
// game without draws or scores: the winning player ("B" for PB, "W" for
// PW, "" when RE records none) and the Termination its reason gives.
func readResult(re string) (winner, termination string, err error) {
	switch {
	case re == "" || re == "?" || strings.EqualFold(re, "void"):
		return "", "", nil
	case re == "0" || strings.EqualFold(re, "draw"):
		return "", "", fmt.Errorf("sgf: node 1: RE[%s] is a draw, and Hex has no draws", escaped(re))
	case len(re) < 2 || re[0] != 'B' && re[0] != 'W' || re[1] != '+':
		return "", "", fmt.Errorf("sgf: node 1: RE[%s] is no Hex result (B+ or W+, then nothing, R, Resign, T, Time, F or Forfeit; ? or Void for none)", escaped(re))
	}
	switch strings.ToLower(re[2:]) {
	case "":
	case "r", "resign":
		termination = "resignation"
	case "t", "time":
		termination = "time"
	case "f", "forfeit":
		termination = "forfeit"
	default:
		return "", "", fmt.Errorf("sgf: node 1: RE[%s]: after %s come nothing, R, Resign, T, Time, F or Forfeit (Hex has no score)", escaped(re), re[:2])
	}
	return re[:1], termination, nil
}

// connectionWinner replays moves from p and returns the player who
// connected ("B" for PB, seat 0; "W" for PW), or "" when the moves do
// not replay or end before a connection.
func connectionWinner(p hex.Position, moves []string) string {
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err == nil {
			err = p.Legal(m)
		}
		if err != nil {
			return ""
		}
		p = p.PlayUnchecked(m)
	}
	if w, ok := p.Outcome().Winner(); ok {
		return "BW"[w : w+1]
	}
	return ""
}
