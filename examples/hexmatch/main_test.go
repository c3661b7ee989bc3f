package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/htpclient"
	"github.com/tabletop-go/rules/examples/internal/htpclient/htptest"
	"github.com/tabletop-go/rules/hex"
)

// fakeEnv makes the test binary a fake HTP engine of the mode it names:
// "first" plays the first empty cell, "hang" never answers genmove,
// "garbage" answers it with a line that is no reply, "refuse" with a
// failure, "slow" plays as "first" after 150 ms.
const fakeEnv = "HEXMATCH_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		fake(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fake(mode string) {
	f := &htptest.Fake{}
	f.Serve(func(f *htptest.Fake, colour string) bool {
		switch mode {
		case "hang":
			time.Sleep(time.Hour)
		case "garbage":
			fmt.Print("hello\n\n")
		case "refuse":
			f.Fail("no")
		case "slow":
			time.Sleep(150 * time.Millisecond)
			fallthrough
		default:
			m := f.Pos.AppendMoves(nil)[0]
			f.Pos = f.Pos.PlayUnchecked(m)
			f.Reply(m.String())
		}
		return false
	})
}

// engineCommand is the fake engine of mode as hexmatch's -a or -b.
func engineCommand(t *testing.T, mode string) string {
	return htptest.Command(t, fakeEnv, mode)
}

// TestAFaultyEngineLosesItsGames: an engine that hangs, garbles or
// refuses its genmove loses each game, the referee goes on to the next
// (starting a hung engine again), and the score counts them.
func TestAFaultyEngineLosesItsGames(t *testing.T) {
	for _, mode := range []string{"hang", "garbage", "refuse"} {
		var out, errs strings.Builder
		args := []string{"-a", engineCommand(t, "first"), "-b", engineCommand(t, mode), "-size", "3", "-openings", "2",
			"-movetime", "100ms", "-grace", "200ms"}
		began := time.Now()
		if code := run(args, &out, &errs); code != 0 {
			t.Fatalf("%s: exit %d: %s", mode, code, errs.String())
		}
		if !strings.Contains(out.String(), "A scored 4 of 4") {
			t.Errorf("%s: %s", mode, out.String())
		}
		if time.Since(began) > 20*time.Second {
			t.Errorf("%s: the match took %v", mode, time.Since(began))
		}
	}
}

