package testgame

import "github.com/tabletop-go/rules"

// This file is the game's part of the kit for search and learning.
//
// Actions: the square of file f and rank r on an N×N board is action
// r·N + f (NumActions N²); there is no chance. Observation: two planes of
// N×N, the seat's own pieces then the other seat's (1 where a piece
// stands). Symmetries: the eight of the square; k's bit 1 mirrors the
// files, bit 2 the ranks and bit 4 exchanges files and ranks, in that
// order.

// Ply returns the number of moves played.
func (p Position) Ply() int { return int(p.ply) }

// NumActions returns N², one action per square; 0 for the invalid value.
func (p Position) NumActions() int { return int(p.size) * int(p.size) }

// NumChanceActions returns 0: the game has no chance.
func (p Position) NumChanceActions() int { return 0 }

// ActionIndex returns r·N + f for the square of file f and rank r, or -1
// for a square off the board.
func (p Position) ActionIndex(m Move) int {
	if !p.onBoard(m) {
		return -1
	}
	return m.Rank()*int(p.size) + m.File()
}

// ActionMove returns the move of action i.
func (p Position) ActionMove(i int) (Move, bool) {
	n := int(p.size)
	if i < 0 || i >= n*n {
		return NoMove, false
	}
	return NewMove(i%n, i/n), true
}

// ChanceMove reports false: the game has no chance.
func (p Position) ChanceMove(int) (Move, bool) { return NoMove, false }

// ObservationShape returns 2 planes of N×N.
func (p Position) ObservationShape() (planes, rows, cols int) {
	if !p.IsValid() {
		return 0, 0, 0
	}
	return 2, int(p.size), int(p.size)
}

// AppendObservation appends seat's pieces, then the other seat's, rank
// by rank from rank 1, as 1 where a piece stands.
func (p Position) AppendObservation(buf []float32, seat rules.Player) []float32 {
	if !p.IsValid() || seat != 0 && seat != 1 {
		return buf
	}
	n := int(p.size)
	for _, owner := range [2]uint8{uint8(seat) + 1, 2 - uint8(seat)} {
		for r := range n {
			for f := range n {
				v := float32(0)
				if p.cells[NewMove(f, r)] == owner {
					v = 1
				}
				buf = append(buf, v)
			}
		}
	}
	return buf
}

// Symmetries returns 8, the symmetries of the square; 0 for the invalid
// value.
func (p Position) Symmetries() int {
	if !p.IsValid() {
		return 0
	}
	return 8
}

// Transform returns the position under symmetry k.
func (p Position) Transform(k int) Position {
	if !p.IsValid() || k < 0 || k >= 8 {
		return Position{}
	}
	q := Position{size: p.size, ply: p.ply, end: p.end, hash: keys.size[p.size]}
	for m := range Move(MaxMoves) {
		if c := p.cells[m]; c != 0 && p.onBoard(m) {
			t := p.TransformMove(k, m)
			q.cells[t] = c
			q.hash ^= keys.piece[t][c-1]
		}
	}
	return q
}

// TransformMove returns m under symmetry k, or NoMove.
func (p Position) TransformMove(k int, m Move) Move {
	if !p.onBoard(m) || k < 0 || k >= 8 {
		return NoMove
	}
	n := int(p.size)
	f, r := m.File(), m.Rank()
	if k&1 != 0 {
		f = n - 1 - f
	}
	if k&2 != 0 {
		r = n - 1 - r
	}
	if k&4 != 0 {
		f, r = r, f
	}
	return NewMove(f, r)
}
