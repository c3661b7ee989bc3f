package focus

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/tabletop-go/rules"
)

// Nowak's checkers-like game (R-F10). A board move takes the top k pieces
// of a controlled stack in a straight line to an empty square: k squares
// over empty squares, or, capturing, k+1 squares over exactly one stack,
// which goes under the movers at the landing square. A turn may begin
// with a drop on an empty square, which does not use the turn.

// NowakPosition is a position of Nowak's checkers-like game (the spec
// focus(nowak=true), R-F10): the Focus board, pieces, text and hash,
// with Nowak's moves, turns and action space. It is an immutable value
// of the size of a Position; the zero NowakPosition is the invalid
// value. Config.StartNowak and ParseNowakPosition give one, and
// rules.Open for the spec.
//
// Its action space, in index order (NumActions = 30,972):
//
//   - The board moves, 0 to 599 (NumNowakBoardActions = 600): the stack
//     moves of distance 1 to 5 as in Focus (0 to 567, c1-c2 is 0), then,
//     at 568 to 599 in the same order, the 32 captures of distance 6 (a
//     stack of five jumping one stack; ranks 3 to 6 and files c to f are
//     long enough).
//   - The drops alone, 600 to 651: 600 + the square's place among the 52
//     in square order (*c1 is 600, *f8 651).
//   - The turns with a drop, 652 to 30971 (NumNowakTurnActions =
//     30,320): by drop square in square order, then the board move in
//     board-move order, leaving out the moves that cannot follow the
//     drop: those onto the drop square (now occupied), and those of the
//     dropped piece, a single piece, over more than two squares. A drop
//     on d has 600 - 2·n6(d) + n2(d) turns, n6(d) and n2(d) counting the
//     squares within 6 and 2 squares of d along its rank and file; its
//     turns start after those of the squares before it. "*c1,c1-c2" is
//     652, "*c1,c1-c3" 653, then (c1-c4 to c1-c6 left out) "*c1,c1-d1"
//     654, "*c1,c1-e1" 655, (c1-f1 left out) "*c1,d1-d2" 656. The space
//     is large because the rules make the turn one decision of two
//     parts; ActionMove gives both (NowakDrop, From, To) to a policy that
//     factors them.
//
// Its observation and symmetries are Focus's.
type NowakPosition struct {
	_ nowakShape // (see nowakShape)
	state
}

// nowakShape makes NowakPosition's underlying type differ from Position's, so that
// generic code gets an instance of its own for each (one GC shape for
// both would call their methods through a dictionary). It has no size.
type nowakShape struct{}

const kindNowak = 3

// NowakTurn returns the Nowak turn that drops a reserve piece on drop and
// then moves from-to (possibly the dropped piece); NoMove if any square is
// invalid.
func NowakTurn(drop, from, to Square) Move {
	if drop|from|to >= 64 {
		return NoMove
	}
	return kindNowak<<kindShift | Move(drop)<<12 | Move(from)<<6 | Move(to)
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

// MaxMoves returns the spare capacity AppendMoves needs to never
// allocate: NowakMaxMoves and some room.
func (p NowakPosition) MaxMoves() int { return NowakMaxMoves + nowakRoom }

// AppendMoves appends the legal turns in canonical order (the board
// moves by origin then destination square, a1 first; then the drops
// alone, by square; then the turns with a drop, by drop square, then by
// board move) and returns the extended buffer. With spare capacity for
// p.MaxMoves() it never allocates; it may use that spare capacity beyond
// the turns it returns as scratch space.
func (p NowakPosition) AppendMoves(buf []Move) []Move { return p.appendMoves(buf) }

func (p *NowakPosition) appendMoves(buf []Move) []Move {
	switch {
	case p.terminal():
		return buf
	case p.reserve[p.turn&1] == 0:
		return p.appendNowakBoard(buf, 0)
	}
	return p.appendNowak(buf)
}

// CountMoves returns the number of legal turns.
func (p NowakPosition) CountMoves() int {
	buf := nowakScratch.Get().(*[]Move)
	*buf = p.AppendMoves((*buf)[:0])
	n := len(*buf)
	nowakScratch.Put(buf)
	return n
}

// Legal returns nil if m is a legal turn, or a *rules.MoveError saying
// why not: its Reason is one of the Err* values of this package (Kind
// rules.ErrIllegal; ErrNoSuchSquare for NoMove, in any position of a
// game), or its Kind is rules.ErrGameOver once the game ends.
func (p NowakPosition) Legal(m Move) error {
	switch {
	case !p.IsValid():
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrNoGame}
	case m == NoMove:
		return illegal(m, ErrNoSuchSquare)
	case p.terminal():
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	}
	if err := p.nowakReason(m); err != nil {
		return illegal(m, err)
	}
	return nil
}

