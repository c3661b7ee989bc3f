package hex

import (
	"math/bits"
	"slices"

	"github.com/tabletop-go/rules"
)

// This file holds the search-and-learning kit: dense action indices,
// observations and symmetries (see the package doc, "Actions,
// observations and symmetries").

// NumActions returns the size of the variant's action space: one index
// per cell, Cols×Rows, plus one for the swap unless the variant is
// swap=none.
func (p Position) NumActions() int {
	if !p.IsValid() {
		return 0
	}
	n := int(p.cols) * int(p.rows)
	if p.mode != SwapNone {
		n++
	}
	return n
}

// NumChanceActions returns 0: Hex has no chance.
func (p Position) NumChanceActions() int { return 0 }

// ActionIndex returns m's action index: rank*Cols + file for a stone on a
// cell of the board (reading order, as AppendMoves lists them),
// Cols×Rows for the swap in a variant with a pie rule, and -1 for
// anything else (NoMove, a cell off this board, the swap of swap=none).
func (p Position) ActionIndex(m Move) int {
	if m == Swap {
		if p.cols == 0 || p.mode == SwapNone {
			return -1
		}
		return int(p.cols) * int(p.rows)
	}
	col, row := m.col(), m.row()
	if col >= int(p.cols) || row >= int(p.rows) {
		return -1
	}
	return row*int(p.cols) + col
}

// ActionMove returns the move of action index i (see ActionIndex), and
// false for i outside [0, NumActions).
func (p Position) ActionMove(i int) (Move, bool) {
	cells := int(p.cols) * int(p.rows)
	switch {
	case uint(i) < uint(cells):
		return cell(i%int(p.cols), i/int(p.cols)), true
	case i == cells && p.cols != 0 && p.mode != SwapNone:
		return Swap, true
	}
	return NoMove, false
}

// ChanceMove returns NoMove and false: Hex has no chance.
func (p Position) ChanceMove(int) (Move, bool) { return NoMove, false }

// Observation planes, in the order AppendObservation writes them (see
// the package doc, "Actions, observations and symmetries").
const (
	planeOwn        = iota // the stones of the colour seat plays
	planeOpponent          // the other colour's stones
	planeFirstSide         // the row or column seat's stones join first
	planeSecondSide        // the row or column seat's stones join second
	planeBlack             // all 1 if seat plays Black
	planeToMove            // all 1 if it is seat's turn (Turn)
	planeSwapNow           // all 1 if the swap is legal now
	planeSwapped           // all 1 once a swap has been played
	planeRuleSides         // all 1 in a swap=sides variant
	planeRulePieces        // all 1 in a swap=pieces variant
	numPlanes
)

// ObservationPlanes is the number of planes of every Hex observation:
// ObservationShape is (ObservationPlanes, Rows, Cols).
const ObservationPlanes = numPlanes

// ObservationShape returns (ObservationPlanes, Rows, Cols): ten planes of
// the board as it lies.
func (p Position) ObservationShape() (planes, rows, cols int) {
	if !p.IsValid() {
		return 0, 0, 0
	}
	return numPlanes, int(p.rows), int(p.cols)
}

// AppendObservation appends the position as seat sees it, the ten planes
// of the package doc ("Actions, observations and symmetries") of Rows×Cols
// values in {0, 1} each, the cell of rank r and file f at offset
// r*Cols + f of its plane (its action index). It appends nothing for a
// seat other than 0 and 1. With ObservationPlanes×Rows×Cols values of
// spare capacity in buf it never allocates.
func (p Position) AppendObservation(buf []float32, seat rules.Player) []float32 {
	if p.cols == 0 || seat != 0 && seat != 1 {
		return buf
	}
	cols, rows := int(p.cols), int(p.rows)
	cells := cols * rows
	n := len(buf)
	buf = slices.Grow(buf, numPlanes*cells)[:n+numPlanes*cells]
	out := buf[n:]
	// The fields are read directly: an inlined call of a method with a
	// value receiver copies the position.
	color := Black
	if (seat == 1) != (p.swap == swapSides) {
		color = White
	}
	own, opp := &p.black, &p.white
	if color == White {
		own, opp = opp, own
	}
	// Runs of zero planes are cleared at once, and the planes of ones
	// copied, in order; then the stones and sides are set.
	on := [numPlanes]bool{
		planeBlack:      color == Black,
		planeToMove:     p.turn == color, // Turn: set once the game is over too
		planeSwapNow:    p.mode != SwapNone && p.ply == 1 && p.swap == noSwap && p.winner == Empty,
		planeSwapped:    p.swap != noSwap,
		planeRuleSides:  p.mode == SwapSides,
		planeRulePieces: p.mode == SwapPieces,
	}
	zeros := planeOwn
	for k := planeBlack; k < numPlanes; k++ {
		if on[k] {
			clear(out[zeros*cells : k*cells])
			copy(out[k*cells:(k+1)*cells], ones[:])
			zeros = k + 1
		}
	}
	clear(out[zeros*cells:])
	// The stones and the sides, on their cleared planes.
	for r := range rows {
		row := out[r*cols:][:cols]
		for w := own[r]; w != 0; w &= w - 1 {
			row[bits.TrailingZeros32(w)] = 1
		}
		row = out[cells+r*cols:][:cols]
		for w := opp[r]; w != 0; w &= w - 1 {
			row[bits.TrailingZeros32(w)] = 1
		}
	}
	first, second := out[planeFirstSide*cells:][:cells], out[planeSecondSide*cells:][:cells]
	if color == Black {
		copy(first[:cols], ones[:])        // the top row
		copy(second[cells-cols:], ones[:]) // the bottom row
	} else {
		for r := range rows {
			first[r*cols] = 1         // column a
			second[r*cols+cols-1] = 1 // the last column
		}
	}
	return buf
}

