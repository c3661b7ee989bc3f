package hexbot

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/hex/analysis"
)

// TestSelectionWeightsTakeTheirDefaults: the zero value, NaN and the
// infinities take each weight's default; PatternBias takes it for
// negative values too, while a negative Exploration or RaveVisits is
// kept (it turns the term off).
func TestSelectionWeightsTakeTheirDefaults(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, x := range []float64{0, nan, inf, -inf} {
		o := New(Options{PatternBias: x, Exploration: x, RaveVisits: x}).opts
		assert.Equal(t, DefaultPatternBias, o.PatternBias, "PatternBias %v", x)
		assert.Equal(t, DefaultExploration, o.Exploration, "Exploration %v", x)
		assert.Equal(t, DefaultRaveVisits, o.RaveVisits, "RaveVisits %v", x)
	}
	o := New(Options{PatternBias: -1, Exploration: -1, RaveVisits: -1}).opts
	assert.Equal(t, DefaultPatternBias, o.PatternBias)
	assert.Equal(t, -1.0, o.Exploration)
	assert.Equal(t, -1.0, o.RaveVisits)
	o = New(Options{PatternBias: 0.5, Exploration: 0.25, RaveVisits: 800}).opts
	assert.Equal(t, Options{PatternBias: 0.5, Exploration: 0.25, RaveVisits: 800},
		Options{PatternBias: o.PatternBias, Exploration: o.Exploration, RaveVisits: o.RaveVisits})
}

// rootVisits runs a seeded search of 3,000 playouts on a 7×7 board with
// three stones and returns its root children's visits.
func rootVisits(t *testing.T, opts Options) []float32 {
	t.Helper()
	g, err := analysis.NewGeometry(7, 7)
	require.NoError(t, err)
	b := analysis.NewBoard(g, analysis.Black)
	for _, cr := range [][2]int{{3, 3}, {2, 4}, {4, 2}} { // d4, c5, e3
		b.Play(g.Cell(cr[0], cr[1]))
	}
	opts.Iterations, opts.Seed, opts.NoReuse = 3000, 7, true
	bot := New(opts)
	_, err = bot.ChooseCell(context.Background(), b, -1)
	require.NoError(t, err)
	nodes := bot.workers[0].nodes
	var visits []float32
	for _, k := range nodes[nodes[0].first : nodes[0].first+int32(nodes[0].kids)] {
		visits = append(visits, k.visits)
	}
	require.NotEmpty(t, visits)
	return visits
}

// TestSelectionWeightsReachTheSearch: each weight changes a seeded
// search's visits; its default given explicitly changes nothing; and a
// negative Exploration or RaveVisits turns its term off, as a weight too
// small to count does.
func TestSelectionWeightsReachTheSearch(t *testing.T) {
	base := rootVisits(t, Options{})
	assert.Equal(t, base, rootVisits(t, Options{Exploration: DefaultExploration, RaveVisits: DefaultRaveVisits, PatternBias: DefaultPatternBias}))
	for name, o := range map[string]Options{
		"Exploration 1": {Exploration: 1}, "Exploration off": {Exploration: -1},
		"RaveVisits 20": {RaveVisits: 20}, "RAVE off": {RaveVisits: -1},
		"PatternBias 30": {PatternBias: 30},
	} {
		assert.NotEqual(t, base, rootVisits(t, o), name)
	}
	assert.Equal(t, rootVisits(t, Options{Exploration: 1e-300}), rootVisits(t, Options{Exploration: -1}), "Exploration off")
	assert.Equal(t, rootVisits(t, Options{RaveVisits: 1e-300}), rootVisits(t, Options{RaveVisits: -1}), "RAVE off")
}
