package analysis

import (
	"math/rand/v2"
	"testing"
)

// TestDominatedCellsAreNoBetterThanTheirDominators checks the claim of
// FindDominated by minimax on random positions of 4×4 and 5×5: whenever
// the mover wins by playing a dominated cell, it wins by playing its
// dominator; and pruning the dominated cells keeps a winning move when
// there is one.
func TestDominatedCellsAreNoBetterThanTheirDominators(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	dominated := 0
	for _, n := range []int{4, 5} {
		g, _ := NewGeometry(n, n)
		ref := minimax{}
		count := 400
		if n == 5 {
			count = 60
		}
		if testing.Short() || raceEnabled {
			count /= 4
		}
		for i := 0; i < count; {
			// 4×4 from the empty board on; 5×5 from 11 stones, where
			// minimax is quick.
			stones := r.IntN(9)
			if n == 5 {
				stones = 11 + r.IntN(5)
			}
			b, ok := randomBoard(r, g, stones)
			if !ok {
				continue
			}
			i++
			me := b.Turn()
			dom := FindDominated(&b, me)
			wins := func(cell int) bool {
				next := b
				next.Play(cell)
				if w, over := next.Winner(); over {
					return w == me
				}
				return !ref.wins(next)
			}
			for a := range dom.Cells.All() {
				dominated++
				d := int(dom.By[a])
				if !b.IsEmpty(a) || !b.IsEmpty(d) {
					t.Fatalf("%s: %s dominated by %s, not both empty", b.String(), names(g, cellSet(a)), names(g, cellSet(d)))
				}
				if wins(a) && !wins(d) {
					t.Fatalf("%s to move on\n%s\nwins at %v but not at its dominator %v", me, b.String(), names(g, cellSet(a)), names(g, cellSet(d)))
				}
			}
			keep := dom.Prune(b.EmptyCells())
			// Every cell pruned has a chain of dominators ending in a
			// cell kept (two cells that dominate each other are not both
			// pruned).
			for a := range b.EmptyCells().AndNot(keep).All() {
				c := a
				for steps := 0; !keep.Has(c); steps++ {
					if !dom.Cells.Has(c) || steps > g.Cells() {
						t.Fatalf("pruned %v has no dominator kept on\n%s", names(g, cellSet(a)), b.String())
					}
					c = int(dom.By[c])
				}
			}
			winAll, winKept := false, false
			for c := range b.EmptyCells().All() {
				if wins(c) {
					winAll = true
					winKept = winKept || keep.Has(c)
				}
			}
			if winAll != winKept {
				t.Fatalf("pruning %v lost every winning move of\n%s", names(g, b.EmptyCells().AndNot(keep)), b.String())
			}
		}
	}
	if dominated < 100 {
		t.Fatalf("only %d dominated cells found: the test checks too little", dominated)
	}
	t.Logf("%d dominated cells checked", dominated)
}

func cellSet(c int) Set {
	var s Set
	s.Add(c)
	return s
}
