package hexbot

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/solve"
)

// TestRootPrunesInferiorCellsSoundly: on random 7×7 and 9×9 positions,
// the moves the bot considers at the root (Last.Candidates) leave out
// the mover's dominated cells whose dominator stays, and every cell of
// the must-play region (or the board) left out has a chain of killers
// (vulnerable cells) and dominators ending in a candidate or in a move
// the solver proved losing (Last.Lost, each checked here by a solver of
// its own): pruning never loses the best move. The analysis is
// recomputed here on the filled board, as the bot does.
func TestRootPrunesInferiorCellsSoundly(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	checked, pruned, lost := 0, 0, 0
	ref := solve.New(solve.Options{TableBytes: 16 << 20}) // checks the lost moves
	want := 30
	if testing.Short() {
		want = 10
	}
	for tries := 0; checked < want && tries < 2000; tries++ {
		b, over := randomPosition(r, 4)
		if over {
			continue
		}
		g := b.Geometry()
		f := b
		var inf analysis.Inferior
		analysis.FillIn(&f, &inf)
		if _, over := f.Winner(); over {
			continue
		}
		me := f.Turn()
		limits := rootLimitsFor(g.Cells()) // the bot is untimed here
		mine, theirs := analysis.NewHSearch(limits), analysis.NewHSearch(limits)
		mine.Run(&f, me)
		theirs.Run(&f, me.Other())
		if _, won := mine.Won(); won || len(mine.WinningSemis()) > 0 {
			continue // played at once, no pruning
		}
		if _, lost := theirs.Won(); lost {
			continue // the bot resists on the real board
		}
		base := f.EmptyCells()
		if must, ok := theirs.MustPlay(); ok && !must.And(base).Empty() {
			base = must.And(base)
		}
		bot := New(Options{Iterations: 50, Seed: uint64(tries)})
		if _, err := bot.ChooseCell(context.Background(), b, -1); err != nil {
			t.Fatal(err)
		}
		if bot.Last.Reason == "win" {
			continue // the solver proved a win among the candidates
		}
		cands := bot.Last.Candidates
		dom := analysis.FindDominated(&f, me)
		for a := range cands.And(dom.Cells).All() {
			if cands.Has(int(dom.By[a])) {
				t.Fatalf("candidate %s is dominated by candidate %s on\n%s", g.Name(a), g.Name(int(dom.By[a])), f.String())
			}
		}
		for c := range bot.Last.Lost.All() {
			lost++
			if cands.Has(c) || !base.Has(c) {
				t.Fatalf("%s is proven lost and a candidate, or not in the must-play region, on\n%s", g.Name(c), f.String())
			}
			next := f
			next.Play(c)
			if r, err := ref.Solve(context.Background(), next); err != nil || !r.Win {
				t.Fatalf("%s left out as lost, but after it the opponent does not win (%v, %v) on\n%s", g.Name(c), r, err, f.String())
			}
		}
		for a := range base.AndNot(cands).All() {
			pruned++
			c := a
			for steps := 0; !cands.Has(c) && !bot.Last.Lost.Has(c); steps++ {
				switch {
				case steps > g.Cells():
					t.Fatalf("%s left out with no chain to a candidate on\n%s", g.Name(a), f.String())
				case dom.Cells.Has(c):
					c = int(dom.By[c])
				case inf.Vulnerable[me].Has(c):
					c = int(inf.Killer[c])
				default:
					t.Fatalf("%s left out, neither dominated nor vulnerable, on\n%s", g.Name(c), f.String())
				}
			}
		}
		checked++
	}
	if checked < want || pruned < 2*want {
		t.Fatalf("only %d positions and %d cells pruned: the test checks too little", checked, pruned)
	}
	if lost == 0 {
		t.Fatalf("no move proven lost in %d positions: the test checks too little", checked)
	}
	t.Logf("%d positions, %d cells pruned, %d of them proven lost", checked, pruned, lost)
}
