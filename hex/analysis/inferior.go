package analysis

// groupIDs sets id[cell], for every cell of the board, to the group of
// the stone of colour c on it: the node of c's side the group touches
// (the first side if it touches both), or else its smallest cell; and
// to -1 for a cell without a stone of colour c.
func (b *Board) groupIDs(c Color, id []int16) {
	g := b.g
	first, second := c.Sides()
	own := &b.stones[c]
	for i := range g.n {
		id[i] = -1
	}
	var stack [MaxCells]int16
	var members [MaxCells]int16
	for start := range own.All() {
		if id[start] != -1 {
			continue
		}
		// Collect the group, then name it.
		top, count := 0, 0
		id[start] = -2
		stack[top] = int16(start)
		top++
		name := int16(start)
		for top > 0 {
			top--
			cell := stack[top]
			members[count] = cell
			count++
			for _, v := range g.ring[cell] {
				if v < 0 {
					if m := sidesOf(v); m>>first&1 != 0 && name < int16(g.n) {
						name = int16(g.n) + int16(first)
					} else if m>>second&1 != 0 && name < int16(g.n) {
						name = int16(g.n) + int16(second)
					}
					continue
				}
				if own.Has(int(v)) && id[v] == -1 {
					id[v] = -2
					stack[top] = v
					top++
				}
			}
		}
		for _, cell := range members[:count] {
			id[cell] = name
		}
	}
}

// scratch holds the group maps of both colours for the inferior-cell
// tests.
type scratch struct {
	gid [2][MaxCells]int16
	// pairs lists the captured pairs find saw: two cells and the captor.
	pairs []capturedPair
}

type capturedPair struct {
	a, b int16
	c    Color
}

func (s *scratch) compute(b *Board) {
	b.groupIDs(Black, s.gid[Black][:b.g.n])
	b.groupIDs(White, s.gid[White][:b.g.n])
}

// useless reports whether a stone of colour c on the empty cell would
// never be needed by c: every two neighbours of cell that c can use (its
// stones, empty cells and its sides; not the cell except, which counts
// as the opponent's) are joined without cell, being neighbours, in one
// group of c, or an empty cell next to the other's group or both next to
// one group. Then any chain of c's through cell has a way round it, now
// and after any further stones, so the cell's colour never decides
// whether c joins its sides.
func (s *scratch) useless(b *Board, cell int, c Color, except int) bool {
	g := b.g
	first, second := c.Sides()
	gid := &s.gid[c]
	// Each usable neighbour: its ring position and its groups (a stone
	// or side: one; an empty cell: the groups next to it).
	var pos [6]int8
	var groups [6][6]int16
	var ng [6]int8
	n := 0
	for d, v := range g.ring[cell] {
		if v < 0 {
			m := sidesOf(v)
			var side int16
			switch {
			case m>>first&1 != 0:
				side = int16(g.n) + int16(first)
			case m>>second&1 != 0:
				side = int16(g.n) + int16(second)
			default:
				continue // the opponent's side
			}
			pos[n], groups[n][0], ng[n] = int8(d), side, 1
			n++
			continue
		}
		if int(v) == except || b.stones[c.Other()].Has(int(v)) {
			continue
		}
		pos[n], ng[n] = int8(d), 0
		if gid[v] >= 0 {
			groups[n][0], ng[n] = gid[v], 1
		} else {
			// An empty cell: the groups of c next to it.
			for _, w := range g.ring[v] {
				var x int16 = -1
				if w < 0 {
					m := sidesOf(w)
					if m>>first&1 != 0 {
						x = int16(g.n) + int16(first)
					} else if m>>second&1 != 0 {
						x = int16(g.n) + int16(second)
					}
				} else if int(w) != except && gid[w] >= 0 {
					x = gid[w]
				}
				if x >= 0 {
					groups[n][ng[n]] = x
					ng[n]++
				}
			}
		}
		n++
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if d := pos[j] - pos[i]; d == 1 || d == 5 {
				continue // neighbours on the ring are neighbours
			}
			if !shareGroup(groups[i][:ng[i]], groups[j][:ng[j]]) {
				return false
			}
		}
	}
	return true
}

