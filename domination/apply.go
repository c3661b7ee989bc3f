package domination

import (
	"math/bits"

	"github.com/tabletop-go/rules"
)

func illegal(m Move, reason error) error {
	return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: reason}
}

// Legal returns nil if m is legal, or a *rules.MoveError saying why not:
// Kind rules.ErrIllegal with ErrNoSuchMove for NoMove at any node,
// rules.ErrGameOver after the end, rules.ErrWrongNode for a turn at a
// chance node (reason ErrDrawExpected) or a draw after the draw
// (ErrTurnExpected), or rules.ErrIllegal with another of this package's
// reasons.
func (p Position) Legal(m Move) error {
	if !p.valid() {
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrNoGame}
	}
	if m == NoMove {
		return illegal(m, ErrNoSuchMove)
	}
	who := p.ToMove()
	isDraw := m.IsDraw()
	switch {
	case who == rules.Terminal:
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	case !isDraw && !m.IsTurn():
		return illegal(m, ErrBadMove)
	case isDraw && who != rules.Chance:
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrWrongNode, Reason: ErrTurnExpected}
	case !isDraw && who == rules.Chance:
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrWrongNode, Reason: ErrDrawExpected}
	case isDraw:
		if p.pool>>m.Tile()&1 == 0 {
			return illegal(m, ErrNotInPool)
		}
		return nil
	}
	if p.isTurn(m) {
		return nil
	}
	return illegal(m, p.whyNot(m))
}

// isTurn reports whether m is one of the turns appendTurns lists: the
// same test, made for m's squares alone. Its first piece must land
// where the first number of a share of the tile takes it, and then the
// second where the other number does, with the first piece on its
// landing (and the square it left still counted as taken, as the
// generator counts it).
func (p *Position) isTurn(m Move) bool {
	if !m.IsTurn() {
		return false
	}
	f1, t1, f2, t2 := m.steps()
	mine := p.pieces[p.turn&1]
	if bits.OnesCount64(mine) != 2 || f1 == f2 || mine>>f1&1 == 0 || mine>>f2&1 == 0 {
		return false
	}
	occupied := p.pieces[0] | p.pieces[1] | p.dominoes
	splits, nsplits := p.splits()
	for _, split := range splits[:nsplits] {
		if reach(f1, split[0], occupied)>>t1&1 != 0 && reach(f2, split[1], occupied|1<<t1)>>t2&1 != 0 {
			return true
		}
	}
	return false
}

// whyNot explains why a turn missing from the generated list is illegal.
func (p *Position) whyNot(m Move) error {
	f1, t1, f2, t2 := m.Steps()
	mine := p.pieces[p.turn]
	if f1 == f2 || mine>>f1&1 == 0 || mine>>f2&1 == 0 {
		return ErrNotYourPieces
	}
	d1, ok1 := stepDistances(f1, t1)
	d2, ok2 := stepDistances(f2, t2)
	if !ok1 || !ok2 {
		return ErrNotALine
	}
	a, b := Tile(p.pending - 1).Numbers()
	da, db := distances(uint8(a)), distances(uint8(b))
	if d1&da != 0 && d2&db != 0 || d1&db != 0 && d2&da != 0 {
		return ErrBlocked
	}
	return ErrDistance
}

// stepDistances returns the distances (either way round the torus, as a
// bit set) of a straight step from f to t, or false if f and t are not
// on one rank or file.
func stepDistances(f, t Square) (uint8, bool) {
	var d int
	switch {
	case f == t:
		return 0, false
	case f.Rank() == t.Rank():
		d = (t.File() - f.File() + 8) % 8
	case f.File() == t.File():
		d = (t.Rank() - f.Rank() + 8) % 8
	default:
		return 0, false
	}
	return (1<<d | 1<<(8-d)) & 0b111_1110, true
}

// Play returns the position after m, or a *rules.MoveError if m is not
// legal. The receiver is unchanged.
func (p Position) Play(m Move) (Position, error) {
	if err := p.Legal(m); err != nil {
		return p, err
	}
	p.apply(m)
	return p, nil
}

// PlayUnchecked returns the position after m without checking legality:
// the fast path for moves from AppendMoves. An illegal move gives a
// meaningless position but never panics; NoMove, a draw of a tile not in
// the pool and a turn before the draw change nothing.
func (p Position) PlayUnchecked(m Move) Position {
	p.apply(m)
	return p
}

func (p *Position) apply(m Move) {
	if m&drawFlag != 0 {
		t := Tile(m & 31)
		if m&^(drawFlag|31) != 0 || t >= NumTiles || p.pool>>t&1 == 0 {
			return // no draw of a tile in the pool: never wrapped onto one
		}
		p.pool &^= 1 << t
		p.pending = uint8(t) + 1
		p.hash ^= zPending[t]
		// A seat that cannot use the tile loses at once.
		p.lost = !p.hasTurn()
		return
	}
	if p.pending == 0 {
		return // a turn with nothing drawn (or no game): nothing sensible to do
	}
	f1, t1, f2, t2 := m.steps()
	s := p.turn & 1
	tile := (p.pending - 1) % NumTiles
	p.pieces[s] &^= 1<<f1 | 1<<f2
	p.pieces[s] |= 1<<t1 | 1<<t2
	p.hash ^= zPiece[s][f1] ^ zPiece[s][t1] ^ zPiece[s][f2] ^ zPiece[s][t2]
	if p.tiles[f1] != 0 {
		p.hash ^= zDomino[f1][(p.tiles[f1]-1)%NumTiles]
	}
	p.dominoes |= 1 << f1
	p.tiles[f1] = tile + 1
	p.hash ^= zDomino[f1][tile] ^ zPending[tile] ^ zTurn
	p.pending = 0
	p.turn ^= 1
}
