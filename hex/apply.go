package hex

import (
	"math/bits"

	"github.com/tabletop-go/rules"
)

func (p Position) swapAvailable() bool {
	return p.mode != SwapNone && p.ply == 1 && p.swap == noSwap && p.winner == Empty
}

// Legal returns nil if m is legal, or a *rules.MoveError: Kind
// rules.ErrIllegal with Reason ErrOccupied, ErrOffBoard, ErrNoSwapRule or
// ErrSwapTooLate, or ErrNoSuchSquare for NoMove and any other value that
// is no move (even once the game is over); Kind rules.ErrGameOver once
// the game has ended.
func (p Position) Legal(m Move) error {
	if p.winner != Empty {
		if !m.isMove() {
			return p.refuse(m, ErrNoSuchSquare)
		}
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	}
	if m == Swap {
		switch {
		case p.mode == SwapNone:
			return p.refuse(m, ErrNoSwapRule)
		case !p.swapAvailable():
			return p.refuse(m, ErrSwapTooLate)
		}
		return nil
	}
	col, row := m.col(), m.row()
	if col >= int(p.cols) || row >= int(p.rows) {
		if !m.isMove() {
			return p.refuse(m, ErrNoSuchSquare)
		}
		return p.refuse(m, ErrOffBoard)
	}
	if (p.black[row]|p.white[row])>>col&1 != 0 {
		return p.refuse(m, ErrOccupied)
	}
	return nil
}

// refuse returns the error of an illegal move m: kind rules.ErrIllegal
// with reason, or rules.ErrNoGame on the invalid value (which refuses
// every move, and reaches here for all of them: it has no cells, no
// winner and no swap to play).
func (p Position) refuse(m Move, reason error) error {
	if !p.IsValid() {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrNoGame}
	}
	return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: reason}
}

// Play returns the position after m, or a *rules.MoveError if m is not
// legal (see Legal), with the receiver, which is unchanged.
func (p Position) Play(m Move) (Position, error) {
	if err := p.Legal(m); err != nil {
		return p, err
	}
	return p.PlayUnchecked(m), nil
}

// PlayUnchecked returns the position after m without checking legality:
// the fast path for moves that came from AppendMoves. An illegal move
// gives a meaningless position but never panics; NoMove and a cell off
// the board give the receiver back.
func (p Position) PlayUnchecked(m Move) Position {
	if m == Swap {
		return p.playSwap()
	}
	col, row := m.col(), m.row()
	if col >= int(p.cols) || row >= int(p.rows) {
		return p // off the board: nothing sensible to do
	}
	p.place(col, row, p.turn)
	p.turn = p.turn.Other()
	p.ply++
	return p
}

// place puts a stone of colour c on (col, row), adds it to the side sets
// it joins (with everything it connects to them), and records a win.
func (p *Position) place(col, row int, c Color) {
	bit := uint32(1) << col
	own := &p.black
	if c == White {
		own = &p.white
	}
	own[row] |= bit
	p.hash ^= zobristStone[c-1][row*MaxSize+col]
	p.turned ^= zobristStone[c-1][(int(p.rows)-1-row)*MaxSize+int(p.cols)-1-col]

	var firstSide, secondSide bool
	if c == Black {
		firstSide, secondSide = row == 0, row == int(p.rows)-1
	} else {
		firstSide, secondSide = col == 0, col == int(p.cols)-1
	}
	if firstSide || p.touches(&p.reachFirst, own, col, row) {
		p.spread(&p.reachFirst, own, col, row)
	}
	if secondSide || p.touches(&p.reachSecond, own, col, row) {
		p.spread(&p.reachSecond, own, col, row)
	}
	if p.reachFirst[row]&p.reachSecond[row]&bit != 0 {
		p.winner = c
	}
}

// touches reports whether (col, row) has a neighbour among the stones of
// own that are in set. The six neighbours of (c, r) are (c±1, r),
// (c, r-1), (c+1, r-1), (c, r+1) and (c-1, r+1).
func (p *Position) touches(set, own *[MaxSize]uint32, col, row int) bool {
	bit := uint32(1) << col
	if set[row]&own[row]&(bit<<1|bit>>1) != 0 {
		return true
	}
	if row > 0 && set[row-1]&own[row-1]&(bit|bit<<1) != 0 {
		return true
	}
	return row+1 < int(p.rows) && set[row+1]&own[row+1]&(bit|bit>>1) != 0
}

// spread adds (col, row) and every stone of own connected to it to set.
// It grows a frontier a whole row at a time; stones already in set are
// never revisited, so over a game each stone is added at most once per
// set.
func (p *Position) spread(set, own *[MaxSize]uint32, col, row int) {
	var frontier [MaxSize]uint32
	frontier[row] = 1 << col
	set[row] |= 1 << col
	pending := uint32(1) << row // rows with frontier stones
	last := int(p.rows) - 1
	for pending != 0 {
		r := bits.TrailingZeros32(pending)
		pending &^= 1 << r
		f := frontier[r]
		frontier[r] = 0
		if grow := own[r] &^ set[r] & (f<<1 | f>>1); grow != 0 {
			set[r] |= grow
			frontier[r] |= grow
			pending |= 1 << r
		}
		if r > 0 {
			if grow := own[r-1] &^ set[r-1] & (f | f<<1); grow != 0 {
				set[r-1] |= grow
				frontier[r-1] |= grow
				pending |= 1 << (r - 1)
			}
		}
		if r < last {
			if grow := own[r+1] &^ set[r+1] & (f | f>>1); grow != 0 {
				set[r+1] |= grow
				frontier[r+1] |= grow
				pending |= 1 << (r + 1)
			}
		}
	}
}

func (p Position) playSwap() Position {
	if p.ply != 1 || p.swap != noSwap || p.mode == SwapNone {
		return p
	}
	switch p.mode {
	case SwapSides:
		// The stone stays Black and now belongs to seat 1; White (seat 0)
		// is still the colour to move.
		p.swap = swapSides
	case SwapPieces:
		// The Black stone at (c, r) becomes a White stone at (r, c), which
		// belongs to seat 1; Black (seat 0) moves next.
		first := Move(0)
		found := false
		for r := 0; r < int(p.rows) && !found; r++ {
			if w := p.black[r]; w != 0 {
				for c := 0; c < int(p.cols); c++ {
					if w>>c&1 != 0 {
						first, found = cell(c, r), true
						break
					}
				}
			}
		}
		if !found {
			return p
		}
		c, r := first.col(), first.row()
		fresh := p.Config().Start()
		fresh.place(r, c, White)
		fresh.swap = swapPieces
		fresh.turn = Black
		fresh.ply = p.ply
		p = fresh
	}
	p.hash ^= zobristSwap[p.swap]
	p.turned ^= zobristSwap[p.swap]
	p.ply++
	return p
}
