package focus

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// String returns the position text (see the package doc), or
// "<invalid focus position>" for the invalid value, a text every reader
// refuses.
func (p Position) String() string { return string(p.AppendText(nil)) }

// invalidText is the text of the invalid value.
const invalidText = "<invalid focus position>"

// MarshalText implements encoding.TextMarshaler with the position text.
// It refuses the invalid value with a *rules.NoGameError, so that
// encoding/json does not store a position that no reader takes.
func (p Position) MarshalText() ([]byte, error) {
	if !p.IsValid() {
		return nil, &rules.NoGameError{Type: "focus.Position"}
	}
	return p.AppendText(nil), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParsePosition.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// AppendText appends the position text to dst: the spec first unless the
// game is the standard two-player game with no ply limit, then the board
// and the state; for the invalid value, "<invalid focus position>".
func (p Position) AppendText(dst []byte) []byte {
	if !p.IsValid() {
		return append(dst, invalidText...)
	}
	if c := p.Config(); c != Default {
		dst = append(dst, c.String()...)
		dst = append(dst, ' ')
	}
	for rank := 7; rank >= 0; rank-- {
		if rank < 7 {
			dst = append(dst, '/')
		}
		run := 0
		for file := range 8 {
			sq := NewSquare(file, rank)
			if !sq.OnBoard() {
				continue
			}
			s := p.board[sq]
			if s.Height() == 0 {
				run++
				continue
			}
			if run > 0 {
				dst = strconv.AppendInt(dst, int64(run), 10)
				run = 0
			}
			h := s.Height()
			for i := range h {
				c := byte('a' + s.piece(i))
				if i == h-1 {
					c -= 'a' - 'A'
				}
				dst = append(dst, c)
			}
		}
		if run > 0 {
			dst = strconv.AppendInt(dst, int64(run), 10)
		}
	}
	dst = append(dst, ' ', 'A'+byte(p.turn), ' ')
	for s := range int(p.seats) {
		if s > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(p.reserve[s]), 10)
		if p.partner[s] > 0 {
			dst = append(dst, '+')
			dst = strconv.AppendInt(dst, int64(p.partner[s]), 10)
		}
	}
	dst = append(dst, ' ')
	for s := range int(p.seats) {
		if s > 0 {
			dst = append(dst, ',')
		}
		if p.seats == 2 {
			dst = strconv.AppendInt(dst, int64(p.Captured(rules.Player(s))), 10)
			continue
		}
		any := false
		for c := range int(p.seats) {
			if n := p.captured[s][c]; n > 0 {
				dst = append(dst, 'A'+byte(c))
				dst = strconv.AppendInt(dst, int64(n), 10)
				any = true
			}
		}
		if !any {
			dst = append(dst, '0')
		}
	}
	dst = append(dst, ' ')
	dst = strconv.AppendUint(dst, uint64(p.ply), 10)
	dst = p.appendState(dst)
	switch p.phase {
	case phaseSetup:
		dst = append(dst, " setup"...)
	case phaseSwap0:
		dst = append(dst, " swap"...)
	case phaseSwap1:
		dst = append(dst, " swap:"...)
		dst = append(dst, SwapMove(Square(p.swapped>>6), Square(p.swapped&63)).String()...)
	}
	return dst
}

// appendState appends the tokens of the multi-seat state.
func (p Position) appendState(dst []byte) []byte {
	if p.seats == 2 {
		return dst
	}
	if p.first != 0 {
		dst = append(dst, " first:"...)
		for s := range int(p.seats) {
			if p.first>>s&1 != 0 {
				dst = append(dst, 'A'+byte(s))
			}
		}
	}
	if p.passed != 0 {
		dst = append(dst, " passed:"...)
		for t := range 2 {
			if p.passed>>t&1 != 0 {
				dst = append(dst, 'A'+byte(t), 'C'+byte(t))
			}
		}
	}
	if p.variant&variantShort != 0 {
		dst = append(dst, " gains:"...)
		for s := range int(p.seats) {
			if s > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, int64(p.gains[s]), 10)
		}
	}
	if p.winner != 0 {
		dst = append(dst, " won:"...)
		dst = append(dst, 'A'+p.winner-1, ':')
		dst = append(dst, reasonWords[p.reason]...)
	}
	return dst
}

var reasonWords = map[rules.Reason]string{rules.Elimination: "elimination", ShortGame: "short", TeamPassed: "passes"}

// boardRanks lays out the board field: ranks 8 to 1, each of the
// squares on the board (4, 6 or 8), runs of empty squares as counts.
var boardRanks = notation.Ranks{Count: 8, Width: rankWidth, Word: "rank", Descending: true, Cells: "squares", Runs: true}

