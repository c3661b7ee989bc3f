package bot

import (
	"math"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tabletop-go/rules"
)

// This file holds the search tree: its nodes, kept in blocks, and the
// atomic updates of their statistics that tree parallelism needs.

// tree is a search tree: its nodes in blocks, and the scratch space of
// its reuse. Under tree parallelism the workers share one (shared set:
// its blocks are made at full size, never grown), and while they search
// it (live set) its nodes' statistics change only by atomic operations
// and its blocks only under mu.
type tree[M rules.Move] struct {
	// blocks[k] holds the nodes numbered from k<<blockBits on; the
	// children of a node are contiguous in one block.
	blocks   [][]node[M]
	next     int32 // the number of the next free node
	maxNodes int
	shared   bool
	live     bool
	mu       sync.Mutex
	// Tree reuse: groups of children kept, and a stack.
	groups []group
	stack  []int32
}

// step is one node of an iteration's path and the seat that chose it
// (the mover at its parent; Chance for a chance outcome, Terminal for the
// root).
type step struct {
	node int32
	seat rules.Player
}

// group is a block of sibling nodes kept by a tree reuse: where they
// were and where they go.
type group struct {
	old, new, n int32
}

const (
	blockBits  = 16
	blockNodes = 1 << blockBits // more than any position's moves
	blockMask  = blockNodes - 1
)

type node[M rules.Move] struct {
	move     M
	first    int32 // index of the first child; children are contiguous
	children int32 // -1 until expanded
	visits   float64
	total    float64 // sum of the returns of the seat that chose this node
	amafN    float64 // AMAF trials (RAVE)
	amafSum  float64 // sum of their returns
	// value is the cached exploitation term of the selection formula
	// (the mean, or with RAVE the blend), and for a chance outcome its
	// probability; inv is the cached 1/sqrt(visits) (with RAVE
	// 1/sqrt(visits+1)).
	value float64
	inv   float64
}

// node returns node number i.
func (t *tree[M]) node(i int32) *node[M] { return &t.blocks[i>>blockBits][i&blockMask] }

// children returns the children of n, contiguous in one block.
func (t *tree[M]) children(n *node[M]) []node[M] {
	c := atomic.LoadInt32(&n.children)
	if c <= 0 {
		return nil
	}
	at := n.first & blockMask
	return t.blocks[n.first>>blockBits][at : at+c]
}

// alloc takes k contiguous nodes in one block and returns the first's
// number, or reports that they would pass the tree's node budget
// (unless forced). The rest of a block too full for them is skipped (and
// counts against the budget). A block is made when first needed, at its
// full size but for the first of an unshared tree, which grows by
// doubling, and the last, which stops at the budget.
func (t *tree[M]) alloc(k int, force bool) (int32, bool) {
	if k > blockNodes {
		return 0, false // no position has that many moves
	}
	if t.live {
		t.mu.Lock()
		defer t.mu.Unlock()
	}
	start := int(t.next)
	if start&blockMask+k > blockNodes {
		start = (start | blockMask) + 1
	}
	end := start + k
	if end > t.maxNodes && !force {
		return 0, false
	}
	bi := start >> blockBits
	for len(t.blocks) <= bi {
		t.blocks = append(t.blocks, nil)
	}
	if need := end - bi<<blockBits; need > len(t.blocks[bi]) {
		size := blockNodes
		if bi == 0 && !t.shared {
			size = min(max(2*len(t.blocks[0]), need, 1024), blockNodes)
		}
		size = max(min(size, t.maxNodes-bi<<blockBits), need)
		grown := make([]node[M], size)
		copy(grown, t.blocks[bi])
		t.blocks[bi] = grown
	}
	t.next = int32(end)
	return int32(start), true
}

// load reads a statistic of a node, atomically (on amd64, a plain load).
func load(p *float64) float64 {
	return math.Float64frombits(atomic.LoadUint64((*uint64)(unsafe.Pointer(p))))
}

// add adds v to a statistic of a node: atomically in a shared tree.
func (t *tree[M]) add(p *float64, v float64) {
	if !t.live {
		*p += v
		return
	}
	u := (*uint64)(unsafe.Pointer(p))
	for {
		old := atomic.LoadUint64(u)
		if atomic.CompareAndSwapUint64(u, old, math.Float64bits(math.Float64frombits(old)+v)) {
			return
		}
	}
}

// store sets a cached term of a node: atomically in a shared tree.
func (t *tree[M]) store(p *float64, v float64) {
	if !t.live {
		*p = v
		return
	}
	atomic.StoreUint64((*uint64)(unsafe.Pointer(p)), math.Float64bits(v))
}
