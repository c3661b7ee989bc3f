package hexbot

import "github.com/tabletop-go/rules/hex/analysis"

// own reports whether ring entry v (a cell or a point off the board) is
// colour c's: its stone, or a point along one of its sides.
func own(b *analysis.Board, v int16, c analysis.Color) bool {
	if v < 0 {
		first, second := c.Sides()
		s := analysis.OffSides(v)
		return s>>first&1 != 0 || s>>second&1 != 0
	}
	return b.Owns(c, int(v))
}

// bridgeReply returns the cell that saves a bridge of colour c the
// opponent's stone on last intruded into (the other cell between two
// stones of c, or between a stone of c and its side), or -1. start picks
// where the search around last begins, so that ties go either way.
func bridgeReply(b *analysis.Board, last int, c analysis.Color, start int) int {
	ring := b.Geometry().Ring(last)
	for k := range 6 {
		d := (start + k) % 6
		q := ring[d]
		if q < 0 || !b.IsEmpty(int(q)) {
			continue
		}
		if own(b, ring[(d+5)%6], c) && own(b, ring[(d+1)%6], c) {
			return int(q)
		}
	}
	return -1
}

// rollout plays the board to the end at random, except that a player
// whose bridge the opponent has just intruded into saves it, and returns
// the winner. last is the move just played (-1: none). The board ends
// full.
func (w *worker) rollout(b *analysis.Board, last int) analysis.Color {
	empty := b.EmptyCells()
	w.cells = empty.AppendTo(w.cells[:0])
	if cap(w.pos) < b.Geometry().Cells() {
		w.pos = make([]int16, b.Geometry().Cells())
	}
	w.pos = w.pos[:b.Geometry().Cells()]
	for i, c := range w.cells {
		w.pos[c] = int16(i)
	}
	cells := w.cells
	for len(cells) > 0 {
		mover := b.Turn()
		cell := -1
		if last >= 0 {
			cell = bridgeReply(b, last, mover, int(w.rng.Uint32()%6))
		}
		var i int
		if cell >= 0 {
			i = int(w.pos[cell])
		} else {
			i = w.rng.IntN(len(cells))
			cell = int(cells[i])
		}
		end := len(cells) - 1
		cells[i] = cells[end]
		w.pos[cells[i]] = int16(i)
		cells = cells[:end]
		b.Play(cell)
		last = cell
	}
	winner, _ := b.Winner()
	return winner
}

// prior is the value, for the player to move on b, a new child gets
// before any visit: 0.5, raised for a move that saves a bridge the
// opponent's last move intruded into, that touches that move, or that
// makes a bridge with the mover's stone, and lowered on the border of a
// board of 7 or more when no stone is near.
func prior(b *analysis.Board, cell, last int) float64 {
	me := b.Turn()
	g := b.Geometry()
	ring := g.Ring(cell)
	v := 0.5
	if last >= 0 {
		for _, q := range ring {
			if int(q) == last {
				v += 0.08
				break
			}
		}
		for d := range 6 {
			lr := g.Ring(last)
			if int(lr[d]) == cell && own(b, lr[(d+5)%6], me) && own(b, lr[(d+1)%6], me) {
				v += 0.3 // saves a bridge
				break
			}
		}
	}
	near := false
	for d, q := range ring {
		if q >= 0 && !b.IsEmpty(int(q)) {
			near = true
		}
		// A bridge partner of cell: two steps round the ring.
		if q < 0 {
			continue
		}
		next := ring[(d+1)%6]
		if next < 0 {
			continue
		}
		p := g.Ring(int(q))[(d+1)%6]
		if p >= 0 && b.Owns(me, int(p)) && b.IsEmpty(int(q)) && b.IsEmpty(int(next)) {
			v += 0.06
			near = true
		}
	}
	if cols, rows := g.Size(); cols >= 7 && rows >= 7 && !near {
		c, r := g.ColRow(cell)
		if c == 0 || r == 0 || c == cols-1 || r == rows-1 {
			v -= 0.15
		}
	}
	return min(max(v, 0.05), 0.95)
}
