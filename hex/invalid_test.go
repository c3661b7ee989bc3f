package hex

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// TestZeroPositionIsInert: the zero Position used to report A to move, no
// moves and outcome "*", a live game with nothing to play. It is the
// inert invalid value (see the package doc, "The invalid value").
func TestZeroPositionIsInert(t *testing.T) {
	var p Position
	assert.False(t, p.IsValid())
	assert.Equal(t, 0, p.Seats())
	assert.Equal(t, rules.Terminal, p.ToMove())
	assert.Equal(t, rules.Outcome{Reason: rules.Invalid}, p.Outcome())
	assert.Equal(t, "?", p.Outcome().Result())
	assert.Empty(t, p.AppendMoves(nil))
	assert.Empty(t, p.AppendChances(nil))
	assert.Equal(t, 0, p.MaxMoves())
	assert.Zero(t, testing.AllocsPerRun(10, func() { _ = p.AppendMoves(nil) }), "no room needed for no moves")
	assert.Equal(t, uint64(0), p.Hash())
	assert.Equal(t, "", p.Spec())
	assert.Equal(t, Config{}, p.Config())
	cols, rows := p.Size()
	assert.Equal(t, [2]int{0, 0}, [2]int{cols, rows})
	assert.Equal(t, rules.Terminal, p.Turn(), "no seat: the invalid value has none")
	assert.Equal(t, Empty, p.ColorOf(p.Turn()))
	assert.Equal(t, Empty, p.ColorOf(1))
	assert.Equal(t, Empty, p.At(NewSquare(0, 0)))
	assert.Equal(t, Empty, p.Winner())
	assert.Equal(t, 0, p.Ply())
	assert.Equal(t, SwapNone, p.Swapped())
	assert.Equal(t, 0, p.NumActions())
	assert.Equal(t, 0, p.NumChanceActions())
	assert.Equal(t, -1, p.ActionIndex(Swap))
	assert.Equal(t, -1, p.ActionIndex(Place(NewSquare(0, 0))))
	_, ok := p.ActionMove(0)
	assert.False(t, ok)
	planes, rows, cols := p.ObservationShape()
	assert.Equal(t, [3]int{0, 0, 0}, [3]int{planes, rows, cols})
	assert.Empty(t, p.AppendObservation(nil, 0))
	assert.Equal(t, 0, p.Symmetries())
	assert.Equal(t, Position{}, p.Transform(0))
	assert.Equal(t, NoMove, p.TransformMove(0, Place(NewSquare(0, 0))))
	assert.Equal(t, "<invalid hex position>", p.String())
	assert.Equal(t, "<invalid hex position>", p.Diagram())
	assert.Equal(t, "x <invalid hex position>", string(p.AppendText([]byte("x "))))

	v, ok := p.Evaluate(0)
	assert.False(t, ok)
	assert.Zero(t, v)
	for _, o := range []rules.Outcome{rules.Win(2, Connection, 0), rules.Win(2, Connection, 1), p.Outcome()} {
		assert.False(t, p.CanEnd(o), o.String())
	}
	trace := []rules.Played[Move]{{Move: Swap}}
	o, end, back, ok := p.Rollout(rand.New(rand.NewPCG(1, 2)), -1, trace)
	assert.False(t, ok)
	assert.Equal(t, rules.Outcome{}, o)
	assert.Equal(t, Position{}, end)
	assert.Equal(t, trace, back)

	for _, m := range []Move{Place(NewSquare(0, 0)), Place(NewSquare(2, 2)), Swap, NoMove, Move(0x1A1A)} {
		err := p.Legal(m)
		var me *rules.MoveError
		require.ErrorAs(t, err, &me, m.String())
		assert.ErrorIs(t, err, rules.ErrNoGame, m.String())
		assert.False(t, errors.Is(err, rules.ErrIllegal) || errors.Is(err, rules.ErrGameOver), "no game, not an illegal move")
		assert.Equal(t, m.String()+": not a game (a zero or invalid position)", err.Error())
		q, err := p.Play(m)
		assert.ErrorIs(t, err, rules.ErrNoGame)
		assert.Equal(t, Position{}, q)
		assert.Equal(t, Position{}, p.PlayUnchecked(m))
	}
	m, err := p.ParseMove("c3")
	require.NoError(t, err, "moves are read as on the largest board")
	assert.ErrorIs(t, p.Legal(m), rules.ErrNoGame)

	_, err = p.MarshalText()
	var ng *rules.NoGameError
	require.ErrorAs(t, err, &ng)
	assert.Equal(t, "hex.Position", ng.Type)
	_, err = json.Marshal(struct{ P Position }{p})
	assert.ErrorIs(t, err, rules.ErrNoGame, "json.Marshal of the invalid value fails")
	_, err = ParsePosition(p.String())
	assert.ErrorIs(t, err, rules.ErrSyntax, "no reader takes its text")
	_, err = rules.Erase(p)
	assert.ErrorIs(t, err, rules.ErrNoGame)
}

