//go:build race

package focus

const raceEnabled = true
