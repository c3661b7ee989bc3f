package hex

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Move is a Hex move: a cell, or the swap. Cells are encoded row<<8 | col
// (both 0-based, row 0 at the top), so the integer order of moves is
// reading order (a1, b1, ..., a2, ...) with the swap last.
type Move uint16

// Swap is the pie-rule move, whatever the game's swap mode.
const Swap Move = 0xFFFF

// Cell returns the move that places a stone on column col, row row (both
// 0-based, row 0 at the top). Both must be below 255.
func Cell(col, row int) Move { return Move(uint16(row&0xFF)<<8 | uint16(col&0xFF)) }

// IsSwap reports whether m is the swap.
func (m Move) IsSwap() bool { return m == Swap }

// Col returns the 0-based column of a cell move.
func (m Move) Col() int { return int(m & 0xFF) }

// Row returns the 0-based row of a cell move (0 is the top row, "1").
func (m Move) Row() int { return int(m >> 8) }

// String returns the move in notation: "c3" (column letter, row number
// from 1 at the top) or "swap".
func (m Move) String() string {
	if m == Swap {
		return "swap"
	}
	return string(m.AppendText(nil))
}

// AppendText appends the move's notation to dst.
func (m Move) AppendText(dst []byte) []byte {
	if m == Swap {
		return append(dst, "swap"...)
	}
	dst = notation.AppendFile(dst, m.Col())
	return strconv.AppendInt(dst, int64(m.Row()+1), 10)
}

// MarshalText implements encoding.TextMarshaler: the move's notation.
func (m Move) MarshalText() ([]byte, error) { return m.AppendText(nil), nil }

// UnmarshalText implements encoding.TextUnmarshaler, reading the notation
// as ParseMove does on the largest board: a cell up to z26, or "swap".
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := parseMove(string(text), MaxSize, MaxSize, 0xFF)
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// ParseMove reads a move: a cell such as "c3" (letters in either case) or
// "swap". "swap-sides" and "swap-pieces" are accepted when they name this
// game's pie rule. Anything else, a cell off this board included, is a
// *rules.SyntaxError; whether the cell is empty and whether the swap may
// be played now is Legal's job.
func (p Position) ParseMove(s string) (Move, error) {
	return parseMove(s, int(p.cols), int(p.rows), p.mode)
}

// parseMove reads a move on a cols×rows board whose pie rule is mode
// (0xFF: any).
func parseMove(s string, cols, rows int, mode SwapMode) (Move, error) {
	fail := func(at int, msg string) (Move, error) {
		return 0, &rules.SyntaxError{What: "hex move", Input: s, Offset: at, Msg: msg}
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
		return 0, se
	}
	if n != len(s) {
		return fail(n, "unexpected "+strconv.Quote(s[n:])+" after the cell")
	}
	if col >= cols || row < 1 || row > rows {
		return fail(0, "off the board, which has columns a to "+string(rune('a'+cols-1))+" and rows 1 to "+strconv.Itoa(rows))
	}
	return Cell(col, row-1), nil
}