// TestParsePositionOfGarbageIsTheInvalidValue: ParsePosition("garbage")
// returned the zero Position with its error, which then passed for a
// game. Every failed parse returns the inert invalid value, and
// UnmarshalText leaves it behind rather than the position it held.
func TestParsePositionOfGarbageIsTheInvalidValue(t *testing.T) {
	p, err := ParsePosition("garbage")
	assert.ErrorIs(t, err, rules.ErrSyntax)
	assert.Equal(t, Position{}, p)
	assert.Equal(t, rules.Terminal, p.ToMove())
	for _, text := range []string{"garbage", "", "3/3/3", "3/1X1/3 b -", "B2/B2/B2 w -", "hex(size=5) 3/3/3 b -",
		"hex(size=40) 3/3/3 b -", "<invalid hex position>", "27/27 b -", "BW1/BW1/BW1 b -"} {
		p, err := ParsePosition(text)
		assert.Error(t, err, text)
		assert.Equal(t, Position{}, p, text)
		p, err = Sized(3).ParsePosition(text)
		assert.Error(t, err, text)
		assert.Equal(t, Position{}, p, text)

		q := mustPlay(t, Sized(3).Start(), "b2")
		assert.Error(t, q.UnmarshalText([]byte(text)), text)
		assert.Equal(t, Position{}, q, "%q: a failed UnmarshalText leaves the invalid value", text)
		_, err = rules.OpenPosition("hex(size=3)", text)
		assert.Error(t, err, text)
	}
	p, err = Config{Cols: 40, Rows: 40}.ParsePosition("3/3/3 b -")
	var se *notation.SpecError
	assert.ErrorAs(t, err, &se, "an invalid configuration reads no text")
	assert.Equal(t, Position{}, p)
}

// TestStartOfOversizedConfigIsInvalid: Config{Cols: 40, Rows: 40}.Start()
// used to be clamped to a 26×26 game. Start of any configuration Validate
// refuses is the invalid value, and Validate says which option is wrong.
func TestStartOfOversizedConfigIsInvalid(t *testing.T) {
	assert.Equal(t, Position{}, Config{Cols: 40, Rows: 40}.Start())
	for _, tc := range []struct {
		c      Config
		option string
	}{
		{Config{Cols: 40, Rows: 40}, "size"},
		{Config{}, "size"},
		{Config{Cols: 27, Rows: 11}, "size"},
		{Config{Cols: 11, Rows: 27}, "size"},
		{Config{Cols: 0, Rows: 11}, "size"},
		{Config{Cols: -1, Rows: 5}, "size"},
		{Config{Cols: 256 + 11, Rows: 11}, "size"}, // 11 as a byte
		{Sized(40), "size"},
		{Config{Cols: 5, Rows: 5, Swap: SwapPieces + 1}, "swap"},
		{Config{Cols: 5, Rows: 6, Swap: SwapPieces}, "swap"},
	} {
		err := tc.c.Validate()
		var se *notation.SpecError
		require.ErrorAs(t, err, &se, "%+v", tc.c)
		assert.Equal(t, tc.option, se.Option, "%+v", tc.c)
		assert.Equal(t, Position{}, tc.c.Start(), "%+v", tc.c)
	}
	// Every configuration Validate accepts starts as itself: nothing is
	// repaired.
	for cols := -1; cols <= MaxSize+1; cols++ {
		for rows := -1; rows <= MaxSize+1; rows++ {
			for mode := SwapSides; mode <= SwapPieces+1; mode++ {
				c := Config{Cols: cols, Rows: rows, Swap: mode}
				p := c.Start()
				if c.Validate() != nil {
					require.Equal(t, Position{}, p, "%+v", c)
					continue
				}
				require.True(t, p.IsValid(), "%+v", c)
				require.Equal(t, c, p.Config(), "%+v", c)
			}
		}
	}
}

