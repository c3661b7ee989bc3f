package focus

import "errors"

// Reasons a Focus move is illegal; a *rules.MoveError carries one, and
// errors.Is finds it.
var (
	// ErrNoSuchSquare is the Reason for NoMove, what the move
	// constructors return for coordinates off the 8×8 grid.
	ErrNoSuchSquare = errors.New("no such square: files run from a to h and ranks from 1 to 8")
	// ErrOffBoard: a square of the grid that is not on the board (one
	// of the twelve corner squares cut from it).
	ErrOffBoard     = errors.New("square is off the board")
	ErrEmptySquare  = errors.New("there is no stack on that square")
	ErrNotYourStack = errors.New("the stack is controlled by another seat")
	ErrNotALine     = errors.New("stacks move along a rank or file, over on-board squares only")
	ErrTooFar       = errors.New("a stack of k pieces moves exactly k squares: the stack is not that tall")
	ErrSameSquare   = errors.New("a move must leave its square")
	ErrNoReserve    = errors.New("no piece in reserve to drop")
	ErrDropColor    = errors.New("only your own colour can be dropped")
	ErrBadMove      = errors.New("not a move of this game")
	ErrRestricted   = errors.New("drops go only onto an empty square or a stack you control (drops=restricted)")
	ErrSetupDrop    = errors.New("during the drop setup a piece goes onto an empty square or a stack you control, never making one over 5")
	ErrSwapNow      = errors.New("the opening swap comes first: exchange two pieces of different colours")
	ErrNoSwap       = errors.New("no swap now: the opening swaps are over or not in this game")
	ErrSwapColors   = errors.New("a swap exchanges two single pieces of different colours")
	ErrSwapRepeat   = errors.New("the second swap may not exchange the same two squares again (R-F4)")
	ErrSwapSymmetry = errors.New("the second swap may not make the position symmetric again (R-F4)")
	ErrFirstDrop    = errors.New("a player's first turn drops their reserve piece on an empty square (three players)")
	ErrNoPass       = errors.New("only a team player with no legal move passes")
	ErrMustPass     = errors.New("a team player with no legal move must pass")
)
