package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func playSession(t *testing.T, args []string, input string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Play(args, strings.NewReader(input), &out, &errOut)
	require.Empty(t, errOut.String())
	return code, out.String()
}

// TestPlayThroughStandardInput drives a whole session: the legal moves,
// a malformed and an illegal move (reason, new prompt), a move and the
// bot's reply, undo, save, and the record passing validate.
func TestPlayThroughStandardInput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.txt")
	input := "?\nzz\nz9\nb2\nb2\nundo\nc1\nsave " + file + "\nquit\n"
	code, out := playSession(t, []string{"-game", "hex(size=3,swap=none)", "-iterations", "50", "-color", "never"}, input)
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "legal: a1 b1 c1 a2 b2 c2 a3 b3 c3\n")
	assert.Contains(t, out, "not played: syntax error: expected a rank number after the file\n")
	assert.Contains(t, out, "not played: syntax error: off the board, which has columns a to c and rows 1 to 3\n")
	assert.Contains(t, out, "not played: cell is occupied\n", "b2 a second time")
	assert.Contains(t, out, "mcts (seat B) plays ")
	assert.Contains(t, out, "Taken back.")
	assert.Contains(t, out, "Saved 2 plies to ")
	assert.NotContains(t, out, "\x1b[", "no colour when asked for none")

	record, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(record), "[Game \"hex(size=3,swap=none)\"]\n"))
	assert.Contains(t, string(record), "c1 ")
	code, vout, _ := run(t, validate, nil, string(record))
	assert.Equal(t, 0, code, vout)
}

func TestPlayToTheEndAndChanceDraws(t *testing.T) {
	// Domination: the program draws the dominoes and shows them; the person
	// plays the first legal turn each time (read from "?" would need a
	// reply loop, so they resign by quitting after a few turns).
	code, out := playSession(t, []string{"-game", "domination", "-bot", "random", "-color", "never"}, "?\nquit\n")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Drawn: ")
	assert.Contains(t, out, "X to move with ")

	// A 1x1 Hex game ends with the person's first move.
	code, out = playSession(t, []string{"-game", "hex(size=1)", "-color", "never"}, "a1\n")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Game over: you win, 1-0 (connection)")

	// As seat B the bot opens; undo with nothing of the person's to undo.
	code, out = playSession(t, []string{"-game", "hex(size=2)", "-seat", "1", "-iterations", "20", "-color", "never"}, "undo\nquit\n")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "mcts (seat A) plays ")
	assert.Contains(t, out, "nothing to undo")
}

func TestPlayColoursTheBoardWhenAsked(t *testing.T) {
	_, out := playSession(t, []string{"-game", "hex(size=2)", "-color", "always"}, "a1\nquit\n")
	assert.Contains(t, out, "\x1b[1;31mB\x1b[0m", "Black's stone in seat A's colour")
}

func TestPlayRejectsBadArguments(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, Play([]string{"-game", "nope"}, strings.NewReader(""), &out, &errOut))
	assert.Equal(t, 2, Play([]string{"-seat", "2"}, strings.NewReader(""), &out, &errOut))
	assert.Equal(t, 2, Play([]string{"-bot", "genius"}, strings.NewReader(""), &out, &errOut))
}

// TestPlayAnswersALineOver64KiBAndReadsOn: the long line is refused and
// the moves after it are played.
func TestPlayAnswersALineOver64KiBAndReadsOn(t *testing.T) {
	code, out := playSession(t, []string{"-game", "hex(size=3,swap=none)", "-bot", "random", "-color", "never"}, strings.Repeat("b", 100<<10)+"\nb2\nquit\n")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "not played: the line is longer than 65536 bytes\n")
	assert.Contains(t, out, "random (seat B) plays ", "b2 was played after it")
}
