package patterns

import "github.com/tabletop-go/rules/hex"

// This file gives each empty cell its path classes: how far it lies off
// the mover's and the opponent's shortest paths between their sides, the
// one feature of the model that looks at the whole board. Local patterns
// see where stones stand near a cell; the path classes see whether a
// stone there would lie on the line of the fight.

// PathClasses is the number of path classes of each player (see the
// package doc): a cell on one of the player's shortest paths is in class
// 0, one a step longer in class 1, and so on up to PathClasses-1, which
// also takes the cells through which the player has no path at all.
const PathClasses = 6

// gridCells is the most cells of a board with a border of one cell
// around it, as pathScratch lays it out.
const gridCells = (hex.MaxSize + 2) * (hex.MaxSize + 2)

// noPath is the two-distance of a cell from which a player cannot reach
// a side: above any sum of two real two-distances.
const noPath = 2 * gridCells

// What a cell of pathScratch's grid holds: a stone, nothing, or, on the
// border, which side it lies beyond.
const (
	gridEmpty = iota
	gridBlack
	gridWhite
	gridTop    // beyond the top row: Black's first side
	gridBottom // beyond the bottom row: Black's second
	gridLeft   // beyond the first column: White's first
	gridRight  // beyond the last column: White's second
	gridCorner // beyond a row and a column at once: no side
)

// pathScratch is the working memory of one computation of path classes,
// kept in a caller's stack frame so that it allocates nothing. The board
// is laid out with a border of one cell around it, so that a cell's six
// neighbours are at fixed offsets (step) and the border says which side
// lies beyond it.
type pathScratch struct {
	cols, rows, stride int
	step               [6]int
	grid               [gridCells]uint8
	stone              uint8    // the colour measured: its stones' grid value
	sides              [2]uint8 // and its sides'
	group              [gridCells]int16
	stones             [gridCells]int16     // the stones of each group, group by group
	first              [gridCells + 1]int16 // group g's stones are stones[first[g]:first[g+1]]
	touches            [gridCells][2]bool   // whether group g touches the first side, the second
	seen               [gridCells]int16     // the cell whose neighbours were last counted, by cell
	seenGroup          [gridCells]int16     // and by group
	count              [gridCells]uint8
	queue              [2][gridCells]int16
	dist               [2][gridCells]int16
}

// pathClasses sets class[i], for each empty cell i of the board (cells
// in reading order, cols×rows), to the pair of its path classes as
// a*PathClasses + o, a the mover's class and o the opponent's; cells
// holding stones get 0. The board must be one Weights accepts.
func pathClasses(class []uint8, cells []hex.Color, cols, rows int, mover hex.Color) {
	var s pathScratch
	s.load(cells, cols, rows)
	var mine, theirs [maxCells]uint8
	s.classes(mine[:len(cells)], mover)
	s.classes(theirs[:len(cells)], mover.Other())
	for i := range cells {
		class[i] = 0
		if cells[i] == hex.Empty {
			class[i] = mine[i]*PathClasses + theirs[i]
		}
	}
}

// load lays the board out on the grid.
func (s *pathScratch) load(cells []hex.Color, cols, rows int) {
	s.cols, s.rows, s.stride = cols, rows, cols+2
	s.step = [6]int{1, -1, s.stride, -s.stride, 1 - s.stride, s.stride - 1}
	for y := -1; y <= rows; y++ {
		for x := -1; x <= cols; x++ {
			var g uint8
			switch {
			case (x < 0 || x == cols) && (y < 0 || y == rows):
				g = gridCorner
			case y < 0:
				g = gridTop
			case y == rows:
				g = gridBottom
			case x < 0:
				g = gridLeft
			case x == cols:
				g = gridRight
			default:
				switch cells[y*cols+x] {
				case hex.Black:
					g = gridBlack
				case hex.White:
					g = gridWhite
				}
			}
			s.grid[(y+1)*s.stride+x+1] = g
		}
	}
}

// at returns the grid index of board cell i.
func (s *pathScratch) at(i int) int { return (i/s.cols+1)*s.stride + i%s.cols + 1 }

