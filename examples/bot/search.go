package bot

import (
	"math"
	"sync/atomic"

	"github.com/tabletop-go/rules"
)

// This file holds one iteration of the search: selection down the tree,
// expansion of a leaf, and the worker's loop.

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
