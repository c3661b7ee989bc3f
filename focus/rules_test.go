package focus

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestRF1_StartLayout(t *testing.T) {
	p := New()
	assert.Equal(t, "4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0", p.String())
	assert.Equal(t, "A", at(p, "b7"))
	assert.Equal(t, "B", at(p, "b6"))
	assert.Equal(t, "", at(p, "a6"))
	assert.Equal(t, "B", at(p, "g2"))
	assert.Equal(t, rules.Player(0), p.ToMove())
	assert.Equal(t, 68, len(p.AppendMoves(nil)), "perft(1) from the start")
}

func TestRemovedCornersAreOffTheBoard(t *testing.T) {
	removed := []string{"a1", "b1", "a2", "g1", "h1", "h2", "a7", "a8", "b8", "g8", "h8", "h7"}
	n := 0
	for sq := Square(0); sq < 64; sq++ {
		if sq.OnBoard() {
			n++
		}
	}
	assert.Equal(t, NumSquares, n)
	p := build(t, map[string]string{"b2": "AA", "b7": "A", "c2": "B"}, "A", 1, 0)
	for _, s := range removed {
		x, y, _ := grid.ParseSquare(s)
		assert.False(t, NewSquare(x, 7-y).OnBoard(), s)
		err := p.Legal(Drop(NewSquare(x, 7-y)))
		assert.ErrorIs(t, err, ErrOffBoard, s)
	}
	// A move that would reach a removed square leaves the board.
	assert.ErrorIs(t, p.Legal(StackMove(sq(t, "b7"), sq(t, "a7"))), ErrOffBoard)
	assert.ErrorIs(t, p.Legal(StackMove(sq(t, "b2"), sq(t, "b1"))), ErrOffBoard)
	for _, m := range p.AppendMoves(nil) {
		assert.True(t, m.To().OnBoard(), m.String())
	}
}

func sq(t testing.TB, s string) Square {
	t.Helper()
	x, y, err := grid.ParseSquare(s)
	require.NoError(t, err)
	return NewSquare(x, 7-y)
}

func TestOnlyTheSeatOnTopMovesAStack(t *testing.T) {
	p := build(t, map[string]string{"c3": "AB", "d4": "BA"}, "A", 0, 0)
	assert.ErrorIs(t, p.Legal(StackMove(sq(t, "c3"), sq(t, "c4"))), ErrNotYourStack)
	assert.NoError(t, p.Legal(StackMove(sq(t, "d4"), sq(t, "d5"))))
	assert.ErrorIs(t, p.Legal(StackMove(sq(t, "e4"), sq(t, "e5"))), ErrEmptySquare)
}

func TestAStackOfKPiecesMovesExactlyKSquaresOverAnything(t *testing.T) {
	p := build(t, map[string]string{"c3": "BAA", "c4": "B", "c5": "BBBBB"}, "A", 0, 0)
	moves := map[string]bool{}
	for _, m := range p.AppendMoves(nil) {
		moves[m.String()] = true
	}
	// Two pieces may be taken (the top two are A's), so 1 or 2 squares;
	// the third piece is B's, but taking three is allowed too: the top
	// k pieces of a controlled stack, whatever their colours.
	for _, want := range []string{"c3-c4", "c3-c5", "c3-c6", "c3-c2", "c3-c1", "c3-b3", "c3-d3", "c3-e3", "c3-f3", "c3-a3"} {
		assert.True(t, moves[want], want)
	}
	assert.False(t, moves["c3-c7"], "four squares needs four pieces")
	assert.False(t, moves["c3-d4"], "no diagonal moves")
	assert.ErrorIs(t, p.Legal(StackMove(sq(t, "c3"), sq(t, "c7"))), ErrTooFar)
	assert.ErrorIs(t, p.Legal(StackMove(sq(t, "c3"), sq(t, "d4"))), ErrNotALine)

	// c3-c6 takes all three pieces over c4 and c5, which stay as they were.
	q := mustPlay(t, p, "c3-c6")
	assert.Equal(t, "", at(q, "c3"))
	assert.Equal(t, "B", at(q, "c4"))
	assert.Equal(t, "BBBBB", at(q, "c5"))
	assert.Equal(t, "BAA", at(q, "c6"))
}

func TestMovingPartOfAStackHandsTheRestToWhoeverIsOnTop(t *testing.T) {
	p := build(t, map[string]string{"d4": "ABA", "h4": "B"}, "A", 0, 0)
	q := mustPlay(t, p, "d4-e4")
	assert.Equal(t, "AB", at(q, "d4"), "the remainder is topped by B")
	assert.Equal(t, "A", at(q, "e4"))
	assert.Equal(t, uint64(1)<<sq(t, "d4"), q.Controlled(1)&(1<<sq(t, "d4")), "B now controls d4")
	q = mustPlay(t, q, "d4-d5")
	assert.Equal(t, "A", at(q, "d4"), "B's move hands the rest back to A")
	assert.Equal(t, "B", at(q, "d5"))
}

func TestLandingOnAnyStackStacksOnTop(t *testing.T) {
	p := build(t, map[string]string{"d4": "A", "d5": "BB"}, "A", 0, 0)
	q := mustPlay(t, p, "d4-d5")
	assert.Equal(t, "BBA", at(q, "d5"))
	assert.NotZero(t, q.Controlled(0)&(1<<sq(t, "d5")))
	assert.Zero(t, q.Controlled(1)&(1<<sq(t, "d5")))
}

