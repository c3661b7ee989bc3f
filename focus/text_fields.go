package focus

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Kinds of state tokens, for the duplicate check and error offsets.
const (
	tokenPhase = iota // setup, swap or swap:...
	tokenFirst
	tokenPassed
	tokenGains
	tokenWon
	numTokenKinds
)

var tokenNames = [numTokenKinds]string{"phase (setup or swap)", "first:", "passed:", "gains:", "won:"}

// tokenKind returns the kind of a state token, or -1 for an unknown one.
func tokenKind(token string) int {
	key, _, _ := strings.Cut(token, ":")
	switch key {
	case "setup", "swap":
		return tokenPhase
	case "first":
		return tokenFirst
	case "passed":
		return tokenPassed
	case "gains":
		return tokenGains
	case "won":
		return tokenWon
	}
	return -1
}

// fieldOffsets holds where each field of a position text starts, for the
// errors of the checks made once the whole text is read; a token is at -1
// when the text has none of its kind.
type fieldOffsets struct {
	turn, captures, ply int
	token               [numTokenKinds]int
}

// tokenAt returns the offset of the state token of kind, or the ply's
// for a token the text does not write.
func (at *fieldOffsets) tokenAt(kind int) int {
	if at.token[kind] >= 0 {
		return at.token[kind]
	}
	return at.ply
}

// parseToken reads a state token after the ply: "setup" (the drop setup
// goes on), "swap" (seat 0's opening swap is due) or "swap:c3<>d3" (seat
// 1's, after seat 0 swapped c3 and d3); and with more than two seats
// "first:AC" (seats that still owe their first-turn drop), "passed:AC"
// (teams whose last turn was a pass), "gains:0,2,1" (pieces each seat has
// sent to a reserve, short game) and "won:A:elimination" (the game is
// decided: by elimination, short or passes). It checks the token against
// the game and the seat to move; the pieces are checked later.
func (p *state) parseToken(c Config, field string) error {
	if p.seats > 2 {
		if done, err := p.parseMultiToken(field); done {
			return err
		}
	}
	switch {
	case field == "setup":
		if !c.DropSetup {
			return errString("a setup phase needs setup=drop")
		}
		p.phase = phaseSetup
	case field == "swap":
		if !c.Swap || p.turn != 0 {
			return errString("seat 0's opening swap needs swap=true and seat A to move")
		}
		p.phase = phaseSwap0
	case strings.HasPrefix(field, "swap:"):
		if !c.Swap || p.turn != 1 {
			return errString("seat 1's opening swap needs swap=true and seat B to move")
		}
		m, err := p.ParseMove(field[len("swap:"):])
		if err != nil || !m.IsSwap() {
			return errString("after swap: comes seat 0's swap, e.g. swap:c3<>d3")
		}
		p.phase, p.swapped = phaseSwap1, uint16(m.From())<<6|uint16(m.To())
	default:
		return errString("unknown state token " + strconv.Quote(field))
	}
	return nil
}

func (p *state) parseMultiToken(field string) (bool, error) {
	key, value, _ := strings.Cut(field, ":")
	letters := func(allowed string) (uint8, error) {
		if value == "" {
			return 0, errString(key + ": at least one seat letter")
		}
		var bits uint8
		for i := 0; i < len(value); i++ {
			s := strings.IndexByte(allowed, value[i])
			if s < 0 {
				return 0, errString(key + ": unexpected " + notation.QuoteFirst(value[i:]))
			}
			if bits>>s&1 != 0 {
				return 0, errString(key + ": " + value[i:i+1] + " twice")
			}
			bits |= 1 << s
		}
		return bits, nil
	}
	switch key {
	case "first":
		bits, err := letters("ABCD"[:p.seats])
		if err == nil && p.seats != 3 {
			err = errString("only three players owe a first-turn drop")
		}
		for s := range 3 {
			if err == nil && bits>>s&1 != 0 && p.reserve[s] == 0 {
				err = errString("a seat that owes its first-turn drop has its piece in reserve")
			}
		}
		p.first = bits
		return true, err
	case "passed":
		if p.variant&variantTeams == 0 {
			return true, errString("passes are for team play")
		}
		bits, err := letters("ABCD")
		p.passed = bits&3 | bits>>2 // A or C: team 0; B or D: team 1
		return true, err
	case "gains":
		if p.variant&variantShort == 0 {
			return true, errString("gains are counted for the short game")
		}
		parts := strings.Split(value, ",")
		if len(parts) != int(p.seats) {
			return true, errString("gains: one count per seat")
		}
		for s, part := range parts {
			n, err := strconv.Atoi(part)
			if err != nil || n < 0 || n > 255 || strconv.Itoa(n) != part {
				return true, errString("gains: " + strconv.Quote(part) + " is not a count")
			}
			p.gains[s] = uint8(n)
		}
		return true, nil
	case "won":
		seat, word, _ := strings.Cut(value, ":")
		if len(seat) != 1 {
			return true, errString("won: a seat letter, e.g. won:A:elimination")
		}
		s, ok := rules.SeatFromLetter(seat[0])
		if !ok || int(s) >= int(p.seats) {
			return true, errString("won: a seat letter, e.g. won:A:elimination")
		}
		for reason, w := range reasonWords {
			if w != word {
				continue
			}
			switch {
			case reason == TeamPassed && p.variant&variantTeams == 0:
				return true, errString("won: passes end only team play (teams=true)")
			case reason == ShortGame && p.variant&variantShort == 0:
				return true, errString("won: a short-game win needs short=true")
			}
			p.winner, p.reason = 1+uint8(s), reason
			return true, nil
		}
		return true, errString("won: the reason is elimination, short or passes")
	}
	return false, nil
}

