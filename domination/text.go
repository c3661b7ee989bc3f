package domination

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// invalidText is the text of the invalid value, which no reader takes.
const invalidText = "<invalid domination position>"

// String returns the position text (see the package doc), or
// "<invalid domination position>" for the invalid value.
func (p Position) String() string { return string(p.AppendText(nil)) }

// MarshalText implements encoding.TextMarshaler with the position text.
// The invalid value has none: it gives a *rules.NoGameError.
func (p Position) MarshalText() ([]byte, error) {
	if !p.valid() {
		return nil, &rules.NoGameError{Type: "domination.Position"}
	}
	return p.AppendText(nil), nil
}

// AppendText appends the position text to dst.
func (p Position) AppendText(dst []byte) []byte {
	if !p.valid() {
		return append(dst, invalidText...)
	}
	for rank := 7; rank >= 0; rank-- {
		if rank < 7 {
			dst = append(dst, '/')
		}
		run := 0
		for file := range 8 {
			sq := NewSquare(file, rank)
			var cell string
			switch {
			case p.pieces[0]>>sq&1 != 0:
				cell = "A"
			case p.pieces[1]>>sq&1 != 0:
				cell = "B"
			case p.tiles[sq] != 0:
				cell = "[" + Tile(p.tiles[sq]-1).String() + "]"
			default:
				run++
				continue
			}
			if run > 0 {
				dst = strconv.AppendInt(dst, int64(run), 10)
				run = 0
			}
			dst = append(dst, cell...)
		}
		if run > 0 {
			dst = strconv.AppendInt(dst, int64(run), 10)
		}
	}
	dst = append(dst, ' ', 'A'+p.turn, ' ')
	if t, ok := p.Pending(); ok {
		dst = append(dst, t.String()...)
	} else {
		dst = append(dst, '-')
	}
	dst = append(dst, ' ')
	if p.pool == 0 {
		return append(dst, '-')
	}
	first := true
	for b := uint64(p.pool); b != 0; {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, Tile(popSquare(&b)).String()...)
	}
	return dst
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

// ParsePosition reads a position text in the one configuration; a leading
// spec "domination(...)" is read and checked, though a position never
// writes one.
func ParsePosition(text string) (Position, error) { return Default.ParsePosition(text) }

// ParsePosition reads a position text (see the package doc for the
// grammar). Besides the syntax it checks that each seat has two pieces,
// that no tile is both placed, drawn or in the pool, that the pool holds
// exactly the other tiles, that the seat to move fits the number of
// placed dominoes (X moves first), and that a board with fewer than two
// dominoes is one play reaches (the start, or one of X's first turns).
// A text it refuses gives the invalid value and a *rules.SyntaxError.
func (c Config) ParsePosition(text string) (Position, error) {
	return notation.ReadPosition(text, &c, ParseSpec, func(string) (Config, error) { return c, nil }, Config.parseBody)
}

func (c Config) parseBody(text string) (Position, error) {
	p, err := c.readBody(text)
	if err != nil {
		return Position{}, err
	}
	if msg := p.openingError(); msg != "" {
		return Position{}, &rules.SyntaxError{What: "domination position", Input: text, Offset: 0, Msg: msg}
	}
	return p, nil
}

// openingError says why a board with fewer than two dominoes placed is
// not one play reaches, or returns "". Each turn places one domino, so
// with none placed nobody has moved, and with one only X has, once: the
// board must be the start, or the start after one of X's turns with the
// placed domino. The start is R-D1's or its image under a quarter turn of
// the board (startImages): the rules cannot tell them apart, and the
// board's symmetries (Transform) map every position of a game onto
// another. From the second domino on, the text is checked for the counts
// alone (see the package doc).
func (p *Position) openingError() string {
	switch bits.OnesCount64(p.dominoes) {
	case 0:
		if !slices.Contains(startImages, p.pieces) {
			return "no domino is placed, so nobody has moved: X (A) stands on d4 and e5 and O (B) on a8 and h1 (R-D1), " +
				"or, a quarter turn away, X on d5 and e4 and O on a1 and h8"
		}
	case 1:
		at := Square(bits.TrailingZeros64(p.dominoes))
		tile := Tile(p.tiles[at] - 1)
		for _, start := range startImages {
			if start[1] != p.pieces[1] || start[0]>>at&1 == 0 {
				continue // O has not moved, and X's first piece left the domino's square
			}
			first := Position{pieces: start, pool: fullPool}
			first.apply(Draw(tile))
			var buf [MaxMoves]Move
			for _, m := range first.appendTurns(buf[:0]) {
				q := first
				q.apply(m)
				if q.pieces == p.pieces && q.dominoes == p.dominoes {
					return ""
				}
			}
		}
		return "one domino is placed, so X (A) has made the only turn, from the start (R-D1, or its image under a quarter turn), and no turn with " +
			tile.String() + " gives this board"
	}
	return ""
}

// boardRanks lays out the board field: ranks 8 to 1 of 8 squares, runs
// of empty squares as counts.
var boardRanks = notation.Ranks{Count: 8, Cols: 8, Word: "rank", Descending: true, Cells: "squares", Runs: true}

