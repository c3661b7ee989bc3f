package hexbot

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tabletop-go/rules/hex/analysis"
)

// The tree's invariants, checked after searches by the tests of this
// package: its shape (checkTree, checkDescents) and its proofs
// (checkProofs), and TestTreeProofsAreTrue.

// checkTree walks a worker's tree from its root board: every node is
// reached exactly once, children are contiguous and in increasing order
// of their cells, and every move is an empty cell of its node's board;
// a node's fill-in puts stones (one colour to a cell) on empty cells,
// its children there are pruned, and each fill belongs to one node; the
// root's children are exactly the worker's candidates; and the tree is
// whole as descents see it (checkDescents).
func checkTree(t *testing.T, w *worker) {
	t.Helper()
	seen := make([]bool, len(w.nodes))
	var walk func(i int32, b analysis.Board, depth int)
	walk = func(i int32, b analysis.Board, depth int) {
		if seen[i] {
			t.Fatalf("node %d reached twice", i)
		}
		seen[i] = true
		nd := w.nodes[i]
		// b holds the moves only: a node's fill-in, and those above it,
		// take cells empty on it, and its children are empty on it too
		// (those grown before a fill above may lie under one of its
		// stones, which pick skips).
		var filled analysis.Set
		if nd.fill != 0 {
			if nd.fill < 0 || int(nd.fill) > len(w.fills) || !nd.know || nd.kids <= 0 {
				t.Fatalf("node %d: fill %d of %d, knowledge %v, %d children", i, nd.fill, len(w.fills), nd.know, nd.kids)
			}
			f := w.fills[nd.fill-1]
			filled = f[0].Or(f[1])
			if !f[0].And(f[1]).Empty() || filled.Empty() || !filled.AndNot(b.EmptyCells()).Empty() {
				t.Fatalf("node %d: a fill of no stone, with a cell of both colours or on a stone", i)
			}
		}
		if nd.kids <= 0 {
			return
		}
		if nd.first <= i || int(nd.first)+int(nd.kids) > len(w.nodes) {
			t.Fatalf("node %d: children [%d, %d+%d) outside the tree of %d", i, nd.first, nd.first, nd.kids, len(w.nodes))
		}
		prev := -1
		for k := nd.first; k < nd.first+int32(nd.kids); k++ {
			cell := int(w.nodes[k].move)
			if filled.Has(cell) && !w.nodes[k].pruned {
				t.Fatalf("depth %d: child %s of node %d is filled in and not pruned", depth, b.Geometry().Name(cell), i)
			}
			if cell <= prev || !b.IsEmpty(cell) {
				t.Fatalf("depth %d: child %s of node %d is out of order or on a stone of\n%s", depth, b.Geometry().Name(cell), i, b.String())
			}
			prev = cell
			c := b
			c.Play(cell)
			walk(k, c, depth+1)
		}
	}
	walk(0, w.root, 0)
	for i, ok := range seen {
		if !ok {
			t.Fatalf("node %d of %d is in no node's children", i, len(w.nodes))
		}
	}
	// Each fill belongs to one node, and no fill is left over (reuse
	// keeps those of the nodes it keeps, reset none).
	owner := make([]int, len(w.fills))
	for i := range w.nodes {
		if f := w.nodes[i].fill; f > 0 {
			if owner[f-1] != 0 {
				t.Fatalf("nodes %d and %d share fill %d", owner[f-1]-1, i, f)
			}
			owner[f-1] = i + 1
		}
	}
	for f, o := range owner {
		if o == 0 {
			t.Fatalf("fill %d of %d belongs to no node", f+1, len(w.fills))
		}
	}
	checkDescents(t, w)
}

// checkDescents walks w's tree as a descent sees it, the fill-ins on the
// path put on the board: every expanded node below the root that is not
// proven has a child for each empty cell of that board (none of them
// lost to a fill-in that is no longer put there).
func checkDescents(t *testing.T, w *worker) {
	t.Helper()
	walkDescents(w, func(i int32, b *analysis.Board) {
		nd := &w.nodes[i]
		if nd.proof != 0 {
			return
		}
		if nd.fill > 0 {
			w.fillAt(nd, b)
		}
		if nd.kids <= 0 {
			return
		}
		var kids analysis.Set
		for k := nd.first; k < nd.first+int32(nd.kids); k++ {
			kids.Add(int(w.nodes[k].move))
		}
		if miss := b.EmptyCells().AndNot(kids); i != 0 && !miss.Empty() {
			t.Fatalf("node %d (%s) has no child for %d empty cells of its descents' board, %s the first:\n%s",
				i, b.Geometry().Name(int(nd.move)), miss.Len(), b.Geometry().Name(miss.First()), b.String())
		}
	})
}

