package focus

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestPositionTextRoundTrips(t *testing.T) {
	for _, text := range []string{
		"4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0",
		"BAbAB/5abB/8/1aaaaB3A1babaA/baA7/4aB1aB1/bBbB3A/2A1 B 1,1 2,0 103",
		"4/6/8/8/8/2A5/6/3B B 17,0 17,0 99999",
	} {
		p, err := ParsePosition(text)
		require.NoError(t, err, text)
		assert.Equal(t, text, p.String())
	}
}

func TestMalformedPositionTextReportsTheOffset(t *testing.T) {
	const start = "4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4"
	const three = "focus(players=3) 4/AABBCC/1BBCCAA1/1CCAABB1/1AABBCC1/1BBCCAA1/CCAABB/4"
	for _, tc := range []struct {
		text   string
		offset int
		msg    string
	}{
		{start + " A 0,0 0,0", 0, "five fields"},
		{"5/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0", 0, "rank 8 has more than 4 squares"},
		{"4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4A A 0,0 0,0 0", 53, "rank 1 has more than 4 squares"},
		{"4/AABBAA/9/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0", 9, "rank 6 has more than 8 squares"},
		{"3/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0", 1, "rank 8 has 3 squares, want 4"},
		{"4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4/4 A 0,0 0,0 0", 53, "more than 8 ranks"},
		{"4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB A 0,0 0,0 0", 51, "the board ends in rank 2, want 8 ranks"},
		{"4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/3 A 0,0 0,0 0", 53, "rank 1 has 3 squares, want 4"},
		{"4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAX1/BBAABB/4 A 0,0 0,0 0", 42, "unexpected \"X\""},
		{"4/aAABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0", 0, "19 pieces"},
		{"4/ab/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0", 2, "lower case below"},
		{"aaaaaA/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0", 0, "at most 5"},
		{start + " C 0,0 0,0 0", 54, "A or B"},
		{start + " A 0 0,0 0", 56, "one count per seat"},
		{start + " A 0,19 0,0 0", 58, "from 0 to 18"},
		{start + " A 0,0 0,x 0", 62, "captures"},
		{start + " A 0,0 0,0 -1", 64, "whole number"},
		{start + " A 1,0 0,0 0", 0, "seat A has 19 pieces"},
		{three + " A 1,1,1 ,, 0 first:ABC", 79, "captures: an empty entry"},
		{three + " A 1,1,1 0,,0 0 first:ABC", 81, "captures: an empty entry"},
		{three + " A 1,1,1 0,0, 0 first:ABC", 83, "captures: an empty entry"},
		{"focus(players=3)" + three[17:] + " A 1,1,1 0,0,0 0 first:ABC", 16, "want one space between the spec and the position"},
		{"focus(players=3)  " + three[17:] + " A 1,1,1 0,0,0 0 first:ABC", 17, "want one space between the spec and the position"},
		{"focus(players=3)\t" + three[17:] + " A 1,1,1 0,0,0 0 first:ABC", 16, "want one space between the spec and the position"},
	} {
		_, err := ParsePosition(tc.text)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.text, err)
		assert.Equal(t, tc.offset, se.Offset, "%q: %v", tc.text, err)
		assert.Contains(t, se.Msg, tc.msg, tc.text)
	}
}

func TestDiagram(t *testing.T) {
	p := mustPlay(t, New(), "c3-c4")
	d := p.Diagram()
	assert.Contains(t, d, "4   .     B     BA    A     A     B     B     .")
	assert.Contains(t, d, "B to move; A: reserve 0, captured 0; B: reserve 0, captured 0")
}

func TestPositionTextNamesItsVariant(t *testing.T) {
	for _, spec := range []string{"focus(plylimit=10)", "focus(players=4,teams=true)", "focus(players=3,short=true)",
		"focus(nowak=true,plylimit=50)", "focus(setup=drop,drops=restricted)", "focus(swap=true)"} {
		c, err := ParseSpec(spec)
		require.NoError(t, err)
		if c.Nowak {
			textNamesItsVariant(t, spec, c.StartNowak(), ParseNowakPosition)
		} else {
			textNamesItsVariant(t, spec, c.Start(), ParsePosition)
		}
	}
	assert.Equal(t, "4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0", New().String(),
		"the standard game writes no spec")
	assert.Equal(t, Default, Config{}.Start().Config(), "the zero Config is the standard game")
}

// textNamesItsVariant checks that p's text begins with spec, reads back
// as p from the text alone (with parse), and that the standard game
// refuses it.
func textNamesItsVariant[P anyPosition[P]](t *testing.T, spec string, p P, parse func(string) (P, error)) {
	require.True(t, strings.HasPrefix(p.String(), spec+" "), p.String())
	q, err := parse(p.String())
	require.NoError(t, err, spec)
	assert.Equal(t, p, q, spec)
	assert.Equal(t, spec, q.Spec())
	_, err = Default.ParsePosition(p.String())
	assert.ErrorIs(t, err, rules.ErrSyntax, "the standard game refuses a text of %s", spec)
}
