package bot

import (
	"slices"
)

// This file holds the guided search's tree reuse: finding the new root
// in the last search's tree and moving its subtree to the front, as
// AlphaZero keeps the subtree of the move played.

// reroot makes the node of p the root, when the last search's tree holds
// it expanded within reuseDepth plies per seat below its root (a chance
// outcome counting as a ply), keeping its subtree and dropping the rest.
// The same position as the last root keeps the whole tree, its root's
// priors as the evaluator gave them (without the last search's noise).
// It looks first at the depth the positions' plies differ by, then at
// every depth, examining at most reuseNodes nodes each time; it reports
// false, and changes nothing, when it finds no expanded node of p.
func (s *search[P, M]) reroot(p P) bool {
	if len(s.nodes) == 0 || s.nodes[0].children <= 0 {
		return false
	}
	if same(&s.root, &p) {
		if kids := s.kids(0); s.noised && len(s.clean) == len(kids) {
			for i := range kids {
				kids[i].prior = s.clean[i]
			}
		}
		s.noised = false
		return true
	}
	limit := reuseDepth*p.Seats() + 2
	keep := func(k int32) bool {
		s.compact(k)
		s.noised = false // only the old root's priors had noise
		return true
	}
	// The plies played since, when the game counts them so: one pass.
	if d := p.Ply() - s.root.Ply(); d >= 1 && d <= limit {
		budget := reuseNodes
		if k := s.find(0, s.root, &p, d, &budget); k > 0 {
			return keep(k)
		}
	}
	budget := reuseNodes
	for depth := 1; depth <= limit; depth++ {
		if k := s.find(0, s.root, &p, depth, &budget); k > 0 {
			return keep(k)
		}
		if budget <= 0 {
			break
		}
	}
	return false
}

// find looks for an expanded node of p exactly depth plies below node i
// (at position pos), examining at most *budget nodes; a leaf of p, which
// has nothing to keep, does not stop it (p may be reached by other move
// orders).
func (s *search[P, M]) find(i int32, pos P, p *P, depth int, budget *int) int32 {
	n := s.nodes[i]
	if n.children <= 0 {
		return -1
	}
	for k := n.first; k < n.first+n.children; k++ {
		if *budget--; *budget < 0 {
			return -1
		}
		q := pos.PlayUnchecked(s.nodes[k].move)
		if depth == 1 {
			if s.nodes[k].children > 0 && same(&q, p) {
				return k
			}
			continue
		}
		if found := s.find(k, q, p, depth-1, budget); found > 0 {
			return found
		}
	}
	return -1
}

// compact makes node k the root: the groups of siblings of its subtree
// move to the front of the nodes, each keeping its order, in the order
// the groups had. A group never moves up, so that moving the groups in
// that order never overwrites one not yet moved.
func (s *search[P, M]) compact(k int32) {
	s.groups = s.groups[:0]
	s.stack = append(s.stack[:0], k)
	for len(s.stack) > 0 {
		i := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		n := s.nodes[i]
		if n.children <= 0 {
			continue
		}
		s.groups = append(s.groups, group{old: n.first, n: n.children})
		for c := range n.children {
			s.stack = append(s.stack, n.first+c)
		}
	}
	slices.SortFunc(s.groups, func(a, b group) int { return int(a.old - b.old) })
	cursor := int32(1)
	for g := range s.groups {
		s.groups[g].new = cursor
		cursor += s.groups[g].n
	}
	// Point every kept parent at its children's new place, then move.
	relink := func(n *gnode[M]) {
		if n.children > 0 {
			g, _ := slices.BinarySearchFunc(s.groups, n.first, func(g group, old int32) int { return int(g.old - old) })
			n.first = s.groups[g].new
		}
	}
	root := s.nodes[k]
	relink(&root)
	for _, g := range s.groups {
		for c := range g.n {
			relink(&s.nodes[g.old+c])
		}
	}
	s.nodes[0] = root
	for _, g := range s.groups {
		copy(s.nodes[g.new:g.new+g.n], s.nodes[g.old:g.old+g.n])
	}
	s.nodes = s.nodes[:cursor]
}
