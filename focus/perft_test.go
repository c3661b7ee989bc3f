package focus

import (
	"testing"

	"github.com/tabletop-go/rules/internal/testkit"
)

// TestPerftFrozen checks every count in testdata/perft.txt: the start to
// depth 5 (1,298,133,752, as two independent implementations found) and
// four mid-game positions with reserves, tall stacks and captures to
// depth 4.
func TestPerftFrozen(t *testing.T) {
	testkit.CheckPerft(t, testkit.ReadPerft(t, "testdata/perft.txt"), 20,
		func(c testkit.PerftCase) bool { return c.Depth >= 5 && (raceEnabled || testing.Short()) }, ParsePosition)
}

// TestPerftFrozenAgreesWithNaiveReference recomputes the shallow counts
// with the naive reference, so the file is more than this package's own
// output.
func TestPerftFrozenAgreesWithNaiveReference(t *testing.T) {
	maxDepth := 3
	if raceEnabled || testing.Short() {
		maxDepth = 2
	}
	for _, c := range testkit.ReadPerft(t, "testdata/perft.txt") {
		if c.Depth > maxDepth {
			continue
		}
		p, _ := ParsePosition(c.Rest)
		if got := refPerft(refFromPosition(p), c.Depth); got != c.Nodes {
			t.Errorf("line %d: reference perft(%d) = %d, frozen %d", c.Line, c.Depth, got, c.Nodes)
		}
	}
}
