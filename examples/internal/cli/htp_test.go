package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/hexbot"
	"github.com/tabletop-go/rules/hex/patterns"
)

// htpReplies runs the engine on input and splits its replies.
func htpReplies(t *testing.T, args []string, input string) []string {
	t.Helper()
	var out, errOut bytes.Buffer
	require.Equal(t, 0, HTP(args, strings.NewReader(input), &out, &errOut), errOut.String())
	replies := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	for _, r := range replies {
		require.True(t, strings.HasPrefix(r, "=") || strings.HasPrefix(r, "?"), "reply %q", r)
	}
	return replies
}

// TestHTPPlaysAWholeGame drives a full 5×5 game through the protocol: the
// engine plays both colours with genmove until final_score has a winner.
func TestHTPPlaysAWholeGame(t *testing.T) {
	var in strings.Builder
	in.WriteString("boardsize 5\nclear_board\n")
	for i := range 26 { // a 5x5 game has at most 25 stones and a swap
		in.WriteString([]string{"genmove b\n", "genmove w\n"}[i%2])
	}
	in.WriteString("final_score\nquit\n")
	replies := htpReplies(t, []string{"-iterations", "200", "-swap", "none"}, in.String())
	require.Equal(t, []string{"=", "="}, replies[:2])
	moves := 0
	for _, r := range replies[2 : len(replies)-2] {
		if r == "? the game is over" {
			continue
		}
		require.Regexp(t, `^= [a-e][1-5]$`, r)
		moves++
	}
	assert.GreaterOrEqual(t, moves, 9, "no connection before 2n-1 stones")
	assert.Regexp(t, `^= [BW]\+$`, replies[len(replies)-2])
	assert.Equal(t, "=", replies[len(replies)-1])
}

func TestHTPCommands(t *testing.T) {
	replies := htpReplies(t, []string{"-iterations", "50"}, strings.Join([]string{
		"7 name", "protocol_version", "known_command play", "known_command fly",
		"boardsize 3", "play b b2", "play b c3", "play w b2", "play w swap-pieces", "play w zz",
		"all_legal_moves", "undo", "undo", "undo", "showboard", "boardsize 30", "final_score", "play",
		"# a comment line", "fly", "list_commands",
	}, "\n")+"\n")
	assert.Equal(t, []string{
		"=7 tabletop-go rules", "= 2", "= true", "= false",
		"=", "=", "? it is white's turn", "? illegal move: cell is occupied", "=",
		"? invalid move: syntax error: expected a rank number after the file",
		"= a1 b1 c1 a2 c2 a3 b3 c3", "=", "=", "? cannot undo",
	}, replies[:14])
	assert.Contains(t, replies[14], "1 . . .")
	assert.Equal(t, []string{"? unacceptable size", "? the game is not over", "? usage: play COLOR MOVE", "? unknown command"}, replies[15:19])
	assert.Contains(t, replies[19], "genmove\n")
}

// TestHTPAnswersALineOver64KiBAndReadsOn: bufio.Scanner's limit used to
// end the session silently; now the line gets a GTP failure (with its id)
// and the commands after it are answered.
func TestHTPAnswersALineOver64KiBAndReadsOn(t *testing.T) {
	long := strings.Repeat("y", 100<<10)
	replies := htpReplies(t, nil, "12 "+long+"\n"+long+"\nprotocol_version\n13 name\n")
	assert.Equal(t, []string{"?12 line too long (more than 65536 bytes)", "? line too long (more than 65536 bytes)", "= 2", "=13 tabletop-go rules"}, replies)
}

// TestHTPTakesOnlyTheSwapTokensAsTheSwap: "swap", "swap-pieces" and
// "swap-sides" in any case; "swapfoo" is no move.
func TestHTPTakesOnlyTheSwapTokensAsTheSwap(t *testing.T) {
	for _, tc := range []struct{ move, reply string }{
		{"swapfoo", "? invalid move: syntax error: unknown move word \"swapfoo\": the words are swap, swap-pieces and swap-sides; a move is a cell such as c3"},
		{"swap-", "? invalid move: syntax error: unknown move word \"swap-\": the words are swap, swap-pieces and swap-sides; a move is a cell such as c3"},
		{"swap", "="}, {"SWAP", "="}, {"swap-pieces", "="}, {"Swap-Sides", "="},
	} {
		replies := htpReplies(t, nil, "boardsize 3\nplay b a1\nplay w "+tc.move+"\n")
		assert.Equal(t, tc.reply, replies[2], tc.move)
	}
}

