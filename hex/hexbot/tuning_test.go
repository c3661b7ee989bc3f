package hexbot

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules/hex/analysis"
)

// TestSelectionWeightsTakeTheirDefaults: the zero value, NaN and values
// above MaxSelectionWeight (+Inf too) take each weight's default;
// PatternBias takes it for negative values too, while a negative
// Exploration or RaveVisits, -Inf too, is kept (it turns the term off).
// The defaults are the weights the matches of docs/matches measured.
func TestSelectionWeightsTakeTheirDefaults(t *testing.T) {
	require.Equal(t, 0.1, DefaultExploration)
	require.Equal(t, 500.0, DefaultRaveVisits)
	require.Equal(t, 3.0, DefaultPatternBias)
	big := math.Nextafter(MaxSelectionWeight, math.Inf(1))
	for _, x := range []float64{0, math.NaN(), math.Inf(1), big} {
		o := New(Options{PatternBias: x, Exploration: x, RaveVisits: x}).opts
		assert.Equal(t, DefaultPatternBias, o.PatternBias, "PatternBias %v", x)
		assert.Equal(t, DefaultExploration, o.Exploration, "Exploration %v", x)
		assert.Equal(t, DefaultRaveVisits, o.RaveVisits, "RaveVisits %v", x)
	}
	for _, x := range []float64{-1, -0.5, math.Inf(-1)} {
		o := New(Options{PatternBias: x, Exploration: x, RaveVisits: x}).opts
		assert.Equal(t, DefaultPatternBias, o.PatternBias, "PatternBias %v", x)
		assert.Equal(t, x, o.Exploration, "Exploration %v", x)
		assert.Equal(t, x, o.RaveVisits, "RaveVisits %v", x)
	}
	for _, x := range []float64{0.5, MaxSelectionWeight} {
		o := New(Options{PatternBias: x, Exploration: x, RaveVisits: x}).opts
		assert.Equal(t, Options{PatternBias: x, Exploration: x, RaveVisits: x},
			Options{PatternBias: o.PatternBias, Exploration: o.Exploration, RaveVisits: o.RaveVisits}, "%v", x)
	}
}

// TestPickMaximisesTheDocumentedScore: for random children's statistics
// and weights, pick returns a child of the highest score as
// Options.Exploration, RaveVisits and PatternBias document it, computed
// here apart: the mean of the child's n visits (its prior ones
// included) blended with its RAVE estimate, whose a playouts count as
// a/(1+a/RaveVisits), plus (Exploration·sqrt(ln(N+1)) +
// PatternBias·P)/sqrt(h+1) for h real visits under a node of N.
func TestPickMaximisesTheDocumentedScore(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		weight := func(name string) float64 {
			return rapid.SampledFrom([]float64{-1, 0.01, 0.1, 0.5, 3, 500, 1e5}).Draw(t, name)
		}
		bot := New(Options{Exploration: weight("exploration"), RaveVisits: weight("rave"), PatternBias: weight("bias")})
		o := bot.opts
		w := &worker{bot: bot}
		kids := rapid.IntRange(2, 8).Draw(t, "kids")
		parentHits := uint32(0)
		w.nodes = append(w.nodes, node{first: 1, kids: int16(kids)})
		fraction := func(name string) float32 { return float32(rapid.IntRange(0, 1000).Draw(t, name)) / 1000 }
		counts := []int{0, 1, 3, 10, 30, 100, 300, 1000, 3000, 10000}
		for j := range kids {
			hits := uint32(rapid.SampledFrom(counts).Draw(t, "hits"))
			visits := float32(hits + priorVisits)
			k := node{move: int16(j), hits: hits, visits: visits, wins: visits * fraction("mean"), prior: fraction("prior")}
			if amaf := rapid.SampledFrom(counts).Draw(t, "amaf"); amaf > 0 {
				k.amafN = float32(amaf)
				k.amafW = k.amafN * fraction("amafMean")
			}
			parentHits += hits
			w.nodes = append(w.nodes, k)
		}
		w.nodes[0].hits = parentHits
		score := func(k node) float64 {
			n, mean := float64(k.visits), float64(k.wins)/float64(k.visits)
			v := mean
			if a := float64(k.amafN); a > 0 && o.RaveVisits > 0 {
				weight := a / (1 + a/o.RaveVisits)
				v = (n*mean + weight*float64(k.amafW)/a) / (n + weight)
			}
			explore := 0.0
			if o.Exploration > 0 {
				explore = o.Exploration * math.Sqrt(math.Log(float64(parentHits)+1))
			}
			return v + (explore+o.PatternBias*float64(k.prior))/math.Sqrt(float64(k.hits)+1)
		}
		// Bring a second child's score within ±1e-4 of the best one's (its
		// mean moves, the only term linear on its own), so that pick must
		// weigh every term as documented to tell them apart.
		best := func() (int, float64) {
			b, bs := 0, math.Inf(-1)
			for j, k := range w.nodes[1:] {
				if s := score(k); s > bs {
					b, bs = j+1, s
				}
			}
			return b, bs
		}
		top, topScore := best()
		j := 1 + (top-1+rapid.IntRange(1, kids-1).Draw(t, "rival"))%kids
		k := &w.nodes[j]
		n := float64(k.visits)
		blend := 1.0 // the share of the mean in the blended value
		if a := float64(k.amafN); a > 0 && o.RaveVisits > 0 {
			blend = n / (n + a/(1+a/o.RaveVisits))
		}
		eps := rapid.SampledFrom([]float64{-1e-4, 1e-4}).Draw(t, "eps")
		k.wins += float32((topScore + eps - score(*k)) / blend * n)
		want, wantScore := best()
		for i, k := range w.nodes[1:] {
			if i+1 != want && score(k) > wantScore-1e-7 {
				t.Skip("no clear best child after float32 rounding")
			}
		}
		if got := w.pick(0, &w.root, false); got != int32(want) {
			t.Fatalf("pick took child %d of score %v, the best is child %d of %v", got-1, score(w.nodes[got]), want-1, wantScore)
		}
	})
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
