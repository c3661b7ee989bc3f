package hex

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestPositionTextRoundTrips(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		text string
	}{
		{Sized(3), "3/3/3 b -"},
		{Sized(3), "3/1B1/3 w -"},
		{Sized(3), "3/1B1/3 w sides"},
		{Config{Cols: 3, Rows: 3, Swap: SwapPieces}, "1W1/3/3 b pieces"},
		{Sized(11), "11/11/11/11/11/5B5/11/11/11/11/11 w -"},
		{Config{Cols: 4, Rows: 2, Swap: SwapNone}, "hex(size=4x2,swap=none) BW2/1W1B b -"},
		{Config{Cols: 3, Rows: 3, Swap: SwapPieces}, "hex(size=3,swap=pieces) 1B1/3/3 w -"},
		{Sized(2), "B1/BW w -"}, // Black has won
	} {
		p, err := tc.cfg.ParsePosition(tc.text)
		require.NoError(t, err, tc.text)
		assert.Equal(t, tc.text, p.String())
		q, err := ParsePosition(tc.text)
		require.NoError(t, err, tc.text)
		assert.Equal(t, p, q, tc.text)
	}
}

func TestPositionTextNamesTheVariantWhenTheBoardDoesNot(t *testing.T) {
	none := Config{Cols: 5, Rows: 5, Swap: SwapNone}
	p := none.Start()
	assert.Equal(t, "hex(size=5,swap=none) 5/5/5/5/5 b -", p.String())
	q, err := ParsePosition(p.String())
	require.NoError(t, err)
	assert.Equal(t, p, q, "the spec brings back swap=none")
	bare, err := ParsePosition("5/5/5/5/5 b -")
	require.NoError(t, err)
	assert.Equal(t, Sized(5), bare.Config(), "a text without a spec is read with the default pie rule")

	_, err = Sized(5).ParsePosition(p.String())
	var se *rules.SyntaxError
	require.ErrorAs(t, err, &se, "a text naming another variant is refused")
	assert.Contains(t, se.Msg, "hex(size=5,swap=none)")

	_, err = ParsePosition("hex(size=5,swap=none) 5/5/5/5/5 x -")
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "hex(size=5,swap=none) 5/5/5/5/5 x -", se.Input, "errors point into the whole text")
	assert.Equal(t, 32, se.Offset)
}

func TestParsedPositionPlaysOn(t *testing.T) {
	p, err := Sized(3).ParsePosition("3/1B1/3 w -")
	require.NoError(t, err)
	assert.Equal(t, rules.Player(1), p.ToMove())
	assert.NoError(t, p.Legal(Swap), "one stone and no swap yet: the swap is available")
	_, err = Sized(3).ParsePosition("B2/B2/B2 w -")
	require.Error(t, err, "Black would have three stones to White's none")
	p, err = Sized(3).ParsePosition("BW1/BW1/B2 w -")
	require.NoError(t, err)
	assert.Equal(t, Black, p.Winner())
	assert.Equal(t, rules.Terminal, p.ToMove())
}

func TestMalformedPositionTextReportsTheOffset(t *testing.T) {
	for _, tc := range []struct {
		text   string
		offset int
		msg    string
	}{
		{"3/3/3", 0, "three fields"},
		{"3/3/3 b  -", 0, "three fields"},
		{"3/4/3 b -", 2, "row 2 has more than 3 cells"},
		{"3/1B3/3 b -", 4, "row 2 has more than 3 cells"},
		{"3/3B/3 b -", 3, "row 2 has more than 3 cells"},
		{"3/2/3 b -", 3, "row 2 has 2 cells"},
		{"3/3 b -", 3, "the board ends in row 2, want 3 rows"},
		{"3/3/2 b -", 5, "row 3 has 2 cells, want 3"},
		{"3/3/3/3 b -", 5, "more than 3 rows"},
		{"3/1X1/3 b -", 3, "unexpected \"X\""},
		{"3/1é1/3 b -", 3, "unexpected \"é\""},
		{"3/1\xd91/3 b -", 3, `unexpected "\xd9"`},
		{"3/3/3 x -", 6, "b or w"},
		{"3/3/3 b s", 8, "-, sides or pieces"},
		{"3/1B1/3 b -", 8, "w is to move"},
		{"3/3/3 b pieces", 8, "swap mode is sides"},
		{"3/3/3 w sides", 8, "needs the first stone"},
		{"BW1/BW1/B2 b -", 11, "w is to move"},
		{"BW1/BW1/BW1 b -", 12, "already connected"},
		{"BBB/WWW/BBB b -", 0, "one more"},
	} {
		_, err := Sized(3).ParsePosition(tc.text)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.text, err)
		assert.Equal(t, tc.offset, se.Offset, "%q: %v", tc.text, err)
		assert.Contains(t, se.Msg, tc.msg, tc.text)
		assert.ErrorIs(t, err, rules.ErrSyntax)
	}
}

func TestDiagram(t *testing.T) {
	p := mustPlay(t, Sized(3).Start(), "b2")
	want := "   a b c\n" +
		" 1 . . .\n" +
		"  2 . B .\n" +
		"   3 . . .\n" +
		"Black (A) top-bottom, White (B) left-right; White (B) to move"
	assert.Equal(t, want, p.Diagram())
}
