package domination

import (
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/testkit"
)

// TestPerftFrozen checks the counts in testdata/perft.txt: the start to
// depth 5 (draws count as branches) and the seed's example position.
func TestPerftFrozen(t *testing.T) {
	cases := testkit.ReadPerft(t, "testdata/perft.txt")
	if len(cases) < 9 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		if c.Depth >= 5 && testing.Short() {
			continue
		}
		p := mustParse(t, c.Rest)
		if got := rules.Perft(p, c.Depth); got != c.Nodes {
			t.Errorf("line %d: perft(%d) = %d, frozen %d", c.Line, c.Depth, got, c.Nodes)
		}
	}
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
