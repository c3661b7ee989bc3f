package domination

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestNewTileRefusesNumbersOutsideZeroToSix(t *testing.T) {
	for _, n := range [][2]int{{9, 9}, {7, 0}, {0, 7}, {-1, 3}, {3, -1}, {14, 14}, {-7, -7}, {1 << 40, 2}} {
		tile := NewTile(n[0], n[1])
		assert.Equal(t, NoTile, tile, "NewTile(%d, %d) is never wrapped onto a real tile", n[0], n[1])
		assert.False(t, tile.IsValid())
		assert.Equal(t, "?-?", tile.String())
		low, high := tile.Numbers()
		assert.Equal(t, [2]int{-1, -1}, [2]int{low, high})
	}
	assert.Equal(t, "2-5", NewTile(5, 2).String(), "numbers 0..6 in either order still work")
	assert.Equal(t, "0-6", NewTile(6, 0).String())
	assert.True(t, NewTile(6, 6).IsValid())
	assert.Equal(t, "?-?", Tile(200).String(), "every tile from NumTiles up is invalid")

	// A draw of an invalid tile is NoMove, no chance outcome: refused
	// everywhere, never played as another tile.
	draw := Draw(NewTile(9, 9))
	assert.Equal(t, NoMove, draw)
	assert.Equal(t, NoMove, Draw(Tile(200)), "Draw does not wrap either")
	assert.False(t, draw.IsDraw())
	assert.Equal(t, NoTile, draw.Tile())
	assert.Equal(t, "?", draw.String())
	p := New()
	for _, c := range p.AppendChances(nil) {
		assert.NotEqual(t, draw, c.Move)
	}
	for _, at := range []Position{p, mustPlay(t, p, "2-5")} {
		err := at.Legal(draw)
		var me *rules.MoveError
		require.True(t, errors.As(err, &me), "%v", err)
		assert.ErrorIs(t, err, rules.ErrIllegal)
		assert.ErrorIs(t, err, ErrNoSuchMove)
		assert.Equal(t, "?", me.Move)
		assert.Contains(t, err.Error(), "domino numbers from 0 (blank) to 6")
		q, err := at.Play(draw)
		assert.ErrorIs(t, err, ErrNoSuchMove)
		assert.Equal(t, at, q)
		assert.Equal(t, at, at.PlayUnchecked(draw), "PlayUnchecked ignores NoMove")
	}
	d, err := rules.Erase(p)
	require.NoError(t, err)
	_, err = d.Play("9-9")
	assert.ErrorIs(t, err, rules.ErrSyntax, "the notation refuses numbers over 6 as before")
}

