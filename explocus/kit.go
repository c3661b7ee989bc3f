package explocus

import (
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/tabletop-go/rules"
)

// The search-and-learning kit: action indices, observations and
// symmetries (see the package doc, "Actions, observations and
// symmetries").

// boardKit holds the kit's tables of a board, which depend on the board
// alone: its action space, the observation's planes of the board and its
// capacities, and the images of its cells under its symmetries.
//
// The action space is every move a position of the board can ever list,
// in canonical order (by origin, then destination), an action's index
// being its place in the list. A move can be listed when its origin and
// destination are cells of the board on one of the board's lines, k
// cells apart, and k is at most the most men a column of the origin can
// hold once a move is over (its capacity − 1).
type boardKit struct {
	moves []Move
	// start[rank*MaxSize+file] is the index of the first move from that
	// cell; the cell's moves end where the next cell's start.
	start [MaxSize*MaxSize + 1]uint16
	// planes are the observation's planes of the board and of the
	// capacities (see AppendObservation).
	planes []float32
	// images[k][rank*MaxSize+file] is the image of a cell of the board
	// under symmetry k, packed rank<<8 | file as a Square; cells[k] has
	// the same images as cell numbers rank*MaxSize+file.
	images [][MaxSize * MaxSize]Square
	cells  [][MaxSize * MaxSize]uint16
}

// cellRank and cellFile are the rank and file of cell number
// rank*MaxSize+file.
var cellRank, cellFile = func() (rank, file [MaxSize * MaxSize]uint8) {
	for i := range rank {
		rank[i], file[i] = uint8(i/MaxSize), uint8(i%MaxSize)
	}
	return rank, file
}()

// The boards' tables, built the first time a position of the board asks
// for them, and kept: squareKits[rows][cols] and hexKits[side].
var (
	squareKits [MaxSize + 1][MaxSize + 1]atomic.Pointer[boardKit]
	hexKits    [MaxSide + 1]atomic.Pointer[boardKit]
)

// kit returns the tables of p's board (nil for the invalid value).
func (p *state) kit() *boardKit {
	var slot *atomic.Pointer[boardKit]
	switch {
	case !p.valid():
		return nil
	case p.side != 0:
		slot = &hexKits[p.side%(MaxSide+1)]
	default:
		slot = &squareKits[p.rows%(MaxSize+1)][p.cols%(MaxSize+1)]
	}
	if s := slot.Load(); s != nil {
		return s
	}
	slot.CompareAndSwap(nil, p.buildKit())
	return slot.Load()
}

// buildKit makes the tables of p's board (see boardKit).
func (p *state) buildKit() *boardKit {
	s := &boardKit{}
	for cell := range MaxSize * MaxSize {
		r, f := cell/MaxSize, cell%MaxSize
		s.start[cell] = uint16(len(s.moves))
		if !p.onBoard(r, f) {
			continue
		}
		from := len(s.moves)
		most := int(p.capacity(r, f)) - 1
		for _, d := range p.directions() {
			for k := 1; k <= most && p.onBoard(r+k*d.dr, f+k*d.df); k++ {
				s.moves = append(s.moves, mv(f, r, f+k*d.df, r+k*d.dr))
			}
		}
		slices.Sort(s.moves[from:])
	}
	s.start[MaxSize*MaxSize] = uint16(len(s.moves))
	rows, cols := int(p.rows), int(p.cols)
	s.planes = make([]float32, 2*rows*cols)
	most := float32(len(p.directions())) // the capacity inside
	for r := range rows {
		lo, hi := p.fileRange(r)
		for f := lo; f <= hi; f++ {
			s.planes[r*cols+f] = 1
			s.planes[rows*cols+r*cols+f] = float32(p.capacity(r, f)) / most
		}
	}
	s.images = make([][MaxSize * MaxSize]Square, p.symmetries())
	s.cells = make([][MaxSize * MaxSize]uint16, p.symmetries())
	for k := range s.images {
		for r := range rows {
			for f := range cols {
				tf, tr := p.image(p.symmetry(k), f, r)
				s.images[k][r*MaxSize+f] = NewSquare(tf, tr)
				s.cells[k][r*MaxSize+f] = uint16(tr*MaxSize + tf)
			}
		}
	}
	return s
}

// mv is the move from (ff, fr) to (tf, tr), 0-based: NoMove if a square
// is off the grid.
func mv(ff, fr, tf, tr int) Move { return StackMove(NewSquare(ff, fr), NewSquare(tf, tr)) }

// NumActions returns the size of the board's action space: the number of
// moves a position of the board can ever list (see the package doc), 504
// on the standard 8×8 board and 1578 on the standard hexagon.
func (p state) NumActions() int { return p.numActions() }

func (p *state) numActions() int {
	s := p.kit()
	if s == nil {
		return 0
	}
	return len(s.moves)
}

// NumChanceActions returns 0: the games have no chance.
func (p state) NumChanceActions() int { return 0 }

// ActionIndex returns m's index in the board's action space: its place
// among the moves a position of the board can ever list, in canonical
// order; -1 for any other value (a move off the board's lines, farther
// than its origin's columns can ever move, a cell off the board, NoMove).
// It never allocates.
func (p state) ActionIndex(m Move) int { return p.actionIndex(m) }

