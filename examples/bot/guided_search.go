package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"unsafe"

	"github.com/tabletop-go/rules"
)

// This file holds the guided search: PUCT selection, batches of leaves
// under virtual loss, expansion with the evaluator's priors, the backup
// of its values, and the root's Dirichlet noise.

// gnode is a node of the guided search's tree.
type gnode[M rules.Move] struct {
	move     M
	first    int32 // index of the first child; children are contiguous
	children int32 // unexpanded or awaiting: below 0 (see the constants)
	// visits counts the finished simulations through the node, the one
	// that expanded it included; inflight the simulations of the batch
	// under way through it, each a virtual loss until its backup.
	visits   int32
	inflight int32
	// prior is the normalised prior of the move, or a chance outcome's
	// probability.
	prior float32
	// total sums the values of the simulations through the node for the
	// seat that chose it (the mover at the parent).
	total float64
}

const (
	unexpanded int32 = -1
	awaiting   int32 = -2 // a leaf of the batch under way
)

func sizeofGuidedNode[M rules.Move]() uintptr { return unsafe.Sizeof(gnode[M]{}) }

// search is one guided search's tree and buffers, reused from search to
// search.
type search[P rules.Position[P, M], M rules.Move] struct {
	guide    *Guide
	rng      *rand.Rand
	sampler  rules.Sampler[P, M]
	nodes    []gnode[M]
	maxNodes int
	chances  []rules.ChanceOutcome[M]
	// The batch under way: its leaves, and for each the tree node it
	// expands (or -1 for none: the tree is full) and its path, a span of
	// paths.
	leaves  []Leaf[P, M]
	waiting []waitingLeaf
	paths   []step
	moveBuf []M
	shown   []M // the copy of moveBuf the leaves show
	prior   []float32
	path    []step
	noise   []float64
	// clean holds the root's priors before the noise was mixed in
	// (noised), so that a search of the same root again starts from the
	// evaluator's; groups and stack are reroot's scratch space.
	clean  []float32
	noised bool
	groups []group
	stack  []int32
	// reused is the number of simulations the search under way kept from
	// the last one's tree.
	reused int
	// done counts the simulations backed up, base those before the
	// search under way (after the root's expansion, once started).
	done, base int
	// The search under way: its root, its simulations to run, and
	// whether the root has been expanded.
	root    P
	target  int
	started bool
}

// waitingLeaf is a leaf of the batch: the node it expands (-1 when the
// tree is full) and its path in paths[from:to].
type waitingLeaf struct {
	node, mark int32
	from, to   int
	// Its moves are moveBuf[moves:moves+count], its priors
	// prior[moves:moves+count]; seats is its position's seat count.
	moves, count, seats int
}

func (s *search[P, M]) init(g *Guide, rng *rand.Rand, maxNodes int) {
	s.guide, s.rng, s.maxNodes = g, rng, max(maxNodes, 1)
	s.sampler.Rand = rng
}

// kids returns the children of node i.
func (s *search[P, M]) kids(i int32) []gnode[M] {
	n := &s.nodes[i]
	if n.children <= 0 {
		return nil
	}
	return s.nodes[n.first : n.first+n.children]
}

// begin starts a search from root, a decision node, of iterations
// simulations (at least one). With reuse, when the last search's tree
// holds root expanded (see reroot), the search goes on from its subtree,
// with new noise at the root; otherwise its first batch is the root
// alone, whose evaluation expands it.
func (s *search[P, M]) begin(root P, iterations int, reuse bool) {
	s.cancelBatch() // one a search begun by Guided.Begin handed out
	kept := reuse && s.reroot(root)
	if !kept {
		s.nodes = append(s.nodes[:0], gnode[M]{children: unexpanded})
		s.noised = false
	}
	s.root, s.target, s.started, s.base, s.reused = root, max(iterations, 1), kept, s.done, 0
	if kept {
		s.reused = int(s.nodes[0].visits) - 1 // its expansion aside
		s.addNoise()
	}
}

