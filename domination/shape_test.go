package domination

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
)

// TestZeroPositionIsNoGameRatherThanADrawnGame: the zero Position used
// to read as a finished game, "1/2-1/2 (pool exhausted)". It is the
// inert invalid value: over with the Invalid outcome, no seats, no moves,
// every move refused with ErrNoGame, and a text no reader takes.
func TestZeroPositionIsNoGameRatherThanADrawnGame(t *testing.T) {
	var zero Position
	assert.False(t, zero.IsValid())
	assert.Equal(t, 0, zero.Seats())
	assert.Equal(t, rules.Terminal, zero.ToMove())
	assert.Equal(t, rules.Outcome{Reason: rules.Invalid}, zero.Outcome())
	assert.Equal(t, "?", zero.Outcome().Result())
	assert.Empty(t, zero.AppendMoves(nil))
	assert.Empty(t, zero.AppendChances(nil))
	assert.Zero(t, zero.Hash())
	assert.Equal(t, "", zero.Spec())
	assert.Equal(t, Config{}, zero.Config())
	files, ranks := zero.Size()
	assert.Equal(t, [2]int{0, 0}, [2]int{files, ranks})
	assert.Equal(t, 0, zero.MaxMoves())
	assert.Equal(t, rules.Terminal, zero.Turn(), "no seat's turn")
	assert.Equal(t, [2]Square{NoSquare, NoSquare}, zero.Pieces(0))
	tile, ok := zero.Pending()
	assert.Equal(t, NoTile, tile)
	assert.False(t, ok)
	assert.Empty(t, zero.Pool())
	assert.Zero(t, zero.PoolSize())
	_, ok = zero.PieceAt(sqr("d4"))
	assert.False(t, ok)
	_, ok = zero.DominoAt(sqr("d4"))
	assert.False(t, ok)
	v, ok := zero.Evaluate(0)
	assert.False(t, ok)
	assert.Zero(t, v)
	for _, o := range []rules.Outcome{rules.Win(2, NoLegalTurn, 0), rules.Draw(2, PoolExhausted), zero.Outcome()} {
		assert.False(t, zero.CanEnd(o), o.String())
	}

	assert.Equal(t, "<invalid domination position>", zero.String())
	assert.Equal(t, "<invalid domination position>", zero.Diagram())
	assert.Equal(t, "x <invalid domination position>", string(zero.AppendText([]byte("x "))))
	text, err := zero.MarshalText()
	assert.Nil(t, text)
	var nge *rules.NoGameError
	require.ErrorAs(t, err, &nge)
	assert.Equal(t, "domination.Position", nge.Type)
	assert.ErrorIs(t, err, rules.ErrNoGame)
	_, err = json.Marshal(struct{ P Position }{zero})
	assert.ErrorIs(t, err, rules.ErrNoGame)
	_, err = ParsePosition(zero.String())
	assert.Error(t, err)

	moves := append(New().AppendMoves(nil), mustPlay(t, New(), "2-5").AppendMoves(nil)...)
	moves = append(moves, NoMove, 0, drawFlag|Move(NoTile), 1<<31)
	for _, m := range moves {
		err := zero.Legal(m)
		var me *rules.MoveError
		require.ErrorAs(t, err, &me, m.String())
		assert.Equal(t, rules.ErrNoGame, me.Kind, m.String())
		assert.Equal(t, m.String(), me.Move)
		q, err := zero.Play(m)
		assert.ErrorIs(t, err, rules.ErrNoGame)
		assert.Equal(t, zero, q)
		assert.Equal(t, zero, zero.PlayUnchecked(m), "PlayUnchecked(%v) of the invalid value", m)
	}

	trace := []rules.Played[Move]{{Move: Draw(0), Seat: rules.Chance}}
	o, end, back, ok := zero.Rollout(rand.New(rand.NewPCG(1, 2)), -1, trace)
	assert.False(t, ok)
	assert.Equal(t, rules.Outcome{}, o)
	assert.Equal(t, zero, end)
	assert.Equal(t, trace, back)
	_, err = rules.Erase(zero)
	assert.ErrorIs(t, err, rules.ErrNoGame)
}

