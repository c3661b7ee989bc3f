package hex

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// invalidText is the text of the invalid value, which no reader takes.
const invalidText = "<invalid hex position>"

// String returns the position text (see the package doc), e.g.
// "3/1B1/3 w -"; "<invalid hex position>" for the invalid value.
func (p Position) String() string { return string(p.AppendText(nil)) }

// MarshalText implements encoding.TextMarshaler with the position text.
// It refuses the invalid value with a *rules.NoGameError, so that
// json.Marshal of a struct holding one fails.
func (p Position) MarshalText() ([]byte, error) {
	if !p.IsValid() {
		return nil, &rules.NoGameError{Type: "hex.Position"}
	}
	return p.AppendText(nil), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParsePosition.
// A text it refuses leaves the invalid value in *p, never the position
// *p held before.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParsePosition(string(text))
	*p = q
	return err
}

// impliedConfig is the configuration a text without a spec is read in:
// the board's size, and the pie rule its swap field shows (swap-sides
// when no swap has been played).
func (p Position) impliedConfig() Config {
	c := Config{Cols: int(p.cols), Rows: int(p.rows), Swap: SwapSides}
	if p.swap == swapPieces {
		c.Swap = SwapPieces
	}
	return c
}

// AppendText appends the position text to dst: the spec first when the
// rest would not tell the pie rule (swap=none; swap=pieces before the
// swap), then the board, the colour to move and the swap played.
func (p Position) AppendText(dst []byte) []byte {
	if !p.IsValid() {
		return append(dst, invalidText...)
	}
	if c := p.Config(); c != p.impliedConfig() {
		dst = append(dst, c.String()...)
		dst = append(dst, ' ')
	}
	for r := range int(p.rows) {
		if r > 0 {
			dst = append(dst, '/')
		}
		run := 0
		for c := range int(p.cols) {
			color := p.at(c, r)
			if color == Empty {
				run++
				continue
			}
			if run > 0 {
				dst = strconv.AppendInt(dst, int64(run), 10)
				run = 0
			}
			if color == Black {
				dst = append(dst, 'B')
			} else {
				dst = append(dst, 'W')
			}
		}
		if run > 0 {
			dst = strconv.AppendInt(dst, int64(run), 10)
		}
	}
	if p.turn == Black {
		dst = append(dst, " b "...)
	} else {
		dst = append(dst, " w "...)
	}
	switch p.swap {
	case swapSides:
		dst = append(dst, "sides"...)
	case swapPieces:
		dst = append(dst, "pieces"...)
	default:
		dst = append(dst, '-')
	}
	return dst
}

// ParsePosition reads a position text for configuration c (see the package
// doc for the grammar). A text that begins with a spec must name c. It
// checks that the text is a position the game can reach: the board
// matches c's size, the stone counts agree with the colour to move and the
// swap played, the swap is one c allows, at most the side that moved last
// is connected, and a connection can have been made by its last stone.
// A text it refuses gives the invalid value and a *rules.SyntaxError at
// the offset of the problem (for a c that Validate refuses, its error).
func (c Config) ParsePosition(text string) (Position, error) {
	return notation.ReadPosition(text, &c, ParseSpec, inferConfig, Config.parseBody)
}

func (c Config) parseBody(text string) (Position, error) {
	if err := c.Validate(); err != nil {
		return Position{}, err
	}
	fail := func(at int, msg string) (Position, error) {
		return Position{}, &rules.SyntaxError{What: "hex position", Input: text, Offset: at, Msg: msg}
	}
	fields := strings.Split(text, " ")
	if len(fields) != 3 {
		return fail(0, "want three fields separated by single spaces: board, colour to move, swap")
	}
	board, turnText, swapText := fields[0], fields[1], fields[2]
	p := c.Start()
	var placed [2][]Move
	ranks := notation.Ranks{Count: c.Rows, Cols: c.Cols, Word: "row", Cells: "cells", Runs: true}
	r := notation.NewRankReader(board, &ranks)
	for r.Next() {
		switch ch := r.Rest()[0]; ch {
		case 'B', 'W':
			k := 0
			if ch == 'W' {
				k = 1
			}
			placed[k] = append(placed[k], cell(r.File(), r.Rank()))
		default:
			return fail(r.Offset(), "unexpected "+notation.QuoteFirst(r.Rest())+" on the board (want B, W, a count of empty cells, or /)")
		}
	}
	if at, msg := r.Err(); msg != "" {
		return fail(at, msg)
	}
	turnAt := len(board) + 1
	switch turnText {
	case "b":
		p.turn = Black
	case "w":
		p.turn = White
	default:
		return fail(turnAt, "the colour to move is b or w")
	}
	swapAt := turnAt + len(turnText) + 1
	switch swapText {
	case "-":
	case "sides":
		p.swap = swapSides
	case "pieces":
		p.swap = swapPieces
	default:
		return fail(swapAt, "the swap field is -, sides or pieces")
	}
	if p.swap == swapSides && c.Swap != SwapSides || p.swap == swapPieces && c.Swap != SwapPieces {
		return fail(swapAt, "this game's swap mode is "+c.Swap.String())
	}
	nb, nw := len(placed[0]), len(placed[1])
	blackFirst := nb == nw // Black is to move when the counts say so
	if p.swap == swapPieces {
		blackFirst = nw == nb+1
		if nw-nb != 0 && nw-nb != 1 || nw == 0 {
			return fail(0, "after swap-pieces White has one stone more than Black or as many, and at least one")
		}
	} else if nb-nw != 0 && nb-nw != 1 {
		return fail(0, "Black must have as many stones as White or one more")
	}
	if p.swap == swapSides && nb == 0 {
		return fail(swapAt, "a swap needs the first stone on the board")
	}
	if blackFirst != (p.turn == Black) {
		return fail(turnAt, "the stone counts say "+map[bool]string{true: "b", false: "w"}[blackFirst]+" is to move")
	}
	for k, moves := range placed {
		for _, m := range moves {
			p.place(m.col(), m.row(), Color(k+1))
		}
	}
	blackWon := p.connected(Black)
	whiteWon := p.connected(White)
	p.winner = Empty
	switch {
	case blackWon && whiteWon:
		return fail(0, "both sides are connected")
	case blackWon && p.turn == Black, whiteWon && p.turn == White:
		return fail(turnAt, "the side to move is already connected: the game ended before its move")
	case blackWon:
		p.winner = Black
	case whiteWon:
		p.winner = White
	}
	if p.winner != Empty && !p.wonByLastStone() {
		return fail(0, colorName(p.winner)+" is connected without any stone that could have been placed last: the game would have ended before it")
	}
	p.ply = uint16(nb + nw)
	if p.swap != noSwap {
		p.ply++
		p.hash ^= zobristSwap[p.swap]
		p.turned ^= zobristSwap[p.swap]
	}
	return p, nil
}