// walkDescents walks w's tree from its root as descents go: visit sees
// each node reached, with the board of the moves to it and the
// fill-ins visit put on above (visit puts a node's own fill-in on b if
// it wants it); the walk goes on, unless the node is proven, into its
// children not pruned whose cell is empty on b.
func walkDescents(w *worker, visit func(i int32, b *analysis.Board)) {
	var walk func(i int32, b analysis.Board)
	walk = func(i int32, b analysis.Board) {
		visit(i, &b)
		nd := &w.nodes[i]
		if nd.kids <= 0 || nd.proof != 0 {
			return
		}
		for k := nd.first; k < nd.first+int32(nd.kids); k++ {
			if c := &w.nodes[k]; !c.pruned && b.IsEmpty(int(c.move)) {
				next := b
				next.Play(int(c.move))
				walk(k, next)
			}
		}
	}
	walk(0, w.root)
}

// favourite returns the most visited child of node i in w's tree.
func favourite(w *worker, i int32) (cell int, hits uint32) {
	nd := w.nodes[i]
	cell = -1
	for k := nd.first; k < nd.first+int32(nd.kids); k++ {
		if w.nodes[k].hits > hits {
			cell, hits = int(w.nodes[k].move), w.nodes[k].hits
		}
	}
	return cell, hits
}

// wins reports whether the player to move on b wins with best play, by
// exhaustive search (small boards only).
func wins(b analysis.Board) bool {
	if w, over := b.Winner(); over {
		return w == b.Turn()
	}
	for cell := range b.EmptyCells().All() {
		c := b
		c.Play(cell)
		if !wins(c) {
			return true
		}
	}
	return false
}

// checkProofs walks w's tree and checks every proven node against
// exhaustive search: proof +1 means the move into the node wins, -1 that
// it loses.
func checkProofs(t *testing.T, w *worker) (proofs int) {
	t.Helper()
	var walk func(i int32, b analysis.Board)
	walk = func(i int32, b analysis.Board) {
		nd := w.nodes[i]
		if i != 0 && nd.proof != 0 {
			proofs++
			if moverWins := !wins(b); moverWins != (nd.proof > 0) {
				t.Fatalf("node %s has proof %d, but the move into it %s on\n%s", b.Geometry().Name(int(nd.move)), nd.proof,
					map[bool]string{true: "wins", false: "loses"}[moverWins], b.String())
			}
		}
		for k := nd.first; nd.kids > 0 && k < nd.first+int32(nd.kids); k++ {
			c := b
			c.Play(int(w.nodes[k].move))
			walk(k, c)
		}
	}
	walk(0, w.root)
	return proofs
}

// TestTreeProofsAreTrue: on random 4×4 positions with few empty cells,
// every proof in the tree, before and after reuse, agrees with exhaustive
// search. A node whose board is full used to be taken for one whose
// moves all lose, whoever had won, and reuse carried the wrong proof
// into the next move's root.
func TestTreeProofsAreTrue(t *testing.T) {
	g, _ := analysis.NewGeometry(4, 4)
	r := rand.New(rand.NewPCG(8, 8))
	ctx := context.Background()
	proofs := 0
	for range 60 {
		b := analysis.NewBoard(g, analysis.Black)
		for range 8 + r.IntN(3) {
			cells := b.EmptyCells().AppendTo(nil)
			b.Play(int(cells[r.IntN(len(cells))]))
		}
		if _, over := b.Winner(); over {
			continue
		}
		bot := New(Options{Iterations: 300, Seed: r.Uint64(), Plain: true})
		mine, err := bot.ChooseCell(ctx, b, -1)
		if err != nil || bot.Last.Reason != "search" {
			continue
		}
		proofs += checkProofs(t, bot.workers[0])
		b.Play(mine)
		if _, over := b.Winner(); over || b.EmptyCells().Len() < 2 {
			continue
		}
		reply, _ := favourite(bot.workers[0], bot.workers[0].child(0, mine))
		if reply < 0 {
			continue
		}
		b.Play(reply)
		if _, over := b.Winner(); over {
			continue
		}
		if _, err := bot.ChooseCell(ctx, b, -1); err != nil {
			t.Fatal(err)
		}
		if bot.Last.Reason == "search" {
			proofs += checkProofs(t, bot.workers[0])
		}
	}
	if proofs < 100 {
		t.Fatalf("only %d proofs checked", proofs)
	}
}