// Play returns the position after m, or p and a *rules.MoveError if m is
// not legal (see Legal). The receiver is unchanged.
func (p NowakPosition) Play(m Move) (NowakPosition, error) {
	if err := p.Legal(m); err != nil {
		return p, err
	}
	p.applyNowak(m)
	return p, nil
}

// PlayUnchecked returns the position after m without checking legality:
// the fast path for turns that came from AppendMoves. An illegal turn
// gives a meaningless position but never panics.
func (p NowakPosition) PlayUnchecked(m Move) NowakPosition {
	p.applyNowak(m)
	return p
}

// Rollout reports false: Nowak's game has no fast playout (its turns need
// a move buffer of 62 KiB, too large for the stack), so the generic loop
// of rules.Sampler plays it.
func (p NowakPosition) Rollout(_ *rand.Rand, _ int, trace []rules.Played[Move]) (rules.Outcome, NowakPosition, []rules.Played[Move], bool) {
	return rules.Outcome{}, p, trace, false
}

// nowakRoom is the buffer room one call of appendNowakBoard needs: at most
// h moves per direction for a stack of h pieces, so 4 per piece, plus the
// four spare moves the emitters may write past the end.
const nowakRoom = 4*2*PiecesPerSeat + 4

// appendNowakBoard appends the board moves of the seat to move, in
// canonical order, with base added (the drop part of a Nowak turn).
func (p *NowakPosition) appendNowakBoard(buf []Move, base Move) []Move {
	buf = slices.Grow(buf, nowakRoom)
	walls := p.control[0] | p.control[1] | ^onBoard
	k := p.emitBoard(buf[:cap(buf)], len(buf), base, p.control[p.turn&1], walls)
	return buf[:k]
}

// emitBoard writes the board moves of the seat to move's stacks on the
// squares of stacks into out from index k, in canonical order, each with
// base added, given the walls (the occupied squares and those off the
// board), and returns the new length. A square of stacks without a stack
// counts as a single piece (a dropped one). Like the emitters it may write
// up to four moves past the end.
//
// It takes runs of single pieces, each up to the next taller stack, then
// that stack: the tall bitboard tells the paths apart without loading the
// stacks. The single pieces and the stacks of two, nine in ten of all,
// are written out here rather than called: Go keeps no register across a
// call, and the loop would spill everything it holds.
func (p *NowakPosition) emitBoard(out []Move, k int, base Move, stacks, walls uint64) int {
	for stacks != 0 {
		stack := stacks & p.tall & -(stacks & p.tall) // the next taller stack, or 0
		for singles := stacks & (stack - 1); singles != 0; {
			from := Square(bits.TrailingZeros64(singles)) & 63
			singles &= singles - 1
			x := bits.RotateLeft64(walls, 16-int(from))&neighbourBits | offEdge[from]
			code := x * neighbourMagic >> 56
			e := &singleMoves[code]
			b := base | Move(from)<<6 | Move(from)
			o := out[k : k+4]
			o[0], o[1], o[2], o[3] = b+e[0], b+e[1], b+e[2], b+e[3]
			k += int(singleCount[code])
		}
		if stack == 0 {
			break
		}
		stacks &^= stack<<1 - 1
		from := Square(bits.TrailingZeros64(stack)) & 63
		if h := p.board[from].Height(); h != 2 {
			k = emitStack(out, k, base|Move(from)<<6, from, h, walls)
			continue
		}
		x := bits.RotateLeft64(walls, 24-int(from)) | pairEdge[from]
		lo, hi := x&pairLowBits*pairLowMagic>>58, x&pairHighBits*pairHighMagic>>58
		b := base | Move(from)<<6 | Move(from)
		e := &pairLow[lo]
		o := out[k : k+4]
		o[0], o[1], o[2], o[3] = b+e[0], b+e[1], b+e[2], b+e[3]
		k += int(pairLowCount[lo])
		e = &pairHigh[hi]
		o = out[k : k+4]
		o[0], o[1], o[2], o[3] = b+e[0], b+e[1], b+e[2], b+e[3]
		k += int(pairHighCount[hi])
	}
	return k
}

