package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/internal/testgame" // the one line that brings a new game to every tool
)

// TestArenaPlaysARegisteredGame: the arena referees a game no tool knows
// by name (the test-only game, registered by its import alone), the
// bots playing it through the fallback of bot.ForDynamic, and its
// records validate. MCTS never loses to random play at tic-tac-toe.
func TestArenaPlaysARegisteredGame(t *testing.T) {
	records := t.TempDir() + "/games.txt"
	a, b, out := arena(t, "-game", "tictactoe", "-a", "mcts", "-b", "random", "-games", "4", "-iterations", "300", "-seed", "2", "-records", records)
	assert.Equal(t, 4.0, a+b, out)
	assert.GreaterOrEqual(t, a, 2.0, out)
	assert.Regexp(t, `(?m)^game 1: mcts is seat A: (1-0 \(line of n\)|1/2-1/2 \(no legal move\)) in \d+ plies$`, out)
	a, b, out = arena(t, "-game", "tictactoe(size=4)", "-a", "random", "-b", "random", "-games", "2", "-seed", "2")
	assert.Equal(t, 2.0, a+b, out)
	text, err := os.ReadFile(records)
	require.NoError(t, err)
	code, checked, _ := run(t, validate, nil, string(text))
	assert.Equal(t, 0, code, checked)
	assert.Equal(t, 4, strings.Count(checked, "ok "), "the four records replay:\n%s", checked)
	code, games, errOut := run(t, selfplay, []string{"-game", "tictactoe", "-bot", "mcts", "-iterations", "50", "-games", "2"}, "")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, games, `[Game "tictactoe(size=3)"]`)
	code, counts, _ := run(t, perft, []string{"-game", "tictactoe", "-depth", "2"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 9\nperft(2) = 72\n", counts)
}

// TestPlayPlaysARegisteredGame: play shows the test-only game's diagram,
// its pieces coloured by the marks of its seats, against the fallback bot.
func TestPlayPlaysARegisteredGame(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Play([]string{"-game", "tictactoe", "-iterations", "50", "-color", "always"}, strings.NewReader("b2\nquit\n"), &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "\x1b[1;31mX\x1b[0m", "X in seat A's colour")
	assert.Contains(t, out.String(), "\x1b[1;34mO\x1b[0m", "O in seat B's colour")
}

// TestPieceLettersAreTheSeatsMarks: the letters play colours are those
// the diagrams draw, from the games' seat descriptions.
func TestPieceLettersAreTheSeatsMarks(t *testing.T) {
	for spec, want := range map[string]string{
		"hex": "BW", "focus": "AB", "explocus": "WB", "hexplocus": "WB", "domination": "XO", "tictactoe": "XO",
	} {
		d, err := rules.Open(spec)
		require.NoError(t, err)
		got := pieceLetters(d)
		assert.Equal(t, want, string(got[:]), spec)
	}
}