// rankWidth returns the squares on the board of the i'th rank written
// (rank 8 first): 4 on the outer ranks, 6 on the next, 8 on the others.
func rankWidth(i int) int {
	switch i {
	case 0, 7:
		return 4
	case 1, 6:
		return 6
	}
	return 8
}

// rankSquare returns the square of the file'th square on the board of the
// i'th rank written.
func rankSquare(i, file int) Square { return NewSquare(file+(8-rankWidth(i))/2, 7-i) }

// ParsePosition reads a position text (see the package doc for the
// grammar) for configuration c. Besides the syntax it checks conditions
// every position the rules produce meets (see Position text in the
// package doc): every stack at most five high, each colour's pieces on the
// board, in reserve and captured adding up to 18 (13 with three or four
// seats), state tokens once each and consistent with the game, the turn
// and phase with the ply, the last move with the board, a result with
// how the game ended, the ply with the pieces stacked and removed, the
// colours in stacks and the squares changed, and plies 0 to 2 exactly. A
// text that begins with a spec must name c; one without is read in c. On
// error it returns the invalid value.
func (c Config) ParsePosition(text string) (Position, error) {
	c = c.canonical()
	if err := c.Validate(); err != nil {
		return Position{}, err
	}
	return notation.ReadPosition(text, &c, ParseSpec, nil, Config.parseBody)
}

func (c Config) parseBody(text string) (Position, error) {
	fail := func(at int, msg string) (Position, error) {
		return Position{}, &rules.SyntaxError{What: "focus position", Input: text, Offset: at, Msg: msg}
	}
	fields := strings.Split(text, " ")
	if len(fields) < 5 {
		return fail(0, "want five fields separated by single spaces: board, seat to move, reserves, captures, ply; then any state tokens")
	}
	p := c.empty()
	board := fields[0]
	var pieces [rules.MaxSeats]int
	isPiece := func(c byte) bool { return c|0x20 >= 'a' && c|0x20 < 'a'+byte(p.seats) }
	r := notation.NewRankReader(board, &boardRanks)
	for r.Next() {
		cell := r.Rest()
		h := 0
		for h < len(cell) && cell[h] >= 'a' && isPiece(cell[h]) {
			h++
		}
		if h == len(cell) || cell[h] < 'A' || cell[h] > 'Z' || !isPiece(cell[h]) {
			if h == 0 {
				return fail(r.Offset(), "unexpected "+strconv.Quote(string(cell[0]))+" on the board (want a stack such as abA, a count of empty squares, or /)")
			}
			return fail(r.Offset(), "a stack is its pieces bottom to top, lower case below and the top piece upper case")
		}
		h++
		if h > MaxHeight {
			return fail(r.Offset(), "a stack is at most 5 pieces high")
		}
		var colors uint32
		for j := range h {
			col := (cell[j] | 0x20) - 'a'
			colors |= uint32(col) << (2 * uint(j))
			pieces[col]++
		}
		p.setStack(rankSquare(r.Rank(), r.File()), makeStack(colors, h))
		r.Take(h)
	}
	if at, msg := r.Err(); msg != "" {
		return fail(at, msg)
	}
	at := len(board) + 1
	if len(fields[1]) != 1 {
		return fail(at, "the seat to move is one seat letter")
	}
	seat, ok := rules.SeatFromLetter(fields[1][0])
	if !ok || int(seat) >= int(p.seats) {
		return fail(at, "the seat to move is "+seatList(int(p.seats)))
	}
	p.turn = colour(seat)
	at += len(fields[1]) + 1
	if off, err := p.parseReserves(fields[2]); err != nil {
		return fail(at+off, "reserves: "+err.Error())
	}
	at += len(fields[2]) + 1
	if off, err := p.parseCaptures(fields[3]); err != nil {
		return fail(at+off, "captures: "+err.Error())
	}
	at += len(fields[3]) + 1
	ply, msg := parsePly(fields[4])
	if msg != "" {
		return fail(at, msg)
	}
	p.ply = ply
	offsets := fieldOffsets{turn: len(board) + 1, captures: at - len(fields[3]) - 1, ply: at}
	at += len(fields[4])
	for i := range offsets.token {
		offsets.token[i] = -1
	}
	for _, token := range fields[5:] {
		at++
		kind := tokenKind(token)
		if kind >= 0 && offsets.token[kind] >= 0 {
			return fail(at, "a second "+tokenNames[kind]+" token: each state token is written at most once")
		}
		if err := p.parseToken(c, token); err != nil {
			return fail(at, err.Error())
		}
		if kind >= 0 {
			offsets.token[kind] = at
		}
		at += len(token)
	}
	for col := range int(p.seats) {
		total := pieces[col] + int(p.reserve[col])
		if partner, ok := p.partnerOf(colour(col)); ok {
			total += int(p.partner[partner])
		}
		for by := range int(p.seats) {
			total += int(p.captured[by][col])
		}
		if total != p.pieces() {
			return fail(0, "seat "+string(rune('A'+col))+" has "+strconv.Itoa(total)+
				" pieces on the board, in reserve and captured; the game has "+strconv.Itoa(p.pieces()))
		}
	}
	if p.seats > 2 && p.winner == 0 && p.variant&variantTeams == 0 && !p.hasMove(p.turn) {
		return fail(len(board)+1, "the seat to move has no legal move, so it would have been skipped")
	}
	if p.phase == phaseSetup && p.reserve[0] == 0 && p.reserve[1] == 0 {
		return fail(0, "a setup phase with every piece placed")
	}
	if p.phase == phaseSetup && int(p.reserve[1])-int(p.reserve[0]) != int(p.turn) {
		return fail(0, "in the setup the seats place in turn, A first: the reserves say "+
			string(rune('A'+(int(p.reserve[1])-int(p.reserve[0]))&1))+" is to place")
	}
	if p.variant&variantNowak != 0 {
		p.blocked = !p.hasNowakTurn()
	}
	p.hash = p.computeHash()
	if at, msg := p.unreachable(c, &offsets); msg != "" {
		return fail(at, msg)
	}
	return p, nil
}

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

