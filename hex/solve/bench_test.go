package solve

import (
	"context"
	"testing"

	"github.com/tabletop-go/rules/hex/analysis"
)

// BenchmarkSolve6x6Opening: one op solves one opening of 6×6 (the
// position after a first stone, the second player to move), cycling
// through the 18 openings the half turn does not map onto each other,
// each from an empty table.
func BenchmarkSolve6x6Opening(b *testing.B) {
	g := geometry(b, 6)
	s := New(Options{TableBytes: 64 << 20, Vulnerable: true})
	i := 0
	for b.Loop() {
		board := analysis.NewBoard(g, analysis.Black)
		board.Play(i % 18)
		s.Clear()
		if _, err := s.Solve(context.Background(), board); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
