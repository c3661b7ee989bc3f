//go:build race

package rules_test

// raceEnabled: sync.Pool drops items under the race detector, so the
// allocation counts are not pinned there.
const raceEnabled = true