// TestFailedParsesReturnTheInvalidValue: whatever is wrong with a text,
// the position that comes back with the error is the invalid value, not
// the part read so far.
func TestFailedParsesReturnTheInvalidValue(t *testing.T) {
	start := New().String()
	for _, text := range []string{
		"", "garbage", start[:20], start + " x", "domination(size=8) " + start, "hex " + start,
		"B7/8/8/4A3/3A4/8/8/7B B - " + start[len("B7/8/8/4A3/3A4/8/8/7B A - "):],
		"B7/8/8/4A3/3A4/8/8/6B1 A - " + start[len("B7/8/8/4A3/3A4/8/8/7B A - "):],
		"<invalid domination position>",
	} {
		p, err := ParsePosition(text)
		assert.Error(t, err, text)
		assert.Equal(t, Position{}, p, text)
		var q Position
		assert.Error(t, q.UnmarshalText([]byte(text)), text)
		assert.Equal(t, Position{}, q, text)
	}
}

// TestNewSquareOffGridIsNoSquare: NewSquare masked its coordinates, so
// NewSquare(10, 1) was c2 and NewSquare(8, 8) was a1. Coordinates off the
// 8×8 grid give NoSquare, which names no square.
func TestNewSquareOffGridIsNoSquare(t *testing.T) {
	for _, c := range [][2]int{{10, 1}, {8, 8}, {8, 0}, {0, 8}, {-1, 0}, {0, -1}, {-8, -8}, {1 << 40, 2}, {2, 1<<40 + 1}} {
		sq := NewSquare(c[0], c[1])
		assert.Equal(t, NoSquare, sq, "NewSquare(%d, %d)", c[0], c[1])
	}
	assert.False(t, NoSquare.IsValid())
	assert.Equal(t, "?", NoSquare.String())
	assert.Equal(t, -1, NoSquare.File())
	assert.Equal(t, -1, NoSquare.Rank())
	assert.False(t, Square(64).IsValid(), "every value from 64 up is no square")
	assert.Equal(t, "?", Square(64).String())
	for file := range 8 {
		for rank := range 8 {
			sq := NewSquare(file, rank)
			require.True(t, sq.IsValid())
			assert.Equal(t, [2]int{file, rank}, [2]int{sq.File(), sq.Rank()})
			assert.Equal(t, string([]byte{byte('a' + file), byte('1' + rank)}), sq.String())
		}
	}
}

// TestTurnWithAnOffGridSquareIsNoMove: Turn masked its squares, so a
// square off the grid turned into another. Any invalid square gives
// NoMove, which Legal and Play refuse at every node, saying which grid
// the coordinates missed, and which PlayUnchecked ignores.
func TestTurnWithAnOffGridSquareIsNoMove(t *testing.T) {
	d4, b4, e5, e8 := sqr("d4"), sqr("b4"), sqr("e5"), sqr("e8")
	legal := Turn(d4, b4, e5, e8)
	require.Equal(t, "d4-b4,e5-e8", legal.String())
	off := NewSquare(11, 3) // d4 + 8 files, if it wrapped
	for _, m := range []Move{Turn(off, b4, e5, e8), Turn(d4, off, e5, e8), Turn(d4, b4, off, e8), Turn(d4, b4, e5, off),
		Turn(d4, b4, e5, Square(64)), Turn(NoSquare, NoSquare, NoSquare, NoSquare)} {
		assert.Equal(t, NoMove, m)
	}
	assert.Equal(t, "?", NoMove.String())
	assert.False(t, NoMove.IsDraw())
	assert.False(t, NoMove.IsTurn())
	f1, t1, f2, t2 := NoMove.Steps()
	assert.Equal(t, [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}, [4]Square{f1, t1, f2, t2})
	f1, t1, f2, t2 = Draw(NewTile(2, 5)).Steps()
	assert.Equal(t, [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}, [4]Square{f1, t1, f2, t2}, "a draw has no steps")

	drawn := mustPlay(t, New(), "2-5")
	require.NoError(t, drawn.Legal(legal))
	over := build(t, []string{"c8", "b1"}, []string{"c6", "f6"}, map[string]string{"e8": "3-1", "h8": "3-3", "b5": "5-4",
		"b4": "6-1", "c4": "6-4", "d4": "5-2", "h4": "4-2", "b2": "4-4", "h1": "3-0"}, "B", "5-6")
	require.Equal(t, rules.Terminal, over.ToMove())
	for _, p := range []Position{New(), drawn, over} {
		err := p.Legal(NoMove)
		var me *rules.MoveError
		require.ErrorAs(t, err, &me)
		assert.Equal(t, rules.ErrIllegal, me.Kind)
		assert.ErrorIs(t, err, ErrNoSuchMove)
		assert.Equal(t, "?: illegal move: no such move: squares run from a1 to h8 (files a to h, ranks 1 to 8) and domino numbers from 0 (blank) to 6", err.Error())
		q, err := p.Play(NoMove)
		assert.ErrorIs(t, err, ErrNoSuchMove)
		assert.Equal(t, p, q)
		assert.Equal(t, p, p.PlayUnchecked(NoMove))
	}
}

