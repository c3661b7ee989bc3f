package protocol

import (
	"fmt"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
)

// colorWords holds, per game, the colour words that name a seat besides
// its letter (lower case; requests are read in any case). Hex's words
// name stone colours, whose seats change with a swap-sides, so Hex is
// handled apart.
var colorWords = map[string]map[string]rules.Player{
	"explocus":   {"w": 0, "white": 0, "b": 1, "black": 1},
	"domination": {"x": 0, "o": 1},
}

// ParseColor reads the COLOR argument of play, genmove and time_left in
// the game of pos and returns the seat it names: a colour word of the
// game (Hex: b, black, w, white, the stone colours, whose seats a
// swap-sides exchanges; Explocus: w, white for A and b, black for B;
// Domination: x for A and o for B), else a seat letter A to D, or
// "chance" for the chance pseudo-player. Case does not matter, and a
// colour word wins over a seat letter: in Hex "b" is Black, whichever
// seat plays it.
func ParseColor(pos rules.Dynamic, s string) (rules.Player, error) {
	low := strings.ToLower(s)
	if low == "chance" {
		return rules.Chance, nil
	}
	if p, ok := pos.Typed().(hex.Position); ok {
		switch low {
		case "b", "black":
			return p.SeatOf(hex.Black), nil
		case "w", "white":
			return p.SeatOf(hex.White), nil
		}
	}
	if seat, ok := colorWords[rules.SpecName(pos.Spec())][low]; ok {
		return seat, nil
	}
	if len(s) == 1 {
		if seat, ok := rules.SeatFromLetter(strings.ToUpper(s)[0]); ok && int(seat) < pos.Seats() {
			return seat, nil
		}
	}
	return 0, fmt.Errorf("invalid color %s", quote(s))
}

// Color returns the COLOR word a controller sends for the player to move
// at pos: in Hex the stone colour ("b" or "w"), so that a Hex engine
// speaking GTP understands it; in every other game the seat letter ("A"
// to "D"); "chance" at a chance node and "" once the game is over.
func Color(pos rules.Dynamic) string {
	mover := pos.ToMove()
	switch {
	case mover == rules.Chance:
		return "chance"
	case !mover.IsSeat():
		return ""
	}
	if p, ok := pos.Typed().(hex.Position); ok {
		if p.ColorOf(mover) == hex.White {
			return "w"
		}
		return "b"
	}
	return mover.String()
}
