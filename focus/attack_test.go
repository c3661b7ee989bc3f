package focus

// Tests written by attacking the NowakPosition change: each pins a rule
// of nowak.go that the package's other tests left free (a mutation of
// the code under it passed them).

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// TestNowakTurnIsNoMoveForAnySquareOffTheGrid: NowakTurn returns NoMove
// if any of its three squares is invalid, 64 (the first value past h8)
// included, rather than a turn whose drop wraps onto a1.
func TestNowakTurnIsNoMoveForAnySquareOffTheGrid(t *testing.T) {
	c1, c2 := NewSquare(2, 0), NewSquare(2, 1)
	for _, bad := range []Square{64, 65, 127, NoSquare} {
		assert.Equal(t, NoMove, NowakTurn(bad, c1, c2), "drop %d", bad)
		assert.Equal(t, NoMove, NowakTurn(c1, bad, c2), "from %d", bad)
		assert.Equal(t, NoMove, NowakTurn(c1, c1, bad), "to %d", bad)
	}
	// The squares' bits OR'ed together are exactly 64 here.
	a1 := NewSquare(0, 0)
	assert.Equal(t, NoMove, NowakTurn(64, a1, a1), "drop 64 over a1")
	assert.Equal(t, NoMove, NowakTurn(a1, 64, a1), "from 64 over a1")
	assert.Equal(t, NoMove, NowakTurn(a1, a1, 64), "to 64 over a1")
	m := NowakTurn(c1, c1, c2)
	assert.Equal(t, "*c1,c1-c2", m.String())
	assert.Equal(t, c1, m.NowakDrop())
}

// piecesKept checks that q still has the game's 36 pieces, on the board,
// in reserve and captured.
func piecesKept(t *testing.T, q NowakPosition, what string) {
	t.Helper()
	n := 0
	for sq := range Square(64) {
		n += q.At(sq).Height()
	}
	for seat := range rules.Player(2) {
		n += q.Reserve(seat) + q.Captured(seat)
	}
	assert.Equal(t, 2*PiecesPerSeat, n, "%s: the pieces in all: %s", what, q)
}

// TestNowakPlayUncheckedNeverDropsAPieceItHasNot: PlayUnchecked skips the
// parts of a turn that are not legal, so a drop (alone or opening a
// turn) by a seat with an empty reserve puts nothing on the board and
// leaves the reserve at 0: it never makes a piece from nothing.
func TestNowakPlayUncheckedNeverDropsAPieceItHasNot(t *testing.T) {
	p := Config{Nowak: true}.StartNowak()
	require.Equal(t, 0, p.Reserve(0))
	c1, c2 := NewSquare(2, 0), NewSquare(2, 1)
	for _, m := range []Move{Drop(c1), NowakTurn(c1, c1, c2)} {
		q := p.PlayUnchecked(m)
		assert.Equal(t, 0, q.Reserve(0), "%s: seat A's reserve", m)
		assert.Zero(t, q.At(c1).Height(), "%s: nothing on c1", m)
		piecesKept(t, q, m.String())
	}
}

// TestNowakPlayUncheckedNeverLandsOnAStack: a Nowak move lands only on an
// empty square; PlayUnchecked of one onto a stack skips the move rather
// than writing the movers over the stack (whose pieces would vanish).
func TestNowakPlayUncheckedNeverLandsOnAStack(t *testing.T) {
	p := Config{Nowak: true}.StartNowak()
	d2, c2 := NewSquare(3, 1), NewSquare(2, 1) // A's d2 next to B's c2
	m := StackMove(d2, c2)
	require.ErrorIs(t, p.Legal(m), ErrNowakLanding)
	top, _ := p.At(c2).Top()
	require.Equal(t, rules.Player(1), top)
	q := p.PlayUnchecked(m)
	top, _ = q.At(c2).Top()
	assert.Equal(t, []any{rules.Player(1), 1}, []any{top, q.At(c2).Height()}, "B's piece stays on c2")
	top, _ = q.At(d2).Top()
	assert.Equal(t, []any{rules.Player(0), 1}, []any{top, q.At(d2).Height()}, "A's stays on d2")
	piecesKept(t, q, m.String())
}

// TestNowakRefusesADropOfAnotherColour: in Nowak's game a seat drops
// only its own pieces; a drop of the other seat's colour is refused as
// such (ErrDropColor) before the reserve is looked at.
func TestNowakRefusesADropOfAnotherColour(t *testing.T) {
	p := Config{Nowak: true}.StartNowak()
	m, err := p.ParseMove("B*c1")
	require.NoError(t, err)
	assert.ErrorIs(t, p.Legal(m), ErrDropColor)
	_, err = p.Play(m)
	assert.ErrorIs(t, err, ErrDropColor)
}

// TestNowakRefusesATurnWithStrayBits: a value with the Nowak turn's kind
// but bits no constructor sets (between the drop square and the kind) is
// not a turn: Legal refuses it with ErrBadMove, even when the turn its
// squares name is legal.
func TestNowakRefusesATurnWithStrayBits(t *testing.T) {
	p := nowak(t, map[string]string{"c3": "A", "f6": "B"}, "A", 1, 0)
	m, err := p.ParseMove("*d4,c3-c2")
	require.NoError(t, err)
	require.NoError(t, p.Legal(m))
	for _, bit := range []uint{18, 20, 23} {
		bad := m | 1<<bit
		assert.ErrorIs(t, p.Legal(bad), ErrBadMove, "bit %d", bit)
		assert.Equal(t, -1, p.ActionIndex(bad), "bit %d", bit)
	}
}
