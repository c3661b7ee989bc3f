package bot

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/hex"
)

// snapshot records the statistics of every node of w's tree below node i
// by the path of moves that reaches it.
func snapshot[P rules.Position[P, M], M rules.Move](w *worker[P, M], i int32, prefix string, into map[string][3]float64) {
	n := w.node(i)
	into[prefix] = [3]float64{n.visits, n.total, n.amafN}
	for c := range n.children {
		k := n.first + c
		snapshot(w, k, prefix+"/"+w.node(k).move.String(), into)
	}
}

// checkTree checks that every child group lies below next, in one block.
func checkTree[P rules.Position[P, M], M rules.Move](t *testing.T, w *worker[P, M]) int {
	t.Helper()
	count := 1
	var walk func(i int32)
	walk = func(i int32) {
		n := w.node(i)
		if n.children <= 0 {
			return
		}
		require.Less(t, n.first+n.children-1, w.next)
		require.Equal(t, n.first>>blockBits, (n.first+n.children-1)>>blockBits, "a group straddles blocks")
		count += int(n.children)
		for c := range n.children {
			walk(n.first + c)
		}
	}
	walk(0)
	return count
}

// TestMCTSReusesTheSubtreeOfThePositionPlayed: after a search, the moves
// played (the bot's and the opponent's) lead to a node of the tree; the
// next search starts from it with its statistics, the rest dropped and
// the kept nodes packed at the front of the blocks.
func TestMCTSReusesTheSubtreeOfThePositionPlayed(t *testing.T) {
	for _, rave := range []RAVEMode{RAVEOff, RAVEOn} {
		b := NewMCTS[hex.Position, hex.Move](Options{Iterations: 20000, Seed: 4, RAVE: rave})
		p := hex.Sized(5).Start()
		m, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		w := b.workers[0]
		// The opponent's most visited reply, so that the subtree is large.
		root := w.node(0)
		var mine *node[hex.Move]
		for i := range root.children {
			if k := w.node(root.first + i); k.move == m {
				mine = k
			}
		}
		require.NotNil(t, mine)
		reply, most := hex.Move(0), -1.0
		for i := range mine.children {
			if k := w.node(mine.first + i); k.visits > most {
				reply, most = k.move, k.visits
			}
		}
		before := map[string][3]float64{}
		snapshot(w, 0, "", before)
		p2 := p.PlayUnchecked(m).PlayUnchecked(reply)
		b.opts.Iterations = 1
		_, err = b.Choose(context.Background(), p2)
		require.NoError(t, err)
		after := map[string][3]float64{}
		snapshot(w, 0, "", after)
		prefix := "/" + m.String() + "/" + reply.String()
		kept := 0
		for path, want := range before {
			if len(path) < len(prefix) || path[:len(prefix)] != prefix {
				continue
			}
			got, ok := after[path[len(prefix):]]
			require.True(t, ok, "node %s lost", path)
			if path == prefix {
				want[0]++ // the new iteration passed the root
			}
			if got != want && path != prefix {
				// One iteration changed at most its own path.
				assert.LessOrEqual(t, got[0]-want[0], 1.0, "node %s", path)
			}
			kept++
		}
		assert.Equal(t, before[prefix][0]+1, w.node(0).visits, "rave %d: the root keeps its visits", rave)
		assert.Greater(t, kept, 100, "a real subtree is kept")
		nodes := checkTree(t, w)
		assert.Equal(t, int(w.next), nodes, "rave %d: the kept nodes are packed (and one iteration added at most one group)", rave)
	}
}

// TestMCTSReuseAcrossChanceNodes: in Domination the bot's turn, the draw,
// the opponent's turn and the next draw lie between two of its searches;
// the tree is reused through them, and games with reuse stay legal.
func TestMCTSReuseAcrossChanceNodes(t *testing.T) {
	b := NewMCTS[domination.Position, domination.Move](Options{Iterations: 20000, Seed: 5})
	p, err := domination.New().Play(domination.Draw(domination.NewTile(2, 5)))
	require.NoError(t, err)
	_, err = b.Choose(context.Background(), p)
	require.NoError(t, err)
	// Follow the most visited child four plies down: turn, draw, turn, draw.
	w := b.workers[0]
	q, i := p, int32(0)
	for range 4 {
		n := w.node(i)
		require.Positive(t, n.children, "expanded along the most visited line")
		best := n.first
		for c := range n.children {
			if w.node(n.first+c).visits > w.node(best).visits {
				best = n.first + c
			}
		}
		q, i = q.PlayUnchecked(w.node(best).move), best
	}
	require.Equal(t, rules.Player(0), q.ToMove())
	visits := w.node(i).visits
	b.opts.Iterations = 1
	m, err := b.Choose(context.Background(), q)
	require.NoError(t, err)
	assert.NoError(t, q.Legal(m))
	assert.Equal(t, visits+1, w.node(0).visits, "the node four plies down is the new root")
	checkTree(t, w)

	// Whole games against a random player stay legal.
	b = NewMCTS[domination.Position, domination.Move](Options{Iterations: 3000, Seed: 5})
	r := NewRandom[domination.Position, domination.Move](6)
	p = domination.New()
	for ply := 0; p.ToMove() != rules.Terminal; ply++ {
		var m domination.Move
		if p.ToMove() == 0 {
			m, err = b.Choose(context.Background(), p)
			checkTree(t, b.workers[0])
		} else {
			m, err = r.Choose(context.Background(), p)
		}
		require.NoError(t, err)
		require.NoError(t, p.Legal(m), "ply %d", ply)
		p = p.PlayUnchecked(m)
	}
}

// TestMCTSGamesWithReuseAndWorkers plays whole games on small boards with
// the tree reused and two workers, in both parallelisms: every move is
// legal and the trees stay well formed and within the node budget.
func TestMCTSGamesWithReuseAndWorkers(t *testing.T) {
	for _, c := range []struct {
		workers int
		par     Parallelism
	}{{1, TreeParallel}, {2, TreeParallel}, {2, RootParallel}} {
		seeds, iterations := uint64(3), 2000
		if raceEnabled {
			seeds, iterations = 1, 500 // the race detector slows the search tenfold
		}
		for seed := range seeds {
			b := NewMCTS[hex.Position, hex.Move](Options{Iterations: iterations, Seed: seed, Workers: c.workers,
				Parallelism: c.par, MaxNodes: 20000})
			p := hex.Sized(6).Start()
			budget := 20000
			if c.par == RootParallel {
				budget /= c.workers
			}
			for p.ToMove() != rules.Terminal {
				m, err := b.Choose(context.Background(), p)
				require.NoError(t, err)
				require.NoError(t, p.Legal(m), fmt.Sprintf("%+v seed %d", c, seed))
				for _, w := range b.workers {
					checkTree(t, w)
					assert.LessOrEqual(t, int(w.next), max(budget, 37))
				}
				p = p.PlayUnchecked(m)
			}
		}
	}
}
