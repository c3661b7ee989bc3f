package focus

import (
	"math/bits"
	"slices"

	"github.com/tabletop-go/rules"
)

// Observation planes. Each plane is 8×8, row r being rank r+1 and column
// f file f, so that square sq's value in plane i is at i*64 + sq; the
// cut corners are 0 in every plane.

// ObservationShape returns the shape of the variant's observation:
// (planes, 8, 8), the planes as the package doc lists them.
func (p state) ObservationShape() (planes, rows, cols int) {
	if p.seats == 0 {
		return 0, 0, 0
	}
	return p.numPlanes(), 8, 8
}

// numPlanes returns the number of observation planes of the variant.
func (p *state) numPlanes() int {
	n := int(p.seats)
	planes := 8*n + 1 // layers, control, height, to move, reserves
	if p.variant&variantTeams != 0 {
		planes += n + 2 // partner reserves, passes
	}
	if n == 3 {
		planes += n // first-turn drops owed
	}
	if p.variant&variantShort != 0 {
		planes += n*(n-1) + n // captures by colour, gains
	}
	if p.variant&variantDropSetup != 0 {
		planes++
	}
	if p.variant&variantSwap != 0 {
		planes += 3
	}
	if p.plyLimit != 0 {
		planes++
	}
	return planes
}

// heightValue[h] is a stack's height as the height plane gives it: h/5.
var heightValue = [8]float32{0, 0.2, 0.4, 0.6, 0.8, 1, 1, 1}

// gainsScale divides the gains in the short game: the most a seat can
// have removed when the game ends (fewer than 10 before its last move,
// at most 5 by it).
const gainsScale = 14

// AppendObservation appends the position as seat sees it (the planes as
// the package doc lists them) to buf and returns the extended buffer. It
// appends nothing for a value that is not a seat of the game. With room
// for the observation in buf it does not allocate.
func (p state) AppendObservation(buf []float32, seat rules.Player) []float32 {
	return p.appendObservation(buf, seat)
}

func (p *state) appendObservation(buf []float32, seat rules.Player) []float32 {
	if !seat.IsSeat() || int(seat) >= int(p.seats) {
		return buf
	}
	n := int(p.seats)
	size := 64 * p.numPlanes()
	start := len(buf)
	buf = slices.Grow(buf, size)[:start+size]
	obs := buf[start:]
	clear(obs)
	// rel[c] is colour c's place in seat's view: seat first, then the
	// others in turn order.
	var rel [rules.MaxSeats]int
	for c := range n {
		rel[c] = c - int(seat)
		if rel[c] < 0 {
			rel[c] += n
		}
	}
	p.writeStacks(obs, &rel)
	plane := 6*n + 1
	fillCount(obs, plane+rel[p.turn&3], 1, 1)
	plane += n
	pieces := uint8(p.pieces())
	for c := range n {
		fillCount(obs, plane+rel[c], p.reserve[c], pieces)
	}
	plane += n
	p.writeRules(obs, plane, &rel, seat)
	return buf
}

// writeStacks writes the planes of the board into obs: each layer's and
// the control planes of each colour, in the places rel gives the colours,
// and the height plane.
func (p *state) writeStacks(obs []float32, rel *[rules.MaxSeats]int) {
	n := int(p.seats)
	// The planes of each layer, control and height.
	var layer [MaxHeight][rules.MaxSeats]*[64]float32 // each layer's plane of each colour
	var control [rules.MaxSeats]*[64]float32
	for c := range n {
		for l := range MaxHeight {
			layer[l][c] = plane64(obs, l*n+rel[c])
		}
		control[c] = plane64(obs, 5*n+rel[c])
	}
	height := plane64(obs, 6*n)
	// Stack by stack, colour by colour (a stack's colour is its top
	// piece's: its control plane needs no decoding).
	for c := range n {
		bottom, top := layer[0][c], control[c]
		// Single pieces, most stacks in a game: layer 0 and height 1/5.
		for single := p.control[c] &^ p.tall; single != 0; single &= single - 1 {
			sq := bits.TrailingZeros64(single) & 63
			bottom[sq], top[sq], height[sq] = 1, 1, heightValue[1]
		}
		// Taller stacks: the five layers (a layer above the top writes 0
		// where colour 0's plane has it, which is 0 anyway: no branch per
		// piece).
		for tall := p.control[c] & p.tall; tall != 0; tall &= tall - 1 {
			sq := bits.TrailingZeros64(tall) & 63
			s := p.board[sq]
			h := s.Height() & 7
			on := &layerOn[h]
			layer[0][s&3][sq] = on[0]
			layer[1][s>>2&3][sq] = on[1]
			layer[2][s>>4&3][sq] = on[2]
			layer[3][s>>6&3][sq] = on[3]
			layer[4][s>>8&3][sq] = on[4]
			top[sq] = 1
			height[sq] = heightValue[h]
		}
	}
}

