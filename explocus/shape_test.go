package explocus

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// TestZeroPositionIsNoGameRatherThanAWinForBlack: the zero Position used
// to read as a finished game, "0-1 (elimination)". It is the inert
// invalid value: over with the Invalid outcome, no seats, no moves, every
// move refused with ErrNoGame, and a text no reader takes.
func TestZeroPositionIsNoGameRatherThanAWinForBlack(t *testing.T) {
	checkZero(t, Position{}, "explocus.Position")
	checkZero(t, HexPosition{}, "explocus.HexPosition")
}

func checkZero[P anyPosition[P]](t *testing.T, zero P, typ string) {
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
	cols, rows := zero.Size()
	assert.Equal(t, [2]int{0, 0}, [2]int{cols, rows})
	assert.Equal(t, 0, zero.MaxMoves())
	assert.Equal(t, rules.Terminal, zero.Turn(), "no seat's turn")
	assert.Zero(t, zero.Men(0)+zero.Men(1))
	assert.Zero(t, zero.Ply())
	for _, s := range []Square{NewSquare(0, 0), NewSquare(2, 2), NoSquare} {
		assert.False(t, zero.OnBoard(s))
		assert.Zero(t, zero.Capacity(s))
		_, h := zero.At(s)
		assert.Zero(t, h)
	}
	v, ok := zero.Evaluate(0)
	assert.False(t, ok)
	assert.Zero(t, v)
	for _, o := range []rules.Outcome{rules.Win(2, rules.Elimination, 1), rules.Draw(2, rules.PlyLimit), zero.Outcome()} {
		assert.False(t, zero.CanEnd(o), o.String())
	}

	assert.Equal(t, "<invalid explocus position>", zero.String())
	assert.Equal(t, "<invalid explocus position>", zero.Diagram())
	assert.Equal(t, "x <invalid explocus position>", string(zero.AppendText([]byte("x "))))
	text, err := zero.MarshalText()
	assert.Nil(t, text)
	var nge *rules.NoGameError
	require.ErrorAs(t, err, &nge)
	assert.Equal(t, typ, nge.Type)
	_, err = json.Marshal(struct{ P P }{zero})
	assert.ErrorIs(t, err, rules.ErrNoGame)
	_, err = ParsePosition(zero.String())
	assert.Error(t, err)
	_, err = ParseHexPosition(zero.String())
	assert.Error(t, err)
	_, err = zero.ParseMove("a1-a2")
	var se *rules.SyntaxError
	assert.ErrorAs(t, err, &se)

	moves := append(New().AppendMoves(nil), HexDefault.StartHex().AppendMoves(nil)...)
	moves = append(moves, offGrid...)
	moves = append(moves, 0, 1<<31)
	for _, m := range moves {
		err := zero.Legal(m)
		var me *rules.MoveError
		require.ErrorAs(t, err, &me, m.String())
		assert.Equal(t, rules.ErrNoGame, me.Kind, m.String())
		q, err := zero.Play(m)
		assert.ErrorIs(t, err, rules.ErrNoGame)
		assert.Equal(t, zero, q)
		assert.Equal(t, zero, zero.PlayUnchecked(m), "PlayUnchecked(%v) of the invalid value", m)
	}

	trace := []rules.Played[Move]{{Move: mv(1, 6, 1, 7), Seat: 0}}
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
	start, hexStart := New().String(), HexDefault.StartHex().String()
	for _, text := range []string{
		"", "garbage", start[:30], start + " x", start[:len(start)-1] + "1", "explocus(rows=9,cols=8) " + start,
		"A2../.../... B 0", "AAA/A2B3A2/A.B A 0", hexStart[:40], "hexplocus(size=14) " + hexStart[len("hexplocus(size=6) "):],
		"explocus(rows=3,cols=3,plylimit=1) A../.../..B A 2", "<invalid explocus position>",
	} {
		p, err := ParsePosition(text)
		assert.Error(t, err, text)
		assert.Equal(t, Position{}, p, text)
		var q Position
		assert.Error(t, q.UnmarshalText([]byte(text)), text)
		assert.Equal(t, Position{}, q, text)
		h, err := ParseHexPosition(text)
		assert.Error(t, err, text)
		assert.Equal(t, HexPosition{}, h, text)
	}
}

