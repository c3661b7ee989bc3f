package hexbot

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
)

// mustPlay computes the must-play region as the bot defines it: on the
// board after fill-in, the cells common to the carriers of every
// winning semi connection H-search (with the root's limits, as an
// untimed bot has them) finds for the opponent. ok is false when the
// opponent has none.
func mustPlay(b analysis.Board) (analysis.Set, bool) {
	f := b
	analysis.FillIn(&f, nil)
	h := analysis.NewHSearch(rootLimitsFor(b.Geometry().Cells()))
	h.Run(&f, f.Turn().Other())
	m, ok := h.MustPlay()
	return m.And(f.EmptyCells()), ok
}

// TestNeverOutsideMustPlay: on random 7×7 and 9×9 positions where the
// opponent threatens to win by one move (the must-play region is not
// empty), the bot's move is always in the region.
func TestNeverOutsideMustPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	checked := 0
	want := 40
	if testing.Short() {
		want = 12
	}
	for tries := 0; checked < want && tries < 5000; tries++ {
		b, over := randomPosition(r, 6)
		if over {
			continue
		}
		g := b.Geometry()
		m, ok := mustPlay(b)
		if !ok || m.Empty() {
			continue
		}
		bot := New(Options{Iterations: 300, Seed: uint64(tries)})
		cell, err := bot.ChooseCell(context.Background(), b, -1)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Has(cell) {
			t.Fatalf("played %s outside the must-play region %v (%s) on\n%s", g.Name(cell), names(g, m), bot.Last.Reason, b.String())
		}
		checked++
	}
	if checked < want {
		t.Fatalf("only %d positions with a must-play region found", checked)
	}
}

// randomPosition plays random stones, alternately from Black, on a 7×7
// or 9×9 board: least of them and up to a third of the board more,
// and reports whether somebody has won.
func randomPosition(r *rand.Rand, least int) (b analysis.Board, over bool) {
	n := 7 + 2*r.IntN(2)
	g, _ := analysis.NewGeometry(n, n)
	b = analysis.NewBoard(g, analysis.Black)
	for range least + r.IntN(n*n/3) {
		cells := b.EmptyCells().AppendTo(nil)
		b.Play(int(cells[r.IntN(len(cells))]))
	}
	_, over = b.Winner()
	return b, over
}

func names(g *analysis.Geometry, s analysis.Set) []string {
	var out []string
	for c := range s.All() {
		out = append(out, g.Name(c))
	}
	return out
}

