package patterns

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/hex"
)

// TestAttackParseRefusesRepeatedAndOutOfRangeKeys: a key repeated, and
// the first large key past 5^18, are refused where they stand.
func TestAttackParseRefusesRepeatedAndOutOfRangeKeys(t *testing.T) {
	good := small(t)
	le := binary.LittleEndian
	patch := func(at int, b ...byte) []byte {
		d := bytes.Clone(good)
		copy(d[at:], b)
		return d
	}
	// small(t)'s keys: 3 at byte 45, 1<<63|7 at byte 57.
	_, err := Parse(patch(57, le.AppendUint64(nil, 3)...))
	assert.ErrorContains(t, err, "byte 57: pattern 1's key 0x3 does not follow 0x3")
	_, err = Parse(patch(57, le.AppendUint64(nil, 1<<63|pow5(Large))...))
	assert.ErrorContains(t, err, "byte 57: pattern 1's key")
	assert.ErrorContains(t, err, "is no pattern")
	_, err = Parse(patch(57, le.AppendUint64(nil, 1<<63|(pow5(Large)-1))...))
	assert.NoError(t, err, "the last large key is a pattern")
	// A count short of the patterns that follow is the count's fault.
	_, err = Parse(patch(41, 1))
	assert.ErrorContains(t, err, "byte 41: 1 patterns of 12 bytes do not fill the 24 bytes left")
}

// TestAttackAppendPriorsWithTheSwapSumToOne: with the swap legal, the
// swap takes 1/n and the cells share the rest: the priors sum to 1.
func TestAttackAppendPriorsWithTheSwapSumToOne(t *testing.T) {
	q := hex.Sized(5).Start().PlayUnchecked(hex.Place(hex.NewSquare(1, 1)))
	priors, err := Default().AppendPriors(nil, q, hex.NewSquare(1, 1), hex.NoSquare)
	require.NoError(t, err)
	sum := 0.0
	for _, x := range priors {
		sum += float64(x)
	}
	assert.InDelta(t, 1, sum, 1e-5)
}

// TestAttackAppendPriorsRefusesAFileOffANonSquareBoard: on a 3×5 board a
// last stone in column 3 (off the board) is refused, not read as the
// first cell of the next row, even when that cell holds the right stone.
func TestAttackAppendPriorsRefusesAFileOffANonSquareBoard(t *testing.T) {
	cfg, err := hex.ParseSpec("hex(size=3x5,swap=none)")
	require.NoError(t, err)
	cols, rows := cfg.Start().Size()
	require.Equal(t, 3, cols)
	require.Equal(t, 5, rows)
	// Black at a2 (index 3 = row 1, column 0); White to move.
	p := cfg.Start().PlayUnchecked(hex.Place(hex.NewSquare(0, 1)))
	_, err = Default().AppendPriors(nil, p, hex.NewSquare(cols, 0), hex.NoSquare)
	assert.ErrorIs(t, err, ErrBoard)
	_, err = Default().AppendPriors(nil, p, hex.NewSquare(0, rows), hex.NoSquare)
	assert.ErrorIs(t, err, ErrBoard)
	_, err = Default().AppendPriors(nil, p, hex.NewSquare(0, 1), hex.NoSquare)
	assert.NoError(t, err)
}

// TestAttackExtremeWeightsGiveADistribution: Parse refuses weights at
// the float32 extremes (their products overflow or underflow), and a
// model with every weight at MinWeight or MaxWeight gives priors that
// are finite and sum to 1 (no Inf/Inf or 0/0).
func TestAttackExtremeWeightsGiveADistribution(t *testing.T) {
	p := hex.Sized(11).Start().PlayUnchecked(hex.Place(hex.NewSquare(5, 5)))
	for name, w := range map[string]float32{"huge": math.MaxFloat32, "tiny": math.SmallestNonzeroFloat32} {
		m := newModel(nil, nil, w, [2][far]float32{{w, w, w}, {w, w, w}}, nil, "x")
		data, err := m.MarshalBinary()
		require.NoError(t, err)
		_, err = Parse(data)
		require.ErrorContains(t, err, "is not in [1e-06, 1e+06]", name)
	}
	for name, w := range map[string]float32{"max": MaxWeight, "min": MinWeight} {
		m := newModel(nil, nil, w, [2][far]float32{{w, w, w}, {w, w, w}}, nil, "x")
		data, err := m.MarshalBinary()
		require.NoError(t, err)
		m, err = Parse(data)
		require.NoError(t, err, name)
		priors, err := m.AppendPriors(nil, p, hex.NewSquare(5, 5), hex.NoSquare)
		require.NoError(t, err, name)
		sum := 0.0
		for _, x := range priors {
			require.False(t, math.IsNaN(float64(x)) || math.IsInf(float64(x), 0), name)
			sum += float64(x)
		}
		assert.InDelta(t, 1, sum, 1e-4, "%s: priors %v", name, priors[:3])
	}
}
