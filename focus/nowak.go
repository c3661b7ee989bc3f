package focus

import (
	"errors"
	"math/bits"
)

// Nowak's checkers-like game (R-F10). A board move takes the top k pieces
// of a controlled stack in a straight line to an empty square: k squares
// over empty squares, or, capturing, k+1 squares over exactly one stack,
// which goes under the movers at the landing square. A turn may begin
// with a drop on an empty square, which does not use the turn.

const kindNowak = 3

// NowakTurn returns the Nowak turn that drops a reserve piece on drop and
// then moves from-to (possibly the dropped piece).
func NowakTurn(drop, from, to Square) Move {
	return kindNowak<<kindShift | Move(drop&63)<<12 | Move(from&63)<<6 | Move(to&63)
}

// IsNowakTurn reports whether m is a drop followed by a move.
func (m Move) IsNowakTurn() bool { return m>>kindShift == kindNowak }

// NowakDrop returns the drop square of a Nowak turn.
func (m Move) NowakDrop() Square { return Square(m >> 12 & 63) }

// NowakMaxMoves bounds the turns of Nowak's game: a stack of height h
// has at most two moves (a plain one and a capture) per count k and
// direction, 8h in all, so at most 8 × 37 moves once a piece is dropped;
// for each of at most 52 drop squares and without a drop.
const NowakMaxMoves = 8 * (2*PiecesPerSeat + 1) * (NumSquares + 1)

// Reasons a Nowak move is illegal.
var (
	ErrNowakLanding = errors.New("in Nowak's game a move lands only on an empty square")
	ErrNowakPath    = errors.New("a Nowak move of k pieces goes k squares over empty squares, or k+1 squares over exactly one stack")
	ErrNowakDrop    = errors.New("in Nowak's game a drop goes only onto an empty square")
	ErrDropAlone    = errors.New("a drop alone is a turn only when no move can follow it")
)

// rays[sq][dir] lists the on-board squares from sq outwards, south,
// west, east and north, and rayLen their number.
var (
	rays   [64][4][7]Square
	rayLen [64][4]uint8
)

