package analysis

import "slices"

// Conn is a virtual connection between two nodes for the colour that
// owns it: a full connection holds whoever moves first, a semi
// connection holds if its owner moves first (by playing Key). The
// carrier holds the empty cells it needs; the opponent breaks a
// connection only by playing in its carrier.
type Conn struct {
	Carrier Set
	// Key is the cell the owner plays to turn a semi connection into a
	// full one, -1 for a full connection.
	Key int16
}

// Full reports whether c is a full connection.
func (c *Conn) Full() bool { return c.Key < 0 }

// Limits bounds the work of H-search. The zero value takes the
// defaults.
type Limits struct {
	// Full and Semi cap the connections kept between two nodes, the
	// smallest carriers first (defaults 20 and 40).
	Full, Semi int
	// Ors caps the number of semi connections the OR rule combines
	// (default 4; 1 acts as 2, the fewest it combines).
	Ors int
}

func (l Limits) withDefaults() Limits {
	if l.Full <= 0 {
		l.Full = 20
	}
	if l.Semi <= 0 {
		l.Semi = 40
	}
	if l.Ors <= 0 {
		l.Ors = 4
	}
	return l
}

// HSearch finds virtual connections by Anshelevich's H-search. Its
// nodes are the empty cells, the groups of one colour's stones (a group
// is its stones joined by adjacency, and takes in the side it touches)
// and that colour's two sides; the opponent's stones are walls. It
// starts from the base connections (neighbours are fully connected, with
// an empty carrier; the edge templates of Templates join cells near a
// side to it) and applies two rules until they find nothing new:
//
//   - AND: full connections x–m and m–y with disjoint carriers that
//     avoid x and y make a connection x–y with the union of the carriers:
//     a full one if m is a group (or side), a semi one with key m, m
//     added to the carrier, if m is an empty cell;
//   - OR: semi connections x–y whose carriers have no cell in common
//     make a full connection x–y with the union of the carriers (at most
//     Limits.Ors of them at once, and all of them together).
//
// A full connection between the colour's two sides proves a win for it
// whoever moves; a semi one a win if it moves. H-search is sound (every
// connection it reports holds) but not complete.
//
// An HSearch is reused from search to search, keeping its tables, so
// that it allocates only while they grow to what the boards need. It is
// not safe for concurrent use.
type HSearch struct {
	b      Board
	color  Color
	g      *Geometry
	limits Limits
	nodes  int
	// gid is each cell's node: an empty cell itself, a stone of the
	// colour its group's node, an opponent stone -1.
	gid [MaxCells]int16
	// full and semi hold the connections of each pair of nodes x < y, at
	// x×nodes + y.
	full, semi [][]Conn
	touched    []int32
	stamp      []uint32 // the run that last touched each pair
	run        uint32
	partners   [MaxCells + 4]Set // the nodes each node has a full connection with
	// queue holds the full connections waiting for the AND rule, by
	// carrier size: the smallest are combined first.
	queue  [][]pending
	queued int
	low    int // no waiting connection has a smaller carrier
	orOut  []Set
	// orTail[i] is the intersection of the carriers of the semi
	// connections i and after in the list the OR rule combines.
	orTail []Set
	// noOrPrune turns off the OR rule's pruning by orTail, and orSteps
	// counts the subsets it tries (for tests: the pruning must not
	// change what H-search finds, only try fewer).
	noOrPrune bool
	orSteps   int
	won       bool
	// Templates says whether Run adds the edge templates (see
	// EdgeTemplates) to the base connections; NewHSearch sets it.
	Templates bool
}

// pending is a full connection waiting for the AND rule.
type pending struct {
	x, y int16
	c    Set
}

// NewHSearch returns an H-search with the given limits (the zero value
// takes the defaults) and the edge templates on.
func NewHSearch(l Limits) *HSearch {
	return &HSearch{limits: l.withDefaults(), Templates: true}
}

// Color returns the colour whose connections the last Run found.
func (h *HSearch) Color() Color { return h.color }

// Board returns the board of the last Run.
func (h *HSearch) Board() *Board { return &h.b }

