package hex

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// TestBlackIsSeatZeroAndMovesFirst: rule H3 of the package doc.
func TestBlackIsSeatZeroAndMovesFirst(t *testing.T) {
	p := Sized(5).Start()
	assert.Equal(t, rules.Player(0), p.ToMove())
	assert.Equal(t, rules.Player(0), p.Turn())
	assert.Equal(t, Black, p.ColorOf(p.Turn()))
	p = mustPlay(t, p, "c3")
	assert.Equal(t, Black, p.At(NewSquare(2, 2)))
	assert.Equal(t, rules.Player(1), p.ToMove())
	assert.Equal(t, rules.Player(1), p.Turn())
	assert.Equal(t, White, p.ColorOf(p.Turn()))
}

// TestBlackWinsByJoiningTopAndBottom: rules H3 and H5.
func TestBlackWinsByJoiningTopAndBottom(t *testing.T) {
	// Black fills column a, rows 1..3; White plays elsewhere.
	p := Config{Cols: 3, Rows: 3, Swap: SwapNone}.Start()
	p = mustPlay(t, p, "a1", "c1", "a2", "c2")
	assert.False(t, p.Outcome().Over())
	p = mustPlay(t, p, "a3")
	require.True(t, p.Outcome().Over())
	assert.Equal(t, Black, p.Winner())
	assert.Equal(t, rules.Terminal, p.ToMove())
	w, ok := p.Outcome().Winner()
	assert.True(t, ok)
	assert.Equal(t, rules.Player(0), w)
	assert.Equal(t, Connection, p.Outcome().Reason)
	assert.Equal(t, "1-0", p.Outcome().Result())
}

func TestWhiteWinsByJoiningLeftAndRight(t *testing.T) {
	p := Config{Cols: 3, Rows: 3, Swap: SwapNone}.Start()
	p = mustPlay(t, p, "a1", "a2", "b1", "b2", "a3")
	assert.False(t, p.Outcome().Over())
	p = mustPlay(t, p, "c2")
	require.Equal(t, White, p.Winner())
	assert.Equal(t, "0-1", p.Outcome().Result())
}

// TestNeighboursAreTheSixHexCells checks rule H2 of the package doc: the
// neighbours of (c, r) are (c±1, r), (c, r±1), (c+1, r−1) and (c−1, r+1),
// and not the other diagonal.
func TestNeighboursAreTheSixHexCells(t *testing.T) {
	// On 2x2, Black b1 + a2 are neighbours ((c-1, r+1) of b1): connected top-bottom.
	p := Config{Cols: 2, Rows: 2, Swap: SwapNone}.Start()
	p = mustPlay(t, p, "b1", "b2", "a2")
	assert.Equal(t, Black, p.Winner(), "b1-a2 is a hex adjacency")

	// a1 + b2 are not neighbours: Black a1, b2 do not connect; White's b1, a2 would.
	p = Config{Cols: 2, Rows: 2, Swap: SwapNone}.Start()
	p = mustPlay(t, p, "a1", "b1", "b2")
	assert.Equal(t, Empty, p.Winner(), "a1-b2 is not a hex adjacency")
	p = mustPlay(t, p, "a2")
	assert.Equal(t, White, p.Winner(), "b1-a2 joins White's left and right")
}

func TestOccupiedCellIsIllegal(t *testing.T) {
	p := mustPlay(t, Sized(5).Start(), "c3")
	err := p.Legal(Place(NewSquare(2, 2)))
	require.Error(t, err)
	assert.ErrorIs(t, err, rules.ErrIllegal)
	assert.ErrorIs(t, err, ErrOccupied)
	assert.Equal(t, "c3: illegal move: cell is occupied", err.Error())
	_, err = p.Play(Place(NewSquare(2, 2)))
	assert.ErrorIs(t, err, ErrOccupied)
}

func TestCellOffTheBoardIsASyntaxErrorAndIllegal(t *testing.T) {
	p := Sized(5).Start()
	for _, s := range []string{"f1", "a6", "z26", "zz99", "zz300"} {
		_, err := p.ParseMove(s)
		var se *rules.SyntaxError
		require.ErrorAs(t, err, &se, s)
	}
	for _, m := range []Move{Place(NewSquare(5, 0)), Place(NewSquare(0, 5)), Place(NewSquare(25, 25))} {
		assert.ErrorIs(t, p.Legal(m), ErrOffBoard, m.String())
	}
}

func TestMalformedMovesAreSyntaxErrors(t *testing.T) {
	p := Sized(5).Start()
	for _, s := range []string{"", "3c", "c", "c0", "c03", "c3x", "swapp", "-"} {
		_, err := p.ParseMove(s)
		var se *rules.SyntaxError
		assert.True(t, errors.As(err, &se), "%q: %v", s, err)
	}
}

func TestMoveAfterTheGameEndsIsRefused(t *testing.T) {
	p := mustPlay(t, Config{Cols: 1, Rows: 1, Swap: SwapSides}.Start(), "a1")
	require.True(t, p.Outcome().Over())
	assert.ErrorIs(t, p.Legal(Swap), rules.ErrGameOver)
	assert.Empty(t, p.AppendMoves(nil))
}

