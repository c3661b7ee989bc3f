//go:build linux

package cli

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/internal/testkit"
)

// maxValidateRSS bounds validate's peak memory on any 50 MB input, as
// the README states it: the most it was measured at is 78 MB, for a
// record that reaches the limit of moves.
const maxValidateRSS = 100 << 20

// measureValidate runs validate in a child process on input (generated
// as it is read, never held whole) and returns its standard output, peak
// resident memory (MaxRSS) and running time.
func measureValidate(t *testing.T, input io.Reader) (string, int64, time.Duration) {
	t.Helper()
	if testing.Short() || raceEnabled {
		t.Skip("feeds 50 MB to a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childValidate+"=1")
	cmd.Stdin = input
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	if _, ok := err.(*exec.ExitError); !ok {
		require.NoError(t, err, errOut.String())
	}
	require.Empty(t, errOut.String())
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
	t.Logf("%.1f MB of peak memory, %v", float64(rss)/(1<<20), elapsed.Round(time.Millisecond))
	return out.String(), rss, elapsed
}

const fiftyMB = 50 << 20

func TestValidateStreamsA50MBSingleTreeSGFInBoundedMemory(t *testing.T) {
	body := ";B[a1];W[b2]"
	out, rss, _ := measureValidate(t, &testkit.Repeated{Head: "(;GM[11]SZ[19]", Body: body, N: fiftyMB / len(body) * len(body), Tail: ")\n(;GM[11]SZ[3];B[a1])\n"})
	assert.Less(t, rss, int64(maxValidateRSS))
	assert.Equal(t, `invalid 1: sgf line 1 "...[a1];W[b2];B[a1];W[b2];B[a1];W[b2];B[a1];" at offset 393224: the game tree holds more than 65536 nodes`+"\nok 1 *\n", out)
}

func TestValidateStreamsA50MBRecordInBoundedMemory(t *testing.T) {
	t.Run("on one line", func(t *testing.T) {
		out, rss, _ := measureValidate(t, &testkit.Repeated{Head: "[Game \"hex\"]\n\n", Body: "a1 ", N: fiftyMB, Tail: "\n\n[Game \"hex\"]\nb2\n"})
		assert.Less(t, rss, int64(maxValidateRSS))
		assert.Equal(t, `invalid 3: record line 3 "`+strings.Repeat("a1 ", 26)+`a1..." at offset 0: the line is longer than 1048576 bytes`+"\nok 1 *\n", out)
	})
	t.Run("in lines of 80", func(t *testing.T) {
		line := strings.Repeat("a1 ", 26) + "\n"
		out, rss, _ := measureValidate(t, &testkit.Repeated{Head: "[Game \"hex\"]\n\n", Body: line, N: fiftyMB / len(line) * len(line), Tail: "\n[Game \"hex\"]\nb2\n"})
		assert.Less(t, rss, int64(maxValidateRSS))
		assert.Equal(t, `invalid 40332: record line 40332 "`+strings.TrimSuffix(line, "\n")+`" at offset 66: the record holds more than 1048576 moves`+"\nok 1 *\n", out)
	})
	t.Run("a million tiny tags", func(t *testing.T) {
		tag := "[T \"x\"]\n"
		out, rss, _ := measureValidate(t, &testkit.Repeated{Head: "[Game \"hex\"]\n", Body: tag, N: fiftyMB / len(tag) * len(tag), Tail: "\na1\n\n[Game \"hex\"]\nb2\n"})
		assert.Less(t, rss, int64(maxValidateRSS))
		assert.Contains(t, out, "tags")
		assert.True(t, strings.HasSuffix(out, "ok 1 *\n"), "reading goes on after the refused record: %q", out)
	})
	t.Run("a legal game of 50 MB in many records", func(t *testing.T) {
		rec := "[Game \"hex(size=3,swap=none)\"]\n[Result \"1-0\"]\na1 c1 a2 c2 a3\n\n"
		out, rss, _ := measureValidate(t, &testkit.Repeated{Body: rec, N: fiftyMB / len(rec) * len(rec)})
		assert.Less(t, rss, int64(maxValidateRSS))
		assert.Equal(t, fiftyMB/len(rec), strings.Count(out, "ok 5 1-0\n"))
	})
}

// repeated reads the file at path n times over.
func repeated(t *testing.T, path string, n int) io.Reader {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	readers := make([]io.Reader, n)
	for i := range readers {
		readers[i] = bytes.NewReader(data)
	}
	return io.MultiReader(readers...)
}

// hexGames finds a file of shared/hexgames (testkit.HexGames).
func hexGames(t *testing.T, name string) string {
	t.Helper()
	return testkit.HexGames(t, name)
}

// TestValidateStreamsTheGameCollectionsInBoundedMemory: the Computer
// Olympiad collection 100 times over (12 MB, 34,700 trees) and the
// Little Golem export 9 times over (52 MB, 170,073 games).
func TestValidateStreamsTheGameCollectionsInBoundedMemory(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("feeds 50 MB to a child process")
	}
	countLines := func(out, prefix string) int {
		n := 0
		for sc := bufio.NewScanner(strings.NewReader(out)); sc.Scan(); {
			if strings.HasPrefix(sc.Text(), prefix) {
				n++
			}
		}
		return n
	}
	out, rss, _ := measureValidate(t, repeated(t, hexGames(t, "icga_olympiad_hexgui.sgf"), 100))
	assert.Less(t, rss, int64(maxValidateRSS))
	assert.Equal(t, 34700, strings.Count(out, "\n"))
	assert.Equal(t, 100, countLines(out, "invalid "), "20/13-1.sgf, White twice at its end")
	assert.Equal(t, 34600, countLines(out, "ok "))

	out, rss, _ = measureValidate(t, repeated(t, hexGames(t, "littlegolem_zerohex.hsgf"), 9))
	assert.Less(t, rss, int64(maxValidateRSS))
	assert.Equal(t, 9*18897, countLines(out, "ok "))
	assert.Equal(t, 9*18897, strings.Count(out, "\n"))
}