func shareGroup(a, b []int16) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// Inferior holds the inferior cells of a position, each set a subset of
// the empty cells.
type Inferior struct {
	// Dead cells: no stone there ever matters to either player.
	Dead Set
	// Captured[c] holds the cells colour c can fill with its own stones
	// without changing the position's value: cells useless to the
	// opponent, and pairs of neighbouring empty cells where, whichever
	// of the two the opponent takes, c takes the other and the
	// opponent's stone is useless to it.
	Captured [2]Set
	// Vulnerable[c] holds the cells where a stone of colour c could be
	// made useless to c by one opponent stone next to it (its killer);
	// Killer gives one killer of each.
	Vulnerable [2]Set
	// Killer[cell] is a killer of a vulnerable cell.
	Killer [MaxCells]int16
}

// FindInferior returns the inferior cells of b as it stands (no fill-in:
// see FillIn).
func FindInferior(b *Board) *Inferior {
	inf := new(Inferior)
	var s scratch
	s.compute(b)
	s.find(b, inf, true)
	return inf
}

// find computes the dead and captured cells, and the vulnerable ones
// when vulnerable is set.
func (s *scratch) find(b *Board, inf *Inferior, vulnerable bool) {
	g := b.g
	empty := b.EmptyCells()
	inf.Dead, inf.Captured, inf.Vulnerable = Set{}, [2]Set{}, [2]Set{}
	s.pairs = s.pairs[:0]
	for cell := range empty.All() {
		ub := s.useless(b, cell, Black, -1)
		uw := s.useless(b, cell, White, -1)
		switch {
		case ub && uw:
			inf.Dead.Add(cell)
		case uw:
			inf.Captured[Black].Add(cell)
		case ub:
			inf.Captured[White].Add(cell)
		}
	}
	single := inf.Dead.Or(inf.Captured[0]).Or(inf.Captured[1])
	for a := range empty.All() {
		if single.Has(a) {
			continue
		}
		for d := range 3 { // each pair once: the neighbours right, up-right, up-left
			v := g.ring[a][d]
			if v < 0 || !empty.Has(int(v)) || single.Has(int(v)) {
				continue
			}
			bb := int(v)
			for _, c := range [2]Color{Black, White} {
				y := c.Other()
				if s.useless(b, a, y, bb) && s.useless(b, bb, y, a) {
					inf.Captured[c].Add(a)
					inf.Captured[c].Add(bb)
					s.pairs = append(s.pairs, capturedPair{int16(a), int16(bb), c})
				}
			}
		}
	}
	if !vulnerable {
		return
	}
	skip := single.Or(inf.Captured[0]).Or(inf.Captured[1])
	for cell := range empty.AndNot(skip).All() {
		for _, c := range [2]Color{Black, White} {
			for _, k := range g.ring[cell] {
				if k < 0 || !empty.Has(int(k)) {
					continue
				}
				if s.useless(b, cell, c, int(k)) {
					inf.Vulnerable[c].Add(cell)
					inf.Killer[cell] = k
					break
				}
			}
		}
	}
}

// FillIn fills b's dead cells (with the colour not to move) and captured
// cells (with their captor's colour), again and again until none is
// left, and returns the cells it filled. Neither changes the position's
// value: whoever wins b with perfect play wins the filled board. After
// it, inf (if not nil) holds the filled board's vulnerable cells, and
// no dead or captured cell.
func FillIn(b *Board, inf *Inferior) Set {
	var s scratch
	var filled Set
	var local Inferior
	if inf == nil {
		inf = &local
	}
	for {
		s.compute(b)
		s.find(b, inf, false)
		any := false
		for cell := range inf.Dead.All() {
			b.Put(cell, b.turn.Other())
			filled.Add(cell)
			any = true
		}
		// A cell useless to one colour is the other's; a pair is filled
		// only while both its cells are empty (an earlier fill may have
		// taken one).
		paired := Set{}
		for _, p := range s.pairs {
			paired.Add(int(p.a))
			paired.Add(int(p.b))
		}
		for _, c := range [2]Color{Black, White} {
			for cell := range inf.Captured[c].AndNot(paired).All() {
				b.Put(cell, c)
				filled.Add(cell)
				any = true
			}
		}
		for _, p := range s.pairs {
			if b.IsEmpty(int(p.a)) && b.IsEmpty(int(p.b)) {
				b.Put(int(p.a), p.c)
				b.Put(int(p.b), p.c)
				filled.Add(int(p.a))
				filled.Add(int(p.b))
				any = true
			}
		}
		if !any {
			break
		}
	}
	s.find(b, inf, true)
	return filled
}
