package solve_test

import (
	"context"
	"fmt"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/solve"
)

// Solving positions of 4×4 Hex without the pie rule: the first player
// wins the empty board (in the centre), and loses after a first stone
// in the corner a1.
func ExampleSolver_SolvePosition() {
	s := solve.New(solve.Options{TableBytes: 1 << 20})
	cfg := hex.Config{Cols: 4, Rows: 4, Swap: hex.SwapNone}
	start := cfg.Start()
	o, err := s.SolvePosition(context.Background(), start)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("empty board, black to move:", o.Win)
	o, _ = s.SolvePosition(context.Background(), start.PlayUnchecked(hex.Place(hex.NewSquare(0, 0))))
	fmt.Println("after a1, white to move:", o)
	// Output:
	// empty board, black to move: true
	// after a1, white to move: win b3
}
