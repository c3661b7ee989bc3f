package explocus

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// String returns the position text (see the package doc).
func (p Position) String() string { return string(p.AppendText(nil)) }

// MarshalText implements encoding.TextMarshaler with the position text.
func (p Position) MarshalText() ([]byte, error) { return p.AppendText(nil), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParsePosition.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// AppendText appends the position text to dst: the spec first when the
// game has a ply limit (the board alone gives the size), then the board,
// the seat to move and the ply.
func (p Position) AppendText(dst []byte) []byte {
	if p.plyLimit != 0 {
		dst = append(dst, p.Config().String()...)
		dst = append(dst, ' ')
	}
	for r := int(p.rows) - 1; r >= 0; r-- {
		for f := range int(p.cols) {
			h := p.height[r][f]
			if h == 0 {
				dst = append(dst, '.')
				continue
			}
			dst = append(dst, 'A'+p.colorAt(r, f))
			if h > 1 {
				dst = strconv.AppendInt(dst, int64(h), 10)
			}
		}
		if r > 0 {
			dst = append(dst, '/')
		}
	}
	dst = append(dst, ' ', 'A'+p.turn&1, ' ')
	return strconv.AppendUint(dst, uint64(p.ply), 10)
}

// ParsePosition reads a position text for configuration c (see the package
// doc for the grammar); a text that begins with a spec must name c. The
// board must have c's size; every column must be below its square's
// capacity; the setup must have fewer men than the board has adjacencies
// (R-E3); the seat that moved last must have men; the seat to move must be
// the one the ply says (A at even plies); and the ply must not be past
// c's ply limit.
func (c Config) ParsePosition(text string) (Position, error) {
	return notation.ReadPosition(text, &c, ParseSpec, inferConfig, Config.parseBody)
}

func (c Config) parseBody(text string) (Position, error) {
	if err := c.Validate(); err != nil {
		return Position{}, err
	}
	fail := func(at int, msg string) (Position, error) {
		return Position{}, &rules.SyntaxError{What: "explocus position", Input: text, Offset: at, Msg: msg}
	}
	fields := strings.Split(text, " ")
	if len(fields) != 3 {
		return fail(0, "want three fields separated by single spaces: board, seat to move, ply")
	}
	p := Position{rows: uint8(c.Rows), cols: uint8(c.Cols), plyLimit: uint32(c.PlyLimit)}
	board := fields[0]
	r, f := c.Rows-1, 0
	for i := 0; i < len(board); {
		ch := board[i]
		switch {
		case ch == '/':
			if f != c.Cols {
				return fail(i, "rank "+strconv.Itoa(r+1)+" has "+strconv.Itoa(f)+" squares, want "+strconv.Itoa(c.Cols))
			}
			if r == 0 {
				return fail(i, "more than "+strconv.Itoa(c.Rows)+" ranks")
			}
			r, f = r-1, 0
			i++
			continue
		case f >= c.Cols:
			return fail(i, "rank "+strconv.Itoa(r+1)+" has more than "+strconv.Itoa(c.Cols)+" squares")
		case ch == '.':
			i++
		case ch == 'A' || ch == 'B':
			h := 1
			start := i
			i++
			if i < len(board) && board[i] >= '0' && board[i] <= '9' {
				h = int(board[i] - '0')
				i++
				if h < 2 {
					return fail(i-1, "a column's height is written only when it is 2 or 3")
				}
			}
			capacity := int(p.capacity(r, f))
			if h >= capacity {
				return fail(start, "a column of "+strconv.Itoa(h)+" on "+notation.FileName(f)+strconv.Itoa(r+1)+
					" reaches the square's capacity "+strconv.Itoa(capacity)+" and would have exploded")
			}
			p.put(r, f, ch-'A', uint8(h))
		default:
			return fail(i, "unexpected "+strconv.Quote(string(ch))+" on the board (want ., A, B, a height 2 or 3, or /)")
		}
		f++
	}
	if r != 0 || f != c.Cols {
		return fail(len(board), "the board must list "+strconv.Itoa(c.Rows)+" ranks of "+strconv.Itoa(c.Cols)+" squares, top rank first")
	}
	if total, adj := int(p.men[0])+int(p.men[1]), c.Adjacencies(); total >= adj {
		return fail(0, strconv.Itoa(total)+" men on a board with "+strconv.Itoa(adj)+
			" adjacencies: R-E3 rejects setups whose cascades might not end")
	}
	at := len(board) + 1
	switch fields[1] {
	case "A":
	case "B":
		p.turn = 1
	default:
		return fail(at, "the seat to move is A (White) or B (Black)")
	}
	if p.men[1-p.turn] == 0 {
		return fail(at, "the seat that moved last has no men")
	}
	at += len(fields[1]) + 1
	ply, err := strconv.ParseUint(fields[2], 10, 32)
	if err != nil || fields[2][0] == '+' {
		return fail(at, "the ply count is a whole number")
	}
	p.ply = uint32(ply)
	if p.ply%2 != uint32(p.turn) {
		return fail(len(board)+1, "at ply "+fields[2]+" seat "+string(rune('A'+p.ply%2))+
			" is to move: the seats alternate, A first, and nobody passes")
	}
	if p.plyLimit != 0 && p.ply > p.plyLimit {
		return fail(at, "the ply limit "+strconv.Itoa(c.PlyLimit)+" ended the game at that ply; it cannot be passed")
	}
	p.hash = p.computeHash()
	return p, nil
}

// ParsePosition reads a position text in the configuration it names:
// the spec it begins with, or else the board size counted from the text
// and no ply limit.
func ParsePosition(text string) (Position, error) {
	return notation.ReadPosition(text, nil, ParseSpec, inferConfig, Config.parseBody)
}

// inferConfig is the configuration of a position text without a spec.
func inferConfig(text string) (Config, error) {
	board, _, _ := strings.Cut(text, " ")
	rows := strings.Count(board, "/") + 1
	first, _, _ := strings.Cut(board, "/")
	cols := 0
	for i := 0; i < len(first); i++ {
		if c := first[i]; c == '.' || c == 'A' || c == 'B' {
			cols++
		}
	}
	c := Config{Rows: rows, Cols: cols}
	if c.Validate() != nil {
		return Config{}, &rules.SyntaxError{What: "explocus position", Input: text, Offset: 0,
			Msg: "the board must have " + strconv.Itoa(MinSize) + " to " + strconv.Itoa(MaxSize) + " ranks and files"}
	}
	return c, nil
}

// Diagram draws the board, each column as its owner's letter and height
// (W for White, seat A; B for Black, seat B):
//
//	    a  b  c  d  e  f  g  h
//	8   .  .  .  .  .  .  .  .
//	7   .  W1 W1 B1 B1 W1 W1 .
//	...
//	White (A) to move; White 18 men, Black 18 men
func (p Position) Diagram() string {
	var b strings.Builder
	b.WriteString("  ")
	for f := range int(p.cols) {
		name := notation.FileName(f)
		b.WriteString(strings.Repeat(" ", 3-len(name)) + name)
	}
	b.WriteString("\n")
	for r := int(p.rows) - 1; r >= 0; r-- {
		num := strconv.Itoa(r + 1)
		b.WriteString(num + strings.Repeat(" ", 4-len(num)))
		for f := range int(p.cols) {
			cell := "."
			if h := p.height[r][f]; h > 0 {
				cell = string("WB"[p.colorAt(r, f)]) + strconv.Itoa(int(h))
			}
			if f < int(p.cols)-1 {
				cell += strings.Repeat(" ", 3-len(cell))
			}
			b.WriteString(cell)
		}
		b.WriteString("\n")
	}
	if o := p.Outcome(); o.Over() {
		b.WriteString("game over, " + o.String())
	} else {
		b.WriteString([]string{"White (A)", "Black (B)"}[p.turn&1] + " to move")
	}
	b.WriteString("; White " + strconv.Itoa(int(p.men[0])) + " men, Black " + strconv.Itoa(int(p.men[1])) + " men")
	return b.String()
}
