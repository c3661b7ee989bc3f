package focus

import (
	"slices"

	"github.com/tabletop-go/rules"
)

// MaxLegalMoves bounds the number of legal moves of any position. In
// play, a controlled stack of height h has at most 4h moves (h distances
// in four directions) and the heights add up to at most the 36 pieces, so
// there are at most 144 stack moves, and drops add at most 52: 196. An
// opening swap pairs one of 18 pieces of each colour: at most 324.
const MaxLegalMoves = max(4*Seats*PiecesPerSeat+NumSquares, PiecesPerSeat*PiecesPerSeat)

// MaxMoves is the spare capacity AppendMoves needs to never allocate:
// MaxLegalMoves plus room to copy a last block of precomputed moves whole.
const MaxMoves = MaxLegalMoves + blockLen

// allDrops lists a drop on every square in ascending order.
var allDrops = func() (d [NumSquares]Move) {
	n := 0
	for sq := Square(0); sq < 64; sq++ {
		if sq.OnBoard() {
			d[n] = Drop(sq)
			n++
		}
	}
	return d
}()

// AppendMoves appends the legal moves in canonical order (stack moves by
// origin then destination square, a1 first; then drops by square) and
// returns the extended buffer. With spare capacity for MaxMoves it never
// allocates; it may use that spare capacity beyond the moves it returns as
// scratch space.
func (p Position) AppendMoves(buf []Move) []Move { return p.appendMoves(buf) }

// appendMoves works through a pointer so that the public value method,
// once inlined, does not copy the position.
func (p *Position) appendMoves(buf []Move) []Move {
	if p.stuck() || p.limitReached() {
		return buf
	}
	if cap(buf)-len(buf) < MaxMoves {
		buf = slices.Grow(buf, MaxMoves)
	}
	if p.phase != phasePlay {
		return p.appendOpening(buf)
	}
	n := len(buf)
	out := buf[:n+MaxMoves]
	ctrl := p.control[p.turn]
	for ctrl != 0 {
		from := nextSquare(&ctrl)
		h := min(p.board[from].Height(), MaxHeight)
		// Copy the whole padded block of precomputed moves and keep the
		// real count: no branch per move, which random positions would
		// mispredict. The padding is overwritten by the next stack's moves
		// or left beyond the returned length. n stays within
		// MaxLegalMoves, so the block fits.
		if n+blockLen > len(out) {
			break // cannot happen for a reachable position
		}
		*(*[blockLen]Move)(out[n:]) = moveBlocks[from][h]
		n += int(numTargets[from][h])
	}
	if p.reserve[p.turn] > 0 && n+NumSquares <= len(out) {
		if p.variant&variantRestricted == 0 {
			n += copy(out[n:], allDrops[:])
		} else {
			for _, d := range allDrops {
				if p.dropAllowed(d.To()) {
					out[n] = d
					n++
				}
			}
		}
	}
	return out[:n]
}

// dropAllowed reports whether the seat to move may drop on sq under
// restricted drops or during the drop setup: an empty square or a stack
// it controls (during the setup, one below 5).
func (p *Position) dropAllowed(sq Square) bool {
	s := p.board[sq&63]
	top, ok := s.Top()
	switch {
	case !ok:
		return true
	case top != p.turn:
		return false
	}
	return p.phase != phaseSetup || s.Height() < MaxHeight
}

// appendOpening appends the moves of the phases before normal play: the
// placements of the drop setup, or the opening swaps.
func (p *Position) appendOpening(buf []Move) []Move {
	if p.phase == phaseSetup {
		for _, d := range allDrops {
			if p.dropAllowed(d.To()) {
				buf = append(buf, d)
			}
		}
		return buf
	}
	for a := Square(0); a < 64; a++ {
		for b := a + 1; b < 64; b++ {
			if m := SwapMove(a, b); p.swapReason(m) == nil {
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// swapReason returns why the opening swap m is not legal now, or nil.
func (p *Position) swapReason(m Move) error {
	a, b := m.From(), m.To()
	if p.phase != phaseSwap0 && p.phase != phaseSwap1 {
		return ErrNoSwap
	}
	if !a.OnBoard() || !b.OnBoard() {
		return ErrOffBoard
	}
	sa, sb := p.board[a], p.board[b]
	ta, okA := sa.Top()
	tb, okB := sb.Top()
	if !okA || !okB || sa.Height() != 1 || sb.Height() != 1 || ta == tb {
		return ErrSwapColors
	}
	if p.phase == phaseSwap1 {
		if uint16(a)<<6|uint16(b) == p.swapped {
			return ErrSwapRepeat
		}
		q := *p
		q.board[a], q.board[b] = sb, sa
		if q.symmetric() {
			return ErrSwapSymmetry
		}
	}
	return nil
}

// symmetric reports whether the board is the same after a 180° rotation
// with the colours exchanged, as the R-F1 start is.
func (p *Position) symmetric() bool {
	for sq := Square(0); sq < 64; sq++ {
		s, r := p.board[sq], p.board[63-sq]
		if s.Height() != r.Height() {
			return false
		}
		for i := range s.Height() {
			if s.Piece(i) != 1-r.Piece(i) {
				return false
			}
		}
	}
	return true
}

// CountMoves returns the number of legal moves without listing them.
func (p Position) CountMoves() int {
	if p.stuck() || p.limitReached() {
		return 0
	}
	if p.phase != phasePlay || p.variant&variantRestricted != 0 {
		var buf [MaxMoves]Move
		return len(p.appendMoves(buf[:0]))
	}
	n := 0
	ctrl := p.control[p.turn]
	for ctrl != 0 {
		from := nextSquare(&ctrl)
		if h := p.board[from].Height(); h <= MaxHeight {
			n += int(numTargets[from][h])
		}
	}
	if p.reserve[p.turn] > 0 {
		n += NumSquares
	}
	return n
}

// AppendChances appends nothing: Focus has no chance nodes.
func (p Position) AppendChances(buf []rules.ChanceOutcome[Move]) []rules.ChanceOutcome[Move] {
	return buf
}
