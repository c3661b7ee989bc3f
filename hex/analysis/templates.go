package analysis

// An edge template is a stone (or an empty cell) near a side joined to
// it by a full connection whose carrier is fixed: the area the template
// needs empty (or holding the owner's stones).
//
// H-search finds the smaller edge templates by itself: the bridge to the
// side from the second row (template II) and the ziggurat from the third
// (template IIIa, carrier of 8 cells). It cannot find template IVa, the
// fourth-row template, which Run adds as a base connection: drawn for
// the top side, with the anchor S on the fourth row and its carrier of
// 19 cells,
//
//	. . . . . . .        row 1 (next to the side)
//	 . . . . . .         row 2
//	  . . . . .          row 3
//	     . S             row 4
//
// and its mirror image, on every side of the colour. The carrier was
// found by the package's tests (exhaustive search shows the connection
// holds with the opponent moving first, and fails if any one cell of
// the carrier is taken away).
var templateIVa = [][2]int{
	{-2, -3}, {-1, -3}, {0, -3}, {1, -3}, {2, -3}, {3, -3}, {4, -3},
	{-2, -2}, {-1, -2}, {0, -2}, {1, -2}, {2, -2}, {3, -2},
	{-2, -1}, {-1, -1}, {0, -1}, {1, -1}, {2, -1},
	{-1, 0},
}

// EdgeTemplates returns the edge templates Run adds, drawn for the top
// side as (column, row) offsets from the anchor on the fourth row, rows
// negative towards the side: template IVa and its mirror image.
func EdgeTemplates() [][][2]int {
	mirror := make([][2]int, len(templateIVa))
	for i, o := range templateIVa {
		mirror[i] = [2]int{-o[0] - o[1], o[1]} // the reflection that keeps rows
	}
	return [][][2]int{templateIVa, mirror}
}

var edgeTemplates = EdgeTemplates()

// addTemplates adds the edge templates that fit the board as full
// connections between their anchor's node and the side.
func (h *HSearch) addTemplates() {
	g := h.g
	first, second := h.color.Sides()
	opp := &h.b.stones[h.color.Other()]
	for _, side := range [2]Side{first, second} {
		sideNode := g.n + int(side)
		for anchor := range g.n {
			ac, ar := g.ColRow(anchor)
			var depth int
			switch side {
			case Top:
				depth = ar
			case Bottom:
				depth = g.rows - 1 - ar
			case Left:
				depth = ac
			case Right:
				depth = g.cols - 1 - ac
			}
			if depth != 3 || opp.Has(anchor) || int(h.gid[anchor]) == sideNode {
				continue
			}
		next:
			for _, t := range edgeTemplates {
				var carrier Set
				for _, o := range t {
					dc, dr := o[0], o[1]
					var c, r int
					switch side {
					case Top:
						c, r = ac+dc, ar+dr
					case Bottom:
						c, r = ac-dc, ar-dr
					case Left:
						c, r = ac+dr, ar+dc
					case Right:
						c, r = ac-dr, ar-dc
					}
					if c < 0 || c >= g.cols || r < 0 || r >= g.rows {
						continue next
					}
					cell := g.Cell(c, r)
					if opp.Has(cell) {
						continue next
					}
					if h.b.IsEmpty(cell) {
						carrier.Add(cell)
					}
				}
				h.addFull(int(h.gid[anchor]), sideNode, carrier)
			}
		}
	}
}
