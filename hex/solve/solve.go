package solve

import (
	"context"
	"errors"
	"unsafe"

	"github.com/tabletop-go/rules/hex/analysis"
)

// infinity is the proof or disproof number of a solved node's other
// side.
const infinity = 1 << 30

// Options configures a Solver. The zero value takes the defaults.
type Options struct {
	// TableBytes is the memory of the transposition table (default 64
	// MiB; at least one bucket).
	TableBytes int
	// MaxNodes stops a search after this many node expansions (0: no
	// limit but the context).
	MaxNodes int
	// Limits are the H-search limits (zero: its defaults).
	Limits analysis.Limits
	// NoFillIn turns off the fill-in of dead and captured cells.
	NoFillIn bool
	// NoTemplates keeps H-search to its AND and OR rules, without the
	// edge templates it adds as base connections.
	NoTemplates bool
	// NoVC turns off H-search: no early termination by virtual
	// connections and no must-play pruning.
	NoVC bool
	// Vulnerable prunes the mover's vulnerable cells (a cell an
	// opponent stone next to it would make useless) as long as their
	// killer stays among the moves.
	Vulnerable bool
	// Dominated prunes the mover's dominated cells (analysis.FindDominated:
	// a cell where its stone is never worth more than on a neighbour)
	// as long as a dominator stays among the moves.
	Dominated bool
}

// ErrBudget is returned when a search stopped at Options.MaxNodes or at
// the context's end before it solved the position.
var ErrBudget = errors.New("solve: stopped before the position was solved")

// Result is the value of a position for the player to move.
type Result struct {
	// Win reports whether the player to move wins.
	Win bool
	// Move is a winning cell when Win is set (-1 when the game is
	// already over); otherwise the cell the search found hardest to
	// refute, the most resistant losing move (-1 if none).
	Move int
	// Nodes is the number of nodes the search expanded.
	Nodes int
}

// entry is a transposition-table entry: a position's proof and disproof
// numbers for the player to move, its moves worth trying (after fill-in,
// must-play and inferior-cell pruning) and, once solved, its best move.
type entry struct {
	key    uint64
	pn, dn uint32
	work   uint32 // expansions below it: the replacement priority
	best   int16
	moves  analysis.Set
}

// Solver is a depth-first proof-number search (Nagai's df-pn, with the
// 1+ε trick of Pawlewicz and Lew for the disproof threshold) for Hex,
// with a transposition table, fill-in of dead and captured cells,
// early termination when H-search finds a winning connection for either
// side, and must-play pruning: when the opponent has semi connections
// between its sides, only the cells common to their carriers are
// tried. It is reused from search to search (the table keeps what it
// learnt) and is not safe for concurrent use. The zero Solver solves as
// New(Options{}) does.
type Solver struct {
	opts  Options
	table []entry
	mask  uint64
	hs    [2]*analysis.HSearch
	nodes int
	ctx   context.Context
	done  <-chan struct{}
	abort bool
	buf   [][]child
}

type child struct {
	cell   int16
	key    uint64
	pn, dn uint32
	order  int32
}

// New returns a solver with the given options.
func New(opts Options) *Solver {
	if opts.TableBytes <= 0 {
		opts.TableBytes = 64 << 20
	}
	n := 2 // one bucket of two entries at least (lookup reads both)
	for n*2*int(unsafe.Sizeof(entry{})) <= opts.TableBytes {
		n *= 2
	}
	s := &Solver{opts: opts, table: make([]entry, n), mask: uint64(n - 1),
		hs: [2]*analysis.HSearch{analysis.NewHSearch(opts.Limits), analysis.NewHSearch(opts.Limits)}}
	for _, h := range s.hs {
		h.Templates = !opts.NoTemplates
	}
	return s
}

// Clear empties the transposition table.
func (s *Solver) Clear() { clear(s.table) }

