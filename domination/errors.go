package domination

import "errors"

// Reasons a Domination move is illegal; a *rules.MoveError carries one,
// and errors.Is finds it.
var (
	ErrNotInPool = errors.New("that domino is not in the pool")
	// ErrNoSuchMove refuses NoMove, which Turn and Draw return for a
	// square or a tile that does not exist.
	ErrNoSuchMove    = errors.New("no such move: squares run from a1 to h8 (files a to h, ranks 1 to 8) and domino numbers from 0 (blank) to 6")
	ErrNotYourPieces = errors.New("a turn moves both of the mover's pieces, each once")
	ErrNotALine      = errors.New("a piece moves in a straight line along a rank or file")
	ErrDistance      = errors.New("the steps do not use the drawn domino's two numbers (a blank is any distance 1 to 6)")
	ErrBlocked       = errors.New("a piece or domino is in the way (the drawn domino already stands on the first piece's square)")
	ErrBadMove       = errors.New("not a move of this game (a value no constructor or parser makes)")
	// ErrDrawExpected and ErrTurnExpected say what the node expects when
	// it is given the other kind of move (with rules.ErrWrongNode).
	ErrDrawExpected = errors.New("a domino is to be drawn first (the moves here are draws such as 2-5)")
	ErrTurnExpected = errors.New("the domino is drawn: a turn of both pieces is to be played (such as d4-b4,e5-e8)")
)