// TestHTPBots: the Hex bot (the default) and the generic MCTS (-bot
// mcts) both play; another -bot is refused.
func TestHTPBots(t *testing.T) {
	for _, name := range []string{"hex", "mcts"} {
		replies := htpReplies(t, []string{"-iterations", "100", "-bot", name, "-swap", "none"}, "boardsize 7\ngenmove b\ngenmove w\n")
		require.Len(t, replies, 3)
		require.Regexp(t, `^= [a-g][1-7]$`, replies[1])
		require.Regexp(t, `^= [a-g][1-7]$`, replies[2])
	}
	var out, errs strings.Builder
	assert.Equal(t, ExitBadArgs, HTP([]string{"-bot", "alphazero"}, strings.NewReader(""), &out, &errs))
	assert.Contains(t, errs.String(), "-bot must be hex or mcts")
}

// TestHTPHelpGivesTheHexBotsNodeSize: htp's -maxnodes counts the nodes
// of the bot it plays with, the Hex bot's by default, whose size is not
// the generic MCTS's: its help gives both, and the one default memory
// both bots share.
func TestHTPHelpGivesTheHexBotsNodeSize(t *testing.T) {
	var out, errOut bytes.Buffer
	HTP([]string{"-h"}, strings.NewReader(""), &out, &errOut)
	lines := strings.Split(errOut.String(), "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "-maxnodes") })
	require.True(t, i >= 0 && i+1 < len(lines), "no -maxnodes in the help:\n%s", errOut.String())
	usage := lines[i+1]
	assert.Contains(t, usage, "nodes of "+strconv.Itoa(hexbot.NodeBytes)+" bytes for the Hex bot")
	assert.Contains(t, usage, strconv.Itoa(bot.NodeBytes[hex.Move]())+" for the generic MCTS")
	require.Equal(t, hexbot.DefaultTreeBytes, bot.DefaultTreeBytes, "the help gives one default memory for both bots")
	assert.Contains(t, usage, "the default, "+strconv.Itoa(hexbot.DefaultTreeBytes>>20)+" MiB of tree")
}

// TestHTPWeightsSetTheHexBotsOptions: -exploration, -ravevisits and
// -patternbias reach the options htp gives the Hex bot, 0 turning the
// first two off (a negative option), and their defaults are the bot's.
func TestHTPWeightsSetTheHexBotsOptions(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want hexbot.Options
	}{
		{nil, hexbot.Options{Exploration: hexbot.DefaultExploration, RaveVisits: hexbot.DefaultRaveVisits, PatternBias: hexbot.DefaultPatternBias}},
		{[]string{"-exploration", "0.25", "-ravevisits", "800", "-patternbias", "1.5"}, hexbot.Options{Exploration: 0.25, RaveVisits: 800, PatternBias: 1.5}},
		{[]string{"-exploration", "0", "-ravevisits", "0"}, hexbot.Options{Exploration: -1, RaveVisits: -1, PatternBias: hexbot.DefaultPatternBias}},
		{[]string{"-exploration", "1e6", "-ravevisits", "1e6", "-patternbias", "1e6"}, hexbot.Options{Exploration: 1e6, RaveVisits: 1e6, PatternBias: 1e6}},
	} {
		var errs strings.Builder
		e, ok := newEngine(append([]string{"-iterations", "7", "-seed", "3", "-workers", "2"}, tc.args...), &errs)
		require.True(t, ok, "%q: %s", tc.args, errs.String())
		got := e.hexOptions(e.think.options(e.seed))
		assert.Equal(t, hexbot.Options{Iterations: 7, Seed: 3, Workers: 2}, hexbot.Options{Iterations: got.Iterations, Seed: got.Seed, Workers: got.Workers}, "%q", tc.args)
		got = hexbot.Options{Exploration: got.Exploration, RaveVisits: got.RaveVisits, PatternBias: got.PatternBias}
		assert.Equal(t, tc.want, got, "%q", tc.args)
	}
}

