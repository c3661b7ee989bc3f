package domination

import (
	"math/bits"
	"slices"

	"github.com/tabletop-go/rules"
)

// The search-and-learning kit: action indices, observations and
// symmetries (see the package doc, "Actions, observations and
// symmetries").

// NumActions is the size of the decision action space: 2 choices of the
// piece that steps first × 14 landings of the first step × 14 of the
// second. Position.NumActions returns it.
const NumActions = 2 * numSteps * numSteps

// NumChanceActions is the size of the chance action space: one index per
// tile, the tile's own number (0-0 is 0, 6-6 is 27).
const NumChanceActions = NumTiles

// ObservationPlanes is the number of 8×8 planes of an observation (see
// the package doc for each).
const ObservationPlanes = 12

// NumSymmetries is the number of symmetries Symmetries reports: the eight
// of the square.
const NumSymmetries = 8

// numSteps is the number of landings of a step: the 7 other squares of
// the piece's rank, then the 7 other squares of its file.
const numSteps = 14

// observation planes
const (
	planeOwn      = 0
	planeOpponent = 1
	planeDominoes = 2
	planeDrawn    = 3 // 3..9: the numbers 0..6 of the drawn domino
	planePool     = 10
	planeTurn     = 11
	planeSize     = 64
)

// Ply returns the number of moves played from the start, draws included:
// two per domino placed, and one more once this turn's domino is drawn.
// It is computed from the pool and the drawn domino, which every position
// holds, so a position read from text has its ply too.
func (p Position) Ply() int {
	if !p.valid() {
		return 0
	}
	ply := 2 * (NumTiles - bits.OnesCount32(p.pool))
	if p.pending != 0 {
		ply--
	}
	return ply
}

// NumActions returns NumActions (392).
func (p Position) NumActions() int {
	if !p.valid() {
		return 0
	}
	return NumActions
}

// NumChanceActions returns NumChanceActions (28).
func (p Position) NumChanceActions() int {
	if !p.valid() {
		return 0
	}
	return NumChanceActions
}

// stepIndex returns the landing index of a straight step from f to t: the
// offset 1..7 eastward along the rank (wrapping) as 0..6, or the offset
// 1..7 northward along the file as 7..13; -1 if t is f or not on its rank
// or file.
func stepIndex(f, t Square) int {
	df, dr := (t-f)&7, (t>>3-f>>3)&7
	switch {
	case f>>3 == t>>3 && df != 0:
		return int(df) - 1
	case f&7 == t&7 && dr != 0:
		return 6 + int(dr)
	}
	return -1
}

// stepTo returns the square of landing s (see stepIndex) from f.
func stepTo(f Square, s int) Square {
	if s < 7 {
		return f&^7 | (f+Square(s)+1)&7
	}
	return (f + 8*Square(s-6)) & 63
}

// movers returns the squares of the pieces of the seat whose turn it is,
// the lower first.
func (p *Position) movers() (lo, hi Square) {
	b := p.pieces[p.turn&1]
	return Square(bits.TrailingZeros64(b)), Square(63 - bits.LeadingZeros64(b))
}

// ActionIndex returns m's index: for a draw, its tile (the chance space);
// for a turn of the pieces of the seat whose turn it is, first·196 +
// s1·14 + s2, where first is 0 when the lower-numbered of the two pieces
// (a1 = 0, h8 = 63) steps first and 1 otherwise, and s1 and s2 are the
// landings of the first and the second step (see the package doc); -1 for
// anything else: a turn of other squares, a step that is no straight line
// or NoMove. It never allocates.
func (p Position) ActionIndex(m Move) int {
	if !p.valid() {
		return -1
	}
	if m.IsDraw() {
		return int(m & 31)
	}
	if !m.IsTurn() {
		return -1
	}
	f1, t1, f2, t2 := m.steps()
	lo, hi := p.movers()
	first := 0
	switch {
	case f1 == lo && f2 == hi:
	case f1 == hi && f2 == lo:
		first = 1
	default:
		return -1
	}
	s1, s2 := stepIndex(f1, t1), stepIndex(f2, t2)
	if s1 < 0 || s2 < 0 {
		return -1
	}
	return first*numSteps*numSteps + s1*numSteps + s2
}

// ActionMove returns the turn of index i (see ActionIndex) of the pieces
// of the seat whose turn it is, and false for i outside [0, NumActions).
// Every index gives a turn of the space, legal here or not.
func (p Position) ActionMove(i int) (Move, bool) {
	if !p.valid() || uint(i) >= NumActions {
		return NoMove, false
	}
	f1, f2 := p.movers()
	if i >= numSteps*numSteps {
		f1, f2 = f2, f1
	}
	s1, s2 := i/numSteps%numSteps, i%numSteps
	return turn(f1, stepTo(f1, s1), f2, stepTo(f2, s2)), true
}

// ChanceMove returns the draw of tile i, and false for i outside [0,
// NumChanceActions).
func (p Position) ChanceMove(i int) (Move, bool) {
	if !p.valid() || uint(i) >= NumChanceActions {
		return NoMove, false
	}
	return draw(Tile(i)), true
}

// ObservationShape returns (ObservationPlanes, 8, 8): twelve planes of the
// board's 8 ranks of 8 files.
func (p Position) ObservationShape() (planes, rows, cols int) {
	if !p.valid() {
		return 0, 0, 0
	}
	return ObservationPlanes, 8, 8
}

