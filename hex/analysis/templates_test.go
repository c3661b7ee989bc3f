package analysis_test

import (
	"context"
	"testing"

	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/solve"
)

// template describes an edge template for the top side: the anchor's
// row (0-based) and the carrier as offsets from it.
type template struct {
	name    string
	row     int
	carrier [][2]int
}

func templates() []template {
	return []template{
		{"II (bridge to the side)", 1, [][2]int{{0, -1}, {1, -1}}},
		{"IIIa (ziggurat)", 2, [][2]int{{-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {-1, -2}, {0, -2}, {1, -2}, {2, -2}}},
		{"IVa", 3, analysis.EdgeTemplates()[0]},
	}
}

// place maps a top-side offset to the cell for side s of an n×n board,
// anchor at column col of its row.
func place(g *analysis.Geometry, s analysis.Side, col, row, dc, dr int) int {
	n, _ := g.Size()
	c, r := col+dc, row+dr
	switch s {
	case analysis.Bottom:
		c, r = n-1-c, n-1-r
	case analysis.Left:
		c, r = r, c
	case analysis.Right:
		c, r = n-1-r, n-1-c
	}
	return g.Cell(c, r)
}

// templateBoard is an n×n board where the owner of side s has a stone on
// the anchor, and a line of stones from it straight to the other side,
// the template's carrier is empty and every other cell holds an
// opponent stone; the opponent is to move. The owner wins it exactly
// when the template holds.
func templateBoard(t *testing.T, tp template, s analysis.Side, n int, mirror bool) (analysis.Board, int, analysis.Set) {
	g, err := analysis.NewGeometry(n, n)
	if err != nil {
		t.Fatal(err)
	}
	owner := s.Owner()
	b := analysis.NewBoard(g, owner.Other())
	col := n / 2
	anchor := place(g, s, col, tp.row, 0, 0)
	var line, carrier analysis.Set
	for r := tp.row; r < n; r++ {
		line.Add(place(g, s, col, r, 0, 0))
	}
	for _, o := range tp.carrier {
		dc, dr := o[0], o[1]
		if mirror {
			dc = -dc - dr
		}
		carrier.Add(place(g, s, col, tp.row, dc, dr))
	}
	for cell := range g.All().All() {
		switch {
		case line.Has(cell):
			b.Put(cell, owner)
		case !carrier.Has(cell):
			b.Put(cell, owner.Other())
		}
	}
	return b, anchor, carrier
}

// TestEdgeTemplates: on every side, each edge template (the bridge to
// the side, the ziggurat, template IVa, and their mirror images) is
// found by H-search with a carrier inside the template, and exact
// search (df-pn whose H-search uses no edge template) agrees that it holds with
// the opponent to move; with any one carrier cell taken by the
// opponent, exact search finds it broken and H-search finds no full
// connection, nor a win for the owner.
func TestEdgeTemplates(t *testing.T) {
	h := analysis.NewHSearch(analysis.Limits{})
	exact := solve.New(solve.Options{NoTemplates: true, TableBytes: 16 << 20})
	holds := func(b analysis.Board) bool {
		r, err := exact.Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		return !r.Win // the opponent, to move, loses
	}
	for _, tp := range templates() {
		for s := analysis.Top; s <= analysis.Right; s++ {
			for _, mirror := range []bool{false, true} {
				b, anchor, carrier := templateBoard(t, tp, s, 11, mirror)
				g := b.Geometry()
				side := g.SideNode(s)
				h.Run(&b, s.Owner())
				ok := false
				for _, c := range h.Fulls(anchor, side) {
					ok = ok || c.Carrier.Within(&carrier)
				}
				if !ok {
					t.Errorf("template %s (side %s, mirror %v) not found:\n%s", tp.name, g.Name(side), mirror, b.String())
					continue
				}
				if !holds(b) {
					t.Fatalf("template %s (side %s) does not hold by exact search", tp.name, g.Name(side))
				}
				for cell := range carrier.All() {
					broken := b
					broken.Put(cell, s.Owner().Other())
					if holds(broken) {
						t.Errorf("template %s (side %s) holds without %s: not minimal", tp.name, g.Name(side), g.Name(cell))
						continue
					}
					h.Run(&broken, s.Owner())
					if f := h.Fulls(anchor, side); len(f) > 0 {
						t.Errorf("template %s (side %s) without %s: H-search claims carrier %v", tp.name, g.Name(side), g.Name(cell), f[0].Carrier)
					}
					if _, won := h.Won(); won {
						t.Errorf("template %s (side %s) without %s: H-search claims a win", tp.name, g.Name(side), g.Name(cell))
					}
				}
			}
		}
	}
}
