package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		"; judged) white", "not solved in 1ms; not settled by the judge)", "right 1 of 2 known", "; 1 unknown;", "wrote 2 moves the solver or the judge settled",
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

// TestJudgeLateOrRefusing: a judge that gives no answer in -judgetime
// leaves the move unknown and is started again, and the run goes on;
// one that refuses the command stops the run.
func TestJudgeLateOrRefusing(t *testing.T) {
	status, out, stderr := hexsuite("-suite", judgeSuite(t), "-engine", engine(t, "first"), "-check", "1ms", "-table", "16",
		"-judge", engine(t, "judgehang"), "-judgetime", "100ms")
	if status != 0 || strings.Count(out, "; the judge did not answer in 100ms)") != 3 || !strings.Contains(out, "right 0 of 0 known") {
		t.Errorf("status %d: %s%s", status, out, stderr)
	}
	status, out, stderr = hexsuite("-suite", judgeSuite(t), "-engine", engine(t, "first"), "-check", "1ms", "-table", "16",
		"-judge", engine(t, "judgerefuse"))
	if status != 1 || !strings.Contains(stderr, "line 1 of the suite: the judge: ") || !strings.Contains(stderr, "refused") || out != "" {
		t.Errorf("status %d: %s%s", status, out, stderr)
	}
}
