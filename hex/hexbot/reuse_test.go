package hexbot

import (
	"context"
	"testing"

	"github.com/tabletop-go/rules/hex/analysis"
)

// checkTree walks a worker's tree from its root board: every node is
// reached exactly once, children are contiguous and in increasing order
// of their cells, and every move is an empty cell of its node's board;
// the root's children are exactly the worker's candidates.
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
		if nd.kids <= 0 {
			return
		}
		if nd.first <= i || int(nd.first)+int(nd.kids) > len(w.nodes) {
			t.Fatalf("node %d: children [%d, %d+%d) outside the tree of %d", i, nd.first, nd.first, nd.kids, len(w.nodes))
		}
		prev := -1
		for k := nd.first; k < nd.first+int32(nd.kids); k++ {
			cell := int(w.nodes[k].move)
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
	var kids analysis.Set
	r := w.nodes[0]
	for k := r.first; k < r.first+int32(r.kids); k++ {
		kids.Add(int(w.nodes[k].move))
	}
	if !kids.Equal(&w.cands) {
		t.Fatalf("the root's children are not its candidates")
	}
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

// TestReuseKeepsTheReplysSubtree: after the bot's move and the reply its
// search expected most, the next search starts from that reply's
// subtree: its playouts, every node legal on the new board.
func TestReuseKeepsTheReplysSubtree(t *testing.T) {
	g, _ := analysis.NewGeometry(7, 7)
	b := analysis.NewBoard(g, analysis.Black)
	b.Play(g.Cell(3, 3))
	bot := New(Options{Iterations: 4000, Seed: 1, Plain: true})
	mine, err := bot.ChooseCell(context.Background(), b, -1)
	if err != nil {
		t.Fatal(err)
	}
	w := bot.workers[0]
	at := w.child(0, mine)
	reply, hits := favourite(w, at)
	if reply < 0 || hits < 100 {
		t.Fatalf("the bot's move %s has no reply with playouts (%d)", g.Name(mine), hits)
	}
	var expect int
	grand := w.child(at, reply)
	for k := w.nodes[grand].first; k < w.nodes[grand].first+int32(w.nodes[grand].kids); k++ {
		expect += int(w.nodes[k].hits)
	}
	b.Play(mine)
	b.Play(reply)
	if _, err := bot.ChooseCell(context.Background(), b, -1); err != nil {
		t.Fatal(err)
	}
	if bot.Last.Reused != expect || expect == 0 {
		t.Fatalf("kept %d playouts, want the reply's children's %d", bot.Last.Reused, expect)
	}
	if bot.Last.Iterations != 4000+expect {
		t.Errorf("%d playouts at the root, want 4000 new and %d kept", bot.Last.Iterations, expect)
	}
	checkTree(t, bot.workers[0])
}

// TestReuseOnlyWhenTheBoardFollows: the subtree is kept only when the
// board is the last search's with the bot's move and one opponent stone
// added; not with another move of the bot's, two opponent stones, the
// same board again, or NoReuse.
func TestReuseOnlyWhenTheBoardFollows(t *testing.T) {
	g, _ := analysis.NewGeometry(7, 7)
	start := analysis.NewBoard(g, analysis.Black)
	start.Play(g.Cell(3, 3))
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		opts  Options
		next  func(b analysis.Board, mine, reply int) analysis.Board
		reuse bool
	}{
		{"the reply", Options{}, func(b analysis.Board, mine, reply int) analysis.Board {
			b.Play(mine)
			b.Play(reply)
			return b
		}, true},
		{"NoReuse", Options{NoReuse: true}, func(b analysis.Board, mine, reply int) analysis.Board {
			b.Play(mine)
			b.Play(reply)
			return b
		}, false},
		{"another move of the bot's", Options{}, func(b analysis.Board, mine, reply int) analysis.Board {
			other := b.EmptyCells()
			other.Remove(mine)
			other.Remove(reply)
			b.Play(other.First())
			b.Play(reply)
			return b
		}, false},
		{"two opponent stones", Options{}, func(b analysis.Board, mine, reply int) analysis.Board {
			b.Put(mine, b.Turn())
			b.Put(reply, b.Turn().Other())
			extra := b.EmptyCells()
			b.Put(extra.First(), b.Turn().Other())
			return b
		}, false},
		{"the same board", Options{}, func(b analysis.Board, mine, reply int) analysis.Board { return b }, false},
	} {
		tc.opts.Iterations, tc.opts.Seed, tc.opts.Plain = 2000, 2, true
		bot := New(tc.opts)
		mine, err := bot.ChooseCell(ctx, start, -1)
		if err != nil {
			t.Fatal(err)
		}
		reply, _ := favourite(bot.workers[0], bot.workers[0].child(0, mine))
		next := tc.next(start, mine, reply)
		if _, err := bot.ChooseCell(ctx, next, -1); err != nil {
			t.Fatal(err)
		}
		if got := bot.Last.Reused > 0; got != tc.reuse {
			t.Errorf("%s: kept %d playouts", tc.name, bot.Last.Reused)
		}
		checkTree(t, bot.workers[0])
	}
}