// classes sets class[i], for each empty cell i, to colour c's path class
// of i: its potential (its two-distances to c's two sides added) less
// the least potential of the board, at most PathClasses-1.
func (s *pathScratch) classes(class []uint8, c hex.Color) {
	if c == hex.Black {
		s.stone, s.sides = gridBlack, [2]uint8{gridTop, gridBottom}
	} else {
		s.stone, s.sides = gridWhite, [2]uint8{gridLeft, gridRight}
	}
	s.findGroups()
	s.twoDistance(0)
	s.twoDistance(1)
	least := noPath
	for i := range class {
		if at := s.at(i); s.grid[at] == gridEmpty {
			least = min(least, int(s.dist[0][at])+int(s.dist[1][at]))
		}
	}
	for i := range class {
		at := s.at(i)
		class[i] = PathClasses - 1
		if p := int(s.dist[0][at]) + int(s.dist[1][at]); s.grid[at] == gridEmpty && p < noPath {
			class[i] = uint8(min(p-least, PathClasses-1))
		}
	}
}

// findGroups numbers the groups of the colour's stones (chains of
// adjacent stones), lists each group's stones and notes which of the
// colour's sides each touches.
func (s *pathScratch) findGroups() {
	for at := range (s.rows + 2) * s.stride {
		s.group[at] = -1
	}
	groups, top := 0, 0
	for row := range s.rows {
		for col := range s.cols {
			at := (row+1)*s.stride + col + 1
			if s.grid[at] != s.stone || s.group[at] >= 0 {
				continue
			}
			g := groups
			groups++
			s.first[g] = int16(top)
			s.touches[g] = [2]bool{}
			s.group[at] = int16(g)
			s.stones[top] = int16(at)
			top++
			for k := int(s.first[g]); k < top; k++ { // the group's stones so far double as the flood's queue
				x := int(s.stones[k])
				for _, d := range s.step {
					switch y := x + d; s.grid[y] {
					case s.stone:
						if s.group[y] < 0 {
							s.group[y] = int16(g)
							s.stones[top] = int16(y)
							top++
						}
					case s.sides[0]:
						s.touches[g][0] = true
					case s.sides[1]:
						s.touches[g][1] = true
					}
				}
			}
			s.first[groups] = int16(top)
		}
	}
}

// twoDistance sets s.dist[which][at], for each empty cell at, to its
// two-distance to the colour's side which: 1 for a cell along that side
// or next to a group of the colour's that touches it, else one more
// than the second least two-distance among the cell's neighbours,
// counting as its neighbours the empty cells next to it and those next
// to any group of the colour's it touches (the opponent can block the
// best of them, not both); noPath where there is none. Cells are settled
// in rounds of equal distance: a cell is settled in the round after the
// one in which a second of its neighbours was.
func (s *pathScratch) twoDistance(which int) {
	d := &s.dist[which]
	side := s.sides[which]
	round := s.queue[0][:0]
	for at := range (s.rows + 2) * s.stride {
		d[at], s.count[at], s.seen[at], s.seenGroup[at] = noPath, 0, -1, -1
		if s.grid[at] != gridEmpty {
			continue
		}
		for _, step := range s.step {
			y := at + step
			if s.grid[y] == side || s.grid[y] == s.stone && s.touches[s.group[y]][which] {
				d[at] = 1
				round = append(round, int16(at))
				break
			}
		}
	}
	for k, buf := int16(1), 1; len(round) > 0; k, buf = k+1, 1-buf {
		next := s.queue[buf][:0]
		for _, x16 := range round {
			x := int(x16)
			for _, step := range s.step {
				y := x + step
				switch s.grid[y] {
				case gridEmpty:
					next = s.countNeighbour(next, d, y, x16, k)
				case s.stone:
					if g := s.group[y]; s.seenGroup[g] != x16 {
						s.seenGroup[g] = x16
						for _, t := range s.stones[s.first[g]:s.first[g+1]] {
							for _, step := range s.step {
								if z := int(t) + step; s.grid[z] == gridEmpty {
									next = s.countNeighbour(next, d, z, x16, k)
								}
							}
						}
					}
				}
			}
		}
		round = next
	}
}

// countNeighbour counts cell x, settled at distance k, once as a
// neighbour of the empty cell y; y is settled at k+1, and appended to
// next, when x is its second.
func (s *pathScratch) countNeighbour(next []int16, d *[gridCells]int16, y int, x int16, k int16) []int16 {
	if d[y] == noPath && s.seen[y] != x {
		s.seen[y] = x
		s.count[y]++
		if s.count[y] == 2 {
			d[y] = k + 1
			next = append(next, int16(y))
		}
	}
	return next
}
