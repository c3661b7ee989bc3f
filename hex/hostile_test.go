package hex

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestPositionTextRefusesAConnectionMadeBeforeTheLastMove(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		text string
	}{
		// Black joins top and bottom twice over (files a and b): no
		// single stone can have been the last, so Black had won earlier.
		{Config{Cols: 4, Rows: 4, Swap: SwapNone}, "BBWW/BBWW/BBWW/BB1W w -"},
		// The one White stone is the swapped one, but a 1×1 game ends with
		// Black's first stone: there was no swap.
		{Config{Cols: 1, Rows: 1, Swap: SwapPieces}, "W b pieces"},
		// One row: Black's first stone wins at once, before any swap.
		{Config{Cols: 3, Rows: 1, Swap: SwapSides}, "B2 w sides"},
	} {
		_, err := tc.cfg.ParsePosition(tc.text)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.text, err)
		assert.Contains(t, se.Msg, "without any stone that could have been placed last", tc.text)
	}
	// A connection the last stone made is a finished game, as before.
	for _, tc := range []struct {
		cfg  Config
		text string
	}{
		{Sized(2), "B1/BW w -"},
		{Sized(3), "BW1/BW1/B2 w -"},
		{Config{Cols: 4, Rows: 4, Swap: SwapNone}, "BBWW/1BWW/BBWW/BB2 w -"},
		{Config{Cols: 2, Rows: 2, Swap: SwapPieces}, "WW/B1 b pieces"},
		{Config{Cols: 1, Rows: 1, Swap: SwapSides}, "B w -"},
	} {
		p, err := tc.cfg.ParsePosition(tc.text)
		require.NoError(t, err, tc.text)
		assert.True(t, p.Outcome().Over(), tc.text)
	}
}

func TestCanEndAcceptsOnlyHexResults(t *testing.T) {
	p := New()
	assert.True(t, p.CanEnd(rules.Win(2, Connection, 0)))
	assert.True(t, p.CanEnd(rules.Win(2, rules.NoLegalMove, 1)), "the reason is ignored")
	for _, o := range []rules.Outcome{
		{},
		rules.Draw(2, Connection),      // 1/2-1/2: Hex has no draws
		rules.Win(2, Connection, 0, 1), // 1-1
		rules.Win(2, Connection),       // 0-0
		rules.Win(4, Connection, 0, 2), // 1-0-1-0
		rules.Win(3, Connection, 0),    // 1-0-0
		rules.Win(1, Connection, 0),    // 1
	} {
		assert.False(t, p.CanEnd(o), o.String())
	}
	row := Config{Cols: 5, Rows: 1, Swap: SwapSides}.Start()
	assert.True(t, row.CanEnd(rules.Win(2, Connection, 0)))
	assert.False(t, row.CanEnd(rules.Win(2, Connection, 1)), "one row: Black's first stone wins")
	column := Config{Cols: 1, Rows: 5, Swap: SwapNone}.Start()
	assert.False(t, column.CanEnd(rules.Win(2, Connection, 0)), "one column: White's first stone wins")
	assert.True(t, column.CanEnd(rules.Win(2, Connection, 1)))
	swapped := Config{Cols: 1, Rows: 5, Swap: SwapSides}.Start()
	assert.True(t, swapped.CanEnd(rules.Win(2, Connection, 0)), "seat 0 takes White by the swap")
}

func TestCanEndHoldsForEveryRandomGame(t *testing.T) {
	configs := []Config{Sized(1), Sized(2), Sized(5), Sized(11),
		{Cols: 1, Rows: 4, Swap: SwapNone}, {Cols: 1, Rows: 4, Swap: SwapSides}, {Cols: 6, Rows: 1, Swap: SwapSides},
		{Cols: 4, Rows: 4, Swap: SwapPieces}, {Cols: 7, Rows: 3, Swap: SwapNone}, {Cols: 3, Rows: 1, Swap: SwapNone}}
	for seed := range uint64(300) {
		c := configs[seed%uint64(len(configs))]
		s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(seed, 13))}
		end, _ := s.Playout(c.Start(), -1)
		o := end.Outcome()
		require.True(t, o.Over(), "%v seed %d", c, seed)
		require.True(t, end.CanEnd(o), "%v seed %d: %v", c, seed, o)
		// Every position of a real game reads back: the last stone made
		// the connection.
		_, err := c.ParsePosition(end.String())
		require.NoError(t, err, "%v seed %d", c, seed)
	}
}

// TestParseMoveNamesAWordThatIsNoMove: "swapfoo" and "pass" used to say
// "expected a rank number after the file", and "a1 " that " " came after
// the cell.
func TestParseMoveNamesAWordThatIsNoMove(t *testing.T) {
	p := New()
	for _, tc := range []struct {
		move   string
		offset int
		msg    string
	}{
		{"swapfoo", 0, `unknown move word "swapfoo": the words are swap, swap-pieces and swap-sides`},
		{"swap-", 0, `unknown move word "swap-"`},
		{"pass", 0, `unknown move word "pass"`},
		{"resign", 0, `unknown move word "resign"`},
		{"swap ", 4, "a move holds no white space"},
		{"a1 ", 2, "a move holds no white space"},
		{" a1", 0, "a move holds no white space"},
		{"q", 1, "expected a rank number after the file"}, // a file, then no rank
		{"a1x", 2, `unexpected "x" after the cell`},
	} {
		_, err := p.ParseMove(tc.move)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.move, err)
		assert.Equal(t, "hex move", se.What)
		assert.Equal(t, tc.offset, se.Offset, tc.move)
		assert.Contains(t, se.Msg, tc.msg, tc.move)
	}
	for _, word := range []string{"swap", "SWAP", "swap-sides", "Swap-Sides"} {
		m, err := p.ParseMove(word)
		require.NoError(t, err, word)
		assert.Equal(t, Swap, m, word)
	}
}
