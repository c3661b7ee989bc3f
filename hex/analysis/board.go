package analysis

import (
	"fmt"
	"strconv"
	"sync"
)

// Color is the colour of a stone or of the player to move.
type Color uint8

const (
	// Black joins the top and bottom sides and moves first.
	Black Color = iota
	// White joins the left and right sides.
	White
)

// Other returns the opposite colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Sides returns the two sides colour c joins: Top and Bottom for Black,
// Left and Right for White.
func (c Color) Sides() (first, second Side) {
	if c == White {
		return Left, Right
	}
	return Top, Bottom
}

// Side is one of the four sides of the board (its edges).
type Side uint8

const (
	// Top is the side above row 1, one of Black's.
	Top Side = iota
	// Bottom is the side below the last row, Black's other.
	Bottom
	// Left is the side left of column a, one of White's.
	Left
	// Right is the side right of the last column, White's other.
	Right
)

// Owner returns the colour that joins side s.
func (s Side) Owner() Color {
	if s >= Left {
		return White
	}
	return Black
}

// Geometry is the shape of a board: its size, each cell's neighbours and
// the cells along each side. Cells are numbered row by row from the top
// left, cell = row×cols + col (0-based); the four sides are the nodes
// Cells()+Top .. Cells()+Right. Geometries are shared and immutable.
type Geometry struct {
	cols, rows, n int
	// ring holds each cell's six neighbours in angular order: right,
	// up-right, up-left, left, down-left, down-right. A neighbour off the
	// board is offBoard(sides) with the sides that point belongs to.
	ring  [][6]int16
	cells Set
	side  [4]Set // the cells touching each side
}

// offBoard encodes a point off the board next to the sides in mask (bit
// s for Side s) as a negative ring entry.
func offBoard(mask int) int16 { return int16(-1 - mask) }

// sidesOf returns the sides mask of a negative ring entry.
func sidesOf(v int16) int { return int(-1 - v) }

