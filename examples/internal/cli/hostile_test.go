package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runTool runs a tool by name on args and stdin.
func runTool(tool string, args []string, stdin string) (int, string, string) {
	var out, errOut bytes.Buffer
	var code int
	in := strings.NewReader(stdin)
	switch tool {
	case "validate":
		code = Validate(args, in, &out, &errOut)
	case "play":
		code = Play(args, in, &out, &errOut)
	case "htp":
		code = HTP(args, in, &out, &errOut)
	case "selfplay":
		code = Selfplay(args, &out, &errOut)
	case "perft":
		code = Perft(args, &out, &errOut)
	case "arena":
		code = Arena(args, &out, &errOut)
	default:
		panic(tool)
	}
	return code, out.String(), errOut.String()
}

// rawControl returns the first control character of s (C0 but line
// breaks and tabs, DEL, C1, or a byte that is not UTF-8), or -1.
func rawControl(s string) rune {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return r
		case r < ' ' && r != '\n' && r != '\t', r == 0x7f, r >= 0x80 && r < 0xa0, r == '\u202e':
			return r
		}
		i += size
	}
	return -1
}

const bom = "\xef\xbb\xbf"

var (
	long    = strings.Repeat("x", 70<<10) // past the 64 KiB of bufio.Scanner and of maxInputLine
	escape  = "\x1b[31m"                  // an escape sequence: red text
	hexGame = "[Game \"hex(size=3,swap=none)\"]\n"
)

