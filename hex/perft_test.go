package hex

import (
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/testkit"
)

// TestPerftFrozen checks the counts frozen in testdata/perft.txt: the
// whole game tree of 3×3 in every swap mode and 4×4 to depth 5.
func TestPerftFrozen(t *testing.T) {
	testkit.CheckPerft(t, testkit.ReadPerft(t, "testdata/perft.txt"), 20, nil,
		func(spec string) (Position, error) {
			cfg, err := ParseSpec(spec)
			return cfg.Start(), err
		})
}

// TestPerftFrozenAgreesWithNaiveReference recomputes the frozen counts
// with the naive reference implementation (flood fill from scratch), so
// the frozen file is not just this package's own output.
func TestPerftFrozenAgreesWithNaiveReference(t *testing.T) {
	if testing.Short() {
		t.Skip("slow reference perft")
	}
	for _, c := range testkit.ReadPerft(t, "testdata/perft.txt") {
		cfg, _ := ParseSpec(c.Rest)
		if cfg.Cols > 3 && c.Depth > 4 {
			continue // the reference is slow; depth 4 on 4x4 is enough
		}
		if got := refPerft(newRef(cfg.Cols, cfg.Rows, cfg.Swap), c.Depth); got != c.Nodes {
			t.Errorf("%s reference perft(%d) = %d, frozen %d", c.Rest, c.Depth, got, c.Nodes)
		}
	}
}

// TestPerftMatchesFallingFactorial: with no swap, no game can end before
// ply 2n-1, so perft(d) = N!/(N-d)! for d <= 2n-1 (N cells).
func TestPerftMatchesFallingFactorial(t *testing.T) {
	for n := 1; n <= 4; n++ {
		cfg := Config{Cols: n, Rows: n, Swap: SwapNone}
		cells := uint64(n * n)
		want := uint64(1)
		for d := 1; d <= min(2*n-1, 5); d++ {
			want *= cells - uint64(d) + 1
			if got := rules.Perft(cfg.Start(), d); got != want {
				t.Errorf("%dx%d perft(%d) = %d, want %d", n, n, d, got, want)
			}
		}
	}
	// A larger board, where the first win comes much later.
	cfg := Config{Cols: 11, Rows: 11, Swap: SwapNone}
	if got := rules.Perft(cfg.Start(), 3); got != 121*120*119 {
		t.Errorf("11x11 perft(3) = %d, want %d", got, 121*120*119)
	}
}

// TestPerftSwapAddsOneBranchAtPlyTwo: with a pie rule, ply 2 has one more
// move (the swap) below each first stone.
func TestPerftSwapAddsOneBranchAtPlyTwo(t *testing.T) {
	for _, mode := range []SwapMode{SwapSides, SwapPieces} {
		cfg := Config{Cols: 5, Rows: 5, Swap: mode}
		if got, want := rules.Perft(cfg.Start(), 2), uint64(25*24+25); got != want {
			t.Errorf("%v perft(2) = %d, want %d", mode, got, want)
		}
	}
}