// hasNowakBoardMove reports whether the seat to move has a board move.
// Usually some stack has an empty neighbour, a one-square move: that test
// is inlined, and the scan of every stack called only when it fails.
func (p *state) hasNowakBoardMove() bool {
	const notFileA, notFileH = ^uint64(fileA), ^uint64(fileA << 7)
	empty := onBoard &^ (p.control[0] | p.control[1])
	return p.control[p.turn&1]&(empty<<8|empty>>8|empty<<1&notFileA|empty>>1&notFileH) != 0 || p.hasNowakCapture()
}

// hasNowakCapture reports whether a stack of the seat to move has a move,
// stopping at the first: with no empty neighbour, that is a capture.
func (p *state) hasNowakCapture() bool {
	walls := p.control[0] | p.control[1] | ^onBoard
	for ctrl := p.control[p.turn&1]; ctrl != 0; {
		from := nextSquare(&ctrl)
		if onRank, onFile := lineEntries(from, p.board[from].Height(), walls); (onRank|onFile)&0xFF != 0 {
			return true
		}
	}
	return false
}

// appendNowak appends the legal turns of Nowak's game for a seat with a
// reserve (appendMoves calls appendNowakBoard without one): the board
// moves, then the drops alone (only where no move can follow), then each
// drop with the moves that can follow it.
//
// A drop on d changes only the moves of the stacks that can reach d or
// jump it, and adds the dropped piece's own; every other stack keeps the
// moves it has without the drop, which are copied.
func (p *NowakPosition) appendNowak(buf []Move) []Move {
	first := len(buf)
	mine := p.control[p.turn&1]
	walls := p.control[0] | p.control[1] | ^onBoard
	buf = p.appendNowakBoard(buf, 0)
	start := len(buf)
	// at[s] is the index of the first move without a drop from a square
	// s or above: moves come by origin square.
	var at [65]int
	at[64] = start
	for s, i := 63, start; s >= 0; s-- {
		for i > first && int(buf[i-1].From()) >= s {
			i--
		}
		at[s] = i
	}
	var alone uint64
	for free := ^walls; free != 0; {
		sq := nextSquare(&free)
		buf = slices.Grow(buf, nowakRoom)
		out := buf[:cap(buf)]
		k := len(buf)
		tag := kindNowak<<kindShift | Move(sq)<<12
		withPiece := walls | 1<<sq
		// Only the stacks on the drop square's rank and file can reach it
		// or jump it: single pieces from two squares away, taller stacks
		// from six. Their moves, and the dropped piece's, are found again;
		// all others are copied, tagged.
		pos := first
		near := mine&^p.tall&within[sq][2] | mine&p.tall&within[sq][6]
		for redo := near | 1<<sq; redo != 0; {
			from := nextSquare(&redo)
			for _, m := range buf[pos:at[from]] {
				out[k] = tag | m
				k++
			}
			k = p.emitBoard(out, k, tag, 1<<from, withPiece)
			pos = at[from+1]
		}
		for _, m := range buf[pos:start] {
			out[k] = tag | m
			k++
		}
		if k == len(buf) {
			alone |= 1 << sq
		}
		buf = buf[:k]
	}
	// The drops alone, rare, go between the board moves and the turns
	// with a drop.
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
func (p *NowakPosition) withDrop(sq Square) NowakPosition {
	q := *p
	q.drop(sq)
	return q
}

// drop puts one of the mover's reserve pieces on the empty square sq.
func (p *NowakPosition) drop(sq Square) {
	p.hash ^= reserveKey(p.turn, p.reserve[p.turn]) ^ reserveKey(p.turn, p.reserve[p.turn]-1)
	p.reserve[p.turn]--
	s := makeStack(uint32(p.turn), 1)
	p.hash ^= stackKey(sq, s)
	p.setStack(sq, s)
}

// hasNowakTurn reports whether the seat to move has a legal turn: with a
// reserve there is always an empty square to drop on.
func (p *state) hasNowakTurn() bool {
	return p.reserve[p.turn] > 0 || p.hasNowakBoardMove()
}

// nowakStep checks a board move and returns the number of pieces moved
// and the square jumped, if any.
func (p *NowakPosition) nowakStep(m Move) (k int, jumped Square, jump bool, err error) {
	from, to := m.From(), m.To()
	if err := p.stackReason(StackMove(from, to)); err != nil && err != ErrTooFar {
		return 0, 0, false, err
	}
	if p.board[to] != 0 {
		return 0, 0, false, ErrNowakLanding
	}
	k, jumped, jump, ok := p.nowakPath(from, to)
	if !ok {
		return 0, 0, false, ErrNowakPath
	}
	return k, jumped, jump, nil
}

// nowakPath finds the number of pieces a move from-to of the seat to move
// carries and the stack it jumps, if any, and reports whether the path is
// a plain move or a capture of the stack on from. It assumes the two
// squares are on one line with to empty.
func (p *NowakPosition) nowakPath(from, to Square) (k int, jumped Square, jump, ok bool) {
	from, to = from&63, to&63
	d := int(lineDistance[from][to])
	// The squares strictly between: within d-1 of both ends.
	stacks := within[from][(d-1)&7] & within[to][(d-1)&7] & (p.control[0] | p.control[1])
	jump = stacks != 0
	k = d
	if jump {
		k--
	}
	return k, Square(bits.TrailingZeros64(stacks)), jump, d != 0 && stacks&(stacks-1) == 0 && k <= p.board[from].Height()
}

// nowakReason explains why m is not a legal Nowak turn, or returns nil.
func (p *NowakPosition) nowakReason(m Move) error {
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
// Parts that are not legal are skipped, so that garbage cannot break the
// position's invariants.
func (p *NowakPosition) applyNowak(m Move) {
	if p.seats == 0 {
		return // the invalid value stays the invalid value
	}
	mover := p.turn & 1
	if m>>kindShift == kindDrop || m>>kindShift == kindNowak {
		sq := m.To()
		if m.IsNowakTurn() {
			sq = m.NowakDrop()
		}
		if p.reserve[mover] > 0 && sq.OnBoard() && p.board[sq] == 0 {
			p.drop(sq)
		}
	}
	if m>>kindShift == kindStack || m>>kindShift == kindNowak {
		from, to := m.From(), m.To()
		if p.control[mover]>>from&1 != 0 && to.OnBoard() && p.board[to] == 0 {
			if k, jumped, jump, ok := p.nowakPath(from, to); ok {
				p.nowakMove(from, to, k, jumped, jump)
			}
		}
	}
	next := 1 - mover
	p.hash ^= turnKey(mover) ^ turnKey(next)
	p.turn = next
	p.countPly()
	p.blocked = !p.hasNowakTurn()
}

// vacate empties sq in a game of two seats: setStack(sq, 0) without its
// tests, for the hot path of Nowak's moves.
func (p *NowakPosition) vacate(sq Square) {
	bit := uint64(1) << (sq & 63)
	p.board[sq&63] = 0
	p.control[0] &^= bit
	p.control[1] &^= bit
	p.tall &^= bit
}

// nowakMove moves the top k pieces from-to, putting a jumped stack under
// them, and trims the result to 5.
func (p *NowakPosition) nowakMove(from, to Square, k int, jumped Square, jump bool) {
	src := p.board[from]
	h := src.Height()
	colors := uint32(src) & colorsMask
	keep := h - k
	moving := colors >> (2 * uint(keep))
	p.hash ^= stackKey(from, src)
	if keep == 0 { // the whole stack leaves (always for a single piece)
		p.vacate(from)
	} else {
		rest := makeStack(colors&(1<<(2*uint(keep))-1), keep)
		p.hash ^= stackKey(from, rest)
		p.setStack(from, rest)
	}
	var under uint32
	hu := 0
	if jump {
		j := p.board[jumped]
		under, hu = uint32(j)&colorsMask, j.Height()
		p.hash ^= stackKey(jumped, j)
		p.vacate(jumped)
	}
	total := hu + k
	if total > MaxHeight {
		p.land(to, 0, under|moving<<(2*uint(hu)), total)
		return
	}
	// Onto an empty square, without trimming: set it directly (setStack
	// and land would test the old stack and the height, ~5% of a ply).
	stack := makeStack(under|moving<<(2*uint(hu)), total)
	p.hash ^= stackKey(to, stack)
	p.board[to] = stack
	p.control[p.turn&1] |= 1 << to // the movers are on top
	p.tall |= uint64(1-total) >> 63 << to
}
