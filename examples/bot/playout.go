package bot

import (
	"math"
	"slices"

	"github.com/tabletop-go/rules"
)

// This file holds the end of an iteration: the random playout from the
// new leaf and the backup of its values, with RAVE's AMAF statistics.

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