// TestReuseThroughWholeGames: two bots, with knowledge and two workers
// each, play 7×7 games against each other, each keeping its trees from
// move to move. Every tree is sound after every search, every move
// legal, the trees within their budget, and most searches keep
// playouts.
func TestReuseThroughWholeGames(t *testing.T) {
	g, _ := analysis.NewGeometry(7, 7)
	ctx := context.Background()
	searches, reused := 0, 0
	for game := range 3 {
		bots := [2]*Bot{
			New(Options{Iterations: 1500, Workers: 2, Seed: uint64(game), Knowledge: 30, MaxNodes: 40000}),
			New(Options{Iterations: 1500, Workers: 2, Seed: uint64(game + 10), Knowledge: 30, MaxNodes: 40000}),
		}
		b := analysis.NewBoard(g, analysis.Black)
		b.Play(g.Cell(game, 3))
		for {
			if _, over := b.Winner(); over {
				break
			}
			bot := bots[b.Turn()]
			cell, err := bot.ChooseCell(ctx, b, -1)
			if err != nil {
				t.Fatal(err)
			}
			if !b.IsEmpty(cell) {
				t.Fatalf("played %s on a stone", g.Name(cell))
			}
			if bot.Last.Reason == "search" {
				searches++
				if bot.Last.Reused > 0 {
					reused++
				}
				if bot.Last.Reused > bot.Last.Iterations {
					t.Fatalf("kept %d playouts of %d", bot.Last.Reused, bot.Last.Iterations)
				}
				for _, w := range bot.workers {
					checkTree(t, w)
					if len(w.nodes)+cap(w.keep) > 40000/2 {
						t.Fatalf("a tree of %d nodes and %d set aside", len(w.nodes), cap(w.keep))
					}
				}
			}
			b.Play(cell)
		}
	}
	t.Logf("%d of %d searches kept playouts", reused, searches)
	if searches < 10 || reused*2 < searches {
		t.Errorf("%d of %d searches kept playouts", reused, searches)
	}
}

// TestReuseRefusesABoardMissingTheSubtreesStones: when the new root
// lacks a stone the subtree's board had (a cell filled in then and empty
// now), the subtree's nodes would miss that cell's moves: the worker
// refuses it and its tree stays as it was.
func TestReuseRefusesABoardMissingTheSubtreesStones(t *testing.T) {
	g, _ := analysis.NewGeometry(7, 7)
	b := analysis.NewBoard(g, analysis.Black)
	first := g.Cell(3, 3)
	b.Play(first)
	bot := New(Options{Iterations: 2000, Seed: 4, Plain: true})
	mine, err := bot.ChooseCell(context.Background(), b, -1)
	if err != nil {
		t.Fatal(err)
	}
	w := bot.workers[0]
	reply, _ := favourite(w, w.child(0, mine))
	next := b
	next.Play(mine)
	next.Play(reply)
	missing := analysis.NewBoard(g, next.Turn()) // next without first
	for c := range analysis.Color(2) {
		for cell := range next.Stones(c).All() {
			if cell != first {
				missing.Put(cell, c)
			}
		}
	}
	nodes, root := len(w.nodes), w.nodes[0]
	if _, ok := w.reuse(missing, missing.EmptyCells(), mine, reply); ok {
		t.Fatal("kept a subtree whose board had a stone the new root lacks")
	}
	if len(w.nodes) != nodes || w.nodes[0] != root {
		t.Fatal("a refused reuse changed the tree")
	}
	if kept, ok := w.reuse(next, next.EmptyCells(), mine, reply); !ok || kept == 0 {
		t.Fatal("refused the board that follows")
	}
	checkTree(t, w)
}