// TestStartOfAnOutOfRangeConfigIsInvalid: Start clamped such a
// configuration into a game (Config{Rows: 40, Cols: 40} played 26×26).
// It gives the invalid value, and Validate names the option at fault.
func TestStartOfAnOutOfRangeConfigIsInvalid(t *testing.T) {
	for _, tc := range []struct {
		c      Config
		option string
		msg    string
	}{
		{Config{Rows: 40, Cols: 40}, "rows", "rows must be from 3 to 26, not 40"},
		{Config{Rows: 2, Cols: 8}, "rows", "rows must be from 3 to 26, not 2"},
		{Config{Rows: 8, Cols: 27}, "cols", "cols must be from 3 to 26, not 27"},
		{Config{Rows: 8, Cols: -3}, "cols", "cols must be from 3 to 26, not -3"},
		{Config{}, "rows", "rows must be from 3 to 26, not 0"},
		{Config{Rows: 8, Cols: 8, PlyLimit: -1}, "plylimit", "plylimit must be from 0 to 1073741824, not -1"},
		{Config{Rows: 8, Cols: 8, PlyLimit: MaxPlyLimit + 1}, "plylimit", "plylimit must be from 0 to 1073741824, not 1073741825"},
		{Config{Side: 99}, "size", "size must be from 3 to 13, not 99"},
		{Config{Side: 2}, "size", "size must be from 3 to 13, not 2"},
		{Config{Side: -6}, "size", "size must be from 3 to 13, not -6"},
		{Config{Side: 6, Rows: 11, Cols: 11}, "size", "a hexagonal board (Side set) leaves Rows and Cols 0, not rows 11, cols 11"},
		{Config{Side: 6, PlyLimit: -5}, "plylimit", "plylimit must be from 0 to 1073741824, not -5"},
	} {
		err := tc.c.Validate()
		var se *notation.SpecError
		require.ErrorAs(t, err, &se, "%+v", tc.c)
		assert.Equal(t, tc.option, se.Option, "%+v", tc.c)
		assert.Equal(t, tc.msg, se.Msg, "%+v", tc.c)
		assert.Equal(t, Position{}, tc.c.Start(), "%+v", tc.c)
		assert.Equal(t, HexPosition{}, tc.c.StartHex(), "%+v", tc.c)
	}
	for _, c := range []Config{Default, HexDefault, {Rows: 3, Cols: 26, PlyLimit: MaxPlyLimit}, {Side: 13}, {Side: 3, PlyLimit: 1}} {
		require.NoError(t, c.Validate(), "%+v", c)
		p := startState(c)
		assert.True(t, p.IsValid())
		assert.Equal(t, c, p.Config())
	}
}

// TestNewSquareOffGridIsNoSquare: squares used to be masked into bytes,
// so file 258 was file 2 (c). Coordinates off the 26×26 grid give
// NoSquare; a square of the grid stays valid even where a board does not
// reach.
func TestNewSquareOffGridIsNoSquare(t *testing.T) {
	for _, c := range [][2]int{{258, 2}, {26, 0}, {0, 26}, {-1, 0}, {0, -1}, {1 << 40, 3}, {3, 1<<40 + 2}} {
		assert.Equal(t, NoSquare, NewSquare(c[0], c[1]), "NewSquare(%d, %d)", c[0], c[1])
	}
	assert.False(t, NoSquare.IsValid())
	assert.Equal(t, "?", NoSquare.String())
	assert.Equal(t, [2]int{-1, -1}, [2]int{NoSquare.File(), NoSquare.Rank()})
	assert.False(t, Square(26).IsValid(), "file 26 (a 27th file) is off the grid")
	assert.False(t, Square(26<<8).IsValid(), "rank 27 is off the grid")
	for file := range MaxSize {
		for rank := range MaxSize {
			s := NewSquare(file, rank)
			require.True(t, s.IsValid())
			require.Equal(t, [2]int{file, rank}, [2]int{s.File(), s.Rank()})
			require.Equal(t, notation.FileName(file)+itoa(rank+1), s.String())
		}
	}
	p := New()
	assert.False(t, p.OnBoard(NewSquare(8, 0)), "i1 is on the grid, off the 8×8 board")
	assert.True(t, p.OnBoard(NewSquare(7, 7)))
	assert.False(t, p.OnBoard(NoSquare))
	assert.Zero(t, p.Capacity(NoSquare))
	_, h := p.At(NoSquare)
	assert.Zero(t, h)
	_, h = p.At(NewSquare(1, 6))
	assert.Equal(t, 1, h, "b7 holds a man")
}

