package focus

import (
	"github.com/tabletop-go/rules"
)

func illegal(m Move, reason error) error {
	return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: reason}
}

// Legal returns nil if m is legal, or a *rules.MoveError saying why not:
// its Reason is one of the Err* values of this package (Kind
// rules.ErrIllegal; ErrNoSuchSquare for NoMove, in any position of a
// game), or its Kind is rules.ErrGameOver once the game ends.
func (p Position) Legal(m Move) error {
	if !p.IsValid() {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrNoGame}
	}
	if m == NoMove {
		return illegal(m, ErrNoSuchSquare)
	}
	if p.terminal() {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	}
	if p.phase == phaseSwap0 || p.phase == phaseSwap1 {
		if !m.IsSwap() || m != SwapMove(m.From(), m.To()) {
			return illegal(m, ErrSwapNow)
		}
		if err := p.swapReason(m); err != nil {
			return illegal(m, err)
		}
		return nil
	}
	if p.seats > 2 {
		return p.legalMulti(m)
	}
	if err := p.reason2(m); err != nil {
		return illegal(m, err)
	}
	return nil
}

// reason2 checks a move of a two-seat game in play or in the drop setup.
func (p *Position) reason2(m Move) error {
	switch m >> kindShift {
	case kindSwap:
		return ErrNoSwap
	case kindPass:
		return ErrNoPass
	case kindStack:
		if p.phase == phaseSetup {
			return ErrSetupDrop
		}
		return p.stackReason(m)
	case kindDrop:
		if err := p.dropReason(m); err != nil {
			return err
		}
		if m.dropColor() != 0 {
			return ErrDropColor
		}
		return nil
	}
	return ErrBadMove
}

// stackReason checks a stack move: origin, destination, control, line and
// distance.
func (p *state) stackReason(m Move) error {
	from, to := m.From(), m.To()
	switch {
	case m != StackMove(from, to):
		return ErrBadMove
	case !from.OnBoard() || !to.OnBoard():
		return ErrOffBoard
	case from == to:
		return ErrSameSquare
	}
	top, ok := p.board[from].top()
	switch {
	case !ok:
		return ErrEmptySquare
	case top != p.turn:
		return ErrNotYourStack
	}
	d := int(lineDistance[from][to])
	switch {
	case d == 0:
		return ErrNotALine
	case d > p.board[from].Height():
		return ErrTooFar
	}
	return nil
}

// dropReason checks a drop's square, reserve and the restrictions of the
// drop setup and of restricted drops. The colour is checked by the caller.
func (p *Position) dropReason(m Move) error {
	to := m.To()
	switch {
	case m&^(Drop(63)|7<<12) != 0:
		return ErrBadMove
	case !to.OnBoard():
		return ErrOffBoard
	case m.dropColor() == 0 && p.reserve[p.turn] == 0:
		return ErrNoReserve
	case p.phase == phaseSetup && !p.dropAllowed(to):
		return ErrSetupDrop
	case p.variant&variantRestricted != 0 && !p.dropAllowed(to):
		return ErrRestricted
	}
	return nil
}

// legalMulti checks a move of a game of three or four seats against the
// generated list, the single source of truth, and explains a refusal.
func (p *Position) legalMulti(m Move) error {
	var buf [stackRoom]Move
	for _, x := range p.appendMoves(buf[:0]) {
		if x == m {
			return nil
		}
	}
	t := p.turn & 3
	reason := ErrBadMove
	switch {
	case m == Pass:
		reason = ErrNoPass
	case !p.hasMove(t):
		reason = ErrMustPass
	case p.first>>t&1 != 0:
		reason = ErrFirstDrop
	case m.IsSwap():
		reason = ErrNoSwap
	case m.IsDrop():
		reason = p.dropReason(m)
		if c := m.dropColor(); reason == nil && c != 0 {
			partner, ok := p.partnerOf(t)
			switch {
			case !ok || colour(c-1) != partner:
				reason = ErrDropColor
			case p.partner[t] == 0:
				reason = ErrNoReserve
			}
		}
	case m>>kindShift == kindStack:
		reason = p.stackReason(m)
	}
	if reason == nil {
		reason = ErrBadMove
	}
	return illegal(m, reason)
}

// Play returns the position after m, or p and a *rules.MoveError if m is
// not legal (see Legal). The receiver is unchanged.
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
		if p.seats != 0 { // the invalid value stays the invalid value
			p.applySwap(m)
		}
		return
	}
	if p.seats != 2 {
		if p.seats > 2 { // else the invalid value, which stays as it is
			p.applyMulti(m)
		}
		return
	}
	p.place(m)
	next := 1 - p.turn&1
	p.hash ^= turnKey(p.turn) ^ turnKey(next)
	p.turn = next
	p.countPly()
	if p.phase == phaseSetup && p.reserve[0] == 0 && p.reserve[1] == 0 {
		p.hash ^= phaseKey(phaseSetup, 0)
		p.phase = phasePlay // every piece is placed: play starts with seat 0
	}
}

