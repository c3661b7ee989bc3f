//go:build race

package solve

// raceEnabled is set under the race detector, which makes the minimax
// references too slow for the full counts.
const raceEnabled = true
