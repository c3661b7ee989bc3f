package explocus

import (
	"math/bits"
	"slices"

	"github.com/tabletop-go/rules"
)

// MaxMoves bounds the legal moves of any position: a column of height h
// has at most 4h moves, and the mover has fewer men than the largest
// board's 1300 adjacencies (R-E3). A position's own bound, four times the
// mover's men, is far smaller: 144 at most on the standard board.
const MaxMoves = 4 * (2 * MaxSize * (MaxSize - 1))

// MaxMoves returns the spare buffer capacity AppendMoves needs to never
// allocate, here and in every position reached from here: four moves per
// man on the board (men are never created or destroyed, only converted,
// so no seat can ever own more).
func (p Position) MaxMoves() int { return 4 * (int(p.men[0]) + int(p.men[1])) }

// AppendMoves appends the legal moves in canonical order (by origin, then
// destination; squares a1, b1, ..., a2, ...) and returns the extended
// buffer. With spare capacity for p.MaxMoves() (at most MaxMoves) it
// never allocates.
func (p Position) AppendMoves(buf []Move) []Move { return p.appendMoves(buf) }

func (p *Position) appendMoves(buf []Move) []Move {
	if p.men[p.turn&1] == 0 || p.limitReached() {
		return buf
	}
	if need := 4 * int(p.men[p.turn&1]); cap(buf)-len(buf) < need {
		buf = slices.Grow(buf, need)
	}
	rows, cols := int(p.rows), int(p.cols)
	mine := &p.own[p.turn&1]
	n := len(buf)
	out := buf[:cap(buf)]
	for r := range rows {
		for b := mine[r]; b != 0; b &= b - 1 {
			f := bits.TrailingZeros32(b)
			h := int(p.height[r][f])
			if n+4*h > len(out) {
				return out[:n] // cannot happen: the bound counts 4 per man
			}
			// Destinations in ascending (rank, file) order: down, left,
			// right, up. vertical keeps the file; horizontal the rank.
			vertical := Move(r)<<24 | Move(f)<<16 | Move(f)
			horizontal := Move(r)<<24 | Move(f)<<16 | Move(r)<<8
			for k := min(h, r); k >= 1; k-- {
				out[n] = vertical | Move(r-k)<<8
				n++
			}
			for k := min(h, f); k >= 1; k-- {
				out[n] = horizontal | Move(f-k)
				n++
			}
			for k := 1; k <= min(h, cols-1-f); k++ {
				out[n] = horizontal | Move(f+k)
				n++
			}
			for k := 1; k <= min(h, rows-1-r); k++ {
				out[n] = vertical | Move(r+k)<<8
				n++
			}
		}
	}
	return out[:n]
}

// AppendChances appends nothing: Explocus has no chance nodes.
func (p Position) AppendChances(buf []rules.ChanceOutcome[Move]) []rules.ChanceOutcome[Move] {
	return buf
}