// TestNewSquareOffGridIsNoSquare: hex.Cell(258, 2) used to be c3, its
// coordinates masked to a byte. NewSquare gives NoSquare for coordinates
// off the 26×26 grid, and Place(NoSquare) is NoMove.
func TestNewSquareOffGridIsNoSquare(t *testing.T) {
	assert.Equal(t, NoSquare, NewSquare(258, 2), "not c3")
	assert.Equal(t, NoMove, Place(NewSquare(258, 2)))
	assert.NotEqual(t, "c3", Place(NewSquare(258, 2)).String())
	for _, fr := range [][2]int{{-1, 0}, {0, -1}, {MaxSize, 0}, {0, MaxSize}, {2, 258}, {1 << 40, 0}, {-256, 2}} {
		sq := NewSquare(fr[0], fr[1])
		assert.Equal(t, NoSquare, sq, "%v", fr)
		assert.Equal(t, NoMove, Place(sq), "%v", fr)
	}
	assert.False(t, NoSquare.IsValid())
	assert.Equal(t, "?", NoSquare.String())
	assert.Equal(t, -1, NoSquare.File())
	assert.Equal(t, -1, NoSquare.Rank())
	assert.Equal(t, "?", NoMove.String())
	assert.Equal(t, NoSquare, NoMove.Square())
	assert.Equal(t, NoSquare, Swap.Square())
	for _, raw := range []Square{0x001A, 0x1A00, 0x00FF, 0xFF00, 0x1A1A} {
		assert.False(t, raw.IsValid(), "%#x", uint16(raw))
		assert.Equal(t, "?", raw.String(), "%#x", uint16(raw))
		assert.Equal(t, NoMove, Place(raw), "%#x", uint16(raw))
		assert.Equal(t, NoSquare, Move(raw).Square(), "%#x", uint16(raw))
		assert.Equal(t, "?", Move(raw).String(), "%#x", uint16(raw))
	}
	// Every square of the grid, and only those, round-trips.
	seen := map[Square]bool{}
	for rank := range MaxSize {
		for file := range MaxSize {
			sq := NewSquare(file, rank)
			require.True(t, sq.IsValid())
			require.False(t, seen[sq])
			seen[sq] = true
			require.Equal(t, [2]int{file, rank}, [2]int{sq.File(), sq.Rank()})
			m := Place(sq)
			require.Equal(t, sq, m.Square())
			require.False(t, m.IsSwap())
			require.Equal(t, sq.String(), m.String())
			back, err := largest().ParseMove(m.String())
			require.NoError(t, err)
			require.Equal(t, m, back)
		}
	}
	assert.Equal(t, "c3", NewSquare(2, 2).String())
	assert.Equal(t, "z26", NewSquare(25, 25).String())
}

// largest returns the start of the largest board, on which every square
// of the grid is a cell.
func largest() Position { return Sized(MaxSize).Start() }

// TestNoMoveIsRefusedNamingTheGrid: NoMove, and any value that is no
// move, is refused in every position, with a reason naming the grid; a
// square on the grid but off a smaller board stays ErrOffBoard.
func TestNoMoveIsRefusedNamingTheGrid(t *testing.T) {
	over := mustPlay(t, Config{Cols: 2, Rows: 2, Swap: SwapNone}.Start(), "a1", "b1", "a2")
	require.True(t, over.Outcome().Over())
	for _, p := range []Position{New(), mustPlay(t, New(), "f6"), mustPlay(t, New(), "f6", "swap"), largest(), over} {
		for _, m := range []Move{NoMove, Place(NewSquare(258, 2)), Move(0x001A), Move(0x1A00), Move(0xFF00)} {
			err := p.Legal(m)
			assert.ErrorIs(t, err, rules.ErrIllegal, "%s: %v", p, m)
			assert.ErrorIs(t, err, ErrNoSuchSquare, "%s: %v", p, m)
			assert.Equal(t, "?: illegal move: no such square: files run from a to z and ranks from 1 to 26", err.Error())
			q, err := p.Play(m)
			assert.ErrorIs(t, err, ErrNoSuchSquare)
			assert.Equal(t, p, q)
			assert.Equal(t, p, p.PlayUnchecked(m))
		}
	}
	u3 := Place(NewSquare(20, 2))
	assert.Equal(t, "u3", u3.String())
	assert.ErrorIs(t, New().Legal(u3), ErrOffBoard, "on the grid, off the 11×11 board")
	assert.NoError(t, largest().Legal(u3))
	assert.ErrorIs(t, over.Legal(u3), rules.ErrGameOver)

	// NoMove has no text: it does not marshal, and a failed read leaves it.
	_, err := NoMove.MarshalText()
	assert.ErrorIs(t, err, ErrNoSuchSquare)
	_, err = json.Marshal(struct{ M Move }{NoMove})
	assert.Error(t, err)
	m := Place(NewSquare(2, 2))
	assert.Error(t, m.UnmarshalText([]byte("zz99")))
	assert.Equal(t, NoMove, m)
	m, err = New().ParseMove("u3")
	assert.ErrorIs(t, err, rules.ErrSyntax)
	assert.Equal(t, NoMove, m, "a failed ParseMove returns NoMove, not a1")
}

