package hexbot

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
)

// node is a node of the search tree: the move that led to it and the
// statistics of the player who made it.
type node struct {
	move   int16
	kids   int16 // number of children, -1 until expanded
	first  int32 // index of the first child; children are contiguous
	hits   uint32
	visits float32 // real visits plus the prior's
	wins   float32 // wins of the player who made move, the prior's too
	amafN  float32
	amafW  float32
	// proof: +1 when move is proven to win for the player who made it,
	// -1 when proven to lose.
	proof  int8
	know   bool // knowledge applied
	pruned bool // left out of selection by knowledge
	// prior is the learned probability of move (Options.Patterns), 0
	// without a model.
	prior float32
	// fill is 1 + the index in worker.fills of the stones the node's
	// knowledge filled in, 0 for none: every descent through the node
	// puts them on its board (see worker.fillAt).
	fill int32
}

// fill is the stones the analysis of a tree node filled in on its board
// (dead and captured cells), by colour.
type fill [2]analysis.Set

// Tuning: the prior visits a new child starts with, chosen by hand
// (the selection's weights are Options: Exploration, RaveVisits,
// PatternBias).
const (
	priorVisits = 10
	// expandVisits is the visits a leaf takes before it is expanded, as
	// in MoHex (its expand_threshold): expanding adds a node for every
	// empty cell and computes the learned priors, which costs more than
	// the rollouts of a leaf that is rarely visited again.
	expandVisits = 10
)

// worker is one searcher: its tree, random numbers and scratch space.
type worker struct {
	bot   *Bot
	nodes []node
	max   int
	rng   *rand.Rand
	hs    [2]*analysis.HSearch
	path  []int32
	cells []int16
	pos   []int16
	root  analysis.Board
	cands analysis.Set
	// own is the root mover's last stone, for the root's priors (-1:
	// unknown).
	own    int
	knowAt uint32
	inf    analysis.Inferior
	dom    analysis.Domination
	// keep holds the subtree a search keeps of the last one's (see
	// reuse), at most keepMax nodes.
	keep    []node
	keepMax int
	// deadline is when the search must end (zero: none); knowledge,
	// which takes milliseconds, is skipped close to it.
	deadline time.Time
	// colors and weights are scratch space for the learned priors.
	colors  []hex.Color
	weights []float32
	// policy is the pattern rollouts' state (Options.PlayoutPatterns).
	policy policy
	// fills holds the nodes' filled-in stones (node.fill); treeFill is
	// false with Options.NoTreeFill.
	fills    []fill
	treeFill bool
	// filled is the cells the fill-ins of the current descent took.
	filled analysis.Set
	// spareFills is reuse's scratch space for fills.
	spareFills []fill
}

func newWorker(b *Bot, seed uint64, maxNodes int) *worker {
	// At least 1024 nodes, so that the root's children always fit, of
	// which an eighth for reuse.
	maxNodes = max(maxNodes, 1024)
	keepMax := 0
	if !b.opts.NoReuse {
		keepMax = maxNodes / keepShare
	}
	w := &worker{bot: b, max: maxNodes - keepMax, keepMax: keepMax, rng: rand.New(rand.NewPCG(seed, 0x6865786274))}
	for c := range w.hs {
		w.hs[c] = analysis.NewHSearch(b.limits)
	}
	return w
}

// reset roots the tree at board root, whose children are cands (in
// increasing order); last and own are the last stones of the opponent
// and of the mover (-1: unknown).
func (w *worker) reset(root analysis.Board, cands analysis.Set, last, own int) {
	w.root, w.cands, w.own = root, cands, own
	w.nodes, w.fills = w.nodes[:0], w.fills[:0]
	w.room(1)
	w.nodes = append(w.nodes, node{move: int16(last), kids: -1})
	w.expand(0, &w.root, cands)
	w.knowAt = uint32(w.bot.opts.Knowledge)
}