// writeRules writes the planes of the variant's rules from plane on:
// the teams' reserves and passes, the first-turn drops owed, the short
// game's captures and gains, the setup and swap phases and the ply limit.
func (p *state) writeRules(obs []float32, plane int, rel *[rules.MaxSeats]int, seat rules.Player) {
	n := int(p.seats)
	if p.variant&variantTeams != 0 {
		for c := range n {
			fillCount(obs, plane+rel[c], p.partner[c], 13)
		}
		plane += n
		team := seat & 1
		fillCount(obs, plane, p.passed>>team&1, 1)
		fillCount(obs, plane+1, p.passed>>(team^1)&1, 1)
		plane += 2
	}
	if n == 3 {
		for c := range n {
			fillCount(obs, plane+rel[c], p.first>>c&1, 1)
		}
		plane += n
	}
	if p.variant&variantShort != 0 {
		for by := range n {
			for c := range n {
				if c == by {
					continue
				}
				// Colour c's place in seat's view, by's skipped.
				i := rel[c]
				if i > rel[by] {
					i--
				}
				fillCount(obs, plane+rel[by]*(n-1)+i, p.captured[by][c], 13)
			}
		}
		plane += n * (n - 1)
		for c := range n {
			fillCount(obs, plane+rel[c], p.gains[c], gainsScale)
		}
		plane += n
	}
	if p.variant&variantDropSetup != 0 {
		if p.phase == phaseSetup {
			fillCount(obs, plane, 1, 1)
		}
		plane++
	}
	if p.variant&variantSwap != 0 {
		switch p.phase {
		case phaseSwap0:
			fillCount(obs, plane, 1, 1)
		case phaseSwap1:
			fillCount(obs, plane+1, 1, 1)
			obs[64*(plane+2)+int(p.swapped>>6&63)] = 1
			obs[64*(plane+2)+int(p.swapped&63)] = 1
		}
		plane += 3
	}
	if p.plyLimit != 0 {
		fill(obs[64*plane:64*plane+64], 1/float32(p.plyLimit-min(p.ply, p.plyLimit)+1))
	}
}

// plane64 returns plane i of obs.
func plane64(obs []float32, i int) *[64]float32 { return (*[64]float32)(obs[64*i : 64*i+64]) }

// layerOn[h][l] is 1 if a stack of height h has layer l, else 0.
var layerOn = func() (t [8][MaxHeight]float32) {
	for h := range t {
		for l := range min(h, MaxHeight) {
			t[h][l] = 1
		}
	}
	return t
}()

// countPlanes[den][k] is a plane of k/den on the squares of the board
// (0 on the cut corners), for the counts the observation scales (den 1,
// 13, 14 and 18), copied whole into place: far faster than storing 64
// values one by one.
var countPlanes = func() (t [PiecesPerSeat + 1][][64]float32) {
	for _, den := range []int{1, 13, gainsScale, PiecesPerSeat} {
		t[den] = make([][64]float32, den+1)
		for k := range den + 1 {
			fill(t[den][k][:], float32(k)/float32(den))
		}
	}
	return t
}()

// fillCount sets plane i of obs to k/den (den 1, 13, 14 or 18) on the
// squares of the board, unless k is 0: the planes start cleared.
func fillCount(obs []float32, i int, k, den uint8) {
	if k == 0 {
		return
	}
	plane := obs[64*i : 64*i+64]
	if t := countPlanes[den%(PiecesPerSeat+1)]; int(k) < len(t) {
		copy(plane, t[k][:])
		return
	}
	fill(plane, float32(k)/float32(den)) // not in play: a count past its bound
}

// fill sets plane to v on the squares of the board, 0 on the cut corners.
func fill(plane []float32, v float32) {
	for i := range plane {
		plane[i] = v * float32(onBoard>>(i&63)&1)
	}
}
