package solve

import (
	"context"
	"testing"

	"github.com/tabletop-go/rules/hex/analysis"
)

// BenchmarkSolve6x6Opening: one op solves one opening of 6×6 (the
// position after a first stone, the second player to move), cycling
// through the 18 openings the half turn does not map onto each other,
// each from an empty table; with vulnerable-cell pruning, then with
// dominated-cell pruning as well.
func BenchmarkSolve6x6Opening(b *testing.B) {
	g := geometry(b, 6)
	for _, c := range []struct {
		name string
		opts Options
	}{
		{"vulnerable", Options{Vulnerable: true}},
		{"dominated", Options{Vulnerable: true, Dominated: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			c.opts.TableBytes = 64 << 20
			s := New(c.opts)
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
		})
	}
}