// pair returns the index of the pair x, y.
func (h *HSearch) pair(x, y int) int {
	if x > y {
		x, y = y, x
	}
	return x*h.nodes + y
}

// Node returns the H-search node of a cell for the last Run: the cell
// itself when empty, its group's node for a stone of the colour, and -1
// for an opponent's stone.
func (h *HSearch) Node(cell int) int { return int(h.gid[cell]) }

// Fulls returns the full connections found between nodes x and y (cells
// or side nodes; a stone stands for its group). The slice is the
// search's own, valid until the next Run.
func (h *HSearch) Fulls(x, y int) []Conn {
	x, y = h.nodeOf(x), h.nodeOf(y)
	if x < 0 || y < 0 || x == y {
		return nil
	}
	return h.full[h.pair(x, y)]
}

// Semis returns the semi connections found between nodes x and y, like
// Fulls.
func (h *HSearch) Semis(x, y int) []Conn {
	x, y = h.nodeOf(x), h.nodeOf(y)
	if x < 0 || y < 0 || x == y {
		return nil
	}
	return h.semi[h.pair(x, y)]
}

func (h *HSearch) nodeOf(x int) int {
	if x < 0 || x >= h.nodes {
		return -1
	}
	if x >= h.g.n {
		return x
	}
	return int(h.gid[x])
}

// Won reports whether the colour has a full connection between its
// sides, and returns the smallest carrier. A colour already joined has
// one with an empty carrier.
func (h *HSearch) Won() (Set, bool) {
	if h.won {
		return Set{}, true
	}
	if h.g == nil { // before Run: nothing found
		return Set{}, false
	}
	first, second := h.color.Sides()
	best, ok := Set{}, false
	for _, c := range h.Fulls(h.g.SideNode(first), h.g.SideNode(second)) {
		if !ok || c.Carrier.Len() < best.Len() {
			best, ok = c.Carrier, true
		}
	}
	return best, ok
}

// WinningSemis returns the semi connections between the colour's sides:
// each key wins if the colour moves.
func (h *HSearch) WinningSemis() []Conn {
	if h.g == nil { // before Run: nothing found
		return nil
	}
	first, second := h.color.Sides()
	return h.Semis(h.g.SideNode(first), h.g.SideNode(second))
}

// MustPlay returns where the opponent must play to stop the colour from
// winning by one move: the cells common to the carriers of every semi
// connection between the colour's sides. ok is false when there is no
// such semi connection (the opponent may play anywhere); an empty set
// with ok true means the opponent loses whatever it plays (the colour
// has semi connections with disjoint carriers, or a full one).
func (h *HSearch) MustPlay() (Set, bool) {
	if _, won := h.Won(); won {
		return Set{}, true
	}
	semis := h.WinningSemis()
	if len(semis) == 0 {
		return Set{}, false
	}
	m := semis[0].Carrier
	for _, c := range semis[1:] {
		m = m.And(c.Carrier)
	}
	return m, true
}

// Run finds the virtual connections of colour c on board b (which it
// copies).
func (h *HSearch) Run(b *Board, c Color) {
	if h.limits == (Limits{}) {
		h.limits = h.limits.withDefaults()
	}
	h.reset(b, c)
	if h.b.joins(c) {
		h.won = true
		return
	}
	h.base()
	h.closure()
}

// reset clears the last search and sizes the tables for b.
func (h *HSearch) reset(b *Board, c Color) {
	for _, p := range h.touched {
		h.full[p] = h.full[p][:0]
		h.semi[p] = h.semi[p][:0]
	}
	h.touched = h.touched[:0]
	for i := range h.queue {
		h.queue[i] = h.queue[i][:0]
	}
	h.queued, h.low, h.orSteps = 0, 0, 0
	h.b, h.color, h.g, h.won = *b, c, b.g, false
	nodes := h.g.n + 4
	if nodes != h.nodes || h.full == nil {
		h.nodes = nodes
		h.full = make([][]Conn, nodes*nodes)
		h.semi = make([][]Conn, nodes*nodes)
		h.stamp = make([]uint32, nodes*nodes)
	}
	h.run++
	for i := range nodes {
		h.partners[i] = Set{}
	}
	var gid [MaxCells]int16
	h.b.groupIDs(c, gid[:h.g.n])
	opp := &h.b.stones[c.Other()]
	for i := range h.g.n {
		switch {
		case gid[i] >= 0:
			h.gid[i] = gid[i]
		case opp.Has(i):
			h.gid[i] = -1
		default:
			h.gid[i] = int16(i)
		}
	}
}

