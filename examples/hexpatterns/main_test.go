package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tabletop-go/rules/hex/patterns"
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

// TestPathsReachesTheModel: -paths trains a model with path classes (the
// second version of the file format), and without it the model has none
// (the first), as the description says.
func TestPathsReachesTheModel(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.hsgf")
	var b strings.Builder
	for g := range 12 {
		// Little Golem's hsgf: column then row letters, W nodes first
		// (the first player's), each game a line.
		fmt.Fprintf(&b, "(;FF[4]EV[hex.in.HEX11.1]PB[a]PW[b]SZ[5]GC[ game #%d]SO[x]", g+1)
		for k := range 9 {
			cell := (g*7 + k*11) % 25
			for strings.Contains(b.String()[strings.LastIndex(b.String(), "(;"):], fmt.Sprintf("[%c%c]", 'a'+cell%5, 'a'+cell/5)) {
				cell = (cell + 1) % 25
			}
			fmt.Fprintf(&b, ";%c[%c%c]", "WB"[k%2], 'a'+cell%5, 'a'+cell/5)
		}
		b.WriteString(")\n")
	}
	require.NoError(t, os.WriteFile(games, []byte(b.String()), 0o644))
	for _, paths := range []bool{false, true} {
		out := filepath.Join(dir, fmt.Sprintf("model-%v.bin", paths))
		args := []string{"-games", games, "-out", out, "-mincount", "1", "-sweeps", "4"}
		if paths {
			args = append(args, "-paths")
		}
		var stdout, stderr strings.Builder
		require.Equal(t, 0, run(args, &stdout, &stderr), stderr.String())
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		m, err := patterns.Parse(data)
		require.NoError(t, err)
		assert.Equal(t, paths, m.HasPaths(), "-paths %v", paths)
		assert.Equal(t, map[bool]string{false: "hexpat1\n", true: "hexpat2\n"}[paths], string(data[:8]))
		assert.Equal(t, paths, strings.Contains(stdout.String(), "with path classes"), "%s", stdout.String())
		assert.Contains(t, stdout.String(), "read 12 games")
	}
}
