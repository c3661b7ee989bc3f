package solve

import (
	"context"
	"testing"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
)

// TestSolverTakesBadInputs: a table of under 144 bytes had one entry,
// where a lookup reads a bucket of two; the zero Solver had none; the
// zero analysis.Board dereferenced nil. The table has a bucket at least,
// the zero Solver takes New's defaults, and the zero Board is refused.
// Known on the zero Solver, or of the zero Board, knows nothing.
func TestSolverTakesBadInputs(t *testing.T) {
	start := hex.Config{Cols: 3, Rows: 3, Swap: hex.SwapNone}.Start()
	b, err := analysis.FromPosition(start)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var zero Solver
	if _, known := zero.Known(b); known {
		t.Error("the zero Solver claims to know the 3×3 start")
	}
	if _, known := zero.Known(analysis.Board{}); known {
		t.Error("the zero Solver claims to know the zero board")
	}
	for name, s := range map[string]*Solver{"TableBytes 1": New(Options{TableBytes: 1}), "TableBytes 100": New(Options{TableBytes: 100}), "the zero Solver": &zero} {
		if r, err := s.Solve(ctx, b); err != nil || !r.Win {
			t.Errorf("%s: %+v, %v; the first player wins 3×3", name, r, err)
		}
	}
	if _, err := New(Options{}).Solve(ctx, analysis.Board{}); err == nil {
		t.Error("the zero analysis.Board is not refused")
	}
}
