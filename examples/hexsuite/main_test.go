package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-go/rules/examples/internal/htpclient/htptest"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/solve"
)

// fakeEnv makes the test binary a fake HTP engine of the mode it names:
// "solver" plays a winning move when the solver finds one, "first" the
// first empty cell, "occupied" the cell of the last stone, "resign"
// resigns, "hang" never answers genmove, "hangchild" neither, with a
// child process holding its stderr, "refuse" answers it with a failure,
// "busy" with a failure of two lines and brackets, "wrongid" with a
// reply of another id, "garbage" with a
// line that is no reply, "twice" with two replies,
// "quit" ends at the first genmove, "noid" plays as "first" with replies
// that leave the command's id out. Every mode refuses a play or
// genmove of the colour not to move. As a judge (-judge), the modes
// starting with "judge" know the commands dfpn-solve-state and
// my-solve, which they refuse with a colour other than the one to move;
// "judge" answers them with "black" when the last stone is on a1 (the
// first engine's move) and "empty" otherwise, "judgewhite" the same
// with "W", each with the answer a set-answer command (of -judgesetup)
// gave instead, when one did, or else the answer in the file
// hexsuite-fake-answer.txt of its working directory (-judgedir), when
// there is one; "judgehang" never answers, "judgerefuse"
// fails, "judgegarble" answers with a line that is no reply. Other
// modes know no solving command.
const fakeEnv = "HEXSUITE_FAKE_ENGINE"

