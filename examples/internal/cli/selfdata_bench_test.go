package cli

import (
	"io"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/tabletop-go/rules/examples/internal/npz"
)

// BenchmarkSelfPlayData measures the training data selfplay writes a
// second on one core: one op is a run of four games of hex(size=11) by
// MCTS at 200 iterations a move with one worker (-workers 1), through
// the whole tool (records to a discarded stdout, every decision position
// into the -data file, the garbage collection between games), each op
// with a seed of its own. It reports positions/s, the rows of the file
// per second of the tool's time (reading the file back to count them is
// not timed). The issue asks for 1,000 positions/s or more; -cpu 1 keeps
// the garbage collector on the same core.
func BenchmarkSelfPlayData(b *testing.B) {
	path := filepath.Join(b.TempDir(), "hex11.npz")
	var rows int
	var spent time.Duration
	seed := 0
	for b.Loop() {
		seed++
		began := time.Now()
		code := Selfplay([]string{"-game", "hex(size=11)", "-bot", "mcts", "-iterations", "200", "-workers", "1",
			"-games", "4", "-seed", strconv.Itoa(seed), "-data", path}, io.Discard, io.Discard)
		spent += time.Since(began)
		if code != ExitOK {
			b.Fatalf("selfplay exits with %d", code)
		}
		b.StopTimer()
		arrays, err := npz.Read(path)
		if err != nil {
			b.Fatal(err)
		}
		rows += arrays["values"].Shape[0]
		b.StartTimer()
	}
	b.ReportMetric(float64(rows)/spent.Seconds(), "positions/s")
	b.ReportMetric(float64(rows)/float64(b.N), "positions/op")
}