// run searches from root, a decision node: it expands the root with one
// evaluation (unless begin kept it), then runs iterations simulations (at least one), in
// batches of up to Guide.Batch leaves, until they are done or ctx is.
func (s *search[P, M]) run(ctx context.Context, root P, eval Evaluator[P, M], iterations int, reuse bool) error {
	s.begin(root, iterations, reuse)
	done := ctx.Done()
	for s.next() {
		if err := eval.Evaluate(s.leaves); err != nil {
			s.abandon()
			return errEvaluator(err)
		}
		if err := s.complete(); err != nil {
			return err
		}
		if done != nil {
			select {
			case <-done:
				return nil
			default:
			}
		}
	}
	return nil
}

// next selects the next batch of leaves to evaluate (s.leaves) and
// reports whether there is one; false means the search is done. A batch
// is the root alone at first, then up to Guide.Batch descents, fewer
// near the end; descents that end in a finished game are backed up at
// once, so a batch may take several rounds of descents to gather. While
// a batch awaits complete, next gives it again.
func (s *search[P, M]) next() bool {
	if len(s.waiting) > 0 {
		return true
	}
	if len(s.nodes) == 0 {
		return false // abandoned
	}
	if !s.started {
		s.descend(s.root)
		return s.gather()
	}
	for len(s.kids(0)) > 0 && s.sims() < s.target {
		s.clearBatch()
		before := s.done
		for range min(s.guide.Batch, s.target-s.sims()) {
			s.descend(s.root)
		}
		if s.gather() {
			return true
		}
		if s.done == before {
			// Every descent was dropped, which only a leaf marked as
			// awaiting outside any batch could cause: end the search
			// rather than loop.
			return false
		}
	}
	return false
}

// sims counts the simulations of the search so far, the root's
// expansion aside.
func (s *search[P, M]) sims() int { return s.done - s.base }

func (s *search[P, M]) clearBatch() {
	s.leaves, s.waiting, s.paths, s.moveBuf = s.leaves[:0], s.waiting[:0], s.paths[:0], s.moveBuf[:0]
}

// gather gives the leaves of the batch their moves and uniform priors,
// now that moveBuf has stopped growing, and reports whether there are
// any.
func (s *search[P, M]) gather() bool {
	s.prior = resize(s.prior, len(s.moveBuf))
	for i := range s.prior {
		s.prior[i] = 1
	}
	// The leaves show a copy of the moves: what an evaluator does to it
	// cannot change the tree.
	s.shown = append(s.shown[:0], s.moveBuf...)
	for i, w := range s.waiting {
		l := &s.leaves[i]
		l.Moves, l.Prior = s.shown[w.moves:w.moves+w.count:w.moves+w.count], s.prior[w.moves:w.moves+w.count:w.moves+w.count]
		l.Values = [rules.MaxSeats]float64{}
	}
	return len(s.waiting) > 0
}

// complete checks the evaluator's answers for the batch (s.leaves) and
// backs them up: each leaf's node is expanded with its priors (read from
// the search's own buffers, so that an evaluator cannot change the
// moves) and its values added along its path. On an answer out of
// bounds it abandons the search and returns the error.
func (s *search[P, M]) complete() error {
	for i, w := range s.waiting {
		if err := s.checkLeaf(&s.leaves[i], w); err != nil {
			s.abandon()
			return err
		}
	}
	for i, w := range s.waiting {
		moves, prior := s.moveBuf[w.moves:w.moves+w.count], s.prior[w.moves:w.moves+w.count]
		s.nodes[w.mark].children = unexpanded
		// The budget is checked here, not when the leaf joined the
		// batch, so that the leaves of one batch cannot overrun it
		// together; the root is expanded whatever the budget.
		if w.node == 0 || w.node > 0 && len(s.nodes)+len(moves) <= s.maxNodes {
			s.expand(w.node, moves, prior)
		}
		s.backup(s.paths[w.from:w.to], &s.leaves[i].Values)
	}
	s.clearBatch()
	if !s.started {
		s.started, s.base = true, s.done
		s.addNoise()
	}
	return nil
}

// cancelBatch takes back the batch handed out and not answered: its
// leaves are unexpanded again and their paths lose their virtual losses,
// so that the tree is whole for a later search.
func (s *search[P, M]) cancelBatch() {
	for _, w := range s.waiting {
		s.nodes[w.mark].children = unexpanded
		for _, st := range s.paths[w.from:w.to] {
			s.nodes[st.node].inflight--
		}
	}
	s.clearBatch()
}