// Known reports what the table holds of board b's value for the player
// to move: ok when an earlier search proved it won (win) or lost and
// its entry is still in the table, and the end of the game's value on a
// finished board. It searches nothing, so it is cheap enough to ask of
// every move of a position a search gave up on: a search's table holds
// the positions after the moves it proved, keyed by the board after
// the mover's fill-in and the move (Solve fills in the boards it
// searches; fill b in first, with analysis.FillIn, before playing the
// move to ask about).
func (s *Solver) Known(b analysis.Board) (win, ok bool) {
	if b.Geometry() == nil {
		return false, false
	}
	if w, over := b.Winner(); over {
		return w == b.Turn(), true
	}
	if len(s.table) == 0 {
		return false, false
	}
	e := s.lookup(b.Key())
	if e == nil || e.pn != 0 && e.dn != 0 {
		return false, false
	}
	return e.pn == 0, true
}

// lookup returns the entry of key, or nil.
func (s *Solver) lookup(key uint64) *entry {
	i := key & s.mask &^ 1
	if s.table[i].key == key {
		return &s.table[i]
	}
	if s.table[i+1].key == key {
		return &s.table[i+1]
	}
	return nil
}

// store returns the slot for key: its own, or the bucket's entry with
// less work, which it takes over.
func (s *Solver) store(key uint64, work uint32) *entry {
	i := key & s.mask &^ 1
	a, b := &s.table[i], &s.table[i+1]
	switch {
	case a.key == key:
		return a
	case b.key == key:
		return b
	case b.work < a.work:
		a = b
	}
	*a = entry{key: key, work: work}
	return a
}

// Solve finds the value of board b for the player to move. It returns
// ErrBudget if the node budget or ctx ran out first.
func (s *Solver) Solve(ctx context.Context, b analysis.Board) (Result, error) {
	if b.Geometry() == nil {
		return Result{Move: -1}, errors.New("solve: the board is the zero analysis.Board, which has no geometry")
	}
	if len(s.table) == 0 { // a Solver not made by New: New's defaults
		*s = *New(s.opts)
	}
	s.nodes, s.abort, s.ctx, s.done = 0, false, ctx, ctx.Done()
	if w, over := b.Winner(); over {
		return Result{Win: w == b.Turn(), Move: -1}, nil
	}
	key := b.Key()
	for {
		e := s.mid(&b, key, infinity, infinity, 0)
		if e.pn == 0 || e.dn == 0 { // a proof, even one found on the last node the budget allowed
			return Result{Win: e.pn == 0, Move: int(e.best), Nodes: s.nodes}, nil
		}
		if s.abort {
			return Result{Nodes: s.nodes, Move: -1}, ErrBudget
		}
	}
}

// sat adds proof numbers, saturating at infinity.
func sat(a, b uint32) uint32 {
	if a+b >= infinity {
		return infinity
	}
	return a + b
}

// mid is df-pn's multiple iterative deepening at the node of board b
// (whose key is given): it searches below it until its proof number
// reaches thpn or its disproof number thdn, and returns its entry's
// numbers.
func (s *Solver) mid(b *analysis.Board, key uint64, thpn, thdn uint32, depth int) entry {
	e := s.lookup(key)
	if e == nil {
		ev := s.evaluate(b, key)
		if ev.pn == 0 || ev.dn == 0 {
			return ev
		}
		e = s.lookup(key)
		if e == nil {
			return ev // evicted at once: the table is tiny
		}
	}
	if e.pn == 0 || e.dn == 0 {
		return *e
	}
	start := s.nodes
	// The board the moves apply to: after fill-in.
	board := *b
	if !s.opts.NoFillIn {
		analysis.FillIn(&board, nil)
	}
	for len(s.buf) <= depth {
		s.buf = append(s.buf, nil)
	}
	kids := s.buf[depth][:0]
	moves := e.moves
	for cell := range moves.All() {
		next := board
		next.Play(cell)
		kids = append(kids, child{cell: int16(cell), key: next.Key(), order: order(&board, cell)})
	}
	s.buf[depth] = kids
	var pn, dn uint32
	best := -1
	for {
		// The children's numbers, for the player to move at each: the
		// node is won through a child its opponent loses (dn 0).
		pn, dn = infinity, 0
		best = -1
		for i := range kids {
			k := &kids[i]
			k.pn, k.dn = 1, 1
			if ce := s.lookup(k.key); ce != nil {
				k.pn, k.dn = ce.pn, ce.dn
			}
			dn = sat(dn, k.pn)
			if best < 0 || k.dn < kids[best].dn || k.dn == kids[best].dn && k.order > kids[best].order {
				best = i
			}
		}
		pn = kids[best].dn
		var dn2 uint32 = infinity
		for i := range kids {
			if i != best {
				dn2 = min(dn2, kids[i].dn)
			}
		}
		if pn == 0 {
			dn = infinity
		}
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || s.abort {
			break
		}
		k := &kids[best]
		cthpn := sat(thdn-dn, k.pn)
		cthdn := min(thpn, sat(dn2, dn2/4+1)) // 1+ε with ε = 1/4
		next := board
		next.Play(int(k.cell))
		s.mid(&next, k.key, cthpn, cthdn, depth+1)
		kids = s.buf[depth] // deeper calls may have grown s.buf
	}
	e = s.store(key, uint32(min(s.nodes-start, 1<<31)))
	e.pn, e.dn, e.moves = pn, dn, moves
	e.best = -1
	if best >= 0 {
		e.best = kids[best].cell
	}
	if dn == 0 {
		// Lost: the most resistant move is the one with the largest
		// proof number for the opponent... keep the one with the most
		// work: the best child's choice above is good enough.
		e.pn = infinity
	}
	return *e
}