func (p *state) actionIndex(m Move) int {
	s := p.kit()
	from := m >> 16
	file, rank := int(from&0xFF), int(from>>8)
	if s == nil || file >= MaxSize || rank >= MaxSize {
		return -1
	}
	cell := rank*MaxSize + file
	lo, hi := int(s.start[cell]), int(s.start[cell+1])
	if i, ok := slices.BinarySearch(s.moves[lo:hi], m); ok {
		return lo + i
	}
	return -1
}

// ActionMove returns the move of index i, and false for i outside [0,
// NumActions).
func (p state) ActionMove(i int) (Move, bool) { return p.actionMove(i) }

func (p *state) actionMove(i int) (Move, bool) {
	s := p.kit()
	if s == nil || uint(i) >= uint(len(s.moves)) {
		return NoMove, false
	}
	return s.moves[i], true
}

// ChanceMove returns NoMove and false: the games have no chance.
func (p state) ChanceMove(int) (Move, bool) { return NoMove, false }

// tallest returns the most men a column can have once a move is over: 3
// on the square board, 5 on the hexagon.
func (p *state) tallest() int {
	if p.side != 0 {
		return 5
	}
	return 3
}

// observationPlanes returns the number of planes of an observation (see
// the package doc): a plane per height of a column for each seat, the
// board, the capacities and the seat's turn; and with a ply limit, two
// planes of the plies played and left.
func (p *state) observationPlanes() int {
	n := 2*p.tallest() + 3
	if p.plyLimit != 0 {
		n += 2
	}
	return n
}

// ObservationShape returns the observation's planes and the board's
// ranks (rows) and files (cols): (9, rows, cols) on the square board and
// (13, 2N−1, 2N−1) on the hexagon of side N, two planes more with a ply
// limit.
func (p state) ObservationShape() (planes, rows, cols int) {
	if !p.valid() {
		return 0, 0, 0
	}
	return p.observationPlanes(), int(p.rows), int(p.cols)
}

// AppendObservation appends the position as seat sees it (everything is
// public): the planes the package doc lists, each rows × cols values,
// row r of a plane being rank r+1 and column f file f. It appends nothing
// for a seat other than 0 and 1, and never allocates given the shape's
// number of values of spare capacity.
func (p state) AppendObservation(buf []float32, seat rules.Player) []float32 {
	return p.appendObservation(buf, seat)
}

func (p *state) appendObservation(buf []float32, seat rules.Player) []float32 {
	if !p.valid() || seat != 0 && seat != 1 {
		return buf
	}
	rows, cols := int(p.rows), int(p.cols)
	size := rows * cols
	tall := p.tallest()
	planes := p.observationPlanes()
	n := len(buf)
	buf = slices.Grow(buf, planes*size)[:n+planes*size]
	o := buf[n:]
	// The planes are written in order, each at once where it can be (far
	// faster than value by value): the height planes cleared and the
	// columns set, the board and capacities copied, the turn cleared or
	// copied from ones.
	clear(o[:2*tall*size])
	// base[c] is where colour c's planes start: seat's first. Both
	// colours' columns are set in one pass over each row.
	base := [2]int{0, tall * size}
	if seat == 1 {
		base = [2]int{tall * size, 0}
	}
	for r := range rows {
		black := p.own[1][r]
		for b := p.own[0][r] | black; b != 0; b &= b - 1 {
			f := bits.TrailingZeros32(b)
			h := int(p.height[r][f])
			if h >= 1 && h <= tall {
				o[base[black>>f&1]+(h-1)*size+r*cols+f] = 1
			}
		}
	}
	kit := p.kit()
	copy(o[2*tall*size:], kit.planes)
	// The planes of one value are that value on the board's cells and 0
	// off the hexagon, as every plane is: the board plane is their mask.
	board := kit.planes[:size]
	turn := o[(2*tall+2)*size:][:size]
	if rules.Player(p.turn) == seat {
		copy(turn, board)
	} else {
		clear(turn)
	}
	if p.plyLimit != 0 {
		fill(o[(2*tall+3)*size:][:size], board, float32(float64(p.ply)/float64(p.plyLimit)))
		fill(o[(2*tall+4)*size:][:size], board, float32(1/(1+float64(p.plyLimit)-float64(p.ply))))
	}
	return buf
}

// fill sets plane to v on the board's cells (where board is 1) and to 0
// off them.
func fill(plane, board []float32, v float32) {
	for i := range plane {
		plane[i] = v * board[i]
	}
}

// A symmetry maps the cell (f, r) to (f', r') through its centred,
// doubled coordinates X = 2f − (cols−1), Y = 2r − (rows−1): X' = a·X +
// b·Y, Y' = c·X + d·Y.
type symmetry struct{ a, b, c, d int }

