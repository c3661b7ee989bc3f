package hex

import "errors"

// Reasons a Hex move is illegal; a *rules.MoveError carries one, and
// errors.Is finds it.
var (
	ErrOccupied    = errors.New("cell is occupied")
	ErrOffBoard    = errors.New("cell is off the board")
	ErrNoSwapRule  = errors.New("this game is played without the swap rule")
	ErrSwapTooLate = errors.New("the swap is only allowed as the second move")
)
