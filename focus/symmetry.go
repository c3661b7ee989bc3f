package focus

import (
	"math/bits"
)

// numSymmetries is the number of symmetries of the board: the eight of
// the square, which the board with its corners cut keeps.
const numSymmetries = 8

// The eight are exactly the symmetries the rules keep (the package doc
// states the result; this is why). The board (the 8×8 grid less three
// squares at each corner) is mapped onto itself by each of the eight,
// and moves, drops and Nowak's jumps speak only of ranks, files and
// distances along them, which each maps to ranks, files and the same distances. Drops
// anywhere or restricted, the drop setup, the three-player first drop
// (any empty square), passes, the short game and the ply limit look at
// no square. The opening swap's rule (R-F4) does: seat 1 may not
// exchange the same two squares again, nor make the position symmetric
// again under a half turn with the colours exchanged. The images of
// seat 0's squares are the squares of the image of its swap, and the
// half turn commutes with each of the eight (it is the centre of the
// group), so a position is symmetric in R-F4's sense exactly when its
// image is: the rule is the same on the transformed board, and the
// eight are symmetries during both swaps too. (Had the rule spoken of
// the mirror a↔h, only the four symmetries that commute with that
// mirror would have been kept while seat 1 swaps.) The starts are
// mostly not symmetric (R-F1's is its own image only under the mirror
// a↔h; R-F5's and R-F6's under none): Transform of a start is the
// image of the start, play from which is the image of play from the
// start, and the position texts read such positions (see "Position
// text").

// Symmetries returns 8: the eight symmetries of the square, which every
// variant's rules keep in every phase (see the package doc).
func (p state) Symmetries() int {
	if p.seats == 0 {
		return 0
	}
	return numSymmetries
}

// Transform returns the position under symmetry k (see the package doc
// for which k is which): every stack moved to the image of its square,
// seat 0's opening swap with it, everything else kept, the hash that of
// the new board.
func (p Position) Transform(k int) Position {
	if k < 0 || k >= p.Symmetries() {
		return Position{}
	}
	if k > 0 {
		p.transform(k) // in place: a state returned and wrapped costs a copy
	}
	return p
}

// Transform returns the position under symmetry k (see the package doc
// for which k is which): every stack moved to the image of its square,
// everything else kept, the hash that of the new board.
func (p NowakPosition) Transform(k int) NowakPosition {
	if k < 0 || k >= p.Symmetries() {
		return NowakPosition{}
	}
	if k > 0 {
		p.transform(k)
	}
	return p
}

// transform applies symmetry k (1..7) to p in place. The hash is made
// anew, one key per stack and the keys of the rest, as computeHash makes
// it: fewer keys than taking each stack's key out and putting it back.
func (p *state) transform(k int) {
	sym := &symSquare[k&7]
	if p.phase == phaseSwap1 {
		a, b := sym[p.swapped>>6&63], sym[p.swapped&63]
		if b < a {
			a, b = b, a
		}
		p.swapped = uint16(a)<<6 | uint16(b)
	}
	h := p.stateHash()
	old := p.board
	p.board = [64]Stack{}
	for occupied := p.control[0] | p.control[1] | p.control[2] | p.control[3]; occupied != 0; occupied &= occupied - 1 {
		sq := bits.TrailingZeros64(occupied) & 63
		s := old[sq]
		to := sym[sq] & 63
		p.board[to] = s
		h ^= stackKey(to, s)
	}
	for c := range int(p.seats) & 7 {
		p.control[c&3] = transformBits(k, p.control[c&3])
	}
	p.tall = transformBits(k, p.tall)
	p.hash = h
}

// transformBits returns the bitboard x under symmetry k: first, for k&4,
// the reflection in the a1-h8 diagonal, then for k&2 the reversal of the
// ranks, then for k&1 that of the files.
func transformBits(k int, x uint64) uint64 {
	if k&4 != 0 {
		const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
		t := k4 & (x ^ x<<28)
		x ^= t ^ t>>28
		t = k2 & (x ^ x<<14)
		x ^= t ^ t>>14
		t = k1 & (x ^ x<<7)
		x ^= t ^ t>>7
	}
	if k&2 != 0 {
		x = bits.ReverseBytes64(x)
	}
	if k&1 != 0 {
		const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
		x = x>>1&k1 | x&k1<<1
		x = x>>2&k2 | x&k2<<2
		x = x>>4&k4 | x&k4<<4
	}
	return x
}

// TransformMove returns m under symmetry k: its squares mapped, its kind
// and colour kept (Pass stays Pass). It returns NoMove for k outside [0,
// Symmetries) and for a value ActionIndex refuses.
func (p Position) TransformMove(k int, m Move) Move {
	if p.actionIndex(m) < 0 {
		return NoMove
	}
	return p.transformMove(k, m)
}

// transformMove maps a move that the position's ActionIndex takes under
// symmetry k, or returns NoMove for k outside [0, Symmetries).
func (p *state) transformMove(k int, m Move) Move {
	if k < 0 || k >= p.Symmetries() {
		return NoMove
	}
	sym := &symSquare[k]
	switch m >> kindShift {
	case kindStack:
		return StackMove(sym[m.From()], sym[m.To()])
	case kindDrop:
		return Drop(sym[m.To()]) | m&(7<<12)
	case kindSwap:
		return SwapMove(sym[m.From()], sym[m.To()])
	case kindNowak:
		return NowakTurn(sym[m.NowakDrop()], sym[m.From()], sym[m.To()])
	}
	return m // Pass
}
