package explocus

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// invalidText is the text of the invalid value, which no reader takes.
const invalidText = "<invalid explocus position>"

// String returns the position text (see the package doc), or "<invalid
// explocus position>" for the invalid value.
func (p state) String() string { return string(p.AppendText(nil)) }

// MarshalText implements encoding.TextMarshaler with the position text.
// The invalid value has none: it gives a *rules.NoGameError.
func (p Position) MarshalText() ([]byte, error) { return p.marshalText("explocus.Position") }

// MarshalText implements encoding.TextMarshaler with the position text.
// The invalid value has none: it gives a *rules.NoGameError.
func (p HexPosition) MarshalText() ([]byte, error) { return p.marshalText("explocus.HexPosition") }

func (p *state) marshalText(typ string) ([]byte, error) {
	if !p.valid() {
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
// ParseHexPosition.
func (p *HexPosition) UnmarshalText(text []byte) error {
	q, err := ParseHexPosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// AppendText appends the position text to dst: the spec first when the
// rest does not determine the configuration (a Hexplocus game always, an
// Explocus game with a ply limit: a bare text is an Explocus board of the
// size it shows), then the board (on the hexagon only its cells, each
// rank from its first cell to its last), the seat to move and the ply.
func (p state) AppendText(dst []byte) []byte {
	if !p.valid() {
		return append(dst, invalidText...)
	}
	if p.plyLimit != 0 || p.side != 0 {
		dst = append(dst, p.Config().String()...)
		dst = append(dst, ' ')
	}
	for r := int(p.rows) - 1; r >= 0; r-- {
		lo, hi := p.fileRange(r)
		for f := lo; f <= hi; f++ {
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

// ParsePosition reads an Explocus position text for configuration c
// (see the package doc for the grammar); a text that begins with a spec
// must name c, and a text without one is read in c. The board must have
// c's shape; every column must be below its cell's capacity; the setup
// must have fewer men than the board has adjacencies (R-E3); the seat
// that moved last must have men (at ply 0, both seats: nobody has moved
// yet); the seat to move must be the one the ply says (A at even plies);
// and the ply must be at most MaxPly and not past c's ply limit. A
// Hexplocus configuration is refused (its positions are HexPosition: see
// ParseHexPosition).
func (c Config) ParsePosition(text string) (Position, error) {
	if err := c.Validate(); err != nil {
		return Position{}, err
	}
	if c.IsHex() {
		return Position{}, &notation.SpecError{Spec: c.String(), Msg: isHexMsg}
	}
	s, err := notation.ReadPosition(text, &c, ParseSpec, inferConfig, Config.parseBody)
	return Position{state: s}, err
}

// ParseHexPosition reads a Hexplocus position text for configuration c,
// which must set Side, as ParsePosition reads Explocus's; each rank
// lists only its cells, from its first to its last.
func (c Config) ParseHexPosition(text string) (HexPosition, error) {
	if err := c.Validate(); err != nil {
		return HexPosition{}, err
	}
	if !c.IsHex() {
		return HexPosition{}, &notation.SpecError{Spec: c.String(), Msg: notHexMsg}
	}
	s, err := notation.ReadPosition(text, &c, ParseSpec, inferConfig, Config.parseBody)
	return HexPosition{state: s}, err
}

// What the readers of each type say of a configuration of the other's.
const (
	isHexMsg  = "Hexplocus is a HexPosition: read it with ParseHexPosition"
	notHexMsg = "not Hexplocus, whose positions are HexPosition: read it with ParsePosition"
)

func (c Config) parseBody(text string) (state, error) {
	if err := c.Validate(); err != nil {
		return state{}, err
	}
	what := "explocus position"
	if c.IsHex() {
		what = "hexplocus position"
	}
	fail := func(at int, msg string) (state, error) {
		return state{}, &rules.SyntaxError{What: what, Input: text, Offset: at, Msg: msg}
	}
	fields := strings.Split(text, " ")
	if len(fields) != 3 {
		return fail(0, "want three fields separated by single spaces: board, seat to move, ply")
	}
	p := c.empty()
	rows := int(p.rows)
	board := fields[0]
	ranks := notation.Ranks{Count: rows, Word: "rank", Descending: true, Cells: "cells", Width: func(i int) int {
		lo, hi := p.fileRange(rows - 1 - i)
		return hi - lo + 1
	}}
	r := notation.NewRankReader(board, &ranks)
	for r.Next() {
		cell := r.Rest()
		rank := rows - 1 - r.Rank()
		lo, _ := p.fileRange(rank)
		file := lo + r.File()
		switch cell[0] {
		case '.':
		case 'A', 'B':
			h, digits := 1, 0
			for digits+1 < len(cell) && cell[digits+1] >= '0' && cell[digits+1] <= '9' {
				h = min(10*h*min(digits, 1)+int(cell[digits+1]-'0'), 1000) // past 6, any height is refused below
				digits++
			}
			if digits > 0 {
				if h < 2 || cell[1] == '0' {
					return fail(r.Offset()+1, "a column's height is written only when it is 2 or more, with no leading zero")
				}
				r.Take(1 + digits)
			}
			capacity := int(p.capacity(rank, file))
			if h >= capacity {
				written := "1"
				if digits > 0 {
					written = cell[1 : 1+digits] // as written: a long one is no number to show
				}
				return fail(r.Offset(), "a column of "+written+" on "+notation.FileName(file)+strconv.Itoa(rank+1)+
					" reaches the cell's capacity "+strconv.Itoa(capacity)+" and would have exploded")
			}
			p.put(rank, file, cell[0]-'A', uint8(h))
		default:
			return fail(r.Offset(), "unexpected "+notation.QuoteFirst(cell)+" on the board (want ., A, B, a height from 2, or /)")
		}
	}
	if at, msg := r.Err(); msg != "" {
		return fail(at, msg)
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
	at += len(fields[1]) + 1
	ply := fields[2]
	if ply == "" || strings.TrimLeft(ply, "0123456789") != "" {
		return fail(at, "the ply count is a whole number: decimal digits, with no sign")
	}
	n, err := strconv.ParseUint(ply, 10, 64)
	if err != nil || n > MaxPly {
		return fail(at, "the ply count is above the maximum, MaxPly = "+strconv.Itoa(MaxPly))
	}
	p.ply = uint32(n)
	switch {
	case p.ply == 0 && (p.men[0] == 0 || p.men[1] == 0):
		return fail(at, "at ply 0 both sides have men: the game cannot be decided before its first move")
	case p.men[1-p.turn] == 0:
		return fail(len(board)+1, "the seat that moved last has no men")
	}
	if p.ply%2 != uint32(p.turn) {
		return fail(len(board)+1, "at ply "+ply+" seat "+string(rune('A'+p.ply%2))+
			" is to move: the seats alternate, A first, and nobody passes")
	}
	if p.plyLimit != 0 && p.ply > p.plyLimit {
		return fail(at, "the ply limit "+strconv.Itoa(c.PlyLimit)+" ended the game at that ply; it cannot be passed")
	}
	p.hash = p.computeHash()
	return p, nil
}

// ParsePosition reads an Explocus position text in the configuration it
// names: the spec it begins with, or else a board of the size counted
// from the text, with no ply limit. A Hexplocus text is refused (it is a
// HexPosition: see ParseHexPosition).
func ParsePosition(text string) (Position, error) {
	s, err := notation.ReadPosition(text, nil, parseSquareSpec, inferConfig, Config.parseBody)
	return Position{state: s}, err
}

// ParseHexPosition reads a Hexplocus position text, which begins with
// its spec, e.g. "hexplocus(size=6) ...".
func ParseHexPosition(text string) (HexPosition, error) {
	s, err := notation.ReadPosition(text, nil, parseHexSpec, func(string) (Config, error) {
		return Config{}, &rules.SyntaxError{What: "hexplocus position", Input: text, Offset: 0,
			Msg: `a Hexplocus text begins with its spec, e.g. "hexplocus(size=6) "`}
	}, Config.parseBody)
	return HexPosition{state: s}, err
}

// parseSquareSpec is ParseSpec for the texts of a Position.
func parseSquareSpec(s string) (Config, error) {
	c, err := ParseSpec(s)
	if err == nil && c.IsHex() {
		return Config{}, &notation.SpecError{Spec: s, Msg: isHexMsg}
	}
	return c, err
}

// parseHexSpec is ParseSpec for the texts of a HexPosition.
func parseHexSpec(s string) (Config, error) {
	c, err := ParseSpec(s)
	if err == nil && !c.IsHex() {
		return Config{}, &notation.SpecError{Spec: s, Msg: notHexMsg}
	}
	return c, err
}

// inferConfig is the configuration of a position text without a spec.
func inferConfig(text string) (Config, error) {
	board, _, _ := strings.Cut(text, " ")
	rows := strings.Count(board, "/") + 1
	count := func(rank string) int {
		n := 0
		for i := 0; i < len(rank); i++ {
			if c := rank[i]; c == '.' || c == 'A' || c == 'B' {
				n++
			}
		}
		return n
	}
	first, others, _ := strings.Cut(board, "/")
	cols := count(first)
	if second, _, _ := strings.Cut(others, "/"); rows > 1 && count(second) == cols+1 {
		return Config{}, &rules.SyntaxError{What: "explocus position", Input: text, Offset: 0,
			Msg: "the second rank is longer than the first: a Hexplocus text begins with its spec, e.g. \"hexplocus(size=6) \""}
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
//
// The hexagon is drawn with flat top and bottom: ranks are rows, the top
// rank first, each shifted half a cell from the next, so that a cell's six
// neighbours surround it (the next and previous files on its row, the same
// file up-left and down-right, the next file up-right and the previous one
// down-left). Files run diagonally, up and to the left from their label;
// the labels sit below the bottom row and along the lower right edge. The
// start of side 3:
//
//	     5 W1  B1  B1
//	   4 W1  W1  B1  W1
//	 3 B1  B1  .   W1  W1
//	   2 B1  W1  B1  B1  e
//	     1 W1  W1  B1  d
//	         a   b   c
//	White (A) to move; White 9 men, Black 9 men
func (p state) Diagram() string {
	if !p.valid() {
		return invalidText
	}
	if p.side != 0 {
		return p.hexDiagram()
	}
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
	p.writeStatus(&b)
	return b.String()
}

// writeStatus writes the diagram's last line: who is to move or the
// result, and the men.
func (p *state) writeStatus(b *strings.Builder) {
	if o := p.Outcome(); o.Over() {
		b.WriteString("game over, " + o.String())
	} else {
		b.WriteString([]string{"White (A)", "Black (B)"}[p.turn&1] + " to move")
	}
	b.WriteString("; White " + strconv.Itoa(int(p.men[0])) + " men, Black " + strconv.Itoa(int(p.men[1])) + " men")
}

// hexDiagram draws the hexagon (see Diagram): cells 4 characters apart,
// each rank indented by half a cell (2 characters) per rank away from the
// middle one.
func (p *state) hexDiagram() string {
	var b strings.Builder
	l := int(p.side) - 1
	cell := func(r, f int) string {
		if h := p.height[r][f]; h > 0 {
			return string("WB"[p.colorAt(r, f)]) + strconv.Itoa(int(h))
		}
		return "."
	}
	for r := 2 * l; r >= 0; r-- {
		b.WriteString(strings.Repeat(" ", 2*max(r-l, l-r)))
		num := strconv.Itoa(r + 1)
		b.WriteString(strings.Repeat(" ", 2-len(num)) + num + " ")
		lo, hi := p.fileRange(r)
		for f := lo; f <= hi; f++ {
			c := cell(r, f)
			if f < hi {
				c += strings.Repeat(" ", 4-len(c))
			}
			b.WriteString(c)
		}
		if r < l {
			// The label of file hi+1, whose lowest cell is up-right.
			b.WriteString(strings.Repeat(" ", 4-len(cell(r, hi))) + notation.FileName(hi+1))
		}
		b.WriteString("\n")
	}
	b.WriteString(strings.Repeat(" ", 2*l+5))
	for f := range l + 1 {
		name := notation.FileName(f)
		if f < l {
			name += strings.Repeat(" ", 4-len(name))
		}
		b.WriteString(name)
	}
	b.WriteString("\n")
	p.writeStatus(&b)
	return b.String()
}
