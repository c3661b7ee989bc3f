package explocus

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// TestMalformedBoardReportsTheOffset: the board field's ranks and cells
// are refused at the byte the problem starts at, with what is wrong, on
// the rectangle and on the hexagon.
func TestMalformedBoardReportsTheOffset(t *testing.T) {
	for _, tc := range []struct {
		text   string
		offset int
		msg    string
	}{
		{"..../..../B.../AA... B 1", 19, "rank 1 has more than 4 cells"},
		{"..../..../B.../AA. B 1", 18, "rank 1 has 3 cells, want 4"},
		{"..../..../B.. B 1", 13, "the board ends in rank 2, want 4 ranks"},
		{"..../..../B... B 1", 14, "the board ends in rank 2, want 4 ranks"},
		{"..../..../B.../AA../.... B 1", 19, "more than 4 ranks"},
		{"..../..../B.../AA.3 B 1", 18, `unexpected "3"`},
		{"..../..../B1../AA.. B 1", 11, "height is written only when it is 2 or more"},
		{"..../..../B.../AC.. B 1", 16, `unexpected "C"`},
		{"..../..../B.../.A2... B 1", 20, "rank 1 has more than 4 cells"},
		{"A3./..../B.../AA.. B 1", 0, "capacity"},
		{"hexplocus(size=3) .../..../...../..../.. A 0", 40, "rank 1 has 2 cells, want 3"},
		{"hexplocus(size=3) .../..../....../..../... A 0", 32, "rank 3 has more than 5 cells"},
		{"hexplocus(size=3) .../..../...../.... A 0", 37, "the board ends in rank 2, want 5 ranks"},
	} {
		_, err := ParseHexPosition(tc.text)
		if tc.text[0] == '.' || tc.text[0] == 'A' { // read on the 4×4 board, not the board the text implies
			_, err = Config{Rows: 4, Cols: 4}.ParsePosition(tc.text)
		}
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.text, err)
		assert.Equal(t, tc.offset, se.Offset, "%q: %v", tc.text, err)
		assert.Contains(t, se.Msg, tc.msg, tc.text)
	}
}
