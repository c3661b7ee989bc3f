package explocus

import (
	"strconv"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Move moves the top k men of a column k cells: it is packed
// fromRank<<24 | fromFile<<16 | toRank<<8 | toFile (0-based; rank 0 is
// rank 1, at the bottom), so the integer order is the canonical order:
// by origin, then destination, squares in the order a1, b1, ..., a2, ...
type Move uint32

// NewMove returns the move from (fromFile, fromRank) to (toFile, toRank).
func NewMove(fromFile, fromRank, toFile, toRank int) Move {
	return Move(uint32(fromRank&0xFF)<<24 | uint32(fromFile&0xFF)<<16 | uint32(toRank&0xFF)<<8 | uint32(toFile&0xFF))
}

// From returns the origin's file and rank (0-based).
func (m Move) From() (file, rank int) { return int(m >> 16 & 0xFF), int(m >> 24) }

// To returns the destination's file and rank (0-based).
func (m Move) To() (file, rank int) { return int(m & 0xFF), int(m >> 8 & 0xFF) }

// Count returns the number of men moved: the distance along a rank, a
// file or the diagonal on which file and rank change by the same amount
// (one of the hexagon's six directions, e.g. c3-e5), or 0 for any other
// move. On the square board a diagonal move is illegal (ErrNotALine).
func (m Move) Count() int {
	ff, fr := m.From()
	tf, tr := m.To()
	df, dr := tf-ff, tr-fr
	if df != 0 && dr != 0 && df != dr {
		return 0
	}
	return max(df, -df, dr, -dr)
}

// String returns the move in notation, e.g. "c3-c5".
func (m Move) String() string {
	ff, fr := m.From()
	tf, tr := m.To()
	b := notation.AppendFile(nil, ff)
	b = strconv.AppendInt(b, int64(fr+1), 10)
	b = append(b, '-')
	b = notation.AppendFile(b, tf)
	b = strconv.AppendInt(b, int64(tr+1), 10)
	return string(b)
}

// MarshalText implements encoding.TextMarshaler: the move's notation.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler, reading the notation
// as ParseMove does on the largest square board, whose cells include every
// hexagon's.
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := parseMove(string(text), &Position{rows: MaxSize, cols: MaxSize})
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// ParseMove reads a move "c3-c5": origin, dash, destination; the number of
// men moved is the distance. A cell off this board (on the hexagon: off
// the hexagon) is a *rules.SyntaxError like any other text that is not a
// move; whether the move is legal is Legal's job.
func (p Position) ParseMove(s string) (Move, error) {
	return parseMove(s, &p)
}

func parseMove(s string, p *Position) (Move, error) {
	what := "explocus move"
	if p.side != 0 {
		what = "hexplocus move"
	}
	fail := func(at int, msg string) (Move, error) {
		return 0, &rules.SyntaxError{What: what, Input: s, Offset: at, Msg: msg}
	}
	if at, msg := notation.NotAMove(s, "a move is from-to, e.g. c3-c5 (nobody passes)"); msg != "" {
		return fail(at, msg)
	}
	onBoard := func(file, rank int) bool { return rank >= 1 && p.onBoard(rank-1, file) }
	offBoard := func(file, rank int) string {
		last := "the board has files a to " + notation.FileName(int(p.cols)-1) + " and ranks 1 to " + strconv.Itoa(int(p.rows))
		if p.side == 0 || file >= int(p.cols) || rank < 1 || rank > int(p.rows) {
			return last
		}
		return notation.FileName(file) + strconv.Itoa(rank) + " is off the hexagon: " + last +
			", and a cell's file and rank are at most " + strconv.Itoa(int(p.side)-1) + " apart (a1 is file 1, rank 1)"
	}
	ff, fr, n, err := notation.ParseSquareName(s)
	if err != nil {
		return fail(0, "a move is from-to, e.g. c3-c5")
	}
	if !onBoard(ff, fr) {
		return fail(0, offBoard(ff, fr))
	}
	if n >= len(s) || s[n] != '-' {
		return fail(n, "expected \"-\" after the origin")
	}
	tf, tr, m, err := notation.ParseSquareName(s[n+1:])
	if err != nil {
		return fail(n+1, "expected the destination square")
	}
	if !onBoard(tf, tr) {
		return fail(n+1, offBoard(tf, tr))
	}
	if n+1+m != len(s) {
		return fail(n+1+m, "unexpected text after the move")
	}
	return NewMove(ff, fr-1, tf, tr-1), nil
}
