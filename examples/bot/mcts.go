package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tabletop-go/rules"
)

// Options configures MCTS. The zero value is usable.
type Options struct {
	// Iterations is the number of playouts per decision (default 1000),
	// shared among the workers. A deadline or cancellation of the
	// context passed to Choose stops the search earlier, after at least
	// one playout.
	Iterations int
	// Exploration is the UCT constant c in value + c·sqrt(ln N / n)
	// (returns range over [-1, 1]). The default is 1.0 for plain UCT and
	// 0.1 with RAVE, whose all-moves-as-first statistics explore for it.
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
	// children are kept whatever MaxNodes says. With several workers,
	// MaxNodes is the budget of all their trees together, split evenly,
	// or of their shared tree (TreeParallel).
	//
	// The default (0) is as many nodes as fit in DefaultTreeBytes: a node
	// takes 64 bytes in every game of this module (NodeBytes), so
	// 4,194,304 nodes. The tree grows a block of 65,536 nodes at a time,
	// never past MaxNodes, and is never copied whole, so its memory peaks
	// at MaxNodes × NodeBytes.
	MaxNodes int
	// Workers is the number of goroutines that search at once, at most
	// MaxWorkers, each with its own random numbers and its share of
	// Iterations. The default (0) is 1: a library bot uses one core
	// unless told otherwise, which suits a server running many games at
	// once, and a search of one worker stopped by Iterations is
	// reproducible for a seed (with RootParallel, the default, so is
	// one of several workers). Pass runtime.GOMAXPROCS(0) to use every
	// core.
	Workers int
	// Parallelism says how several workers share a search: RootParallel
	// (the default: a tree each) or TreeParallel (one tree).
	Parallelism Parallelism
	// RAVE selects the all-moves-as-first heuristic (Rapid Action Value
	// Estimation): every move a seat played later in an iteration, in the
	// tree or the rollout, counts as a trial of that move wherever the
	// seat could have played it first, and a move's value blends its own
	// mean with that estimate, the estimate's weight fading as the move's
	// own visits grow. It helps where a move's worth depends little on
	// when it is played (Hex) and costs time per iteration. RAVEAuto (the
	// default) uses it in games without an evaluation (Hex, Domination)
	// and not in games that evaluate (Focus, Explocus), whose rollouts
	// are short and whose moves depend on the moment; RAVEOn and RAVEOff
	// force it.
	RAVE RAVEMode
	// DiscardTree makes every search start from an empty tree. By
	// default, a search whose position the last search's tree holds
	// within a few plies (the moves played since, the bot's own and the
	// others') keeps that subtree and its statistics, and adds
	// Iterations to them.
	DiscardTree bool
}

// Parallelism says how the workers of a search share it.
type Parallelism uint8

const (
	// RootParallel gives each worker its own tree from the same root
	// (with its share of MaxNodes) and sums the root's visits at the
	// end. The workers share no memory, so two of them run about twice
	// the iterations a second of one, and a search stopped by Iterations
	// is reproducible for a seed.
	RootParallel Parallelism = iota
	// TreeParallel grows one tree with every worker: a worker going
	// through a node adds a virtual loss to it, taken back at the
	// backup, so that the others explore elsewhere meanwhile; the node
	// statistics change by atomic operations. It makes better use of an
	// iteration (two workers played even with one worker given their
	// iterations together, where root parallelism lost 60% of the time),
	// but the workers contend for the nodes they share, and at equal time
	// on two cores it played even with RootParallel.
	TreeParallel
)

// RAVEMode says when MCTS uses RAVE (see Options.RAVE).
type RAVEMode uint8

const (
	// RAVEAuto uses RAVE in games without an evaluation.
	RAVEAuto RAVEMode = iota
	// RAVEOn always uses RAVE.
	RAVEOn
	// RAVEOff never uses RAVE: plain UCT.
	RAVEOff
)

