package focus

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// TestNewSquareOffGridIsNoSquare: NewSquare(10, 1) used to be c3 (the
// coordinates masked into the grid).
func TestNewSquareOffGridIsNoSquare(t *testing.T) {
	for _, fr := range [][2]int{{10, 1}, {-1, 0}, {0, -1}, {8, 0}, {0, 8}, {-8, 3}, {3, 64}, {1 << 40, 0}, {-(1 << 40), 0}} {
		s := NewSquare(fr[0], fr[1])
		assert.Equal(t, NoSquare, s, "NewSquare(%d, %d)", fr[0], fr[1])
		assert.False(t, s.IsValid())
		assert.False(t, s.OnBoard())
		assert.Equal(t, "?", s.String())
		assert.Equal(t, -1, s.File())
		assert.Equal(t, -1, s.Rank())
	}
	assert.NotEqual(t, sq(t, "c3"), NewSquare(10, 1))
	n := 0
	for f := range 8 {
		for r := range 8 {
			s := NewSquare(f, r)
			require.True(t, s.IsValid())
			assert.Equal(t, [2]int{f, r}, [2]int{s.File(), s.Rank()})
			assert.Equal(t, string([]byte{byte('a' + f), byte('1' + r)}), s.String())
			if s.OnBoard() {
				n++
			}
		}
	}
	assert.Equal(t, NumSquares, n, "the corners are valid squares, off the board")
	for s := Square(64); s != 0; s++ {
		assert.False(t, s.IsValid(), "%d", s)
		assert.Equal(t, "?", s.String())
	}
}

// TestStackMoveOffGridIsNoMove: StackMove(NewSquare(10,1),
// NewSquare(10,2)) used to be c3-c4, legal at the start.
func TestStackMoveOffGridIsNoMove(t *testing.T) {
	m := StackMove(NewSquare(10, 1), NewSquare(10, 2))
	require.Equal(t, NoMove, m)
	assert.NotEqual(t, StackMove(sq(t, "c3"), sq(t, "c4")), m)
	assert.Equal(t, "?", m.String())
	for _, spec := range []string{"focus", "focus(players=4,teams=true)", "focus(swap=true)", "focus(nowak=true)", "focus(setup=drop)"} {
		forStart(t, spec, func(t *testing.T, p Position) { noMoveIsRefused(t, p, m) },
			func(t *testing.T, p NowakPosition) { noMoveIsRefused(t, p, m) })
	}
	// Even once the game is over, NoMove is refused for its squares.
	over := Config{PlyLimit: 1}.Start()
	over = mustPlay(t, over, "c3-c4")
	require.Equal(t, rules.Terminal, over.ToMove())
	assert.ErrorIs(t, over.Legal(m), ErrNoSuchSquare)
}

// TestMoveConstructorsGiveNoMoveOffTheGrid: every constructor, each
// argument; a corner square (on the grid, off the board) stays a square
// and its moves ErrOffBoard.
func TestMoveConstructorsGiveNoMoveOffTheGrid(t *testing.T) {
	c3, c4, d4 := sq(t, "c3"), sq(t, "c4"), sq(t, "d4")
	for _, bad := range []Square{NoSquare, NewSquare(8, 0), 64, 200} {
		for name, m := range map[string]Move{
			"StackMove from": StackMove(bad, c4), "StackMove to": StackMove(c3, bad),
			"Drop": Drop(bad), "SwapMove a": SwapMove(bad, c3), "SwapMove b": SwapMove(c3, bad),
			"NowakTurn drop": NowakTurn(bad, c3, c4), "NowakTurn from": NowakTurn(d4, bad, c4), "NowakTurn to": NowakTurn(d4, c3, bad),
		} {
			assert.Equal(t, NoMove, m, "%s(%d)", name, bad)
		}
	}
	a1 := NewSquare(0, 0)
	require.True(t, a1.IsValid())
	require.False(t, a1.OnBoard())
	p := build(t, map[string]string{"b2": "AA", "c2": "B"}, "A", 1, 0)
	assert.ErrorIs(t, p.Legal(Drop(a1)), ErrOffBoard)
	assert.ErrorIs(t, p.Legal(StackMove(sq(t, "b2"), NewSquare(1, 0))), ErrOffBoard)
	// ParseMove never builds NoMove: a square off the grid is a syntax
	// error.
	for _, s := range []string{"i1-i2", "c9-c4", "*z9", "c3<>c9"} {
		_, err := p.ParseMove(s)
		assert.ErrorIs(t, err, rules.ErrSyntax, s)
	}
}

// TestStackPieceAndTopSpeakPlayers: Stack reports colours as
// rules.Player.
func TestStackPieceAndTopSpeakPlayers(t *testing.T) {
	p := build(t, map[string]string{"c3": "ABA", "h4": "B"}, "A", 0, 0)
	s := p.At(sq(t, "c3"))
	assert.Equal(t, []rules.Player{0, 1, 0}, []rules.Player{s.Piece(0), s.Piece(1), s.Piece(2)})
	assert.Equal(t, rules.Terminal, s.Piece(3), "no piece above the top")
	assert.Equal(t, rules.Terminal, s.Piece(-1))
	top, ok := s.Top()
	assert.True(t, ok)
	assert.Equal(t, rules.Player(0), top)
	_, ok = p.At(sq(t, "d4")).Top()
	assert.False(t, ok)
	assert.Equal(t, Stack(0), p.At(NoSquare))
}

// noMoveIsRefused checks that p refuses m, a move off the grid, as a move
// naming no square, and that playing it unchecked does not panic.
func noMoveIsRefused[P anyPosition[P]](t *testing.T, p P, m Move) {
	spec := p.Spec()
	require.True(t, p.IsValid(), spec)
	err := p.Legal(m)
	var me *rules.MoveError
	require.True(t, errors.As(err, &me), "%s: %v", spec, err)
	assert.ErrorIs(t, err, rules.ErrIllegal, spec)
	assert.ErrorIs(t, err, ErrNoSuchSquare, spec)
	assert.Contains(t, err.Error(), "files run from a to h and ranks from 1 to 8", spec)
	q, err := p.Play(m)
	assert.ErrorIs(t, err, ErrNoSuchSquare, spec)
	assert.Equal(t, p, q, "a refused move leaves the position as it was")
	assert.NotContains(t, p.AppendMoves(nil), m, spec)
	_ = p.PlayUnchecked(m) // never panics
}