// readBody reads a position text without a spec and checks everything
// but openingError: the rules tests read boards play cannot reach with it.
func (Config) readBody(text string) (Position, error) {
	fail := func(at int, msg string) (Position, error) {
		return Position{}, &rules.SyntaxError{What: "domination position", Input: text, Offset: at, Msg: msg}
	}
	fields := strings.Split(text, " ")
	if len(fields) != 4 {
		return fail(0, "want four fields separated by single spaces: board, seat to move, drawn tile, pool")
	}
	var p Position
	board := fields[0]
	var seen uint32 // tiles met so far
	r := notation.NewRankReader(board, &boardRanks)
	for r.Next() {
		sq := NewSquare(r.File(), 7-r.Rank())
		switch cell := r.Rest(); cell[0] {
		case 'A', 'B':
			p.pieces[cell[0]-'A'] |= 1 << sq
		case '[':
			if len(cell) < 5 || cell[4] != ']' {
				return fail(r.Offset(), "a domino is written [a-b], e.g. [2-5]")
			}
			t, err := parseTile(cell[1:4])
			if err != nil {
				return fail(r.Offset()+1, err.Error())
			}
			if seen>>t&1 != 0 {
				return fail(r.Offset()+1, "domino "+t.String()+" appears twice")
			}
			seen |= 1 << t
			p.dominoes |= 1 << sq
			p.tiles[sq] = uint8(t) + 1
			r.Take(5)
		default:
			return fail(r.Offset(), "unexpected "+notation.QuoteFirst(cell)+" on the board (want A, B, [a-b], a count of empty squares, or /)")
		}
	}
	if at, msg := r.Err(); msg != "" {
		return fail(at, msg)
	}
	for s := range 2 {
		if n := bits.OnesCount64(p.pieces[s]); n != 2 {
			return fail(0, "seat "+string(rune('A'+s))+" has "+strconv.Itoa(n)+" pieces, want 2")
		}
	}
	at := len(board) + 1
	switch fields[1] {
	case "A":
	case "B":
		p.turn = 1
	default:
		return fail(at, "the seat to move is A (X) or B (O)")
	}
	if placed := bits.OnesCount64(p.dominoes); placed%2 != int(p.turn) {
		return fail(at, strconv.Itoa(placed)+" dominoes are placed, so "+string(rune('A'+placed%2))+" is to move (X moves first)")
	}
	at += len(fields[1]) + 1
	if fields[2] != "-" {
		t, err := parseTile(fields[2])
		if err != nil {
			return fail(at, err.Error())
		}
		if seen>>t&1 != 0 {
			return fail(at, "the drawn domino "+t.String()+" is already on the board")
		}
		seen |= 1 << t
		p.pending = uint8(t) + 1
	}
	at += len(fields[2]) + 1
	if fields[3] != "-" {
		for part := range strings.SplitSeq(fields[3], ",") {
			t, err := parseTile(part)
			if err != nil {
				return fail(at, err.Error())
			}
			if seen>>t&1 != 0 {
				return fail(at, "domino "+t.String()+" is in the pool and also drawn or on the board, or listed twice")
			}
			seen |= 1 << t
			p.pool |= 1 << t
			at += len(part) + 1
		}
	}
	if seen != fullPool {
		missing := Tile(bits.TrailingZeros32(^seen & fullPool))
		return fail(len(fields[0])+len(fields[1])+len(fields[2])+3, "domino "+missing.String()+" is nowhere: the pool holds every tile not placed or drawn")
	}
	if p.pending != 0 {
		p.lost = !p.hasTurn()
	}
	p.hash = p.computeHash()
	return p, nil
}

func parseTile(s string) (Tile, error) {
	if len(s) != 3 || s[1] != '-' || s[0] < '0' || s[0] > '6' || s[2] < '0' || s[2] > '6' {
		return 0, errString("a domino is two numbers 0..6 joined by a dash, e.g. 2-5, not " + strconv.Quote(s))
	}
	return NewTile(int(s[0]-'0'), int(s[2]-'0')), nil
}

type errString string

func (e errString) Error() string { return string(e) }

// Diagram draws the board as the published rules do, X for seat 0's pieces, O for
// seat 1's, and each placed domino's numbers:
//
//	  +---+---+---+---+---+---+---+---+
//	8 | O |   |   |   |   |   |   |   |
//	...
//	4 |   | X |   |2-5|   |   |   |   |
//	...
//	    a   b   c   d   e   f   g   h
//	O to draw; 26 dominoes in the pool
func (p Position) Diagram() string {
	if !p.valid() {
		return invalidText
	}
	var b strings.Builder
	line := "  +" + strings.Repeat("---+", 8) + "\n"
	b.WriteString(line)
	for rank := 7; rank >= 0; rank-- {
		b.WriteString(strconv.Itoa(rank+1) + " |")
		for file := range 8 {
			sq := NewSquare(file, rank)
			switch {
			case p.pieces[0]>>sq&1 != 0:
				b.WriteString(" X |")
			case p.pieces[1]>>sq&1 != 0:
				b.WriteString(" O |")
			case p.tiles[sq] != 0:
				b.WriteString(Tile(p.tiles[sq]-1).String() + "|")
			default:
				b.WriteString("   |")
			}
		}
		b.WriteString("\n" + line)
	}
	b.WriteString("    a   b   c   d   e   f   g   h\n")
	name := string("XO"[p.turn&1])
	switch {
	case p.lost:
		t, _ := p.Pending()
		b.WriteString(name + " drew " + t.String() + " and cannot move both pieces: " + p.Outcome().String())
	case p.pending != 0:
		t, _ := p.Pending()
		b.WriteString(name + " to move with " + t.String())
	case p.pool == 0:
		b.WriteString("the pool is empty: " + p.Outcome().String())
	default:
		b.WriteString(name + " to draw")
	}
	b.WriteString("; " + strconv.Itoa(p.PoolSize()) + " dominoes in the pool")
	return b.String()
}
