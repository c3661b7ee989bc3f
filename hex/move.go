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

// ParseMove reads a move: a cell such as "c3" (letters in either case) or
// "swap". "swap-sides" and "swap-pieces" are accepted when they name this
// game's swap mode. Legality (is the cell on the board and empty, may the
// swap be played now) is Legal's job; a cell too far off any board is
// reported here as an illegal move.
func (p Position) ParseMove(s string) (Move, error) {
	switch strings.ToLower(s) {
	case "swap":
		return Swap, nil
	case "swap-sides", "swap-pieces":
		want := "swap-" + p.mode.String()
		if strings.ToLower(s) != want {
			return 0, &rules.MoveError{Move: s, Kind: rules.ErrIllegal, Reason: ErrSwapKind}
		}
		return Swap, nil
	}
	col, row, n, err := notation.ParseSquareName(s)
	if err != nil {
		se := err.(*rules.SyntaxError)
		se.What = "hex move"
		return 0, se
	}
	if n != len(s) {
		return 0, &rules.SyntaxError{What: "hex move", Input: s, Offset: n, Msg: "unexpected " + strconv.Quote(s[n:]) + " after the cell"}
	}
	if col >= MaxSize || row > MaxSize {
		return 0, &rules.MoveError{Move: s, Kind: rules.ErrIllegal, Reason: ErrOffBoard}
	}
	return Cell(col, row-1), nil
}
