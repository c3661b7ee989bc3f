// Package stats holds the statistics the examples' reports share.
package stats

import "math"

// Wilson returns the 95% Wilson score interval of a proportion p
// observed over n trials; with no trials, the whole of [0, 1].
func Wilson(p float64, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	nn := float64(n)
	den := 1 + z*z/nn
	center := (p + z*z/(2*nn)) / den
	half := z / den * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn))
	return max(0, center-half), min(1, center+half)
}
