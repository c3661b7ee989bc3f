package hex

import (
	"github.com/tabletop-go/rules"
)

func (p Position) swapAvailable() bool {
	return p.mode != SwapNone && p.ply == 1 && p.swap == noSwap && p.winner == Empty
}

// Legal returns nil if m is legal, or a *rules.MoveError whose Reason is
// ErrOccupied, ErrOffBoard, ErrNoSwapRule or ErrSwapTooLate (Kind
// rules.ErrGameOver once the game has ended).
func (p Position) Legal(m Move) error {
	if p.winner != Empty {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	}
	if m == Swap {
		switch {
		case p.mode == SwapNone:
			return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: ErrNoSwapRule}
		case !p.swapAvailable():
			return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: ErrSwapTooLate}
		}
		return nil
	}
	col, row := m.Col(), m.Row()
	if col >= int(p.cols) || row >= int(p.rows) {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: ErrOffBoard}
	}
	if (p.black[row]|p.white[row])>>col&1 != 0 {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: ErrOccupied}
	}
	return nil
}

// Play returns the position after m, or a *rules.MoveError if m is not
// legal (see Legal). The receiver is unchanged.
func (p Position) Play(m Move) (Position, error) {
	if err := p.Legal(m); err != nil {
		return p, err
	}
	return p.PlayUnchecked(m), nil
}

// PlayUnchecked returns the position after m without checking legality:
// the fast path for moves that came from AppendMoves. An illegal move
// gives a meaningless position but never panics.
func (p Position) PlayUnchecked(m Move) Position {
	if m == Swap {
		return p.playSwap()
	}
	col, row := m.Col(), m.Row()
	if col >= int(p.cols) || row >= int(p.rows) {
		return p // off the board: nothing sensible to do
	}
	p.place(col, row, p.turn)
	p.turn = p.turn.Other()
	p.ply++
	return p
}

// place puts a stone of colour c on (col, row), joins it to its
// neighbours of the same colour and to its sides, and records a win.
func (p *Position) place(col, row int, c Color) {
	cols := int(p.cols)
	idx := uint16(row*cols + col)
	bit := uint32(1) << col
	own := &p.black
	if c == White {
		own = &p.white
	}
	own[row] |= bit
	p.hash ^= zobristStone[c-1][row*MaxSize+col]

	// Neighbours: (c±1, r), (c, r-1), (c+1, r-1), (c, r+1), (c-1, r+1).
	same := own[row]
	if col > 0 && same>>(col-1)&1 != 0 {
		p.union(idx, idx-1)
	}
	if same>>(col+1)&1 != 0 {
		p.union(idx, idx+1)
	}
	if row > 0 {
		up := own[row-1]
		if up>>col&1 != 0 {
			p.union(idx, idx-uint16(cols))
		}
		if up>>(col+1)&1 != 0 {
			p.union(idx, idx-uint16(cols)+1)
		}
	}
	if row+1 < int(p.rows) {
		down := own[row+1]
		if down>>col&1 != 0 {
			p.union(idx, idx+uint16(cols))
		}
		if col > 0 && down>>(col-1)&1 != 0 {
			p.union(idx, idx+uint16(cols)-1)
		}
	}

	var a, b uint16 = nodeTop, nodeBottom
	if c == Black {
		if row == 0 {
			p.union(idx, nodeTop)
		}
		if row == int(p.rows)-1 {
			p.union(idx, nodeBottom)
		}
	} else {
		a, b = nodeLeft, nodeRight
		if col == 0 {
			p.union(idx, nodeLeft)
		}
		if col == cols-1 {
			p.union(idx, nodeRight)
		}
	}
	if p.connected(a, b) {
		p.winner = c
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
						first, found = Cell(c, r), true
						break
					}
				}
			}
		}
		if !found {
			return p
		}
		c, r := first.Col(), first.Row()
		fresh := p.Config().Start()
		fresh.place(r, c, White)
		fresh.swap = swapPieces
		fresh.turn = Black
		fresh.ply = p.ply
		p = fresh
	}
	p.hash ^= zobristSwap[p.swap]
	p.ply++
	return p
}
