package hexbot

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/hex/analysis"
)

// fillSearch runs a seeded search of 4,000 playouts with knowledge at
// 10 visits on a 7×7 board with a few stones, and returns its worker.
func fillSearch(t *testing.T, noTreeFill bool) *worker {
	t.Helper()
	g, err := analysis.NewGeometry(7, 7)
	require.NoError(t, err)
	b := analysis.NewBoard(g, analysis.Black)
	for _, cr := range [][2]int{{3, 3}, {2, 4}, {4, 2}, {3, 4}} { // d4, c5, e3, d5
		b.Play(g.Cell(cr[0], cr[1]))
	}
	bot := New(Options{Iterations: 4000, Seed: 3, Knowledge: 10, NoReuse: true, NoTreeFill: noTreeFill})
	_, err = bot.ChooseCell(context.Background(), b, -1)
	require.NoError(t, err)
	return bot.workers[0]
}

// TestTreeFillIsTheNodesFillIn: a node the knowledge reached holds the
// stones analysis.FillIn puts on its board (the moves to it with the
// fill-ins of the nodes above put on, as a descent sees it), by colour;
// a descent then sees that filled board. With NoTreeFill no node holds
// any.
func TestTreeFillIsTheNodesFillIn(t *testing.T) {
	w := fillSearch(t, false)
	checkTree(t, w)
	fills, known := 0, 0
	walkDescents(w, func(i int32, b *analysis.Board) {
		nd := &w.nodes[i]
		if nd.know && nd.proof == 0 {
			known++
			f := *b
			filled := analysis.FillIn(&f, nil)
			var want fill
			if !filled.Empty() {
				want = fill{filled.And(f.Stones(analysis.Black)), filled.And(f.Stones(analysis.White))}
				require.NotZero(t, nd.fill, "node %d: the board fills %v in, the node holds none", i, filled)
			}
			if nd.fill > 0 {
				fills++
				require.Equal(t, want, w.fills[nd.fill-1], "node %d", i)
				w.fillAt(nd, b)
				require.Equal(t, f.Stones(analysis.Black), b.Stones(analysis.Black), "node %d: the descent's board", i)
				require.Equal(t, f.Stones(analysis.White), b.Stones(analysis.White), "node %d: the descent's board", i)
			}
		}
	})
	t.Logf("%d of %d analysed nodes filled cells in", fills, known)
	require.NotZero(t, fills, "no node filled a cell in: the test shows nothing")

	w = fillSearch(t, true)
	checkTree(t, w)
	assert.Empty(t, w.fills)
	for i := range w.nodes {
		require.Zero(t, w.nodes[i].fill, "node %d with NoTreeFill", i)
	}
}

// TestFillAtLeavesStonesAlone: a node's fill-in goes on the empty cells
// of the descent's board only; a stone already there (one the root's
// fill-in put after tree reuse) stays as it is.
func TestFillAtLeavesStonesAlone(t *testing.T) {
	g, _ := analysis.NewGeometry(5, 5)
	b := analysis.NewBoard(g, analysis.Black)
	a1, b1, c1 := g.Cell(0, 0), g.Cell(1, 0), g.Cell(2, 0)
	b.Put(a1, analysis.White)
	w := &worker{}
	var f fill
	f[analysis.Black].Add(a1)
	f[analysis.Black].Add(b1)
	f[analysis.White].Add(c1)
	w.fills = append(w.fills, f)
	nd := node{fill: 1}
	w.fillAt(&nd, &b)
	for cell, want := range map[int]analysis.Color{a1: analysis.White, b1: analysis.Black, c1: analysis.White} {
		got, ok := b.At(cell)
		assert.True(t, ok && got == want, "%s: %v %v, want %v", g.Name(cell), got, ok, want)
	}
	assert.Equal(t, analysis.Black, b.Turn(), "fill-in does not pass the turn")
	assert.Equal(t, 3, b.Stones(analysis.Black).Len()+b.Stones(analysis.White).Len())
}

// TestPickSkipsCellsAFillTook: below a node that put its fill-in on the
// board, a child grown before that knowledge may lie under a filled
// stone; pick passes it over, and when every child left is such, it
// picks none without proving anything (the position is not lost for
// lack of moves). Without fill-in above, no child left proves the node's
// move a win, as before.
func TestPickSkipsCellsAFillTook(t *testing.T) {
	g, _ := analysis.NewGeometry(5, 5)
	b := analysis.NewBoard(g, analysis.Black)
	x, y := g.Cell(1, 1), g.Cell(2, 2)
	b.Put(x, analysis.White) // a fill-in's stone
	w := &worker{bot: New(Options{}), root: b}
	w.nodes = []node{
		{move: -1, kids: 2, first: 1, hits: 20, visits: 20},
		{move: int16(x), kids: -1, hits: 15, visits: 15, wins: 15}, // the better, if it were empty
		{move: int16(y), kids: -1, hits: 5, visits: 5, wins: 1},
	}
	assert.Equal(t, int32(2), w.pick(0, &b, true), "the child under a filled stone")
	w.nodes[2].pruned = true
	assert.Equal(t, int32(-1), w.pick(0, &b, true))
	assert.Zero(t, w.nodes[0].proof, "no child left for a fill-in's sake proves nothing")
	w.nodes[1].pruned = true
	assert.Equal(t, int32(-1), w.pick(0, &b, false))
	assert.Equal(t, int8(1), w.nodes[0].proof, "every child pruned: the move into the node wins")
}

