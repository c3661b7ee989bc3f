package bot

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

func TestMCTSIsDeterministicForASeed(t *testing.T) {
	p := hex.New(5)
	pick := func(seed uint64) hex.Move {
		m, err := NewMCTS[hex.Position, hex.Move](Options{Iterations: 300, Seed: seed}).Choose(context.Background(), p)
		require.NoError(t, err)
		return m
	}
	assert.Equal(t, pick(7), pick(7))
}

func TestMCTSFindsAWinInOne(t *testing.T) {
	// Black to move on 3x3 with a1, a2 played: a3 wins at once.
	p, err := hex.Config{Cols: 3, Rows: 3, Swap: hex.SwapNone}.ParsePosition("B1W/B1W/3 b -")
	require.NoError(t, err)
	m, err := NewMCTS[hex.Position, hex.Move](Options{Iterations: 500}).Choose(context.Background(), p)
	require.NoError(t, err)
	q, _ := p.Play(m)
	assert.Equal(t, hex.Black, q.Winner(), "played %v", m)
}

func TestMCTSStopsAtTheContextDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := NewMCTS[focus.Position, focus.Move](Options{Iterations: 1 << 30}).Choose(ctx, focus.New())
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestMCTSAtChanceNodesAndTheEnd(t *testing.T) {
	b := NewMCTS[domination.Position, domination.Move](Options{Iterations: 200})
	p := domination.Start()
	draw, err := b.Choose(context.Background(), p)
	require.NoError(t, err)
	assert.True(t, draw.IsDraw(), "at a chance node the bot draws")
	p, err = p.Play(draw)
	require.NoError(t, err)
	if p.ToMove() != rules.Terminal {
		turn, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		assert.NoError(t, p.Legal(turn))
	}
	over, _ := hex.New(1).Play(hex.Cell(0, 0))
	_, err = NewMCTS[hex.Position, hex.Move](Options{}).Choose(context.Background(), over)
	assert.ErrorIs(t, err, ErrGameOver)
	_, err = NewRandom[hex.Position, hex.Move](1).Choose(context.Background(), over)
	assert.ErrorIs(t, err, ErrGameOver)
}

func TestEraseChecksTheGame(t *testing.T) {
	d := Erase[hex.Position, hex.Move](NewRandom[hex.Position, hex.Move](1))
	m, err := d.Choose(context.Background(), rules.Erase(hex.New(3)))
	require.NoError(t, err)
	assert.Len(t, m, 2)
	_, err = d.Choose(context.Background(), rules.Erase(focus.New()))
	assert.ErrorContains(t, err, "cannot play")
	_, err = New[hex.Position, hex.Move]("genius", Options{})
	assert.Error(t, err)
}

// TestMCTSSearchDoesNotAllocateOnceWarm: the tree lives in one reused
// slice, so a second search of the same size allocates nothing.
func TestMCTSSearchDoesNotAllocateOnceWarm(t *testing.T) {
	b := NewMCTS[hex.Position, hex.Move](Options{Iterations: 200, Seed: 1})
	p := hex.New(5)
	b.src.Seed(1, 0x3c75)
	_, _ = b.Choose(context.Background(), p)
	n := testing.AllocsPerRun(3, func() {
		b.src.Seed(1, 0x3c75) // replay the same search
		_, _ = b.Choose(context.Background(), p)
	})
	assert.Zero(t, n)
}
