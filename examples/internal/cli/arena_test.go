package cli

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func arena(t *testing.T, args ...string) (float64, float64, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Arena(args, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	m := regexp.MustCompile(`(?m)^score (\S+) (\S+)$`).FindStringSubmatch(out.String())
	require.NotNil(t, m, out.String())
	a, _ := strconv.ParseFloat(m[1], 64)
	b, _ := strconv.ParseFloat(m[2], 64)
	return a, b, out.String()
}

// TestMCTSBeatsRandomInEveryGame holds the arena thresholds of the bots
// issue with seeded, reproducible games: at least 90% of the points in
// Hex 7×7, 80% in Focus and Explocus (plylimit=500) and 75% in
// Domination. (The figures with 20 games each are in the notes.)
func TestMCTSBeatsRandomInEveryGame(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays dozens of searched games")
	}
	for _, tc := range []struct {
		spec      string
		games     int
		threshold float64
	}{
		{"hex(size=7)", 8, 0.9},
		{"focus(plylimit=500)", 6, 0.8},
		{"explocus(plylimit=500)", 6, 0.8},
		{"domination", 16, 0.75},
	} {
		a, b, out := arena(t, "-game", tc.spec, "-a", "mcts", "-b", "random", "-games", strconv.Itoa(tc.games), "-iterations", "1000", "-seed", "3")
		assert.Equal(t, float64(tc.games), a+b, out)
		assert.GreaterOrEqual(t, a/float64(tc.games), tc.threshold, "%s:\n%s", tc.spec, out)
	}
}

func TestArenaOutput(t *testing.T) {
	a, b, out := arena(t, "-game", "hex(size=3)", "-a", "random", "-b", "random", "-games", "4", "-seed", "9")
	assert.Equal(t, 4.0, a+b)
	assert.Regexp(t, `(?m)^game 1: random is seat A: (1-0|0-1) \(connection\) in \d+ plies$`, out)
	assert.Regexp(t, `(?m)^game 2: random is seat B: `, out, "bot A alternates seats")
	assert.Regexp(t, `(?m)^random \(A\): seat A \S+/2 seat B \S+/2, total \S+$`, out)
	_, _, again := arena(t, "-game", "hex(size=3)", "-a", "random", "-b", "random", "-games", "4", "-seed", "9")
	assert.Equal(t, out, again, "the same seed plays the same games")

	var stdout, stderr bytes.Buffer
	assert.Equal(t, 2, Arena([]string{"-game", "hex(", "-games", "1"}, &stdout, &stderr))
	assert.Equal(t, 2, Arena([]string{"-a", "genius"}, &stdout, &stderr))
}