// TestAMAFLeavesFilledCellsOut: a cell a fill-in took on the descent
// was played by no one, so the AMAF statistics of the nodes above do
// not count it; the other cells the mover holds at the end count.
func TestAMAFLeavesFilledCellsOut(t *testing.T) {
	g, _ := analysis.NewGeometry(5, 5)
	root := analysis.NewBoard(g, analysis.Black)
	x, y := g.Cell(1, 1), g.Cell(2, 2)
	final := root
	final.Put(x, analysis.Black)
	final.Put(y, analysis.Black)
	for _, filled := range []bool{false, true} {
		w := &worker{bot: New(Options{}), root: root, path: []int32{0}}
		w.nodes = []node{
			{move: -1, kids: 2, first: 1},
			{move: int16(x), kids: -1},
			{move: int16(y), kids: -1},
		}
		w.filled.Add(x)
		w.backup(&final, analysis.Black, filled)
		assert.Equal(t, float32(1), w.nodes[2].amafN, "filled %v: the played cell", filled)
		want := float32(1)
		if filled {
			want = 0
		}
		assert.Equal(t, want, w.nodes[1].amafN, "filled %v: the filled cell", filled)
	}
}

// TestDescentThroughAFillSkipsItsCells: one descent through a node whose
// fill-in took a cell that a child further down was grown on (before
// that knowledge): the descent puts the fill on its board, passes that
// child over for its sibling although the child scores better, and the
// AMAF statistics leave the filled cell out; the cells it took are
// w.filled, and only those of the current descent.
func TestDescentThroughAFillSkipsItsCells(t *testing.T) {
	g, _ := analysis.NewGeometry(5, 5)
	root := analysis.NewBoard(g, analysis.Black)
	x, y, z, u := g.Cell(0, 0), g.Cell(4, 4), g.Cell(2, 2), g.Cell(3, 1)
	w := newWorker(New(Options{Seed: 1}), 1, 1024)
	w.root, w.knowAt = root, 0
	var f fill
	f[analysis.Black].Add(z) // Black's, the colour that moves at node 2
	w.fills = []fill{f}
	w.nodes = []node{
		{move: -1, kids: 1, first: 1, hits: 100, visits: 100},
		{move: int16(x), kids: 1, first: 2, hits: 60, visits: 60, wins: 30, know: true, fill: 1},
		{move: int16(y), kids: 2, first: 3, hits: 50, visits: 50, wins: 25},
		{move: int16(z), kids: -1, hits: 5, visits: 5, wins: 5}, // the better, but under the fill
		{move: int16(u), kids: -1, hits: 5, visits: 5, wins: 0},
	}
	w.iterate()
	assert.Equal(t, uint32(5), w.nodes[3].hits, "the child under the fill")
	assert.Equal(t, uint32(6), w.nodes[4].hits, "its sibling")
	assert.Equal(t, []int32{0, 1, 2, 4}, w.path)
	assert.Zero(t, w.nodes[3].amafN, "AMAF counted the filled cell")
	assert.Equal(t, analysis.Set{}.Or(f[analysis.Black]), w.filled)

	// The next descent, with no fill on its path, leaves nothing out.
	w.nodes[1].fill = 0
	w.iterate()
	assert.Equal(t, analysis.Set{}, w.filled, "a fill of the last descent left in w.filled")
	assert.Equal(t, uint32(6), w.nodes[3].hits, "the child, its cell empty again")
}

// TestKnowledgeFillsTheDescentThatFoundIt: the descent on which a node
// gets its knowledge already puts the node's fill-in on its board (here
// the cell inside a ring of Black stones).
func TestKnowledgeFillsTheDescentThatFoundIt(t *testing.T) {
	g, _ := analysis.NewGeometry(9, 9)
	root := analysis.NewBoard(g, analysis.Black)
	// A ring of Black stones around b5, walled off from Black's sides by
	// White stones on rows 3 and 7 (not so many that either side wins).
	b5 := g.Cell(1, 4)
	for _, cr := range [][2]int{{0, 4}, {2, 4}, {1, 3}, {1, 5}, {2, 3}, {0, 5}} {
		root.Put(g.Cell(cr[0], cr[1]), analysis.Black)
	}
	for c := range 3 {
		root.Put(g.Cell(c, 2), analysis.White)
		root.Put(g.Cell(c, 6), analysis.White)
	}
	a1 := g.Cell(8, 0)
	w := newWorker(New(Options{Seed: 1}), 1, 1<<16)
	w.root, w.knowAt, w.treeFill = root, 1, true
	w.nodes = []node{
		{move: -1, kids: 1, first: 1, hits: 100, visits: 100},
		{move: int16(a1), kids: -1, hits: 20, visits: 20, wins: 10},
	}
	w.iterate()
	nd := &w.nodes[1]
	require.True(t, nd.know, "no knowledge at node 1")
	require.Zero(t, nd.proof, "the position is decided: the test shows nothing")
	require.NotZero(t, nd.fill, "no fill-in")
	assert.True(t, w.filled.Has(b5), "the descent that found the fill-in did not put it on its board")
}
