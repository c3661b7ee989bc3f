package domination

import (
	"testing"

	"github.com/tabletop-go/rules/internal/testkit"
)

// TestPerftFrozen checks the counts in testdata/perft.txt: the start to
// depth 5 (draws count as branches) and the position after the worked
// example of Woods' rules.
func TestPerftFrozen(t *testing.T) {
	testkit.CheckPerft(t, testkit.ReadPerft(t, "testdata/perft.txt"), 9,
		func(c testkit.PerftCase) bool { return c.Depth >= 5 && testing.Short() }, ParsePosition)
}

func TestPerftFrozenAgreesWithNaiveReference(t *testing.T) {
	for _, c := range testkit.ReadPerft(t, "testdata/perft.txt") {
		if c.Depth > 3 {
			continue
		}
		if got := refPerft(refFrom(mustParse(t, c.Rest)), c.Depth); got != c.Nodes {
			t.Errorf("line %d: reference perft(%d) = %d, frozen %d", c.Line, c.Depth, got, c.Nodes)
		}
	}
}