// TestPieceAtAndPiecesNameNoSquareForNoSeat: Pieces masked the seat (seat
// 2 gave seat 0's pieces).
func TestPieceAtAndPiecesNameNoSquareForNoSeat(t *testing.T) {
	p := New()
	assert.Equal(t, [2]Square{NoSquare, NoSquare}, p.Pieces(2))
	assert.Equal(t, [2]Square{NoSquare, NoSquare}, p.Pieces(rules.Chance))
	for sq, want := range map[string]rules.Player{"d4": 0, "e5": 0, "a8": 1, "h1": 1} {
		seat, ok := p.PieceAt(sqr(sq))
		assert.True(t, ok, sq)
		assert.Equal(t, want, seat, sq)
	}
	_, ok := p.PieceAt(sqr("d5"))
	assert.False(t, ok)
	_, ok = p.PieceAt(NoSquare)
	assert.False(t, ok)
	q := mustPlay(t, p, "2-5", "d4-b4,e5-e8")
	tile, ok := q.DominoAt(sqr("d4"))
	assert.True(t, ok)
	assert.Equal(t, NewTile(2, 5), tile)
	tile, ok = q.DominoAt(NoSquare)
	assert.False(t, ok)
	assert.Equal(t, NoTile, tile)
}

// TestHashHasAKeyOfTheGame: every position's hash holds the game's key,
// so that no position of a game hashes to 0, the invalid value's hash.
func TestHashHasAKeyOfTheGame(t *testing.T) {
	p := New()
	want := zGame
	for _, s := range []string{"d4", "e5"} {
		want ^= zPiece[0][sqr(s)]
	}
	for _, s := range []string{"a8", "h1"} {
		want ^= zPiece[1][sqr(s)]
	}
	assert.Equal(t, want, p.Hash())
	assert.NotZero(t, zGame)
}

// TestHashCoversTheDrawnDomino: the 28 draws from the start give 28
// positions with 28 hashes, none the start's; and the hash of a draw
// that loses at once (the lost flag) differs from the same board before
// the draw.
func TestHashCoversTheDrawnDomino(t *testing.T) {
	p := New()
	seen := map[uint64]string{p.Hash(): "start"}
	for _, m := range p.AppendMoves(nil) {
		q := p.PlayUnchecked(m)
		if other, ok := seen[q.Hash()]; ok {
			t.Fatalf("the draw %v has the hash of %s", m, other)
		}
		seen[q.Hash()] = m.String()
	}
	lost := mustPlay(t, New(), "2-5", "d4-b4,e5-e8", "0-3", "h1-h4,a8-b8", "1-3", "e8-h8,b4-b5")
	before := lost
	lost = mustPlay(t, lost, "6-6")
	require.Equal(t, NoLegalTurn, lost.Outcome().Reason)
	assert.NotEqual(t, before.Hash(), lost.Hash())
}

// TestEqualHashesDecideTheSameGame: over random games, positions with
// equal hashes have the same pool, drawn tile, seat, lost flag and text:
// the pool and the lost flag, which have no keys of their own, follow
// from what the hash covers.
func TestEqualHashesDecideTheSameGame(t *testing.T) {
	seen := map[uint64]string{}
	rapid.Check(t, func(t *rapid.T) {
		p := New()
		for p.ToMove() != rules.Terminal {
			if old, ok := seen[p.Hash()]; ok && old != p.String() {
				t.Fatalf("hash %x of %q and %q", p.Hash(), old, p.String())
			}
			seen[p.Hash()] = p.String()
			p = p.PlayUnchecked(rapid.SampledFrom(p.AppendMoves(nil)).Draw(t, "move"))
		}
	})
}
