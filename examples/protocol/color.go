package protocol

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabletop-go/rules"
)

// ParseColor reads the COLOR argument of play, genmove and time_left in
// the game of pos and returns the seat it names: a colour word of a seat
// at pos (rules.SeatInfo's Words: in Hex b, black, w, white, the stone
// colours, whose seats a swap-sides exchanges; in Explocus w, white for A
// and b, black for B; in Domination x for A and o for B), else a seat
// letter A to D, or "chance" for the chance pseudo-player. Case does not
// matter, and a colour word wins over a seat letter: in Hex "b" is Black,
// whichever seat plays it. The words come from the game's registration,
// so a game of another package is read the same way.
func ParseColor(pos rules.Dynamic, s string) (rules.Player, error) {
	if !rules.IsGame(pos) {
		return 0, &rules.NoGameError{Type: "rules.Dynamic"}
	}
	low := strings.ToLower(s)
	if low == "chance" {
		return rules.Chance, nil
	}
	if seat, ok := seatOfWord(pos, low); ok {
		return seat, nil
	}
	if len(s) == 1 {
		if seat, ok := rules.SeatFromLetter(strings.ToUpper(s)[0]); ok && int(seat) < pos.Seats() {
			return seat, nil
		}
	}
	return 0, fmt.Errorf("invalid color %s", quote(s))
}

// seatOfWord returns the seat whose colour words at pos hold low.
func seatOfWord(pos rules.Dynamic, low string) (rules.Player, bool) {
	for s := range pos.Seats() {
		if slices.Contains(pos.SeatInfo(rules.Player(s)).Words, low) {
			return rules.Player(s), true
		}
	}
	return 0, false
}

// Color returns the COLOR word a controller sends for the player to move
// at pos: "chance" at a chance node, "" once the game is over, and for a
// seat its letter ("A" to "D"), unless the game's seat letters are
// colour words of other seats. Then a letter would name the wrong seat,
// so the seat's first colour word is sent instead: in Hex, "B" reads as
// Black, which seat A plays at the start, so Color sends the stone colour
// ("b" or "w", whichever seat plays it after a swap-sides), as a Hex
// engine speaking GTP expects. The words are those of the game's start,
// where Hex's letters are ambiguous; in every game of this module but
// Hex they are not, and Color sends the seat letter.
func Color(pos rules.Dynamic) string {
	if !rules.IsGame(pos) {
		return ""
	}
	mover := pos.ToMove()
	switch {
	case mover == rules.Chance:
		return "chance"
	case !mover.IsSeat():
		return ""
	}
	if lettersAmbiguous(pos) {
		if words := pos.SeatInfo(mover).Words; len(words) > 0 {
			return words[0]
		}
	}
	return mover.String()
}

// lettersAmbiguous reports whether, at the start of pos's variant (or at
// pos, if it cannot be opened), a seat letter is a colour word of another
// seat.
func lettersAmbiguous(pos rules.Dynamic) bool {
	start, err := rules.Open(pos.Spec())
	if err != nil {
		start = pos
	}
	for s := range start.Seats() {
		seat := rules.Player(s)
		if other, ok := seatOfWord(start, strings.ToLower(seat.String())); ok && other != seat {
			return true
		}
	}
	return false
}
