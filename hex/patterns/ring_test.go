package patterns

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules/hex"
)

// ringCode is a cell's ring code read straight off the board, as
// RingWeights documents it.
func ringCode(cells []hex.Color, cols, rows, cell int) int {
	col, row := cell%cols, cell/cols
	code, place := 0, 1
	for _, d := range [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}} {
		c, r := col+d[0], row+d[1]
		offRow, offCol := r < 0 || r >= rows, c < 0 || c >= cols
		digit := RingEmpty
		switch {
		case offRow && offCol:
			digit = RingOffCorner
		case offRow:
			digit = RingOffBlack
		case offCol:
			digit = RingOffWhite
		case cells[r*cols+c] == hex.Black:
			digit = RingBlack
		case cells[r*cols+c] == hex.White:
			digit = RingWhite
		}
		code += digit * place
		place *= 6
	}
	return code
}

// TestRingWeightsAreTheSmallPatternsWeights: for a model of small
// patterns, the ring table gives every empty cell of any board the
// weight Weights gives it when no last stone is named, for either
// mover, whatever the board's shape (the corners, the sides, the
// transposition for White).
func TestRingWeightsAreTheSmallPatternsWeights(t *testing.T) {
	m := Playout()
	var table [2][]float32
	for i, mover := range []hex.Color{hex.Black, hex.White} {
		table[i] = make([]float32, RingCodes)
		require.NoError(t, m.RingWeights(table[i], mover))
	}
	rapid.Check(t, func(t *rapid.T) {
		mover := rapid.SampledFrom([]hex.Color{hex.Black, hex.White}).Draw(t, "mover")
		cells, cols, rows, _, _ := board(t, mover)
		w := make([]float32, len(cells))
		require.NoError(t, m.Weights(w, cells, cols, rows, mover, -1, -1))
		for i, c := range cells {
			if c != hex.Empty {
				continue
			}
			want := w[i]
			got := table[mover-hex.Black][ringCode(cells, cols, rows, i)]
			if got != want {
				t.Fatalf("%d×%d, %v to move, cell %d: ring weight %v, Weights %v", cols, rows, mover, i, got, want)
			}
		}
	})
}

// TestRingWeightsRefuseABadTableOrMover: a table of another length and
// a mover that is no colour are errors.
func TestRingWeightsRefuseABadTableOrMover(t *testing.T) {
	m := Playout()
	assert.ErrorContains(t, m.RingWeights(make([]float32, RingCodes-1), hex.Black), "not 46655")
	assert.ErrorContains(t, m.RingWeights(make([]float32, RingCodes+1), hex.Black), "not 46657")
	assert.ErrorIs(t, m.RingWeights(make([]float32, RingCodes), hex.Empty), ErrBoard)
	assert.ErrorIs(t, m.RingWeights(make([]float32, RingCodes), hex.Color(7)), ErrBoard)
}

// TestTrainSmallLearnsNoLargePattern: TrainOptions.Small learns small
// patterns only, and the embedded playout model is such a model, with
// the distance weights of its training.
func TestTrainSmallLearnsNoLargePattern(t *testing.T) {
	var games []Game
	for g := range 10 {
		p := hex.Sized(5).Start()
		var moves []hex.Move
		for k := 0; p.ToMove().IsSeat(); k++ {
			all := p.AppendMoves(nil)
			m := all[(g*7+k*3)%len(all)]
			moves = append(moves, m)
			p = p.PlayUnchecked(m)
		}
		games = append(games, Game{Start: hex.Sized(5).Start(), Moves: moves})
	}
	small, err := Train(games, TrainOptions{MinCount: 1, Sweeps: 3, Small: true})
	require.NoError(t, err)
	full, err := Train(games, TrainOptions{MinCount: 1, Sweeps: 3})
	require.NoError(t, err)
	large := func(m *Model) (n int) {
		for _, k := range m.keys {
			if k>>63 != 0 {
				n++
			}
		}
		return n
	}
	assert.Zero(t, large(small))
	assert.NotZero(t, small.Len())
	assert.False(t, small.HasPaths())
	assert.False(t, full.HasPaths())
	assert.False(t, Playout().HasPaths())
	withPaths, err := Train(games, TrainOptions{MinCount: 1, Sweeps: 3, Paths: true})
	require.NoError(t, err)
	assert.True(t, withPaths.HasPaths())
	assert.NotZero(t, large(withPaths))
	_, err = Train(games, TrainOptions{MinCount: 1, Sweeps: 3, Small: true, Paths: true})
	require.ErrorContains(t, err, "cannot have path classes", "RingWeights could not tabulate a small model's path classes")
	assert.NotZero(t, large(full))
	assert.Zero(t, large(Playout()))
	assert.Equal(t, Playout().near, Playout().NearWeights())
	assert.Greater(t, Playout().NearWeights()[0][0], float32(1), "a move beside the opponent's last stone is likelier")
}
