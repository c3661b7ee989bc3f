package bot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

func TestMCTSIsDeterministicForASeed(t *testing.T) {
	p := hex.Sized(5).Start()
	pick := func(seed uint64) hex.Move {
		m, err := NewMCTS[hex.Position, hex.Move](Options{Iterations: 300, Seed: seed}).Choose(context.Background(), p)
		require.NoError(t, err)
		return m
	}
	assert.Equal(t, pick(7), pick(7))
}

// TestMCTSWithWorkersIsDeterministicForASeed: root parallelism shares
// nothing between workers, so an iteration budget gives the same search
// whatever the scheduling.
func TestMCTSWithWorkersIsDeterministicForASeed(t *testing.T) {
	p := hex.Sized(7).Start()
	pick := func(seed uint64) (hex.Move, float64) {
		b := NewMCTS[hex.Position, hex.Move](Options{Iterations: 3000, Seed: seed, Workers: 3, Parallelism: RootParallel})
		m, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		return m, b.workers[2].node(0).visits
	}
	m1, v1 := pick(7)
	m2, v2 := pick(7)
	assert.Equal(t, m1, m2)
	assert.Equal(t, 1000.0, v1, "each worker does its share")
	assert.Equal(t, v1, v2)
}

func TestMCTSFindsAWinInOne(t *testing.T) {
	// Black to move on 3x3 with a1, a2 played: a3 wins at once.
	p, err := hex.Config{Cols: 3, Rows: 3, Swap: hex.SwapNone}.ParsePosition("B1W/B1W/3 b -")
	require.NoError(t, err)
	m, err := NewMCTS[hex.Position, hex.Move](Options{Iterations: 500}).Choose(context.Background(), p)
	require.NoError(t, err)
	q, _ := p.Play(m)
	assert.Equal(t, hex.Black, q.Winner(), "played %v", m)
}

func TestMCTSStopsAtTheContextDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := NewMCTS[focus.Position, focus.Move](Options{Iterations: 1 << 30}).Choose(ctx, focus.New())
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestMCTSAtChanceNodesAndTheEnd(t *testing.T) {
	b := NewMCTS[domination.Position, domination.Move](Options{Iterations: 200})
	p := domination.New()
	draw, err := b.Choose(context.Background(), p)
	require.NoError(t, err)
	assert.True(t, draw.IsDraw(), "at a chance node the bot draws")
	p, err = p.Play(draw)
	require.NoError(t, err)
	if p.ToMove() != rules.Terminal {
		turn, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		assert.NoError(t, p.Legal(turn))
	}
	over, _ := hex.Sized(1).Start().Play(hex.Place(hex.NewSquare(0, 0)))
	_, err = NewMCTS[hex.Position, hex.Move](Options{}).Choose(context.Background(), over)
	assert.ErrorIs(t, err, ErrGameOver)
	_, err = NewRandom[hex.Position, hex.Move](1).Choose(context.Background(), over)
	assert.ErrorIs(t, err, ErrGameOver)
	assert.ErrorIs(t, err, rules.ErrGameOver, "the rules' sentinel too")
	assert.Equal(t, "game-over", rules.ErrorCode(err))
	assert.Equal(t, "bot: the game is over", err.Error())
}

func TestEraseChecksTheGame(t *testing.T) {
	d := Erase[hex.Position, hex.Move](NewRandom[hex.Position, hex.Move](1))
	m, err := d.Choose(context.Background(), erase(t, hex.Sized(3).Start()))
	require.NoError(t, err)
	assert.Len(t, m, 2)
	_, err = d.Choose(context.Background(), erase(t, focus.New()))
	assert.ErrorContains(t, err, "cannot play")
	_, err = New[hex.Position, hex.Move]("genius", Options{})
	assert.Error(t, err)
}

// TestMCTSSearchDoesNotAllocateOnceWarm: the tree lives in one reused
// slice, so a second search of the same size allocates nothing.
func TestMCTSSearchDoesNotAllocateOnceWarm(t *testing.T) {
	b := NewMCTS[hex.Position, hex.Move](Options{Iterations: 200, Seed: 1, DiscardTree: true})
	p := hex.Sized(5).Start()
	b.workers[0].src.Seed(1, 0x3c75)
	_, _ = b.Choose(context.Background(), p)
	n := testing.AllocsPerRun(3, func() {
		b.workers[0].src.Seed(1, 0x3c75) // replay the same search
		_, _ = b.Choose(context.Background(), p)
	})
	assert.Zero(t, n)
}

