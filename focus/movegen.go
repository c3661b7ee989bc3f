package focus

import (
	"slices"

	"github.com/tabletop-go/rules"
)

// MaxMoves bounds the number of legal moves of any position of the
// standard game. A controlled stack of height h has at most 4h moves (h
// distances in four directions) and the heights add up to at most the 36
// pieces, so at most 144 stack moves; drops add at most 52.
const MaxMoves = 4*Seats*PiecesPerSeat + NumSquares

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
// returns the extended buffer. With room for MaxMoves more moves it never
// allocates.
func (p Position) AppendMoves(buf []Move) []Move {
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
		h := p.board[from].Height()
		if h > MaxHeight {
			continue
		}
		base := Move(from) << 6
		k := int(numTargets[from][h])
		for _, to := range targets[from][h][:k] {
			if n >= len(out) {
				break
			}
			out[n] = base | Move(to)
			n++
		}
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
