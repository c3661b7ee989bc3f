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

// Generation. A Nowak move depends on the squares around the stack, so
// unlike the standard game it cannot copy precomputed blocks; with random
// positions branches are unpredictable, so it reads its moves from tables
// instead of walking rays:
//   - a single piece (three stacks in four) depends on the eight squares
//     at distance one and two: their pattern indexes a table of moves;
//   - a stack of two depends on the three nearest squares each way: two
//     tables of six-bit patterns, south and west, east and north;
//   - a taller stack reads its landing squares along its rank and its
//     file from a table indexed by its place on the line, its height and
//     the line's eight squares, and writes them in square order.
//
// Moves are written four at a time whatever their number; the spare ones
// past the end of the list are overwritten by the next stack's, and
// nowakRoom leaves room for them.
//
// The squares off the board count as occupied ("walls"). Every rank and
// file of the board is one unbroken run with its off-board squares at the
// ends, so a wall stops a plain move, and a capture over one would land on
// another wall or off the line: no landing square is ever off the board.

// lineTargets[pos<<11 | h<<8 | occ] describes a stack of height h at
// position pos (0..7) of an eight-square line whose occupied squares are
// occ: the low byte has a bit for each landing square, bits 8..11 their
// number and bits 12..15 the number below pos.
var lineTargets [8 << 11]uint16

const (
	fileA      = 0x0101_0101_0101_0101
	fileGather = 0x0102_0408_1020_4080 // (x & fileA) * fileGather >> 56: bit 8r to bit r
)

// within[sq][r] has the squares on sq's rank and file at distance 1..r.
var within [64][8]uint64

func init() {
	for pos := range 8 {
		for h := 1; h < 8; h++ {
			for occ := range 256 {
				var t uint16
				for _, step := range []int{-1, 1} {
					stacks := 0
					for d := 1; d <= h+1; d++ {
						sq := pos + step*d
						if sq < 0 || sq > 7 {
							break
						}
						if occ>>sq&1 != 0 {
							stacks++
						} else if stacks == 0 && d <= h || stacks == 1 {
							t |= 1 << sq // a plain move, or a capture (d-1 <= h)
						}
					}
				}
				below := bits.OnesCount16(t & (1<<pos - 1))
				lineTargets[pos<<11|h<<8|occ] = t | uint16(bits.OnesCount16(t))<<8 | uint16(below)<<12
			}
		}
	}
	for from := range 64 {
		for to := range 64 {
			if d := int(lineDistance[from][to]); d != 0 {
				for r := d; r < 8; r++ {
					within[from][r] |= 1 << to
				}
			}
		}
	}
}

// lineEntries returns the lineTargets entries of the stack of height h on
// from, given the walls: along its rank, and along its file (gathered to
// a byte, rank r on bit r).
func lineEntries(from Square, h int, walls uint64) (onRank, onFile uint16) {
	file, rank := uint(from&7), uint(from>>3&7)
	hi := uint(h&7) << 8
	onRank = lineTargets[(file<<11|hi|uint(walls>>(8*rank)&0xFF))&(8<<11-1)]
	onFile = lineTargets[(rank<<11|hi|uint((walls>>file&fileA)*fileGather>>56))&(8<<11-1)]
	return onRank, onFile
}

// bitPositions[b] lists the positions of b's set bits, lowest first, one
// per four bits.
var bitPositions = func() (t [256]uint32) {
	for b := range 256 {
		n := 0
		for i := range 8 {
			if b>>i&1 != 0 {
				t[b] |= uint32(i) << (4 * n)
				n++
			}
		}
	}
	return t
}()