// TestMCTSParallelSearchAllocatesOnlyToStart: with two workers, a warm
// search allocates a few words to start the second worker (its goroutine
// and the position it shares), the same for 200 iterations as for 4,000:
// nothing per iteration.
func TestMCTSParallelSearchAllocatesOnlyToStart(t *testing.T) {
	p := hex.Sized(7).Start()
	for _, par := range []Parallelism{TreeParallel, RootParallel} {
		allocs := func(iterations int) float64 {
			b := NewMCTS[hex.Position, hex.Move](Options{Iterations: iterations, Seed: 1, Workers: 2,
				DiscardTree: true, Parallelism: par})
			for range 3 {
				_, _ = b.Choose(context.Background(), p)
			}
			return testing.AllocsPerRun(5, func() {
				for _, w := range b.workers {
					w.src.Seed(1, 0x3c75) // replay the same search
				}
				_, _ = b.Choose(context.Background(), p)
			})
		}
		many := 4000
		if raceEnabled {
			many = 1000
		}
		few, more := allocs(200), allocs(many)
		assert.LessOrEqual(t, few, 4.0, "parallelism %d", par)
		assert.Equal(t, few, more, "parallelism %d: allocations do not grow with the iterations", par)
	}
}

// iterationAllocs warms an MCTS bot at p with a tree arena large enough
// for the whole test, then counts the allocations of one more iteration:
// selection, expansion, rollout (random play and, where the game has one,
// its evaluation) and backup.
func iterationAllocs[P rules.Position[P, M], M rules.Move](p P, rave RAVEMode) float64 {
	b := NewMCTS[P, M](Options{Seed: 3, RAVE: rave})
	w := b.workers[0]
	for range 16 { // 1<<20 nodes
		w.blocks = append(w.blocks, make([]node[M], blockNodes))
	}
	w.setup(p)
	w.prepare(p, p, false)
	w.run(p, 200, nil)
	return testing.AllocsPerRun(100, func() { w.iterate(p) })
}

// TestMCTSIterationDoesNotAllocateOnAnyGame pins the search's hot loop
// at zero allocations for every game, with the evaluation of Focus and
// Explocus and the chance nodes of Domination, with and without RAVE.
func TestMCTSIterationDoesNotAllocateOnAnyGame(t *testing.T) {
	open := func(spec string) rules.Dynamic {
		d, err := rules.Open(spec)
		require.NoError(t, err)
		return d
	}
	for _, rave := range []RAVEMode{RAVEOff, RAVEOn} {
		for _, tc := range []struct {
			spec   string
			allocs func() float64
		}{
			{"hex(size=7)", func() float64 { return iterationAllocs(open("hex(size=7)").Typed().(hex.Position), rave) }},
			{"focus", func() float64 { return iterationAllocs(focus.New(), rave) }},
			{"focus(players=4,teams=true)", func() float64 {
				return iterationAllocs(open("focus(players=4,teams=true)").Typed().(focus.Position), rave)
			}},
			{"focus(nowak=true)", func() float64 {
				return iterationAllocs(open("focus(nowak=true)").Typed().(focus.NowakPosition), rave)
			}},
			{"domination", func() float64 { return iterationAllocs(domination.New(), rave) }},
			{"explocus", func() float64 { return iterationAllocs(explocus.New(), rave) }},
			{"hexplocus", func() float64 { return iterationAllocs(explocus.HexDefault.StartHex(), rave) }},
		} {
			assert.Zero(t, tc.allocs(), "%s rave %d", tc.spec, rave)
		}
	}
}

