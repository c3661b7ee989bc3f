package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/notation"
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

var (
	pythonOnce sync.Once
	pythonPath string
)

// pythonArena returns the player name of the Python random engine of
// examples/protocol with flags, or skips the test if python3 is missing
// (and fails it under CI=true, where the cross-language tests must run).
func pythonArena(t *testing.T, flags ...string) string {
	t.Helper()
	pythonOnce.Do(func() {
		// The interpreter itself, not a version manager's shim, which
		// would start every engine slower.
		out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
		if err == nil {
			pythonPath = strings.TrimSpace(string(out))
		}
	})
	if pythonPath == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("python3 is not installed; the cross-language tests need it under CI")
		}
		t.Skip("python3 is not installed")
	}
	words := append([]string{pythonPath, "../../protocol/testdata/random_engine.py"}, flags...)
	for i, w := range words {
		words[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return "exec:" + strings.Join(words, " ")
}

// arenaRecords runs the arena with -records and returns its output and
// the records it wrote, each checked to replay.
func arenaRecords(t *testing.T, args ...string) (string, []notation.Record, string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "games.txt")
	_, _, out := arena(t, append(args, "-records", file)...)
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	recs, err := notation.ReadRecords(bytes.NewReader(data))
	require.NoError(t, err)
	for _, rec := range recs {
		_, err := rec.Replay()
		require.NoError(t, err, "%s", rec)
	}
	return out, recs, string(data)
}

func tag(rec notation.Record, name string) string {
	v, _ := rec.Tag(name)
	return v
}

// TestArenaRefereesAPythonEngine: the Python engine plays a clean match
// against MCTS on Hex 5×5, and every game is a record with the players'
// names.
func TestArenaRefereesAPythonEngine(t *testing.T) {
	py := pythonArena(t, "--seed", "3")
	out, recs, _ := arenaRecords(t, "-game", "hex(size=5)", "-a", py, "-b", "mcts", "-iterations", "100",
		"-games", "2", "-movetime", "300ms", "-seed", "4")
	assert.Regexp(t, `(?m)^game 1: exec:.* '--seed' '3' is seat A: (1-0|0-1) \(connection\) in \d+ plies$`, out)
	assert.Regexp(t, `(?m)^game 2: exec:.* is seat B: (1-0|0-1) \(connection\) in \d+ plies$`, out)
	assert.Contains(t, out, "\nforfeits by A: none\nforfeits by B: none\n")
	assert.Regexp(t, `(?m)^share of A: \d\.\d{3} of 2 games, 95% interval \d\.\d{3} to \d\.\d{3} \(Wilson\)$`, out)
	assert.Regexp(t, `(?m)^Elo of A over B: (0|[+-]\d+|[+-]inf), 95% interval \S+ to \S+$`, out)
	require.Len(t, recs, 2)
	for i, rec := range recs {
		assert.Equal(t, "hex(size=5,swap=sides)", tag(rec, "Game"))
		assert.Equal(t, strconv.Itoa(i+1), tag(rec, "Round"))
		assert.Equal(t, []string{py, "mcts"}[i], tag(rec, "PlayerA"))
		assert.Equal(t, []string{"mcts", py}[i], tag(rec, "PlayerB"))
		assert.Regexp(t, `^(1-0|0-1)$`, tag(rec, "Result"))
		assert.Empty(t, tag(rec, "Termination"))
	}
}

func TestArenaRefereesAPythonEngineAtExplocus(t *testing.T) {
	py := pythonArena(t, "--seed", "5")
	out, recs, _ := arenaRecords(t, "-game", "explocus(rows=5,cols=5,plylimit=200)", "-a", py, "-b", "mcts",
		"-iterations", "100", "-games", "2", "-movetime", "300ms", "-seed", "6")
	assert.Contains(t, out, "\nforfeits by A: none\nforfeits by B: none\n")
	require.Len(t, recs, 2)
	for _, rec := range recs {
		assert.Equal(t, "explocus(rows=5,cols=5,plylimit=200)", tag(rec, "Game"))
		assert.Regexp(t, `^(1-0|0-1|1/2-1/2)$`, tag(rec, "Result"))
		assert.Empty(t, tag(rec, "Termination"))
	}
}

