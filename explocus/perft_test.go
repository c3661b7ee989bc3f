package explocus

import (
	"flag"
	"testing"

	"github.com/tabletop-go/rules/internal/testkit"
)

// refDepth, if set, rechecks frozen counts up to that depth against the
// naive references (slow: depth 4 takes minutes).
var refDepth = flag.Int("explocus.refdepth", 0, "recheck frozen perft counts up to this depth against the naive references")

// TestPerftFrozen checks testdata/perft.txt: the Explocus start and two
// mid-game positions (8×8 and 5×7), to depth 4.
func TestPerftFrozen(t *testing.T) {
	testkit.CheckPerft(t, testkit.ReadPerft(t, "testdata/perft.txt"), 12, nil, ParsePosition)
}

// TestRE4_PerftFrozen checks testdata/hexperft.txt: from the Hexplocus
// start of side 6, 108 moves and perft(2) = 11,484, then deeper counts and
// other positions.
func TestRE4_PerftFrozen(t *testing.T) {
	cases := testkit.ReadPerft(t, "testdata/hexperft.txt")
	if cases[0].Nodes != 108 || cases[1].Nodes != 11484 || cases[0].Rest != HexDefault.StartHex().String() {
		t.Fatalf("hexperft.txt must begin with the start of hexplocus: 108, then 11484")
	}
	testkit.CheckPerft(t, cases, 20, nil, ParseHexPosition)
}

func TestPerftFrozenAgreesWithNaiveReference(t *testing.T) {
	maxDepth := 3
	if testing.Short() {
		maxDepth = 2
	}
	maxDepth = max(maxDepth, *refDepth)
	for _, file := range []string{"testdata/perft.txt", "testdata/hexperft.txt"} {
		for _, c := range testkit.ReadPerft(t, file) {
			if c.Depth > maxDepth {
				continue
			}
			var got uint64
			if p, err := ParseHexPosition(c.Rest); err == nil {
				got = hexRefPerft(hexRefFrom(p.state), c.Depth)
			} else if p, err := ParsePosition(c.Rest); err == nil {
				got = refPerft(refFrom(p.state), c.Depth)
			} else {
				t.Fatalf("%s:%d: %v", file, c.Line, err)
			}
			if got != c.Nodes {
				t.Errorf("%s:%d: reference perft(%d) = %d, frozen %d", file, c.Line, c.Depth, got, c.Nodes)
			}
		}
	}
}
