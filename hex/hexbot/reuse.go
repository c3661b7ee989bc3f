package hexbot

import "github.com/tabletop-go/rules/hex/analysis"

// Tree reuse. When the board of a search is the board of the bot's last
// search with the bot's move and one opponent stone added, each worker
// starts from what its last tree learnt under those two moves, rather
// than from nothing. An eighth of a worker's nodes are set aside for
// this: the subtree is copied there breadth first (its upper levels
// first, each level in the order of the cells), as much of it as fits,
// and copied back as the new tree.

// previous is what a search leaves for the next move's: the board it was
// given (before fill-in) and the cell the bot chose.
type previous struct {
	board analysis.Board
	move  int
	ok    bool
}

// reply returns the opponent's stone when board is the last search's
// board with the bot's move and one opponent stone added; ok is false
// otherwise (another game, a move taken back, a swap, or no last search).
func (b *Bot) reply(board *analysis.Board) (cell int, ok bool) {
	p := &b.prev
	if !p.ok {
		return -1, false
	}
	lc, lr := p.board.Geometry().Size()
	cols, rows := board.Geometry().Size()
	me := board.Turn()
	if cols != lc || rows != lr || me != p.board.Turn() {
		return -1, false
	}
	mine := p.board.Stones(me)
	mine.Add(p.move)
	if now := board.Stones(me); !now.Equal(&mine) {
		return -1, false
	}
	theirs, now := p.board.Stones(me.Other()), board.Stones(me.Other())
	added := now.AndNot(theirs)
	if !theirs.Within(&now) || added.Len() != 1 {
		return -1, false
	}
	return added.First(), true
}

// keepShare is the share of a worker's nodes set aside for tree reuse:
// one node in keepShare.
const keepShare = 8

// reuse roots the tree at board root with children cands, as reset does,
// but keeps the statistics and proofs of the subtree that the worker's
// last search grew under its root's children mine and then reply. The
// new root's children are exactly cands, in increasing order: those the
// subtree has keep their subtrees, the others start fresh. Nodes whose
// move is no longer an empty cell of root (filled in since) are left
// out with their subtrees; a node whose children do not fit is kept
// unexpanded. It returns the playouts kept, and false, leaving the tree
// as it was, when there is no such subtree or when root has an empty
// cell that the subtree's board had filled (at the last root, or by the
// fill-in of the node of mine or of reply).
func (w *worker) reuse(root analysis.Board, cands analysis.Set, mine, reply int) (int, bool) {
	n := cands.Len()
	if len(w.nodes) == 0 || n+1 > w.keepMax || n > 1<<15-1 {
		return 0, false
	}
	from := w.child(0, mine)
	var pathFill analysis.Set // the cells the two nodes' fill-ins took
	if from >= 0 {
		pathFill = w.fillCells(from)
		from = w.child(from, reply)
	}
	if from < 0 || w.nodes[from].kids <= 0 {
		return 0, false
	}
	pathFill = pathFill.Or(w.fillCells(from))
	// The subtree's board: the last root with the two moves.
	base := w.root
	me := base.Turn()
	base.Put(mine, me)
	base.Put(reply, me.Other())
	for c := range analysis.Color(2) {
		if stones, now := base.Stones(c), root.Stones(c); !stones.Within(&now) {
			return 0, false
		}
	}
	// The subtree grew on a board with the path's fill-ins on it too:
	// a cell they took that is empty on root has no node below.
	if !pathFill.And(root.EmptyCells()).Empty() {
		return 0, false
	}
	filled := base.EmptyCells().AndNot(root.EmptyCells())
	if w.keep == nil {
		w.keep = make([]node, 0, w.keepMax)
	}
	keep := append(w.keep[:0], node{move: int16(reply), kids: int16(n), first: 1})
	// The root's children. A copied node keeps its old first and kids
	// until the loop below reaches it.
	old := w.nodes[from]
	kids := w.nodes[old.first : old.first+int32(old.kids)]
	j, kept := 0, 0
	for cell := range cands.All() {
		for j < len(kids) && int(kids[j].move) < cell {
			j++
		}
		if j < len(kids) && int(kids[j].move) == cell {
			k := kids[j]
			k.pruned = false // the root's own analysis chose cands
			keep = append(keep, k)
			kept += int(k.hits)
			continue
		}
		v := prior(&root, cell, reply)
		keep = append(keep, node{move: int16(cell), kids: -1, visits: priorVisits, wins: float32(v * priorVisits)})
	}
	keep[0].hits = uint32(kept)
	// Breadth first: each copied node's children after the nodes before.
	for i := 1; i < len(keep); i++ {
		nd := &keep[i]
		if nd.kids <= 0 {
			continue
		}
		kids := w.nodes[nd.first : nd.first+int32(nd.kids)]
		count := 0
		for k := range kids {
			if !filled.Has(int(kids[k].move)) {
				count++
			}
		}
		if count == 0 || len(keep)+count > cap(keep) {
			nd.kids, nd.know, nd.fill = -1, false, 0 // grown again, knowledge anew
			continue
		}
		nd.first, nd.kids = int32(len(keep)), int16(count)
		for k := range kids {
			if !filled.Has(int(kids[k].move)) {
				keep = append(keep, kids[k])
			}
		}
	}
	// The kept nodes' filled-in stones, in the order of the nodes; the
	// others' are let go.
	fills := w.spareFills[:0]
	for i := range keep {
		if f := keep[i].fill; f > 0 {
			fills = append(fills, w.fills[f-1])
			keep[i].fill = int32(len(fills))
		}
	}
	w.fills, w.spareFills = fills, w.fills
	w.keep = keep
	w.nodes = w.nodes[:0]
	w.room(len(keep))
	w.nodes = append(w.nodes, keep...)
	w.root, w.cands, w.own = root, cands, mine
	// The root's children anew: those the old tree had got their
	// priors on a board before mine and reply, the others none.
	if w.learnedPriors(0, &w.root, reply) {
		w.setPriors(w.nodes[1 : 1+n])
	}
	return kept, true
}

// fillCells returns the cells node i's fill-in took, of either colour.
func (w *worker) fillCells(i int32) analysis.Set {
	if f := w.nodes[i].fill; f > 0 {
		return w.fills[f-1][analysis.Black].Or(w.fills[f-1][analysis.White])
	}
	return analysis.Set{}
}

// child returns the index of node i's child of move cell, or -1.
func (w *worker) child(i int32, cell int) int32 {
	nd := &w.nodes[i]
	if nd.kids <= 0 {
		return -1
	}
	for k := nd.first; k < nd.first+int32(nd.kids); k++ {
		if int(w.nodes[k].move) == cell {
			return k
		}
	}
	return -1
}