// ones is the source of the planes of ones AppendObservation writes.
var ones = func() (a [MaxSize * MaxSize]float32) {
	for i := range a {
		a[i] = 1
	}
	return a
}()

// Symmetries returns 2: the identity (k = 0) and the half-turn (k = 1),
// the only transformations of the board that keep every side with its
// colour.
func (p Position) Symmetries() int {
	if !p.IsValid() {
		return 0
	}
	return 2
}

// Transform returns the position under symmetry k: itself for k = 0, and
// for k = 1 the board turned half a turn, each stone on (f, r) moved to
// (Cols−1−f, Rows−1−r), with the seat to move, the swap state and the
// outcome unchanged.
func (p Position) Transform(k int) (q Position) {
	switch {
	case p.cols == 0 || k < 0 || k > 1:
		return q
	case k == 0:
		return p
	}
	// q is built field by field in the result, rather than copied from p
	// and overwritten: the rows past the board stay zero in both.
	q.cols, q.rows, q.mode, q.swap, q.turn, q.winner, q.ply = p.cols, p.rows, p.mode, p.swap, p.turn, p.winner, p.ply
	cols, rows := int(p.cols), int(p.rows)
	q.hash, q.turned = p.turned, p.hash // play keeps the turned hash up to date
	if cols <= 16 {
		// The four words of a row fit one uint64 at 16 bits each, and one
		// Reverse64 reverses each quarter and puts them in reverse order.
		shift := 16 - cols
		for r := range rows {
			rr := rows - 1 - r
			x := bits.Reverse64(uint64(p.black[r]) | uint64(p.white[r])<<16 | uint64(p.reachFirst[r])<<32 | uint64(p.reachSecond[r])<<48)
			q.black[rr] = uint32(uint16(x>>48)) >> shift
			q.white[rr] = uint32(uint16(x>>32)) >> shift
			// The half-turn takes Black's top row to its bottom row and
			// White's left column to its right column: the stones joined
			// to a first side are now joined to the second.
			q.reachSecond[rr] = uint32(uint16(x>>16)) >> shift
			q.reachFirst[rr] = uint32(uint16(x)) >> shift
		}
		return q
	}
	shift := 32 - cols
	for r := range rows {
		// Two words at a time: Reverse64 reverses each half and exchanges
		// them.
		rr := rows - 1 - r
		stones := bits.Reverse64(uint64(p.black[r]) | uint64(p.white[r])<<32)
		q.black[rr] = uint32(stones>>32) >> shift
		q.white[rr] = uint32(stones) >> shift
		reach := bits.Reverse64(uint64(p.reachFirst[r]) | uint64(p.reachSecond[r])<<32)
		q.reachSecond[rr] = uint32(reach>>32) >> shift
		q.reachFirst[rr] = uint32(reach) >> shift
	}
	return q
}

// TransformMove returns m under symmetry k: m itself for k = 0, and for
// k = 1 the stone on (f, r) becomes the stone on (Cols−1−f, Rows−1−r)
// and the swap stays the swap. It returns NoMove for k outside [0,
// Symmetries) and for a value ActionIndex refuses.
func (p Position) TransformMove(k int, m Move) Move {
	col, row := m.col(), m.row()
	switch {
	case k < 0 || k > 1 || p.cols == 0:
		return NoMove
	case m == Swap:
		if p.mode == SwapNone {
			return NoMove
		}
		return Swap
	case col >= int(p.cols) || row >= int(p.rows):
		return NoMove
	case k == 0:
		return m
	}
	return cell(int(p.cols)-1-col, int(p.rows)-1-row)
}

// octets[b] is the eight flags of the eight bits of b, lowest first.
var octets = func() (t [256][8]bool) {
	for b := range t {
		for k := range 8 {
			t[b][k] = b>>k&1 != 0
		}
	}
	return t
}()

// LegalActionMask sets mask[i] to whether action i is legal here (see
// rules.ActionMasker): the empty cells and, while it may be played, the
// swap; all false once the game is over. A short mask gets the indices
// that fit.
func (p Position) LegalActionMask(mask []bool) {
	if p.winner != Empty || p.cols == 0 {
		clear(mask)
		return
	}
	cols, rows := int(p.cols), int(p.rows)
	cells := cols * rows
	if len(mask) < cells { // cell by cell
		for i := range mask {
			r, c := i/cols, i%cols
			mask[i] = (p.black[r]|p.white[r])>>c&1 == 0
		}
		return
	}
	full := uint32(1)<<p.cols - 1
	for r := range rows {
		row := mask[r*cols : (r+1)*cols]
		empty := ^(p.black[r] | p.white[r]) & full
		c := 0
		for ; c+8 <= cols; c += 8 { // eight flags at a time
			*(*[8]bool)(row[c:]) = octets[empty>>c&255]
		}
		for ; c < cols; c++ {
			row[c] = empty>>c&1 != 0
		}
	}
	clear(mask[cells:])
	if len(mask) > cells {
		mask[cells] = p.swapAvailable()
	}
}
