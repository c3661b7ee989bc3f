package focus

import (
	"slices"

	"github.com/tabletop-go/rules"
)

// MaxLegalMoves bounds the number of legal moves of any Position (a
// NowakPosition's bound is NowakMaxMoves). In
// play, a controlled stack of height h has at most 4h moves (h distances
// in four directions) and the heights add up to at most the 36 pieces, so
// there are at most 144 stack moves, and drops add at most 52: 196. With
// four players: 4 × 52 stack moves and two colours of drops, 312. An
// opening swap pairs one of 18 pieces of each colour: at most 324.
const MaxLegalMoves = max(4*2*PiecesPerSeat+NumSquares, PiecesPerSeat*PiecesPerSeat)

// stackRoom is the spare capacity Position.AppendMoves needs to never
// allocate: MaxLegalMoves plus room to copy a last block of
// precomputed moves whole.
const stackRoom = MaxLegalMoves + blockLen

// MaxMoves is a buffer capacity with which AppendMoves never allocates,
// of either position type; Nowak's game needs most. Position.MaxMoves and
// NowakPosition.MaxMoves give each type's own need.
const MaxMoves = max(stackRoom, NowakMaxMoves+nowakRoom)

// MaxMoves returns the spare capacity AppendMoves needs to never allocate:
// 348, MaxLegalMoves and room to copy a last block of moves whole.
func (p Position) MaxMoves() int { return stackRoom }

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
// returns the extended buffer. With spare capacity for p.MaxMoves() it
// never allocates; it may use that spare capacity beyond the moves it returns as
// scratch space.
func (p Position) AppendMoves(buf []Move) []Move { return p.appendMoves(buf) }

// appendMoves works through a pointer so that the public value method,
// once inlined, does not copy the position.
func (p *Position) appendMoves(buf []Move) []Move {
	if p.terminal() {
		return buf
	}
	if cap(buf)-len(buf) < stackRoom {
		buf = slices.Grow(buf, stackRoom)
	}
	if p.phase != phasePlay {
		return p.appendOpening(buf)
	}
	if p.seats > 2 {
		return p.appendMulti(buf)
	}
	n := len(buf)
	out := buf[:n+stackRoom]
	n = p.appendStackMoves(out, n)
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

// appendStackMoves writes the stack moves of the seat to move into out
// from index n and returns the new end.
func (p *Position) appendStackMoves(out []Move, n int) int {
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
	return n
}

// appendMulti lists the moves of a game of three or four seats: the
// first-turn drop of three players, a team player's pass, or stack moves
// and drops of the mover's colour and, in team play, the partner's.
func (p *Position) appendMulti(buf []Move) []Move {
	t := p.turn & 3
	if p.first>>t&1 != 0 {
		for _, d := range allDrops {
			if p.board[d.To()] == 0 {
				buf = append(buf, d)
			}
		}
		return buf
	}
	if !p.hasMove(t) {
		return append(buf, Pass) // team play: individual seats are skipped
	}
	n := len(buf)
	out := buf[:n+stackRoom]
	n = p.appendStackMoves(out, n)
	partner, _ := p.partnerOf(t)
	for k, count := range [2]uint8{p.reserve[t], p.partner[t]} {
		if count == 0 {
			continue
		}
		var color Move
		if k == 1 {
			color = Move(1+partner) << 12
		}
		for _, d := range allDrops {
			if p.variant&variantRestricted == 0 || p.dropAllowed(d.To()) {
				out[n] = d | color
				n++
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
	top, ok := s.top()
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
	// Pairs of pieces of different colours, in canonical order: each
	// occupied square a, then the other colour's squares above it.
	mismatch := p.mismatches()
	for occupied := p.control[0] | p.control[1]; occupied != 0; {
		a := nextSquare(&occupied)
		top, _ := p.board[a].top()
		for others := p.control[1-top&1] &^ (2<<a - 1); others != 0; {
			if m := SwapMove(a, nextSquare(&others)); p.swapReasonWith(m, mismatch) == nil {
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// swapReason returns why the opening swap m is not legal now, or nil.
func (p *Position) swapReason(m Move) error { return p.swapReasonWith(m, p.mismatches()) }

// swapReasonWith is swapReason given the squares where the board is not
// symmetric now (see mismatches).
func (p *Position) swapReasonWith(m Move, mismatch uint64) error {
	a, b := m.From(), m.To()
	if p.phase != phaseSwap0 && p.phase != phaseSwap1 {
		return ErrNoSwap
	}
	if !a.OnBoard() || !b.OnBoard() {
		return ErrOffBoard
	}
	sa, sb := p.board[a], p.board[b]
	ta, okA := sa.top()
	tb, okB := sb.top()
	if !okA || !okB || sa.Height() != 1 || sb.Height() != 1 || ta == tb {
		return ErrSwapColors
	}
	if p.phase == phaseSwap1 {
		if uint16(a)<<6|uint16(b) == p.swapped {
			return ErrSwapRepeat
		}
		// Only the two squares and their images can change status.
		at := func(sq Square) Stack {
			switch sq {
			case a:
				return sb
			case b:
				return sa
			}
			return p.board[sq]
		}
		touched := uint64(1)<<a | 1<<b | 1<<(63-a) | 1<<(63-b)
		symmetric := mismatch&^touched == 0
		for _, sq := range [4]Square{a, b, 63 - a, 63 - b} {
			if !mirrored(at(sq), at(63-sq)) {
				symmetric = false
			}
		}
		if symmetric {
			return ErrSwapSymmetry
		}
	}
	return nil
}

// mismatches returns the squares where the board differs from its image
// under a half turn with the colours exchanged; none for the R-F1 start.
func (p *Position) mismatches() uint64 {
	var m uint64
	for sq := Square(0); sq < 64; sq++ {
		if !mirrored(p.board[sq], p.board[63-sq]) {
			m |= 1 << sq
		}
	}
	return m
}

// mirrored reports whether stack s is stack r with the two colours
// exchanged.
func mirrored(s, r Stack) bool {
	if s.Height() != r.Height() {
		return false
	}
	for i := range s.Height() {
		if s.piece(i) != 1-r.piece(i) {
			return false
		}
	}
	return true
}

// CountMoves returns the number of legal moves without listing them.
func (p Position) CountMoves() int {
	if p.terminal() {
		return 0
	}
	if p.phase != phasePlay || p.variant&variantRestricted != 0 || p.seats > 2 {
		return len(p.appendMoves(nil))
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
func (p state) AppendChances(buf []rules.ChanceOutcome[Move]) []rules.ChanceOutcome[Move] {
	return buf
}