// TestHostileInputs is the attack table of issue 13: for every tool,
// inputs from the issue and their relatives, each with its exact
// outcome: exit status, standard output and standard error (all of
// them, or with partial a part of each). No output holds a raw control
// character from the input, and no line more than 500 bytes of it.
func TestHostileInputs(t *testing.T) {
	require.Equal(t, rune(0x1b), rawControl("ok \x1b[2J"), "the check itself")
	require.Equal(t, rune(-1), rawControl("ok \\x1b[2J \u00e9\t\n"), "the check itself")
	lgLine := "(;FF[4]EV[hex.in.DEFAULT.1]PB[ann]PW[bob]SZ[3]GC[ game #1]SO[http://www.littlegolem.com];W[aa];B[swap];W[bb])\n"
	lgGM := "(;FF[4]EV[hex.in.DEFAULT.2]PB[GM[11]]PW[bob]SZ[3]GC[ game #2]SO[http://www.littlegolem.com];W[cc];B[aa])\n"
	quitPlay := []string{"-game", "hex(size=3,swap=none)", "-color", "never", "-bot", "random"}
	playHeader := "You play seat A against random. Type a move, ? for the legal moves, undo, save FILE or quit.\n" +
		"   a b c\n 1 . . .\n  2 . . .\n   3 . . .\nBlack (A) top-bottom, White (B) left-right; Black (A) to move\n"
	for _, tc := range []struct {
		name    string
		tool    string
		args    []string
		stdin   string
		code    int
		stdout  string
		partial bool // stdout and stderr need only contain the text given
		stderr  string
	}{
		// validate: records.
		{name: "escape sequence in a move token", tool: "validate", stdin: hexGame + "a1" + escape + "X\n", code: 1,
			stdout: `illegal 1 "a1\x1b[31mX": syntax error: unexpected "\x1b[31mX" after the cell` + "\n"},
		{name: "a long move token is quoted and cut", tool: "validate", stdin: hexGame + "a1 " + strings.Repeat("z", 500) + "\n", code: 1,
			stdout: `illegal 2 "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"...: syntax error: unknown move word "zzzzzzzzzzzzzzzzzzzzzzzz"...: the words are swap, swap-pieces and swap-sides; a move is a cell such as c3` + "\n"},
		{name: "a bidi override in a move", tool: "validate", stdin: hexGame + "a1\u202e\n", code: 1,
			stdout: `illegal 1 "a1\u202e": syntax error: unexpected "\u202e" after the cell` + "\n"},
		{name: "UTF-8 BOM before a record", tool: "validate", stdin: bom + hexGame + "a1\n", stdout: "ok 1 *\n"},
		{name: "escape sequence in the spec", tool: "validate", stdin: "[Game \"hex(size=3" + escape + ")\"]\na1\n", code: 1,
			stdout: `invalid 1: game spec "hex(size=3\x1b[31m)" at offset 10: expected "," or ")" after the value of size` + "\n"},
		{name: "a 2 MB line, then a good record", tool: "validate", stdin: hexGame + "[Event \"" + strings.Repeat("e", 2<<20) + "\"]\na1\n\n" + hexGame + "b2\n", code: 1,
			stdout: `invalid 2: record line 2 "[Event \"` + strings.Repeat("e", 72) + `..." at offset 0: the line is longer than 1048576 bytes` + "\nok 1 *\n"},
		{name: "a 100 KB spec is not echoed whole", tool: "validate", stdin: "[Game \"" + strings.Repeat("h", 100<<10) + "\"]\na1\n", code: 1, partial: true,
			stdout: "invalid 1: unknown game \"" + strings.Repeat("h", 80) + "...\" in spec \"" + strings.Repeat("h", 80) + "...\" (known: domination, "},
		{name: "a line over 64 KiB of white space", tool: "validate", stdin: hexGame + strings.Repeat(" ", 70<<10) + "a1\n", stdout: "ok 1 *\n"},
		// validate: SGF.
		{name: "SGF: the same colour twice", tool: "validate", stdin: "(;GM[11]SZ[3];B[a1];B[b1])\n", code: 1,
			stdout: "invalid 1: sgf: node 3: B moves, but W is to move (the colours alternate)\n"},
		{name: "SGF: White first, in tree 2", tool: "validate", stdin: "(;GM[11]SZ[3];B[a1])\n(;GM[11]SZ[3];W[a1])\n", code: 1,
			stdout: "ok 1 *\ninvalid 2: sgf: node 2: W moves, but B is to move (Black moves first)\n"},
		{name: "SGF: two values for one move", tool: "validate", stdin: "(;GM[11]SZ[3];B[a1][b2])\n", code: 1,
			stdout: "invalid 1: sgf: node 2: move B has 2 values, want one\n"},
		{name: "SGF: setup stones become the start", tool: "validate", stdin: "(;GM[11]SZ[3]AB[b2]AW[a1];B[c3];W[a3])\n",
			stdout: "ok 2 *\n"},
		{name: "SGF: setup stones that no game reaches", tool: "validate", stdin: "(;GM[11]SZ[3]AB[a1][b1])\n", code: 1,
			stdout: `invalid 1: sgf: the setup stones (AB, AW, PL) are no position of the game: hex position "BB1/3/3 w -" at offset 0: Black must have as many stones as White or one more` + "\n"},
		{name: "SGF: a syntax error in tree 3 names the tree and the line", tool: "validate",
			stdin: "(;GM[11]SZ[3];B[a1])\n(;GM[11]SZ[3];B[b1])\n(;GM[11]\n;B[a1]\x1bX)\n(;GM[11]SZ[3];B[c1])\n", code: 1,
			stdout: "ok 1 *\nok 1 *\n" + `invalid 3: sgf line 4 ";B[a1]\x1bX)" at offset 6: unexpected "\x1b" (want ";", "(" or ")")` + "\nok 1 *\n"},
		{name: "SGF: a BOM", tool: "validate", stdin: bom + "(;GM[11]SZ[3];B[a1])\n", stdout: "ok 1 *\n"},
		{name: "SGF without GM, HexGui style", tool: "validate", stdin: "(\n;B[c1]\n;W[a1]\n;B[b2])\n", stdout: "ok 3 *\n"},
		{name: "SGF of another game", tool: "validate", stdin: "(;GM[1]SZ[19];B[pd])\n", code: 1,
			stdout: "invalid 1: sgf: not a Hex game (GM[11])\n"},
		{name: "SGF: a 2 MB tree, then a good one", tool: "validate", stdin: "(;GM[11]C[" + strings.Repeat("c", 2<<20) + "])\n(;GM[11]SZ[3];B[a1])\n", code: 1,
			stdout: `invalid 1: sgf line 1 "(;GM[11]C[` + strings.Repeat("c", 70) + `..." at offset 0: the game tree is longer than 1048576 bytes` + "\nok 1 *\n"},
		// validate: Little Golem.
		{name: "LG: PB[GM[11]] on a later line", tool: "validate", stdin: lgLine + lgGM + lgLine, stdout: "ok 3 *\nok 2 *\nok 3 *\n"},
		{name: "LG: PB[GM[11]] on the first line", tool: "validate", stdin: lgGM + lgLine, stdout: "ok 2 *\nok 3 *\n"},
		{name: "LG: a BOM", tool: "validate", stdin: bom + lgLine, stdout: "ok 3 *\n"},
		{name: "LG: a bad line among good ones", tool: "validate", stdin: lgLine + "(;SZ[3];W[aa];W[bb])\n" + lgLine, code: 1,
			stdout: "ok 3 *\n" + `invalid 2: little golem game line 2 "(;SZ[3];W[aa];W[bb])" at offset 14: nodes alternate W, B, W, ... from W` + "\nok 3 *\n"},
		// validate: flags.
		{name: "an unknown flag with an escape sequence", tool: "validate", args: []string{"-" + escape}, code: 2, partial: true,
			stderr: "flag provided but not defined: -\\x1b[31m\n"},
		{name: "an unknown format", tool: "validate", args: []string{"-format", "p" + escape}, code: 2,
			stderr: `validate: unknown format "p\x1b[31m" (records, sgf, lg or auto)` + "\n"},
		// play.
		{name: "play: a line over 64 KiB does not end the session", tool: "play", args: quitPlay, stdin: long + "\nquit\n",
			stdout: playHeader + "A to move> not played: the line is longer than 65536 bytes\nA to move> "},
		{name: "play: savefoo.txt is not save foo.txt", tool: "play", args: quitPlay, stdin: "savefoo.txt\nsave\nquit\n",
			stdout: playHeader + "A to move> not played: syntax error: unknown move word \"savefoo\": the words are swap, swap-pieces and swap-sides; a move is a cell such as c3\nA to move> usage: save FILE\nA to move> "},
		{name: "play: an escape sequence in a move", tool: "play", args: quitPlay, stdin: "a1" + escape + "\nquit\n",
			stdout: playHeader + `A to move> not played: syntax error: unexpected "\x1b[31m" after the cell` + "\nA to move> "},
		{name: "play: an escape sequence in a file name", tool: "play", args: quitPlay, stdin: "save /nonexistent/" + escape + ".txt\nquit\n",
			stdout: playHeader + `A to move> not saved: open /nonexistent/\x1b[31m.txt: no such file or directory` + "\nA to move> "},
		{name: "play: -iterations 0", tool: "play", args: []string{"-iterations", "0"}, code: 2, stderr: "play: -iterations must be 1 or more, not 0\n"},
		{name: "play: -movetime -1s", tool: "play", args: []string{"-movetime", "-1s"}, code: 2, stderr: "play: -movetime must be 0 (no limit) or more, not -1s\n"},
		{name: "play: -color purple", tool: "play", args: []string{"-color", "purple"}, code: 2, stderr: "play: -color must be auto, always or never, not \"purple\"\n"},
		{name: "play: a spec with an escape sequence", tool: "play", args: []string{"-game", "hex" + escape}, code: 2, partial: true,
			stderr: `play: unknown game "hex\x1b[31m" in spec "hex\x1b[31m" (known: domination, `},
		// htp.
		{name: "htp: a line over 64 KiB gets a failure and the engine reads on", tool: "htp", stdin: long + "\n7 " + long + "\nname\n",
			stdout: "? line too long (more than 65536 bytes)\n\n?7 line too long (more than 65536 bytes)\n\n= tabletop-go rules\n\n"},
		{name: "htp: swapfoo is no swap", tool: "htp", stdin: "boardsize 3\nplay b a1\nplay w swapfoo\nplay w swapping\nplay w SWAP-PIECES\nshowboard\n", partial: true,
			stdout: "=\n\n=\n\n? invalid move: syntax error: unknown move word \"swapfoo\": the words are swap, swap-pieces and swap-sides; a move is a cell such as c3\n\n? invalid move: syntax error: unknown move word \"swapping\": the words are swap, swap-pieces and swap-sides; a move is a cell such as c3\n\n=\n\n"},
		{name: "htp: control characters are removed from commands", tool: "htp", stdin: "boardsize 3\n3 play b a1" + escape + "\n4 play b \u202e\nplay w\x7f b2\n",
			stdout: "=\n\n?3 invalid move: syntax error: unexpected \"[31m\" after the cell\n\n?4 invalid move: syntax error: expected a file letter\n\n? it is black's turn\n\n"},
		{name: "htp: boardsize +5", tool: "htp", stdin: "boardsize +5\nboardsize 5 07\n", stdout: "? unacceptable size\n\n? unacceptable size\n\n"},
		{name: "htp: -swap foo", tool: "htp", args: []string{"-swap", "foo"}, code: 2, stderr: "htp: -swap must be sides, pieces or none, not \"foo\"\n"},
		{name: "htp: -iterations 0", tool: "htp", args: []string{"-iterations", "0"}, code: 2, stderr: "htp: -iterations must be 1 or more, not 0\n"},
		{name: "htp: -maxnodes -1", tool: "htp", args: []string{"-maxnodes", "-1"}, code: 2, stderr: "htp: -maxnodes must be 0 (the default budget) or more, not -1\n"},
		{name: "htp: -workers -1", tool: "htp", args: []string{"-workers", "-1"}, code: 2, stderr: "htp: -workers must be from 0 (one per core) to 256, not -1\n"},
		// selfplay.
		{name: "selfplay: -iterations 0 names -iterations", tool: "selfplay", args: []string{"-iterations", "0"}, code: 2, stderr: "selfplay: -iterations must be 1 or more, not 0\n"},
		{name: "selfplay: -games -1", tool: "selfplay", args: []string{"-games", "-1"}, code: 2, stderr: "selfplay: -games must be 0 or more, not -1\n"},
		{name: "selfplay: -maxplies -1", tool: "selfplay", args: []string{"-maxplies", "-1"}, code: 2, stderr: "selfplay: -maxplies must be 0 or more, not -1\n"},
		{name: "selfplay: -movetime -1s", tool: "selfplay", args: []string{"-movetime", "-1s"}, code: 2, stderr: "selfplay: -movetime must be 0 (no limit) or more, not -1s\n"},
		{name: "selfplay: a spec with an escape sequence", tool: "selfplay", args: []string{"-game", "hex(size=3" + escape + ")"}, code: 2,
			stderr: `selfplay: game spec "hex(size=3\x1b[31m)" at offset 10: expected "," or ")" after the value of size` + "\n"},
		{name: "selfplay: a position with an escape sequence", tool: "selfplay", args: []string{"-game", "hex(size=3)", "-position", "3/3/3" + escape + " b -"}, code: 2,
			stderr: `selfplay: hex position "3/3/3\x1b[31m b -" at offset 5: row 3 has more than 3 cells` + "\n"},
		// perft.
		{name: "perft: -depth 4e9", tool: "perft", args: []string{"-depth", "4000000000"}, code: 2, stderr: "perft: -depth must be from 0 to 64, not 4000000000\n"},
		{name: "perft: depths past the end of the game", tool: "perft", args: []string{"-game", "hex(size=1)", "-depth", "5", "-divide"},
			stdout: "perft(1) = 1\nperft(2) = 0\nperft(3) = 0\nperft(4) = 0\nperft(5) = 0\na1 0\n"},
		{name: "perft: a spec with an escape sequence", tool: "perft", args: []string{"-game", "hex(size=" + escape + ")"}, code: 2,
			stderr: `perft: game spec "hex(size=\x1b[31m)" at offset 9: expected a value for option size, found "\x1b"` + "\n"},
		// arena.
		{name: "arena: -iterations 0", tool: "arena", args: []string{"-iterations", "0"}, code: 2, stderr: "arena: -iterations must be 1 or more, not 0\n"},
		{name: "arena: -maxplies 0", tool: "arena", args: []string{"-maxplies", "0"}, code: 2, stderr: "arena: -maxplies must be 1 or more, not 0\n"},
		{name: "arena: -games -1", tool: "arena", args: []string{"-games", "-1"}, code: 2, stderr: "arena: -games must be 0 or more, not -1\n"},
		{name: "arena: -maxnodes -1", tool: "arena", args: []string{"-maxnodes", "-1"}, code: 2, stderr: "arena: -maxnodes must be 0 (the default budget) or more, not -1\n"},
		{name: "arena: -workers 100000", tool: "arena", args: []string{"-workers", "100000"}, code: 2, stderr: "arena: -workers must be from 0 (one per core) to 256, not 100000\n"},
		{name: "arena: a bot name with an escape sequence", tool: "arena", args: []string{"-b", "g" + escape}, code: 2,
			stderr: `arena: -b: unknown bot "g\x1b[31m" (known: mcts, guided, random)` + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runTool(tc.tool, tc.args, tc.stdin)
			assert.Equal(t, tc.code, code, "exit status; stdout %q, stderr %q", out, errOut)
			if tc.partial {
				assert.Contains(t, out, tc.stdout)
				assert.Contains(t, errOut, tc.stderr)
			} else {
				assert.Equal(t, tc.stdout, out)
				assert.Equal(t, tc.stderr, errOut)
			}
			for _, line := range strings.Split(out+errOut, "\n") {
				assert.LessOrEqual(t, len(line), 500, "a long line echoes the input: %.100q...", line)
			}
			assert.Equal(t, rune(-1), rawControl(out), "raw control character in stdout %q", out)
			assert.Equal(t, rune(-1), rawControl(errOut), "raw control character in stderr %q", errOut)
		})
	}
}

