package explocus

import (
	"math/bits"

	"github.com/tabletop-go/rules"
)

// Evaluate estimates the position for seat in [-1, 1] (part of the kit,
// rules.KitMethods), for search cut-offs: each man counts 1 and each
// column ½ (columns are mobility); the difference is squashed into
// (-1, 1). A finished game gives its return.
func (p state) Evaluate(seat rules.Player) (value float64, ok bool) {
	if !p.valid() || seat != 0 && seat != 1 {
		return 0, false
	}
	return p.evaluate(seat), true
}

func (p *state) evaluate(seat rules.Player) float64 {
	if o := p.Outcome(); o.Over() {
		return o.Return(seat)
	}
	if seat != 0 && seat != 1 {
		return 0
	}
	var score [2]float64
	for c := range 2 {
		score[c] = float64(p.men[c])
		for r := range int(p.rows) {
			score[c] += 0.5 * float64(bits.OnesCount32(p.own[c][r]))
		}
	}
	d := score[seat] - score[1-seat]
	if d < 0 {
		return d / (8 - d)
	}
	return d / (d + 8)
}