// base adds the connections between neighbours and the edge templates.
func (h *HSearch) base() {
	g := h.g
	first, second := h.color.Sides()
	empty := h.b.EmptyCells()
	for cell := range empty.All() {
		for _, v := range g.ring[cell] {
			var other int
			if v < 0 {
				m := sidesOf(v)
				switch {
				case m>>first&1 != 0:
					other = g.n + int(first)
				case m>>second&1 != 0:
					other = g.n + int(second)
				default:
					continue
				}
			} else {
				other = int(h.gid[v])
				if other < 0 {
					continue
				}
			}
			if other != cell {
				h.addFull(cell, other, Set{})
			}
		}
	}
	if h.Templates {
		h.addTemplates()
	}
}

// closure applies the AND rule to every full connection found, and the
// OR rule to every semi connection, until nothing new comes.
func (h *HSearch) closure() {
	for h.queued > 0 {
		for len(h.queue[h.low]) == 0 {
			h.low++
		}
		q := h.queue[h.low]
		p := q[len(q)-1]
		h.queue[h.low] = q[:len(q)-1]
		h.queued--
		if !h.hasFull(int(p.x), int(p.y), &p.c) {
			continue // replaced by a smaller carrier meanwhile
		}
		h.and(int(p.x), int(p.y), p.c)
		h.and(int(p.y), int(p.x), p.c)
	}
}

func (h *HSearch) hasFull(x, y int, c *Set) bool {
	for i := range h.full[h.pair(x, y)] {
		if h.full[h.pair(x, y)][i].Carrier.Equal(c) {
			return true
		}
	}
	return false
}

// and combines the new full connection mid–other (carrier c) with every
// full connection from mid to a third node.
func (h *HSearch) and(mid, other int, c Set) {
	if mid >= h.g.n {
		return // no AND over the sides
	}
	emptyMid := int(h.gid[mid]) == mid && h.b.IsEmpty(mid)
	partners := h.partners[mid]
	for u := range partners.All() {
		if u == other || u < h.g.n && c.Has(u) {
			continue
		}
		list := h.full[h.pair(mid, u)]
		for k := 0; k < len(list); k++ {
			d := list[k].Carrier
			if d.Meets(&c) || other < h.g.n && d.Has(other) {
				continue
			}
			if emptyMid {
				s := c.Or(d)
				s.Add(mid)
				h.addSemi(other, u, s, int16(mid))
			} else {
				h.addFull(other, u, c.Or(d))
			}
			list = h.full[h.pair(mid, u)] // addFull may have changed it
		}
	}
}

// touch records that pair p holds connections in this run.
func (h *HSearch) touch(p int) {
	if h.stamp[p] != h.run {
		h.stamp[p] = h.run
		h.touched = append(h.touched, int32(p))
	}
}

// addFull adds a full connection x–y with carrier c unless one with a
// subset of c is known, dropping those whose carrier holds c.
func (h *HSearch) addFull(x, y int, c Set) bool {
	p := h.pair(x, y)
	list := h.full[p]
	n := 0
	for i := range list {
		if list[i].Carrier.Within(&c) {
			return false
		}
	}
	for i := range list {
		if !c.Within(&list[i].Carrier) {
			list[n] = list[i]
			n++
		}
	}
	list = list[:n]
	if n >= h.limits.Full {
		// Keep the smallest carriers: replace the largest if c is smaller.
		worst, size := -1, c.Len()
		for i := range list {
			if l := list[i].Carrier.Len(); l > size {
				worst, size = i, l
			}
		}
		if worst < 0 {
			h.full[p] = list
			return false
		}
		list[worst] = Conn{Carrier: c, Key: -1}
	} else {
		h.touch(p)
		list = append(list, Conn{Carrier: c, Key: -1})
	}
	h.full[p] = list
	h.partners[x].Add(y)
	h.partners[y].Add(x)
	size := c.Len()
	for len(h.queue) <= size {
		h.queue = append(h.queue, nil)
	}
	h.queue[size] = append(h.queue[size], pending{int16(x), int16(y), c})
	h.queued++
	h.low = min(h.low, size)
	// Semi connections whose carrier holds c add nothing.
	semis := h.semi[p]
	n = 0
	for i := range semis {
		if !c.Within(&semis[i].Carrier) {
			semis[n] = semis[i]
			n++
		}
	}
	h.semi[p] = semis[:n]
	return true
}

