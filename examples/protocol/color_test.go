package protocol_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/protocol"
	_ "github.com/tabletop-go/rules/internal/testgame" // a game whose colour words come from its registration alone
)

// TestColorsComeFromTheSeats: COLOR words are the seats' words
// (rules.SeatInfo) at the position, seat letters otherwise; Color sends
// Hex's stone colours, which follow the swap-sides, and every other
// game's seat letters, the test-only game's included.
func TestColorsComeFromTheSeats(t *testing.T) {
	cases := []struct {
		spec   string
		moves  []string
		color  string            // Color at the position
		parsed map[string]string // ParseColor: word -> seat, "" for refused
	}{
		{"hex(size=5)", nil, "b", map[string]string{"b": "A", "Black": "A", "w": "B", "WHITE": "B", "a": "A", "c": "", "x": ""}},
		{"hex(size=5)", []string{"c3"}, "w", map[string]string{"w": "B", "B": "A"}},
		{"hex(size=5)", []string{"c3", "swap"}, "w", map[string]string{"w": "A", "b": "B", "black": "B", "a": "A"}},
		{"hex(size=5)", []string{"c3", "swap", "b2"}, "b", map[string]string{"b": "B", "w": "A"}},
		{"explocus(rows=4,cols=4)", nil, "A", map[string]string{"w": "A", "white": "A", "b": "B", "A": "A", "c": ""}},
		{"domination", []string{"0-0"}, "A", map[string]string{"x": "A", "o": "B", "b": "B", "chance": "chance"}},
		{"domination", nil, "chance", map[string]string{"chance": "chance"}},
		{"focus(players=4)", nil, "A", map[string]string{"a": "A", "D": "D", "e": "", "red": ""}},
		{"focus(players=3)", nil, "A", map[string]string{"d": ""}},
		{"tictactoe", []string{"b2"}, "B", map[string]string{"x": "A", "O": "B", "b": "B"}},
	}
	for _, c := range cases {
		d, err := rules.Open(c.spec)
		require.NoError(t, err)
		for _, m := range c.moves {
			d, err = d.Play(m)
			require.NoError(t, err, m)
		}
		assert.Equal(t, c.color, protocol.Color(d), "%s after %v", c.spec, c.moves)
		for word, want := range c.parsed {
			seat, err := protocol.ParseColor(d, word)
			if want == "" {
				assert.Error(t, err, "%s: %q", c.spec, word)
				continue
			}
			if assert.NoError(t, err, "%s: %q", c.spec, word) {
				assert.Equal(t, want, seat.String(), "%s after %v: %q", c.spec, c.moves, word)
			}
		}
	}
}