// expand adds the children of node i, one per cell of moves, with their
// priors. It reports false when the tree is full.
func (w *worker) expand(i int32, b *analysis.Board, moves analysis.Set) bool {
	n := moves.Len()
	if len(w.nodes)+n > w.max && i != 0 {
		return false
	}
	w.room(n)
	first := int32(len(w.nodes))
	last := int(w.nodes[i].move)
	learned := w.learnedPriors(i, b, last)
	for cell := range moves.All() {
		v := prior(b, cell, last)
		w.nodes = append(w.nodes, node{move: int16(cell), kids: -1, visits: priorVisits, wins: float32(v * priorVisits)})
	}
	if learned {
		w.setPriors(w.nodes[first:])
	}
	w.nodes[i].first, w.nodes[i].kids = first, int16(n)
	return true
}

// setPriors gives kids the learned priors in w.weights.
func (w *worker) setPriors(kids []node) {
	for j := range kids {
		kids[j].prior = w.weights[kids[j].move]
	}
}

// learnedPriors fills w.weights with the probability the bot's pattern
// model gives each cell of b (a stone's is 0), last being the
// opponent's last stone (the move into node i) and the mover's own last
// the move into i's parent when i is on the path being searched (at the
// root, w.own). It reports false without a model.
func (w *worker) learnedPriors(i int32, b *analysis.Board, last int) bool {
	m := w.bot.opts.Patterns
	if m == nil {
		return false
	}
	g := b.Geometry()
	cols, rows := g.Size()
	n := g.Cells()
	w.colors, w.weights = resized(w.colors, n), resized(w.weights, n)
	for cell := range n {
		switch c, ok := b.At(cell); {
		case !ok:
			w.colors[cell] = hex.Empty
		case c == analysis.Black:
			w.colors[cell] = hex.Black
		default:
			w.colors[cell] = hex.White
		}
	}
	mover := hex.Black
	if b.Turn() == analysis.White {
		mover = hex.White
	}
	// The stones named must still be there as their owners' (fill-in
	// may have put stones anywhere, but never moves one).
	stone := func(cell int, c hex.Color) int {
		if cell < 0 || cell >= n || w.colors[cell] != c {
			return -1
		}
		return cell
	}
	own := -1
	if i == 0 {
		own = w.own
	} else if k := len(w.path); k >= 2 && w.path[k-1] == i && int(w.path[k-2]) < len(w.nodes) {
		own = int(w.nodes[w.path[k-2]].move)
	}
	if m.Weights(w.weights, w.colors, cols, rows, mover, stone(last, mover.Other()), stone(own, mover)) != nil {
		return false
	}
	sum := float32(0)
	for _, x := range w.weights {
		sum += x
	}
	if !(sum > 0) {
		return false
	}
	for cell := range w.weights {
		w.weights[cell] /= sum
	}
	return true
}

// resized returns s with length n, reusing its array when it can.
func resized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// room makes room for n more nodes. The tree grows by doubling, as
// append grows a slice, but never past the worker's limit (unless the
// root's children alone need more), so that the nodes allocated, not
// only those used, stay within Options.MaxNodes.
func (w *worker) room(n int) {
	need := len(w.nodes) + n
	if need <= cap(w.nodes) {
		return
	}
	grown := make([]node, len(w.nodes), min(max(2*cap(w.nodes), need, 1024), max(w.max, need)))
	copy(grown, w.nodes)
	w.nodes = grown
}

// iterate runs one descent, rollout and backup.
func (w *worker) iterate() {
	b := w.root
	w.path = append(w.path[:0], 0)
	cur := int32(0)
	// filled: a node on the path has put its fill-in on b, so that cells
	// of nodes grown before that knowledge may hold a stone now.
	filled := false
	w.filled = analysis.Set{}
	for {
		nd := &w.nodes[cur]
		if nd.proof != 0 {
			break
		}
		if nd.fill > 0 {
			w.fillAt(nd, &b)
			filled = true
		}
		if nd.kids < 0 {
			if nd.hits < expandVisits || !w.expand(cur, &b, b.EmptyCells()) {
				break
			}
			nd = &w.nodes[cur]
		}
		if nd.kids == 0 {
			// A full board: the game is over and its winner known (pick
			// would take the node for one whose moves all lose).
			win, _ := b.Winner()
			nd.proof = -1
			if win == b.Turn().Other() {
				nd.proof = 1
			}
			break
		}
		if !nd.know && cur != 0 && w.knowAt > 0 && nd.hits >= w.knowAt &&
			(w.deadline.IsZero() || time.Until(w.deadline) > 50*time.Millisecond) {
			w.knowledge(cur, &b)
			if nd.proof != 0 {
				break
			}
			if nd.fill > 0 {
				w.fillAt(nd, &b)
				filled = true
			}
		}
		k := w.pick(cur, &b, filled)
		if k < 0 {
			break
		}
		b.Play(int(w.nodes[k].move))
		w.path = append(w.path, k)
		cur = k
	}
	leaf := &w.nodes[cur]
	var winner analysis.Color
	switch {
	case leaf.proof != 0 && cur != 0:
		// The player who made the leaf's move wins (proof +1) or loses.
		mover := b.Turn().Other()
		winner = mover
		if leaf.proof < 0 {
			winner = mover.Other()
		}
		w.fillRandom(&b)
	case w.bot.playout != nil:
		before := w.own // a rollout from the root: the mover's last stone
		if len(w.path) >= 2 {
			before = int(w.nodes[w.path[len(w.path)-2]].move)
		}
		winner = w.patternRollout(&b, int(leaf.move), before)
	default:
		winner = w.rollout(&b, int(leaf.move))
	}
	w.backup(&b, winner, filled)
}

