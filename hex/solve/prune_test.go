package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/tabletop-go/rules/hex/analysis"
)

// TestEvaluatePrunesOnlyTheMoversInferiorCells: the moves a node keeps
// with vulnerable and dominated-cell pruning leave out only cells with a
// chain of killers and dominators of the mover, each at least as good,
// ending in a kept move; and no kept move is dominated by another kept
// one. Checked on random 6×6 and 7×7 positions against the analysis
// recomputed here on the filled board.
func TestEvaluatePrunesOnlyTheMoversInferiorCells(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	s := New(Options{TableBytes: 1 << 20, Vulnerable: true, Dominated: true})
	plain := New(Options{TableBytes: 1 << 20})
	checked, pruned := 0, 0
	for tries := 0; checked < 60 && tries < 5000; tries++ {
		n := 6 + r.IntN(2)
		b, ok := randomBoard(r, geometry(t, n), 3+r.IntN(n*n/3))
		if !ok {
			continue
		}
		e := s.evaluate(&b, b.Key())
		all := plain.evaluate(&b, b.Key())
		if e.moves.Empty() || all.moves.Empty() {
			continue // decided at the node
		}
		f := b
		var inf analysis.Inferior
		analysis.FillIn(&f, &inf)
		me := f.Turn()
		dom := analysis.FindDominated(&f, me)
		for a := range e.moves.And(dom.Cells).All() {
			if e.moves.Has(int(dom.By[a])) {
				t.Fatalf("kept %d, dominated by kept %d, on\n%s", a, dom.By[a], f.String())
			}
		}
		for a := range all.moves.AndNot(e.moves).All() {
			pruned++
			c := a
			for steps := 0; !e.moves.Has(c); steps++ {
				switch {
				case steps > f.Geometry().Cells():
					t.Fatalf("%d left out with no chain to a kept move on\n%s", a, f.String())
				case dom.Cells.Has(c):
					c = int(dom.By[c])
				case inf.Vulnerable[me].Has(c):
					c = int(inf.Killer[c])
				default:
					t.Fatalf("%d left out, neither dominated nor vulnerable for the mover, on\n%s", c, f.String())
				}
			}
		}
		checked++
	}
	if checked < 60 || pruned < 60 {
		t.Fatalf("only %d positions and %d cells pruned: the test checks too little", checked, pruned)
	}
}