// emitStack writes the moves of the stack of height h on from, as b plus
// each landing square, and returns the new length. In square order they
// are the file's squares below the stack, the rank's, then the file's
// above. The rank's go first, at their final place, and the file's after,
// so that the spare moves written past each part land only where a later
// write or the end of the list is. It writes at most four moves more than
// it keeps.
func emitStack(out []Move, k int, b Move, from Square, h int, walls uint64) int {
	file, rank := uint(from&7), uint(from>>3&7)
	onRank, onFile := lineEntries(from, h, walls)
	nRank, nFile, below := int(onRank>>8&15), int(onFile>>8&15), int(onFile>>12)

	ranks := bitPositions[onRank&0xFF]
	rb := b | Move(rank<<3)
	i := k + below
	o := out[i : i+4]
	o[0] = rb | Move(ranks&15)
	o[1] = rb | Move(ranks>>4&15)
	o[2] = rb | Move(ranks>>8&15)
	o[3] = rb | Move(ranks>>12&15)
	for j := 4; j < nRank; j++ {
		out[i+j] = rb | Move(ranks>>(4*j)&15)
	}

	files := bitPositions[onFile&0xFF]
	fb := b | Move(file)
	// File square j goes to k+j, or past the rank's squares once j >=
	// below: nRank & (below-j-1)>>63 adds nRank exactly then, no branch.
	out[k+nRank&((below-1)>>63)] = fb | Move(files&15)<<3
	out[k+1+nRank&((below-2)>>63)] = fb | Move(files>>4&15)<<3
	out[k+2+nRank&((below-3)>>63)] = fb | Move(files>>8&15)<<3
	out[k+3+nRank&((below-4)>>63)] = fb | Move(files>>12&15)<<3
	for j := 4; j < nFile; j++ {
		out[k+j+nRank&((below-j-1)>>63)] = fb | Move(files>>(4*j)&15)<<3
	}
	return k + nRank + nFile
}

// A single piece has at most one move per direction: a step to the
// neighbour if it is empty, else a jump to the square beyond if that one
// is empty. Its moves depend only on the eight squares at distance one
// and two, so one table gives them for each pattern of those squares, as
// offsets from the piece's square.

// neighbourBits are those eight squares in walls rotated left by 16 - sq:
// offsets -16, -8, -2, -1, +1, +2, +8, +16 land on bits 0, 8, 14, 15, 17,
// 18, 24 and 32.
const neighbourBits = 1<<0 | 1<<8 | 1<<14 | 1<<15 | 1<<17 | 1<<18 | 1<<24 | 1<<32

// neighbourMagic maps the 256 patterns of neighbourBits to 256 distinct
// top bytes by multiplication (found by search; TestNeighbourMagic).
const neighbourMagic = 0x4010_1080_2000_0800

var (
	// offEdge[sq] has, in the rotated frame, the neighbour squares that
	// are off the grid or wrap to another rank, which count as walls.
	offEdge [64]uint64
	// singleMoves[code] holds a single piece's landing squares as offsets
	// from its square (modulo 2^32, so that adding the move to the piece's
	// own square gives the move), in square order; singleCount[code] is
	// their number.
	singleMoves [256][4]Move
	singleCount [256]uint8
)

// A stack of two is done the same way, from the nearest three squares in
// each direction: for south and west, and for east and north, a table
// indexed by the pattern of those six squares gives the moves as offsets
// in square order. In each direction a stack of height h lands at
// distances 1 to h before the nearest stack (plain moves), and from just
// past it to h+1 before the next (captures).

// In walls rotated left by 24 - sq, the squares at offsets -24, -16, -8,
// -3, -2, -1 (south and west) land on bits 0, 8, 16, 21, 22, 23, and those
// at +1, +2, +3, +8, +16, +24 (east and north) on 25, 26, 27, 32, 40, 48.
const (
	pairLowBits   = 1<<0 | 1<<8 | 1<<16 | 1<<21 | 1<<22 | 1<<23
	pairHighBits  = 1<<25 | 1<<26 | 1<<27 | 1<<32 | 1<<40 | 1<<48
	pairLowMagic  = 0x8440_8140_6100_0a22 // 64 patterns to 64 top six bits (TestTableMagics)
	pairHighMagic = 0x4082_0010_0408_1200
)

var (
	// pairEdge[sq] has the squares of sq's frame off the grid or on
	// another rank: walls.
	pairEdge [64]uint64
	// The moves as offsets by pattern code, and their number.
	pairLow, pairHigh           [64][4]Move
	pairLowCount, pairHighCount [64]uint8
)

// frameLine is a direction, as a (file, rank) step, with the bits of its
// nearest squares in a rotated frame, nearest first.
type frameLine struct {
	df, dr int
	bits   []int
}

// stackOffsets returns the landing offsets of a stack of height h in the
// directions of lines, given which of their squares are walls (pattern:
// a bit for each square, line by line), in square order.
func stackOffsets(h int, lines []frameLine, pattern int) []int {
	var offs []int
	i := 0
	for _, l := range lines {
		var ds []int
		stacks := 0
		for d := 1; d <= len(l.bits); d++ {
			if pattern>>(i+d-1)&1 != 0 {
				stacks++
			} else if stacks == 0 && d <= h || stacks == 1 && d <= h+1 {
				ds = append(ds, d)
			}
		}
		i += len(l.bits)
		if l.df+l.dr < 0 { // south and west: the farthest square first
			slices.Reverse(ds)
		}
		for _, d := range ds {
			offs = append(offs, d*(l.df+8*l.dr))
		}
	}
	return offs
}

