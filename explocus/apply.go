package explocus

import (
	"math/bits"

	"github.com/tabletop-go/rules"
)

func (p state) illegal(m Move, reason error) error {
	return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: reason}
}

// Legal returns nil if m is legal, or a *rules.MoveError saying why not:
// Kind rules.ErrIllegal with ErrNoSuchSquare for a move whose squares are
// not both squares of the grid (NoMove); rules.ErrGameOver once the game
// ends; or rules.ErrIllegal with another of the Err* values of this
// package.
func (p state) Legal(m Move) error {
	if !p.valid() {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrNoGame}
	}
	from, to := m.From(), m.To()
	if !from.IsValid() || !to.IsValid() {
		return p.illegal(m, ErrNoSuchSquare)
	}
	if p.ToMove() == rules.Terminal {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	}
	ff, fr := from.File(), from.Rank()
	tf, tr := to.File(), to.Rank()
	switch {
	case !p.onBoard(fr, ff) || !p.onBoard(tr, tf):
		return p.illegal(m, ErrOffBoard)
	case p.height[fr][ff] == 0:
		return p.illegal(m, ErrEmptySquare)
	case p.colorAt(fr, ff) != p.turn:
		return p.illegal(m, ErrNotYourColor)
	case m.Count() == 0 || p.side == 0 && ff != tf && fr != tr:
		return p.illegal(m, ErrNotALine)
	case m.Count() > int(p.height[fr][ff]):
		return p.illegal(m, ErrTooFar)
	}
	return nil
}

// Play returns the position after m, or a *rules.MoveError if m is not
// legal. The receiver is unchanged.
func (p Position) Play(m Move) (Position, error) {
	if err := p.Legal(m); err != nil {
		return p, err
	}
	p.apply(m)
	return p, nil
}

// Play returns the position after m, or a *rules.MoveError if m is not
// legal. The receiver is unchanged.
func (p HexPosition) Play(m Move) (HexPosition, error) {
	if err := p.Legal(m); err != nil {
		return p, err
	}
	p.apply(m)
	return p, nil
}

// PlayUnchecked returns the position after m without checking legality:
// the fast path for moves from AppendMoves. An illegal move gives a
// meaningless position but never panics; a move with a square off the
// board (NoMove among them) changes nothing.
func (p Position) PlayUnchecked(m Move) Position {
	p.apply(m)
	return p
}

// PlayUnchecked returns the position after m without checking legality,
// as Position.PlayUnchecked does.
func (p HexPosition) PlayUnchecked(m Move) HexPosition {
	p.apply(m)
	return p
}

func (p *state) apply(m Move) {
	ff, fr := int(m>>16&0xFF), int(m>>24)
	tf, tr := int(m&0xFF), int(m>>8&0xFF)
	if !p.onBoard(fr, ff) || !p.onBoard(tr, tf) {
		return // no move of this board, and none of the invalid value
	}
	mover := p.turn & 1
	p.turn = 1 - mover
	p.hash ^= zTurn
	if p.plyLimit != 0 {
		before := p.ply
		p.countPly()
		p.hash ^= plyKey(before) ^ plyKey(p.ply)
	} else {
		p.countPly()
	}
	k := uint8(min(count(m), int(p.height[fr][ff])))
	if k == 0 {
		return
	}
	// Lift the top k men.
	src := p.colorAt(fr, ff)
	h := p.height[fr][ff]
	p.hash ^= columnKey(src, h, fr, ff) ^ columnKey(src, h-k, fr, ff)
	p.height[fr][ff] = h - k
	if h == k {
		p.own[src][fr] &^= 1 << ff
	}
	p.men[src] -= uint16(k)
	p.men[mover] += uint16(k)

	// Land: the whole column becomes the mover's.
	dh := p.height[tr][tf]
	if dh > 0 {
		dc := p.colorAt(tr, tf)
		p.hash ^= columnKey(dc, dh, tr, tf)
		if dc != mover {
			p.own[dc][tr] &^= 1 << tf
			p.men[dc] -= uint16(dh)
			p.men[mover] += uint16(dh)
		}
	}
	total := uint16(dh) + uint16(k)
	p.own[mover][tr] |= 1 << tf
	if total < p.capacity(tr, tf) {
		p.height[tr][tf] = uint8(total)
		p.hash ^= columnKey(mover, uint8(total), tr, tf)
		return
	}
	p.height[tr][tf] = 0 // the cascade writes the final height
	p.explode(tr, tf, total, mover)
}

// maxFirings stops a cascade that could only be endless in a position the
// package never builds (R-E3 makes every real cascade finite).
const maxFirings = 1 << 24

// explode resolves the cascade that starts with a column of total men of
// the mover's colour at (rank, file), at or above capacity. It serves both
// boards: the board's directions give the neighbours, and a cell's
// capacity is its number of neighbours.
//
// A column at or above capacity c fires: it sends one man to each of its
// c neighbours, which become the mover's. Firing is done q = h/c times at
// once. By the abelian property of chip-firing, the final heights and the
// number of times each square fires do not depend on the order (R-E2),
// and since only the mover's men move, every square that received a man
// ends the mover's: the colours do not depend on the order either. The
// work list is a bitmask per rank of squares that may be unstable, and the
// heights live in a stack array of uint16, since mid-cascade a square may
// briefly hold more men than a byte.
func (p *state) explode(rank, file int, total uint16, mover uint8) {
	rows, cols := int(p.rows), int(p.cols)
	dirs := p.directions()
	var h [MaxSize][MaxSize]uint16
	for r := range rows {
		for f := range cols {
			h[r][f] = uint16(p.height[r][f])
		}
	}
	h[rank][file] = total
	var pending, touched [MaxSize]uint32
	pending[rank] = 1 << file
	touched[rank] = 1 << file
	pendingRanks := uint32(1) << rank
	for firings := 0; pendingRanks != 0 && firings < maxFirings; firings++ {
		r := bits.TrailingZeros32(pendingRanks)
		f := bits.TrailingZeros32(pending[r])
		pending[r] &^= 1 << f
		if pending[r] == 0 {
			pendingRanks &^= 1 << r
		}
		capacity := p.capacity(r, f)
		if h[r][f] < capacity {
			continue
		}
		q := h[r][f] / capacity
		h[r][f] -= q * capacity
		for _, d := range dirs {
			nr, nf := r+d.dr, f+d.df
			if !p.onBoard(nr, nf) {
				continue
			}
			h[nr][nf] += q
			touched[nr] |= 1 << nf
			if h[nr][nf] >= p.capacity(nr, nf) {
				pending[nr] |= 1 << nf
				pendingRanks |= 1 << nr
			}
		}
	}
	// Write back every square the cascade touched: it now holds the
	// mover's men, or nothing.
	other := 1 - mover
	for r := range rows {
		for b := touched[r]; b != 0; b &= b - 1 {
			f := bits.TrailingZeros32(b)
			old := p.height[r][f]
			if old > 0 {
				c := p.colorAt(r, f)
				p.hash ^= columnKey(c, old, r, f)
				if c == other {
					p.men[other] -= uint16(old)
					p.men[mover] += uint16(old)
					p.own[other][r] &^= 1 << f
				}
			}
			nh := uint8(min(h[r][f], 255))
			p.height[r][f] = nh
			if nh == 0 {
				p.own[mover][r] &^= 1 << f
			} else {
				p.own[mover][r] |= 1 << f
				p.hash ^= columnKey(mover, nh, r, f)
			}
		}
	}
}
