package notation

import (
	"strconv"

	"github.com/tabletop-go/rules"
)

// MaxFiles is the largest file index the coordinate codec reads or writes
// plus one ("zz" is the last two-letter file; wider boards are not needed).
const MaxFiles = 26 + 26*26

// AppendFile appends the name of file i (0-based): a..z for 0..25, then
// aa, ab, ..., az, ba, ... as spreadsheet columns do. It appends "?" for
// an index outside [0, MaxFiles).
func AppendFile(dst []byte, i int) []byte {
	switch {
	case i < 0 || i >= MaxFiles:
		return append(dst, '?')
	case i < 26:
		return append(dst, byte('a'+i))
	}
	i -= 26
	return append(dst, byte('a'+i/26), byte('a'+i%26))
}

// FileName returns the name of file i, as AppendFile writes it.
func FileName(i int) string { return string(AppendFile(nil, i)) }

// ParseFile reads a file name (one or two letters, either case) at the
// start of s and returns its 0-based index and the number of bytes read.
// n is 0 when s does not start with a letter.
func ParseFile(s string) (file, n int) {
	for n < len(s) && n < 2 && isLetter(s[n]) {
		n++
	}
	switch n {
	case 0:
		return 0, 0
	case 1:
		return int(lower(s[0]) - 'a'), 1
	}
	return 26 + int(lower(s[0])-'a')*26 + int(lower(s[1])-'a'), 2
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func lower(c byte) byte    { return c | 0x20 }

// Orientation says which way rank numbers run on a diagram.
type Orientation uint8

const (
	// RanksUp numbers rows from the bottom, as in chess: rank 1 is the
	// bottom row. Focus, Explocus and Domination use it.
	RanksUp Orientation = iota
	// RowsDown numbers rows from the top: row 1 is the top row. Hex uses
	// it (HexGui, SGF GM[11]).
	RowsDown
)

// Grid converts squares between text (file letters then a rank number,
// e.g. "c3" or "aa12") and coordinates (x, y): x counts files from 0 at
// the left, y counts rows from 0 at the top of the diagram, whatever the
// orientation.
type Grid struct {
	Files, Ranks int
	Orientation  Orientation
}

// Contains reports whether (x, y) is on the grid.
func (g Grid) Contains(x, y int) bool { return x >= 0 && x < g.Files && y >= 0 && y < g.Ranks }

// rankNumber returns the number written for row y.
func (g Grid) rankNumber(y int) int {
	if g.Orientation == RowsDown {
		return y + 1
	}
	return g.Ranks - y
}

// AppendSquare appends the name of square (x, y).
func (g Grid) AppendSquare(dst []byte, x, y int) []byte {
	dst = AppendFile(dst, x)
	return strconv.AppendInt(dst, int64(g.rankNumber(y)), 10)
}

// Square returns the name of square (x, y).
func (g Grid) Square(x, y int) string { return string(g.AppendSquare(nil, x, y)) }

// ParseSquarePrefix reads a square at the start of s and returns its
// coordinates and the number of bytes read. The square must be on the
// grid; the error is a *rules.SyntaxError with offsets relative to s.
func (g Grid) ParseSquarePrefix(s string) (x, y, n int, err error) {
	file, rank, n, err := ParseSquareName(s)
	if err != nil {
		return 0, 0, 0, err
	}
	x = file
	if g.Orientation == RowsDown {
		y = rank - 1
	} else {
		y = g.Ranks - rank
	}
	if !g.Contains(x, y) {
		return 0, 0, 0, &rules.SyntaxError{What: "square", Input: s, Offset: 0,
			Msg: "square " + s[:n] + " is off the " + strconv.Itoa(g.Files) + "x" + strconv.Itoa(g.Ranks) + " board"}
	}
	return x, y, n, nil
}

// ParseSquare reads a whole string as a square on the grid.
func (g Grid) ParseSquare(s string) (x, y int, err error) {
	x, y, n, err := g.ParseSquarePrefix(s)
	if err != nil {
		return 0, 0, err
	}
	if n != len(s) {
		return 0, 0, &rules.SyntaxError{What: "square", Input: s, Offset: n, Msg: "unexpected " + strconv.Quote(s[n:]) + " after the square"}
	}
	return x, y, nil
}

// ParseSquareName reads a square name at the start of s without any
// board: the 0-based file index, the rank number as written (1 or more)
// and the number of bytes read. Rank numbers have no leading zeros and at
// most three digits.
func ParseSquareName(s string) (file, rank, n int, err error) {
	file, n = ParseFile(s)
	if n == 0 {
		return 0, 0, 0, &rules.SyntaxError{What: "square", Input: s, Offset: 0, Msg: "expected a file letter"}
	}
	start := n
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	switch {
	case n == start:
		return 0, 0, 0, &rules.SyntaxError{What: "square", Input: s, Offset: start, Msg: "expected a rank number after the file"}
	case s[start] == '0':
		return 0, 0, 0, &rules.SyntaxError{What: "square", Input: s, Offset: start, Msg: "rank numbers start at 1 and have no leading zero"}
	case n-start > 3:
		return 0, 0, 0, &rules.SyntaxError{What: "square", Input: s, Offset: start, Msg: "rank number too large"}
	}
	rank, _ = strconv.Atoi(s[start:n])
	return file, rank, n, nil
}
