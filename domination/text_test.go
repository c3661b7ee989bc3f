package domination

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// TestMalformedBoardReportsTheOffset: the board field's ranks, runs and
// cells are refused at the byte the problem starts at, with what is wrong.
func TestMalformedBoardReportsTheOffset(t *testing.T) {
	pool := strings.Fields(New().String())[3]
	for _, tc := range []struct {
		board  string
		offset int
		msg    string
	}{
		{"B8/8/8/4A3/3A4/8/8/7B", 1, "rank 8 has more than 8 squares"},
		{"B7A/8/8/4A3/3A4/8/8/7B", 2, "rank 8 has more than 8 squares"},
		{"B6/8/8/4A3/3A4/8/8/7B", 2, "rank 8 has 7 squares, want 8"},
		{"B7/8/8/4A3/3A4/8/8/7B/8", 21, "more than 8 ranks"},
		{"B7/8/8/4A3/3A4/8/7B", 19, "the board ends in rank 2, want 8 ranks"},
		{"B7/8/8/4A3/3A4/8/8/6B", 21, "rank 1 has 7 squares, want 8"},
		{"B7/8/8/4A3/3A4/8/8/7C", 20, `unexpected "C"`},
		{"B7/8/8/4A3/3A4/8/8/7[", 20, "a domino is written [a-b]"},
		{"B7/8/8/4A3/3A4/8/8/11B", 19, "rank 1 has more than 8 squares"},
		{"B7/8/8/4A3/3A4/8/8/0B", 19, `unexpected "0"`},
	} {
		_, err := ParsePosition(tc.board + " A - " + pool)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.board, err)
		assert.Equal(t, tc.offset, se.Offset, "%q: %v", tc.board, err)
		assert.Contains(t, se.Msg, tc.msg, tc.board)
	}
}