// frameWalls returns, for each square, the bits of lines whose squares
// are off the grid.
func frameWalls(lines []frameLine) (edge [64]uint64) {
	for sq := range 64 {
		for _, l := range lines {
			for d, bit := range l.bits {
				if f, r := sq%8+l.df*(d+1), sq/8+l.dr*(d+1); f < 0 || f > 7 || r < 0 || r > 7 {
					edge[sq] |= 1 << bit
				}
			}
		}
	}
	return edge
}

// frameCode returns the frame bits of a pattern of lines' squares.
func frameCode(lines []frameLine, pattern int) uint64 {
	var x uint64
	i := 0
	for _, l := range lines {
		for _, b := range l.bits {
			x |= uint64(pattern>>i&1) << b
			i++
		}
	}
	return x
}

func init() {
	singles := []frameLine{{0, -1, []int{8, 0}}, {-1, 0, []int{15, 14}}, {1, 0, []int{17, 18}}, {0, 1, []int{24, 32}}}
	offEdge = frameWalls(singles)
	for pattern := range 256 {
		code := frameCode(singles, pattern) * neighbourMagic >> 56
		for i, off := range stackOffsets(1, singles, pattern) {
			singleMoves[code][i] = Move(int32(off))
			singleCount[code]++
		}
	}

	south, west := frameLine{0, -1, []int{16, 8, 0}}, frameLine{-1, 0, []int{23, 22, 21}}
	east, north := frameLine{1, 0, []int{25, 26, 27}}, frameLine{0, 1, []int{32, 40, 48}}
	low, high := []frameLine{south, west}, []frameLine{east, north}
	pairEdge = frameWalls(append(low, high...))
	for pattern := range 64 {
		lo := frameCode(low, pattern) * pairLowMagic >> 58
		hi := frameCode(high, pattern) * pairHighMagic >> 58
		for i, off := range stackOffsets(2, low, pattern) {
			pairLow[lo][i] = Move(int32(off))
			pairLowCount[lo]++
		}
		for i, off := range stackOffsets(2, high, pattern) {
			pairHigh[hi][i] = Move(int32(off))
			pairHighCount[hi]++
		}
	}
}

// nowakRoom is the buffer room one call of appendNowakBoard needs: at most
// h moves per direction for a stack of h pieces, so 4 per piece, plus the
// four spare moves the emitters may write past the end.
const nowakRoom = 4*2*PiecesPerSeat + 4

// appendNowakBoard appends the board moves of the seat to move, in
// canonical order, with base added (the drop part of a Nowak turn).
func (p *Position) appendNowakBoard(buf []Move, base Move) []Move {
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
func (p *Position) emitBoard(out []Move, k int, base Move, stacks, walls uint64) int {
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
func (p *Position) hasNowakBoardMove() bool {
	const notFileA, notFileH = ^uint64(fileA), ^uint64(fileA << 7)
	empty := onBoard &^ (p.control[0] | p.control[1])
	return p.control[p.turn&1]&(empty<<8|empty>>8|empty<<1&notFileA|empty>>1&notFileH) != 0 || p.hasNowakCapture()
}

// hasNowakCapture reports whether a stack of the seat to move has a move,
// stopping at the first: with no empty neighbour, that is a capture.
func (p *Position) hasNowakCapture() bool {
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
func (p *Position) appendNowak(buf []Move) []Move {
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
func (p *Position) nowakPath(from, to Square) (k int, jumped Square, jump, ok bool) {
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
// Parts that are not legal are skipped, so that garbage cannot break the
// position's invariants.
func (p *Position) applyNowak(m Move) {
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
func (p *Position) vacate(sq Square) {
	bit := uint64(1) << (sq & 63)
	p.board[sq&63] = 0
	p.control[0] &^= bit
	p.control[1] &^= bit
	p.tall &^= bit
}

// nowakMove moves the top k pieces from-to, putting a jumped stack under
// them, and trims the result to 5.
func (p *Position) nowakMove(from, to Square, k int, jumped Square, jump bool) {
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