// TestStackMoveOffGridIsNoMove: NewMove(258, 2, 258, 4) was c3-c5, legal
// at the start. A move with a square off the grid is NoMove, which Legal
// and Play refuse, naming the grid, and PlayUnchecked ignores; a move to
// a square of the grid off the board stays ErrOffBoard.
func TestStackMoveOffGridIsNoMove(t *testing.T) {
	c3, c5 := NewSquare(2, 2), NewSquare(2, 4)
	require.Equal(t, "c3-c5", StackMove(c3, c5).String())
	for _, m := range []Move{mv(258, 2, 258, 4), StackMove(NewSquare(258, 2), c5), StackMove(c3, NewSquare(2, 260)),
		StackMove(NoSquare, c5), StackMove(c3, Square(26))} {
		assert.Equal(t, NoMove, m)
	}
	assert.Equal(t, "?", NoMove.String())
	assert.Equal(t, NoSquare, NoMove.From())
	assert.Equal(t, NoSquare, NoMove.To())
	assert.Zero(t, NoMove.Count())
	assert.Equal(t, "Move(1704193)", Move(26<<16|1<<8|1).String(), "a raw value with a square off the grid (file 26) is no move either")

	limited := Config{Rows: 8, Cols: 8, PlyLimit: 2}.Start()
	over := mustPlay(t, limited, "b7-b8", "d7-d8")
	require.Equal(t, rules.Terminal, over.ToMove())
	checkNoMove(t, New())
	checkNoMove(t, HexDefault.StartHex())
	checkNoMove(t, over)
	assert.ErrorIs(t, New().Legal(mv(2, 2, 2, 9)), ErrOffBoard, "c3-c10: on the grid, off the 8×8 board")
	assert.ErrorIs(t, HexDefault.StartHex().Legal(mv(0, 5, 0, 6)), ErrOffBoard, "a6-a7: on the grid, off the hexagon")
}

func checkNoMove[P anyPosition[P]](t *testing.T, p P) {
	{
		err := p.Legal(NoMove)
		var me *rules.MoveError
		require.ErrorAs(t, err, &me)
		assert.Equal(t, rules.ErrIllegal, me.Kind)
		assert.ErrorIs(t, err, ErrNoSuchSquare)
		assert.Equal(t, "?: illegal move: no such square: files run from a to z and ranks from 1 to 26", err.Error())
		q, err := p.Play(NoMove)
		assert.ErrorIs(t, err, ErrNoSuchSquare)
		assert.Equal(t, p, q)
		assert.Equal(t, p, p.PlayUnchecked(NoMove))
		assert.ErrorIs(t, p.Legal(mv(2, 2, 26, 2)), ErrNoSuchSquare)
		assert.ErrorIs(t, p.Legal(Move(26<<16|1<<8|1)), ErrNoSuchSquare)
	}
}

// TestTurnIsTheSeatWhoseTurnItIs: Turn is the seat to move while the
// game goes on, and the seat that would have moved once it is over.
func TestTurnIsTheSeatWhoseTurnItIs(t *testing.T) {
	p := Config{Rows: 8, Cols: 8, PlyLimit: 2}.Start()
	assert.Equal(t, rules.Player(0), p.Turn())
	p = mustPlay(t, p, "b7-b8")
	assert.Equal(t, rules.Player(1), p.Turn())
	p = mustPlay(t, p, "d7-d8")
	assert.Equal(t, rules.Terminal, p.ToMove())
	assert.Equal(t, rules.Player(0), p.Turn())
}

// TestHashCoversThePlyUnderAPlyLimit: in explocus(plylimit=4) the start
// and the finished game after b7-b8 d7-d8 b8-b7 d8-d7, the same board,
// shared a hash: a transposition table returned a live value for a drawn
// game. Under a ply limit the hash covers the ply; without one the two
// positions still meet in one hash. The same on the hexagon.
func TestHashCoversThePlyUnderAPlyLimit(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		moves []string
	}{
		{"explocus(plylimit=4)", []string{"b7-b8", "d7-d8", "b8-b7", "d8-d7"}},
		{"hexplocus(plylimit=4)", []string{"g6-f6", "c6-b6", "f6-g6", "b6-c6"}},
	} {
		c, err := ParseSpec(tc.spec)
		require.NoError(t, err)
		if c.IsHex() {
			checkHashCoversPly(t, c, c.StartHex(), tc.moves)
			c.PlyLimit = 0
			checkHashCoversPly(t, c, c.StartHex(), tc.moves)
		} else {
			checkHashCoversPly(t, c, c.Start(), tc.moves)
			c.PlyLimit = 0
			checkHashCoversPly(t, c, c.Start(), tc.moves)
		}
	}
}

