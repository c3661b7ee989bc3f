package focus

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
)

// String returns the position text (see the package doc).
func (p Position) String() string { return string(p.AppendText(nil)) }

// MarshalText implements encoding.TextMarshaler with the position text.
func (p Position) MarshalText() ([]byte, error) { return p.AppendText(nil), nil }

// AppendText appends the position text to dst.
func (p Position) AppendText(dst []byte) []byte {
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
				c := byte('a' + s.Piece(i))
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
	}
	dst = append(dst, ' ')
	for s := range int(p.seats) {
		if s > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(p.Captured(rules.Player(s))), 10)
	}
	dst = append(dst, ' ')
	dst = strconv.AppendUint(dst, uint64(p.ply), 10)
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

// ParsePosition reads a position text (see the package doc for the
// grammar) for configuration c. Besides the syntax it
// checks that every stack is at most five high and that each colour's
// pieces on the board, in reserve and captured add up to 18.
func (c Config) ParsePosition(text string) (Position, error) {
	fail := func(at int, msg string) (Position, error) {
		return Position{}, &rules.SyntaxError{What: "focus position", Input: text, Offset: at, Msg: msg}
	}
	fields := strings.Split(text, " ")
	if len(fields) != 5 && len(fields) != 6 {
		return fail(0, "want five fields separated by single spaces: board, seat to move, reserves, captures, ply; and a phase before normal play")
	}
	p := c.empty()
	board := fields[0]
	rank, file := 7, 0
	// nextSquare skips the removed squares of the current rank.
	skip := func() {
		for file < 8 && !NewSquare(file, rank).OnBoard() {
			file++
		}
	}
	skip()
	var pieces [Seats]int
	for i := 0; i < len(board); {
		ch := board[i]
		switch {
		case ch == '/':
			if file < 8 {
				return fail(i, "rank "+strconv.Itoa(rank+1)+" is short of squares")
			}
			if rank == 0 {
				return fail(i, "more than 8 ranks")
			}
			rank--
			file = 0
			skip()
			i++
		case ch >= '1' && ch <= '8':
			for range int(ch - '0') {
				if file >= 8 {
					return fail(i, "rank "+strconv.Itoa(rank+1)+" has too many squares")
				}
				file++
				skip()
			}
			i++
		case ch == 'a' || ch == 'b' || ch == 'A' || ch == 'B':
			start := i
			for i < len(board) && (board[i] == 'a' || board[i] == 'b') {
				i++
			}
			if i >= len(board) || board[i] != 'A' && board[i] != 'B' {
				return fail(start, "a stack is its pieces bottom to top, lower case below and the top piece upper case")
			}
			i++
			h := i - start
			if h > MaxHeight {
				return fail(start, "a stack is at most 5 pieces high")
			}
			if file >= 8 {
				return fail(start, "rank "+strconv.Itoa(rank+1)+" has too many squares")
			}
			var colors uint32
			for j := range h {
				col := (board[start+j] | 0x20) - 'a'
				colors |= uint32(col) << (2 * uint(j))
				pieces[col]++
			}
			p.setStack(NewSquare(file, rank), makeStack(colors, h))
			file++
			skip()
		default:
			return fail(i, "unexpected "+strconv.Quote(string(ch))+" on the board (want a stack such as abA, a count of empty squares, or /)")
		}
	}
	if rank != 0 || file < 8 {
		return fail(len(board), "the board must list ranks 8 to 1, each with all its squares")
	}
	at := len(board) + 1
	if len(fields[1]) != 1 {
		return fail(at, "the seat to move is A or B")
	}
	seat, ok := rules.SeatFromLetter(fields[1][0])
	if !ok || int(seat) >= Seats {
		return fail(at, "the seat to move is A or B")
	}
	p.turn = Seat(seat)
	at += len(fields[1]) + 1
	reserves, err := parseCounts(fields[2])
	if err != nil {
		return fail(at, "reserves: "+err.Error())
	}
	at += len(fields[2]) + 1
	captures, err := parseCounts(fields[3])
	if err != nil {
		return fail(at, "captures: "+err.Error())
	}
	at += len(fields[3]) + 1
	ply, err := strconv.ParseUint(fields[4], 10, 32)
	if err != nil || fields[4][0] == '+' {
		return fail(at, "the ply count is a whole number")
	}
	p.ply = uint32(ply)
	if len(fields) == 6 {
		at += len(fields[4]) + 1
		if err := p.parsePhase(c, fields[5]); err != nil {
			return fail(at, err.Error())
		}
	}
	for s := range Seats {
		p.reserve[s] = uint8(reserves[s])
		p.captured[s][1-s] = uint8(captures[s])
	}
	for s := range Seats {
		total := pieces[s] + reserves[s] + captures[1-s]
		if total != PiecesPerSeat {
			return fail(0, "seat "+string(rune('A'+s))+" has "+strconv.Itoa(total)+
				" pieces on the board, in reserve and captured; the game has "+strconv.Itoa(PiecesPerSeat))
		}
	}
	if p.phase == phaseSetup && p.reserve[0] == 0 && p.reserve[1] == 0 {
		return fail(0, "a setup phase with every piece placed")
	}
	if p.phase == phaseSetup && int(p.reserve[1])-int(p.reserve[0]) != int(p.turn) {
		return fail(0, "in the setup the seats place in turn, A first: the reserves say "+
			string(rune('A'+(int(p.reserve[1])-int(p.reserve[0]))&1))+" is to place")
	}
	p.hash = p.computeHash()
	return p, nil
}

// parsePhase reads the sixth field: "setup" (the drop setup goes on),
// "swap" (seat 0's opening swap is due) or "swap:c3<>d3" (seat 1's, after
// seat 0 swapped c3 and d3). It checks the phase against the game and the
// seat to move; the pieces are checked later.
func (p *Position) parsePhase(c Config, field string) error {
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
		return errString("the phase is setup, swap or swap:c3<>d3")
	}
	return nil
}

// parseCounts reads "n,n" with each n from 0 to 18.
func parseCounts(s string) ([Seats]int, error) {
	var out [Seats]int
	parts := strings.Split(s, ",")
	if len(parts) != Seats {
		return out, errString("want one count per seat, separated by commas")
	}
	for i, part := range parts {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 || n > PiecesPerSeat || part[0] == '+' || len(part) > 1 && part[0] == '0' {
			return out, errString(strconv.Quote(part) + " is not a count from 0 to 18")
		}
		out[i] = n
	}
	return out, nil
}

type errString string

func (e errString) Error() string { return string(e) }

// ParsePosition reads a position text of the standard game with no ply
// limit; use Config.ParsePosition for others.
func ParsePosition(text string) (Position, error) { return Config{}.ParsePosition(text) }

// Diagram draws the board with each stack bottom to top in seat letters,
// then each seat's reserve and captures:
//
//	    a     b     c     d     e     f     g     h
//	8   #     #     .     .     .     .     #     #
//	7   #     A     A     B     B     A     A     #
//	...
//	A to move; A: reserve 0, captured 0; B: reserve 0, captured 0
func (p Position) Diagram() string {
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
						cell += string(rune('A' + s.Piece(i)))
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
		b.WriteString("; " + string(rune('A'+s)) + ": reserve " + strconv.Itoa(int(p.reserve[s])) +
			", captured " + strconv.Itoa(p.Captured(rules.Player(s))))
	}
	return b.String()
}