// TestRH1_SwapSidesKeepsTheStoneAndExchangesColours: the seed's pie rule.
func TestRH1_SwapSidesKeepsTheStoneAndExchangesColours(t *testing.T) {
	p := mustPlay(t, Sized(5).Start(), "b4", "swap")
	assert.Equal(t, Black, p.At(NewSquare(1, 3)), "the stone stays where it is, Black")
	assert.Equal(t, rules.Player(1), p.SeatOf(Black), "seat 1 now plays Black")
	assert.Equal(t, rules.Player(0), p.SeatOf(White))
	assert.Equal(t, White, p.ColorOf(p.Turn()))
	assert.Equal(t, rules.Player(0), p.ToMove(), "the first stone's placer moves next, as White")
	assert.Equal(t, SwapSides, p.Swapped())
	assert.Equal(t, "5/5/5/1B3/5 w sides", p.String())

	// Black (seat 1) completes a top-bottom chain: seat 1 wins.
	p = mustPlay(t, p, "a1", "b1", "a2", "b2", "a3", "b3", "c1", "b5")
	require.Equal(t, Black, p.Winner())
	assert.Equal(t, "0-1", p.Outcome().Result())
}

func TestSwapPiecesMirrorsTheStoneInTheLongDiagonal(t *testing.T) {
	p := mustPlay(t, Config{Cols: 5, Rows: 5, Swap: SwapPieces}.Start(), "b4", "swap-pieces")
	assert.Equal(t, Empty, p.At(NewSquare(1, 3)))
	assert.Equal(t, White, p.At(NewSquare(3, 1)), "b4 = (col 1, row 3) becomes d2 = (col 3, row 1)")
	assert.Equal(t, rules.Player(1), p.SeatOf(White))
	assert.Equal(t, Black, p.ColorOf(p.Turn()))
	assert.Equal(t, rules.Player(0), p.ToMove())
	assert.Equal(t, "5/3W1/5/5/5 b pieces", p.String())
}

func TestSwapIsOnlyTheSecondMove(t *testing.T) {
	p := Sized(5).Start()
	assert.ErrorIs(t, p.Legal(Swap), ErrSwapTooLate, "no swap before the first stone")
	p = mustPlay(t, p, "c3")
	assert.NoError(t, p.Legal(Swap))
	assert.Equal(t, Swap, p.AppendMoves(nil)[24])
	p = mustPlay(t, p, "d3")
	assert.ErrorIs(t, p.Legal(Swap), ErrSwapTooLate)
	q := mustPlay(t, Sized(5).Start(), "c3", "swap")
	assert.ErrorIs(t, q.Legal(Swap), ErrSwapTooLate, "no second swap")
}

func TestNoSwapRule(t *testing.T) {
	p := mustPlay(t, Config{Cols: 5, Rows: 5, Swap: SwapNone}.Start(), "c3")
	assert.ErrorIs(t, p.Legal(Swap), ErrNoSwapRule)
	assert.NotContains(t, p.AppendMoves(nil), Swap)
}

func TestSwapSynonymsMustMatchTheMode(t *testing.T) {
	sides := mustPlay(t, Sized(5).Start(), "c3")
	_, err := sides.ParseMove("swap-pieces")
	assert.ErrorIs(t, err, rules.ErrSyntax)
	m, err := sides.ParseMove("swap-sides")
	require.NoError(t, err)
	assert.Equal(t, Swap, m)
	pieces := Config{Cols: 5, Rows: 5, Swap: SwapPieces}.Start()
	_, err = pieces.ParseMove("swap-sides")
	assert.ErrorIs(t, err, rules.ErrSyntax)
	m, err = pieces.ParseMove("SWAP")
	require.NoError(t, err)
	assert.Equal(t, Swap, m)
}

func TestOneByOneBoardIsWonByTheFirstStone(t *testing.T) {
	p := mustPlay(t, Sized(1).Start(), "a1")
	assert.Equal(t, Black, p.Winner())
	assert.Equal(t, "1-0", p.Outcome().Result())
}

func TestMoveNotationAndOrder(t *testing.T) {
	assert.Equal(t, "a1", Place(NewSquare(0, 0)).String())
	assert.Equal(t, "k10", Place(NewSquare(10, 9)).String())
	assert.Equal(t, "z26", Place(NewSquare(25, 25)).String())
	assert.Equal(t, "swap", Swap.String())
	moves := Sized(2).Start().AppendMoves(nil)
	assert.Equal(t, []Move{Place(NewSquare(0, 0)), Place(NewSquare(1, 0)), Place(NewSquare(0, 1)), Place(NewSquare(1, 1))}, moves)
	m, err := Sized(11).Start().ParseMove("K10")
	require.NoError(t, err)
	assert.Equal(t, Place(NewSquare(10, 9)), m)
}

func TestRectangularBoards(t *testing.T) {
	c, err := ParseSpec("hex(size=3x2,swap=none)")
	require.NoError(t, err)
	assert.Equal(t, 3, c.Cols)
	assert.Equal(t, 2, c.Rows)
	p := mustPlay(t, c.Start(), "c1", "a1", "c2")
	assert.Equal(t, Black, p.Winner(), "two rows: c1-c2 joins top and bottom")
	_, err = ParseSpec("hex(size=3x2,swap=pieces)")
	assert.ErrorContains(t, err, "square board")
}

func TestSpecs(t *testing.T) {
	c, err := ParseSpec("hex")
	require.NoError(t, err)
	assert.Equal(t, Default, c)
	assert.Equal(t, "hex(size=11,swap=sides)", c.String())
	c, err = ParseSpec("hex(swap=pieces,size=7)")
	require.NoError(t, err)
	assert.Equal(t, "hex(size=7,swap=pieces)", c.String())
	for spec, want := range map[string]string{
		"hex(size=0)":         "option size",
		"hex(size=27)":        "option size",
		"hex(size=x)":         "option size",
		"hex(swap=yes)":       "option swap",
		"hex(colour=red)":     "unknown option",
		"hex(size=11":         "missing \")\"",
		"focus(size=11)":      "not a hex spec",
		"hex(size=11,size=9)": "given twice",
	} {
		_, err := ParseSpec(spec)
		assert.ErrorContains(t, err, want, spec)
	}
}