// TestPlaysProvenWin: when H-search finds a winning connection for the
// player to move, the bot plays its key at once, and the move wins.
func TestPlaysProvenWin(t *testing.T) {
	// Black (to move) has c2 and b4, a bridge apart, each joined to its
	// side by a bridge: a proven win.
	p, err := hex.ParsePosition("hex(size=5,swap=none) 4W/2B2/5/1B3/4W b -")
	if err != nil {
		t.Fatal(err)
	}
	bot := New(Options{Iterations: 100})
	m, err := bot.Choose(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if bot.Last.Reason != "win" || bot.Last.Iterations != 0 {
		t.Fatalf("reason %q after %d iterations, want an instant win", bot.Last.Reason, bot.Last.Iterations)
	}
	// Black wins after m against any defence: play it out with the bot
	// on both sides.
	q := p.PlayUnchecked(m)
	for q.ToMove().IsSeat() {
		mv, err := bot.Choose(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		q = q.PlayUnchecked(mv)
	}
	if w, _ := q.Outcome().Winner(); q.SeatOf(hex.Black) != w {
		t.Fatalf("%v did not win: %v", m, q)
	}
}

// TestGamesAndSwap: whole games against itself, with each pie rule,
// every move legal; the bot swaps a central first stone and keeps a
// border one.
func TestGamesAndSwap(t *testing.T) {
	for _, swap := range []hex.SwapMode{hex.SwapSides, hex.SwapPieces, hex.SwapNone} {
		p := hex.Config{Cols: 6, Rows: 6, Swap: swap}.Start()
		bot := New(Options{Iterations: 200, Seed: 3})
		for p.ToMove().IsSeat() {
			m, err := bot.Choose(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Legal(m); err != nil {
				t.Fatalf("%v: illegal %v: %v", p, m, err)
			}
			p = p.PlayUnchecked(m)
		}
	}
	center := hex.Config{Cols: 9, Rows: 9, Swap: hex.SwapSides}.Start().PlayUnchecked(hex.Place(hex.NewSquare(4, 4)))
	if m, _ := New(Options{Iterations: 10}).Choose(context.Background(), center); m != hex.Swap {
		t.Errorf("did not swap e5: played %v", m)
	}
	corner := hex.Config{Cols: 9, Rows: 9, Swap: hex.SwapSides}.Start().PlayUnchecked(hex.Place(hex.NewSquare(0, 0)))
	if m, _ := New(Options{Iterations: 10}).Choose(context.Background(), corner); m == hex.Swap {
		t.Errorf("swapped a1")
	}
	if _, err := New(Options{}).Choose(context.Background(), hex.Position{}); err == nil {
		t.Errorf("the zero position gave no error")
	}
	over := hex.Sized(1).Start().PlayUnchecked(hex.Place(hex.NewSquare(0, 0)))
	if _, err := New(Options{}).Choose(context.Background(), over); !errors.Is(err, ErrGameOver) || rules.ErrorCode(err) != "game-over" {
		t.Errorf("a finished game: %v, code %q; want ErrGameOver, code game-over", err, rules.ErrorCode(err))
	}
}

// TestMaxNodes: the trees never hold more nodes than the budget (but
// for the root's children).
func TestMaxNodes(t *testing.T) {
	g, _ := analysis.NewGeometry(9, 9)
	for _, workers := range []int{1, 2} {
		bot := New(Options{Iterations: 3000, MaxNodes: 2000, Workers: workers, Plain: true})
		if _, err := bot.ChooseCell(context.Background(), analysis.NewBoard(g, analysis.Black), -1); err != nil {
			t.Fatal(err)
		}
		for _, w := range bot.workers {
			if len(w.nodes) > max(2000/workers, 1024) {
				t.Errorf("%d workers: a tree of %d nodes", workers, len(w.nodes))
			}
		}
	}
}

// TestWorkers: two workers search at once (run under the race detector
// by CI) and agree on a proven win's move with one.
func TestWorkers(t *testing.T) {
	g, _ := analysis.NewGeometry(7, 7)
	b := analysis.NewBoard(g, analysis.Black)
	b.Play(g.Cell(3, 3))
	bot := New(Options{Iterations: 2000, Workers: 2, Knowledge: 20})
	cell, err := bot.ChooseCell(context.Background(), b, g.Cell(3, 3))
	if err != nil || !b.IsEmpty(cell) {
		t.Fatalf("cell %d, %v", cell, err)
	}
	if bot.Last.Iterations < 1000 {
		t.Errorf("%d iterations", bot.Last.Iterations)
	}
}

// TestBridgeReply: an intrusion into a bridge between two stones, or
// between a stone and its side, is answered with the bridge's other
// cell; an intrusion elsewhere is not.
func TestBridgeReply(t *testing.T) {
	g, _ := analysis.NewGeometry(5, 5)
	b := analysis.NewBoard(g, analysis.Black)
	b.Put(g.Cell(2, 1), analysis.Black) // c2
	b.Put(g.Cell(1, 3), analysis.Black) // b4, a bridge from c2 through b3 and c3
	b.Put(g.Cell(1, 2), analysis.White) // b3 intrudes
	for start := range 6 {
		if got := bridgeReply(&b, g.Cell(1, 2), analysis.Black, start); got != g.Cell(2, 2) {
			t.Fatalf("reply to b3: %s, want c3", g.Name(got))
		}
	}
	b.Put(g.Cell(2, 0), analysis.White) // c1 intrudes on c2's bridge to the top (c1, d1)
	if got := bridgeReply(&b, g.Cell(2, 0), analysis.Black, 0); got != g.Cell(3, 0) {
		t.Fatalf("reply to c1: %d, want d1", got)
	}
	b.Put(g.Cell(4, 4), analysis.White) // e5: no bridge there
	if got := bridgeReply(&b, g.Cell(4, 4), analysis.Black, 0); got != -1 {
		t.Fatalf("reply to e5: %s, want none", g.Name(got))
	}
}

// TestLeavesExpandAfterTenVisits: a leaf gets its children at the visit
// after its expandVisits-th (MoHex's expand threshold), so a search's
// tree (with room to spare) holds leaves visited fewer times, no
// expanded node below the root with fewer visits and no unproven leaf
// with more.
func TestLeavesExpandAfterTenVisits(t *testing.T) {
	g, _ := analysis.NewGeometry(9, 9)
	bot := New(Options{Iterations: 5000, Seed: 3, NoReuse: true, Plain: true})
	if _, err := bot.ChooseCell(context.Background(), analysis.NewBoard(g, analysis.Black), -1); err != nil {
		t.Fatal(err)
	}
	nodes := bot.workers[0].nodes
	young, expanded := 0, 0
	for i, nd := range nodes[1:] {
		switch {
		case nd.kids >= 0:
			expanded++
			if nd.hits < expandVisits {
				t.Fatalf("node %d expanded after %d visits", i+1, nd.hits)
			}
		case nd.proof == 0 && nd.hits > expandVisits:
			t.Fatalf("node %d not expanded after %d visits", i+1, nd.hits)
		case nd.hits > 0 && nd.hits < expandVisits:
			young++
		}
	}
	if young == 0 || expanded == 0 {
		t.Errorf("%d leaves visited fewer than %d times, %d nodes expanded below the root", young, expandVisits, expanded)
	}
}

// TestRootFindsWinsWithItsLargerLimits: on positions where H-search with
// the root's limits finds a winning semi connection for the player to
// move and the tree's smaller limits find none, a bot with time (or
// untimed) plays a winning key at once, and one with less than
// rootLimitsTime left does not find it that way. A bot that moves to
// a larger board takes that board's root limits.
func TestRootFindsWinsWithItsLargerLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	found := 0
	for tries := 0; found < 3 && tries < 3000; tries++ {
		b, over := randomPosition(r, 8)
		if over || b.Geometry().Cells() != 81 {
			continue
		}
		f := b
		analysis.FillIn(&f, nil)
		if _, over := f.Winner(); over {
			continue
		}
		big, small := analysis.NewHSearch(rootLimitsFor(81)), analysis.NewHSearch(limitsFor(81))
		big.Run(&f, f.Turn())
		small.Run(&f, f.Turn())
		semis := big.WinningSemis()
		if _, won := big.Won(); won || len(semis) == 0 || len(small.WinningSemis()) > 0 {
			continue
		}
		if _, won := small.Won(); won || f.EmptyCells().Len() <= solveCells {
			continue // small limits would win too, or the solver might
		}
		found++
		bot := New(Options{Iterations: 50, Seed: 1})
		cell, err := bot.ChooseCell(context.Background(), b, -1)
		if err != nil || bot.Last.Reason != "win" || int(semis[0].Key) != cell {
			t.Fatalf("untimed: %s (%s, %v), want the key %s at once on\n%s", b.Geometry().Name(cell), bot.Last.Reason, err, b.Geometry().Name(int(semis[0].Key)), b.String())
		}
		ctx, cancel := context.WithTimeout(context.Background(), rootLimitsTime(81)/4)
		hurried := New(Options{Seed: 1})
		_, err = hurried.ChooseCell(ctx, b, -1)
		cancel()
		if err != nil || hurried.Last.Reason == "win" {
			t.Fatalf("with %v: %s, %v: the tree's limits proved the win", rootLimitsTime(81)/4, hurried.Last.Reason, err)
		}
	}
	if found < 3 {
		t.Fatalf("only %d positions where the root's limits find more", found)
	}
	bot := New(Options{})
	for _, cells := range []int{81, 121, 169, 121} {
		bot.setup(cells)
		if want := rootLimitsFor(cells); bot.rootLimits != want || bot.limits != limitsFor(cells) {
			t.Errorf("%d cells: root limits %v, tree %v; want %v, %v", cells, bot.rootLimits, bot.limits, want, limitsFor(cells))
		}
	}
}
