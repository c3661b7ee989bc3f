package explocus

import "errors"

// Reasons an Explocus or Hexplocus move is illegal; a *rules.MoveError carries one, and
// errors.Is finds it.
var (
	// ErrNoSuchSquare refuses a move whose squares are not squares of the
	// grid (NoMove, which StackMove returns for NoSquare); a square of
	// the grid off the board is ErrOffBoard.
	ErrNoSuchSquare = errors.New("no such square: files run from a to z and ranks from 1 to 26")
	ErrOffBoard     = errors.New("cell is off the board")
	ErrEmptySquare  = errors.New("there is no column on that cell")
	ErrNotYourColor = errors.New("the column is the other player's")
	ErrNotALine     = errors.New("columns move along a rank or file (on the hexagon also along the diagonal a1-b2-c3)")
	ErrTooFar       = errors.New("k men move exactly k squares: the column is not that tall")
)
