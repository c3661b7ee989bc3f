package analysis

// Domination holds the dominated cells of one colour: empty cells where
// a stone of that colour is never worth more than one on another empty
// cell, its dominator.
type Domination struct {
	// Cells holds the dominated cells.
	Cells Set
	// By[cell] is the dominator of a dominated cell.
	By [MaxCells]int16
}

// FindDominated returns the cells dominated for colour c on b. A cell a
// is dominated by a neighbouring empty cell d when, once c has a stone on
// d, a is useless to c (the test of dead and captured cells: every two
// cells a stone on a would join are joined without it). Then
//
//	value(b + c on a) <= value(b + c on a + c on d) = value(b + c on d),
//
// the first because a stone more never hurts its colour in Hex, the
// second because a stone on a useless cell changes nothing. This is
// neighbourhood domination (Hayward and others; Henderson's thesis on
// inferior cell analysis) computed with the groups c has: d's stone
// touches everything a's would. Cells already useless to c on b (dead,
// or captured by the opponent) are left out: FindInferior reports them.
//
// Two cells may dominate each other (they are then equally good):
// prune with Prune, which keeps one of them. Most dominated cells are
// vulnerable too (162 of 168 on random 7×7 and 9×9 positions), with
// their dominator as killer; the rest are what this adds to pruning
// vulnerable cells.
func FindDominated(b *Board, c Color) *Domination {
	dom := new(Domination)
	dom.Find(b, c)
	return dom
}

// Find sets dom to the cells dominated for colour c on b, as
// FindDominated does, without allocating: for search code that keeps one
// Domination per worker.
func (dom *Domination) Find(b *Board, c Color) {
	dom.Cells = Set{}
	g := b.g
	var s scratch
	s.compute(b)
	empty := b.EmptyCells()
	var candidates Set
	for a := range empty.All() {
		if !s.useless(b, a, c, -1) {
			candidates.Add(a)
		}
	}
	var after scratch
	for d := range empty.All() {
		// Only d's empty neighbours can become useless through d's stone
		// alone.
		near := false
		for _, a := range g.ring[d] {
			if a >= 0 && candidates.Has(int(a)) && !dom.Cells.Has(int(a)) {
				near = true
				break
			}
		}
		if !near {
			continue
		}
		with := *b
		with.Put(d, c)
		with.groupIDs(c, after.gid[c][:g.n])
		for _, a := range g.ring[d] {
			if a < 0 || !candidates.Has(int(a)) || dom.Cells.Has(int(a)) {
				continue
			}
			if after.useless(&with, int(a), c, -1) {
				dom.Cells.Add(int(a))
				dom.By[a] = int16(d)
			}
		}
	}
}

// Prune removes from keep the dominated cells whose dominator is in keep
// when their turn comes (in increasing order), so that of two cells that
// dominate each other one stays, and every cell removed has a chain of
// dominators ending in a cell kept: the best move of keep survives.
func (dom *Domination) Prune(keep Set) Set {
	for a := range keep.And(dom.Cells).All() {
		if keep.Has(int(dom.By[a])) {
			keep.Remove(a)
		}
	}
	return keep
}