// fillAt puts on b, the board of node nd, the stones nd's knowledge
// filled in: the rollouts below nd then start from the board the
// analysis proved equivalent, with each captured cell its owner's,
// rather than risk a random rollout giving it away (as MoHex does).
// Cells taken since (by the root's fill-in, after tree reuse) keep
// their stones. The cells filled join w.filled, which the AMAF
// statistics leave out: no one played them.
func (w *worker) fillAt(nd *node, b *analysis.Board) {
	f := &w.fills[nd.fill-1]
	empty := b.EmptyCells()
	for c := range analysis.Color(2) {
		put := f[c].And(empty)
		for cell := range put.All() {
			b.Put(cell, c)
		}
		w.filled = w.filled.Or(put)
	}
}

// fillRandom fills the board's empty cells at random (for the AMAF
// statistics of an iteration that ended on a proven node).
func (w *worker) fillRandom(b *analysis.Board) {
	for cell := range b.EmptyCells().All() {
		b.Put(cell, analysis.Color(w.rng.IntN(2)))
	}
}

// pick chooses the child of node i (board b) to descend to: a proven
// win at once, else the best by UCT with RAVE among the children not
// pruned nor proven lost. When filled (a node on the path put its
// fill-in on b), it also passes over the children whose cell holds a
// stone now (grown before that knowledge). It returns -1 if there is
// none, and then marks i lost for its mover, unless it passed such a
// child over: moves lost to a fill-in prove nothing.
func (w *worker) pick(i int32, b *analysis.Board, filled bool) int32 {
	nd := &w.nodes[i]
	kids := w.nodes[nd.first : nd.first+int32(nd.kids)]
	// The exploration term Exploration·sqrt(ln(N+1)/(n+1)) and the
	// learned prior's PatternBias·P/sqrt(n+1) share their 1/sqrt(n+1).
	explore := max(w.bot.opts.Exploration, 0) * math.Sqrt(math.Log(float64(nd.hits)+1))
	bias := w.bot.opts.PatternBias
	// The RAVE estimate's a playouts count as a/(1+a·raveBias) beside a
	// child's own n: its share is a/(a+n+a·n·raveBias).
	rave, raveBias := w.bot.opts.RaveVisits > 0, 1/w.bot.opts.RaveVisits
	best, bestV := int32(-1), -1.0
	taken := false
	for j := range kids {
		k := &kids[j]
		if k.pruned || k.proof < 0 {
			continue
		}
		if filled && !b.IsEmpty(int(k.move)) {
			taken = true
			continue
		}
		if k.proof > 0 {
			return nd.first + int32(j)
		}
		visits, mean := float64(k.visits), float64(k.wins)/float64(k.visits)
		v := mean
		if k.amafN > 0 && rave {
			an := float64(k.amafN)
			beta := an / (an + visits + raveBias*an*visits)
			v = (1-beta)*mean + beta*float64(k.amafW)/an
		}
		v += (explore + bias*float64(k.prior)) / math.Sqrt(float64(k.hits)+1)
		if v > bestV {
			best, bestV = nd.first+int32(j), v
		}
	}
	if best < 0 && !taken {
		nd.proof = 1 // every move loses: the move into i wins
	}
	return best
}