// checkHashCoversPly plays moves from start: under a ply limit every
// ply has its own hash; without one the start and the end meet in one.
func checkHashCoversPly[P anyPosition[P]](t *testing.T, c Config, start P, moves []string) {
	spec := c.String()
	end := mustPlay(t, start, moves...)
	if c.PlyLimit == 0 {
		assert.Equal(t, start.Hash(), end.Hash(), "%s without a limit: the ply decides nothing, transpositions meet", spec)
		assert.NotEqual(t, start, end, "the positions differ in their ply")
		return
	}
	{
		tc := struct {
			spec  string
			moves []string
		}{spec, moves}
		require.Equal(t, board(start), board(end), tc.spec)
		require.Equal(t, rules.PlyLimit, end.Outcome().Reason, tc.spec)
		assert.NotEqual(t, start.Hash(), end.Hash(), tc.spec)
		// Every ply on the way has its own hash, and the incremental hash
		// is the one from scratch.
		p, seen := start, map[uint64]int{start.Hash(): 0}
		for i, s := range tc.moves {
			p = mustPlay(t, p, s)
			_, dup := seen[p.Hash()]
			assert.False(t, dup, "%s: ply %d", tc.spec, i+1)
			seen[p.Hash()] = i + 1
			q := p.core()
			assert.Equal(t, q.computeHash(), p.Hash())
		}
	}
}

// TestHashCoversTheConfiguration: the same men on the same cells of two
// boards (3×3 and 3×4; 5×5 and the hexagon of side 3), or of one board
// with and without a ply limit, are positions of different games; they
// used to share a hash. Every hash holds a key of its configuration.
func TestHashCoversTheConfiguration(t *testing.T) {
	texts := []string{
		".../.../AB. A 0",
		"..../..../AB.. A 0",
		"...../...../...../...../AB... A 0",
		"hexplocus(size=3) .../..../...../..../AB. A 0",
		"explocus(rows=3,cols=3,plylimit=10) .../.../AB. A 0",
		"explocus(rows=3,cols=3,plylimit=11) .../.../AB. A 0",
		"hexplocus(size=3,plylimit=10) .../..../...../..../AB. A 0",
	}
	seen := map[uint64]string{}
	for _, text := range texts {
		var p state
		var err error
		if strings.HasPrefix(text, "hexplocus") {
			c, _ := ParseSpec(strings.Fields(text)[0])
			p, err = parseState(c, text)
		} else {
			var q Position
			q, err = ParsePosition(text)
			p = q.state
		}
		require.NoError(t, err, text)
		if other, ok := seen[p.Hash()]; ok {
			t.Errorf("%q and %q share the hash %x", text, other, p.Hash())
		}
		seen[p.Hash()] = text
	}
	for _, c := range []Config{Default, HexDefault, {Rows: 3, Cols: 3}, {Side: 13, PlyLimit: 1}} {
		assert.NotZero(t, startState(c).Hash(), c.String())
	}
}

// TestACornerFilledTwiceOverFiresTwiceInOneVisit pins the cascade's
// firing of a column as many times as its height allows when the work
// list visits it, on the square board (3×4):
//
//	B . A2 B         B A A2 .
//	A A2 B3 B2  -->  A A A2 A2
//	. . . A          . . A2 A
//
// b2-d2 lands two men on Black's two on d2 (right edge, capacity 3),
// which fires into d1, c2 and the corner d3 (capacity 2, one Black man):
// d3 now holds 2 and waits, because the work list visits the lower ranks
// first. There d1 and c2 fire, each into d2, which fires a second time,
// into d3 (3 men); then c3, before d3 on its rank, fires into d3 too. When
// d3's visit comes it holds 4 men, twice its capacity, and fires twice in
// that one visit: two men each to c3 and d2, none kept. A cascade that
// fired a column once per visit would leave two men on d3, at its
// capacity, and one fewer on c3 and d2.
func TestACornerFilledTwiceOverFiresTwiceInOneVisit(t *testing.T) {
	p := parse(t, "A", "B.A2B", "AA2B3B2", "...A")
	q := mustPlay(t, p, "b2-d2")
	assert.Equal(t, "BAA2./AAA2A2/..A2A", board(q))
	owner, h := q.At(sq(3, 2))
	assert.Equal(t, [2]int{0, 0}, [2]int{int(owner), h}, "d3 fired both times")
	assert.Equal(t, 12, q.Men(0))
	assert.Equal(t, 1, q.Men(1), "a3 is not reached")
	assert.Equal(t, rules.Player(1), q.ToMove())
	assert.Equal(t, refFrom(p.state).play(ref(mv(1, 1, 3, 1)), nil).text(), board(q), "the one-firing-at-a-time reference agrees")
}