// ringDirs are the six neighbour offsets (column, row) in angular order.
var ringDirs = [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

var (
	geomMu sync.Mutex
	geoms  = map[[2]int]*Geometry{}
)

// NewGeometry returns the geometry of a board of cols columns and rows
// rows, each at least 1, with at most MaxCells cells.
func NewGeometry(cols, rows int) (*Geometry, error) {
	// Each bounded before the product, which could overflow.
	if cols < 1 || rows < 1 || cols > MaxCells || rows > MaxCells || cols*rows > MaxCells {
		return nil, fmt.Errorf("analysis: a %d×%d board is not supported (at least 1×1, at most %d cells)", cols, rows, MaxCells)
	}
	geomMu.Lock()
	defer geomMu.Unlock()
	if g := geoms[[2]int{cols, rows}]; g != nil {
		return g, nil
	}
	g := &Geometry{cols: cols, rows: rows, n: cols * rows, ring: make([][6]int16, cols*rows)}
	for r := range rows {
		for c := range cols {
			i := r*cols + c
			g.cells.Add(i)
			for d, dir := range ringDirs {
				nc, nr := c+dir[0], r+dir[1]
				mask := 0
				if nr < 0 {
					mask |= 1 << Top
				}
				if nr >= rows {
					mask |= 1 << Bottom
				}
				if nc < 0 {
					mask |= 1 << Left
				}
				if nc >= cols {
					mask |= 1 << Right
				}
				if mask != 0 {
					g.ring[i][d] = offBoard(mask)
					for s := range 4 {
						if mask>>s&1 != 0 {
							g.side[s].Add(i)
						}
					}
					continue
				}
				g.ring[i][d] = int16(nr*cols + nc)
			}
		}
	}
	geoms[[2]int{cols, rows}] = g
	return g, nil
}

// Size returns the board's columns and rows.
func (g *Geometry) Size() (cols, rows int) { return g.cols, g.rows }

// Cells returns the number of cells.
func (g *Geometry) Cells() int { return g.n }

// Nodes returns the number of nodes: the cells and the four sides.
func (g *Geometry) Nodes() int { return g.n + 4 }

// SideNode returns the node number of side s.
func (g *Geometry) SideNode(s Side) int { return g.n + int(s) }

// All returns the set of every cell of the board.
func (g *Geometry) All() Set { return g.cells }

// Touching returns the cells next to side s.
func (g *Geometry) Touching(s Side) Set { return g.side[s] }

// Cell returns the cell of column col and row row (0-based).
func (g *Geometry) Cell(col, row int) int { return row*g.cols + col }

// ColRow returns the 0-based column and row of a cell.
func (g *Geometry) ColRow(cell int) (col, row int) { return cell % g.cols, cell / g.cols }

// Name returns a node's name: a cell in Hex notation ("c3": column letter,
// row number from 1 at the top), or a side ("top", "bottom", "left",
// "right").
func (g *Geometry) Name(node int) string {
	if node >= g.n {
		return [...]string{"top", "bottom", "left", "right"}[(node-g.n)&3]
	}
	c, r := g.ColRow(node)
	return string(rune('a'+c)) + strconv.Itoa(r+1)
}

// Neighbors calls yield with each neighbour of cell on the board.
func (g *Geometry) Neighbors(cell int, yield func(int)) {
	for _, v := range g.ring[cell] {
		if v >= 0 {
			yield(int(v))
		}
	}
}

// Adjacent reports whether cells a and b are neighbours.
func (g *Geometry) Adjacent(a, b int) bool {
	for _, v := range g.ring[a] {
		if int(v) == b {
			return true
		}
	}
	return false
}

// Board is a Hex position in the package's own form: the stones of each
// colour as sets of cells, and the colour to move. It is a small value
// (two sets and a pointer to the shared geometry), copied by
// assignment. The zero Board has no geometry and must not be used.
type Board struct {
	g      *Geometry
	stones [2]Set
	turn   Color
}

// NewBoard returns the empty board of geometry g with turn to move.
func NewBoard(g *Geometry, turn Color) Board { return Board{g: g, turn: turn} }

// Geometry returns the board's geometry.
func (b *Board) Geometry() *Geometry { return b.g }

// Turn returns the colour to move.
func (b *Board) Turn() Color { return b.turn }

// SetTurn sets the colour to move.
func (b *Board) SetTurn(c Color) { b.turn = c }

// Stones returns the cells holding stones of colour c.
func (b *Board) Stones(c Color) Set { return b.stones[c] }

// EmptyCells returns the cells holding no stone.
func (b *Board) EmptyCells() Set { return b.g.cells.AndNot(b.stones[0]).AndNot(b.stones[1]) }

// IsEmpty reports whether cell holds no stone.
func (b *Board) IsEmpty(cell int) bool { return !b.stones[0].Has(cell) && !b.stones[1].Has(cell) }

// At returns the colour of the stone on cell, and false for an empty
// cell.
func (b *Board) At(cell int) (Color, bool) {
	switch {
	case b.stones[Black].Has(cell):
		return Black, true
	case b.stones[White].Has(cell):
		return White, true
	}
	return Black, false
}

// Put puts a stone of colour c on cell, whatever was there, without
// changing the colour to move (fill-in uses it).
func (b *Board) Put(cell int, c Color) {
	b.stones[c.Other()].Remove(cell)
	b.stones[c].Add(cell)
}

// Play puts a stone of the colour to move on cell and passes the turn.
func (b *Board) Play(cell int) {
	b.Put(cell, b.turn)
	b.turn = b.turn.Other()
}

// Key returns a hash of the board's size, its stones and the colour to
// move. The size is part of it because cell numbers are: the same cells
// on a 3×3 and a 4×4 board are different positions, and one table may
// hold both.
func (b *Board) Key() uint64 {
	h := uint64(b.turn) * 0x9e3779b97f4a7c15
	if b.g != nil {
		h ^= mix(uint64(b.g.cols)<<32 | uint64(b.g.rows) + 0x2545f4914f6cdd1d)
	}
	for c := range 2 {
		for i, w := range b.stones[c] {
			h ^= mix(w + uint64(i*2+c)*0x632be59bd9b4e019)
		}
	}
	return h
}

// mix is a 64-bit finaliser (SplitMix64's).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Winner returns the colour whose stones join its two sides, if any.
func (b *Board) Winner() (Color, bool) {
	for _, c := range [2]Color{Black, White} {
		if b.joins(c) {
			return c, true
		}
	}
	return Black, false
}

// joins reports whether the stones of c join its two sides: a depth-first
// search from the stones touching c's first side.
func (b *Board) joins(c Color) bool {
	first, second := c.Sides()
	own := &b.stones[c]
	start := b.g.side[first].And(*own)
	if start.Empty() {
		return false
	}
	target := b.g.side[second]
	var seen Set
	var stack [MaxCells]int16
	top := 0
	for cell := range start.All() {
		seen.Add(cell)
		stack[top] = int16(cell)
		top++
	}
	for top > 0 {
		top--
		cell := int(stack[top])
		if target.Has(cell) {
			return true
		}
		for _, v := range b.g.ring[cell] {
			if v >= 0 && own.Has(int(v)) && !seen.Has(int(v)) {
				seen.Add(int(v))
				stack[top] = v
				top++
			}
		}
	}
	return false
}

// String draws the board as rows of '.', 'B' and 'W', each row shifted
// one more space to the right, and the colour to move.
func (b *Board) String() string {
	var out []byte
	for r := range b.g.rows {
		for range r {
			out = append(out, ' ')
		}
		for c := range b.g.cols {
			ch := byte('.')
			if col, ok := b.At(b.g.Cell(c, r)); ok {
				ch = "BW"[col]
			}
			out = append(out, ch, ' ')
		}
		out[len(out)-1] = '\n'
	}
	return string(out) + b.turn.String() + " to move\n"
}

// Ring returns the six neighbours of cell in angular order (right,
// up-right, up-left, left, down-left, down-right): a cell, or below zero
// a point off the board, whose sides OffSides tells.
func (g *Geometry) Ring(cell int) *[6]int16 { return &g.ring[cell] }

// OffSides returns the sides a point off the board (a negative Ring
// entry) lies along, bit s for Side s.
func OffSides(v int16) uint8 { return uint8(sidesOf(v)) }

// Owns reports whether cell holds a stone of colour c.
func (b *Board) Owns(c Color, cell int) bool { return b.stones[c].Has(cell) }
