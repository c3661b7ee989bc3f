package rules_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// playAll plays moves into a new history of spec, failing the test on an
// error.
func playAll(t *testing.T, spec string, moves ...string) *rules.History {
	t.Helper()
	d, err := rules.Open(spec)
	require.NoError(t, err)
	h := rules.NewHistory(d)
	for _, m := range moves {
		require.NoError(t, h.Play(m), m)
	}
	return h
}

func TestHistoryPlaysAndUndoes(t *testing.T) {
	h := playAll(t, "hex(size=3,swap=none)", "B2", "a1")
	assert.Equal(t, 2, h.Len())
	assert.Equal(t, []string{"b2", "a1"}, h.Moves(), "canonical notation")
	assert.Equal(t, rules.Player(0), h.Mover(0))
	assert.Equal(t, rules.Player(1), h.Mover(1))
	assert.Equal(t, h.Start(), h.At(0))
	assert.Equal(t, h.Position(), h.At(2))
	require.Error(t, h.Play("b2"), "occupied")
	assert.Equal(t, 2, h.Len(), "a refused move changes nothing")

	assert.True(t, h.Undo())
	assert.True(t, h.Undo())
	assert.False(t, h.Undo())
	assert.Equal(t, h.Start(), h.Position())
	assert.Nil(t, h.At(1))
	assert.Empty(t, h.Move(0))
	assert.Equal(t, rules.Terminal, h.Mover(0))
	assert.Nil(t, h.At(-1))

	refuses := rules.NewHistory(nil)
	assert.ErrorIs(t, refuses.Play("a1"), rules.ErrNoGame)
	assert.False(t, refuses.Undo())
}

func TestHistoryMoverOfAChanceDraw(t *testing.T) {
	h := playAll(t, "domination", "5-2")
	assert.Equal(t, rules.Chance, h.Mover(0))
	assert.Equal(t, "2-5", h.Move(0))
	assert.Equal(t, rules.DecisionNode, h.Position().Node())
}

// moves12 is a game of Hex 5×5 of 12 moves that is not over.
var moves12 = []string{"a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3"}

func TestHistoryUndoLimitKeepsTheMoves(t *testing.T) {
	const spec = "hex(size=5,swap=none)"
	full := playAll(t, spec, moves12...)
	h := playAll(t, spec)
	h.SetUndoLimit(3)
	for _, m := range moves12 {
		require.NoError(t, h.Play(m))
	}
	assert.Equal(t, full.Moves(), h.Moves())
	assert.Equal(t, full.Position().String(), h.Position().String())
	assert.Equal(t, notation.FromHistory(full).String(), notation.FromHistory(h).String(), "the record covers the whole game")
	for i := range 13 {
		switch {
		case i == 0 || i >= 9:
			assert.NotNil(t, h.At(i), "At(%d)", i)
		default:
			assert.Nil(t, h.At(i), "At(%d) is dropped", i)
		}
		if i < 12 {
			assert.Equal(t, full.Mover(i), h.Mover(i), "Mover(%d) is kept", i)
		}
	}
	for range 3 {
		require.True(t, h.Undo())
	}
	assert.False(t, h.Undo(), "the position before the fourth move back is dropped")
	assert.Equal(t, full.At(9).String(), h.Position().String())
	assert.False(t, h.Forget(5), "At(5) is dropped")

	// Limiting a history that has grown drops at once; with no position
	// kept behind the current one, the start still is.
	full.SetUndoLimit(0)
	assert.Nil(t, full.At(11))
	assert.False(t, full.Undo())
	one := playAll(t, spec)
	one.SetUndoLimit(0)
	require.NoError(t, one.Play("c3"))
	assert.NotNil(t, one.At(0))
	assert.True(t, one.Undo(), "back to the start")
	assert.Equal(t, one.Start(), one.Position())
	require.NoError(t, one.Play("c3"))
	require.NoError(t, one.Play("c4"))
	assert.False(t, one.Undo())
}

