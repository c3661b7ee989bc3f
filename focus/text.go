package focus

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// String returns the position text (see the package doc), or
// "<invalid focus position>" for the invalid value.
func (p state) String() string { return string(p.AppendText(nil)) }

// invalidText is the text of the invalid value.
const invalidText = "<invalid focus position>"

// MarshalText implements encoding.TextMarshaler with the position text.
// It refuses the invalid value with a *rules.NoGameError, so that
// encoding/json does not store a position that no reader takes.
func (p Position) MarshalText() ([]byte, error) { return p.marshalText("focus.Position") }

// MarshalText implements encoding.TextMarshaler with the position text.
// It refuses the invalid value with a *rules.NoGameError, so that
// encoding/json does not store a position that no reader takes.
func (p NowakPosition) MarshalText() ([]byte, error) { return p.marshalText("focus.NowakPosition") }

func (p *state) marshalText(typ string) ([]byte, error) {
	if !p.IsValid() {
		return nil, &rules.NoGameError{Type: typ}
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

// UnmarshalText implements encoding.TextUnmarshaler with
// ParseNowakPosition.
func (p *NowakPosition) UnmarshalText(text []byte) error {
	q, err := ParseNowakPosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// AppendText appends the position text to dst: the spec first unless the
// game is the standard two-player game with no ply limit, then the board
// and the state.
func (p state) AppendText(dst []byte) []byte {
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
func (p state) appendState(dst []byte) []byte {
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
	if c.Nowak {
		return Position{}, &notation.SpecError{Spec: c.String(), Option: "nowak", Msg: isNowakMsg}
	}
	s, err := notation.ReadPosition(text, &c, ParseSpec, nil, Config.parseBody)
	return Position{s}, err
}

// ParseNowakPosition reads a position text of Nowak's game, as
// ParsePosition reads the others, for configuration c, which must set
// Nowak.
func (c Config) ParseNowakPosition(text string) (NowakPosition, error) {
	c = c.canonical()
	if err := c.Validate(); err != nil {
		return NowakPosition{}, err
	}
	if !c.Nowak {
		return NowakPosition{}, &notation.SpecError{Spec: c.String(), Option: "nowak", Msg: notNowakMsg}
	}
	s, err := notation.ReadPosition(text, &c, ParseSpec, nil, Config.parseBody)
	return NowakPosition{state: s}, err
}

// parseBody reads the text after the spec into a state of c, or returns
// the zero state and the error.
func (c Config) parseBody(text string) (state, error) {
	fail := func(at int, msg string) (state, error) {
		return state{}, &rules.SyntaxError{What: "focus position", Input: text, Offset: at, Msg: msg}
	}
	fields := strings.Split(text, " ")
	if len(fields) < 5 {
		return fail(0, "want five fields separated by single spaces: board, seat to move, reserves, captures, ply; then any state tokens")
	}
	p := c.empty()
	board := fields[0]
	pieces, at, msg := p.readBoard(board)
	if msg != "" {
		return fail(at, msg)
	}
	at = len(board) + 1
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
	if at, msg := p.checkPieces(&pieces, len(board)+1); msg != "" {
		return fail(at, msg)
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

// readBoard reads the board field into p's stacks and counts each
// colour's pieces on it; msg says what is wrong at offset at, or is "".
func (p *state) readBoard(board string) (pieces [rules.MaxSeats]int, at int, msg string) {
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
				return pieces, r.Offset(), "unexpected " + notation.QuoteFirst(cell) + " on the board (want a stack such as abA, a count of empty squares, or /)"
			}
			return pieces, r.Offset(), "a stack is its pieces bottom to top, lower case below and the top piece upper case"
		}
		h++
		if h > MaxHeight {
			return pieces, r.Offset(), "a stack is at most 5 pieces high"
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
	at, msg = r.Err()
	return pieces, at, msg
}

// checkPieces checks what the fields say together: each colour's pieces
// (on the board, in reserve, captured) add up to the game's, a seat to
// move (at turnAt) has a move, and a setup's reserves agree with its
// turn. It returns the offset of a problem and what it is, or "".
func (p *state) checkPieces(pieces *[rules.MaxSeats]int, turnAt int) (at int, msg string) {
	for col := range int(p.seats) {
		total := pieces[col] + int(p.reserve[col])
		if partner, ok := p.partnerOf(colour(col)); ok {
			total += int(p.partner[partner])
		}
		for by := range int(p.seats) {
			total += int(p.captured[by][col])
		}
		if total != p.pieces() {
			return 0, "seat " + string(rune('A'+col)) + " has " + strconv.Itoa(total) +
				" pieces on the board, in reserve and captured; the game has " + strconv.Itoa(p.pieces())
		}
	}
	if p.seats > 2 && p.winner == 0 && p.variant&variantTeams == 0 && !p.hasMove(p.turn) {
		return turnAt, "the seat to move has no legal move, so it would have been skipped"
	}
	if p.phase == phaseSetup && p.reserve[0] == 0 && p.reserve[1] == 0 {
		return 0, "a setup phase with every piece placed"
	}
	if p.phase == phaseSetup && int(p.reserve[1])-int(p.reserve[0]) != int(p.turn) {
		return 0, "in the setup the seats place in turn, A first: the reserves say " +
			string(rune('A'+(int(p.reserve[1])-int(p.reserve[0]))&1)) + " is to place"
	}
	return 0, ""
}

// ParsePosition reads a position text in the configuration it names: the
// spec it begins with, or else the standard two-player game with no ply
// limit. A text of Nowak's game is refused (it is a NowakPosition: see
// ParseNowakPosition).
func ParsePosition(text string) (Position, error) {
	s, err := notation.ReadPosition(text, nil, parseFocusSpec, func(string) (Config, error) { return Default, nil }, Config.parseBody)
	return Position{s}, err
}

// ParseNowakPosition reads a position text of Nowak's game, which begins
// with its spec, e.g. "focus(nowak=true) 2BA/...".
func ParseNowakPosition(text string) (NowakPosition, error) {
	s, err := notation.ReadPosition(text, nil, parseNowakSpec, func(string) (Config, error) {
		return Config{}, &rules.SyntaxError{What: "focus position", Input: text, Offset: 0,
			Msg: `a text of Nowak's game begins with its spec, e.g. "focus(nowak=true) "`}
	}, Config.parseBody)
	return NowakPosition{state: s}, err
}

// What the readers of each type say of a configuration of the other's.
const (
	isNowakMsg  = "Nowak's game is a NowakPosition: read it with ParseNowakPosition"
	notNowakMsg = "not Nowak's game, whose positions are Position: read it with ParsePosition"
)

// parseFocusSpec is ParseSpec for the texts of a Position.
func parseFocusSpec(s string) (Config, error) {
	c, err := ParseSpec(s)
	if err == nil && c.Nowak {
		return Config{}, &notation.SpecError{Spec: s, Option: "nowak", Msg: isNowakMsg}
	}
	return c, err
}

// parseNowakSpec is ParseSpec for the texts of a NowakPosition.
func parseNowakSpec(s string) (Config, error) {
	c, err := ParseSpec(s)
	if err == nil && !c.Nowak {
		return Config{}, &notation.SpecError{Spec: s, Option: "nowak", Msg: notNowakMsg}
	}
	return c, err
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
func (p state) Diagram() string {
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
