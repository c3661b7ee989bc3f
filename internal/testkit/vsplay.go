package testkit

import (
	"math"
	"testing"
	"time"
)

// VsPlay measures call against play in the same benchmark, in
// alternating rounds of 64 calls each, and reports the fastest round of
// each (the one the machine disturbed least) as a time per call, and
// their ratio: play-ns, kit-ns and ratio. One op is one round of each.
// Measured apart, two benchmarks move by up to a third with the heap's
// layout and the machine's load; measured together, their ratio is
// steady. The games pass their calls written for their own types: a
// generic driver over rules.Position has to keep each result it makes,
// a copy of the whole position (900 bytes in Explocus), which adds a
// tenth to a quarter to both sides.
func VsPlay(b *testing.B, play, call func()) {
	const round = 64
	best := [2]time.Duration{math.MaxInt64, math.MaxInt64}
	for b.Loop() {
		for i, f := range [2]func(){play, call} {
			t0 := time.Now()
			for range round {
				f()
			}
			best[i] = min(best[i], time.Since(t0))
		}
	}
	b.ReportMetric(float64(best[0].Nanoseconds())/round, "play-ns")
	b.ReportMetric(float64(best[1].Nanoseconds())/round, "kit-ns")
	b.ReportMetric(float64(best[1])/float64(best[0]), "ratio")
}
