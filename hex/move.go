package hex

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Square is a cell of the grid every Hex board is cut from: MaxSize files
// (columns, written a to z, left to right) by MaxSize ranks (rows, written
// 1 to 26, row 1 at the top). A board of C×R cells holds the squares of
// its first C files and R ranks. Build one with NewSquare; the value is
// rank<<8 | file, so squares sort in reading order (a1, b1, ..., a2, ...).
type Square uint16

// NoSquare is the square of no cell: what NewSquare returns for
// coordinates off the grid.
const NoSquare Square = 0xFFFF

// NewSquare returns the square of file (column) and rank (row), both
// 0-based: file 0 is written "a", rank 0 is written "1" and is the top
// row. Coordinates off the MaxSize×MaxSize grid give NoSquare; a square
// on the grid but off a smaller board is a square all the same, which
// that board's Legal refuses with ErrOffBoard.
func NewSquare(file, rank int) Square {
	if uint(file) >= MaxSize || uint(rank) >= MaxSize {
		return NoSquare
	}
	return Square(rank<<8 | file)
}

// IsValid reports whether sq is a square of the grid: false for NoSquare
// and for any other value NewSquare does not return.
func (sq Square) IsValid() bool { return sq&0xFF < MaxSize && sq>>8 < MaxSize }

// File returns the square's 0-based file (column), or -1 for a value that
// is no square.
func (sq Square) File() int {
	if !sq.IsValid() {
		return -1
	}
	return int(sq & 0xFF)
}

// Rank returns the square's 0-based rank (row, 0 at the top, written
// "1"), or -1 for a value that is no square.
func (sq Square) Rank() int {
	if !sq.IsValid() {
		return -1
	}
	return int(sq >> 8)
}

// String returns the square's name, e.g. "c3", or "?" for a value that is
// no square.
func (sq Square) String() string { return string(sq.appendText(nil)) }

func (sq Square) appendText(dst []byte) []byte {
	if !sq.IsValid() {
		return append(dst, '?')
	}
	dst = notation.AppendFile(dst, int(sq&0xFF))
	return strconv.AppendInt(dst, int64(sq>>8)+1, 10)
}

// Move is a Hex move: a stone placed on a square (Place), or the swap.
// A placement's value is its square's, so the integer order of moves is
// reading order (a1, b1, ..., a2, ...) with the swap last.
type Move uint16

const (
	// Swap is the pie-rule move, whatever the game's swap mode.
	Swap Move = 0xFFFF
	// NoMove is no move: what Place returns for a value that is no
	// square, and what a failed ParseMove returns. Legal and Play refuse
	// it (ErrNoSuchSquare) and it prints as "?".
	NoMove Move = 0xFFFE
)

// Place returns the move that places a stone on sq, or NoMove if sq is
// no square (NoSquare, say). Whether sq is on the board is Legal's
// question.
func Place(sq Square) Move {
	if !sq.IsValid() {
		return NoMove
	}
	return Move(sq)
}

// cell is Place(NewSquare(col, row)) for coordinates known to be on the
// grid.
func cell(col, row int) Move { return Move(row<<8 | col) }

// col and row return a placement's coordinates (meaningless for the
// swap and NoMove, whose coordinates are off the grid).
func (m Move) col() int { return int(m & 0xFF) }
func (m Move) row() int { return int(m >> 8) }

// IsSwap reports whether m is the swap.
func (m Move) IsSwap() bool { return m == Swap }

// Square returns the square a placement puts its stone on: NoSquare for
// the swap, NoMove and any other value that is no move.
func (m Move) Square() Square {
	if sq := Square(m); sq.IsValid() {
		return sq
	}
	return NoSquare
}

// isMove reports whether m is a move of some board: the swap or a
// placement on the grid.
func (m Move) isMove() bool { return m == Swap || Square(m).IsValid() }

// String returns the move in notation: "c3" (column letter, row number
// from 1 at the top) or "swap"; "?" for NoMove and any other value that
// is no move.
func (m Move) String() string {
	if m == Swap {
		return "swap"
	}
	return string(m.AppendText(nil))
}

// AppendText appends the move's notation to dst, as String writes it.
func (m Move) AppendText(dst []byte) []byte {
	if m == Swap {
		return append(dst, "swap"...)
	}
	return Square(m).appendText(dst)
}

// MarshalText implements encoding.TextMarshaler: the move's notation. It
// refuses NoMove and any other value that is no move, so that no reader
// is handed a "?".
func (m Move) MarshalText() ([]byte, error) {
	if !m.isMove() {
		return nil, &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: ErrNoSuchSquare}
	}
	return m.AppendText(nil), nil
}

// UnmarshalText implements encoding.TextUnmarshaler, reading the notation
// as ParseMove does on the largest board: a cell up to z26, or "swap". A
// text it refuses leaves NoMove.
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := parseMove(string(text), MaxSize, MaxSize, 0xFF)
	*m = mv
	return err
}

// ParseMove reads a move: a cell such as "c3" (letters in either case) or
// "swap". "swap-sides" and "swap-pieces" are accepted when they name this
// game's pie rule. Anything else, a cell off this board included, is a
// *rules.SyntaxError, returned with NoMove; whether the cell is empty and
// whether the swap may be played now is Legal's job. On the invalid value,
// which has no board, it reads a move as on the largest board.
func (p Position) ParseMove(s string) (Move, error) {
	if !p.IsValid() {
		return parseMove(s, MaxSize, MaxSize, 0xFF)
	}
	return parseMove(s, int(p.cols), int(p.rows), p.mode)
}

// parseMove reads a move on a cols×rows board whose pie rule is mode
// (0xFF: any).
func parseMove(s string, cols, rows int, mode SwapMode) (Move, error) {
	fail := func(at int, msg string) (Move, error) {
		return NoMove, &rules.SyntaxError{What: "hex move", Input: s, Offset: at, Msg: msg}
	}
	switch strings.ToLower(s) {
	case "swap":
		return Swap, nil
	case "swap-sides", "swap-pieces":
		if mode != 0xFF && strings.ToLower(s) != "swap-"+mode.String() {
			return fail(5, "this game's pie rule is swap="+mode.String())
		}
		return Swap, nil
	}
	if at, msg := notation.NotAMove(s, "the words are swap, swap-pieces and swap-sides; a move is a cell such as c3"); msg != "" {
		return fail(at, msg)
	}
	col, row, n, err := notation.ParseSquareName(s)
	if err != nil {
		se := err.(*rules.SyntaxError)
		se.What = "hex move"
		return NoMove, se
	}
	if n != len(s) {
		return fail(n, "unexpected "+strconv.Quote(s[n:])+" after the cell")
	}
	if col >= cols || row < 1 || row > rows {
		return fail(0, "off the board, which has columns a to "+string(rune('a'+cols-1))+" and rows 1 to "+strconv.Itoa(rows))
	}
	return cell(col, row-1), nil
}