// DefaultTreeBytes is the memory the default MaxNodes gives the search
// tree: 256 MiB, so that a search fits a 1 GB server with room to spare
// (selfplay on hex(size=26) with a full default tree peaks at 263 MB of
// resident memory).
const DefaultTreeBytes = 256 << 20

// Tuning of RAVE and of tree growth, measured by self-play at equal time
// on hex(size=9) at 50 ms a move (see the package doc). Other values
// tried, 100 games each: raveBias 0.02 (49%), fpu 0.5 (38%), an
// exploration constant of 0 (43%) or 0.3 (45%) with RAVE.
const (
	// raveBias is 4b² in Silver's weight of the AMAF estimate,
	// β = ñ / (n + ñ + 4b²·n·ñ), for n visits and ñ AMAF trials.
	raveBias = 0.002
	// fpu is the value of a move with neither visits nor AMAF trials
	// when RAVE is on (first-play urgency): above any mean, so that every
	// move gets tried or at least an AMAF estimate.
	fpu = 1.0
	// raveExploration is the default exploration constant with RAVE.
	raveExploration = 0.1
	// prior is the weight, in trials, of a new child's evaluation in a
	// game that evaluates: its value starts there and blends into its
	// mean as RAVE's estimate does (Silver's β with the same raveBias).
	// It scored 59.5% against no prior on focus(plylimit=300) over 200
	// games (5 scored 54.5% over 100).
	prior = 20
	// expandAfter is the number of visits a leaf gets (rollouts from the
	// leaf itself) before it is expanded. Expanding after 4 (fewer nodes
	// for the same iterations) played even with 1 in self-play.
	expandAfter = 1
	// reuseDepth bounds, in plies per seat, how far below the last
	// search's root the new position is looked for, and reuseNodes the
	// nodes examined.
	reuseDepth = 2
	reuseNodes = 1 << 17
)

func (o Options) withDefaults() Options {
	if o.Iterations <= 0 {
		o.Iterations = 1000
	}
	if o.RolloutDepth <= 0 {
		o.RolloutDepth = 12
	}
	if o.MaxRollout <= 0 {
		o.MaxRollout = 10000
	}
	o.Workers = min(max(o.Workers, 1), MaxWorkers)
	return o
}

// MaxWorkers bounds Options.Workers: more are searched with this many.
const MaxWorkers = 256

// NodeBytes returns the size in bytes of one node of the search tree for
// moves of type M: 64 for every game of this module (a move of at most 8
// bytes, child links, visits, the mover's total, the AMAF statistics and
// two cached terms of the selection formula).
func NodeBytes[M rules.Move]() int { return int(unsafe.Sizeof(node[M]{})) }

// MCTS is a Monte Carlo tree search bot for any game of the contract. Its
// trees live in blocks of 65,536 nodes (4 MiB), reused from search to
// search, and its move buffers are reused too, so once warm an iteration
// allocates nothing: a search allocates only when a tree outgrows every
// earlier one, and with several workers a few words to start them. A
// new block is added as a tree grows, and only the first of a tree of
// one worker grows (by doubling, up to a block) before it is full, so a
// tree's memory is never copied whole: its peak is the tree itself. It
// is not safe for concurrent use (its workers run inside Choose).
type MCTS[P rules.Position[P, M], M rules.Move] struct {
	opts    Options
	tune    tuning
	workers []*worker[P, M]
	// last is the root of the last search, whose trees the next search
	// may reuse.
	last     P
	haveLast bool
	sampler  rules.Sampler[P, M] // for chance nodes
	// merged holds the root's visits of the last search, summed over
	// the trees (best), in the order of worker 0's root children;
	// searched says whether the last Choose searched (it did not at a
	// chance node or on an error), so that AppendRootVisits reports
	// that search or nothing.
	merged   []float64
	searched bool
	// lastKit is last's kit (through &last), nil for a game with only the
	// rules.
	lastKit rules.KitMethods[P, M]
}

