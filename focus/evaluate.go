package focus

import (
	"math"
	"math/bits"

	"github.com/tabletop-go/rules"
)

// Evaluate estimates the position for seat in [-1, 1], for search cut-offs;
// ok is true for every position of a game. A seat loses when it controls no
// stack and has no reserve, so the estimate counts what keeps a seat alive
// and what it has taken for good: each controlled stack 1, each reserve
// piece 1.5, each piece captured 1. The difference d to the best other seat
// is squashed into (-1, 1) as d/(|d|+6). A finished game gives its return.
//
// With three or four seats outside the short game, the captures count
// here but decide nothing, so the hash leaves them out (see "What the
// hash covers"): two positions with one hash may evaluate differently
// when their captures differ. A transposition table that stores
// estimates keeps the first one it meets; the rules' values (moves,
// outcome) are the same for both.
//
// It is cheap enough to call at every node of a search: a popcount and a
// few additions per seat, computed in whole half-points (so the value is
// exactly the formula's), with no copy of the position.
func (p state) Evaluate(seat rules.Player) (value float64, ok bool) {
	if !p.IsValid() || !seat.IsSeat() || int(seat) >= p.Seats() {
		return 0, false
	}
	return p.evaluate(seat), true
}

func (p *state) evaluate(seat rules.Player) float64 {
	if p.terminal() {
		return p.decided().Return(seat)
	}
	if !seat.IsSeat() || int(seat) >= int(p.seats) {
		return 0
	}
	own := p.doubleScore(colour(seat))
	best := math.MinInt
	for s := range colour(p.seats) & 7 {
		if s != colour(seat) {
			best = max(best, p.doubleScore(s))
		}
	}
	// In half-points: d/(|d|+6) = 2d/(|2d|+12), exactly (scaling both by
	// two rounds the same).
	d := float64(own - best)
	return d / (math.Abs(d) + 12)
}

// doubleScore returns twice seat s's score: 2 per controlled stack, 3 per
// piece in its reserve, 2 per piece it has captured.
func (p *state) doubleScore(s colour) int {
	c := &p.captured[s&3]
	captured := int(c[0]) + int(c[1]) + int(c[2]) + int(c[3])
	return 2*(bits.OnesCount64(p.control[s&3])+captured) + 3*int(p.reserve[s&3])
}
