package hexbot

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/patterns"
)

// TestSupportsOnlyBoards: Supports said yes to sizes of no board (0×0,
// negative) and to huge ones whose product overflowed.
func TestSupportsOnlyBoards(t *testing.T) {
	for _, size := range [][2]int{{0, 0}, {-1, 5}, {math.MinInt, math.MinInt}, {2, 1 << 62}, {math.MaxInt, math.MaxInt}, {20, 20}} {
		if Supports(size[0], size[1]) {
			t.Errorf("Supports(%d, %d)", size[0], size[1])
		}
	}
	for _, size := range [][2]int{{1, 1}, {11, 11}, {19, 19}, {analysis.MaxCells, 1}} {
		if !Supports(size[0], size[1]) {
			t.Errorf("not Supports(%d, %d)", size[0], size[1])
		}
	}
}

// TestChooseCellTakesBadInputs: a last move that is no cell of the board
// (one of another board's size) indexed past the board; the zero Bot
// divided by its zero workers; the zero analysis.Board (what
// FromPosition returns with its error) dereferenced nil. The last move
// is taken as unknown, the zero Bot plays with New's defaults, and the
// zero Board is refused.
func TestChooseCellTakesBadInputs(t *testing.T) {
	b, err := analysis.FromPosition(hex.Config{Cols: 7, Rows: 7, Swap: hex.SwapNone}.Start())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	bot := New(Options{Iterations: 200})
	for _, last := range []int{49, 1 << 16, 65560, math.MaxInt, -5} {
		if c, err := bot.ChooseCell(ctx, b, last); err != nil || c < 0 || c >= 49 {
			t.Errorf("ChooseCell(last %d) = %d, %v", last, c, err)
		}
	}
	var zero Bot // 100,000 iterations by default: cut short
	short, stop := context.WithTimeout(ctx, 300*time.Millisecond)
	defer stop()
	if c, err := zero.ChooseCell(short, b, -1); err != nil || c < 0 || c >= 49 {
		t.Errorf("the zero Bot: %d, %v", c, err)
	}
	if _, err := bot.ChooseCell(ctx, analysis.Board{}, -1); err == nil {
		t.Error("the zero analysis.Board is not refused")
	}
}

// TestZeroModelsPlay: a bot given the zero patterns.Model as its move
// priors and as its playout model (which know no pattern: every move
// weighs 1) plays a legal move; both once panicked.
func TestZeroModelsPlay(t *testing.T) {
	b, err := analysis.FromPosition(hex.Config{Cols: 7, Rows: 7, Swap: hex.SwapNone}.Start())
	if err != nil {
		t.Fatal(err)
	}
	bot := New(Options{Iterations: 2000, Patterns: &patterns.Model{}, PlayoutPatterns: &patterns.Model{}})
	for range 3 {
		c, err := bot.ChooseCell(context.Background(), b, -1)
		if err != nil || c < 0 || c >= 49 || !b.IsEmpty(c) {
			t.Fatalf("ChooseCell = %d, %v on\n%s", c, err, b.String())
		}
		b.Play(c)
	}
}
