package hex

import "errors"

// Reasons a Hex move is illegal; a *rules.MoveError carries one (Kind
// rules.ErrIllegal), and errors.Is finds it.
var (
	// ErrOccupied: the cell holds a stone.
	ErrOccupied = errors.New("cell is occupied")
	// ErrOffBoard: the square is on the grid but not on this board, such
	// as u3 on an 11×11 board.
	ErrOffBoard = errors.New("cell is off the board")
	// ErrNoSuchSquare: the move is NoMove, or another value that is no
	// move, built from coordinates off the grid of the largest board.
	ErrNoSuchSquare = errors.New("no such square: files run from a to z and ranks from 1 to 26")
	// ErrNoSwapRule: the swap, in a game with swap=none.
	ErrNoSwapRule = errors.New("this game is played without the swap rule")
	// ErrSwapTooLate: the swap, other than as the second move.
	ErrSwapTooLate = errors.New("the swap is only allowed as the second move")
)
