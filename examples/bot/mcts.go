package bot

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// Options configures MCTS. The zero value is usable.
type Options struct {
	// Iterations is the number of playouts per decision (default 1000). A
	// deadline or cancellation of the context passed to Choose stops the
	// search earlier, after at least one playout.
	Iterations int
	// Exploration is the UCT constant c in mean + c·sqrt(ln N / n)
	// (default 1.0; returns range over [-1, 1]).
	Exploration float64
	// RolloutDepth is the number of random plies played before a position
	// of a game that evaluates (Evaluate reports ok) is scored by its
	// evaluation (default 12). Games without an evaluation always play rollouts to the end.
	RolloutDepth int
	// MaxRollout stops a rollout of a game without an evaluation after
	// this many plies, scoring it as a draw (default 10000).
	MaxRollout int
	// Seed makes the search reproducible.
	Seed uint64
}

func (o Options) withDefaults() Options {
	if o.Iterations <= 0 {
		o.Iterations = 1000
	}
	if o.Exploration <= 0 {
		o.Exploration = 1.0
	}
	if o.RolloutDepth <= 0 {
		o.RolloutDepth = 12
	}
	if o.MaxRollout <= 0 {
		o.MaxRollout = 10000
	}
	return o
}

// MCTS is a Monte Carlo tree search bot for any game of the contract. Its
// tree lives in one slice of nodes, reused from search to search, and its
// move buffers are reused too, so once warm an iteration allocates
// nothing: a search allocates only when the tree outgrows every earlier
// one. It is not safe for concurrent use.
type MCTS[P rules.Position[P, M], M rules.Move] struct {
	opts    Options
	src     *rand.PCG
	rng     *rand.Rand
	nodes   []node[M]
	path    []int32
	moves   []M
	chances []rules.ChanceOutcome[M]
	sampler rules.Sampler[P, M]
	// evaluates records whether the game evaluates positions, asked once
	// per search at the root.
	evaluates bool
}

type node[M rules.Move] struct {
	move     M
	prob     float64 // for the outcomes of a chance node
	first    int32   // index of the first child; children are contiguous
	children int32   // -1 until expanded
	visits   float64
	total    [rules.MaxSeats]float64 // sum of each seat's returns
}

// NewMCTS returns an MCTS bot with the given options.
func NewMCTS[P rules.Position[P, M], M rules.Move](opts Options) *MCTS[P, M] {
	opts = opts.withDefaults()
	src := rand.NewPCG(opts.Seed, 0x3c75)
	rng := rand.New(src)
	return &MCTS[P, M]{opts: opts, src: src, rng: rng, sampler: rules.Sampler[P, M]{Rand: rng}}
}

// Choose searches from p and returns the most visited move. At a chance
// node it draws an outcome by its probability instead of searching.
func (b *MCTS[P, M]) Choose(ctx context.Context, p P) (M, error) {
	var zero M
	switch p.ToMove() {
	case rules.Terminal:
		return zero, ErrGameOver
	case rules.Chance:
		m, _ := b.sampler.Move(p)
		return m, nil
	}
	_, b.evaluates = p.Evaluate(p.ToMove())
	b.nodes = append(b.nodes[:0], node[M]{children: -1})
	done := ctx.Done()
	for i := 0; i < b.opts.Iterations; i++ {
		if i > 0 && done != nil {
			select {
			case <-done:
				i = b.opts.Iterations
				continue
			default:
			}
		}
		b.iterate(p)
	}
	root := b.nodes[0]
	best, bestVisits := zero, -1.0
	for c := root.first; c < root.first+root.children; c++ {
		if n := b.nodes[c]; n.visits > bestVisits {
			best, bestVisits = n.move, n.visits
		}
	}
	if bestVisits < 0 {
		return zero, ErrGameOver
	}
	return best, nil
}

// iterate runs one selection, expansion, rollout and backup.
func (b *MCTS[P, M]) iterate(root P) {
	b.path = append(b.path[:0], 0)
	pos := root
	cur := int32(0)
	for pos.ToMove() != rules.Terminal {
		if b.nodes[cur].children < 0 {
			b.expand(cur, pos)
			child := b.pick(cur, pos, true)
			pos = pos.PlayUnchecked(b.nodes[child].move)
			b.path = append(b.path, child)
			break
		}
		child := b.pick(cur, pos, false)
		pos = pos.PlayUnchecked(b.nodes[child].move)
		b.path = append(b.path, child)
		cur = child
	}
	value := b.rollout(pos)
	for _, i := range b.path {
		n := &b.nodes[i]
		n.visits++
		for s := range value {
			n.total[s] += value[s]
		}
	}
}

// expand adds every child of node i at once, in one block of the arena.
func (b *MCTS[P, M]) expand(i int32, pos P) {
	first := int32(len(b.nodes))
	if pos.ToMove() == rules.Chance {
		b.chances = pos.AppendChances(b.chances[:0])
		for _, c := range b.chances {
			b.nodes = append(b.nodes, node[M]{move: c.Move, prob: c.Prob.Float64(), children: -1})
		}
	} else {
		b.moves = pos.AppendMoves(b.moves[:0])
		for _, m := range b.moves {
			b.nodes = append(b.nodes, node[M]{move: m, children: -1})
		}
	}
	b.nodes[i].first = first
	b.nodes[i].children = int32(len(b.nodes)) - first
}

// pick chooses a child of node i: at a chance node by probability; at a
// decision node, the child maximising the mover's UCT value (unvisited
// children first, in random order when fresh is set).
func (b *MCTS[P, M]) pick(i int32, pos P, fresh bool) int32 {
	n := b.nodes[i]
	if n.children == 0 {
		return i
	}
	if pos.ToMove() == rules.Chance {
		x := b.rng.Float64()
		for c := n.first; c < n.first+n.children; c++ {
			x -= b.nodes[c].prob
			if x < 0 {
				return c
			}
		}
		return n.first + n.children - 1
	}
	if fresh {
		return n.first + int32(b.rng.IntN(int(n.children)))
	}
	seat := pos.ToMove()
	logN := math.Log(n.visits + 1)
	best, bestValue := n.first, math.Inf(-1)
	for c := n.first; c < n.first+n.children; c++ {
		child := &b.nodes[c]
		var v float64
		if child.visits == 0 {
			v = 1e9 + b.rng.Float64() // unvisited children first, in random order
		} else {
			v = child.total[seat]/child.visits + b.opts.Exploration*math.Sqrt(logN/child.visits)
		}
		if v > bestValue {
			best, bestValue = c, v
		}
	}
	return best
}

// rollout plays random moves from pos and returns each seat's value: the
// game's returns if it ends, else the evaluation after RolloutDepth plies
// when the game offers one.
func (b *MCTS[P, M]) rollout(pos P) [rules.MaxSeats]float64 {
	var value [rules.MaxSeats]float64
	limit := b.opts.MaxRollout
	if b.evaluates {
		limit = b.opts.RolloutDepth
	}
	end, _ := b.sampler.Playout(pos, limit)
	seats := end.Seats()
	if o := end.Outcome(); o.Over() {
		for s := range min(seats, rules.MaxSeats) {
			value[s] = o.Return(rules.Player(s))
		}
		return value
	}
	if b.evaluates {
		for s := range min(seats, rules.MaxSeats) {
			value[s], _ = end.Evaluate(rules.Player(s))
		}
	}
	return value
}
