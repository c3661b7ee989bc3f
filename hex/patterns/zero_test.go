package patterns

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/hex"
)

// TestZeroModelIsUniform: the zero Model and a nil *Model know no
// pattern and weigh every move 1 in every method (no panic, and no
// division by a zero sum): Weights, AppendPriors (1/n each), RingWeights,
// NearWeights, Measure; MarshalBinary writes a model Parse reads back
// as uniform, and WithAbout names one.
func TestZeroModelIsUniform(t *testing.T) {
	var nilModel *Model
	for name, m := range map[string]*Model{"zero": {}, "nil": nilModel} {
		require.Equal(t, 0, m.Len(), name)
		require.Equal(t, "", m.About(), name)
		cells := make([]hex.Color, 9)
		cells[4] = hex.Black
		w := make([]float32, 9)
		require.NoError(t, m.Weights(w, cells, 3, 3, hex.White, 4, -1), name)
		for i, x := range w {
			want := float32(1)
			if i == 4 {
				want = 0
			}
			require.Equal(t, want, x, "%s: cell %d", name, i)
		}
		p := hex.Config{Cols: 3, Rows: 3, Swap: hex.SwapNone}.Start()
		priors, err := m.AppendPriors(nil, p, hex.NoSquare, hex.NoSquare)
		require.NoError(t, err, name)
		require.Len(t, priors, 9, name)
		for _, x := range priors {
			require.InDelta(t, 1.0/9, x, 1e-6, name)
		}
		ring := make([]float32, RingCodes)
		require.NoError(t, m.RingWeights(ring, hex.Black), name)
		for code, x := range ring {
			require.Equal(t, float32(1), x, "%s: ring code %d", name, code)
		}
		require.Equal(t, [2][3]float32{{1, 1, 1}, {1, 1, 1}}, m.NearWeights(), name)
		acc, err := m.Measure([]Game{{Start: p, Moves: []hex.Move{hex.Place(hex.NewSquare(1, 1)), hex.Place(hex.NewSquare(0, 0))}}})
		require.NoError(t, err, name)
		require.Equal(t, 2, acc.Positions, name)
		data, err := m.MarshalBinary()
		require.NoError(t, err, name)
		back, err := Parse(data)
		require.NoError(t, err, name)
		require.Equal(t, 0, back.Len(), name)
		require.Equal(t, [2][3]float32{{1, 1, 1}, {1, 1, 1}}, back.NearWeights(), name)
		named := m.WithAbout("uniform")
		require.Equal(t, "uniform", named.About(), name)
		require.Equal(t, 0, named.Len(), name)
	}
	require.Equal(t, "", uniform.About(), "WithAbout does not change the shared uniform model")
}
