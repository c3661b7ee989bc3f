package patterns

import "github.com/tabletop-go/rules/hex"

// This file reads the features of a cell: its local pattern, seen from
// the mover's side, and its distance to the last two stones.

// What a cell of a pattern holds, seen by the mover; a base-5 digit.
const (
	empty   = 0
	own     = 1 // a stone of the mover
	opp     = 2 // a stone of the opponent
	ownEdge = 3 // off the board, beyond a side the mover joins
	oppEdge = 4 // off the board beyond one of the opponent's sides, or both (a corner)
)

// offsets are the cells of a pattern, as (dx, dy) in the mover's frame:
// the 6 neighbours, then the 12 cells at distance 2. The first 6 make a
// small pattern, the 18 a large one.
var offsets = [Large]struct{ dx, dy int }{
	{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1},
	{2, 0}, {-2, 0}, {0, 2}, {0, -2}, {2, -2}, {-2, 2},
	{1, 1}, {-1, -1}, {2, -1}, {-2, 1}, {1, -2}, {-1, 2},
}

// Small and Large are the cell counts of the two pattern sizes: the
// neighbours of a cell, and the cells within distance 2 of it.
const (
	Small = 6
	Large = 18
)

// half maps each offset to the one a half turn gives, (-dx, -dy).
var half = func() (h [Large]int) {
	for i, o := range offsets {
		for j, p := range offsets {
			if p.dx == -o.dx && p.dy == -o.dy {
				h[i] = j
			}
		}
	}
	return h
}()

// maxCells is the most cells a board has.
const maxCells = hex.MaxSize * hex.MaxSize

// pad is the frame's border: a pattern reaches 2 cells off the board.
const pad = 2

// frame is a board seen by the mover: its colours turned into pattern
// digits on a grid padded by the edges' digits, turned so that the mover
// joins the top and bottom (a transposition, which the hex grid and its
// rules keep, when the mover is White). Cell (x, y) of the frame is at
// index (y+pad)*stride + x + pad.
type frame struct {
	w, h, stride int
	grid         [(hex.MaxSize + 2*pad) * (hex.MaxSize + 2*pad)]uint8
	step         [Large]int // index offsets of the pattern's cells
}

// load fills the frame from cells (colours in reading order, row by
// row, cols×rows) with mover to move. It reports false for a size
// outside 1..hex.MaxSize or cells of another length.
func (f *frame) load(cells []hex.Color, cols, rows int, mover hex.Color) bool {
	if cols < 1 || rows < 1 || cols > hex.MaxSize || rows > hex.MaxSize || len(cells) != cols*rows {
		return false
	}
	f.w, f.h = cols, rows
	if mover == hex.White {
		f.w, f.h = rows, cols
	}
	f.stride = f.w + 2*pad
	for y := -pad; y < f.h+pad; y++ {
		for x := -pad; x < f.w+pad; x++ {
			var d uint8
			switch {
			case x < 0 || x >= f.w:
				d = oppEdge
			case y < 0 || y >= f.h:
				d = ownEdge
			default:
				var c hex.Color
				if mover == hex.White {
					c = cells[x*cols+y] // board row x, column y
				} else {
					c = cells[y*cols+x]
				}
				switch c {
				case hex.Empty:
					d = empty
				case mover:
					d = own
				default:
					d = opp
				}
			}
			f.grid[(y+pad)*f.stride+x+pad] = d
		}
	}
	for i, o := range offsets {
		f.step[i] = o.dy*f.stride + o.dx
	}
	return true
}

// at returns the frame index of board cell (col, row).
func (f *frame) at(col, row int, mover hex.Color) int {
	if mover == hex.White {
		col, row = row, col
	}
	return (row+pad)*f.stride + col + pad
}

// keys returns the canonical keys of the small and large patterns around
// frame index i: the least of the pattern's base-5 number and that of its
// half turn (which keeps the mover's sides), so that a pattern and its
// half turn are one. The large key has bit 63 set, so the two never meet.
func (f *frame) keys(i int) (small, large uint64) {
	var d [Large]uint8
	for k, s := range f.step {
		d[k] = f.grid[i+s]
	}
	var a, b uint64
	for k := Small - 1; k >= 0; k-- {
		a = a*5 + uint64(d[k])
		b = b*5 + uint64(d[half[k]])
	}
	small = min(a, b)
	for k := Large - 1; k >= Small; k-- {
		a = a*5 + uint64(d[k])
		b = b*5 + uint64(d[half[k]])
	}
	// a and b now hold the large digits above the small ones; the
	// canonical large pattern takes the least of the two whole numbers.
	return small, min(a, b) | 1<<63
}

// distance is the hex distance between two cells, or far when either is
// not on the board (a cell below 0).
func distance(cols, a, b int) int {
	if a < 0 || b < 0 {
		return far
	}
	dx := a%cols - b%cols
	dy := a/cols - b/cols
	d := max(abs(dx), abs(dy), abs(dx+dy))
	return min(d, far)
}

// far is the distance class of a cell 3 or more cells from a stone.
const far = 3

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
