package main

import (
	"strings"
	"testing"
)

// TestBadFlags: arguments, bounds out of range and -small with -paths
// (a playout model cannot have path classes) are refused with exit
// status 2 before any game is read.
func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"extra"}, {"-holdout", "1"}, {"-mincount", "0"}, {"-sweeps", "0"}, {"-small", "-paths"},
	} {
		var out, errs strings.Builder
		if got := run(append(args, "-games", "/nonexistent"), &out, &errs); got != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, got, errs.String())
		}
		if !strings.Contains(errs.String(), "hexpatterns: want") {
			t.Errorf("%q: %q does not say what it wants", args, errs.String())
		}
	}
}