// TestHashOfTheStartIsNotZeroAndVariantsDiffer: the empty board hashed to
// 0 (the invalid value's hash) in every variant, and boards of different
// variants with the same stones hashed alike. The variant is in the hash.
func TestHashOfTheStartIsNotZeroAndVariantsDiffer(t *testing.T) {
	seen := map[uint64]Config{}
	for cols := 1; cols <= MaxSize; cols++ {
		for rows := 1; rows <= MaxSize; rows++ {
			for mode := SwapSides; mode <= SwapPieces; mode++ {
				c := Config{Cols: cols, Rows: rows, Swap: mode}
				if c.Validate() != nil {
					continue
				}
				h := c.Start().Hash()
				require.NotZero(t, h, "%v", c)
				other, dup := seen[h]
				require.False(t, dup, "%v and %v share the start hash %x", c, other, h)
				seen[h] = c
			}
		}
	}
	// The same stones in three variants of one size.
	sides := mustPlay(t, Sized(5).Start(), "c3")
	none := mustPlay(t, Config{Cols: 5, Rows: 5, Swap: SwapNone}.Start(), "c3")
	pieces := mustPlay(t, Config{Cols: 5, Rows: 5, Swap: SwapPieces}.Start(), "c3")
	assert.NotEqual(t, sides.Hash(), none.Hash(), "the swap is legal in one and not the other")
	assert.NotEqual(t, sides.Hash(), pieces.Hash())
	assert.NotEqual(t, none.Hash(), pieces.Hash())
	// A hash is never 0 in a game, whatever the stones.
	s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(3, 4))}
	for n := 1; n <= 13; n++ {
		for _, c := range []Config{Sized(n), {Cols: n, Rows: n, Swap: SwapNone}, {Cols: n, Rows: n, Swap: SwapPieces}} {
			p := c.Start()
			for p.Outcome().Reason == rules.NotOver {
				p, _ = s.Playout(p, 1)
				require.NotZero(t, p.Hash(), "%s", p)
			}
		}
	}
}

// TestHashLetsTranspositionsMeet: the same stones placed in another order
// give the same position and hash; the ply is implied by the stones and
// the swap, so the hash leaves it out.
func TestHashLetsTranspositionsMeet(t *testing.T) {
	a := mustPlay(t, New(), "a1", "b2", "c3", "d4")
	b := mustPlay(t, New(), "c3", "d4", "a1", "b2")
	assert.Equal(t, a, b)
	assert.Equal(t, a.Hash(), b.Hash())
	c := mustPlay(t, New(), "b2", "a1", "c3", "d4")
	assert.NotEqual(t, a.Hash(), c.Hash(), "the stones have other colours")
}

// TestTurnIsTheSeatAndColorOfGivesItsColour: Turn used to return the
// colour to move; it returns the seat, as in every game, and ColorOf
// gives the colour.
func TestTurnIsTheSeatAndColorOfGivesItsColour(t *testing.T) {
	p := Sized(5).Start()
	assert.Equal(t, rules.Player(0), p.Turn())
	assert.Equal(t, Black, p.ColorOf(p.Turn()))
	p = mustPlay(t, p, "b4", "swap")
	assert.Equal(t, rules.Player(0), p.Turn(), "after swap-sides the first stone's placer moves")
	assert.Equal(t, White, p.ColorOf(p.Turn()), "as White (R-H1)")
	over := mustPlay(t, Config{Cols: 2, Rows: 2, Swap: SwapNone}.Start(), "a1", "b1", "a2")
	assert.Equal(t, rules.Terminal, over.ToMove())
	assert.Equal(t, rules.Player(1), over.Turn(), "once over, the seat that would have moved")
	assert.Equal(t, Empty, p.ColorOf(rules.Terminal))
	assert.Equal(t, Empty, p.ColorOf(2))
}