// order ranks the moves of a node: cells near the board's centre first.
func order(b *analysis.Board, cell int) int32 {
	g := b.Geometry()
	cols, rows := g.Size()
	c, r := g.ColRow(cell)
	// Hex distance from the centre, doubled to stay integral.
	dc, dr := 2*c-(cols-1), 2*r-(rows-1)
	d := max(abs(dc), abs(dr), abs(dc+dr))
	return int32(-d)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// evaluate expands a new node: fill-in, the end of the game, H-search
// for both players, must-play and inferior-cell pruning. It stores and
// returns the node's entry.
func (s *Solver) evaluate(b *analysis.Board, key uint64) entry {
	s.nodes++
	if s.opts.MaxNodes > 0 && s.nodes >= s.opts.MaxNodes {
		s.abort = true
	}
	if s.done != nil { // every node: one costs H-search, milliseconds on 11×11
		select {
		case <-s.done:
			s.abort = true
		default:
		}
	}
	e := entry{key: key, pn: 1, dn: 1, best: -1}
	board := *b
	var inf analysis.Inferior
	if !s.opts.NoFillIn {
		analysis.FillIn(&board, &inf)
	}
	me := board.Turn()
	empty := board.EmptyCells()
	if w, over := board.Winner(); over {
		if w == me {
			e.pn, e.dn = 0, infinity
		} else {
			e.pn, e.dn = infinity, 0
		}
		e.best = int16(empty.First())
		return s.save(e)
	}
	moves := empty
	if !s.opts.NoVC {
		h := s.hs[me]
		h.Run(&board, me)
		if c, ok := h.Won(); ok {
			e.pn, e.dn, e.best = 0, infinity, int16(firstOf(c, empty))
			return s.save(e)
		}
		if semis := h.WinningSemis(); len(semis) > 0 {
			e.pn, e.dn, e.best = 0, infinity, semis[0].Key
			return s.save(e)
		}
		o := s.hs[me.Other()]
		o.Run(&board, me.Other())
		if _, ok := o.Won(); ok {
			e.pn, e.dn = infinity, 0
			e.best = int16(empty.First())
			return s.save(e)
		}
		if m, ok := o.MustPlay(); ok {
			moves = moves.And(m)
		}
	}
	if s.opts.Vulnerable && !s.opts.NoFillIn {
		for v := range moves.And(inf.Vulnerable[me]).All() {
			if k := int(inf.Killer[v]); moves.Has(k) && !inf.Vulnerable[me].Has(k) {
				moves.Remove(v)
			}
		}
	}
	if s.opts.Dominated {
		var dom analysis.Domination
		dom.Find(&board, me)
		moves = dom.Prune(moves)
	}
	if moves.Empty() {
		e.pn, e.dn = infinity, 0
		e.best = int16(empty.First())
		return s.save(e)
	}
	e.moves = moves
	e.pn, e.dn = 1, uint32(moves.Len())
	return s.save(e)
}

func (s *Solver) save(e entry) entry {
	slot := s.store(e.key, 0)
	*slot = e
	return e
}

// firstOf returns the first cell of c, or else of empty.
func firstOf(c, empty analysis.Set) int {
	if x := c.First(); x >= 0 {
		return x
	}
	return empty.First()
}