// ParsePosition reads a position text in the configuration it names:
// the spec it begins with, or else the board size counted from the text
// and the pie rule its swap field shows (swap-sides when it is "-").
// A text it refuses, such as "garbage", gives the invalid value and the
// error.
func ParsePosition(text string) (Position, error) {
	return notation.ReadPosition(text, nil, ParseSpec, inferConfig, Config.parseBody)
}

// inferConfig is the configuration of a position text without a spec.
func inferConfig(text string) (Config, error) {
	board, rest, _ := strings.Cut(text, " ")
	c := Config{Rows: strings.Count(board, "/") + 1, Swap: SwapSides}
	if strings.HasSuffix(rest, " pieces") {
		c.Swap = SwapPieces
	}
	first, _, _ := strings.Cut(board, "/")
	for i := 0; i < len(first); i++ {
		if first[i] >= '0' && first[i] <= '9' {
			n := int(first[i] - '0')
			for i+1 < len(first) && first[i+1] >= '0' && first[i+1] <= '9' && n < 1000 {
				i++
				n = n*10 + int(first[i]-'0')
			}
			c.Cols += n
		} else {
			c.Cols++
		}
	}
	if c.Cols < 1 || c.Cols > MaxSize || c.Rows > MaxSize {
		return Config{}, &rules.SyntaxError{What: "hex position", Input: text, Offset: 0,
			Msg: "the board must have 1 to " + strconv.Itoa(MaxSize) + " rows and columns"}
	}
	if c.Swap == SwapPieces && c.Cols != c.Rows {
		c.Swap = SwapSides // let parseBody report the mismatch
	}
	return c, nil
}

// Diagram draws the board as text, each row shifted half a cell from the
// one above, Black stones as B, White as W, with the side to move:
//
//	   a b c
//	 1 . . .
//	  2 . B .
//	   3 . . .
//	Black (A) top-bottom, White (B) left-right; White (B) to move
//
// The invalid value draws as "<invalid hex position>".
func (p Position) Diagram() string {
	if !p.IsValid() {
		return invalidText
	}
	var b strings.Builder
	b.WriteString("  ")
	for c := range int(p.cols) {
		b.WriteByte(' ')
		b.WriteString(notation.FileName(c))
	}
	b.WriteByte('\n')
	for r := range int(p.rows) {
		b.WriteString(strings.Repeat(" ", r))
		num := strconv.Itoa(r + 1)
		b.WriteString(strings.Repeat(" ", 2-len(num)))
		b.WriteString(num)
		b.WriteByte(' ')
		for c := range int(p.cols) {
			if c > 0 {
				b.WriteByte(' ')
			}
			switch p.at(c, r) {
			case Black:
				b.WriteByte('B')
			case White:
				b.WriteByte('W')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("Black (" + p.SeatOf(Black).String() + ") top-bottom, White (" + p.SeatOf(White).String() + ") left-right; ")
	if p.winner != Empty {
		b.WriteString(colorName(p.winner) + " (" + p.SeatOf(p.winner).String() + ") has won")
	} else {
		b.WriteString(colorName(p.turn) + " (" + p.SeatOf(p.turn).String() + ") to move")
	}
	return b.String()
}

func colorName(c Color) string {
	if c == Black {
		return "Black"
	}
	return "White"
}