// AppendObservation appends the position as seat sees it (everything is
// common knowledge): ObservationPlanes planes of 8×8 values, row r of a
// plane being rank r+1 and column f file f (value i of a plane is square
// i), in the order the package doc lists them. It appends nothing for a
// seat other than 0 and 1, and never allocates given ObservationPlanes×64
// values of spare capacity.
func (p Position) AppendObservation(buf []float32, seat rules.Player) []float32 {
	if !p.valid() || seat != 0 && seat != 1 {
		return buf
	}
	n := len(buf)
	buf = slices.Grow(buf, ObservationPlanes*planeSize)[:n+ObservationPlanes*planeSize]
	o := buf[n:]
	clear(o)
	for b := p.pieces[seat]; b != 0; b &= b - 1 {
		o[planeOwn*planeSize+bits.TrailingZeros64(b)] = 1
	}
	for b := p.pieces[1-seat]; b != 0; b &= b - 1 {
		o[planeOpponent*planeSize+bits.TrailingZeros64(b)] = 1
	}
	for b := p.dominoes; b != 0; b &= b - 1 {
		o[planeDominoes*planeSize+bits.TrailingZeros64(b)] = 1
	}
	if p.pending != 0 {
		t := (p.pending - 1) % NumTiles
		lo, hi := int(tileLow[t]), int(tileHigh[t])
		// Half on each number's plane: the whole of it on a double's.
		if lo == hi {
			copy(o[(planeDrawn+lo)*planeSize:][:planeSize], filled[1][:])
		} else {
			copy(o[(planeDrawn+lo)*planeSize:][:planeSize], filled[0][:])
			copy(o[(planeDrawn+hi)*planeSize:][:planeSize], filled[0][:])
		}
	}
	pool := o[planePool*planeSize:][:planeSize]
	for b := p.pool; b != 0; b &= b - 1 {
		t := bits.TrailingZeros32(b)
		lo, hi := int(tileLow[t]), int(tileHigh[t])
		pool[lo*8+hi] = 1
		pool[hi*8+lo] = 1
	}
	if rules.Player(p.turn) == seat {
		copy(o[planeTurn*planeSize:][:planeSize], filled[1][:])
	}
	return buf
}

// filled are the planes copied whole into an observation: one of halves
// and one of ones (a plane copied at once costs a fraction of setting
// its values one by one).
var filled = func() (t [2][planeSize]float32) {
	for i := range planeSize {
		t[0][i], t[1][i] = 0.5, 1
	}
	return t
}()

// symSquare[k][sq] is the image of sq under symmetry k (see the package
// doc): the eight symmetries of the square about the board's centre, in
// the order identity, half turn, mirror of the files (a↔h), mirror of the
// ranks (1↔8), quarter turn clockwise, quarter turn counter-clockwise,
// reflection in the a1-h8 diagonal, reflection in the a8-h1 diagonal.
var symSquare = func() (t [NumSymmetries][64]Square) {
	for sq := Square(0); sq < 64; sq++ {
		f, r := int(sq&7), int(sq>>3)
		for k, img := range [NumSymmetries][2]int{
			{f, r}, {7 - f, 7 - r}, {7 - f, r}, {f, 7 - r},
			{r, 7 - f}, {7 - r, f}, {r, f}, {7 - r, 7 - f},
		} {
			t[k][sq] = NewSquare(img[0], img[1])
		}
	}
	return t
}()

// startImages are the images of the start's pieces (R-D1) under the
// symmetries, each once: the start, which the half turn and the diagonal
// reflections keep, and its image under a quarter turn (X on d5 and e4, O
// on a1 and h8), which the other four give. Play cannot tell them apart,
// so a position text may start from either (see openingError).
var startImages = func() (out [][2]uint64) {
	for k := range NumSymmetries {
		var img [2]uint64
		for s := range 2 {
			for b := startPieces[s]; b != 0; b &= b - 1 {
				img[s] |= 1 << symSquare[k][bits.TrailingZeros64(b)]
			}
		}
		if !slices.Contains(out, img) {
			out = append(out, img)
		}
	}
	return out
}()

// Symmetries returns NumSymmetries (8).
func (p Position) Symmetries() int {
	if !p.valid() {
		return 0
	}
	return NumSymmetries
}

// Transform returns the position under symmetry k: its pieces and placed
// dominoes moved to their images, the drawn domino, the pool and the seat
// to move unchanged.
func (p Position) Transform(k int) Position {
	if !p.valid() || uint(k) >= NumSymmetries {
		return Position{}
	}
	if k == 0 {
		return p
	}
	img := &symSquare[k]
	q := p
	q.pieces = [2]uint64{}
	q.dominoes = 0
	q.tiles = [64]uint8{}
	for s := range 2 {
		for b := p.pieces[s]; b != 0; b &= b - 1 {
			q.pieces[s] |= 1 << img[bits.TrailingZeros64(b)]
		}
	}
	for b := p.dominoes; b != 0; b &= b - 1 {
		sq := bits.TrailingZeros64(b)
		to := img[sq]
		q.dominoes |= 1 << to
		q.tiles[to] = p.tiles[sq]
	}
	q.hash = q.computeHash()
	return q
}

// TransformMove returns m under symmetry k: a turn with its four squares
// moved to their images, a draw unchanged. It returns NoMove for k
// outside [0, 8) and for a value that is neither a turn nor a draw.
func (p Position) TransformMove(k int, m Move) Move {
	if !p.valid() || uint(k) >= NumSymmetries {
		return NoMove
	}
	switch {
	case m.IsDraw():
		return m
	case !m.IsTurn():
		return NoMove
	}
	img := &symSquare[k]
	f1, t1, f2, t2 := m.steps()
	return turn(img[f1], img[t1], img[f2], img[t2])
}
