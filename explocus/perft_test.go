package explocus

import (
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/testkit"
)

// TestPerftFrozen checks testdata/perft.txt: the start and two mid-game
// positions (8×8 and 5×7), to depth 4.
func TestPerftFrozen(t *testing.T) {
	cases := testkit.ReadPerft(t, "testdata/perft.txt")
	if len(cases) < 12 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		p, err := ParsePosition(c.Rest)
		if err != nil {
			t.Fatalf("line %d: %v", c.Line, err)
		}
		if got := rules.Perft(p, c.Depth); got != c.Nodes {
			t.Errorf("line %d: perft(%d) = %d, frozen %d", c.Line, c.Depth, got, c.Nodes)
		}
	}
}

func TestPerftFrozenAgreesWithNaiveReference(t *testing.T) {
	maxDepth := 3
	if testing.Short() {
		maxDepth = 2
	}
	for _, c := range testkit.ReadPerft(t, "testdata/perft.txt") {
		if c.Depth > maxDepth {
			continue
		}
		p, _ := ParsePosition(c.Rest)
		if got := refPerft(refFrom(p), c.Depth); got != c.Nodes {
			t.Errorf("line %d: reference perft(%d) = %d, frozen %d", c.Line, c.Depth, got, c.Nodes)
		}
	}
}
