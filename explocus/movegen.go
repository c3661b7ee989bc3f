package explocus

import (
	"math/bits"
	"slices"

	"github.com/tabletop-go/rules"
)

// MaxMoves bounds the legal moves of any position of either board: a
// column of height h has at most one move per direction and distance, 4h
// on the square board and 6h on the hexagon, and the mover has fewer men
// than the board has adjacencies (R-E3): 1300 on the largest square
// board, 1332 on the largest hexagon, so at most 6·1332 = 7992 moves. A
// position's own bound, MaxMoves(), is far smaller: 144 at most on the
// standard square board and 216 on the standard hexagon.
const MaxMoves = 6 * (3 * (3*MaxSide - 2) * (MaxSide - 1))

// MaxMoves returns the spare buffer capacity AppendMoves needs to never
// allocate, here and in every position reached from here: one move per
// man on the board and direction, four per man on the square board and
// six on the hexagon (men are never created or destroyed, only converted,
// so no seat can ever own more).
func (p state) MaxMoves() int { return p.maxMoves() }

func (p *state) maxMoves() int { return p.movesPerMan() * (int(p.men[0]) + int(p.men[1])) }

// movesPerMan is the number of directions: 4 on the square board, 6 on
// the hexagon.
func (p *state) movesPerMan() int {
	if p.side != 0 {
		return 6
	}
	return 4
}

// AppendMoves appends the legal moves in canonical order (by origin, then
// destination; cells a1, b1, ..., a2, ...) and returns the extended
// buffer. With spare capacity for p.MaxMoves() (at most MaxMoves) it
// never allocates.
func (p state) AppendMoves(buf []Move) []Move { return p.generate(buf) }

// generate calls the board's move generator. AppendMoves stays a single
// call, so that the compiler inlines it where it is called through a
// pointer (generic code does), sparing a copy of the position.
func (p *state) generate(buf []Move) []Move {
	if p.side != 0 {
		return p.appendHexMoves(buf)
	}
	return p.appendMoves(buf)
}

func (p *state) appendMoves(buf []Move) []Move {
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

// appendHexMoves is appendMoves on the hexagon of side N: the cells are
// those with |file − rank| ≤ N−1 on a grid of M+1 = 2N−1 files and ranks,
// and a column moves along six directions. From (f, r), with d = f − r and
// L = N−1, the farthest cell on the board in each direction is
//
//	down-left (−1, −1): min(f, r)      down  (0, −1): min(r, L − d)
//	left      (−1, 0):  min(f, L + d)  right (+1, 0): min(M − f, L − d)
//	up        (0, +1):  min(M − r, L + d)  up-right (+1, +1): min(M − f, M − r)
//
// (the hexagon is convex, so every cell in between is on the board too).
// Destinations come in ascending (rank, file) order: down-left before
// down on each lower rank, the farthest rank first; then left and right on
// the column's rank; then up before up-right on each higher rank.
func (p *state) appendHexMoves(buf []Move) []Move {
	if p.men[p.turn&1] == 0 || p.limitReached() {
		return buf
	}
	if need := 6 * int(p.men[p.turn&1]); cap(buf)-len(buf) < need {
		buf = slices.Grow(buf, need)
	}
	last := int(p.rows) - 1
	l := int(p.side) - 1
	mine := &p.own[p.turn&1]
	n := len(buf)
	out := buf[:cap(buf)]
	for r := range last + 1 {
		for b := mine[r]; b != 0; b &= b - 1 {
			f := bits.TrailingZeros32(b)
			h := int(p.height[r][f])
			if n+6*h > len(out) {
				return out[:n] // cannot happen: the bound counts 6 per man
			}
			d := f - r
			from := Move(r)<<24 | Move(f)<<16
			downLeft, down := min(h, f, r), min(h, r, l-d)
			for k := max(downLeft, down); k >= 1; k-- {
				if k <= downLeft {
					out[n] = from | Move(r-k)<<8 | Move(f-k)
					n++
				}
				if k <= down {
					out[n] = from | Move(r-k)<<8 | Move(f)
					n++
				}
			}
			horizontal := from | Move(r)<<8
			for k := min(h, f, l+d); k >= 1; k-- {
				out[n] = horizontal | Move(f-k)
				n++
			}
			for k := 1; k <= min(h, last-f, l-d); k++ {
				out[n] = horizontal | Move(f+k)
				n++
			}
			up, upRight := min(h, last-r, l+d), min(h, last-f, last-r)
			for k := 1; k <= max(up, upRight); k++ {
				if k <= up {
					out[n] = from | Move(r+k)<<8 | Move(f)
					n++
				}
				if k <= upRight {
					out[n] = from | Move(r+k)<<8 | Move(f+k)
					n++
				}
			}
		}
	}
	return out[:n]
}

// AppendChances appends nothing: Explocus has no chance nodes.
func (p state) AppendChances(buf []rules.ChanceOutcome[Move]) []rules.ChanceOutcome[Move] {
	return buf
}