// tuning holds the constants of RAVE and tree growth, in a struct so
// that the self-play tests can try other values.
type tuning struct {
	raveBias, fpu, raveExploration float64
	expandAfter                    float64
	// prior, in games that evaluate, starts each new child's blend with
	// its evaluation, worth prior trials (0: none; see the constant).
	prior float64
}

var defaultTuning = tuning{raveBias: raveBias, fpu: fpu, raveExploration: raveExploration, expandAfter: expandAfter,
	prior: prior}

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

// worker is one searcher: its tree (its own, or the shared one), its
// random numbers and its buffers.
type worker[P rules.Position[P, M], M rules.Move] struct {
	*tree[M]
	opts    *Options
	tune    *tuning
	src     *rand.PCG
	rng     *rand.Rand
	path    []step
	moves   []M
	chances []rules.ChanceOutcome[M]
	sampler rules.Sampler[P, M]
	// evaluates records whether the game evaluates positions, asked once
	// per search at the root; rave whether this search uses RAVE; explore
	// is the exploration constant.
	evaluates bool
	rave      bool
	blend     bool // rave, or a prior in the AMAF fields
	explore   float64
	// RAVE: the rollout's moves, and each seat's moves sorted.
	trace []rules.Played[M]
	seen  [rules.MaxSeats][]M
	// kit is the kit of the position at holds (KitOf(&at)), nil for a
	// game with only the rules: evaluate copies a position into at.
	at  P
	kit rules.KitMethods[P, M]
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

// NewMCTS returns an MCTS bot with the given options.
func NewMCTS[P rules.Position[P, M], M rules.Move](opts Options) *MCTS[P, M] {
	opts = opts.withDefaults()
	if opts.MaxNodes <= 0 {
		opts.MaxNodes = DefaultTreeBytes / NodeBytes[M]()
	}
	b := &MCTS[P, M]{opts: opts, tune: defaultTuning}
	b.sampler.Rand = rand.New(rand.NewPCG(opts.Seed, 0x7a9d))
	var shared *tree[M]
	if opts.Workers > 1 && opts.Parallelism == TreeParallel {
		shared = &tree[M]{maxNodes: opts.MaxNodes, shared: true}
	}
	for i := range opts.Workers {
		t := shared
		if t == nil {
			t = &tree[M]{maxNodes: max(opts.MaxNodes/opts.Workers, 1)}
		}
		// Worker 0 draws what the one-worker bot always drew.
		src := rand.NewPCG(opts.Seed+uint64(i)*0x9e3779b97f4a7c15, 0x3c75)
		rng := rand.New(src)
		w := &worker[P, M]{
			tree: t, opts: &b.opts, tune: &b.tune,
			src: src, rng: rng, sampler: rules.Sampler[P, M]{Rand: rng},
		}
		if k, ok := rules.KitOf[P, M](&w.at); ok {
			w.kit = k
		}
		b.workers = append(b.workers, w)
	}
	if k, ok := rules.KitOf[P, M](&b.last); ok {
		b.lastKit = k
	}
	return b
}

// Choose searches from p and returns the most visited move (summed over
// the trees of root parallelism). At a chance node it draws an outcome by
// its probability instead of searching. It refuses at once a position
// that is no game (an error matching rules.ErrNoGame), a finished game
// (ErrGameOver) and a seat to move with no legal move (ErrNoMoves).
//
// A search stopped by Iterations is reproducible for a seed with one
// worker, and with several under root parallelism (each worker draws its
// own random numbers and does its share of the iterations on its own
// tree); tree parallelism and deadlines depend on the timing.
func (b *MCTS[P, M]) Choose(ctx context.Context, p P) (M, error) {
	var zero M
	b.searched = false
	if !p.IsValid() {
		return zero, noGame(p)
	}
	switch p.ToMove() {
	case rules.Terminal:
		return zero, ErrGameOver
	case rules.Chance:
		m, _ := b.sampler.Move(p)
		return m, nil
	}
	reuse := b.haveLast && !b.opts.DiscardTree
	if len(b.workers) == 1 {
		w := b.workers[0]
		w.setup(p)
		w.prepare(b.last, p, reuse)
		w.run(p, b.opts.Iterations, ctx.Done())
	} else {
		b.parallel(ctx, p, reuse)
	}
	b.last, b.haveLast = p, true
	m, err := b.best()
	b.searched = err == nil
	return m, err
}

// Visit is a move at the root of a search and the visits the search gave
// it.
type Visit[M rules.Move] struct {
	Move   M
	Visits int
}

// AppendRootVisits appends to buf the root's moves of the last search
// (the last call of Choose) with their visits, the moves in the order of
// AppendMoves, and returns the extended buffer; with a buffer of
// p.MaxMoves() entries it allocates nothing. The visits are summed over
// the workers' trees as Choose sums them to pick its move, and include
// those of an earlier search whose subtree the search kept (see
// Options.DiscardTree). Normalised, they are the search's policy at the
// root: what a network learns to predict (AlphaZero's training target).
// It appends nothing when the last Choose did not search: at a chance
// node, on an error, or before any.
func (b *MCTS[P, M]) AppendRootVisits(buf []Visit[M]) []Visit[M] {
	if !b.searched {
		return buf
	}
	w0 := b.workers[0]
	for i, k := range w0.children(w0.node(0)) {
		buf = append(buf, Visit[M]{Move: k.move, Visits: int(b.merged[i])})
	}
	return buf
}

// appendActionVisits is AppendRootVisits with the moves as action
// indices (the kit's ActionIndex) at the searched root, for Searcher:
// nothing for a game with only the rules, which has no action indices.
func (b *MCTS[P, M]) appendActionVisits(buf []ActionVisit) []ActionVisit {
	if !b.searched || b.lastKit == nil {
		return buf
	}
	w0 := b.workers[0]
	for i, k := range w0.children(w0.node(0)) {
		buf = append(buf, ActionVisit{Action: b.lastKit.ActionIndex(k.move), Visits: int(b.merged[i])})
	}
	return buf
}

// parallel runs every worker's search, worker 0 on the calling
// goroutine. (Apart from Choose, so that only a parallel search pays for
// the goroutines' copy of the position.)
func (b *MCTS[P, M]) parallel(ctx context.Context, p P, reuse bool) {
	done := ctx.Done()
	for _, w := range b.workers {
		w.setup(p)
	}
	if t := b.workers[0].tree; t.shared {
		// One tree: made ready once, its block table at full length so
		// that it never moves while the workers read it.
		b.workers[0].prepare(b.last, p, reuse)
		for len(t.blocks) <= t.maxNodes>>blockBits {
			t.blocks = append(t.blocks, nil)
		}
		t.live = true
		defer func() { t.live = false }()
	}
	var wg sync.WaitGroup
	for i, w := range b.workers[1:] {
		share := b.share(i + 1)
		wg.Go(func() {
			if !w.shared {
				w.prepare(b.last, p, reuse)
			}
			w.run(p, share, done)
		})
	}
	w := b.workers[0]
	if !w.shared {
		w.prepare(b.last, p, reuse)
	}
	w.run(p, b.share(0), done)
	wg.Wait()
}

// share is worker i's part of the iterations: at least one for worker 0.
func (b *MCTS[P, M]) share(i int) int {
	n := len(b.workers)
	s := b.opts.Iterations / n
	if i < b.opts.Iterations%n {
		s++
	}
	if i == 0 {
		s = max(s, 1)
	}
	return s
}

// best returns the root's most visited move, the visits summed over the
// trees whose root lists the same moves as worker 0's.
func (b *MCTS[P, M]) best() (M, error) {
	var zero M
	w0 := b.workers[0]
	kids := w0.children(w0.node(0))
	if len(kids) == 0 {
		return zero, ErrNoMoves
	}
	b.merged = b.merged[:0]
	for _, k := range kids {
		b.merged = append(b.merged, k.visits)
	}
	for _, w := range b.workers[1:] {
		other := w.children(w.node(0))
		if w.tree == w0.tree || len(other) != len(kids) {
			continue // the same tree, or no iterations
		}
		for i := range other {
			if other[i].move == kids[i].move {
				b.merged[i] += other[i].visits
			}
		}
	}
	best, bestVisits := 0, -1.0
	for i, v := range b.merged {
		if v > bestVisits {
			best, bestVisits = i, v
		}
	}
	return kids[best].move, nil
}

// evaluate is p's Evaluate for seat through the kit; false for a game
// with only the rules, which search plays out to the end.
func (w *worker[P, M]) evaluate(p P, seat rules.Player) (float64, bool) {
	if w.kit == nil {
		return 0, false
	}
	w.at = p
	return w.kit.Evaluate(seat)
}

// setup settles the worker's choices for a search from p.
func (w *worker[P, M]) setup(p P) {
	_, w.evaluates = w.evaluate(p, p.ToMove())
	w.rave = w.opts.RAVE == RAVEOn || w.opts.RAVE == RAVEAuto && !w.evaluates
	w.blend = w.rave || w.tune.prior > 0 && w.evaluates
	w.explore = w.opts.Exploration
	if w.explore <= 0 {
		w.explore = 1.0
		if w.rave {
			w.explore = w.tune.raveExploration
		}
	}
}

// prepare roots the worker's tree at p, expanded: the subtree of p from
// the last search's tree (rooted at last) when reuse is set and it holds
// p, else a new root.
func (w *worker[P, M]) prepare(last, p P, reuse bool) {
	if !reuse || w.next == 0 || !w.advance(last, p) {
		w.next = 0
		root, _ := w.alloc(1, true)
		*w.node(root) = node[M]{children: -1}
	}
	if w.node(0).children < 0 {
		w.expand(0, p, true)
	}
}

// run runs up to iterations iterations from p (at least one), until done
// is closed.
func (w *worker[P, M]) run(p P, iterations int, done <-chan struct{}) {
	for i := 0; i < iterations; i++ {
		if i > 0 && done != nil && i&7 == 0 {
			select {
			case <-done:
				return
			default:
			}
		}
		w.iterate(p)
	}
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

// virtualLoss is what tree parallelism adds to a node's total (a loss for
// the seat that chose it) while an iteration through it is under way, so
// that the other workers look elsewhere; the backup takes it back.
const virtualLoss = 1.0

// iterate runs one selection, expansion, rollout and backup.
func (w *worker[P, M]) iterate(root P) {
	w.path = append(w.path[:0], step{0, rules.Terminal})
	pos := root
	cur := int32(0)
	for {
		who := pos.ToMove()
		if who == rules.Terminal {
			break
		}
		if n := w.node(cur); atomic.LoadInt32(&n.children) < 0 {
			// A leaf is expanded once it has been visited expandAfter
			// times (in a live tree, this iteration's visit is counted
			// already).
			visits := load(&n.visits)
			if w.live {
				visits--
			}
			if visits < w.tune.expandAfter || !w.expand(cur, pos, false) {
				break // play out from this leaf
			}
		}
		child := w.pick(cur, who)
		if child == cur {
			// No children: a seat to move with no legal move, which
			// the contract forbids. Scored as a leaf, so that a broken
			// game cannot make an iteration loop.
			break
		}
		if w.live {
			k := w.node(child)
			w.add(&k.visits, 1)
			if who.IsSeat() {
				w.add(&k.total, -virtualLoss)
				w.refresh(k)
			}
		}
		w.path = append(w.path, step{child, who})
		pos = pos.PlayUnchecked(w.node(child).move)
		cur = child
	}
	w.backup(w.rollout(pos))
}

// expand adds every child of node i at once, contiguous in one block, and
// reports whether node i is expanded: whether they fitted in the node
// budget (or force was set), or, in a shared tree, another worker
// expanded it first. A node another worker is expanding is not.
func (w *worker[P, M]) expand(i int32, pos P, force bool) bool {
	n := w.node(i)
	if w.live && !atomic.CompareAndSwapInt32(&n.children, -1, -2) {
		return atomic.LoadInt32(&n.children) >= 0
	}
	var first int32
	var kids []node[M]
	if pos.ToMove() == rules.Chance {
		w.chances = pos.AppendChances(w.chances[:0])
		var ok bool
		if first, ok = w.alloc(len(w.chances), force); !ok {
			return w.unclaim(n)
		}
		kids = w.blocks[first>>blockBits][first&blockMask:][:len(w.chances)]
		for j, c := range w.chances {
			kids[j] = node[M]{move: c.Move, value: c.Prob.Float64(), children: -1}
		}
	} else {
		w.moves = pos.AppendMoves(w.moves[:0])
		var ok bool
		if first, ok = w.alloc(len(w.moves), force); !ok {
			return w.unclaim(n)
		}
		kids = w.blocks[first>>blockBits][first&blockMask:][:len(w.moves)]
		fresh := node[M]{children: -1, value: math.Inf(1)}
		if w.blend {
			fresh.value, fresh.inv = w.tune.fpu, 1
		}
		for j, m := range w.moves {
			kids[j] = fresh
			kids[j].move = m
		}
		if w.blend && !w.rave {
			mover := pos.ToMove()
			for j := range kids {
				v, _ := w.evaluate(pos.PlayUnchecked(kids[j].move), mover)
				kids[j].amafN, kids[j].amafSum = w.tune.prior, w.tune.prior*v
				w.refresh(&kids[j])
			}
		}
	}
	n = w.node(i) // alloc may have moved the first block (never a shared tree's)
	n.first = first
	atomic.StoreInt32(&n.children, int32(len(kids))) // publishes the children
	return true
}

// unclaim gives up the expansion of n (the tree is full) and reports
// false.
func (w *worker[P, M]) unclaim(n *node[M]) bool {
	if w.live {
		atomic.StoreInt32(&n.children, -1)
	}
	return false
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

// pick chooses a child of the expanded node i, where who is to move: at a
// chance node by probability; at a decision node the child maximising
// value + c·sqrt(ln N)·inv, the cached terms of UCT (or UCT with RAVE).
// Children never tried (with RAVE: with no AMAF trial either) come
// first, in random order, as long as their value (+∞, or the first-play
// urgency) is the best.
func (w *worker[P, M]) pick(i int32, who rules.Player) int32 {
	n := w.node(i)
	kids := w.children(n)
	if len(kids) == 0 {
		return i
	}
	if who == rules.Chance {
		x := w.rng.Float64()
		for c := range kids {
			x -= kids[c].value
			if x < 0 {
				return n.first + int32(c)
			}
		}
		return n.first + int32(len(kids)) - 1
	}
	scale := w.explore * math.Sqrt(math.Log(load(&n.visits)+1))
	best, bestValue := -1, math.Inf(-1)
	fresh := 0
	for c := range kids {
		k := &kids[c]
		if load(&k.visits) == 0 && load(&k.amafN) == 0 {
			fresh++
			continue
		}
		if v := load(&k.value) + scale*load(&k.inv); v > bestValue {
			best, bestValue = c, v
		}
	}
	if fresh > 0 && (best < 0 || !w.blend || w.tune.fpu+scale >= bestValue) {
		j := w.rng.IntN(fresh)
		for c := range kids {
			if load(&kids[c].visits) == 0 && load(&kids[c].amafN) == 0 {
				if j == 0 {
					return n.first + int32(c)
				}
				j--
			}
		}
	}
	if best < 0 {
		best = 0 // the fresh children were taken meanwhile (shared tree)
	}
	return n.first + int32(best)
}

// rollout plays random moves from pos and returns each seat's value: the
// game's returns if it ends, else the evaluation after RolloutDepth plies
// when the game offers one. With RAVE the moves go to w.trace.
func (w *worker[P, M]) rollout(pos P) [rules.MaxSeats]float64 {
	var value [rules.MaxSeats]float64
	limit := w.opts.MaxRollout
	if w.evaluates {
		limit = w.opts.RolloutDepth
	}
	var trace []rules.Played[M]
	if w.rave {
		trace = w.trace[:0]
	}
	o, end, trace := w.sampler.Rollout(pos, limit, trace)
	w.trace = trace
	seats := min(pos.Seats(), rules.MaxSeats)
	if o.Over() {
		for s := range seats {
			value[s] = o.Return(rules.Player(s))
		}
		return value
	}
	if w.evaluates { // so the game has a kit
		w.at = end
		for s := range seats {
			value[s], _ = w.kit.Evaluate(rules.Player(s))
		}
	}
	return value
}

// backup adds the iteration's values to the nodes of its path, each
// node's total for the seat that chose it, and with RAVE the AMAF
// statistics of their siblings. In a shared tree, the visits below the
// root were counted at selection, and the virtual loss is taken back.
func (w *worker[P, M]) backup(value [rules.MaxSeats]float64) {
	for d, s := range w.path {
		n := w.node(s.node)
		v := 0.0
		if s.seat.IsSeat() {
			v = value[s.seat]
		}
		if w.live && d > 0 {
			if s.seat.IsSeat() {
				w.add(&n.total, v+virtualLoss)
			}
		} else {
			w.add(&n.visits, 1)
			if s.seat.IsSeat() {
				w.add(&n.total, v)
			}
		}
		if s.seat.IsSeat() {
			w.refresh(n)
		}
	}
	if w.rave {
		w.amaf(value)
	}
}

// refresh recomputes the cached terms of n's selection value.
func (w *worker[P, M]) refresh(n *node[M]) {
	visits, total := load(&n.visits), load(&n.total)
	if !w.blend {
		w.store(&n.value, total/visits)
		w.store(&n.inv, 1/math.Sqrt(visits))
		return
	}
	amafN, amafSum := load(&n.amafN), load(&n.amafSum)
	w.store(&n.inv, 1/math.Sqrt(visits+1))
	switch {
	case amafN == 0:
		w.store(&n.value, total/visits)
	case visits == 0:
		w.store(&n.value, amafSum/amafN)
	default:
		beta := amafN / (visits + amafN + w.tune.raveBias*visits*amafN)
		w.store(&n.value, (1-beta)*total/visits+beta*amafSum/amafN)
	}
}

// amaf credits, at each decision node of the path, the children whose
// move the mover played later in the iteration (further down the path or
// in the rollout) with the iteration's value for the mover. Children are
// in canonical (ascending) order, so each node takes one merge of its
// children with the mover's sorted moves.
func (w *worker[P, M]) amaf(value [rules.MaxSeats]float64) {
	for s := range w.seen {
		w.seen[s] = w.seen[s][:0]
	}
	for _, pl := range w.trace {
		if pl.Seat.IsSeat() {
			w.seen[pl.Seat] = append(w.seen[pl.Seat], pl.Move)
		}
	}
	for s := range w.seen {
		if !slices.IsSorted(w.seen[s]) {
			slices.Sort(w.seen[s])
		}
	}
	// From the deepest node up, adding each tree move before its node:
	// the move chosen at a node counts for that node and those above.
	for d := len(w.path) - 2; d >= 0; d-- {
		mover := w.path[d+1].seat
		if !mover.IsSeat() {
			continue
		}
		m := w.node(w.path[d+1].node).move
		at, found := slices.BinarySearch(w.seen[mover], m)
		if !found {
			w.seen[mover] = slices.Insert(w.seen[mover], at, m)
		}
		played := w.seen[mover]
		kids := w.children(w.node(w.path[d].node))
		v := value[mover]
		j := 0
		for c := range kids {
			m := kids[c].move
			for j < len(played) && played[j] < m {
				j++
			}
			if j == len(played) {
				break
			}
			if played[j] == m {
				k := &kids[c]
				w.add(&k.amafN, 1)
				w.add(&k.amafSum, v)
				w.refresh(k)
			}
		}
	}
}

// advance moves the tree's root to the node of p, found below the old
// root last within reuseDepth plies per seat, keeping that node's subtree
// (compacted to the front of the blocks) and dropping the rest. It
// reports false if the tree does not hold p.
func (w *worker[P, M]) advance(last, p P) bool {
	if same(&last, &p) {
		return true
	}
	budget := reuseNodes
	for depth := 1; depth <= reuseDepth*p.Seats()+2; depth++ {
		if k := w.find(0, last, &p, depth, &budget); k > 0 {
			w.compact(k)
			return true
		}
		if budget <= 0 {
			break
		}
	}
	return false
}

// find looks for p exactly depth plies below node i (at position pos),
// among the expanded nodes, examining at most *budget nodes.
func (w *worker[P, M]) find(i int32, pos P, p *P, depth int, budget *int) int32 {
	n := w.node(i)
	if n.children <= 0 {
		return -1
	}
	first, count := n.first, n.children
	for c := range count {
		if *budget--; *budget < 0 {
			return -1
		}
		k := first + c
		q := pos.PlayUnchecked(w.node(k).move)
		if depth == 1 {
			if same(&q, p) {
				return k
			}
			continue
		}
		if found := w.find(k, q, p, depth-1, budget); found > 0 {
			return found
		}
	}
	return -1
}

// same reports whether two positions are equal: the same hash, then ==
// (positions are comparable; a position that wraps a rules.Dynamic, as
// NewDynamic's does, compares the typed positions behind it).
func same[P rules.Position[P, M], M rules.Move](a, b *P) bool {
	return (*a).Hash() == (*b).Hash() && *a == *b
}

// compact makes node k the root: its subtree moves to the front of the
// blocks, each group of siblings keeping its order and staying in one
// block, in the order the groups had, so that no group moves up and the
// moves never overwrite a group not yet moved.
func (w *worker[P, M]) compact(k int32) {
	w.groups = w.groups[:0]
	w.stack = append(w.stack[:0], k)
	for len(w.stack) > 0 {
		i := w.stack[len(w.stack)-1]
		w.stack = w.stack[:len(w.stack)-1]
		n := w.node(i)
		if n.children <= 0 {
			continue
		}
		w.groups = append(w.groups, group{old: n.first, n: n.children})
		for c := range n.children {
			w.stack = append(w.stack, n.first+c)
		}
	}
	slices.SortFunc(w.groups, func(a, b group) int { return int(a.old - b.old) })
	cursor := int32(1)
	for g := range w.groups {
		if cursor&blockMask+w.groups[g].n > blockNodes {
			cursor = (cursor | blockMask) + 1
		}
		w.groups[g].new = cursor
		cursor += w.groups[g].n
	}
	// Point every kept parent at its children's new place, then move.
	relink := func(n *node[M]) {
		if n.children > 0 {
			g, _ := slices.BinarySearchFunc(w.groups, n.first, func(g group, old int32) int { return int(g.old - old) })
			n.first = w.groups[g].new
		}
	}
	root := *w.node(k)
	relink(&root)
	for _, g := range w.groups {
		for c := range g.n {
			relink(w.node(g.old + c))
		}
	}
	*w.node(0) = root
	for _, g := range w.groups {
		src := w.blocks[g.old>>blockBits][g.old&blockMask:][:g.n]
		dst := w.blocks[g.new>>blockBits][g.new&blockMask:][:g.n]
		copy(dst, src)
	}
	w.next = cursor
}