// squareSymmetries are those of the rectangle (the first four) and of the
// square (all eight): identity, half turn, mirror of the files (a↔h on
// 8×8), mirror of the ranks (1↔8), quarter turn clockwise, quarter turn
// counter-clockwise, reflection in the a1 diagonal, reflection in the
// other diagonal.
var squareSymmetries = [8]symmetry{
	{1, 0, 0, 1}, {-1, 0, 0, -1}, {-1, 0, 0, 1}, {1, 0, 0, -1},
	{0, 1, -1, 0}, {0, -1, 1, 0}, {0, 1, 1, 0}, {0, -1, -1, 0},
}

// hexSymmetries are the twelve of the hexagon in its axial (file, rank)
// coordinates: the rotations by 0, 60, ..., 300 degrees
// counter-clockwise, each taking u_j to u_{j+k} (R-E4's unit offsets),
// then the reflection that swaps file and rank offsets (fixing the
// (1, 1) diagonal) followed by each rotation.
var hexSymmetries = [12]symmetry{
	{1, 0, 0, 1}, {1, -1, 1, 0}, {0, -1, 1, -1}, {-1, 0, 0, -1}, {-1, 1, -1, 0}, {0, 1, -1, 1},
	{0, 1, 1, 0}, {-1, 1, 0, 1}, {-1, 0, -1, 1}, {0, -1, -1, 0}, {1, -1, 0, -1}, {1, 0, 1, -1},
}

// Symmetries returns the number of symmetries of the board (see the
// package doc): 12 on the hexagon, 8 on a square board, 4 on a board that
// is not square.
func (p state) Symmetries() int { return p.symmetries() }

func (p *state) symmetries() int {
	switch {
	case !p.valid():
		return 0
	case p.side != 0:
		return len(hexSymmetries)
	case p.rows == p.cols:
		return 8
	}
	return 4
}

// symmetry returns symmetry k, which must be in [0, Symmetries).
func (p *state) symmetry(k int) symmetry {
	if p.side != 0 {
		return hexSymmetries[k%len(hexSymmetries)]
	}
	return squareSymmetries[k%len(squareSymmetries)]
}

// image returns the image of the cell (f, r) under s.
func (p *state) image(s symmetry, f, r int) (int, int) {
	nf, nr := int(p.cols)-1, int(p.rows)-1
	x, y := 2*f-nf, 2*r-nr
	return (s.a*x + s.b*y + nf) / 2, (s.c*x + s.d*y + nr) / 2
}

// Transform returns the position under symmetry k: every column on the
// image of its cell, the seat to move, the ply and the configuration
// unchanged.
func (p Position) Transform(k int) (q Position) {
	// Built in place in the result: building a Position and returning it
	// costs a copy of its 900 bytes, a third of the whole.
	p.transformTo(&q.state, k)
	return q
}

// Transform returns the position under symmetry k, as
// Position.Transform does, under the hexagon's twelve symmetries.
func (p HexPosition) Transform(k int) (q HexPosition) {
	p.transformTo(&q.state, k)
	return q
}

// transformTo sets *q, the zero state, to p under symmetry k. The
// cell numbers of the kit and one key table spare it the divisions and
// branches of images and columnKey: together half the cost of a
// transform.
func (p *state) transformTo(q *state, k int) {
	if uint(k) >= uint(p.symmetries()) {
		return
	}
	if k == 0 {
		*q = *p
		return
	}
	cells := &p.kit().cells[k]
	q.men, q.ply, q.plyLimit, q.rows, q.cols, q.side, q.turn = p.men, p.ply, p.plyLimit, p.rows, p.cols, p.side, p.turn
	// The hash as computeHash makes it: the configuration, the ply under
	// a limit and the seat to move, then each column as it lands.
	hash := p.gameKey()
	if p.plyLimit != 0 {
		hash ^= plyKey(p.ply)
	}
	if p.turn == 1 {
		hash ^= zTurn
	}
	for r := range min(int(p.rows), MaxSize) {
		black := p.own[1][r]
		from := cells[r*MaxSize:][:MaxSize]
		for b := p.own[0][r] | black; b != 0; b &= b - 1 {
			f := uint(bits.TrailingZeros32(b))
			if f >= MaxSize {
				break // no board has a file there
			}
			c := black >> f & 1
			to := from[f]
			tr, tf := cellRank[to], cellFile[to]
			h := p.height[r][f]
			q.height[tr][tf] = h
			q.own[c][tr] |= 1 << tf
			hash ^= zColumns[c][h&7][to]
		}
	}
	q.hash = hash
}

// TransformMove returns m with its origin and destination moved to their
// images under symmetry k. It returns NoMove for k outside [0,
// Symmetries) and for a move with a square off the board.
func (p state) TransformMove(k int, m Move) Move { return p.transformMove(k, m) }

func (p *state) transformMove(k int, m Move) Move {
	if uint(k) >= uint(p.symmetries()) {
		return NoMove
	}
	from, to := m.From(), m.To()
	if !from.IsValid() || !to.IsValid() || !p.onBoard(from.Rank(), from.File()) || !p.onBoard(to.Rank(), to.File()) {
		return NoMove
	}
	images := &p.kit().images[k]
	return Move(images[from>>8*MaxSize+from&0xFF])<<16 | Move(images[to>>8*MaxSize+to&0xFF])
}
