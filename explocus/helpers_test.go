package explocus

import (
	"strings"
	"testing"

	"github.com/tabletop-go/rules/notation"
)

func mustPlay(t testing.TB, p Position, moves ...string) Position {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", s, err)
		}
		p, err = p.Play(m)
		if err != nil {
			t.Fatalf("Play(%q): %v\n%s", s, err, p.Diagram())
		}
	}
	return p
}

// parse reads a position whose board rows are given top first.
func parse(t testing.TB, seat string, rows ...string) Position {
	t.Helper()
	p, err := ParsePosition(strings.Join(rows, "/") + " " + seat + " 0")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return p
}

func board(p Position) string {
	_, rest, _, _ := notation.CutSpec(p.String())
	return strings.Fields(rest)[0]
}

// sq is NewSquare(file, rank).
func sq(file, rank int) Square { return NewSquare(file, rank) }
