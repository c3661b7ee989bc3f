package bot

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

// BenchmarkMCTS: one op is one search of 20,000 iterations (all workers
// together) from a fresh tree, the default options otherwise: from the
// empty 11×11 Hex board (RAVE on, rollouts by Hex's fill-and-check) and
// the Focus start (plain UCT, rollouts of 12 plies and the evaluation).
// It reports iterations/s of wall time, so that two workers on two free
// cores should report about twice one worker's. The workers grow a tree
// each (root parallelism, the default); hex11-tree and focus-tree share
// one (tree parallelism), hex11-uct is Hex with RAVE off, for comparison.
func BenchmarkMCTS(b *testing.B) {
	for _, workers := range []int{1, 2} {
		w := "/workers=" + strconv.Itoa(workers)
		b.Run("hex11"+w, func(b *testing.B) {
			benchSearch(b, hex.Sized(11).Start(), Options{Workers: workers})
		})
		b.Run("focus"+w, func(b *testing.B) {
			benchSearch(b, focus.New(), Options{Workers: workers})
		})
	}
	for _, workers := range []int{1, 2} {
		b.Run("hex11-uct/workers="+strconv.Itoa(workers), func(b *testing.B) {
			benchSearch(b, hex.Sized(11).Start(), Options{Workers: workers, RAVE: RAVEOff})
		})
	}
	b.Run("hex11-tree/workers=2", func(b *testing.B) {
		benchSearch(b, hex.Sized(11).Start(), Options{Workers: 2, Parallelism: TreeParallel})
	})
	b.Run("focus-tree/workers=2", func(b *testing.B) {
		benchSearch(b, focus.New(), Options{Workers: 2, Parallelism: TreeParallel})
	})
}

func benchSearch[P rules.Position[P, M], M rules.Move](b *testing.B, p P, opts Options) {
	const iterations = 100000
	opts.Iterations, opts.Seed, opts.DiscardTree = iterations, 1, true
	bot := NewMCTS[P, M](opts)
	if _, err := bot.Choose(context.Background(), p); err != nil { // warm the trees
		b.Fatal(err)
	}
	start := time.Now()
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*iterations)/time.Since(start).Seconds(), "iterations/s")
}

// BenchmarkFallback compares, for one search of 2,000 iterations from a
// fresh tree, the typed MCTS (the hook ForDynamic finds for Hex) with
// NewDynamic's, which sees the game through rules.Dynamic alone: on the
// empty hex(size=7) board (RAVE on, so the random games' moves are
// numbered too) and with RAVE off; and on the Focus start, a game that
// evaluates.
func BenchmarkFallback(b *testing.B) {
	for _, c := range []struct {
		name, spec string
		opts       Options
	}{
		{"hex7", "hex(size=7)", Options{}},
		{"hex7-uct", "hex(size=7)", Options{RAVE: RAVEOff}},
		{"focus", "focus", Options{}},
	} {
		d, err := rules.Open(c.spec)
		if err != nil {
			b.Fatal(err)
		}
		opts := c.opts
		opts.Iterations, opts.Seed, opts.DiscardTree = 2000, 1, true
		b.Run(c.name+"/typed", func(b *testing.B) {
			typedBot, err := ForDynamic("mcts", d, opts)
			if err != nil {
				b.Fatal(err)
			}
			benchDynamic(b, typedBot, d, opts.Iterations)
		})
		b.Run(c.name+"/fallback", func(b *testing.B) {
			slow, err := NewDynamic("mcts", opts)
			if err != nil {
				b.Fatal(err)
			}
			benchDynamic(b, slow, d, opts.Iterations)
		})
	}
}

func benchDynamic(b *testing.B, bot Dynamic, d rules.Dynamic, iterations int) {
	if _, err := bot.Choose(context.Background(), d); err != nil { // warm up
		b.Fatal(err)
	}
	start := time.Now()
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), d); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*iterations)/time.Since(start).Seconds(), "iterations/s")
}

// BenchmarkGuided measures the guided search's overhead per simulation
// against plain UCT's (MCTS with RAVE off) on the empty 11×11 Hex board,
// one op a search of 20,000 simulations from a fresh tree. In the
// "overhead" runs both score a leaf by a rollout of one ply (MaxRollout
// 1: a random move, then a draw), the same near-free evaluation for both,
// so that their ns/sim are the searches' own costs: selection,
// expansion, backup, and the guided search's priors and batches. The
// "rollouts" runs play full random games, as both do by default.
func BenchmarkGuided(b *testing.B) {
	p := hex.Sized(11).Start()
	for _, c := range []struct {
		name    string
		rollout int
	}{{"overhead", 1}, {"rollouts", 0}} {
		opts := Options{Iterations: 20000, Seed: 1, MaxRollout: c.rollout, RAVE: RAVEOff, DiscardTree: true}
		b.Run(c.name+"/uct", func(b *testing.B) {
			benchSims(b, NewMCTS[hex.Position, hex.Move](opts), p, opts.Iterations)
		})
		for _, batch := range []int{1, 16} {
			o := opts
			o.Guide.Batch = batch
			b.Run(c.name+"/guided/batch="+strconv.Itoa(batch), func(b *testing.B) {
				benchSims(b, NewGuided[hex.Position, hex.Move](o, nil), p, o.Iterations)
			})
		}
	}
}

func benchSims[P rules.Position[P, M], M rules.Move](b *testing.B, bot Bot[P, M], p P, sims int) {
	if _, err := bot.Choose(context.Background(), p); err != nil { // warm the tree
		b.Fatal(err)
	}
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		if _, err := bot.Choose(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N*sims), "ns/sim")
}