func TestCanEndAcceptsOnlyDominationResults(t *testing.T) {
	p := New()
	for _, o := range []rules.Outcome{
		rules.Win(2, NoLegalTurn, 0),
		rules.Win(2, NoLegalTurn, 1),
		rules.Draw(2, PoolExhausted),
		rules.Draw(2, rules.Agreement), // the reason is ignored
	} {
		assert.True(t, p.CanEnd(o), o.String())
	}
	for _, o := range []rules.Outcome{
		{},                              // not over
		rules.Win(2, NoLegalTurn),       // 0-0
		rules.Win(2, NoLegalTurn, 0, 1), // 1-1
		rules.Win(3, NoLegalTurn, 0),    // three seats
		rules.Draw(4, PoolExhausted),
		rules.Win(1, NoLegalTurn, 0),
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

// TestTextWithNoDominoPlacedHasThePiecesOnTheirStartSquares: with no
// domino placed nobody has moved, so a text whose pieces stand elsewhere
// than on the start (or on its image under a quarter turn, which the
// symmetries give) is no position of a game; it used to be read.
func TestTextWithNoDominoPlacedHasThePiecesOnTheirStartSquares(t *testing.T) {
	pool := New().String()[len("B7/8/8/4A3/3A4/8/8/7B A - "):]
	for _, board := range []string{
		"B7/8/8/4A3/2A5/8/8/7B",  // X on c4, not d4
		"B7/8/8/8/3AA3/8/8/7B",   // X on d4 and e4
		"1B6/8/8/4A3/3A4/8/8/7B", // O on b8, not a8
		"B7/8/8/4A3/3A4/8/8/6B1", // O on g1, not h1
		"A7/8/8/4B3/3B4/8/8/7A",  // the colours swapped
	} {
		for _, drawn := range []string{"-", "2-5"} {
			text := board + " A " + drawn + " " + pool
			if drawn != "-" {
				text = board + " A 2-5 " + strings.Replace(pool, "2-5,", "", 1)
			}
			p, err := ParsePosition(text)
			var se *rules.SyntaxError
			require.ErrorAs(t, err, &se, text)
			assert.Equal(t, "no domino is placed, so nobody has moved: X (A) stands on d4 and e5 and O (B) on a8 and h1 (R-D1), "+
				"or, a quarter turn away, X on d5 and e4 and O on a1 and h8", se.Msg)
			assert.Equal(t, 0, se.Offset)
			assert.Equal(t, Position{}, p)
		}
	}
	// The start, before and after the first draw, still reads; so does
	// its image under a quarter turn.
	quarter := New().Transform(4)
	require.Equal(t, "7B/8/8/3A4/4A3/8/8/B7 A - "+pool, quarter.String())
	for _, p := range []Position{New(), mustPlay(t, New(), "2-5"), mustPlay(t, New(), "0-0"), quarter, mustPlay(t, quarter, "1-3")} {
		q, err := ParsePosition(p.String())
		require.NoError(t, err, p.String())
		assert.Equal(t, p, q)
	}
}

// TestTextWithOneDominoPlacedIsOneOfXsFirstTurns: with one domino placed
// only X has moved, once, from the start: the board is the start after
// one of X's turns with that domino, or it is refused.
func TestTextWithOneDominoPlacedIsOneOfXsFirstTurns(t *testing.T) {
	after := mustPlay(t, New(), "2-5", "d4-b4,e5-e8")
	require.Equal(t, "B3A3/8/8/8/1A1[2-5]4/8/8/7B B - 0-0,0-1,0-2,0-3,0-4,0-5,0-6,1-1,1-2,1-3,1-4,1-5,1-6,2-2,2-3,2-4,2-6,3-3,3-4,3-5,3-6,4-4,4-5,4-6,5-5,5-6,6-6", after.String())
	rest := after.String()[len("B3A3/8/8/8/1A1[2-5]4/8/8/7B"):]
	for _, board := range []string{
		"B3A3/8/8/8/A2[2-5]4/8/8/7B",   // X went d4-a4: 3 squares, not 2 or 5
		"B3A3/8/8/8/1A1[2-5]4/8/8/6B1", // O moved too
		"B3A3/8/8/8/1A2[2-5]3/8/8/7B",  // the domino on e4, where no piece stood
		"B7/8/8/4A3/1A1[2-5]4/8/8/7B",  // e5 did not move
		"B7/A7/8/8/1A1[2-5]4/8/8/7B",   // e5-a7 is no line
	} {
		_, err := ParsePosition(board + rest)
		var se *rules.SyntaxError
		require.ErrorAs(t, err, &se, board)
		assert.Equal(t, "one domino is placed, so X (A) has made the only turn, from the start (R-D1, or its image under a quarter turn), and no turn with 2-5 gives this board", se.Msg)
	}
	// Every one of X's first turns with every domino reads back, from the
	// start and from its image under a quarter turn.
	for _, start := range []Position{New(), New().Transform(5)} {
		for _, draw := range start.AppendMoves(nil) {
			p := start.PlayUnchecked(draw)
			for _, m := range p.AppendMoves(nil) {
				q := p.PlayUnchecked(m)
				back, err := ParsePosition(q.String())
				require.NoError(t, err, q.String())
				require.Equal(t, q, back)
			}
		}
	}
}
