package explocus

import "errors"

// Reasons an Explocus move is illegal; a *rules.MoveError carries one, and
// errors.Is finds it.
var (
	ErrOffBoard     = errors.New("square is off the board")
	ErrEmptySquare  = errors.New("there is no column on that square")
	ErrNotYourColor = errors.New("the column is the other player's")
	ErrNotALine     = errors.New("columns move along a rank or file")
	ErrTooFar       = errors.New("k men move exactly k squares: the column is not that tall")
)
