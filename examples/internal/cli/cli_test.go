package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func run(t *testing.T, tool func(args []string, stdin string) (int, string, string), args []string, stdin string) (int, string, string) {
	t.Helper()
	return tool(args, stdin)
}

func perft(args []string, _ string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Perft(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func validate(args []string, stdin string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Validate(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func selfplay(args []string, _ string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Selfplay(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestPerftPrintsOneLinePerDepth(t *testing.T) {
	code, out, _ := run(t, perft, []string{"-game", "hex(size=3,swap=none)", "-depth", "3"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 9\nperft(2) = 72\nperft(3) = 504\n", out)

	code, out, _ = run(t, perft, []string{"-game", "hex(size=3,swap=none)", "-position", "3/1B1/3 w -", "-depth", "2"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 8\nperft(2) = 56\n", out)
}

func TestPerftDivide(t *testing.T) {
	code, out, _ := run(t, perft, []string{"-game", "hex(size=2,swap=sides)", "-depth", "2", "-divide"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 4\nperft(2) = 16\na1 4\nb1 4\na2 4\nb2 4\n", out)
}

func TestBadSpecsGetOneLineAndExitStatus2(t *testing.T) {
	for _, spec := range []string{"hexx", "hex(size=0)", "hex(", "hex(colour=red)", "hex(size=3x2,swap=pieces)"} {
		for name, tool := range map[string]func([]string, string) (int, string, string){"perft": perft, "selfplay": selfplay} {
			code, out, errOut := run(t, tool, []string{"-game", spec}, "")
			assert.Equal(t, 2, code, "%s %s", name, spec)
			assert.Empty(t, out)
			assert.Equal(t, 1, strings.Count(errOut, "\n"), "%s %s: %q", name, spec, errOut)
			assert.True(t, strings.HasPrefix(errOut, name+": "), errOut)
		}
	}
	code, _, errOut := run(t, perft, []string{"-game", "hex(size=3)", "-position", "3/3 b -"}, "")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "hex position")
}

// TestSelfplayOutputValidates is the round trip of the backbone issue:
// selfplay's records, comments and all, pass validate, for every swap
// mode and several sizes.
func TestSelfplayOutputValidates(t *testing.T) {
	for _, spec := range []string{
		"hex", "hex(size=1)", "hex(size=2,swap=pieces)", "hex(size=7,swap=none)", "hex(size=7,swap=pieces)",
		"hex(size=9x5,swap=sides)", "hex(size=13,swap=pieces)", "hex(size=19)", "hex(size=26,swap=none)",
	} {
		code, records, errOut := run(t, selfplay, []string{"-game", spec, "-games", "5", "-seed", "7"}, "")
		require.Equal(t, 0, code, "%s: %s", spec, errOut)
		code, out, _ := run(t, validate, nil, records)
		require.Equal(t, 0, code, "%s:\n%s", spec, out)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		require.Len(t, lines, 5, spec)
		for _, line := range lines {
			assert.Regexp(t, `^ok \d+ (1-0|0-1)$`, line, spec)
		}
	}
}

func TestSelfplayIsDeterministicForASeed(t *testing.T) {
	_, a, _ := run(t, selfplay, []string{"-game", "hex(size=7)", "-games", "3", "-seed", "42"}, "")
	_, b, _ := run(t, selfplay, []string{"-game", "hex(size=7)", "-games", "3", "-seed", "42"}, "")
	_, c, _ := run(t, selfplay, []string{"-game", "hex(size=7)", "-games", "3", "-seed", "43"}, "")
	assert.Equal(t, a, b)
	assert.NotEqual(t, a, c)
}

func TestSelfplayFromAPositionWritesThePositionTag(t *testing.T) {
	code, records, _ := run(t, selfplay, []string{"-game", "hex(size=3)", "-position", "3/1B1/3 w -"}, "")
	require.Equal(t, 0, code)
	assert.Contains(t, records, `[Position "3/1B1/3 w -"]`)
	code, out, _ := run(t, validate, nil, records)
	assert.Equal(t, 0, code, out)
}

func TestValidateReportsTheIllegalPly(t *testing.T) {
	in := `[Game "hex(size=3,swap=none)"]
a1 b2 a1
`
	code, out, _ := run(t, validate, nil, in)
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 3 a1: cell is occupied\n", out)

	code, out, _ = run(t, validate, nil, "[Game \"hex(size=3,swap=none)\"]\na1 swap\n")
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 2 swap: this game is played without the swap rule\n", out)

	code, out, _ = run(t, validate, nil, "[Game \"hex(size=1)\"]\na1 b1\n")
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 2 b1: game is over\n", out)

	code, out, _ = run(t, validate, nil, "[Game \"hex(size=3)\"]\na1 q\n")
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 2 q: syntax error: expected a rank number after the file\n", out)
}

func TestValidateChecksTheResultTag(t *testing.T) {
	game := "a1 c1 a2 c2 a3" // Black connects on 3x3
	code, out, _ := run(t, validate, nil, "[Game \"hex(size=3,swap=none)\"]\n[Result \"1-0\"]\n"+game+"\n")
	assert.Equal(t, 0, code)
	assert.Equal(t, "ok 5 1-0\n", out)

	code, out, _ = run(t, validate, nil, "[Game \"hex(size=3,swap=none)\"]\n[Result \"0-1\"]\n"+game+"\n")
	assert.Equal(t, 1, code)
	assert.Equal(t, "mismatch 5: [Result \"0-1\"], but the game ended 1-0 (connection)\n", out)

	// A decided result on an unfinished game (a resignation) is accepted.
	code, out, _ = run(t, validate, nil, "[Game \"hex(size=3,swap=none)\"]\n[Result \"0-1\"]\na1 c1\n")
	assert.Equal(t, 0, code)
	assert.Equal(t, "ok 2 *\n", out)
}

func TestValidateLegalListsMovesBeforeEachPly(t *testing.T) {
	code, out, _ := run(t, validate, []string{"-legal"}, "[Game \"hex(size=2,swap=sides)\"]\nb1 swap\n")
	assert.Equal(t, 0, code)
	assert.Equal(t, "legal 1 a1 b1 a2 b2\nlegal 2 a1 a2 b2 swap\nok 2 *\n", out)
}

func TestValidateKeepsGoingAfterABadRecord(t *testing.T) {
	in := "[Game \"hex(size=2)\"]\na1\n\n[Game \"nope\"]\na1\n\n[Event \"x\"]\na1\n\n[Game \"hex(size=2)\n\n[Game \"hex(size=2)\"]\nb2\n"
	code, out, _ := run(t, validate, nil, in)
	assert.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 5, out)
	assert.Equal(t, "ok 1 *", lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "invalid 4: unknown game \"nope\""), lines[1])
	assert.Equal(t, "invalid 7: the record has no [Game] tag", lines[2])
	assert.True(t, strings.HasPrefix(lines[3], "invalid 10: "), lines[3])
	assert.Equal(t, "ok 1 *", lines[4])
}

func TestFocusThroughTheTools(t *testing.T) {
	code, out, _ := run(t, perft, []string{"-game", "focus", "-depth", "3"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 68\nperft(2) = 4460\nperft(3) = 299912\n", out)

	for _, spec := range []string{"focus(plylimit=300)", "focus(plylimit=1)", "focus"} {
		code, records, errOut := run(t, selfplay, []string{"-game", spec, "-games", "3", "-maxplies", "400"}, "")
		require.Equal(t, 0, code, errOut)
		code, out, _ = run(t, validate, nil, records)
		require.Equal(t, 0, code, "%s:\n%s", spec, out)
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			assert.Regexp(t, `^ok \d+ (1-0|0-1|1/2-1/2|\*)$`, line, spec)
		}
	}

	in := "[Game \"focus\"]\nc3-c4 d3-d5\n\n[Game \"focus\"]\nc3-c4 *d4\n\n[Game \"focus\"]\nc3-c4 c4-c5\n"
	code, out, _ = run(t, validate, nil, in)
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 2 d3-d5: a stack of k pieces moves exactly k squares: the stack is not that tall\n"+
		"illegal 2 *d4: no piece in reserve to drop\n"+
		"illegal 2 c4-c5: the stack is controlled by another seat\n", out)
}

func TestDominationThroughTheTools(t *testing.T) {
	code, out, _ := run(t, perft, []string{"-game", "domination", "-depth", "3"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 28\nperft(2) = 2316\nperft(3) = 62532\n", out)

	code, records, errOut := run(t, selfplay, []string{"-game", "domination", "-games", "10", "-seed", "5"}, "")
	require.Equal(t, 0, code, errOut)
	code, out, _ = run(t, validate, nil, records)
	require.Equal(t, 0, code, out)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		assert.Regexp(t, `^ok \d+ (1-0|0-1|1/2-1/2)$`, line)
	}

	// The seed's example, with -legal: at chance nodes the draws are listed.
	in := "[Game \"domination\"]\n2-5 d4-b4,e5-e8 0-3 h1-h4,a8-b8 1-3 e8-h8,b4-b5\n"
	code, out, _ = run(t, validate, []string{"-legal"}, in)
	assert.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.True(t, strings.HasPrefix(lines[0], "legal 1 0-0 0-1 0-2 "), lines[0])
	assert.Equal(t, "ok 6 *", lines[len(lines)-1])

	code, out, _ = run(t, validate, nil, "[Game \"domination\"]\n2-5 d4-b4,e5-e7\n")
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 2 d4-b4,e5-e7: the steps do not use the drawn domino's two numbers (a blank is any distance 1 to 6)\n", out)
	code, out, _ = run(t, validate, nil, "[Game \"domination\"]\nd4-b4,e5-e8\n")
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 1 d4-b4,e5-e8: a domino is to be drawn first (the moves here are draws such as 2-5)\n", out)
}

func TestExplocusThroughTheTools(t *testing.T) {
	code, out, _ := run(t, perft, []string{"-game", "explocus", "-depth", "3"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 72\nperft(2) = 5016\nperft(3) = 357856\n", out)
	for _, spec := range []string{"explocus(plylimit=200)", "explocus(rows=4,cols=5,plylimit=300)", "explocus(rows=3,cols=3)"} {
		code, records, errOut := run(t, selfplay, []string{"-game", spec, "-games", "3", "-maxplies", "300"}, "")
		require.Equal(t, 0, code, errOut)
		code, out, _ = run(t, validate, nil, records)
		require.Equal(t, 0, code, "%s:\n%s", spec, out)
	}
	code, out, _ = run(t, validate, nil, "[Game \"explocus\"]\nb7-b8 b6-b8\n")
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 2 b6-b8: k men move exactly k squares: the column is not that tall\n", out)
}

func TestSelfplayWithMCTSValidates(t *testing.T) {
	for _, spec := range []string{"hex(size=5)", "domination", "focus(plylimit=80)", "explocus(plylimit=80)"} {
		code, records, errOut := run(t, selfplay, []string{"-game", spec, "-bot", "mcts", "-iterations", "40", "-games", "2"}, "")
		require.Equal(t, 0, code, errOut)
		code, out, _ := run(t, validate, nil, records)
		assert.Equal(t, 0, code, "%s:\n%s", spec, out)
	}
	code, _, errOut := run(t, selfplay, []string{"-bot", "genius"}, "")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "unknown bot")
}

func TestValidateReadsSGFAndLittleGolem(t *testing.T) {
	sgfIn := "(;AP[HexGui:0.9.GIT]FF[4]GM[11]SZ[3];B[a1];W[swap-pieces];W[b2];B[b1];W[a2];B[c1];W[c2])\n(;GM[11]SZ[3];B[a1];W[a1])\n"
	code, out, _ := run(t, validate, nil, sgfIn)
	assert.Equal(t, 1, code)
	assert.Equal(t, "ok 7 1-0\nillegal 2 a1: cell is occupied\n", out, "after the swap seat 0 has White, and White connects")

	lg := "(;FF[4]PB[ann]PW[bob]SZ[3]RE[W];W[aa];B[swap];W[bb];B[resign])\n(;FF[4]SZ[3];W[aa];B[aa])\n"
	code, out, _ = run(t, validate, []string{"-format", "lg"}, lg)
	assert.Equal(t, 1, code)
	assert.Equal(t, "ok 3 *\nillegal 2 a1: cell is occupied\n", out)
	code, out, _ = run(t, validate, nil, lg)
	assert.Equal(t, 1, code, "auto-detected")
	assert.Contains(t, out, "ok 3 *\n")

	code, _, errOut := run(t, validate, []string{"-format", "pdf"}, lg)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "unknown format")
}

func TestFocusVariantsThroughTheTools(t *testing.T) {
	for _, spec := range []string{"focus(setup=drop,plylimit=150)", "focus(drops=restricted,plylimit=150)", "focus(swap=true,plylimit=150)"} {
		code, records, errOut := run(t, selfplay, []string{"-game", spec, "-games", "2"}, "")
		require.Equal(t, 0, code, errOut)
		code, out, _ := run(t, validate, nil, records)
		assert.Equal(t, 0, code, "%s:\n%s", spec, out)
	}
	code, out, _ := run(t, perft, []string{"-game", "focus(swap=true)", "-depth", "2"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 324\nperft(2) = 103428\n", out)
	code, out, _ = run(t, validate, nil, "[Game \"focus(swap=true)\"]\nc7<>d7 d7<>c7\n")
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 2 d7<>c7: the second swap may not exchange the same two squares again (R-F4)\n", out)
}

func TestFocusMultiSeatVariantsThroughTheTools(t *testing.T) {
	for _, spec := range []string{"focus(players=3,plylimit=120)", "focus(players=4,plylimit=120)",
		"focus(players=4,teams=true,plylimit=120)", "focus(players=3,short=true,plylimit=300)"} {
		code, records, errOut := run(t, selfplay, []string{"-game", spec, "-games", "3"}, "")
		require.Equal(t, 0, code, errOut)
		code, out, _ := run(t, validate, nil, records)
		require.Equal(t, 0, code, "%s:\n%s", spec, out)
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			assert.Regexp(t, `^ok \d+ (1/2-1/2-1/2(-1/2)?|[01](-[01]){2,3})$`, line, spec)
		}
	}
	code, out, _ := run(t, perft, []string{"-game", "focus(players=3)", "-depth", "3"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 16\nperft(2) = 240\nperft(3) = 3360\n", out)
}

func TestFocusNowakThroughTheTools(t *testing.T) {
	code, records, errOut := run(t, selfplay, []string{"-game", "focus(nowak=true,plylimit=200)", "-games", "3"}, "")
	require.Equal(t, 0, code, errOut)
	code, out, _ := run(t, validate, nil, records)
	assert.Equal(t, 0, code, out)
	code, out, _ = run(t, perft, []string{"-game", "focus(nowak=true)", "-depth", "3"}, "")
	assert.Equal(t, 0, code)
	assert.Equal(t, "perft(1) = 16\nperft(2) = 316\nperft(3) = 7374\n", out)
	code, out, _ = run(t, validate, nil, "[Game \"focus(nowak=true)\"]\nc3-c4 d3-d4\n")
	assert.Equal(t, 1, code)
	assert.Equal(t, "illegal 1 c3-c4: in Nowak's game a move lands only on an empty square\n", out)
}

// TestSelfplayIterationsZeroNamesTheFlag: the error used to name -games
// and -maxplies.
func TestSelfplayIterationsZeroNamesTheFlag(t *testing.T) {
	code, out, errOut := run(t, selfplay, []string{"-bot", "mcts", "-iterations", "0"}, "")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "selfplay: -iterations must be 1 or more, not 0\n", errOut)
}

// TestSelfplayExplorationFlags: -noise, -temperature and
// -temperatureplies go with -bot guided only and are checked; a seed
// gives one game, and without the noise and the temperature the game
// differs.
func TestSelfplayExplorationFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-bot", "mcts", "-noise", "0.1"}, "selfplay: -noise goes with -bot guided, not -bot mcts\n"},
		{[]string{"-temperatureplies", "3"}, "selfplay: -temperatureplies goes with -bot guided, not -bot random\n"},
		{[]string{"-bot", "guided", "-noise", "1.5"}, "selfplay: -noise must be from 0 to 1, not 1.5\n"},
		{[]string{"-bot", "guided", "-noise", "NaN"}, "selfplay: -noise must be from 0 to 1, not NaN\n"},
		{[]string{"-bot", "guided", "-temperature", "-1"}, "selfplay: -temperature must be 0 or more and finite, not -1\n"},
		{[]string{"-bot", "guided", "-temperature", "+Inf"}, "selfplay: -temperature must be 0 or more and finite, not +Inf\n"},
		{[]string{"-bot", "guided", "-temperatureplies", "-2"}, "selfplay: -temperatureplies must be 0 (every ply) or more, not -2\n"},
	} {
		code, out, errOut := run(t, selfplay, c.args, "")
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out)
		assert.Equal(t, c.want, errOut, "%v", c.args)
	}
	games := func(seed string, explore ...string) string {
		args := append([]string{"-game", "hex(size=5)", "-bot", "guided", "-iterations", "60", "-seed", seed}, explore...)
		code, out, errOut := run(t, selfplay, args, "")
		require.Equal(t, 0, code, errOut)
		_, moves, _ := strings.Cut(out, "[Result")
		return moves
	}
	plain := []string{"-noise", "0", "-temperature", "0"}
	assert.Equal(t, games("1"), games("1"), "one seed, one game")
	assert.NotEqual(t, games("1", plain...), games("1"), "AlphaZero's exploration changes the game")
}
