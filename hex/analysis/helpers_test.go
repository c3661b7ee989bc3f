package analysis

import (
	"strings"
	"testing"
)

// board reads a board drawn as rows of '.', 'B' and 'W' (spaces
// ignored), top row first; turn is the colour to move.
func board(t testing.TB, turn Color, rows ...string) Board {
	t.Helper()
	var cells [][]byte
	for _, r := range rows {
		cells = append(cells, []byte(strings.ReplaceAll(r, " ", "")))
	}
	g, err := NewGeometry(len(cells[0]), len(cells))
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard(g, turn)
	for r, row := range cells {
		if len(row) != len(cells[0]) {
			t.Fatalf("row %d has %d cells, not %d", r+1, len(row), len(cells[0]))
		}
		for c, ch := range row {
			switch ch {
			case 'B':
				b.Put(g.Cell(c, r), Black)
			case 'W':
				b.Put(g.Cell(c, r), White)
			case '.':
			default:
				t.Fatalf("row %d: unexpected %q", r+1, ch)
			}
		}
	}
	return b
}

// cells returns the set of the named cells ("c3", ...).
func cells(t testing.TB, g *Geometry, names ...string) Set {
	t.Helper()
	var s Set
	for _, n := range names {
		found := false
		for i := range g.Cells() {
			if g.Name(i) == n {
				s.Add(i)
				found = true
			}
		}
		if !found {
			t.Fatalf("no cell %q", n)
		}
	}
	return s
}

func names(g *Geometry, s Set) []string {
	var out []string
	for c := range s.All() {
		out = append(out, g.Name(c))
	}
	return out
}