// place makes a stack move or a drop for the seat to move, trims the
// landing stack and accounts for what it removes. It does not pass the
// turn.
func (p *Position) place(m Move) {
	mover := p.turn
	to := m.To()
	var moving uint32 // colour bits of the arriving pieces, bottom first
	var k int
	if m.IsDrop() {
		moving, k = uint32(mover), 1
		if c := m.dropColor(); c > 0 {
			moving = uint32(c-1) & 3
		}
		switch {
		case moving == uint32(mover) && p.reserve[mover] > 0:
			p.hash ^= reserveKey(mover, p.reserve[mover]) ^ reserveKey(mover, p.reserve[mover]-1)
			p.reserve[mover]--
		case moving != uint32(mover) && p.partner[mover&3] > 0:
			n := p.partner[mover&3]
			p.hash ^= partnerKey(mover, n) ^ partnerKey(mover, n-1)
			p.partner[mover&3] = n - 1
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
	p.land(to, dst, uint32(dst)&colorsMask|moving<<(2*uint(dst.Height())), dst.Height()+k)
}

// land puts the stack of height total with the given colour bits on to,
// where old stood: the height limit removes pieces from its bottom down to
// 5, and remove accounts for each.
func (p *state) land(to Square, old Stack, colors uint32, total int) {
	if total > MaxHeight {
		excess := total - MaxHeight
		removed := colors
		colors >>= 2 * uint(excess)
		total = MaxHeight
		for range excess {
			p.remove(p.turn, colour(removed&3))
			removed >>= 2
		}
	}
	stack := makeStack(colors, total)
	p.hash ^= stackKey(to, old) ^ stackKey(to, stack)
	p.setStack(to, stack)
}

// remove accounts for a piece of colour c taken off a stack's bottom by
// the mover: their own colour goes to their reserve, in team play their
// partner's too, and any other is captured.
func (p *state) remove(mover, c colour) {
	if c == mover {
		p.hash ^= reserveKey(mover, p.reserve[mover]) ^ reserveKey(mover, p.reserve[mover]+1)
		p.reserve[mover]++
		p.gain(mover)
		return
	}
	if partner, ok := p.partnerOf(mover); ok && c == partner {
		n := p.partner[mover&3]
		p.hash ^= partnerKey(mover, n) ^ partnerKey(mover, n+1)
		p.partner[mover&3] = n + 1
		p.gain(mover)
		return
	}
	n := p.captured[mover][c]
	if p.variant&variantShort != 0 { // captures decide only the short game
		p.hash ^= capturedKey(mover, c, n) ^ capturedKey(mover, c, n+1)
	}
	p.captured[mover][c] = n + 1
}

// gain counts a piece the mover sent to a reserve, for the short game.
func (p *state) gain(mover colour) {
	if p.variant&variantShort != 0 {
		n := p.gains[mover&3]
		p.hash ^= gainsKey(mover, n) ^ gainsKey(mover, n+1)
		p.gains[mover&3] = n + 1
	}
}

// applyMulti plays a move of a game of three or four seats: a pass or a
// move, then the end of the game or the next seat (R-F7, R-F8, R-F9).
func (p *Position) applyMulti(m Move) {
	state := p.stateKey()
	mover := p.turn & 3
	teams := p.variant&variantTeams != 0
	next := (mover + 1) % colour(p.seats)
	if m == Pass {
		team := uint8(1) << (mover & 1)
		if p.passed&team != 0 {
			// The partner passed at the team's last turn: the team loses.
			p.winner, p.reason = 1+uint8(next), TeamPassed
		}
		p.passed |= team
	} else {
		p.place(m)
		p.first &^= 1 << mover
		p.passed &^= 1 << (mover & 1)
		switch {
		case p.variant&variantShort != 0 && p.shortWin(mover):
			p.winner, p.reason = 1+uint8(mover), ShortGame
		case teams:
			// As with three or four individual players, leaving every
			// opponent without a move and a reserve at once is a win.
			if !p.hasMove((mover+1)&3) && !p.hasMove((mover+3)&3) {
				p.winner, p.reason = 1+uint8(mover), rules.Elimination
			}
		default:
			// R-F7: skip the seats with no legal move; none left: the
			// mover has won.
			for next != mover && !p.hasMove(next) {
				next = (next + 1) % colour(p.seats)
			}
			if next == mover {
				p.winner, p.reason = 1+uint8(mover), rules.Elimination
			}
		}
	}
	p.hash ^= turnKey(p.turn) ^ turnKey(next) ^ state ^ p.stateKey()
	p.turn = next
	p.countPly()
}

// shortWin reports whether the mover's side has reached the short-game
// victory (R-F9): at least 3 captured pieces of every opposing colour (2
// with four individual players), or 10 pieces removed in all, pieces sent
// to a reserve included; partners' totals are combined.
func (p *state) shortWin(mover colour) bool {
	side := [2]colour{mover, mover}
	if partner, ok := p.partnerOf(mover); ok {
		side[1] = partner
	}
	need := 3
	if p.seats == 4 && p.variant&variantTeams == 0 {
		need = 2
	}
	removed := 0
	everyOpponent := true
	for c := colour(0); c < colour(p.seats); c++ {
		ours := false
		got := 0
		for i, s := range side {
			if i == 1 && s == mover {
				break
			}
			ours = ours || s == c
			got += int(p.captured[s][c])
		}
		removed += got
		if !ours && got < need {
			everyOpponent = false
		}
	}
	removed += int(p.gains[side[0]])
	if side[1] != mover {
		removed += int(p.gains[side[1]])
	}
	return everyOpponent || removed >= 10
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
	p.countPly()
}
