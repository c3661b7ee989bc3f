package focus

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// evaluateFormula is Evaluate as it was before it went to half-points
// (verbatim), in floating point: each controlled stack 1, each reserve
// piece 1.5, each captured piece 1; the difference d to the best other
// seat as d/(|d|+6); a finished game's return.
func evaluateFormula(p *state, seat rules.Player) float64 {
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

// TestEvaluateIsExactlyTheFormula: the cheap Evaluate (integer
// half-points) returns the very float64 of the documented formula, bit for
// bit, at every position of random games of every variant, for every
// seat: the bots that use it see no change.
func TestEvaluateIsExactlyTheFormula(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	buf := make([]Move, 0, MaxMoves)
	for _, spec := range kitSpecs {
		forStart(t, spec, func(t *testing.T, p Position) { evaluateGames(t, r, buf, p) },
			func(t *testing.T, p NowakPosition) { evaluateGames(t, r, buf, p) })
	}
}

// evaluateGames checks Evaluate against the formula in six random games
// from start.
func evaluateGames[P anyPosition[P]](t *testing.T, r *rand.Rand, buf []Move, start P) {
	require.True(t, start.IsValid())
	for range 6 {
		p := start
		for ply := 0; ply < 400; ply++ {
			for s := range rules.Player(5) {
				got, ok := p.Evaluate(s)
				if int(s) >= p.Seats() {
					if ok {
						t.Fatalf("%s: Evaluate(%v) = %v for no seat of the game", p.Spec(), s, got)
					}
					continue
				}
				st := p.core()
				if want := evaluateFormula(&st, s); !ok || math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("%s: Evaluate(%v) = %v, the formula gives %v: %s", p.Spec(), s, got, want, p)
				}
			}
			buf = p.AppendMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			p = p.PlayUnchecked(buf[r.IntN(len(buf))])
		}
	}
}

// BenchmarkEvaluateFormula: the formula as Evaluate computed it before
// it went to half-points, beside BenchmarkEvaluate.
func BenchmarkEvaluateFormula(b *testing.B) {
	ps, _ := kitMidgame()
	i := 0
	var sink float64
	for b.Loop() {
		sink += evaluateFormula(&ps[i%len(ps)].state, rules.Player(i&1))
		i++
	}
	_ = sink
}
