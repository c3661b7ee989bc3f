package bot

import (
	"context"
	"math/rand/v2"
	"sync"

	"github.com/tabletop-go/rules"
)

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
