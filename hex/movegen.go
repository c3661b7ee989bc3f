package hex

import (
	"math/bits"
	"slices"

	"github.com/tabletop-go/rules"
)

// MaxMoves is the largest number of legal moves any position has: every
// cell of the largest board, plus the swap.
const MaxMoves = MaxSize*MaxSize + 1

// MaxMoves returns the buffer capacity AppendMoves needs on this board to
// never allocate: every cell, plus the swap.
func (p Position) MaxMoves() int {
	if !p.IsValid() {
		return 0
	}
	return int(p.cols)*int(p.rows) + 1
}

// Evaluate reports ok false: Hex has no evaluation, and random games of
// Hex always end (a full board has a winner).
func (p Position) Evaluate(rules.Player) (value float64, ok bool) { return 0, false }

// AppendMoves appends the legal moves to buf in canonical order (reading
// order: a1, b1, ..., a2, ..., then swap) and returns it. With spare
// capacity for p.MaxMoves() (at most MaxMoves) it never allocates.
func (p Position) AppendMoves(buf []Move) []Move {
	if p.winner != Empty {
		return buf
	}
	mask := uint32(1)<<p.cols - 1
	n := len(buf)
	free := int(p.cols)*int(p.rows) + 1
	if cap(buf)-n < free {
		if !p.IsValid() {
			return buf // the invalid value lists nothing, and needs no room
		}
		buf = slices.Grow(buf, free)
	}
	out := buf[n : n+free]
	k := 0
	for r := range int(p.rows) {
		empty := ^(p.black[r] | p.white[r]) & mask
		base := Move(r << 8)
		for empty != 0 && k < len(out) {
			out[k] = base | Move(bits.TrailingZeros32(empty))
			k++
			empty &= empty - 1
		}
	}
	if p.swapAvailable() && k < len(out) {
		out[k] = Swap
		k++
	}
	return buf[:n+k]
}

// AppendChances appends nothing: Hex has no chance nodes.
func (p Position) AppendChances(buf []rules.ChanceOutcome[Move]) []rules.ChanceOutcome[Move] {
	return buf
}