// parseReserves reads one count per seat, each "n" or, in team play,
// "n+m" (m of the partner's pieces). On error it returns the offset in
// field of the seat's entry.
func (p *state) parseReserves(field string) (int, error) {
	parts := strings.Split(field, ",")
	if len(parts) != int(p.seats) {
		return 0, errString("want one count per seat, separated by commas")
	}
	off := 0
	for s, part := range parts {
		own, partner, hasPartner := strings.Cut(part, "+")
		n, ok := count(own, p.pieces())
		if !ok {
			return off, countError(part, p.pieces())
		}
		p.reserve[s] = uint8(n)
		if hasPartner {
			if p.variant&variantTeams == 0 {
				return off, errString(strconv.Quote(part) + ": n+m counts a partner's pieces: team play only")
			}
			m, ok := count(partner, p.pieces())
			if !ok {
				return off, errString(strconv.Quote(part) + " is not a count, or two joined by +: a count is decimal digits, from 0 to " +
					strconv.Itoa(p.pieces()) + ", with no sign or leading zero")
			}
			p.partner[s] = uint8(m)
		}
		off += len(part) + 1
	}
	return 0, nil
}

// parseCaptures reads one entry per seat: with two seats the count of the
// other's pieces it captured; with more, "0" or colour letters each with
// a count, e.g. "B2C1". On error it returns the offset in field of the
// seat's entry.
func (p *state) parseCaptures(field string) (int, error) {
	parts := strings.Split(field, ",")
	if len(parts) != int(p.seats) {
		return 0, errString("want one entry per seat, separated by commas")
	}
	off := 0
	for s, part := range parts {
		if p.seats == 2 {
			n, ok := count(part, p.pieces())
			if !ok {
				return off, countError(part, p.pieces())
			}
			p.captured[s][1-s] = uint8(n)
			off += len(part) + 1
			continue
		}
		if part == "" {
			return off, errString("an empty entry: a seat that captured nothing has 0")
		}
		for i := 0; i < len(part) && part != "0"; {
			c, ok := rules.SeatFromLetter(part[i])
			if !ok || int(c) >= int(p.seats) || int(c) == s {
				return off, errString(strconv.Quote(part) + ": each capture is another seat's letter and a count")
			}
			j := i + 1
			for j < len(part) && part[j] >= '0' && part[j] <= '9' {
				j++
			}
			n, ok := count(part[i+1:j], p.pieces())
			if !ok || n == 0 || p.captured[s][c] != 0 {
				return off, errString(strconv.Quote(part) + ": each capture is another seat's letter and a count")
			}
			p.captured[s][c] = uint8(n)
			i = j
		}
		off += len(part) + 1
	}
	return 0, nil
}

// count reads a whole number from 0 to most: decimal digits without sign
// or leading zero.
func count(s string, most int) (int, bool) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > most || strconv.Itoa(n) != s {
		return 0, false
	}
	return n, true
}

// countError says why s is not a count from 0 to most.
func countError(s string, most int) error {
	if n, err := strconv.Atoi(s); err == nil && strconv.Itoa(n) == s && s[0] != '-' {
		return errString(strconv.Quote(s) + " is not a count from 0 to " + strconv.Itoa(most))
	}
	return errString(strconv.Quote(s) + " is not a count: a count is decimal digits, from 0 to " + strconv.Itoa(most) +
		", with no sign or leading zero")
}

// parsePly reads the ply field: decimal digits, at most MaxPly. It
// returns the message of the problem, or "".
func parsePly(s string) (uint32, string) {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, "the ply count is a whole number: decimal digits, with no sign"
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n > MaxPly {
		return 0, "the ply count is above the maximum, MaxPly = " + strconv.Itoa(MaxPly)
	}
	return uint32(n), ""
}

// seatList names the seats of a game of n seats: "A or B", "A, B or C",
// "A, B, C or D".
func seatList(n int) string {
	return strings.Join(strings.Split("ABCD"[:n-1], ""), ", ") + " or " + "ABCD"[n-1:n]
}

type errString string

func (e errString) Error() string { return string(e) }