// parseToken reads a state token after the ply: "setup" (the drop setup
// goes on), "swap" (seat 0's opening swap is due) or "swap:c3<>d3" (seat
// 1's, after seat 0 swapped c3 and d3); and with more than two seats
// "first:AC" (seats that still owe their first-turn drop), "passed:AC"
// (teams whose last turn was a pass), "gains:0,2,1" (pieces each seat has
// sent to a reserve, short game) and "won:A:elimination" (the game is
// decided: by elimination, short or passes). It checks the token against
// the game and the seat to move; the pieces are checked later.
func (p *Position) parseToken(c Config, field string) error {
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

func (p *Position) parseMultiToken(field string) (bool, error) {
	key, value, _ := strings.Cut(field, ":")
	letters := func(allowed string) (uint8, error) {
		if value == "" {
			return 0, errString(key + ": at least one seat letter")
		}
		var bits uint8
		for i := 0; i < len(value); i++ {
			s := strings.IndexByte(allowed, value[i])
			if s < 0 {
				return 0, errString(key + ": unexpected " + strconv.Quote(value[i:i+1]))
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
func (p *Position) parseReserves(field string) (int, error) {
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
func (p *Position) parseCaptures(field string) (int, error) {
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

// ParsePosition reads a position text in the configuration it names: the
// spec it begins with, or else the standard two-player game with no ply
// limit.
func ParsePosition(text string) (Position, error) {
	return notation.ReadPosition(text, nil, ParseSpec, func(string) (Config, error) { return Default, nil }, Config.parseBody)
}

// Diagram draws the board with each stack bottom to top in seat letters,
// then each seat's reserve and captures:
//
//	    a     b     c     d     e     f     g     h
//	8   #     #     .     .     .     .     #     #
//	7   #     A     A     B     B     A     A     #
//	...
//	A to move; A: reserve 0, captured 0; B: reserve 0, captured 0
//
// The invalid value draws as "<invalid focus position>".
func (p Position) Diagram() string {
	if !p.IsValid() {
		return invalidText
	}
	var b strings.Builder
	b.WriteString("    a     b     c     d     e     f     g     h\n")
	for rank := 7; rank >= 0; rank-- {
		b.WriteString(strconv.Itoa(rank+1) + "   ")
		for f := range 8 {
			sq := NewSquare(f, rank)
			cell := "#"
			if sq.OnBoard() {
				cell = "."
				if s := p.board[sq]; s.Height() > 0 {
					cell = ""
					for i := range s.Height() {
						cell += string(rune('A' + s.piece(i)))
					}
				}
			}
			if f < 7 {
				cell += strings.Repeat(" ", 6-len(cell))
			}
			b.WriteString(cell)
		}
		b.WriteString("\n")
	}
	if p.ToMove() == rules.Terminal {
		b.WriteString("game over, " + p.Outcome().String())
	} else {
		b.WriteString(string(rune('A'+p.turn)) + " to move")
	}
	for s := range int(p.seats) {
		b.WriteString("; " + string(rune('A'+s)) + ": reserve " + strconv.Itoa(int(p.reserve[s])))
		if p.partner[s] > 0 {
			b.WriteString("+" + strconv.Itoa(int(p.partner[s])))
		}
		b.WriteString(", captured " + strconv.Itoa(p.Captured(rules.Player(s))))
	}
	return b.String()
}