// abandon forgets the batch under way after the evaluator failed: the
// tree is rebuilt by the next search.
func (s *search[P, M]) abandon() {
	s.nodes = s.nodes[:0]
	s.clearBatch()
}

// descend selects a path from root to a leaf under the virtual losses of
// the batch so far. A finished game is backed up at once; a decision
// leaf joins the batch; a leaf already in it drops the descent.
func (s *search[P, M]) descend(root P) {
	s.path = append(s.path[:0], step{0, rules.Terminal})
	s.nodes[0].inflight++
	pos, cur := root, int32(0)
	for {
		who := pos.ToMove()
		if who == rules.Terminal {
			s.finish(pos)
			return
		}
		n := &s.nodes[cur]
		if n.children == awaiting {
			s.drop()
			return
		}
		if n.children == unexpanded {
			if who != rules.Chance || !s.expandChance(cur, pos) {
				s.wait(cur, pos)
				return
			}
		}
		child := s.pick(cur, who)
		s.nodes[child].inflight++
		s.path = append(s.path, step{child, who})
		pos = pos.PlayUnchecked(s.nodes[child].move)
		cur = child
	}
}

// finish backs up a finished game's returns along the path.
func (s *search[P, M]) finish(pos P) {
	var values [rules.MaxSeats]float64
	if o := pos.Outcome(); o.Over() {
		for seat := range min(pos.Seats(), rules.MaxSeats) {
			values[seat] = o.Return(rules.Player(seat))
		}
	}
	s.backup(s.path, &values)
}

// drop takes back the virtual losses of a dropped descent.
func (s *search[P, M]) drop() {
	for _, st := range s.path {
		s.nodes[st.node].inflight--
	}
}

// wait adds the leaf at node cur, position pos, to the batch. A chance
// node the full tree could not expand is played on at random to a
// decision node, evaluated without a node of its own; so is a decision
// node whose children would not fit.
func (s *search[P, M]) wait(cur int32, pos P) {
	w := waitingLeaf{node: cur, mark: cur}
	for pos.ToMove() == rules.Chance {
		w.node = -1
		m, ok := s.sampler.Move(pos)
		if !ok {
			break // a chance node without outcomes: scored as a draw below
		}
		pos = pos.PlayUnchecked(m)
	}
	if !pos.ToMove().IsSeat() {
		s.finish(pos)
		return
	}
	w.moves = len(s.moveBuf)
	s.moveBuf = pos.AppendMoves(s.moveBuf)
	k := len(s.moveBuf) - w.moves
	if k == 0 {
		// A seat to move with no legal move, which the contract
		// forbids: scored as a draw, so that a broken game cannot stop
		// the search.
		s.moveBuf = s.moveBuf[:w.moves]
		s.finish(pos)
		return
	}
	s.nodes[cur].children = awaiting
	w.from = len(s.paths)
	s.paths = append(s.paths, s.path...)
	w.to = len(s.paths)
	w.count, w.seats = k, min(pos.Seats(), rules.MaxSeats)
	s.waiting = append(s.waiting, w)
	s.leaves = append(s.leaves, Leaf[P, M]{Position: pos})
}

// expandChance adds the outcomes of the chance node cur as its children,
// unless the tree is full.
func (s *search[P, M]) expandChance(cur int32, pos P) bool {
	s.chances = pos.AppendChances(s.chances[:0])
	if len(s.nodes)+len(s.chances) > s.maxNodes || len(s.chances) == 0 {
		return false
	}
	first := int32(len(s.nodes))
	for _, c := range s.chances {
		s.nodes = append(s.nodes, gnode[M]{move: c.Move, prior: float32(c.Prob.Float64()), children: unexpanded})
	}
	s.nodes[cur].first, s.nodes[cur].children = first, int32(len(s.chances))
	return true
}