// TestMatchOfTwoEnginesIsScored: two legal engines finish every game,
// each opening played both ways, the records replay, and the score's
// interval holds the share.
func TestMatchOfTwoEnginesIsScored(t *testing.T) {
	records := t.TempDir() + "/games.txt"
	var out, errs strings.Builder
	args := []string{"-a", engineCommand(t, "first"), "-b", engineCommand(t, "first"), "-size", "4", "-openings", "3",
		"-movetime", "1s", "-records", records}
	if code := run(args, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if n := strings.Count(out.String(), ": opening "); n != 6 {
		t.Errorf("%d games: %s", n, out.String())
	}
	data, err := os.ReadFile(records)
	if err != nil {
		t.Fatal(err)
	}
	games := strings.Split(strings.TrimSpace(string(data)), "[Game ")
	for _, g := range games[1:] {
		moves := strings.Fields(strings.TrimSpace(g[strings.LastIndex(g, "]")+1:]))
		p := hex.Sized(4).Start()
		for _, s := range moves {
			m, err := p.ParseMove(s)
			if err == nil {
				p, err = p.Play(m)
			}
			if err != nil {
				t.Fatalf("%v in %v", err, moves)
			}
		}
		if p.ToMove() != rules.Terminal {
			t.Errorf("unfinished: %v", moves)
		}
	}
}

// TestReportTellsQuickMovesApart: each engine's report counts the moves
// it made in under a tenth of -movetime and gives the others' mean: all
// of the instant engine's moves, none of the one that takes 150 ms.
func TestReportTellsQuickMovesApart(t *testing.T) {
	var out, errs strings.Builder
	args := []string{"-a", engineCommand(t, "first"), "-b", engineCommand(t, "slow"), "-size", "3", "-openings", "1", "-movetime", "1s"}
	if code := run(args, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	re := regexp.MustCompile(`engine (a|b): (\d+) moves, [0-9.]+s a move on average, [0-9.]+s at most; (\d+) under a tenth of -movetime, the others ([0-9.]+)s on average`)
	found := 0
	for _, m := range re.FindAllStringSubmatch(out.String(), -1) {
		found++
		moves, _ := strconv.Atoi(m[2])
		quick, _ := strconv.Atoi(m[3])
		mean, _ := strconv.ParseFloat(m[4], 64)
		if moves == 0 {
			t.Errorf("engine %s made no move: %s", m[1], out.String())
		}
		switch m[1] {
		case "a":
			if quick != moves || mean != 0 {
				t.Errorf("the instant engine: %s", m[0])
			}
		case "b":
			if quick != 0 || mean < 0.15 {
				t.Errorf("the slow engine: %s", m[0])
			}
		}
	}
	if found != 2 {
		t.Errorf("no report of both engines: %s", out.String())
	}
}

// TestReportSplitsTheMeans: an engine's report line counts the moves
// that took under a tenth of -movetime and gives the mean of all its
// moves, its longest and the mean of the others (the quick moves' time
// taken out): moves of 50, 150 and 199 ms are quick at 2 s a move, and
// of 200 and 400 ms not.
func TestReportSplitsTheMeans(t *testing.T) {
	e := &engine{Engine: &htpclient.Engine{Name: "a"}}
	ms := time.Millisecond
	for _, took := range []time.Duration{400 * ms, 50 * ms, 200 * ms, 150 * ms, 199 * ms, 400 * ms} {
		e.record(took, 2*time.Second)
	}
	want := "engine a: 6 moves, 0.23s a move on average, 0.40s at most; 3 under a tenth of -movetime, the others 0.33s on average"
	if got := e.summary(); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := (&engine{Engine: &htpclient.Engine{Name: "b"}}).summary(); got != "engine b: 0 moves, 0.00s a move on average, 0.00s at most; 0 under a tenth of -movetime, the others 0.00s on average" {
		t.Errorf("no move: %s", got)
	}
}

// TestFromPlaysTheLaterOpenings: -from K plays the openings from the
// K-th on, numbered as in the whole match, so that parts make the match.
func TestFromPlaysTheLaterOpenings(t *testing.T) {
	play := func(args ...string) string {
		var out, errs strings.Builder
		args = append([]string{"-a", engineCommand(t, "first"), "-b", engineCommand(t, "first"), "-size", "4", "-openings", "3", "-movetime", "1s"}, args...)
		if code := run(args, &out, &errs); code != 0 {
			t.Fatalf("exit %d: %s", code, errs.String())
		}
		return out.String()
	}
	whole := strings.Split(play(), "\n")
	part := strings.Split(play("-from", "3"), "\n")
	if len(part) < 2 || part[0] != whole[4] || part[1] != whole[5] || !strings.HasPrefix(part[0], "game 5: opening ") {
		t.Fatalf("-from 3 played\n%s\nnot the last two games of\n%s", strings.Join(part, "\n"), strings.Join(whole, "\n"))
	}
	if !strings.Contains(part[2], " of 2 ") {
		t.Errorf("score line %q: want a score of the 2 games played", part[2])
	}
}

// TestAtSidesAndRepeatNarrowTheMatch: -at plays the named openings in
// the list's order (spaces around a cell and upper case allowed), -sides
// the one side of each named, -repeat the list, named or spread, again,
// numbered on; and -from K resumes at the K-th opening of that sequence
// with the same games and numbers, and scores the games it played.
func TestAtSidesAndRepeatNarrowTheMatch(t *testing.T) {
	play := func(args ...string) []string {
		var out, errs strings.Builder
		args = append([]string{"-a", engineCommand(t, "first"), "-b", engineCommand(t, "first"), "-size", "4", "-movetime", "1s"}, args...)
		if code := run(args, &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs.String())
		}
		return strings.Split(out.String(), "\n")
	}
	gameLine := regexp.MustCompile(`^game (\d+): opening (\S+), A is (Black|White): `)
	games := func(lines []string) (got []string) {
		for _, l := range lines {
			if m := gameLine.FindStringSubmatch(l); m != nil {
				got = append(got, m[1]+" "+m[2]+" "+m[3])
			}
		}
		return got
	}
	whole := play("-at", "c3,a1", "-sides", "black", "-repeat", "2")
	want := []string{"1 c3 Black", "2 a1 Black", "3 c3 Black", "4 a1 Black"}
	if got := games(whole); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("-at c3,a1 -sides black -repeat 2 played %q, want %q", got, want)
	}
	if !strings.Contains(strings.Join(whole, "\n"), " of 4 ") {
		t.Errorf("want a score of 4 games:\n%s", strings.Join(whole, "\n"))
	}
	part := play("-at", "c3,a1", "-sides", "black", "-repeat", "2", "-from", "3")
	if len(part) < 2 || part[0] != whole[2] || part[1] != whole[3] {
		t.Errorf("-from 3 played\n%s\nnot the last two games of\n%s", strings.Join(part, "\n"), strings.Join(whole, "\n"))
	}
	want = []string{"1 b2 White", "2 b2 White", "3 b2 White"}
	if got := games(play("-at", "b2", "-sides", "white", "-repeat", "3")); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("-at b2 -sides white -repeat 3 played %q, want %q", got, want)
	}
	want = []string{"1 c3 White", "2 c3 Black", "3 a1 White", "4 a1 Black"}
	if got := games(play("-at", " c3 , A1")); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf(`-at " c3 , A1" played %q, want %q`, got, want)
	}
	both := play("-at", "c3,a1", "-repeat", "2", "-from", "2")
	want = []string{"3 a1 White", "4 a1 Black", "5 c3 White", "6 c3 Black", "7 a1 White", "8 a1 Black"}
	if got := games(both); strings.Join(got, ",") != strings.Join(want, ",") || !strings.Contains(strings.Join(both, "\n"), " of 6 ") {
		t.Errorf("-at c3,a1 -repeat 2 -from 2 played %q, want %q and a score of 6 games:\n%s", got, want, strings.Join(both, "\n"))
	}
	// The 2 openings spread over the 16 cells are cells 4 and 12.
	want = []string{"1 a2 White", "2 a4 White", "3 a2 White", "4 a4 White"}
	if got := games(play("-openings", "2", "-sides", "white", "-repeat", "2")); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("-openings 2 -sides white -repeat 2 played %q, want %q", got, want)
	}
}

