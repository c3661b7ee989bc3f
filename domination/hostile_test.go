package domination

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestNewTileRefusesNumbersOutsideZeroToSix(t *testing.T) {
	for _, n := range [][2]int{{9, 9}, {7, 0}, {0, 7}, {-1, 3}, {3, -1}, {14, 14}, {-7, -7}, {1 << 40, 2}} {
		tile := NewTile(n[0], n[1])
		assert.Equal(t, NoTile, tile, "NewTile(%d, %d) is never wrapped onto a real tile", n[0], n[1])
		assert.False(t, tile.Valid())
		assert.Equal(t, "?-?", tile.String())
		low, high := tile.Numbers()
		assert.Equal(t, [2]int{-1, -1}, [2]int{low, high})
	}
	assert.Equal(t, "2-5", NewTile(5, 2).String(), "numbers 0..6 in either order still work")
	assert.Equal(t, "0-6", NewTile(6, 0).String())
	assert.True(t, NewTile(6, 6).Valid())
	assert.Equal(t, "?-?", Tile(200).String(), "every tile from NumTiles up is invalid")

	// A draw of an invalid tile is no chance outcome: refused everywhere,
	// never played as another tile.
	draw := Draw(NewTile(9, 9))
	assert.Equal(t, Draw(NoTile), draw)
	assert.Equal(t, Draw(NoTile), Draw(Tile(200)), "Draw does not wrap either")
	assert.Equal(t, "?-?", draw.String())
	p := New()
	for _, c := range p.AppendChances(nil) {
		assert.NotEqual(t, draw, c.Move)
	}
	for _, at := range []Position{p, mustPlay(t, p, "2-5")} {
		err := at.Legal(draw)
		var me *rules.MoveError
		require.True(t, errors.As(err, &me), "%v", err)
		assert.ErrorIs(t, err, rules.ErrIllegal)
		assert.ErrorIs(t, err, ErrNoSuchTile)
		assert.Equal(t, "?-?", me.Move)
		q, err := at.Play(draw)
		assert.ErrorIs(t, err, ErrNoSuchTile)
		assert.Equal(t, at, q)
		assert.Equal(t, at, at.PlayUnchecked(draw), "PlayUnchecked ignores a draw of no tile")
	}
	d, err := rules.Erase(p)
	require.NoError(t, err)
	_, err = d.Play("9-9")
	assert.ErrorIs(t, err, rules.ErrSyntax, "the notation refuses numbers over 6 as before")
}

func TestCanEndAcceptsOnlyDominationResults(t *testing.T) {
	p := New()
	for _, o := range []rules.Outcome{
		rules.Win(2, rules.NoLegalTurn, 0),
		rules.Win(2, rules.NoLegalTurn, 1),
		rules.Draw(2, rules.PoolExhausted),
		rules.Draw(2, rules.Connection), // the reason is ignored
	} {
		assert.True(t, p.CanEnd(o), o.String())
	}
	for _, o := range []rules.Outcome{
		{},                                    // not over
		rules.Win(2, rules.NoLegalTurn),       // 0-0
		rules.Win(2, rules.NoLegalTurn, 0, 1), // 1-1
		rules.Win(3, rules.NoLegalTurn, 0),    // three seats
		rules.Draw(4, rules.PoolExhausted),
		rules.Win(1, rules.NoLegalTurn, 0),
	} {
		assert.False(t, p.CanEnd(o), o.String())
	}
}

func TestCanEndHoldsForEveryRandomGame(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(300) {
		s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(seed, 13))}
		end, _ := s.Playout(New(), -1)
		o := end.Outcome()
		require.True(t, o.Over(), "seed %d", seed)
		require.True(t, end.CanEnd(o), "seed %d: %v", seed, o)
		seen[o.Result()] = true
	}
	assert.True(t, seen["1-0"] && seen["0-1"], "random games end both ways: %v", seen)
}

// TestParseMoveNamesAWordThatIsNoMove: "pass" and "swap" used to say
// "expected a square", and "d4-b4, e5-e8" "expected a square" after the
// comma.
func TestParseMoveNamesAWordThatIsNoMove(t *testing.T) {
	p := New()
	for _, tc := range []struct {
		move   string
		offset int
		msg    string
	}{
		{"pass", 0, `unknown move word "pass": a turn is written like d4-b4,e5-e8 and a draw like 2-5`},
		{"swap", 0, `unknown move word "swap"`},
		{"draw", 0, `unknown move word "draw"`},
		{"d4-b4, e5-e8", 6, "a move holds no white space"},
		{"2-5 ", 3, "a move holds no white space"},
		{"x", 0, "expected a square"},
	} {
		_, err := p.ParseMove(tc.move)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.move, err)
		assert.Equal(t, "domination move", se.What)
		assert.Equal(t, tc.offset, se.Offset, tc.move)
		assert.Contains(t, se.Msg, tc.msg, tc.move)
	}
}
