package rules

// Perft counts the leaf nodes of the game tree depth plies below p: every
// legal move and every chance outcome is a branch, and a game that ends
// before depth contributes nothing. Perft(p, 0) is 1. The last ply is
// counted from the length of the generated list, without applying it.
//
// Its memory grows with the plies the search reaches, not with depth: a
// depth beyond the end of every game costs nothing more.
func Perft[P Position[P, M], M Move](p P, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var bufs [][]M // a move buffer per ply, made when the search first gets there
	return perft(p, depth, 0, &bufs)
}

func perft[P Position[P, M], M Move](p P, depth, ply int, bufs *[][]M) uint64 {
	if ply == len(*bufs) {
		*bufs = append(*bufs, nil)
	}
	moves := p.AppendMoves((*bufs)[ply][:0])
	(*bufs)[ply] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += perft(p.PlayUnchecked(m), depth-1, ply+1, bufs)
	}
	return n
}

// DivideEntry is one line of Divide: a move and the perft count below it.
type DivideEntry[M Move] struct {
	Move  M
	Nodes uint64
}

// Divide returns, for each legal move (or chance outcome) of p in
// canonical order, the perft count depth-1 plies below it. The counts sum
// to Perft(p, depth). It is the standard tool for finding where two move
// generators disagree.
func Divide[P Position[P, M], M Move](p P, depth int) []DivideEntry[M] {
	if depth <= 0 {
		return nil
	}
	moves := p.AppendMoves(nil)
	out := make([]DivideEntry[M], 0, len(moves))
	for _, m := range moves {
		out = append(out, DivideEntry[M]{Move: m, Nodes: Perft(p.PlayUnchecked(m), depth-1)})
	}
	return out
}
