//go:build race

package analysis

// raceEnabled is set under the race detector, which makes the minimax
// references too slow for the full counts.
const raceEnabled = true
