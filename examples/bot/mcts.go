package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"unsafe"

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
	// MaxNodes caps the nodes of the search tree, and with them its
	// memory: once the tree holds MaxNodes nodes (or expanding a leaf
	// would take it past them) the search stops growing the tree and goes
	// on with playouts from its leaves, so Iterations and the context
	// still bound the time and MaxNodes the memory. The root and its
	// children are kept whatever MaxNodes says.
	//
	// The default (0) is as many nodes as fit in DefaultTreeBytes: a node
	// takes 64 bytes in every game of this module (NodeBytes), so
	// 4,194,304 nodes. The tree grows a block of 65,536 nodes at a time,
	// never past MaxNodes, and is never copied whole, so its memory peaks
	// at MaxNodes × NodeBytes.
	MaxNodes int
}

// DefaultTreeBytes is the memory the default MaxNodes gives the search
// tree: 256 MiB, so that a search fits a 1 GB server with room to spare
// (selfplay on hex(size=26) with a full default tree peaks at 263 MB of
// resident memory).
const DefaultTreeBytes = 256 << 20

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

// NodeBytes returns the size in bytes of one node of the search tree for
// moves of type M: 64 for every game of this module (a move of at most 8
// bytes, its probability, child links, visits and MaxSeats returns).
func NodeBytes[M rules.Move]() int { return int(unsafe.Sizeof(node[M]{})) }

// MCTS is a Monte Carlo tree search bot for any game of the contract. Its
// tree lives in blocks of 65,536 nodes (4 MiB), reused from search to
// search, and its move buffers are reused too, so once warm an iteration
// allocates nothing: a search allocates only when the tree outgrows every
// earlier one. A new block is added as the tree grows, and only the first
// grows (by doubling, up to a block) before it is full, so the tree's
// memory is never copied whole: its peak is the tree itself. It is not
// safe for concurrent use.
type MCTS[P rules.Position[P, M], M rules.Move] struct {
	opts Options
	src  *rand.PCG
	rng  *rand.Rand
	// blocks[k] holds the nodes numbered from k<<blockBits on; the
	// children of a node are contiguous in one block.
	blocks  [][]node[M]
	next    int32 // the number of the next free node
	path    []int32
	moves   []M
	chances []rules.ChanceOutcome[M]
	sampler rules.Sampler[P, M]
	// evaluates records whether the game evaluates positions, asked once
	// per search at the root.
	evaluates bool
}

const (
	blockBits  = 16
	blockNodes = 1 << blockBits // more than any position's moves
	blockMask  = blockNodes - 1
)

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
	if opts.MaxNodes <= 0 {
		opts.MaxNodes = DefaultTreeBytes / NodeBytes[M]()
	}
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
	b.next = 0
	root, _ := b.alloc(1, true)
	*b.node(root) = node[M]{children: -1}
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
	best, bestVisits := zero, -1.0
	for _, n := range b.children(b.node(0)) {
		if n.visits > bestVisits {
			best, bestVisits = n.move, n.visits
		}
	}
	if bestVisits < 0 {
		return zero, ErrGameOver
	}
	return best, nil
}

// node returns node number i.
func (b *MCTS[P, M]) node(i int32) *node[M] { return &b.blocks[i>>blockBits][i&blockMask] }

// children returns the children of n, contiguous in one block.
func (b *MCTS[P, M]) children(n *node[M]) []node[M] {
	if n.children <= 0 {
		return nil
	}
	at := n.first & blockMask
	return b.blocks[n.first>>blockBits][at : at+n.children]
}

