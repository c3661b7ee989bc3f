package explocus

import (
	"strconv"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Move moves the top k men of a column k squares: it is packed
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

// Count returns the number of men moved: the distance, or 0 if the move
// is not along a rank or file.
func (m Move) Count() int {
	ff, fr := m.From()
	tf, tr := m.To()
	switch {
	case ff == tf && fr != tr:
		return max(fr-tr, tr-fr)
	case fr == tr && ff != tf:
		return max(ff-tf, tf-ff)
	}
	return 0
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
// as ParseMove does on the largest board.
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := parseMove(string(text), MaxSize, MaxSize)
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// ParseMove reads a move "c3-c5": origin, dash, destination; the number of
// men moved is the distance. A square off this board is a
// *rules.SyntaxError like any other text that is not a move; whether the
// move is legal is Legal's job.
func (p Position) ParseMove(s string) (Move, error) {
	return parseMove(s, int(p.cols), int(p.rows))
}

func parseMove(s string, cols, rows int) (Move, error) {
	fail := func(at int, msg string) (Move, error) {
		return 0, &rules.SyntaxError{What: "explocus move", Input: s, Offset: at, Msg: msg}
	}
	onBoard := func(file, rank int) bool { return file < cols && rank >= 1 && rank <= rows }
	offBoard := "the board has files a to " + string(rune('a'+cols-1)) + " and ranks 1 to " + strconv.Itoa(rows)
	ff, fr, n, err := notation.ParseSquareName(s)
	if err != nil {
		return fail(0, "a move is from-to, e.g. c3-c5")
	}
	if !onBoard(ff, fr) {
		return fail(0, offBoard)
	}
	if n >= len(s) || s[n] != '-' {
		return fail(n, "expected \"-\" after the origin")
	}
	tf, tr, m, err := notation.ParseSquareName(s[n+1:])
	if err != nil {
		return fail(n+1, "expected the destination square")
	}
	if !onBoard(tf, tr) {
		return fail(n+1, offBoard)
	}
	if n+1+m != len(s) {
		return fail(n+1+m, "unexpected text after the move")
	}
	return NewMove(ff, fr-1, tf, tr-1), nil
}