// TestMCTSTreeStopsAtMaxNodes: with a small budget the tree never holds
// more nodes than the budget (its slice not even the capacity), and the
// search still chooses a legal move; the root is expanded even when its
// children alone pass the budget.
func TestMCTSTreeStopsAtMaxNodes(t *testing.T) {
	for _, budget := range []int{1, 60, 100, 1000} {
		b := NewMCTS[hex.Position, hex.Move](Options{Iterations: 5000, MaxNodes: budget, Seed: 2, RAVE: RAVEOff})
		p := hex.Sized(7).Start()
		m, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		assert.NoError(t, p.Legal(m))
		w := b.workers[0]
		limit := max(budget, 1+49) // the root and its 49 children always fit
		assert.LessOrEqual(t, int(w.next), limit, "budget %d", budget)
		assert.LessOrEqual(t, b.allocated(), limit, "budget %d: memory", budget)
		if budget >= 100 {
			assert.Greater(t, int(w.next), budget-50, "budget %d: the tree grows up to the budget", budget)
		}
		assert.Equal(t, 5000.0, w.node(0).visits, "every iteration runs, from the leaves once the tree is full")
	}
	// Past a block of 65,536 nodes: the blocks stop at the budget too.
	b := NewMCTS[hex.Position, hex.Move](Options{Iterations: 150000, MaxNodes: 100000, Seed: 2, RAVE: RAVEOff})
	_, err := b.Choose(context.Background(), hex.Sized(7).Start())
	require.NoError(t, err)
	w := b.workers[0]
	assert.Equal(t, 2, len(w.blocks))
	assert.LessOrEqual(t, int(w.next), 100000)
	assert.LessOrEqual(t, b.allocated(), 100000)
	assert.Greater(t, int(w.next), 100000-2*49, "full but for a block's tail and one expansion")
	// With workers, the budget is theirs together.
	b = NewMCTS[hex.Position, hex.Move](Options{Iterations: 4000, MaxNodes: 2000, Seed: 2, Workers: 2, RAVE: RAVEOff,
		Parallelism: RootParallel})
	_, err = b.Choose(context.Background(), hex.Sized(7).Start())
	require.NoError(t, err)
	assert.LessOrEqual(t, b.allocated(), 2000)
	for _, w := range b.workers {
		assert.LessOrEqual(t, int(w.next), 1000)
		assert.Greater(t, int(w.next), 1000-50, "each tree grows to its share")
	}
	b = NewMCTS[hex.Position, hex.Move](Options{Iterations: 4000, MaxNodes: 2000, Seed: 2, Workers: 2, RAVE: RAVEOff,
		Parallelism: TreeParallel})
	_, err = b.Choose(context.Background(), hex.Sized(7).Start())
	require.NoError(t, err)
	w = b.workers[0]
	assert.Same(t, w.tree, b.workers[1].tree, "tree parallelism: one tree")
	assert.LessOrEqual(t, int(w.next), 2000)
	assert.Greater(t, int(w.next), 2000-50, "the shared tree grows to the whole budget")
	assert.LessOrEqual(t, b.allocated(), 2*2000, "(allocated counts the shared tree once per worker)")
	assert.Equal(t, 4000.0, w.node(0).visits, "every worker's iterations pass the root")
	// Chance nodes count too.
	d := NewMCTS[domination.Position, domination.Move](Options{Iterations: 3000, MaxNodes: 500, Seed: 1})
	p, err := domination.New().Play(domination.Draw(domination.NewTile(2, 5)))
	require.NoError(t, err)
	turn, err := d.Choose(context.Background(), p)
	require.NoError(t, err)
	assert.NoError(t, p.Legal(turn))
	assert.LessOrEqual(t, d.allocated(), max(500, 1+p.MaxMoves()))
}

// TestMCTSDefaultBudgetIs256MiB pins the node size the default budget is
// computed from: 64 bytes for every game, so 4,194,304 nodes.
func TestMCTSDefaultBudgetIs256MiB(t *testing.T) {
	assert.Equal(t, 64, NodeBytes[hex.Move]())
	assert.Equal(t, 64, NodeBytes[focus.Move]())
	assert.Equal(t, 64, NodeBytes[domination.Move]())
	assert.Equal(t, 64, NodeBytes[explocus.Move]())
	assert.Equal(t, 4194304, NewMCTS[focus.Position, focus.Move](Options{}).opts.MaxNodes)
	assert.Equal(t, 1000, NewMCTS[focus.Position, focus.Move](Options{MaxNodes: 1000}).opts.MaxNodes)
}

// allocated returns the nodes the bot's blocks hold, all workers'.
func (b *MCTS[P, M]) allocated() int {
	n := 0
	for _, w := range b.workers {
		for _, blk := range w.blocks {
			n += len(blk)
		}
	}
	return n
}

// erase is rules.Erase for positions known to be games.
func erase[P rules.Position[P, M], M rules.Move](t *testing.T, p P) rules.Dynamic {
	t.Helper()
	d, err := rules.Erase(p)
	require.NoError(t, err)
	return d
}
