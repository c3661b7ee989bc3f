package bot

import (
	"slices"

	"github.com/tabletop-go/rules"
)

// This file holds tree reuse: finding the new root in the last search's
// tree and moving its subtree to the front of the blocks.

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
