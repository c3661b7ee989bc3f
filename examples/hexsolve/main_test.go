package main

import (
	"strings"
	"testing"
)

func runSolve(args ...string) (int, string, string) {
	var out, errs strings.Builder
	code := run(args, &out, &errs)
	return code, out.String(), errs.String()
}

// TestOpenings4x4: every opening of 4×4, with the known winners: the
// first player wins exactly on the short diagonal a4, b3, c2, d1.
func TestOpenings4x4(t *testing.T) {
	code, out, errs := runSolve("-game", "hex(size=4,swap=none)", "-openings")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	wins := map[string]bool{"a4": true, "b3": true, "c2": true, "d1": true}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 17 || !strings.HasPrefix(lines[16], "solved 16 openings of hex(size=4,swap=none) in ") {
		t.Fatalf("output:\n%s", out)
	}
	for _, l := range lines[:16] {
		f := strings.Fields(l)
		want := "loss"
		if wins[f[0]] {
			want = "win"
		}
		if f[1] != want {
			t.Errorf("%s: %s, want %s", f[0], f[1], want)
		}
	}
}

// TestPosition: a position's value for the side to move and a winning
// move, the pie rule's first move, and the errors.
func TestPosition(t *testing.T) {
	code, out, _ := runSolve("-game", "hex(size=3,swap=none)")
	if code != 0 || !strings.HasPrefix(out, "win b2\nsolved in ") {
		t.Errorf("3×3 start: exit %d, %q", code, out)
	}
	code, out, _ = runSolve("-game", "hex(size=3,swap=none)", "-position", "3/1B1/3 w -")
	if code != 0 || !strings.HasPrefix(out, "loss") {
		t.Errorf("3×3 after b2: exit %d, %q", code, out)
	}
	code, out, _ = runSolve("-game", "hex(size=3)", "-position", "3/1B1/3 w -")
	if code != 0 || !strings.HasPrefix(out, "win swap\n") {
		t.Errorf("3×3 after b2 with the pie rule: exit %d, %q", code, out)
	}
	for _, c := range []struct{ args []string }{
		{[]string{"-game", "hex(size=0)"}},
		{[]string{"-game", "chess"}},
		{[]string{"-game", "hex(size=20)"}},
		{[]string{"-position", "3/3"}},
		{[]string{"-openings", "-game", "hex(size=3)"}},
		{[]string{"-openings", "-position", "4/4/4/4 b -"}},
		{[]string{"-timeout", "-1s"}},
		{[]string{"stray"}},
	} {
		code, _, errs := runSolve(c.args...)
		if code != 2 || !strings.HasPrefix(errs, "hexsolve: ") && !strings.Contains(errs, "flag") {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
}

// TestTimeout: a run out of time says so and exits 1.
func TestTimeout(t *testing.T) {
	code, out, _ := runSolve("-game", "hex(size=8,swap=none)", "-timeout", "1ms")
	if code != 1 || !strings.HasPrefix(out, "unknown\n") {
		t.Errorf("exit %d, %q", code, out)
	}
}

// FuzzPosition: no -position text makes hexsolve panic, hang or answer
// with anything but a value (exit 0) or a one-line error (exit 2).
func FuzzPosition(f *testing.F) {
	for _, s := range []string{"3/1B1/3 w -", "3/3/3 b -", "BWB/WBW/BW1 b -", "hex(size=3,swap=none) 3/3/3 b -", "", "4/4/4/4 w sides", "\x00", "B2/3/3 w -"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		code, out, errs := runSolve("-game", "hex(size=3,swap=none)", "-position", pos, "-table", "1", "-timeout", "10s")
		switch code {
		case 0:
			if !strings.HasPrefix(out, "win") && !strings.HasPrefix(out, "loss") {
				t.Fatalf("%q: %q", pos, out)
			}
		case 2:
			if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "hexsolve: -position: ") {
				t.Fatalf("%q: %q", pos, errs)
			}
		default:
			t.Fatalf("%q: exit %d: %q %q", pos, code, out, errs)
		}
	})
}
