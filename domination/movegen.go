package domination

import (
	"math/bits"
	"slices"

	"github.com/tabletop-go/rules"
)

// MaxMoves bounds the moves of any position: a piece can land on at most
// the 14 other squares of its rank and file, so a turn has 2 choices of
// first piece and at most 14 × 14 landing pairs: 392. A chance node has
// at most 28 outcomes.
const MaxMoves = 2 * 14 * 14

// MaxMoves returns MaxMoves, since the bound holds for every position.
func (p Position) MaxMoves() int {
	if !p.valid() {
		return 0
	}
	return MaxMoves
}

// Evaluate reports ok false: Domination has no evaluation (its random
// games end when the pool runs out).
func (p Position) Evaluate(rules.Player) (value float64, ok bool) { return 0, false }

// AppendMoves appends the legal moves in canonical order and returns the
// extended buffer: at a chance node the draws, by tile; after a draw the
// complete legal turns, each resulting turn once, by first origin, first
// destination and then second destination. With spare capacity for
// MaxMoves it never allocates.
func (p Position) AppendMoves(buf []Move) []Move {
	switch p.ToMove() {
	case rules.Terminal:
		return buf
	case rules.Chance:
		for b := uint64(p.pool); b != 0; {
			buf = append(buf, draw(Tile(popSquare(&b))))
		}
		return buf
	}
	return p.appendTurns(buf)
}

// AppendChances appends, at a chance node, each tile in the pool with
// probability 1/k for a pool of k tiles.
func (p Position) AppendChances(buf []rules.ChanceOutcome[Move]) []rules.ChanceOutcome[Move] {
	if p.ToMove() != rules.Chance {
		return buf
	}
	prob := rules.Prob{Num: 1, Den: uint64(p.PoolSize())}
	for b := uint64(p.pool); b != 0; {
		buf = append(buf, rules.ChanceOutcome[Move]{Move: draw(Tile(popSquare(&b))), Prob: prob})
	}
	return buf
}

// appendTurns appends the legal turns for the pending tile.
//
// For each choice of first piece (in square order) and each way to split
// the tile's numbers between the pieces, the first piece's landings come
// from the precomputed rays; for each landing, the second piece's
// landings are found with the first piece's origin (now the domino) and
// its landing blocked. The landing pairs are gathered per first landing,
// so the turns come out sorted and unique without sorting.
func (p *Position) appendTurns(buf []Move) []Move {
	if cap(buf)-len(buf) < MaxMoves {
		buf = slices.Grow(buf, MaxMoves)
	}
	splits, nsplits := p.splits()
	mine := p.pieces[p.turn&1]
	if bits.OnesCount64(mine) != 2 {
		return buf // not a reachable position
	}
	occupied := p.pieces[0] | p.pieces[1] | p.dominoes
	first, second := popSquare(&mine), popSquare(&mine)
	for range 2 {
		var seconds [64]uint64 // first landing -> second landings
		var firsts uint64
		for _, split := range splits[:nsplits] {
			// The second piece's landings change only when the first
			// lands in its sight: compute them once for the others.
			unblocked := reach(second, split[1], occupied)
			for l1 := reach(first, split[0], occupied); l1 != 0; {
				t1 := popSquare(&l1)
				l2 := unblocked
				if sight[second]>>t1&1 != 0 {
					l2 = reach(second, split[1], occupied|1<<t1)
				}
				if l2 != 0 {
					seconds[t1] |= l2
					firsts |= 1 << t1
				}
			}
		}
		for firsts != 0 {
			t1 := popSquare(&firsts)
			for l2 := seconds[t1]; l2 != 0; {
				buf = append(buf, turn(first, t1, second, popSquare(&l2)))
			}
		}
		first, second = second, first
	}
	return buf
}

// splits returns the ways to share the pending tile's numbers between the
// first and the second piece, as (first distances, second distances).
func (p *Position) splits() (splits [2][2]uint8, n int) {
	a, b := Tile(p.pending - 1).Numbers()
	splits[0] = [2]uint8{distances(uint8(a)), distances(uint8(b))}
	if a == b {
		return splits, 1
	}
	splits[1] = [2]uint8{distances(uint8(b)), distances(uint8(a))}
	return splits, 2
}

// hasTurn reports whether the pending tile allows any turn at all.
func (p *Position) hasTurn() bool {
	splits, nsplits := p.splits()
	mine := p.pieces[p.turn&1]
	if bits.OnesCount64(mine) != 2 {
		return false
	}
	occupied := p.pieces[0] | p.pieces[1] | p.dominoes
	first, second := popSquare(&mine), popSquare(&mine)
	for range 2 {
		for _, split := range splits[:nsplits] {
			for l1 := reach(first, split[0], occupied); l1 != 0; {
				if reach(second, split[1], occupied|1<<popSquare(&l1)) != 0 {
					return true
				}
			}
		}
		first, second = second, first
	}
	return false
}