func TestSixHighStackTrimsOwnPiecesToReserveAndOpponentsToCaptured(t *testing.T) {
	// A moves two pieces onto a 5-stack: 7 high, the bottom two go.
	p := build(t, map[string]string{"d3": "AA", "d5": "ABBBB"}, "A", 0, 0)
	before := p.Captured(0)
	q := mustPlay(t, p, "d3-d5")
	assert.Equal(t, "BBBAA", at(q, "d5"))
	assert.Equal(t, 1, q.Reserve(0), "A's own bottom piece goes to A's reserve")
	assert.Equal(t, before+1, q.Captured(0), "B's piece is captured")
	assert.Equal(t, 0, q.Reserve(1))
}

func TestDropOnAFiveStackTrimsIt(t *testing.T) {
	p := build(t, map[string]string{"e5": "BAAAB", "c3": "A"}, "A", 2, 0)
	q := mustPlay(t, p, "*e5")
	assert.Equal(t, "AAABA", at(q, "e5"))
	assert.Equal(t, 1, q.Reserve(0), "one dropped")
	assert.Equal(t, p.Captured(0)+1, q.Captured(0), "B's bottom piece is captured")
	// Drops go anywhere: an empty square, or any stack.
	q = mustPlay(t, p, "*h5")
	assert.Equal(t, "A", at(q, "h5"))
}

func TestPlayerWithNoStackButAReserveMustDrop(t *testing.T) {
	p := build(t, map[string]string{"c3": "AB", "d4": "B"}, "A", 2, 0)
	moves := p.AppendMoves(nil)
	require.Len(t, moves, NumSquares, "only drops, one per square")
	for _, m := range moves {
		assert.True(t, m.IsDrop())
	}
	assert.Equal(t, rules.Player(0), p.ToMove())
}

func TestRF2_NoStackAndNoReserveLoses(t *testing.T) {
	p := build(t, map[string]string{"c3": "AB", "d4": "B"}, "A", 0, 0)
	assert.Equal(t, rules.Terminal, p.ToMove())
	assert.Empty(t, p.AppendMoves(nil))
	o := p.Outcome()
	assert.Equal(t, "0-1", o.Result())
	assert.Equal(t, rules.NoLegalMove, o.Reason)
	assert.ErrorIs(t, p.Legal(Drop(sq(t, "e5"))), rules.ErrGameOver)

	// And a move that leaves the opponent so ends the game.
	p = build(t, map[string]string{"c3": "B", "c4": "A"}, "A", 0, 0)
	q := mustPlay(t, p, "c4-c3")
	assert.Equal(t, "1-0", q.Outcome().Result())
}

func TestRF2_AControlledStackAlwaysHasAMove(t *testing.T) {
	// Every on-board square has an on-board neighbour, so a lone piece
	// anywhere can move.
	for s := Square(0); s < 64; s++ {
		if s.OnBoard() {
			assert.NotZero(t, numTargets[s][1], s.String())
		}
	}
}

func TestRF3_PlyLimitEndsTheGameAsADraw(t *testing.T) {
	p := Config{PlyLimit: 2}.Start()
	p = mustPlay(t, p, "c3-c4")
	assert.False(t, p.Outcome().Over())
	p = mustPlay(t, p, "d3-d4")
	assert.Equal(t, "1/2-1/2", p.Outcome().Result())
	assert.Equal(t, rules.PlyLimit, p.Outcome().Reason)
	assert.Equal(t, rules.Terminal, p.ToMove())
	assert.False(t, New().Outcome().Over(), "no limit by default")
	c, err := ParseSpec("focus(plylimit=1000)")
	require.NoError(t, err)
	assert.Equal(t, 1000, c.PlyLimit)
	assert.Equal(t, "focus(plylimit=1000)", c.String())
	assert.Equal(t, "focus", Config{}.String())
}

func TestRF3_ALossTakesPrecedenceOverThePlyLimit(t *testing.T) {
	p := buildConfig(t, Config{PlyLimit: 41}, map[string]string{"c3": "B", "c4": "A"}, "A", 0, 0)
	q := mustPlay(t, p, "c4-c3")
	assert.Equal(t, "1-0", q.Outcome().Result())
}

func TestIllegalMovesNameTheReason(t *testing.T) {
	p := New()
	for _, tc := range []struct {
		move string
		want error
	}{
		{"c3-c3", ErrSameSquare},
		{"c2-c3", ErrNotYourStack},
		{"c3-c5", ErrTooFar},
		{"c3-d4", ErrNotALine},
		{"a1-a2", ErrOffBoard},
		{"c1-c2", ErrEmptySquare},
		{"*d4", ErrNoReserve},
		{"B*d4", ErrDropColor},
	} {
		m, err := p.ParseMove(tc.move)
		require.NoError(t, err, tc.move)
		err = p.Legal(m)
		assert.ErrorIs(t, err, tc.want, tc.move)
		assert.ErrorIs(t, err, rules.ErrIllegal, tc.move)
		var me *rules.MoveError
		require.True(t, errors.As(err, &me))
		assert.Equal(t, tc.move, me.Move)
	}
}

func TestMoveNotation(t *testing.T) {
	p := New()
	for _, s := range []string{"c3-c4", "h6-h3", "*d4"} {
		m, err := p.ParseMove(s)
		require.NoError(t, err)
		assert.Equal(t, s, m.String())
	}
	m, err := p.ParseMove("A*d4")
	require.NoError(t, err)
	assert.Equal(t, "*d4", m.String(), "the mover's own letter is the plain drop")
	for _, bad := range []string{"", "c3", "c3-", "c3c4", "c3-c4x", "c9-c4", "i1-i2", "*", "**d4", "E*d4", "ab*d4", "c3--c4"} {
		_, err := p.ParseMove(bad)
		assert.ErrorIs(t, err, rules.ErrSyntax, bad)
	}
	assert.Equal(t, 2, StackMove(sq(t, "c3"), sq(t, "c5")).Count())
}
