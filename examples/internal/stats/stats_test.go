package stats

import (
	"math"
	"testing"
)

// TestWilsonKnownValues checks the interval against values computed by
// hand from its formula, and its edges.
func TestWilsonKnownValues(t *testing.T) {
	for _, c := range []struct {
		p      float64
		n      int
		lo, hi float64
	}{
		{0.5, 6, 0.18762, 0.81238},
		{0.4, 40, 0.26348, 0.55404},
		{0, 10, 0, 0.27753},
		{1, 10, 0.72247, 1},
		{0.5, 0, 0, 1},
	} {
		lo, hi := Wilson(c.p, c.n)
		if !(math.Abs(lo-c.lo) <= 1e-4 && math.Abs(hi-c.hi) <= 1e-4) { // NaN fails too
			t.Errorf("Wilson(%v, %d) = %.5f, %.5f; want %.5f, %.5f", c.p, c.n, lo, hi, c.lo, c.hi)
		}
	}
}
