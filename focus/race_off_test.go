//go:build !race

package focus

const raceEnabled = false
