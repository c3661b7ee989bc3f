package focus

import (
	"errors"
	"math/bits"
	"slices"
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

// rayMask[sq][dir] has the squares of rays[sq][dir].
var rayMask [64][4]uint64

// near[sq][dir] holds the first two squares of the ray, 64 where the ray
// is shorter: in Go a uint64 shifted by 64 is 0, so an off-board square
// reads as neither empty nor occupied, with no length test.
var near [64][4][2]uint64

func init() {
	for sq := range rays {
		for dir := range 4 {
			for i := range int(rayLen[sq][dir]) {
				rayMask[sq][dir] |= 1 << rays[sq][dir][i]
			}
			for i := range 2 {
				near[sq][dir][i] = 64
				if i < int(rayLen[sq][dir]) {
					near[sq][dir][i] = uint64(rays[sq][dir][i])
				}
			}
		}
	}
}

// nowakRanges returns, for a stack of height h on from, the distances it
// can move along direction dir: plain moves to distances 1..plain (over
// empty squares, at most h), captures to capLo..capHi (k+1 squares over
// exactly one stack, k at most h). It finds the first two stacks on the
// ray with two bit scans instead of walking it.
func nowakRanges(from Square, h, dir int, occupied uint64) (plain, capLo, capHi int) {
	n := int(rayLen[from][dir])
	blockers := occupied & rayMask[from][dir]
	first, second := n+1, n+1
	if blockers != 0 {
		// Distances along the ray: files for west and east, ranks (steps
		// of 8) for south and north.
		shift := uint(3 * (1 - (dir>>0^dir>>1)&1)) // S, N: 3; W, E: 0
		if dir >= 2 {                              // east and north: squares ascend outwards
			b1 := bits.TrailingZeros64(blockers)
			first = (b1 - int(from)) >> shift
			if rest := blockers & (blockers - 1); rest != 0 {
				second = (bits.TrailingZeros64(rest) - int(from)) >> shift
			}
		} else {
			b1 := 63 - bits.LeadingZeros64(blockers)
			first = (int(from) - b1) >> shift
			if rest := blockers &^ (1 << b1); rest != 0 {
				second = (int(from) - (63 - bits.LeadingZeros64(rest))) >> shift
			}
		}
	}
	return min(h, first-1, n), first + 1, min(second-1, h+1, n)
}

// appendNowakBoard appends the board moves of the seat to move, in
// canonical order, with base added (the drop part of a Nowak turn).
func (p *Position) appendNowakBoard(buf []Move, base Move) []Move {
	occupied := p.control[0] | p.control[1] | p.control[2] | p.control[3]
	empty := ^occupied
	for ctrl := p.control[p.turn]; ctrl != 0; {
		from := nextSquare(&ctrl)
		if p.board[from].Height() != 1 {
			buf = p.appendNowakFrom(buf, from, base)
			continue
		}
		// A single piece has at most one move per direction: a step to
		// an empty neighbour, or a jump over an occupied one to an empty
		// square beyond; directions come in square order, S, W, E, N.
		// Branch-free, since random boards make these tests unpredictable.
		if cap(buf)-len(buf) < 4 {
			buf = slices.Grow(buf, 4)
		}
		k := len(buf)
		out := buf[:k+4]
		b := base | Move(from)<<6
		nb := &near[from]
		for dir := range 4 {
			n1, n2 := nb[dir][0], nb[dir][1]
			step := empty >> n1 & 1
			jump := empty >> n2 & 1 & (occupied >> n1 & 1)
			out[k] = b | Move(n1*step+n2*jump)
			k += int(step | jump)
		}
		buf = out[:k]
	}
	return buf
}

// appendNowakFrom appends the board moves of the stack on from.
func (p *Position) appendNowakFrom(buf []Move, from Square, base Move) []Move {
	h := p.board[from].Height()
	base |= Move(from) << 6
	occupied := p.control[0] | p.control[1] | p.control[2] | p.control[3]
	for dir := range 4 {
		plain, capLo, capHi := nowakRanges(from, h, dir, occupied)
		ray := &rays[from][dir]
		// South and west go down the square order (the farthest first),
		// east and north up.
		if dir < 2 {
			for d := capHi; d >= capLo; d-- {
				buf = append(buf, base|Move(ray[d-1]))
			}
			for d := plain; d >= 1; d-- {
				buf = append(buf, base|Move(ray[d-1]))
			}
		} else {
			for d := 1; d <= plain; d++ {
				buf = append(buf, base|Move(ray[d-1]))
			}
			for d := capLo; d <= capHi; d++ {
				buf = append(buf, base|Move(ray[d-1]))
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
		occupied := p.control[0] | p.control[1] | p.control[2] | p.control[3]
		for dir := range 4 {
			if plain, capLo, capHi := nowakRanges(from, h, dir, occupied); plain >= 1 || capLo <= capHi {
				return true
			}
		}
	}
	return false
}

// appendNowak appends the legal turns of Nowak's game: the board moves,
// then the drops alone (only where no move can follow), then each drop
// with the moves that can follow it.
//
// A drop on d changes only the moves of the stacks that can reach d or
// pass it, and adds the dropped piece's own; every other stack keeps the
// moves it has without the drop, which are generated once and copied.
// The drops alone, rare, are slid in before the drop-and-move turns.
func (p *Position) appendNowak(buf []Move) []Move {
	if p.reserve[p.turn] == 0 {
		return p.appendNowakBoard(buf, 0)
	}
	first := len(buf)
	var lo, hi [64]uint16 // each stack's block of moves without a drop
	for ctrl := p.control[p.turn]; ctrl != 0; {
		from := nextSquare(&ctrl)
		lo[from] = uint16(len(buf) - first)
		buf = p.appendNowakFrom(buf, from, 0)
		hi[from] = uint16(len(buf) - first)
	}
	start := len(buf)
	var alone uint64
	piece := makeStack(uint32(p.turn), 1)
	for _, d := range allDrops {
		sq := d.To()
		if p.board[sq] != 0 {
			continue
		}
		// Generation reads only the board and control: put the piece
		// there and take it back, rather than copy the position.
		p.board[sq] = piece
		p.control[p.turn] |= 1 << sq
		tag := kindNowak<<kindShift | Move(sq)<<12
		before := len(buf)
		for ctrl := p.control[p.turn]; ctrl != 0; {
			from := nextSquare(&ctrl)
			if dist := int(lineDistance[from][sq]); from == sq || dist != 0 && dist <= p.board[from].Height()+1 {
				buf = p.appendNowakFrom(buf, from, tag)
				continue
			}
			for i := lo[from]; i < hi[from]; i++ {
				buf = append(buf, tag|buf[first+int(i)])
			}
		}
		p.board[sq] = 0
		p.control[p.turn] &^= 1 << sq
		if len(buf) == before {
			alone |= 1 << sq
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
	q.drop(sq)
	return q
}

// drop puts one of the mover's reserve pieces on the empty square sq.
func (p *Position) drop(sq Square) {
	p.hash ^= reserveKey(p.turn, p.reserve[p.turn]) ^ reserveKey(p.turn, p.reserve[p.turn]-1)
	p.reserve[p.turn]--
	s := makeStack(uint32(p.turn), 1)
	p.hash ^= stackKey(sq, s)
	p.setStack(sq, s)
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
			p.drop(sq)
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
