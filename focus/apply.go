package focus

import (
	"github.com/tabletop-go/rules"
)

func (p Position) illegal(m Move, reason error) error {
	return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: reason}
}

// Legal returns nil if m is legal, or a *rules.MoveError saying why not:
// its Reason is one of the Err* values of this package (Kind
// rules.ErrIllegal), or its Kind is rules.ErrGameOver once the game ends.
func (p Position) Legal(m Move) error {
	if p.stuck() || p.limitReached() {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	}
	if p.phase == phaseSwap0 || p.phase == phaseSwap1 {
		if !m.IsSwap() || m != SwapMove(m.From(), m.To()) {
			return p.illegal(m, ErrSwapNow)
		}
		if err := p.swapReason(m); err != nil {
			return p.illegal(m, err)
		}
		return nil
	}
	switch m >> kindShift {
	case kindSwap:
		return p.illegal(m, ErrNoSwap)
	case kindStack:
		from, to := m.From(), m.To()
		switch {
		case p.phase == phaseSetup:
			return p.illegal(m, ErrSetupDrop)
		case m != StackMove(from, to):
			return p.illegal(m, ErrBadMove)
		case !from.OnBoard() || !to.OnBoard():
			return p.illegal(m, ErrOffBoard)
		case from == to:
			return p.illegal(m, ErrSameSquare)
		}
		top, ok := p.board[from].Top()
		switch {
		case !ok:
			return p.illegal(m, ErrEmptySquare)
		case top != p.turn:
			return p.illegal(m, ErrNotYourStack)
		}
		d := int(lineDistance[from][to])
		switch {
		case d == 0:
			return p.illegal(m, ErrNotALine)
		case d > p.board[from].Height():
			return p.illegal(m, ErrTooFar)
		}
		return nil
	case kindDrop:
		to := m.To()
		switch {
		case m&^(Drop(63)|7<<12) != 0:
			return p.illegal(m, ErrBadMove)
		case !to.OnBoard():
			return p.illegal(m, ErrOffBoard)
		case m.dropColor() != 0:
			return p.illegal(m, ErrDropColor)
		case p.reserve[p.turn] == 0:
			return p.illegal(m, ErrNoReserve)
		case p.phase == phaseSetup && !p.dropAllowed(to):
			return p.illegal(m, ErrSetupDrop)
		case p.variant&variantRestricted != 0 && !p.dropAllowed(to):
			return p.illegal(m, ErrRestricted)
		}
		return nil
	}
	return p.illegal(m, ErrBadMove)
}

// Play returns the position after m, or a *rules.MoveError if m is not
// legal (see Legal). The receiver is unchanged.
func (p Position) Play(m Move) (Position, error) {
	if err := p.Legal(m); err != nil {
		return p, err
	}
	p.apply(m)
	return p, nil
}

// PlayUnchecked returns the position after m without checking legality:
// the fast path for moves that came from AppendMoves. An illegal move
// gives a meaningless position but never panics.
func (p Position) PlayUnchecked(m Move) Position {
	p.apply(m)
	return p
}

// apply plays m on p in place.
func (p *Position) apply(m Move) {
	if m.IsSwap() {
		p.applySwap(m)
		return
	}
	mover := p.turn
	to := m.To()
	var moving uint32 // colour bits of the arriving pieces, bottom first
	var k int
	if m.IsDrop() {
		if p.reserve[mover] > 0 {
			p.hash ^= reserveKey(mover, p.reserve[mover]) ^ reserveKey(mover, p.reserve[mover]-1)
			p.reserve[mover]--
		}
		moving, k = uint32(mover), 1
		if c := m.dropColor(); c > 0 {
			moving = uint32(c-1) & 3
		}
	} else {
		from := m.From()
		src := p.board[from]
		h := src.Height()
		k = min(m.Count(), h)
		colors := uint32(src) & colorsMask
		keep := h - k
		moving = colors >> (2 * uint(keep))
		rest := makeStack(colors&(1<<(2*uint(keep))-1), keep)
		p.hash ^= stackKey(from, src) ^ stackKey(from, rest)
		p.setStack(from, rest)
	}
	dst := p.board[to]
	hd := dst.Height()
	combined := uint32(dst)&colorsMask | moving<<(2*uint(hd))
	total := hd + k
	if total > MaxHeight {
		excess := total - MaxHeight
		removed := combined
		combined >>= 2 * uint(excess)
		total = MaxHeight
		for range excess {
			p.remove(mover, Seat(removed&3))
			removed >>= 2
		}
	}
	stack := makeStack(combined, total)
	p.hash ^= stackKey(to, dst) ^ stackKey(to, stack)
	p.setStack(to, stack)

	next := mover + 1
	if next >= Seat(p.seats) {
		next = 0
	}
	p.hash ^= turnKey(mover) ^ turnKey(next)
	p.turn = next
	p.ply++
	if p.phase == phaseSetup && p.reserve[0] == 0 && p.reserve[1] == 0 {
		p.hash ^= phaseKey(phaseSetup, 0)
		p.phase = phasePlay // every piece is placed: play starts with seat 0
	}
}

// applySwap exchanges the pieces of an opening swap and moves the game to
// the next phase.
func (p *Position) applySwap(m Move) {
	a, b := m.From(), m.To()
	sa, sb := p.board[a], p.board[b]
	p.hash ^= stackKey(a, sa) ^ stackKey(b, sb) ^ stackKey(a, sb) ^ stackKey(b, sa)
	p.setStack(a, 0)
	p.setStack(b, sa)
	p.setStack(a, sb)
	p.hash ^= phaseKey(p.phase, p.swapped)
	switch p.phase {
	case phaseSwap0:
		p.phase, p.swapped = phaseSwap1, uint16(a)<<6|uint16(b)
	default:
		p.phase, p.swapped = phasePlay, 0
	}
	p.hash ^= phaseKey(p.phase, p.swapped)
	next := 1 - p.turn&1
	p.hash ^= turnKey(p.turn) ^ turnKey(next)
	p.turn = next
	p.ply++
}

// remove accounts for a piece of colour c taken off a stack's bottom by
// the mover: their own colour goes to their reserve, any other is
// captured.
func (p *Position) remove(mover, c Seat) {
	if c == mover {
		p.hash ^= reserveKey(mover, p.reserve[mover]) ^ reserveKey(mover, p.reserve[mover]+1)
		p.reserve[mover]++
		return
	}
	n := p.captured[mover][c]
	p.hash ^= capturedKey(mover, c, n) ^ capturedKey(mover, c, n+1)
	p.captured[mover][c] = n + 1
}