// fakeAnswerFile is the file, in a fake judge's working directory, whose
// answer it gives.
const fakeAnswerFile = "hexsuite-fake-answer.txt"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		fake(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fake(mode string) {
	s := solve.New(solve.Options{TableBytes: 1 << 20})
	f := &htptest.Fake{Strict: true, NoIDs: mode == "noid"}
	answer := map[string]string{"judge": "black", "judgewhite": "W"}[mode]
	if data, err := os.ReadFile(fakeAnswerFile); err == nil && strings.HasPrefix(mode, "judge") {
		answer = strings.TrimSpace(string(data))
	}
	f.Other = func(f *htptest.Fake, words []string) bool {
		switch {
		case words[0] == "known_command" && strings.HasPrefix(mode, "judge"):
			f.Reply(strconv.FormatBool(len(words) > 1 && (words[1] == "dfpn-solve-state" || words[1] == "my-solve")))
		case words[0] == "set-answer" && len(words) > 1: // a -judgesetup command
			answer = words[1]
			f.Reply("")
		case (words[0] == "dfpn-solve-state" || words[0] == "my-solve") && strings.HasPrefix(mode, "judge"):
			switch {
			case len(words) < 2 || words[1] != f.Colour():
				f.Fail("not the colour to move")
			case mode == "judgehang":
				time.Sleep(time.Hour)
			case mode == "judgerefuse":
				f.Fail("unknown command")
			case mode == "judgegarble":
				fmt.Print("hello\n\n")
			case f.Last == "a1":
				f.Reply(answer)
			default:
				f.Reply("empty")
			}
		default:
			return false
		}
		return true
	}
	f.Serve(func(f *htptest.Fake, colour string) bool {
		p := f.Pos
		switch mode {
		case "twice":
			f.Reply(p.AppendMoves(nil)[0].String())
			f.Reply(p.AppendMoves(nil)[0].String())
		case "hangchild":
			// A child holding the engine's stderr, as a wrapper
			// script's would, outlives the engine's kill.
			child := exec.Command("sleep", "300")
			child.Stderr = os.Stderr
			child.Start()
			time.Sleep(time.Hour)
		case "solver":
			o, _ := s.SolvePosition(context.Background(), p)
			f.Reply(o.Move.String())
		case "occupied":
			f.Reply(cmp.Or(f.Last, "z9"))
		case "resign":
			f.Reply("resign")
		case "hang":
			time.Sleep(time.Hour)
		case "refuse":
			f.Fail("no")
		case "wrongid":
			n, _ := strconv.Atoi(f.ID)
			fmt.Printf("=%d %s\n\n", n+1, p.AppendMoves(nil)[0])
		case "busy":
			f.Fail("cannot (busy) now\nsecond line")
		case "garbage":
			fmt.Print("hello\n\n")
		case "quit":
			return true
		default:
			f.Reply(p.AppendMoves(nil)[0].String())
		}
		return false
	})
}

// engine is the fake engine of mode as -engine.
func engine(t *testing.T, mode string) string {
	return htptest.Command(t, fakeEnv, mode)
}

// hexsuite runs the command and returns its status and output.
func hexsuite(args ...string) (int, string, string) {
	var out, errs bytes.Buffer
	status := run(args, &out, &errs)
	return status, out.String(), errs.String()
}

// fiveSuite is a suite of five 5×5 positions won for the side to
// move, which the solver settles at once, with only the solver's
// winning move known (so that scoring must solve), a comment and a
// blank line.
func fiveSuite(t *testing.T) string {
	cfg, _ := hex.ParseSpec("hex(size=5,swap=none)")
	s := solve.New(solve.Options{TableBytes: 1 << 20})
	lines := []string{"# five positions"}
	for _, moves := range []string{"", "a1", "a1 e5", "c3 b4", "a5", "e1", "b2", "a1 c3", "c3 c2", "c3 d2"} {
		p := cfg.Start()
		for _, c := range strings.Fields(moves) {
			m, _ := p.ParseMove(c)
			p = p.PlayUnchecked(m)
		}
		o, err := s.SolvePosition(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if !o.Win {
			continue
		}
		lines = append(lines, fmt.Sprintf("%s %s | win %s | id after %q", cfg.Spec(), moves, o.Move, moves))
		if len(lines) == 3 {
			lines = append(lines, "")
		}
		if len(lines) == 6+1 {
			break
		}
	}
	if len(lines) != 7 {
		t.Fatalf("want five won positions: %q", lines)
	}
	name := filepath.Join(t.TempDir(), "suite.txt")
	if err := os.WriteFile(name, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

var resultLine = regexp.MustCompile(`^(\d+) (right|wrong|unknown) (\S*) \(line (\d+), [0-9.]+s(; ([^)]*))?\)`)

// TestScoreJudgesEachMove: a solver engine is right everywhere; the
// first-cell engine's verdicts agree with the solver's; -update writes
// what the solver settled, so that a second run solves nothing.
func TestScoreJudgesEachMove(t *testing.T) {
	suite := fiveSuite(t)
	status, stdout, stderr := hexsuite("-suite", suite, "-engine", engine(t, "solver"), "-check", "5s", "-table", "16")
	if status != 0 || !strings.Contains(stdout, "right 5 of 5 known (100.0%") {
		t.Fatalf("solver engine: status %d: %s%s", status, stdout, stderr)
	}
	status, stdout, stderr = hexsuite("-suite", suite, "-engine", engine(t, "first"), "-check", "5s", "-table", "16", "-update")
	if status != 0 {
		t.Fatalf("status %d: %s%s", status, stdout, stderr)
	}
	data, _ := os.ReadFile(suite)
	entries, err := readSuite(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the updated suite: %v\n%s", err, data)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	right := 0
	for i, e := range entries {
		m := resultLine.FindStringSubmatch(lines[i])
		if m == nil {
			t.Fatalf("line %q", lines[i])
		}
		cell, _ := e.pos.ParseMove(m[3])
		wins := !proven(t, e.pos.PlayUnchecked(cell))
		if want := map[bool]string{true: "right", false: "wrong"}[wins]; m[2] != want {
			t.Errorf("%s: want %s", lines[i], want)
		}
		if wins {
			right++
		}
		if m[6] != "solved" {
			t.Errorf("%s: the first cell is not the solver's move, yet not solved", lines[i])
		}
		if strconv.Itoa(e.line) != m[4] {
			t.Errorf("%s: entry %d is on line %d", lines[i], i+1, e.line)
		}
		if list := map[bool][]string{true: e.win, false: e.loss}[wins]; !strings.Contains(" "+strings.Join(list, " ")+" ", " "+m[3]+" ") {
			t.Errorf("-update did not write %s under %s: %s", m[3], m[2], e)
		}
	}
	if want := fmt.Sprintf("right %d of 5 known", right); !strings.Contains(stdout, want) {
		t.Errorf("want %q in %s", want, stdout)
	}
	if !strings.HasPrefix(string(data), "# five positions\n") || !strings.Contains(string(data), "\n\n") {
		t.Errorf("-update lost the comment or the blank line:\n%s", data)
	}
	_, again, _ := hexsuite("-suite", suite, "-engine", engine(t, "first"), "-check", "5s", "-table", "16", "-update")
	if strings.Contains(again, "solved") {
		t.Errorf("a second run solved again:\n%s", again)
	}
}

// TestScoreCountsNoMoveAsWrong: an engine that resigns, plays an
// occupied cell, answers too late, fails or garbles its answer is wrong
// for that position, and the run goes on (a late engine is started
// again).
func TestScoreCountsNoMoveAsWrong(t *testing.T) {
	suite := fiveSuite(t)
	for mode, why := range map[string]string{
		"resign":   "resigned a won position",
		"occupied": "no legal move",
		"hang":     "none in 200ms",
		"refuse":   "refused",
		"garbage":  "garbled reply",
		"wrongid":  "whose id is",
	} {
		status, stdout, stderr := hexsuite("-suite", suite, "-engine", engine(t, mode), "-movetime", "100ms", "-grace", "100ms", "-first", "2")
		if status != 0 {
			t.Errorf("%s: status %d: %s%s", mode, status, stdout, stderr)
			continue
		}
		if strings.Count(stdout, " wrong ") != 2 || strings.Count(stdout, why) != 2 || !strings.Contains(stdout, "right 0 of 2 known") {
			t.Errorf("%s: want two wrong moves for %q:\n%s", mode, why, stdout)
		}
	}
}

// TestScoreStopsForAnEngineThatEnds: an engine that ends is an error
// (status 1), not a wrong move.
func TestScoreStopsForAnEngineThatEnds(t *testing.T) {
	status, _, stderr := hexsuite("-suite", fiveSuite(t), "-engine", engine(t, "quit"))
	if status != 1 || !strings.Contains(stderr, "stopped answering") {
		t.Errorf("status %d: %s", status, stderr)
	}
}

// TestMovesJudgesAnEarlierRun: -moves takes each position's move from an
// earlier run's output and judges it as the run did; a move the run did
// not have (the engine gave none) is wrong, a position it did not score
// an error.
func TestMovesJudgesAnEarlierRun(t *testing.T) {
	suite := fiveSuite(t)
	// The first run solves (its lines have notes); the second knows
	// every move (its lines have none).
	_, first, _ := hexsuite("-suite", suite, "-engine", engine(t, "first"), "-check", "5s", "-table", "16", "-update")
	_, second, _ := hexsuite("-suite", suite, "-engine", engine(t, "first"), "-check", "5s", "-table", "16")
	earlier := filepath.Join(t.TempDir(), "run.txt")
	if err := os.WriteFile(earlier, []byte(second), 0o644); err != nil {
		t.Fatal(err)
	}
	if status, again, stderr := hexsuite("-suite", suite, "-moves", earlier); status != 0 || again != second {
		t.Errorf("status %d: %s%s\nwant\n%s", status, again, stderr, second)
	}
	if err := os.WriteFile(earlier, []byte(first), 0o644); err != nil {
		t.Fatal(err)
	}
	status, again, stderr := hexsuite("-suite", suite, "-moves", earlier, "-check", "5s", "-table", "16")
	verdicts := func(out string) []string {
		var v []string
		for l := range strings.SplitSeq(out, "\n") {
			if m := resultLine.FindStringSubmatch(l); m != nil {
				v = append(v, m[1]+" "+m[2]+" "+m[3]+" "+m[4])
			}
		}
		return v
	}
	if status != 0 || !slices.Equal(verdicts(again), verdicts(first)) || len(verdicts(first)) != 5 {
		t.Errorf("status %d: %s%s\nwant the verdicts of\n%s", status, again, stderr, first)
	}
	// The engine gave no move for the second position.
	lines := strings.Split(first, "\n")
	lines[1] = regexp.MustCompile(`^2 \w+ \S+ \(line 3, [^)]*\)`).ReplaceAllString(lines[1], "2 wrong - (line 3, 1.00s; no legal move: none in 1s)")
	write := func(lines []string) {
		if err := os.WriteFile(earlier, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(lines)
	status, out, stderr := hexsuite("-suite", suite, "-moves", earlier, "-check", "5s", "-table", "16")
	if status != 0 || !regexp.MustCompile(`(?m)^2 wrong - \(line 3, 1.00s; no legal move: none in the earlier run\)`).MatchString(out) {
		t.Errorf("status %d: %s%s", status, out, stderr)
	}
	// A run that stopped before the fourth position, and a run of
	// another suite, are refused before anything is judged.
	write(append(lines[:3:3], "right 0 of 0 known"))
	status, out, stderr = hexsuite("-suite", suite, "-moves", earlier, "-check", "5s", "-table", "16")
	if status != 2 || out != "" || !strings.Contains(stderr, "it scored no position on line 6 of the suite") {
		t.Errorf("status %d: %s%s", status, out, stderr)
	}
	lines[2] = strings.Replace(lines[2], "after", "before", 1)
	write(lines)
	status, out, stderr = hexsuite("-suite", suite, "-moves", earlier, "-check", "5s", "-table", "16")
	if status != 2 || out != "" || !strings.Contains(stderr, "a run of another suite") {
		t.Errorf("status %d: %s%s", status, out, stderr)
	}
}

// TestBadFlags: each bad command line is refused with status 2 and says
// what is wrong.
func TestBadFlags(t *testing.T) {
	suite := fiveSuite(t)
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("hex(size=5,swap=none) a1 | loss b1\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "want -make"},
		{[]string{"-make", "-suite", suite}, "want -make"},
		{[]string{"-make", "-out", "x"}, "-make needs -records and -out"},
		{[]string{"-suite", suite}, "-suite needs -engine (a command) or -moves"},
		{[]string{"-suite", suite, "-engine", "  "}, "-suite needs -engine (a command) or -moves"},
		{[]string{"-suite", suite, "-engine", "x", "-moves", "y"}, "-suite needs -engine (a command) or -moves"},
		{[]string{"-suite", suite, "-engine", " ", "-moves", "y"}, "-suite needs -engine (a command) or -moves"},
		{[]string{"-suite", suite, "-moves", "y", "-movetime", "2s"}, "-movetime is for an engine, not -moves"},
		{[]string{"-suite", suite, "-engine", "x", "-each", "2s"}, "-each is for -make, not scoring"},
		{[]string{"-make", "-records", "x", "-out", "y", "-update"}, "-update is for scoring (-suite), not -make"},
		{[]string{"-suite", suite, "-engine", "x", "-setup", filepath.Join(t.TempDir(), "none")}, "-setup: "},
		{[]string{"-suite", suite, "-engine", "x", "-check", "0s"}, "must be more than 0"},
		{[]string{"-suite", suite, "-engine", "x", "-first", "-1"}, "-first must be 0 or more"},
		{[]string{"-make", "-records", "x", "-out", "y", "-per", "0"}, "-per 1 or more"},
		{[]string{"-suite", suite, "-engine", "x", "-table", "0"}, "-table must be from 1"},
		{[]string{"-suite", suite, "-engine", "x", "extra"}, `unexpected argument "extra"`},
		{[]string{"-suite", suite, "-engine", "x", "-judgedir", "/"}, "-judgedir needs -judge"},
		{[]string{"-suite", suite, "-engine", "x", "-judgecmd", "solve"}, "-judgecmd needs -judge"},
		{[]string{"-suite", suite, "-engine", "x", "-judge", " "}, "-judge needs a command"},
		{[]string{"-suite", suite, "-engine", "x", "-judge", "y", "-judgetime", "0s"}, "-judgetime must be more than 0"},
		{[]string{"-suite", suite, "-engine", "x", "-judge", "y", "-judgecmd", " "}, "-judgecmd needs a command"},
		{[]string{"-suite", suite, "-engine", "x", "-judge", "y", "-judgesetup", filepath.Join(t.TempDir(), "none")}, "-judgesetup: "},
		{[]string{"-make", "-records", "x", "-out", "y", "-judge", "z"}, "-judge is for scoring (-suite), not -make"},
		{[]string{"-suite", bad, "-engine", "x"}, "line 1: no win field"},
		{[]string{"-suite", suite, "-moves", bad}, "-moves: " + bad + ": no scored position"},
		{[]string{"-suite", filepath.Join(t.TempDir(), "none"), "-engine", "x"}, "no such file"},
		{[]string{"-make", "-records", bad, "-out", filepath.Join(t.TempDir(), "s")}, "moves with no [Game]"},
		{[]string{"-make", "-records", randomRecords(t, 3, 1, 1), "-out", bad}, "-out: " + bad + ": line 1: no win field"},
		{[]string{"-make", "-records", randomRecords(t, 3, 1, 1) + ",", "-out", bad}, "-records: open : no such file"},
	} {
		status, _, stderr := hexsuite(c.args...)
		if status != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: status %d, %q; want 2 and %q", c.args, status, stderr, c.want)
		}
	}
}

// otherWinSuite is fiveSuite's positions with, under win, a winning
// cell other than the solver's move where there is one: the solver
// engine's moves must be solved.
func otherWinSuite(t *testing.T) (name string, others int) {
	data, err := os.ReadFile(fiveSuite(t))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := readSuite(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range entries {
		for _, m := range e.pos.AppendMoves(nil) {
			if c := m.String(); c != e.win[0] && !proven(t, e.pos.PlayUnchecked(m)) {
				e.win = []string{c}
				others++
				break
			}
		}
		lines = append(lines, e.String())
	}
	name = filepath.Join(t.TempDir(), "suite.txt")
	if err := os.WriteFile(name, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return name, others
}

// TestScoreSolvesMovesTheSuiteLacks: a winning move the suite does not
// list is solved, right and written under win; with no time to solve,
// it is unknown and not counted among the known.
func TestScoreSolvesMovesTheSuiteLacks(t *testing.T) {
	suite, others := otherWinSuite(t)
	if others < 3 {
		t.Fatalf("only %d positions with a second winning cell", others)
	}
	status, out, stderr := hexsuite("-suite", suite, "-engine", engine(t, "solver"), "-check", "5s", "-table", "16", "-update")
	if status != 0 || strings.Count(out, "; solved)") != others || !strings.Contains(out, "right 5 of 5 known") ||
		!strings.Contains(out, fmt.Sprintf("wrote %s the solver settled", count(others, "move"))) {
		t.Errorf("status %d: %s%s", status, out, stderr)
	}
	data, _ := os.ReadFile(suite)
	entries, _ := readSuite(bytes.NewReader(data))
	for _, e := range entries {
		if len(e.win) != 2 && len(e.win) != 1 {
			t.Errorf("line %d: %s", e.line, e)
		}
	}
	if _, again, _ := hexsuite("-suite", suite, "-engine", engine(t, "solver"), "-table", "16"); !strings.Contains(again, "right 5 of 5 known") || strings.Contains(again, "solved") {
		t.Errorf("the solved moves were not written:\n%s", again)
	}
}

// TestScoreCountsUnknownsApart: a move the solver cannot settle in
// -check is unknown, counted apart from the known.
func TestScoreCountsUnknownsApart(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "suite.txt")
	// The first engine plays a1, which the suite does not know; the
	// solver cannot settle a 9×9 position of two stones in 1 ms.
	os.WriteFile(suite, []byte("hex(size=9,swap=none) e5 | win i9 | id nine\nhex(size=9,swap=none) | win e5\n"), 0o644)
	status, out, stderr := hexsuite("-suite", suite, "-engine", engine(t, "first"), "-check", "1ms", "-table", "16", "-update")
	if status != 0 || strings.Count(out, " unknown a1 ") != 2 || !strings.Contains(out, "not solved in 1ms") ||
		!strings.Contains(out, "right 0 of 0 known") || !strings.Contains(out, "; 2 unknown;") || strings.Contains(out, "wrote") {
		t.Errorf("status %d: %s%s", status, out, stderr)
	}
}

// TestScoreRefusesUnrequestedOutput: an engine that answers twice stops
// the run (its replies would be out of step), naming the output.
func TestScoreRefusesUnrequestedOutput(t *testing.T) {
	status, out, stderr := hexsuite("-suite", fiveSuite(t), "-engine", engine(t, "twice"), "-table", "16")
	if status != 1 || !strings.Contains(stderr, "garbled reply") || !strings.Contains(stderr, "line 3 of the suite") || strings.Count(out, "\n") != 1 {
		t.Errorf("status %d: %s%s", status, out, stderr)
	}
}

// TestALateEngineWithAChildIsRestarted: an engine whose child process
// holds its stderr is still killed and started again at once, not when
// the child ends.
func TestALateEngineWithAChildIsRestarted(t *testing.T) {
	done := make(chan int, 1)
	go func() {
		status, _, _ := hexsuite("-suite", fiveSuite(t), "-engine", engine(t, "hangchild"), "-movetime", "100ms", "-grace", "100ms", "-first", "2")
		done <- status
	}()
	select {
	case status := <-done:
		if status != 0 {
			t.Errorf("status %d", status)
		}
	case <-time.After(2 * time.Minute):
		t.Fatalf("the run waited for the engine's child (300 s)")
	}
}

// TestRunLinesReadBack: whatever an engine answers, each position is one
// line of the run, which -moves reads back, ids with brackets included.
func TestRunLinesReadBack(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "suite.txt")
	os.WriteFile(suite, []byte("hex(size=3,swap=none) | win b2 | id t1 (x) y\nhex(size=3,swap=none) a1 | win b2\n"), 0o644)
	status, out, stderr := hexsuite("-suite", suite, "-engine", engine(t, "busy"), "-table", "16")
	if status != 0 || strings.Count(out, "\n") != 3 || !strings.Contains(out, "cannot (busy) now second line) t1 (x) y\n") {
		t.Fatalf("status %d: %s%s", status, out, stderr)
	}
	earlier := filepath.Join(t.TempDir(), "run.txt")
	os.WriteFile(earlier, []byte(out), 0o644)
	if status, again, stderr := hexsuite("-suite", suite, "-moves", earlier, "-table", "16"); status != 0 || strings.Count(again, " wrong - ") != 2 {
		t.Errorf("status %d: %s%s", status, again, stderr)
	}
}

// TestRepliesWithoutIdsAreTaken: an engine that leaves the ids out of
// its replies is scored as any other.
func TestRepliesWithoutIdsAreTaken(t *testing.T) {
	suite := fiveSuite(t)
	_, want, _ := hexsuite("-suite", suite, "-engine", engine(t, "first"), "-table", "16")
	status, out, stderr := hexsuite("-suite", suite, "-engine", engine(t, "noid"), "-table", "16")
	times := regexp.MustCompile(`[0-9.]+s\b`)
	if status != 0 || times.ReplaceAllString(out, "") != times.ReplaceAllString(want, "") {
		t.Errorf("status %d: %s%s\nwant\n%s", status, out, stderr, want)
	}
}