// TestPlayDoesNotSaveToSavefoo checks the file system side of "savefoo.txt".
func TestPlayDoesNotSaveToSavefoo(t *testing.T) {
	dir := t.TempDir()
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NoError(t, os.Chdir(dir))
	defer func() { require.NoError(t, os.Chdir(wd)) }()
	code, out := playSession(t, []string{"-game", "hex(size=3)", "-color", "never", "-bot", "random"}, "savefoo.txt\nsave\tbar.txt\nquit\n")
	assert.Equal(t, 0, code)
	_, err = os.Stat(filepath.Join(dir, "foo.txt"))
	assert.True(t, os.IsNotExist(err), "savefoo.txt wrote foo.txt")
	_, err = os.Stat(filepath.Join(dir, "bar.txt"))
	assert.NoError(t, err, "save, a tab and a name saves")
	assert.Contains(t, out, "Saved 0 plies to bar.txt.")
}

// TestToolsHonourMovetime: with a billion iterations and a per-move time
// of 50 ms, every tool that thinks moves at once on the largest board,
// with two workers (a generous bound: the clock is the context's, tested
// in package bot).
func TestToolsHonourMovetime(t *testing.T) {
	const bound = 30 * time.Second
	think := []string{"-iterations", "1000000000", "-movetime", "50ms", "-maxnodes", "100000", "-workers", "2"}
	start := time.Now()
	code, out, errOut := runTool("selfplay", append([]string{"-game", "hex(size=26)", "-bot", "mcts", "-maxplies", "2"}, think...), "")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "[Game \"hex(size=26,swap=sides)\"]")
	code, out, errOut = runTool("htp", think, "boardsize 26\ngenmove b\ngenmove w\n")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `^=\n\n= [a-z]\d+\n\n= (swap-sides|[a-z]\d+)\n\n$`, out)
	code, out, errOut = runTool("play", append([]string{"-game", "hex(size=26)", "-seat", "1", "-color", "never"}, think...), "quit\n")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "mcts (seat A) plays ")
	code, out, errOut = runTool("arena", append([]string{"-game", "hex(size=26)", "-games", "1", "-maxplies", "2"}, think...), "")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "unfinished after 2 plies")
	assert.Less(t, time.Since(start), bound)
}