// TestArenaForfeitsMisbehavingEngines: each misbehaviour of the Python
// engine (at its second genmove, or its second play for refuse) loses
// the game by forfeit, with its kind in the summary and its reason in the
// record's Termination tag; the arena plays on.
func TestArenaForfeitsMisbehavingEngines(t *testing.T) {
	for _, tc := range []struct {
		misbehave, kind, termination string
	}{
		{"illegal", "illegal move", `^forfeit: [AB] sent an illegal move "[a-e][1-5]": [a-e][1-5]: illegal move: cell is occupied$`},
		{"garbage", "malformed reply", `^forfeit: [AB] sent a malformed reply to "genmove [bw]": "hello, I am not a reply"$`},
		{"silent", "timeout", `^forfeit: [AB] did not reply to "genmove [bw]" within 1\.3s$`},
		{"crash", "crash", `^forfeit: [AB] crashed \(exit status 3\) before replying to "genmove [bw]"; stderr: "random_engine: crashing on purpose"$`},
		{"flood", "output flood", `^forfeit: [AB] flooded its output: more than 65536 bytes in a reply to "genmove [bw]"$`},
		{"refuse", "refused", `^forfeit: [AB] refused "play [bw] [a-e][1-5]": "I refuse"$`},
		{"resign", "resigned", `^[AB] resigned$`},
	} {
		t.Run(tc.misbehave, func(t *testing.T) {
			py := pythonArena(t, "--misbehave", tc.misbehave, "--after", "2")
			out, recs, _ := arenaRecords(t, "-game", "hex(size=5)", "-a", py, "-b", "random", "-games", "2",
				// A margin of a second: the good replies of a loaded
				// machine under the race detector are not late.
				"-movetime", "300ms", "-margin", "1s")
			assert.Contains(t, out, "\nforfeits by A: 2 ("+tc.kind+" 2)\nforfeits by B: none\n")
			assert.Contains(t, out, "\nscore 0 2\n")
			assert.Regexp(t, `(?m)^game 1: exec:.* is seat A: 0-1 \(forfeit\) in \d+ plies; `, out)
			assert.Regexp(t, `(?m)^game 2: exec:.* is seat B: 1-0 \(forfeit\) in \d+ plies; `, out)
			require.Len(t, recs, 2)
			for i, rec := range recs {
				assert.Regexp(t, tc.termination, tag(rec, "Termination"))
				assert.True(t, strings.HasPrefix(tag(rec, "Termination"), []string{"forfeit: A", "forfeit: B"}[i]) ||
					tc.misbehave == "resign", tag(rec, "Termination"))
				assert.Equal(t, []string{"0-1", "1-0"}[i], tag(rec, "Result"))
			}
		})
	}
}

// TestArenaEngineAgainstEngine: both players external; -enginestderr
// passes what the engines write on standard error.
func TestArenaEngineAgainstEngine(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Arena([]string{"-game", "hex(size=5)", "-a", pythonArena(t, "--misbehave", "crash", "--after", "3"),
		"-b", pythonArena(t, "--seed", "4"), "-games", "2", "-movetime", "300ms", "-enginestderr"}, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "\nforfeits by A: 2 (crash 2)\nforfeits by B: none\n")
	assert.Contains(t, errOut.String(), "random_engine: crashing on purpose\n")
}

// TestArenaGivesEnginesOneSecondByDefault: with an external side and no
// -movetime, a move may take 1s plus the margin.
func TestArenaGivesEnginesOneSecondByDefault(t *testing.T) {
	py := pythonArena(t, "--misbehave", "silent")
	_, recs, _ := arenaRecords(t, "-game", "hex(size=5)", "-a", py, "-b", "random", "-games", "1", "-margin", "200ms")
	require.Len(t, recs, 1)
	assert.Equal(t, `forfeit: A did not reply to "genmove b" within 1.2s`, tag(recs[0], "Termination"))
}

