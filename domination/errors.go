package domination

import "errors"

// Reasons a Domination move is illegal; a *rules.MoveError carries one,
// and errors.Is finds it.
var (
	ErrNotInPool     = errors.New("that domino is not in the pool")
	ErrNoSuchTile    = errors.New("no such domino: the numbers run from 0 (blank) to 6")
	ErrNotYourPieces = errors.New("a turn moves both of the mover's pieces, each once")
	ErrNotALine      = errors.New("a piece moves in a straight line along a rank or file")
	ErrDistance      = errors.New("the steps do not use the drawn domino's two numbers (a blank is any distance 1 to 6)")
	ErrBlocked       = errors.New("a piece or domino is in the way (the drawn domino already stands on the first piece's square)")
	ErrBadMove       = errors.New("not a move of this game")
)
