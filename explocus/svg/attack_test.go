package svg_test

// Tests written by attacking the HexPosition change from outside: each
// pins a rule of the drawing that the package's other tests left free.

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/explocus/svg"
	"github.com/tabletop-go/rules/picture"
)

// TestOnlyTheWinnerIsTitledTheWinner: a finished game's badge titles the
// seat that won "the winner", and neither seat of a draw; on both
// boards.
func TestOnlyTheWinnerIsTitledTheWinner(t *testing.T) {
	for _, tc := range []struct {
		text    string
		winners int
	}{
		{"A../.../... B 1", 1},
		{"explocus(rows=3,cols=3,plylimit=2) AB./.../..B A 2", 0},
		{"hexplocus(size=3) A../..../...../..../... B 1", 1},
		{"hexplocus(size=3,plylimit=2) AB./..../...../..../..B A 2", 0},
	} {
		var doc []byte
		if strings.HasPrefix(tc.text, "hexplocus") {
			p, err := explocus.ParseHexPosition(tc.text)
			require.NoError(t, err)
			require.True(t, p.Outcome().Over(), tc.text)
			doc = svg.RenderHex(p, svg.Options{})
		} else {
			p, err := explocus.ParsePosition(tc.text)
			require.NoError(t, err)
			require.True(t, p.Outcome().Over(), tc.text)
			doc = svg.Render(p, svg.Options{})
		}
		assert.Equal(t, tc.winners, strings.Count(string(doc), "the winner"), tc.text)
		if tc.winners == 1 {
			assert.Contains(t, string(doc), "White (A): 1 men, the winner", tc.text)
		}
	}
}

// TestPictureDrawsBothGames: importing the package registers its
// renderer for "explocus" and "hexplocus", each drawing its own type
// with its own seat colours.
func TestPictureDrawsBothGames(t *testing.T) {
	assert.Subset(t, picture.Games(), []string{"explocus", "hexplocus"})
	for _, spec := range []string{"explocus", "hexplocus", "hexplocus(size=3,plylimit=9)"} {
		d, err := rules.Open(spec)
		require.NoError(t, err)
		doc, err := picture.Render(d, picture.Options{})
		require.NoError(t, err, spec)
		assert.True(t, strings.HasPrefix(string(doc), "<svg"), spec)
		game := rules.SpecName(spec)
		assert.Contains(t, string(doc), `data-game="`+game+`"`, spec)
		white, black := picture.SeatColor(d, 0), picture.SeatColor(d, 1)
		assert.NotEqual(t, white, black, "%s: the seats' colours differ", spec)
		assert.Equal(t, "#f7f3ea", white, spec)
		assert.Equal(t, "#2e2a26", black, spec)
	}
}