// expand adds the moves of node i as its children with the evaluator's
// priors, normalised.
func (s *search[P, M]) expand(i int32, moves []M, prior []float32) {
	sum := 0.0
	for _, w := range prior {
		sum += float64(w)
	}
	scale := 1 / sum
	first := len(s.nodes)
	s.nodes = slices.Grow(s.nodes, len(moves))[:first+len(moves)]
	kids := s.nodes[first:]
	prior = prior[:len(kids)]
	for j, m := range moves[:len(kids)] {
		kids[j] = gnode[M]{move: m, prior: float32(float64(prior[j]) * scale), children: unexpanded}
	}
	s.nodes[i].first, s.nodes[i].children = int32(first), int32(len(moves))
}

// backup adds a simulation's values to the nodes of its path, each
// node's total for the seat that chose it, and takes back its virtual
// loss.
func (s *search[P, M]) backup(path []step, values *[rules.MaxSeats]float64) {
	s.done++
	for _, st := range path {
		n := &s.nodes[st.node]
		n.visits++
		n.inflight--
		if st.seat.IsSeat() {
			n.total += values[st.seat]
		}
	}
}

// pick chooses a child of the expanded node i, where who is to move: at a
// chance node by probability; at a decision node the child of the best
// PUCT score Q + C(N)·P·sqrt(N)/(1 + n) (the first of equals), where a
// simulation under way through a child counts as a visit lost.
func (s *search[P, M]) pick(i int32, who rules.Player) int32 {
	n := &s.nodes[i]
	kids := s.nodes[n.first : n.first+n.children]
	if who == rules.Chance {
		x := s.rng.Float64()
		for c := range kids {
			if x -= float64(kids[c].prior); x < 0 {
				return n.first + int32(c)
			}
		}
		return n.first + int32(len(kids)) - 1
	}
	// N counts the node's expansion and the simulations through it
	// (those under way but this one): 1 + its children's visits.
	parent := float64(n.visits + n.inflight - 1)
	g := s.guide
	scale := (math.Log((1+parent+g.PUCTBase)/g.PUCTBase) + g.PUCT) * math.Sqrt(parent)
	best, bestScore := 0, math.Inf(-1)
	for c := range kids {
		k := &kids[c]
		var score float64
		if n := k.visits + k.inflight; n == 0 {
			score = g.FirstPlay + scale*float64(k.prior) // most children: no division
		} else {
			visits := float64(n)
			score = (k.total-float64(k.inflight))/visits + scale*float64(k.prior)/(1+visits)
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return n.first + int32(best)
}

// addNoise mixes Dirichlet noise into the root's priors.
func (s *search[P, M]) addNoise() {
	eps := s.guide.NoiseFraction
	kids := s.kids(0)
	if eps <= 0 || len(kids) == 0 {
		return
	}
	alpha := s.guide.NoiseAlpha
	if alpha <= 0 {
		alpha = 10 / float64(len(kids))
	}
	s.noise = resize(s.noise, len(kids))
	s.clean = resize(s.clean, len(kids))
	for i := range kids {
		s.clean[i] = kids[i].prior
	}
	s.noised = true
	sum := 0.0
	for i := range s.noise {
		s.noise[i] = gamma(s.rng, alpha)
		sum += s.noise[i]
	}
	if !(sum > 0) {
		return // every draw underflowed: no noise this time
	}
	for i := range kids {
		kids[i].prior = float32((1-eps)*float64(kids[i].prior) + eps*s.noise[i]/sum)
	}
}

// squeeze is the constant of Marsaglia and Tsang's quick acceptance,
// u < 1 - squeeze·x⁴, which must stay below the exact bound
// exp(x²/2 + d(1 - v + ln v)) for every shape: the least such constant
// is 0.03307 (shape 1, x near -2.156), so this is as tight as it gets.
const squeeze = 0.0331

// gamma draws from the Gamma(alpha, 1) distribution (Marsaglia and
// Tsang's method; for alpha < 1, through Gamma(alpha+1)·U^(1/alpha)).
func gamma(r *rand.Rand, alpha float64) float64 {
	if alpha < 1 {
		return gamma(r, alpha+1) * math.Pow(r.Float64(), 1/alpha)
	}
	d := alpha - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := r.NormFloat64()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := r.Float64()
		if u < 1-squeeze*x*x*x*x || math.Log(u) < 0.5*x*x+d*(1-v+math.Log(v)) {
			return d * v
		}
	}
}