// TestHTPRefusesBadWeights: a weight that is not a number from 0 to
// hexbot.MaxSelectionWeight, a pattern bias of 0 or with -nopatterns,
// and each of the Hex bot's flags given to the generic MCTS are refused,
// naming the flag.
func TestHTPRefusesBadWeights(t *testing.T) {
	type bad struct {
		args []string
		err  string
	}
	cases := []bad{
		{[]string{"-exploration", "NaN"}, "-exploration must be from 0 to 1e+06, not NaN"},
		{[]string{"-exploration", "1000001"}, "-exploration must be from 0 to 1e+06, not 1.000001e+06"},
		{[]string{"-ravevisits", "-0.5"}, "-ravevisits must be from 0 to 1e+06, not -0.5"},
		{[]string{"-ravevisits", "+Inf"}, "-ravevisits must be from 0 to 1e+06, not +Inf"},
		{[]string{"-patternbias", "0"}, "-patternbias must be more than 0 and at most 1e+06, not 0"},
		{[]string{"-patternbias", "-1"}, "-patternbias must be more than 0 and at most 1e+06, not -1"},
		{[]string{"-patternbias", "2e6"}, "-patternbias must be more than 0 and at most 1e+06, not 2e+06"},
		{[]string{"-nopatterns", "-patternbias", "2"}, "-patternbias weighs the learned priors, which -nopatterns leaves out"},
	}
	for _, f := range []string{"nopatterns", "notreefill", "patterns=x", "playoutpatterns", "exploration=0.2", "ravevisits=100", "patternbias=2"} {
		name, _, _ := strings.Cut(f, "=")
		cases = append(cases, bad{[]string{"-bot", "mcts", "-" + f}, "-" + name + " is the Hex bot's, and -bot mcts plays"})
	}
	for _, tc := range cases {
		var out, errs strings.Builder
		assert.Equal(t, ExitBadArgs, HTP(tc.args, strings.NewReader("genmove b\n"), &out, &errs), "%q", tc.args)
		assert.Contains(t, errs.String(), tc.err, "%q", tc.args)
		assert.Empty(t, out.String(), "%q", tc.args)
	}
}

// TestHTPNoTreeFillReachesTheHexBot: -notreefill sets the Hex bot's
// NoTreeFill, which is off without it.
func TestHTPNoTreeFillReachesTheHexBot(t *testing.T) {
	for _, on := range []bool{false, true} {
		args := []string{"-iterations", "7"}
		if on {
			args = append(args, "-notreefill")
		}
		var errs strings.Builder
		e, ok := newEngine(args, &errs)
		require.True(t, ok, errs.String())
		assert.Equal(t, on, e.hexOptions(e.think.options(e.seed)).NoTreeFill, "%q", args)
	}
}

// TestHTPPatternsFileGivesTheHexBotsPriors: -patterns reads a model file
// and gives it to the Hex bot; without it the bot keeps its default (a
// nil model); a file that is missing or breaks the format, or -patterns
// beside -nopatterns, is refused, naming the file.
func TestHTPPatternsFileGivesTheHexBotsPriors(t *testing.T) {
	cfg, err := hex.ParseSpec("hex(size=4,swap=none)")
	require.NoError(t, err)
	var games []patterns.Game
	for g := range 4 {
		p := cfg.Start()
		var moves []hex.Move
		for k := 0; p.ToMove().IsSeat(); k++ {
			all := p.AppendMoves(nil)
			m := all[(g*5+k*3)%len(all)]
			moves = append(moves, m)
			p = p.PlayUnchecked(m)
		}
		games = append(games, patterns.Game{Start: cfg.Start(), Moves: moves})
	}
	model, err := patterns.Train(games, patterns.TrainOptions{MinCount: 1, Sweeps: 4, Paths: true, About: "a test model"})
	require.NoError(t, err)
	data, err := model.MarshalBinary()
	require.NoError(t, err)
	dir := t.TempDir()
	good := filepath.Join(dir, "model.bin")
	require.NoError(t, os.WriteFile(good, data, 0o644))
	broken := filepath.Join(dir, "broken.bin")
	require.NoError(t, os.WriteFile(broken, data[:30], 0o644))

	var errs strings.Builder
	e, ok := newEngine([]string{"-patterns", good}, &errs)
	require.True(t, ok, errs.String())
	got := e.hexOptions(e.think.options(e.seed)).Patterns
	require.NotNil(t, got)
	assert.Equal(t, "a test model", got.About())
	assert.True(t, got.HasPaths())
	e, ok = newEngine(nil, &errs)
	require.True(t, ok, errs.String())
	assert.Nil(t, e.hexOptions(e.think.options(e.seed)).Patterns, "without -patterns the bot takes its default model")

	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-patterns", filepath.Join(dir, "missing.bin")}, "htp: -patterns " + strconv.Quote(filepath.Join(dir, "missing.bin")) + ": open"},
		{[]string{"-patterns", broken}, "htp: -patterns " + strconv.Quote(broken) + ": patterns: byte 28: the file ends inside a field"},
		{[]string{"-patterns", ""}, `htp: -patterns "": open`},
		{[]string{"-nopatterns", "-patterns", good}, "-patterns gives the learned priors, which -nopatterns leaves out"},
	} {
		var out, errs strings.Builder
		assert.Equal(t, ExitBadArgs, HTP(tc.args, strings.NewReader("genmove b\n"), &out, &errs), "%q", tc.args)
		assert.Contains(t, errs.String(), tc.err, "%q", tc.args)
		assert.Empty(t, out.String(), "%q", tc.args)
	}
}
