package focus

import (
	"slices"

	"github.com/tabletop-go/rules"
)

// MaxLegalMoves bounds the number of legal moves of any position of the
// standard game. A controlled stack of height h has at most 4h moves (h
// distances in four directions) and the heights add up to at most the 36
// pieces, so there are at most 144 stack moves; drops add at most 52.
const MaxLegalMoves = 4*Seats*PiecesPerSeat + NumSquares

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
		n += copy(out[n:], allDrops[:])
	}
	return out[:n]
}

// CountMoves returns the number of legal moves without listing them.
func (p Position) CountMoves() int {
	if p.stuck() || p.limitReached() {
		return 0
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