// backup adds the iteration's result to the path's nodes, the AMAF
// statistics of their children from the final board (but for the cells
// a fill-in took, when filled), and spreads proofs upwards.
func (w *worker) backup(final *analysis.Board, winner analysis.Color, filled bool) {
	// The colour to move at the root.
	turn := w.root.Turn()
	for d, i := range w.path {
		nd := &w.nodes[i]
		nd.hits++
		nd.visits++
		mover := turn // the colour to move at node i
		if d%2 == 1 {
			mover = turn.Other()
		}
		if d > 0 && winner != mover { // the one who made the move into i
			nd.wins++
		}
		if nd.kids > 0 {
			win := float32(0)
			if winner == mover {
				win = 1
			}
			kids := w.nodes[nd.first : nd.first+int32(nd.kids)]
			for j := range kids {
				if final.Owns(mover, int(kids[j].move)) && !(filled && w.filled.Has(int(kids[j].move))) {
					kids[j].amafN++
					kids[j].amafW += win
				}
			}
		}
	}
	for d := len(w.path) - 1; d > 0; d-- {
		c, p := &w.nodes[w.path[d]], &w.nodes[w.path[d-1]]
		switch {
		case c.proof > 0:
			p.proof = -1
		case c.proof < 0:
			all := true
			for _, k := range w.nodes[p.first : p.first+int32(p.kids)] {
				if !k.pruned && k.proof >= 0 {
					all = false
					break
				}
			}
			if all {
				p.proof = 1
			}
		}
	}
}

// knowledge applies the analysis to node i (board b, before its move's
// children): fill-in, H-search for both players, must-play and
// inferior-cell pruning, proofs. A node it does not prove keeps the
// stones its fill-in put (node.fill), unless Options.NoTreeFill.
func (w *worker) knowledge(i int32, b *analysis.Board) {
	nd := &w.nodes[i]
	nd.know = true
	f := *b
	filled := analysis.FillIn(&f, &w.inf)
	me := f.Turn()
	if win, over := f.Winner(); over {
		nd.proof = 1
		if win == me {
			nd.proof = -1
		}
		return
	}
	h := w.hs[me]
	h.Run(&f, me)
	if _, ok := h.Won(); ok || len(h.WinningSemis()) > 0 {
		nd.proof = -1 // the player to move here wins
		return
	}
	o := w.hs[me.Other()]
	o.Run(&f, me.Other())
	if _, ok := o.Won(); ok {
		nd.proof = 1
		return
	}
	keep := f.EmptyCells()
	if must, ok := o.MustPlay(); ok {
		keep = keep.And(must)
	}
	keep = pruneInferior(keep, &f, &w.inf, &w.dom, me)
	if keep.Empty() {
		nd.proof = 1
		return
	}
	kids := w.nodes[nd.first : nd.first+int32(nd.kids)]
	for j := range kids {
		kids[j].pruned = !keep.Has(int(kids[j].move))
	}
	if w.treeFill && !filled.Empty() {
		w.fills = append(w.fills, fill{filled.And(f.Stones(analysis.Black)), filled.And(f.Stones(analysis.White))})
		nd.fill = int32(len(w.fills))
	}
}

// pruneInferior removes from keep the inferior moves of me on the
// filled board f (inf is f's analysis, dom scratch space): the
// vulnerable cells whose killer stays, then the dominated cells whose
// dominator stays. Each cell removed has a chain of killers and
// dominators, each at least as good, ending in a cell kept. The root
// and the knowledge nodes prune alike.
func pruneInferior(keep analysis.Set, f *analysis.Board, inf *analysis.Inferior, dom *analysis.Domination, me analysis.Color) analysis.Set {
	keep = pruneVulnerable(keep, inf, me)
	dom.Find(f, me)
	return dom.Prune(keep)
}

// pruneVulnerable removes from keep the mover's vulnerable cells whose
// killer stays in keep.
func pruneVulnerable(keep analysis.Set, inf *analysis.Inferior, me analysis.Color) analysis.Set {
	for v := range keep.And(inf.Vulnerable[me]).All() {
		if k := int(inf.Killer[v]); keep.Has(k) && !inf.Vulnerable[me].Has(k) {
			keep.Remove(v)
		}
	}
	return keep
}