func init() {
	dirs := [4][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
	for sq := Square(0); sq < 64; sq++ {
		if !sq.OnBoard() {
			continue
		}
		for d, v := range dirs {
			for k := 1; k <= 7; k++ {
				f, r := sq.File()+v[0]*k, sq.Rank()+v[1]*k
				if f < 0 || f > 7 || r < 0 || r > 7 || !NewSquare(f, r).OnBoard() {
					break
				}
				rays[sq][d][rayLen[sq][d]] = NewSquare(f, r)
				rayLen[sq][d]++
			}
		}
	}
}

// nowakTargets marks, for a stack of height h on from, which squares of
// its ray in direction dir it can reach: an empty square at distance d
// over no stack (d ≤ h) or over exactly one (d-1 ≤ h, a capture).
func (p *Position) nowakTargets(from Square, h, dir int) (valid [8]bool, n int) {
	n = int(rayLen[from][dir])
	occupied := 0
	for i := 0; i < n && i <= h; i++ {
		if p.board[rays[from][dir][i]] != 0 {
			if occupied++; occupied > 1 {
				break
			}
			continue
		}
		d := i + 1
		valid[i] = occupied == 0 && d <= h || occupied == 1 && d >= 2 && d-1 <= h
	}
	return valid, n
}

// appendNowakBoard appends the board moves of the seat to move, in
// canonical order, with base added (the drop part of a Nowak turn).
func (p *Position) appendNowakBoard(buf []Move, base Move) []Move {
	for ctrl := p.control[p.turn]; ctrl != 0; {
		from := nextSquare(&ctrl)
		h := p.board[from].Height()
		for dir := range 4 {
			valid, n := p.nowakTargets(from, h, dir)
			// South and west go down the square order, east and north up.
			if dir < 2 {
				for i := n - 1; i >= 0; i-- {
					if valid[i] {
						buf = append(buf, base|StackMove(from, rays[from][dir][i]))
					}
				}
			} else {
				for i := range n {
					if valid[i] {
						buf = append(buf, base|StackMove(from, rays[from][dir][i]))
					}
				}
			}
		}
	}
	return buf
}

// hasNowakBoardMove reports whether the seat to move has a board move,
// stopping at the first.
func (p *Position) hasNowakBoardMove() bool {
	for ctrl := p.control[p.turn]; ctrl != 0; {
		from := nextSquare(&ctrl)
		h := p.board[from].Height()
		for dir := range 4 {
			if valid, _ := p.nowakTargets(from, h, dir); valid != [8]bool{} {
				return true
			}
		}
	}
	return false
}

// appendNowak appends the legal turns of Nowak's game: the board moves,
// then the drops alone (only where no move can follow), then each drop
// with the moves that can follow it. Each drop square's moves are made
// once; the drops alone, rare, are then slid in before them.
func (p *Position) appendNowak(buf []Move) []Move {
	buf = p.appendNowakBoard(buf, 0)
	if p.reserve[p.turn] == 0 {
		return buf
	}
	start := len(buf)
	var alone uint64
	for _, d := range allDrops {
		if sq := d.To(); p.board[sq] == 0 {
			q := p.withDrop(sq)
			before := len(buf)
			buf = q.appendNowakBoard(buf, kindNowak<<kindShift|Move(sq)<<12)
			if len(buf) == before {
				alone |= 1 << sq
			}
		}
	}
	if k := bits.OnesCount64(alone); k > 0 {
		end := len(buf)
		for range k {
			buf = append(buf, 0)
		}
		copy(buf[start+k:], buf[start:end])
		for i := start; alone != 0; i++ {
			buf[i] = Drop(nextSquare(&alone))
		}
	}
	return buf
}

// withDrop returns the position with one of the mover's reserve pieces on
// the empty square sq, the turn not yet passed.
func (p *Position) withDrop(sq Square) Position {
	q := *p
	q.hash ^= reserveKey(q.turn, q.reserve[q.turn]) ^ reserveKey(q.turn, q.reserve[q.turn]-1)
	q.reserve[q.turn]--
	s := makeStack(uint32(q.turn), 1)
	q.hash ^= stackKey(sq, s)
	q.setStack(sq, s)
	return q
}

// hasNowakTurn reports whether the seat to move has a legal turn: with a
// reserve there is always an empty square to drop on.
func (p *Position) hasNowakTurn() bool {
	return p.reserve[p.turn] > 0 || p.hasNowakBoardMove()
}

// nowakStep checks a board move and returns the number of pieces moved
// and the square jumped, if any.
func (p *Position) nowakStep(m Move) (k int, jumped Square, jump bool, err error) {
	from, to := m.From(), m.To()
	if err := p.stackReason(StackMove(from, to)); err != nil && err != ErrTooFar {
		return 0, 0, false, err
	}
	if p.board[to] != 0 {
		return 0, 0, false, ErrNowakLanding
	}
	d := int(lineDistance[from][to])
	occupied := 0
	for dir := range 4 {
		if int(rayLen[from][dir]) >= d && rays[from][dir][d-1] == to {
			for i := range d - 1 {
				if sq := rays[from][dir][i]; p.board[sq] != 0 {
					occupied++
					jumped = sq
				}
			}
		}
	}
	h := p.board[from].Height()
	switch {
	case occupied == 0 && d <= h:
		return d, 0, false, nil
	case occupied == 1 && d-1 <= h:
		return d - 1, jumped, true, nil
	}
	return 0, 0, false, ErrNowakPath
}

// nowakReason explains why m is not a legal Nowak turn, or returns nil.
func (p *Position) nowakReason(m Move) error {
	switch m >> kindShift {
	case kindStack:
		if m != StackMove(m.From(), m.To()) {
			return ErrBadMove
		}
		_, _, _, err := p.nowakStep(m)
		return err
	case kindDrop, kindNowak:
		sq := m.To()
		if m.IsNowakTurn() {
			sq = m.NowakDrop()
		}
		switch {
		case m.IsNowakTurn() && m != NowakTurn(m.NowakDrop(), m.From(), m.To()):
			return ErrBadMove
		case m.IsDrop() && m&^(Drop(63)|7<<12) != 0:
			return ErrBadMove
		case m.IsDrop() && m.dropColor() != 0:
			return ErrDropColor
		case !sq.OnBoard():
			return ErrOffBoard
		case p.reserve[p.turn] == 0:
			return ErrNoReserve
		case p.board[sq] != 0:
			return ErrNowakDrop
		}
		q := p.withDrop(sq)
		if m.IsDrop() {
			if q.hasNowakBoardMove() {
				return ErrDropAlone
			}
			return nil
		}
		_, _, _, err := q.nowakStep(StackMove(m.From(), m.To()))
		return err
	}
	return ErrBadMove
}

// applyNowak plays a Nowak turn: the drop if any, then the board move.
func (p *Position) applyNowak(m Move) {
	mover := p.turn
	if m.IsDrop() || m.IsNowakTurn() {
		sq := m.To()
		if m.IsNowakTurn() {
			sq = m.NowakDrop()
		}
		if p.reserve[mover] > 0 && p.board[sq] == 0 {
			*p = p.withDrop(sq)
		}
	}
	if !m.IsDrop() {
		if k, jumped, jump, err := p.nowakStep(StackMove(m.From(), m.To())); err == nil {
			p.nowakMove(m.From(), m.To(), k, jumped, jump)
		}
	}
	next := 1 - mover&1
	p.hash ^= turnKey(mover) ^ turnKey(next)
	p.turn = next
	p.ply++
	p.blocked = !p.hasNowakTurn()
}

// nowakMove moves the top k pieces from-to, putting a jumped stack under
// them, and trims the result to 5.
func (p *Position) nowakMove(from, to Square, k int, jumped Square, jump bool) {
	src := p.board[from]
	h := src.Height()
	colors := uint32(src) & colorsMask
	keep := h - k
	moving := colors >> (2 * uint(keep))
	rest := makeStack(colors&(1<<(2*uint(keep))-1), keep)
	p.hash ^= stackKey(from, src) ^ stackKey(from, rest)
	p.setStack(from, rest)
	var under uint32
	hu := 0
	if jump {
		j := p.board[jumped]
		under, hu = uint32(j)&colorsMask, j.Height()
		p.hash ^= stackKey(jumped, j)
		p.setStack(jumped, 0)
	}
	p.land(to, 0, under|moving<<(2*uint(hu)), hu+k)
}
