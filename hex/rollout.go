package hex

import (
	"github.com/tabletop-go/rules/internal/globalrand"
	"math/bits"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// Rollout finds the winner of a uniformly random game from p without
// playing it move by move: it fills every empty cell at random and looks
// for the winner once (fill-and-check).
//
// Why the distribution is exact: uniformly random play from p is the
// start of a uniformly random ordering of the empty cells, stones
// alternating from the colour to move. Continue that ordering past the
// first connection until the board is full: stones never disconnect
// anything, and a full board has exactly one connected colour (the Hex
// theorem, which holds on every rectangular board), so the colour
// connected on the full board is the colour that connected first. The
// colours the ordering gives the cells are all that matters, and they
// make a uniformly random set of ⌊e/2⌋ of the e empty cells for the
// colour not to move, the rest for the colour to move: Rollout draws
// exactly that, with ⌊e/2⌋ random numbers, and runs one flood fill.
//
// The pie rule changes who owns a colour, so Rollout plays it out
// exactly. At the start of a game with a swap rule, it plays the first
// stone (uniform among the e cells). While the swap is available (ply 1,
// e cells empty), uniformly random play picks it with probability
// 1/(e+1), and Rollout draws the same; the fill then goes on from the
// position after the swap, whose seats own the colours the swap gave
// them (swap-pieces also moves the stone). If no swap is drawn, the next
// cell is uniform among the e like every other, so filling from there
// is exact.
//
// maxPlies: a game from p lasts at most e plies (one more while a swap
// may come), so with a smaller bound (but not a negative one) the
// random game may be cut, which Rollout does not model: it reports ok
// false and the caller plays the game through the contract. The outcome
// is all Rollout reports when the game ends: end is p. With trace, it
// appends the first stone and the swap when it played them, then every
// stone of the fill, the colour to move's in reading order, then the
// other colour's, each with its seat.
func (p Position) Rollout(r *rand.Rand, maxPlies int, trace []rules.Played[Move]) (rules.Outcome, Position, []rules.Played[Move], bool) {
	r = globalrand.Or(r) // nil: the global generator
	if p.winner != Empty {
		return p.Outcome(), p, trace, true
	}
	rows := int(p.rows)
	mask := uint32(1)<<p.cols - 1
	e := 0
	for row := range rows {
		e += bits.OnesCount32(^(p.black[row] | p.white[row]) & mask)
	}
	// The swap is still to come at the start, available at ply 1.
	later := p.mode != SwapNone && p.swap == noSwap && p.ply == 0
	swap := p.swapAvailable()
	plies := e
	if later || swap {
		plies++
	}
	if e == 0 || maxPlies >= 0 && maxPlies < plies {
		return rules.Outcome{}, p, trace, false
	}
	start := p
	if later {
		// Play the first stone, uniform among the e cells; the swap is
		// then available or the stone has won (a board one row high).
		k := r.IntN(e)
		var m Move
		for row := range rows {
			w := ^(p.black[row] | p.white[row]) & mask
			if c := bits.OnesCount32(w); k >= c {
				k -= c
				continue
			}
			for range k {
				w &= w - 1
			}
			m = cell(bits.TrailingZeros32(w), row)
			break
		}
		if trace != nil {
			trace = append(trace, rules.Played[Move]{Move: m, Seat: p.ToMove()})
		}
		p = p.PlayUnchecked(m)
		if p.winner != Empty {
			return p.Outcome(), start, trace, true
		}
		e--
		swap = p.swapAvailable()
	}
	q := &p
	var swapped Position
	if swap && r.IntN(e+1) == e {
		if trace != nil {
			trace = append(trace, rules.Played[Move]{Move: Swap, Seat: p.ToMove()})
		}
		swapped = p.playSwap()
		q = &swapped
	}
	// The empty cells of q (as many as p's), as row<<5 | col.
	var cells [MaxSize * MaxSize]uint16
	var empty [MaxSize]uint32
	n := 0
	for row := range rows {
		empty[row] = ^(q.black[row] | q.white[row]) & mask
		for w := empty[row]; w != 0; w &= w - 1 {
			cells[n] = uint16(row<<5 | bits.TrailingZeros32(w))
			n++
		}
	}
	// A uniformly random ⌊e/2⌋ of them for the colour not to move, by a
	// partial Fisher–Yates shuffle; the colour to move gets the rest.
	var other [MaxSize]uint32
	h := halves{r: r}
	for i := range n / 2 {
		j := i + int(h.below(uint32(n-i)))
		c := cells[j]
		cells[j] = cells[i]
		other[c>>5] |= 1 << (c & 31)
	}
	mover := q.turn
	var black [MaxSize]uint32
	for row := range rows {
		if mover == Black {
			black[row] = q.black[row] | empty[row]&^other[row]
		} else {
			black[row] = q.black[row] | other[row]
		}
	}
	winner := White
	if blackConnects(&black, rows) {
		winner = Black
	}
	if trace != nil {
		trace = q.appendFill(trace, &empty, &other)
	}
	return rules.Win(2, Connection, q.SeatOf(winner)), start, trace, true
}

// appendFill appends the stones of a fill: the colour to move's (empty
// cells not in other) in reading order, then the other colour's.
func (q *Position) appendFill(trace []rules.Played[Move], empty, other *[MaxSize]uint32) []rules.Played[Move] {
	seat := q.SeatOf(q.turn)
	for row := range int(q.rows) {
		for w := empty[row] &^ other[row]; w != 0; w &= w - 1 {
			trace = append(trace, rules.Played[Move]{Move: cell(bits.TrailingZeros32(w), row), Seat: seat})
		}
	}
	seat = q.SeatOf(q.turn.Other())
	for row := range int(q.rows) {
		for w := other[row]; w != 0; w &= w - 1 {
			trace = append(trace, rules.Played[Move]{Move: cell(bits.TrailingZeros32(w), row), Seat: seat})
		}
	}
	return trace
}

// blackConnects reports whether the black stones join the top row to the
// bottom row of a board of rows rows: a flood fill from the top row that
// grows a frontier a row at a time (as spread does) and stops as soon as
// it reaches the bottom row.
func blackConnects(black *[MaxSize]uint32, rows int) bool {
	var reach, frontier [MaxSize]uint32
	reach[0] = black[0]
	frontier[0] = black[0]
	if reach[0] == 0 {
		return false
	}
	last := rows - 1
	if last == 0 {
		return true
	}
	pending := uint32(1)
	for pending != 0 {
		r := bits.TrailingZeros32(pending)
		pending &^= 1 << r
		f := frontier[r]
		frontier[r] = 0
		own := black[r] &^ reach[r]
		for grow := own & (f<<1 | f>>1); grow != 0; grow = own & (grow<<1 | grow>>1) {
			// Runs along the row: grow until nothing new is added.
			reach[r] |= grow
			f |= grow
			own &^= grow
		}
		if r > 0 {
			if grow := black[r-1] &^ reach[r-1] & (f | f<<1); grow != 0 {
				reach[r-1] |= grow
				frontier[r-1] |= grow
				pending |= 1 << (r - 1)
			}
		}
		if grow := black[r+1] &^ reach[r+1] & (f | f>>1); grow != 0 {
			if r+1 == last {
				return true
			}
			reach[r+1] |= grow
			frontier[r+1] |= grow
			pending |= 1 << (r + 1)
		}
	}
	return false
}

// halves draws bounded random numbers from 32-bit halves of the
// generator's 64-bit outputs, two numbers per call to the source
// (math/rand/v2 spends a whole 64-bit output on each bounded number).
type halves struct {
	r     *rand.Rand
	spare uint32
	has   bool
}

// below returns a uniformly random number in [0, n), 0 < n, exactly: by
// Lemire's multiply-and-reject method on 32 random bits.
func (h *halves) below(n uint32) uint32 {
	for {
		var x uint32
		if h.has {
			x, h.has = h.spare, false
		} else {
			v := h.r.Uint64()
			x, h.spare, h.has = uint32(v), uint32(v>>32), true
		}
		m := uint64(x) * uint64(n)
		if l := uint32(m); l < n && l < -n%n {
			continue // the rare draw that would bias the result
		}
		return uint32(m >> 32)
	}
}