func TestHistoryForgetStartsLater(t *testing.T) {
	const spec = "hex(size=5,swap=none)"
	full := playAll(t, spec, moves12...)
	h := playAll(t, spec, moves12...)
	assert.True(t, h.Forget(0))
	assert.Equal(t, 12, h.Len())
	assert.True(t, h.Forget(8))
	assert.Equal(t, 4, h.Len())
	assert.Equal(t, moves12[8:], h.Moves())
	assert.Equal(t, full.At(8).String(), h.Start().String())
	assert.Equal(t, full.Mover(8), h.Mover(0))
	assert.False(t, h.Forget(5))
	assert.False(t, h.Forget(-1))

	// The record starts at the new start and replays to the same game.
	rec := notation.FromHistory(h)
	tag, ok := rec.Tag("Position")
	assert.True(t, ok)
	assert.Equal(t, h.Start().String(), tag)
	r, err := rec.Replay()
	require.NoError(t, err)
	assert.Equal(t, full.Position().String(), r.Final().String())

	for range 4 {
		require.True(t, h.Undo())
	}
	assert.False(t, h.Undo(), "undo stops at the new start")
	assert.Equal(t, full.At(8).String(), h.Position().String())
}

func TestTypedHistoryAsDynamicKeepsTheMovers(t *testing.T) {
	p := hex.Config{Cols: 3, Rows: 3, Swap: hex.SwapNone}.Start()
	th := rules.NewTypedHistory(p)
	for _, s := range []string{"b2", "a1"} {
		m, err := th.Position().ParseMove(s)
		require.NoError(t, err)
		require.NoError(t, th.Play(m))
	}
	h, err := th.Dynamic()
	require.NoError(t, err)
	assert.Equal(t, []string{"b2", "a1"}, h.Moves())
	assert.Equal(t, rules.Player(1), h.Mover(1))
	assert.Equal(t, h.At(0), h.Start())
	assert.True(t, h.Undo())
	assert.True(t, h.Undo())
	assert.False(t, h.Undo())
}

// TestTypedHistoryOutOfRangeAndZeroValueDoNotPanic: Move and At outside
// the history used to panic (index out of range), and so did every call
// on a TypedHistory not made by NewTypedHistory (and Play and Position
// on a zero History). Move reports false, At
// gives the invalid value, and the zero TypedHistory is inert: its
// position is the invalid value and its Play and Dynamic refuse with
// ErrNoGame.
func TestTypedHistoryOutOfRangeAndZeroValueDoNotPanic(t *testing.T) {
	th := rules.NewTypedHistory(hex.Config{Cols: 3, Rows: 3, Swap: hex.SwapNone}.Start())
	m, err := th.Position().ParseMove("b2")
	require.NoError(t, err)
	require.NoError(t, th.Play(m))
	got, ok := th.Move(0)
	assert.True(t, ok)
	assert.Equal(t, m, got)
	assert.True(t, th.At(1).IsValid())
	for _, i := range []int{-1, 1, math.MaxInt, math.MinInt} {
		_, ok := th.Move(i)
		assert.False(t, ok, "Move(%d)", i)
	}
	for _, i := range []int{-1, 2, math.MaxInt, math.MinInt} {
		assert.False(t, th.At(i).IsValid(), "At(%d)", i)
	}

	var none rules.History // not made by NewHistory: inert too
	assert.Nil(t, none.Position())
	assert.ErrorIs(t, none.Play("a1"), rules.ErrNoGame)

	var zero rules.TypedHistory[hex.Position, hex.Move]
	assert.False(t, zero.Position().IsValid())
	assert.False(t, zero.At(0).IsValid())
	assert.ErrorIs(t, zero.Play(m), rules.ErrNoGame)
	assert.False(t, zero.Undo())
	assert.Equal(t, 0, zero.Len())
	h, err := zero.Dynamic()
	assert.Nil(t, h)
	assert.ErrorIs(t, err, rules.ErrNoGame)
}

// An undo limit of math.MaxInt, a natural way to say "no limit", keeps
// every position (n+1 used to overflow and panic).
func TestHistoryUndoLimitOfMaxIntKeepsEverything(t *testing.T) {
	h := playAll(t, "hex(size=5,swap=none)", moves12[:4]...)
	h.SetUndoLimit(math.MaxInt)
	require.NoError(t, h.Play(moves12[4]))
	for i := range 6 {
		assert.NotNil(t, h.At(i), "At(%d)", i)
	}
	for range 5 {
		assert.True(t, h.Undo())
	}
	assert.False(t, h.Undo())
}
