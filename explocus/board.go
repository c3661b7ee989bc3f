package explocus

// The board's geometry. Both boards live on the position's MaxSize×MaxSize
// grid of (file, rank) cells: the square board is the rectangle of cols ×
// rows cells; the Hexplocus hexagon of side N is the part of the
// (2N−1)×(2N−1) rectangle where |file − rank| ≤ N−1 (R-E4), a rectangle
// cut by a diagonal band. Neighbours are one step along a direction: the
// first four steps (along ranks and files) on both boards, the last two
// (along the diagonal file = rank) on the hexagon only. A cell's capacity
// is its number of neighbours on the board, on both boards.

// step is a direction as a (file, rank) offset.
type step struct{ df, dr int }

// steps: the four orthogonal directions, then the two diagonals that only
// the hexagon has. squareSteps and hexSteps are the directions of each
// board.
var (
	steps       = [6]step{{0, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, -1}, {1, 1}}
	squareSteps = steps[:4]
	hexSteps    = steps[:6]
)

// onBoard reports whether (rank, file) is a cell of the board.
func (p *state) onBoard(rank, file int) bool {
	if uint(rank) >= uint(p.rows) || uint(file) >= uint(p.cols) {
		return false
	}
	if p.side == 0 {
		return true
	}
	d := file - rank
	return d < int(p.side) && -d < int(p.side)
}

// directions returns the board's directions.
func (p *state) directions() []step {
	if p.side != 0 {
		return hexSteps
	}
	return squareSteps
}

// fileRange returns the first and last file of a rank: every file on the
// square board, those within side−1 of the rank on the hexagon.
func (p *state) fileRange(rank int) (lo, hi int) {
	if p.side == 0 {
		return 0, int(p.cols) - 1
	}
	l := int(p.side) - 1
	return max(0, rank-l), min(int(p.cols)-1, rank+l)
}

// neighbours counts the cells next to (rank, file) on the board: the
// definition of a cell's capacity, on both boards.
func (p *state) neighbours(rank, file int) int {
	n := 0
	for _, s := range p.directions() {
		if p.onBoard(rank+s.dr, file+s.df) {
			n++
		}
	}
	return n
}

// hexCapacity[side][rank][file] is the capacity of each cell of the
// hexagon of that side, counted from its neighbours once at start-up: 3 on
// the six corners, 4 on the other edge cells, 6 inside; 0 off the board.
var hexCapacity [MaxSide + 1][MaxSize][MaxSize]uint8

func init() {
	for side := MinSide; side <= MaxSide; side++ {
		p := state{rows: uint8(2*side - 1), cols: uint8(2*side - 1), side: uint8(side)}
		for r := range 2*side - 1 {
			for f := range 2*side - 1 {
				if p.onBoard(r, f) {
					hexCapacity[side][r][f] = uint8(p.neighbours(r, f))
				}
			}
		}
	}
}

// capacity returns the capacity of an on-board cell: its number of
// neighbours (see neighbours), read from a table on the hexagon and
// counted from the edges on the square board (4 inside, 3 on an edge, 2 in
// a corner).
func (p *state) capacity(rank, file int) uint16 {
	if p.side != 0 {
		return uint16(hexCapacity[p.side][rank][file])
	}
	c := uint16(4)
	if rank == 0 || rank == int(p.rows)-1 {
		c--
	}
	if file == 0 || file == int(p.cols)-1 {
		c--
	}
	return c
}

// hexUnits are R-E4's u_0..u_5, the six directions from the centre as
// (file, rank) offsets, counter-clockwise from the first.
var hexUnits = [6]step{{1, 0}, {1, 1}, {0, 1}, {-1, 0}, {-1, -1}, {0, -1}}

// startHex places the Hexplocus start (R-E4): one man on every cell at
// distance 1 to min(3, side−1) from the centre; ring d is split into six
// segments d·u_j + t·(u_{j+1} − u_j), t = 0..d−1, White's for even j and
// Black's for odd j.
func (p *state) startHex() {
	centre := int(p.side) - 1
	for d := 1; d <= min(3, int(p.side)-1); d++ {
		for j, u := range hexUnits {
			v := hexUnits[(j+1)%6]
			for t := range d {
				f := centre + d*u.df + t*(v.df-u.df)
				r := centre + d*u.dr + t*(v.dr-u.dr)
				p.put(r, f, uint8(j%2), 1)
			}
		}
	}
}
