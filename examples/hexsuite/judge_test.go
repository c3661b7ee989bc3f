package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// judgeSuite is a suite of three 9×9 positions that the solver cannot
// settle in 1ms after a1, the first engine's move: Black to move, White
// to move, and Black to move with a1 taken (the engine plays b1).
func judgeSuite(t *testing.T) string {
	suite := filepath.Join(t.TempDir(), "suite.txt")
	os.WriteFile(suite, []byte("hex(size=9,swap=none) | win e5\nhex(size=9,swap=none) e5 | win i9 | id white\nhex(size=9,swap=none) a1 e5 | win i9\n"), 0o644)
	return suite
}

// TestJudgeSettlesWhatTheSolverCannot: the outside judge settles a move
// the solver cannot in -check, for the side that played it (the fake
// judge says Black wins after a1: right for Black, wrong for White), and
// -update writes its verdicts; a move it cannot tell stays unknown. An
// earlier run's unknowns (-moves) are judged too.
func TestJudgeSettlesWhatTheSolverCannot(t *testing.T) {
	suite := judgeSuite(t)
	_, unjudged, _ := hexsuite("-suite", suite, "-engine", engine(t, "first"), "-check", "1ms", "-table", "16")
	if strings.Count(unjudged, " unknown ") != 3 {
		t.Fatalf("the solver settled moves, so the judge is not tested:\n%s", unjudged)
	}
	status, out, stderr := hexsuite("-suite", suite, "-engine", engine(t, "first"), "-check", "1ms", "-table", "16",
		"-judge", engine(t, "judge"), "-update")
	for _, want := range []string{
		"1 right a1 (line 1, ", "2 wrong a1 (line 2, ", "3 unknown b1 (line 3, ",
		"; judged) white", `not solved in 1ms; the judge answered "empty")`, "right 1 of 2 known", "; 1 unknown;", ": 0 the solver settled, 2 the judge\n",
	} {
		if status != 0 || !strings.Contains(out, want) {
			t.Fatalf("status %d, want %q in: %s%s", status, want, out, stderr)
		}
	}
	data, _ := os.ReadFile(suite)
	if !strings.Contains(string(data), "| win a1 e5\n") || !strings.Contains(string(data), "e5 | win i9 | loss a1 | id white\n") {
		t.Errorf("-update wrote:\n%s", data)
	}
	// The run without a judge again, by its moves, on the suite as it
	// was: the judge settles what it left unknown.
	earlier := filepath.Join(t.TempDir(), "run.txt")
	os.WriteFile(earlier, []byte(unjudged), 0o644)
	status, again, stderr := hexsuite("-suite", judgeSuite(t), "-moves", earlier, "-check", "1ms", "-table", "16", "-judge", engine(t, "judge"))
	if status != 0 || !strings.Contains(again, "1 right a1 (line 1, ") || !strings.Contains(again, "2 wrong a1 (line 2, ") || strings.Count(again, "; judged)") != 2 {
		t.Errorf("status %d: %s%s", status, again, stderr)
	}
}

// TestJudgeColoursAndCommand: the judge's answer names the winner in
// either form and case ("W"), whichever side played the move; -judgecmd
// names the solving command, -judgesetup reaches the judge (its
// set-answer command turns the fake's answer around) and -judgedir is
// where the judge runs (its fakeAnswerFile does the same).
func TestJudgeColoursAndCommand(t *testing.T) {
	setup, dir := filepath.Join(t.TempDir(), "setup.txt"), t.TempDir()
	for name, text := range map[string]string{setup: "set-answer b\n", filepath.Join(dir, fakeAnswerFile): "black\n"} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-judge", engine(t, "judgewhite")}, []string{"1 wrong a1 (line 1, ", "2 right a1 (line 2, "}},
		{[]string{"-judge", engine(t, "judgewhite"), "-judgecmd", "my-solve"}, []string{"1 wrong a1 (line 1, ", "2 right a1 (line 2, "}},
		{[]string{"-judge", engine(t, "judgewhite"), "-judgesetup", setup}, []string{"1 right a1 (line 1, ", "2 wrong a1 (line 2, "}},
		{[]string{"-judge", engine(t, "judgewhite"), "-judgedir", dir}, []string{"1 right a1 (line 1, ", "2 wrong a1 (line 2, "}},
	} {
		args := append([]string{"-suite", judgeSuite(t), "-engine", engine(t, "first"), "-check", "1ms", "-table", "16"}, c.args...)
		status, out, stderr := hexsuite(args...)
		for _, want := range append(c.want, "3 unknown b1 (line 3, ", `the judge answered "empty"`) {
			if status != 0 || !strings.Contains(out, want) {
				t.Errorf("%q: status %d, want %q in: %s%s", c.args, status, want, out, stderr)
				break
			}
		}
	}
}

// TestJudgeThatDoesNotKnowItsCommand: a judge that does not know
// -judgecmd stops the run before the first position.
func TestJudgeThatDoesNotKnowItsCommand(t *testing.T) {
	for _, args := range [][]string{
		{"-judge", engine(t, "first")},
		{"-judge", engine(t, "judge"), "-judgecmd", "solve-it now"},
	} {
		status, out, stderr := hexsuite(append([]string{"-suite", judgeSuite(t), "-engine", engine(t, "first"), "-table", "16"}, args...)...)
		if status != 1 || out != "" || !strings.Contains(stderr, "hexsuite: -judge: it does not know the command") {
			t.Errorf("%q: status %d: %s%s", args, status, out, stderr)
		}
	}
}

// TestJudgeLateOrRefusing: a judge that gives no answer in -judgetime,
// or garbles it, leaves the move unknown and is started again (at once:
// the run does not wait for anything else), and the run goes on; one
// that refuses the command stops the run; -timeout bounds the wait for
// the judge too.
func TestJudgeLateOrRefusing(t *testing.T) {
	for mode, note := range map[string]string{
		"judgehang":   "; the judge did not answer in 100ms)",
		"judgegarble": "; the judge's answer: ",
	} {
		began := time.Now()
		status, out, stderr := hexsuite("-suite", judgeSuite(t), "-engine", engine(t, "first"), "-check", "1ms", "-table", "16",
			"-judge", engine(t, mode), "-judgetime", "100ms")
		if status != 0 || strings.Count(out, note) != 3 || !strings.Contains(out, "right 0 of 0 known") {
			t.Errorf("%s: status %d: %s%s", mode, status, out, stderr)
		}
		if took := time.Since(began); took > 30*time.Second {
			t.Errorf("%s: the run took %v", mode, took)
		}
	}
	status, out, stderr := hexsuite("-suite", judgeSuite(t), "-engine", engine(t, "first"), "-check", "1ms", "-table", "16",
		"-judge", engine(t, "judgerefuse"))
	if status != 1 || !strings.Contains(stderr, "line 1 of the suite: -judge: ") || !strings.Contains(stderr, "refused") || out != "" {
		t.Errorf("status %d: %s%s", status, out, stderr)
	}
	began := time.Now()
	status, out, stderr = hexsuite("-suite", judgeSuite(t), "-engine", engine(t, "first"), "-check", "1ms", "-table", "16",
		"-judge", engine(t, "judgehang"), "-timeout", "1s", "-update")
	if took := time.Since(began); status != 1 || took > 20*time.Second || strings.Contains(out, "wrote") {
		t.Errorf("-timeout 1s: status %d after %v: %s%s", status, took, out, stderr)
	}
}
