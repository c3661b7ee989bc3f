package patterns

import (
	"fmt"

	"github.com/tabletop-go/rules/hex"
)

// This file gives the small patterns as a table indexed by what a cell's
// six neighbours hold, for a playout policy that keeps each cell's
// neighbours as a number and updates it in a few steps a move.

// RingCodes is the number of ring codes (see RingWeights): six digits
// of base 6.
const RingCodes = 6 * 6 * 6 * 6 * 6 * 6

// What a digit of a ring code says of a neighbour.
const (
	RingEmpty     = 0 // an empty cell
	RingBlack     = 1 // a Black stone
	RingWhite     = 2 // a White stone
	RingOffBlack  = 3 // off the board above the top row or below the bottom one (Black's sides)
	RingOffWhite  = 4 // off the board left of the first column or right of the last (White's)
	RingOffCorner = 5 // off the board beyond a row and a column side at once
)

// ringDirs are a ring code's neighbours, (column, row) offsets in
// angular order: right, up-right, up-left, left, down-left, down-right.
var ringDirs = [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// RingWeights sets w[code], for every ring code, to the weight the
// model's small patterns give a move by mover at a cell whose six
// neighbours hold what code says: digit k (the k-th base-6 digit,
// k = 0 the lowest) describes the neighbour in direction k of right,
// up-right, up-left, left, down-left, down-right (column and row
// offsets (1,0), (1,-1), (0,-1), (-1,0), (-1,1), (0,1)) with one of the
// Ring constants. A small pattern the model does not know gets the
// unknown pattern's weight. The large patterns, the distances to the
// last stones (see NearWeights) and any path classes are left out, which
// is what lets a
// playout keep every cell's weight up to date as stones fall: a stone
// changes one digit of each of its neighbours' codes. Codes that no
// board has (two sides in one direction, say) get a weight all the same.
// w has RingCodes entries; another length is an error, and so (ErrBoard)
// is a mover that is no colour.
func (m *Model) RingWeights(w []float32, mover hex.Color) error {
	if len(w) != RingCodes {
		return fmt.Errorf("patterns: RingWeights takes %d weights (RingCodes), not %d", RingCodes, len(w))
	}
	if mover != hex.Black && mover != hex.White {
		return fmt.Errorf("%w: mover %v is no colour", ErrBoard, mover)
	}
	m = m.made()
	// frameOf[k] is the pattern cell (an index into offsets) that
	// neighbour k becomes in the mover's frame, turned for White.
	var frameOf [Small]int
	for k, d := range ringDirs {
		dx, dy := d[0], d[1]
		if mover == hex.White {
			dx, dy = dy, dx
		}
		for j := range Small {
			if offsets[j].dx == dx && offsets[j].dy == dy {
				frameOf[k] = j
			}
		}
	}
	var digit [6]uint8 // a ring digit as a pattern digit, seen by mover
	digit[RingEmpty] = empty
	digit[RingBlack], digit[RingWhite] = own, opp
	digit[RingOffBlack], digit[RingOffWhite] = ownEdge, oppEdge
	if mover == hex.White {
		digit[RingBlack], digit[RingWhite] = opp, own
		digit[RingOffBlack], digit[RingOffWhite] = oppEdge, ownEdge
	}
	digit[RingOffCorner] = oppEdge // as the frame sees a corner, for either mover
	for code := range RingCodes {
		var d [Small]uint8
		c := code
		for k := range Small {
			d[frameOf[k]] = digit[c%6]
			c /= 6
		}
		var a, b uint64
		for k := Small - 1; k >= 0; k-- {
			a = a*5 + uint64(d[k])
			b = b*5 + uint64(d[half[k]])
		}
		w[code] = m.gamma[m.ids[min(a, b)]] // a missing key is id 0, the unknown pattern
	}
	return nil
}

// NearWeights returns the weights of the distance features: [0][d-1]
// for a cell at distance d of the opponent's last stone, [1][d-1] of
// the mover's own last stone, d = 3 standing for 3 or more and for no
// such stone.
func (m *Model) NearWeights() [2][3]float32 { return m.made().near }
