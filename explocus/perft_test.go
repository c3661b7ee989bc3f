package explocus

import (
	"testing"

	"github.com/tabletop-go/rules/internal/testkit"
)

// TestPerftFrozen checks testdata/perft.txt: the start and two mid-game
// positions (8×8 and 5×7), to depth 4.
func TestPerftFrozen(t *testing.T) {
	testkit.CheckPerft(t, testkit.ReadPerft(t, "testdata/perft.txt"), 12, nil, ParsePosition)
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