// iterate runs one selection, expansion, rollout and backup.
func (b *MCTS[P, M]) iterate(root P) {
	b.path = append(b.path[:0], 0)
	pos := root
	cur := int32(0)
	for pos.ToMove() != rules.Terminal {
		if b.node(cur).children < 0 {
			// The root is expanded whatever the budget, so that there
			// is always a move to choose.
			if !b.expand(cur, pos, cur == 0) {
				break // the tree is full: play out from this leaf
			}
			child := b.pick(cur, pos, true)
			pos = pos.PlayUnchecked(b.node(child).move)
			b.path = append(b.path, child)
			break
		}
		child := b.pick(cur, pos, false)
		pos = pos.PlayUnchecked(b.node(child).move)
		b.path = append(b.path, child)
		cur = child
	}
	value := b.rollout(pos)
	for _, i := range b.path {
		n := b.node(i)
		n.visits++
		for s := range value {
			n.total[s] += value[s]
		}
	}
}

// expand adds every child of node i at once, contiguous in one block, and
// reports whether they fitted in the node budget (or force was set).
func (b *MCTS[P, M]) expand(i int32, pos P, force bool) bool {
	var first int32
	var kids []node[M]
	if pos.ToMove() == rules.Chance {
		b.chances = pos.AppendChances(b.chances[:0])
		var ok bool
		if first, ok = b.alloc(len(b.chances), force); !ok {
			return false
		}
		kids = b.children(&node[M]{first: first, children: int32(len(b.chances))})
		for j, c := range b.chances {
			kids[j] = node[M]{move: c.Move, prob: c.Prob.Float64(), children: -1}
		}
	} else {
		b.moves = pos.AppendMoves(b.moves[:0])
		var ok bool
		if first, ok = b.alloc(len(b.moves), force); !ok {
			return false
		}
		kids = b.children(&node[M]{first: first, children: int32(len(b.moves))})
		for j, m := range b.moves {
			kids[j] = node[M]{move: m, children: -1}
		}
	}
	n := b.node(i)
	n.first, n.children = first, int32(len(kids))
	return true
}

// alloc takes k contiguous nodes in one block and returns the first's
// number, or reports that they would pass MaxNodes (unless forced). The
// rest of a block too full for them is skipped (and counts against
// MaxNodes). A block is made when first needed, at its full size but for
// the first, which grows by doubling, and the last, which stops at
// MaxNodes.
func (b *MCTS[P, M]) alloc(k int, force bool) (int32, bool) {
	if k > blockNodes {
		return 0, false // no position has that many moves
	}
	start := int(b.next)
	if start&blockMask+k > blockNodes {
		start = (start | blockMask) + 1
	}
	end := start + k
	if end > b.opts.MaxNodes && !force {
		return 0, false
	}
	bi := start >> blockBits
	for len(b.blocks) <= bi {
		b.blocks = append(b.blocks, nil)
	}
	if need := end - bi<<blockBits; need > len(b.blocks[bi]) {
		size := blockNodes
		if bi == 0 {
			size = min(max(2*len(b.blocks[0]), need, 1024), blockNodes)
		}
		size = max(min(size, b.opts.MaxNodes-bi<<blockBits), need)
		grown := make([]node[M], size)
		copy(grown, b.blocks[bi])
		b.blocks[bi] = grown
	}
	b.next = int32(end)
	return int32(start), true
}

// pick chooses a child of node i: at a chance node by probability; at a
// decision node, the child maximising the mover's UCT value (unvisited
// children first, in random order when fresh is set).
func (b *MCTS[P, M]) pick(i int32, pos P, fresh bool) int32 {
	n := b.node(i)
	if n.children == 0 {
		return i
	}
	kids := b.children(n)
	if pos.ToMove() == rules.Chance {
		x := b.rng.Float64()
		for c := range kids {
			x -= kids[c].prob
			if x < 0 {
				return n.first + int32(c)
			}
		}
		return n.first + n.children - 1
	}
	if fresh {
		return n.first + int32(b.rng.IntN(int(n.children)))
	}
	seat := pos.ToMove()
	logN := math.Log(n.visits + 1)
	best, bestValue := 0, math.Inf(-1)
	for c := range kids {
		child := &kids[c]
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
	return n.first + int32(best)
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