// addSemi adds a semi connection x–y with carrier s and key unless a
// full or semi one with a subset of s is known, then applies the OR
// rule.
func (h *HSearch) addSemi(x, y int, s Set, key int16) {
	p := h.pair(x, y)
	for i := range h.full[p] {
		if h.full[p][i].Carrier.Within(&s) {
			return
		}
	}
	list := h.semi[p]
	for i := range list {
		if list[i].Carrier.Within(&s) {
			return
		}
	}
	n := 0
	for i := range list {
		if !s.Within(&list[i].Carrier) {
			list[n] = list[i]
			n++
		}
	}
	list = list[:n]
	if n >= h.limits.Semi {
		worst, size := -1, s.Len()
		for i := range list {
			if l := list[i].Carrier.Len(); l > size {
				worst, size = i, l
			}
		}
		if worst < 0 {
			h.semi[p] = list
			return
		}
		list[worst] = list[len(list)-1]
		list = list[:len(list)-1]
	}
	h.touch(p)
	list = append(list, Conn{Carrier: s, Key: key})
	h.semi[p] = list
	h.or(x, y, p)
}

// or applies the OR rule to the newest semi connection of pair p with
// the others: subsets of at most Limits.Ors of them, the newest
// included, whose carriers have no common cell; then to all of them.
func (h *HSearch) or(x, y, p int) {
	list := h.semi[p]
	h.orCombine(list)
	all, union := list[0].Carrier, list[0].Carrier
	for i := 1; i < len(list); i++ {
		all = all.And(list[i].Carrier)
		union = union.Or(list[i].Carrier)
	}
	if all.Empty() {
		h.orOut = append(h.orOut, union)
	}
	for _, c := range h.orOut {
		h.addFull(x, y, c)
	}
}

// orCombine sets h.orOut to the unions of the subsets of list that hold
// its last connection and at most Limits.Ors-1 others, taken in order,
// each leaving fewer common cells than before, and the last leaving none.
// Every carrier holds at least its key, so no single one is empty.
func (h *HSearch) orCombine(list []Conn) {
	last := len(list) - 1
	h.orOut = h.orOut[:0]
	// orTail lets orSubsets skip a branch that cannot reach an empty
	// intersection: one whose intersection meets every carrier left.
	h.orTail = slices.Grow(h.orTail[:0], last+1)[:last+1]
	h.orTail[last] = list[last].Carrier
	for i := last - 1; i >= 0; i-- {
		h.orTail[i] = h.orTail[i+1].And(list[i].Carrier)
	}
	h.orSubsets(list[:last], list[last].Carrier, list[last].Carrier, 0, 1)
}

// orSubsets adds to h.orOut the unions of the subsets of list[from:]
// of at most Limits.Ors-used connections that, with the connections
// already chosen (their common cells inter, their union union), have no
// cell in common.
func (h *HSearch) orSubsets(list []Conn, inter, union Set, from, used int) {
	for i := from; i < len(list); i++ {
		h.orSteps++
		if inter.Meets(&h.orTail[i]) && !h.noOrPrune {
			return // every carrier from i on holds a cell of inter
		}
		next := inter.And(list[i].Carrier)
		switch {
		case next.Empty():
			h.orOut = append(h.orOut, union.Or(list[i].Carrier))
		case used+1 < h.limits.Ors && !next.Equal(&inter): // progress
			h.orSubsets(list, next, union.Or(list[i].Carrier), i+1, used+1)
		}
	}
}
