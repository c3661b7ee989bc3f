package hexbot

import (
	"context"
	"math"
	"testing"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/patterns"
)

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

// playGames has two bots made with opts, their seeds set, play 3 games
// on a size×size board from a first stone on the fourth row, and calls
// searched after every move a bot found by searching, with the bot, the
// board before the move and the cell.
func playGames(t *testing.T, size int, opts Options, searched func(bot *Bot, b analysis.Board, cell int)) {
	t.Helper()
	g, _ := analysis.NewGeometry(size, size)
	for game := range 3 {
		var bots [2]*Bot
		for seat := range bots {
			o := opts
			o.Seed = uint64(game + 10*seat)
			bots[seat] = New(o)
		}
		b := analysis.NewBoard(g, analysis.Black)
		b.Play(g.Cell(game, 3))
		for {
			if _, over := b.Winner(); over {
				break
			}
			bot := bots[b.Turn()]
			cell, err := bot.ChooseCell(context.Background(), b, -1)
			if err != nil {
				t.Fatal(err)
			}
			if !b.IsEmpty(cell) {
				t.Fatalf("played %s on a stone", g.Name(cell))
			}
			if bot.Last.Reason == "search" {
				searched(bot, b, cell)
			}
			b.Play(cell)
		}
	}
}

// TestReuseThroughWholeGames: two bots, with knowledge and two workers
// each, play 7×7 games against each other, each keeping its trees from
// move to move. Every tree is sound after every search, every move
// legal, the trees within their budget, and many searches keep
// playouts.
func TestReuseThroughWholeGames(t *testing.T) {
	searches, reused := 0, 0
	playGames(t, 7, Options{Iterations: 1500, Workers: 2, Knowledge: 30, MaxNodes: 40000}, func(bot *Bot, _ analysis.Board, _ int) {
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
	})
	t.Logf("%d of %d searches kept playouts", reused, searches)
	// Reuse needs the opponent's answer to be a node the tree grew
	// (visited ten times): about half the searches here, a rate that
	// moves with anything that changes the search, so a third is asked.
	if searches < 10 || reused*3 < searches {
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

// searchAndReply searches a 7×7 board with one black stone, then plays
// the bot's move and the reply its first worker's tree expected most.
func searchAndReply(t *testing.T, bot *Bot) (next analysis.Board, mine, reply int) {
	t.Helper()
	g, _ := analysis.NewGeometry(7, 7)
	b := analysis.NewBoard(g, analysis.Black)
	b.Play(g.Cell(3, 3))
	mine, err := bot.ChooseCell(context.Background(), b, -1)
	if err != nil {
		t.Fatal(err)
	}
	w := bot.workers[0]
	reply, _ = favourite(w, w.child(0, mine))
	if reply < 0 {
		t.Fatal("no reply with playouts")
	}
	b.Play(mine)
	b.Play(reply)
	return b, mine, reply
}

// TestReuseRootChildrenAreNotPruned: the new root's children are the
// root analysis's moves, none left pruned by the knowledge the old node
// had.
func TestReuseRootChildrenAreNotPruned(t *testing.T) {
	bot := New(Options{Iterations: 2000, Seed: 1, Plain: true})
	next, mine, reply := searchAndReply(t, bot)
	w := bot.workers[0]
	from := w.child(w.child(0, mine), reply)
	for k := w.nodes[from].first; k < w.nodes[from].first+int32(w.nodes[from].kids); k++ {
		w.nodes[k].pruned = true
	}
	if _, err := bot.ChooseCell(context.Background(), next, -1); err != nil {
		t.Fatal(err)
	}
	if bot.Last.Reused == 0 {
		t.Fatal("no reuse")
	}
	r := w.nodes[0]
	for k := r.first; k < r.first+int32(r.kids); k++ {
		if w.nodes[k].pruned {
			t.Fatalf("root child %d pruned after reuse", w.nodes[k].move)
		}
	}
}

// TestReuseRootHitsAreItsChildrens: the new root counts the playouts of
// its kept children (UCT's exploration term reads it), and its move is
// the reply.
func TestReuseRootHitsAreItsChildrens(t *testing.T) {
	bot := New(Options{Iterations: 2000, Seed: 1, Plain: true})
	next, _, reply := searchAndReply(t, bot)
	if _, err := bot.ChooseCell(context.Background(), next, -1); err != nil {
		t.Fatal(err)
	}
	if bot.Last.Reused == 0 {
		t.Fatal("no reuse")
	}
	w := bot.workers[0]
	r := w.nodes[0]
	sum := uint32(0)
	for k := r.first; k < r.first+int32(r.kids); k++ {
		sum += w.nodes[k].hits
	}
	if r.hits != sum {
		t.Fatalf("root hits %d, its children's %d", r.hits, sum)
	}
	if int(r.move) != reply {
		t.Fatalf("root move %d, want the reply %d", r.move, reply)
	}
}

// TestReuseRefusesTwoOpponentStonesAfterTheReply: a board with the reply
// and another opponent stone on a higher cell does not follow.
func TestReuseRefusesTwoOpponentStonesAfterTheReply(t *testing.T) {
	bot := New(Options{Iterations: 2000, Seed: 2, Plain: true})
	next, _, reply := searchAndReply(t, bot)
	extra := -1
	for c := range next.EmptyCells().All() {
		if c > reply {
			extra = c
		}
	}
	next.Put(extra, next.Turn().Other())
	if _, ok := bot.reply(&next); ok {
		t.Fatal("a board with two opponent stones follows")
	}
	if _, err := bot.ChooseCell(context.Background(), next, -1); err != nil {
		t.Fatal(err)
	}
	if bot.Last.Reused != 0 {
		t.Fatalf("kept %d playouts for a board with two opponent stones", bot.Last.Reused)
	}
}

// TestReusedSumsTheWorkers: with two workers Report.Reused is the sum of
// what each kept.
func TestReusedSumsTheWorkers(t *testing.T) {
	bot := New(Options{Iterations: 4000, Seed: 3, Plain: true, Workers: 2})
	next, mine, reply := searchAndReply(t, bot)
	want := 0
	for _, w := range bot.workers {
		i := w.child(0, mine)
		if i >= 0 {
			i = w.child(i, reply)
		}
		if i < 0 || w.nodes[i].kids <= 0 {
			continue
		}
		for k := w.nodes[i].first; k < w.nodes[i].first+int32(w.nodes[i].kids); k++ {
			want += int(w.nodes[k].hits)
		}
	}
	if _, err := bot.ChooseCell(context.Background(), next, -1); err != nil {
		t.Fatal(err)
	}
	if bot.Last.Reused != want || want == 0 {
		t.Fatalf("Reused %d, want %d", bot.Last.Reused, want)
	}
}

// TestBestCountsEveryPlayoutAndResistsWhenLost: with a proven win at the
// root, best plays it and Report.Iterations still counts every playout
// of every worker; with every move proven lost, it plays the one searched
// most, not the first.
func TestBestCountsEveryPlayoutAndResistsWhenLost(t *testing.T) {
	g, _ := analysis.NewGeometry(5, 5)
	b := analysis.NewBoard(g, analysis.Black)
	bot := New(Options{Workers: 2, Plain: true})
	bot.setup(g.Cells())
	total := 0
	for _, w := range bot.workers {
		w.reset(b, b.EmptyCells(), -1, -1)
		r := w.nodes[0]
		for k := r.first; k < r.first+int32(r.kids); k++ {
			w.nodes[k].hits = 3
			total += 3
		}
	}
	w0 := bot.workers[0]
	kids := w0.nodes[w0.nodes[0].first:]
	kids[2].proof = 1
	if got := bot.best(); got != int(kids[2].move) {
		t.Fatalf("best %d, not the proven win %d", got, kids[2].move)
	}
	if bot.Last.Iterations != total {
		t.Fatalf("Iterations %d, want %d", bot.Last.Iterations, total)
	}
	bot.Last = Report{}
	for _, w := range bot.workers {
		r := w.nodes[0]
		for k := r.first; k < r.first+int32(r.kids); k++ {
			w.nodes[k].proof = -1
		}
	}
	kids[7].hits = 50
	if got := bot.best(); got != int(kids[7].move) {
		t.Fatalf("every move lost: best %d, not the most searched %d", got, kids[7].move)
	}
}

// TestLastIsTheReplyWithoutReuse: a board that follows gives the priors
// the reply as the last move even with NoReuse.
func TestLastIsTheReplyWithoutReuse(t *testing.T) {
	bot := New(Options{Iterations: 2000, Seed: 1, Plain: true, NoReuse: true})
	next, _, reply := searchAndReply(t, bot)
	if _, err := bot.ChooseCell(context.Background(), next, -1); err != nil {
		t.Fatal(err)
	}
	if m := int(bot.workers[0].nodes[0].move); m != reply || bot.Last.Reused != 0 {
		t.Fatalf("root move %d (want the reply %d), %d kept", m, reply, bot.Last.Reused)
	}
}

// TestNodesAllocatedStayWithinTheBudget: the nodes allocated, the tree's
// and those set aside, stay within MaxNodes with reuse; without it no
// node is set aside and the tree fills the whole budget.
func TestNodesAllocatedStayWithinTheBudget(t *testing.T) {
	const budget = 4096
	for _, noReuse := range []bool{false, true} {
		bot := New(Options{Iterations: 3000, Seed: 1, Plain: true, MaxNodes: budget, NoReuse: noReuse})
		next, _, _ := searchAndReply(t, bot)
		if _, err := bot.ChooseCell(context.Background(), next, -1); err != nil {
			t.Fatal(err)
		}
		w := bot.workers[0]
		if cap(w.nodes)+cap(w.keep) > budget {
			t.Errorf("NoReuse %v: %d nodes allocated and %d set aside, budget %d", noReuse, cap(w.nodes), cap(w.keep), budget)
		}
		if noReuse && len(w.nodes) <= budget-budget/keepShare {
			t.Errorf("NoReuse: the tree stopped at %d of %d nodes", len(w.nodes), budget)
		}
	}
}

// handTree builds by hand, on a 12×11 board with stones on its first
// cells, a worker's tree whose path mine, reply, x (the last three
// cells) is expanded, x's node marked as analysed.
func handTree(t *testing.T, maxNodes, stones int) (w *worker, next analysis.Board, mine, reply, x int) {
	t.Helper()
	g, _ := analysis.NewGeometry(12, 11)
	b := analysis.NewBoard(g, analysis.Black)
	for i := range stones {
		b.Put(i, analysis.Color(i%2))
	}
	bot := New(Options{MaxNodes: maxNodes, Plain: true})
	bot.setup(g.Cells())
	w = bot.workers[0]
	w.reset(b, b.EmptyCells(), -1, -1)
	mine, reply, x = g.Cells()-1, g.Cells()-2, g.Cells()-3
	grow := func(i int32, bd *analysis.Board) {
		w.nodes[i].hits = 5
		if !w.expand(i, bd, bd.EmptyCells()) {
			t.Fatal("the tree is full")
		}
		for k := w.nodes[i].first; k < w.nodes[i].first+int32(w.nodes[i].kids); k++ {
			w.nodes[k].hits = 1
		}
	}
	bd := b
	i := w.child(0, mine)
	bd.Play(mine)
	grow(i, &bd)
	i = w.child(i, reply)
	bd.Play(reply)
	next = bd
	grow(i, &bd)
	i = w.child(i, x)
	bd.Play(x)
	grow(i, &bd)
	w.nodes[i].know = true
	return w, next, mine, reply, x
}

// TestReuseAtTheEdgeOfTheNodesSetAside: the root and its children must
// fit the nodes set aside (else no reuse); a node's children are kept
// when they fit exactly, and dropped, with the node's knowledge, when
// one node is missing; the nodes set aside never grow.
func TestReuseAtTheEdgeOfTheNodesSetAside(t *testing.T) {
	for _, tc := range []struct {
		maxNodes, stones int
		ok, xKids        bool
	}{
		{1024, 2, false, false}, // 128 moves = keepMax: the root does not fit
		{1024, 3, true, false},  // the root and 127 moves fill it
		{1024, 66, true, true},  // 64 moves: the root, them and x's 63 fill 128 exactly
		{1032, 65, true, false}, // keepMax 129: x's 64 children are one too many
	} {
		w, next, mine, reply, x := handTree(t, tc.maxNodes, tc.stones)
		_, ok := w.reuse(next, next.EmptyCells(), mine, reply)
		if cap(w.keep) > w.keepMax {
			t.Errorf("%+v: the nodes set aside grew to %d of %d", tc, cap(w.keep), w.keepMax)
		}
		if ok != tc.ok {
			t.Errorf("%+v: reuse %v", tc, ok)
			continue
		}
		if !ok {
			continue
		}
		checkTree(t, w)
		xi := w.child(0, x)
		if got := w.nodes[xi].kids > 0; got != tc.xKids {
			t.Errorf("%+v: x keeps its children: %v", tc, got)
		}
		if !tc.xKids && w.nodes[xi].know {
			t.Errorf("%+v: x lost its children but keeps its knowledge flag", tc)
		}
	}
}

// TestReuseRegrowsANodeWhoseChildrenWereAllFilledIn: a node all of whose
// children are on cells filled in since is kept unexpanded, to be grown
// and analysed again.
func TestReuseRegrowsANodeWhoseChildrenWereAllFilledIn(t *testing.T) {
	g, _ := analysis.NewGeometry(3, 3)
	b := analysis.NewBoard(g, analysis.Black)
	bot := New(Options{Plain: true})
	bot.setup(g.Cells())
	w := bot.workers[0]
	w.reset(b, b.EmptyCells(), -1, -1)
	bd, i := b, int32(0)
	for _, cell := range []int{8, 7, 6, 5} {
		i = w.child(i, cell)
		bd.Play(cell)
		w.nodes[i].hits = 5
		if !w.expand(i, &bd, bd.EmptyCells()) {
			t.Fatal("the tree is full")
		}
	}
	w.nodes[i].know = true
	root := b
	root.Play(8)
	root.Play(7)
	for c := range 5 {
		root.Put(c, analysis.Color(c%2)) // as if filled in
	}
	if _, ok := w.reuse(root, root.EmptyCells(), 8, 7); !ok {
		t.Fatal("refused")
	}
	checkTree(t, w)
	y := w.child(w.child(0, 6), 5)
	if nd := w.nodes[y]; y < 0 || nd.kids != -1 || nd.know {
		t.Fatalf("a node with every child filled in: kids %d, know %v", nd.kids, nd.know)
	}
}

// TestRootPriorsKnowBothLastStones: when the board follows the last
// search's, the root's children get the model's probabilities with the
// opponent's reply and the bot's own last move as the last two stones,
// whether the tree is kept or started anew; kept children do not keep
// the priors they got on the board before those two moves.
func TestRootPriorsKnowBothLastStones(t *testing.T) {
	for _, noReuse := range []bool{false, true} {
		bot := New(Options{Iterations: 2000, Seed: 1, Plain: true, NoReuse: noReuse})
		next, mine, reply := searchAndReply(t, bot)
		if _, err := bot.ChooseCell(context.Background(), next, -1); err != nil {
			t.Fatal(err)
		}
		if noReuse != (bot.Last.Reused == 0) {
			t.Fatalf("NoReuse %v: %d playouts kept", noReuse, bot.Last.Reused)
		}
		g := next.Geometry()
		cols, rows := g.Size()
		colors := make([]hex.Color, g.Cells())
		for cell := range colors {
			switch c, ok := next.At(cell); {
			case !ok:
				colors[cell] = hex.Empty
			case c == analysis.Black:
				colors[cell] = hex.Black
			default:
				colors[cell] = hex.White
			}
		}
		mover := hex.Black
		if next.Turn() == analysis.White {
			mover = hex.White
		}
		want := make([]float32, g.Cells())
		if err := patterns.Default().Weights(want, colors, cols, rows, mover, reply, mine); err != nil {
			t.Fatal(err)
		}
		sum := float32(0)
		for _, x := range want {
			sum += x
		}
		w := bot.workers[0]
		r := w.nodes[0]
		differs := false // from the priors without the bot's own last move
		without := make([]float32, g.Cells())
		if err := patterns.Default().Weights(without, colors, cols, rows, mover, reply, -1); err != nil {
			t.Fatal(err)
		}
		sumWithout := float32(0)
		for _, x := range without {
			sumWithout += x
		}
		for k := r.first; k < r.first+int32(r.kids); k++ {
			cell := w.nodes[k].move
			if got, p := w.nodes[k].prior, want[cell]/sum; math.Abs(float64(got-p)) > 1e-6 {
				t.Fatalf("NoReuse %v: root child %s has prior %g, want %g", noReuse, g.Name(int(cell)), got, p)
			}
			if math.Abs(float64(want[cell]/sum-without[cell]/sumWithout)) > 1e-4 {
				differs = true
			}
		}
		if !differs {
			t.Fatal("the bot's own last move changes no prior: the test checks nothing")
		}
	}
}

// TestReuseRefusesASubtreeAPathFillTook: the subtree kept under the
// bot's move and the reply grew with those two nodes' fill-ins on its
// board; when the new root leaves one of those cells empty (its own
// fill-in did not take it, as on a root found lost, which is searched
// unfilled), the subtree would have no node for moves there, so reuse
// must start afresh. Whole games on 6×6 with knowledge at 8 visits
// reach that case; checkTree checks every tree.
func TestReuseRefusesASubtreeAPathFillTook(t *testing.T) {
	playGames(t, 6, Options{Iterations: 1500, Knowledge: 8, MaxNodes: 40000}, func(bot *Bot, _ analysis.Board, _ int) {
		checkTree(t, bot.workers[0])
	})
}
