package testgame

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// invalidText is the text of the invalid value, which no reader takes.
const invalidText = "<invalid tictactoe position>"

// marks are the letters the texts write for the squares: empty, X, O.
const marks = ".XO"

// String returns the position text (see the package doc), or
// "<invalid tictactoe position>" for the invalid value.
func (p Position) String() string { return string(p.AppendText(nil)) }

// AppendText appends the position text to dst.
func (p Position) AppendText(dst []byte) []byte {
	if !p.IsValid() {
		return append(dst, invalidText...)
	}
	n := int(p.size)
	for rank := n - 1; rank >= 0; rank-- {
		for file := range n {
			dst = append(dst, marks[p.cells[NewMove(file, rank)]])
		}
		if rank > 0 {
			dst = append(dst, '/')
		}
	}
	return append(dst, ' ', 'A'+p.ply%2)
}

// MarshalText implements encoding.TextMarshaler with the position text;
// the invalid value has none (a *rules.NoGameError).
func (p Position) MarshalText() ([]byte, error) {
	if !p.IsValid() {
		return nil, &rules.NoGameError{Type: "testgame.Position"}
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

// ParsePosition reads a position text of any size (the ranks give it).
func ParsePosition(text string) (Position, error) {
	return notation.ReadPosition(text, nil, ParseSpec, inferConfig, Config.parseBody)
}

// ParsePosition reads a position text of c's board. Besides the syntax it
// checks that play reaches the board: X has as many pieces as O or one
// more, the seat to move is the one the counts give, and a line is the
// last mover's alone, every line it has through one square (its last
// move).
func (c Config) ParsePosition(text string) (Position, error) {
	return notation.ReadPosition(text, &c, ParseSpec, func(string) (Config, error) { return c, nil }, Config.parseBody)
}

// inferConfig reads the size of a bare text from its ranks.
func inferConfig(text string) (Config, error) {
	board, _, _ := strings.Cut(text, " ")
	c := Config{Size: strings.Count(board, "/") + 1}
	if c.Validate() != nil {
		return Config{}, &rules.SyntaxError{What: "tictactoe position", Input: text,
			Msg: "want " + strconv.Itoa(MinSize) + " to " + strconv.Itoa(MaxSize) + " ranks separated by /"}
	}
	return c, nil
}

func (c Config) parseBody(text string) (Position, error) {
	fail := func(at int, msg string) (Position, error) {
		return Position{}, &rules.SyntaxError{What: "tictactoe position", Input: text, Offset: at, Msg: msg}
	}
	if err := c.Validate(); err != nil {
		return Position{}, err
	}
	p := c.Start()
	n := c.Size
	board, seat, ok := strings.Cut(text, " ")
	if !ok {
		return fail(len(text), "want the board, a space and the seat to move")
	}
	ranks := strings.Split(board, "/")
	if len(ranks) != n {
		return fail(0, "want "+strconv.Itoa(n)+" ranks separated by /, not "+strconv.Itoa(len(ranks)))
	}
	var count [2]int
	at := 0
	for i, row := range ranks {
		if len(row) != n {
			return fail(at, "rank "+strconv.Itoa(n-i)+" has "+strconv.Itoa(len(row))+" squares, want "+strconv.Itoa(n))
		}
		for file := range n {
			k := strings.IndexByte(marks, row[file])
			if k < 0 {
				return fail(at+file, "a square is X, O or .")
			}
			if k > 0 {
				m := NewMove(file, n-1-i)
				p.cells[m] = uint8(k)
				p.hash ^= keys.piece[m][k-1]
				count[k-1]++
			}
		}
		at += n + 1
	}
	if count[0] != count[1] && count[0] != count[1]+1 {
		return fail(0, "X moves first, so X has as many pieces as O or one more")
	}
	p.ply = uint8(count[0] + count[1])
	if want := string(rune('A' + p.ply%2)); seat != want {
		return fail(at, "the seat to move is "+want+" by the count of the pieces")
	}
	// Lines: only the last mover's, all through one of its squares.
	var through [MaxMoves]int
	lines := [2]int{}
	for _, line := range p.lines() {
		owner := p.cells[line[0]]
		if owner == 0 {
			continue
		}
		full := true
		for _, m := range line[1:n] {
			full = full && p.cells[m] == owner
		}
		if full {
			lines[owner-1]++
			for _, m := range line[:n] {
				through[m]++
			}
		}
	}
	last := int(1 - p.ply%2) // the seat that moved last
	switch {
	case lines[1-last] > 0:
		return fail(0, "a line of "+string(marks[2-last])+", who did not move last: the game ended before")
	case lines[last] > 0:
		common := false
		for _, k := range through {
			common = common || k == lines[last]
		}
		if !common {
			return fail(0, "lines that no single move completed: the game ended before")
		}
		p.end = uint8(last + 1)
	case int(p.ply) == n*n:
		p.end = 3
	}
	return p, nil
}

// lines lists the board's lines, each its squares (the first Size of
// MaxSize).
func (p Position) lines() [][MaxSize]Move {
	n := int(p.size)
	var out [][MaxSize]Move
	add := func(f0, r0, df, dr int) {
		var l [MaxSize]Move
		for i := range n {
			l[i] = NewMove(f0+i*df, r0+i*dr)
		}
		out = append(out, l)
	}
	for i := range n {
		add(0, i, 1, 0)
		add(i, 0, 0, 1)
	}
	add(0, 0, 1, 1)
	add(0, n-1, 1, -1)
	return out
}

// Diagram draws the board for people (rules.Diagrammer), rank numbers on
// the left and file letters under it.
func (p Position) Diagram() string {
	if !p.IsValid() {
		return ""
	}
	n := int(p.size)
	var b strings.Builder
	for rank := n - 1; rank >= 0; rank-- {
		b.WriteString(strconv.Itoa(rank + 1))
		for file := range n {
			b.WriteString(" ")
			b.WriteByte(marks[p.cells[NewMove(file, rank)]])
		}
		b.WriteString("\n")
	}
	b.WriteString(" ")
	for file := range n {
		b.WriteString(" " + notation.FileName(file))
	}
	return b.String()
}