// TestArenaConcurrencyPlaysTheSameGames: games played two or three at a
// time give the same output and records as one at a time.
func TestArenaConcurrencyPlaysTheSameGames(t *testing.T) {
	py := pythonArena(t, "--seed", "8")
	args := []string{"-game", "hex(size=5)", "-a", "random", "-b", py, "-games", "6", "-movetime", "300ms", "-seed", "11"}
	out1, _, recs1 := arenaRecords(t, append(args, "-concurrency", "1")...)
	out2, _, recs2 := arenaRecords(t, append(args, "-concurrency", "2")...)
	out3, _, recs3 := arenaRecords(t, append(args, "-concurrency", "3")...)
	assert.Equal(t, out1, out2)
	assert.Equal(t, recs1, recs2)
	assert.Equal(t, out1, out3)
	assert.Equal(t, recs1, recs3)
	assert.Equal(t, 6, strings.Count(recs1, "[Round "))
}

// TestArenaOpenings: every opening of a file is played twice, colours
// swapped, from its position (the bots here: the Python engine does not
// know the position command) or its record's moves (the Python engine).
func TestArenaOpenings(t *testing.T) {
	py := pythonArena(t, "--seed", "2")
	dir := t.TempDir()
	positions := filepath.Join(dir, "positions.txt")
	require.NoError(t, os.WriteFile(positions, []byte("# two openings\n5/5/2B2/5/5 w -\n\n5/1W3/2B2/5/5 b -\n"), 0o644))
	out, recs, _ := arenaRecords(t, "-game", "hex(size=5)", "-a", "mcts", "-b", "random", "-iterations", "50", "-openings", positions)
	assert.Contains(t, out, "\nforfeits by A: none\nforfeits by B: none\n")
	require.Len(t, recs, 4, "without -games: each opening once per seat")
	for i, rec := range recs {
		assert.Equal(t, strconv.Itoa(i/2+1), tag(rec, "Opening"))
		assert.Equal(t, []string{"5/5/2B2/5/5 w -", "5/1W3/2B2/5/5 b -"}[i/2], tag(rec, "Position"))
		assert.Equal(t, []string{"mcts", "random"}[i%2], tag(rec, "PlayerA"))
	}

	records := filepath.Join(dir, "records.txt")
	require.NoError(t, os.WriteFile(records, []byte("[Game \"hex(size=5,swap=none)\"]\n[Result \"*\"]\n\nc3 b2\n"), 0o644))
	out, recs, _ = arenaRecords(t, "-game", "hex(size=5,swap=none)", "-a", "random", "-b", py, "-openings", records, "-games", "3", "-movetime", "300ms")
	assert.Contains(t, out, "\nforfeits by A: none\nforfeits by B: none\n")
	require.Len(t, recs, 3)
	for _, rec := range recs {
		assert.Equal(t, "1", tag(rec, "Opening"))
		assert.Empty(t, tag(rec, "Position"))
		assert.Equal(t, []string{"c3", "b2"}, rec.Moves[:2])
	}

	var stdout, stderr bytes.Buffer
	assert.Equal(t, 2, Arena([]string{"-openings", filepath.Join(dir, "none.txt")}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "arena: -openings: open ")
	stderr.Reset()
	assert.Equal(t, 2, Arena([]string{"-game", "hex(size=6)", "-openings", positions}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "arena: -openings: ")
}

func TestArenaBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"-concurrency", "0"}, "arena: -concurrency must be 1 or more, not 0\n"},
		{[]string{"-margin", "0s"}, "arena: -margin must be more than 0, not 0s\n"},
		{[]string{"-a", "exec:"}, "arena: -a: protocol: empty engine command\n"},
		{[]string{"-b", "exec:no-such-engine-program --fast"}, `arena: -b: protocol: engine program "no-such-engine-program": exec: "no-such-engine-program": executable file not found in $PATH` + "\n"},
		{[]string{"-records", "/nonexistent/games.txt"}, "arena: -records: open /nonexistent/games.txt: no such file or directory\n"},
	} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, 2, Arena(tc.args, &stdout, &stderr), "%q", tc.args)
		assert.Equal(t, tc.stderr, stderr.String(), "%q", tc.args)
		assert.Empty(t, stdout.String())
	}
}