// TestBadFlags: missing engines, bad sizes, openings out of range, bad
// opening lists and sides are refused with status 2 and a message that
// names the fault.
func TestBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{}, "want -a and -b"},
		{[]string{"-a", "x"}, "want -a and -b"},
		{[]string{"-a", "x", "-b", "y", "-size", "0"}, "-size"},
		{[]string{"-a", "x", "-b", "y", "-openings", "0"}, "-openings"},
		{[]string{"-a", "x", "-b", "y", "-repeat", "0"}, "-repeat of 1 or more"},
		{[]string{"-a", "x", "-b", "y", "-at", "a1", "-repeat", "600000"}, "-repeat 600000: more than 1000000 games"},
		{[]string{"-a", "x", "-b", "y", "-at", "a1", "-sides", "black", "-repeat", "1000001"}, "-repeat 1000001: more than 1000000 games"},
		{[]string{"-a", "x", "-b", "y", "-at", "a1,b2,c3,d4", "-repeat", "4611686018427387905"}, "-repeat 4611686018427387905: more than"},
		{[]string{"-a", "x", "-b", "y", "-from", "0"}, "-from 0"},
		{[]string{"-a", "x", "-b", "y", "-openings", "3", "-from", "4"}, "-from 4: want 1 to 3"},
		{[]string{"-a", "x", "-b", "y", "-size", "2", "-from", "5"}, "-from 5: want 1 to 4"},
		{[]string{"-a", "x", "-b", "y", "-at", "a1,b2", "-repeat", "2", "-from", "5"}, "-from 5: want 1 to 4"},
		{[]string{"-a", "x", "-b", "y", "-at", "a1,j9"}, `opening 2, "j9"`},
		{[]string{"-a", "x", "-b", "y", "-at", "a1,,b2"}, `opening 2, ""`},
		{[]string{"-a", "x", "-b", "y", "-at", "b2,a1,b2"}, `opening 3, "b2": named twice`},
		{[]string{"-a", "x", "-b", "y", "-at", "B2,a1,b2"}, `opening 3, "b2": named twice`},
		{[]string{"-a", "x", "-b", "y", "-at", ""}, `opening 1, ""`},
		{[]string{"-a", "x", "-b", "y", "-at", "a1", "-openings", "20"}, "leave out -openings"},
		{[]string{"-a", "x", "-b", "y", "-at", "swap"}, `opening 1, "swap"`},
		{[]string{"-a", "x", "-b", "y", "-at", "a1", "-openings", "5"}, "leave out -openings"},
		{[]string{"-a", "x", "-b", "y", "-sides", "grey"}, `-sides "grey"`},
	} {
		var out, errs strings.Builder
		if code := run(c.args, &out, &errs); code != 2 || !strings.Contains(errs.String(), c.says) {
			t.Errorf("%v: exit %d, %q; want 2 and a message with %q", c.args, code, errs.String(), c.says)
		}
	}
	// The bound counts the sides played: 600,000 one-sided games pass the
	// flags, and the match stops only at the engine that does not exist.
	var out, errs strings.Builder
	if code := run([]string{"-a", "no-such-engine-x", "-b", "y", "-at", "a1", "-sides", "black", "-repeat", "600000"}, &out, &errs); code != 1 {
		t.Errorf("-sides black -repeat 600000: exit %d, %q; want 1 (no engine), not refused", code, errs.String())
	}
}
