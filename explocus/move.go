package explocus

import (
	"strconv"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Square is a cell of the MaxSize×MaxSize grid on which both boards lie,
// packed rank<<8 | file (0-based: file 0 is written "a", rank 0 is rank
// 1, at the bottom), so that squares sort a1, b1, ..., a2, ... On the
// hexagon a square is a cell in the axial (file, rank) coordinates of
// R-E4. A square of the grid may be off a position's board (OnBoard
// tells): it is still a valid Square.
type Square uint16

// NoSquare is no square: what NewSquare returns for coordinates off the
// MaxSize×MaxSize grid. Its String is "?", its File and Rank are -1, and
// a move built from it is NoMove. Every Square whose file or rank is
// MaxSize or more is just as invalid.
const NoSquare Square = 1<<16 - 1

// NewSquare returns the square on file (0 = a) and rank (0 = rank 1), or
// NoSquare if either is outside 0..MaxSize−1: coordinates are never
// wrapped, so NewSquare(258, 2) is NoSquare, not c3.
func NewSquare(file, rank int) Square {
	if uint(file) >= MaxSize || uint(rank) >= MaxSize {
		return NoSquare
	}
	return Square(rank<<8 | file)
}

// IsValid reports whether s is a square of the grid (files a to z, ranks
// 1 to 26), on a position's board or not.
func (s Square) IsValid() bool { return s&0xFF < MaxSize && s>>8 < MaxSize }

// File returns the square's file, 0 for a; -1 for an invalid square.
func (s Square) File() int {
	if !s.IsValid() {
		return -1
	}
	return int(s & 0xFF)
}

// Rank returns the square's rank, 0 for rank 1; -1 for an invalid
// square.
func (s Square) Rank() int {
	if !s.IsValid() {
		return -1
	}
	return int(s >> 8)
}

// String returns the square's name, e.g. "c3", or "?" for an invalid
// square.
func (s Square) String() string {
	if !s.IsValid() {
		return "?"
	}
	return string(s.appendName(nil))
}

func (s Square) appendName(b []byte) []byte {
	b = notation.AppendFile(b, int(s&0xFF))
	return strconv.AppendInt(b, int64(s>>8)+1, 10)
}

// Move moves the top k men of a column k cells: it is packed from<<16 |
// to, two Squares, so the integer order is the canonical order: by
// origin, then destination, squares in the order a1, b1, ..., a2, ...
// Build moves with StackMove, or read them with ParseMove.
type Move uint32

// NoMove is no move: what StackMove returns when given a square that is
// not a square of the grid. It is never legal: Legal and Play refuse it
// with ErrNoSuchSquare (Kind rules.ErrIllegal), and PlayUnchecked
// ignores it. Its String is "?".
const NoMove Move = 1<<32 - 1

// StackMove returns the move of the column on from to to: the top k men
// go k cells, k being the distance (the name is Focus's, whose columns
// are stacks). It returns NoMove if from or to is not a square of the
// grid (NoSquare): squares are never wrapped onto others. A square of the
// grid off a position's board makes a move that Legal refuses with
// ErrOffBoard.
func StackMove(from, to Square) Move {
	if !from.IsValid() || !to.IsValid() {
		return NoMove
	}
	return Move(from)<<16 | Move(to)
}

// From returns the origin (NoSquare for NoMove).
func (m Move) From() Square { return Square(m >> 16) }

// To returns the destination (NoSquare for NoMove).
func (m Move) To() Square { return Square(m & 0xFFFF) }

// Count returns the number of men moved: the distance along a rank, a
// file or the diagonal on which file and rank change by the same amount
// (one of the hexagon's six directions, e.g. c3-e5), or 0 for any other
// move (NoMove included). On the square board a diagonal move is illegal
// (ErrNotALine).
func (m Move) Count() int {
	if !m.From().IsValid() || !m.To().IsValid() {
		return 0
	}
	return count(m)
}

// count is Count for a move whose squares are on the grid: the men moved,
// or 0 off the board's lines.
func count(m Move) int {
	df := int(m&0xFF) - int(m>>16&0xFF)
	dr := int(m>>8&0xFF) - int(m>>24)
	if df != 0 && dr != 0 && df != dr {
		return 0
	}
	return max(df, -df, dr, -dr)
}

// String returns the move in notation, e.g. "c3-c5"; NoMove is "?", and
// any other value whose squares are not both on the grid "Move(N)".
func (m Move) String() string {
	from, to := m.From(), m.To()
	switch {
	case m == NoMove:
		return "?"
	case !from.IsValid() || !to.IsValid():
		return "Move(" + strconv.FormatUint(uint64(m), 10) + ")"
	}
	b := from.appendName(make([]byte, 0, 8))
	b = append(b, '-')
	return string(to.appendName(b))
}

// MarshalText implements encoding.TextMarshaler: the move's notation.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler, reading the notation
// as ParseMove does on the largest square board, whose cells include every
// hexagon's.
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := parseMove(string(text), &state{rows: MaxSize, cols: MaxSize})
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// ParseMove reads a move "c3-c5": origin, dash, destination; the number of
// men moved is the distance. A cell off this board (on the hexagon: off
// the hexagon) is a *rules.SyntaxError like any other text that is not a
// move, and gives NoMove with the error; whether the move is legal is
// Legal's job.
func (p state) ParseMove(s string) (Move, error) {
	return parseMove(s, &p)
}

func parseMove(s string, p *state) (Move, error) {
	what := "explocus move"
	if p.side != 0 {
		what = "hexplocus move"
	}
	fail := func(at int, msg string) (Move, error) {
		return NoMove, &rules.SyntaxError{What: what, Input: s, Offset: at, Msg: msg}
	}
	if at, msg := notation.NotAMove(s, "a move is from-to, e.g. c3-c5 (nobody passes)"); msg != "" {
		return fail(at, msg)
	}
	if p.rows == 0 {
		return fail(0, "the invalid position has no board")
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
	return StackMove(NewSquare(ff, fr-1), NewSquare(tf, tr-1)), nil
}
