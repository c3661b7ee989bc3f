package focus

import (
	"math"
	"math/bits"

	"github.com/tabletop-go/rules"
)

// Evaluate estimates the position for seat in [-1, 1], for search
// cut-offs; ok is true for every position of a game. A seat loses when it controls no stack and has no
// reserve, so the estimate counts what keeps a seat alive and what it has
// taken for good: each controlled stack 1, each reserve piece 1.5, each
// piece captured 1. The difference to the best other seat is squashed
// into (-1, 1). A finished game gives its return. The invalid value
// gives (0, false).
func (p Position) Evaluate(seat rules.Player) (value float64, ok bool) {
	if !p.IsValid() {
		return 0, false
	}
	return p.evaluate(seat), true
}

func (p *Position) evaluate(seat rules.Player) float64 {
	if o := p.Outcome(); o.Over() {
		return o.Return(seat)
	}
	if !seat.IsSeat() || int(seat) >= int(p.seats) {
		return 0
	}
	var score [rules.MaxSeats]float64
	for s := range int(p.seats) {
		score[s] = float64(bits.OnesCount64(p.control[s])) + 1.5*float64(p.reserve[s]) +
			float64(p.Captured(rules.Player(s)))
	}
	best := math.Inf(-1)
	for s := range int(p.seats) {
		if s != int(seat) && score[s] > best {
			best = score[s]
		}
	}
	d := score[seat] - best
	return d / (math.Abs(d) + 6)
}
