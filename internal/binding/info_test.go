package binding

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/hex"
)

// TestInfoReasonIsTheReasonAlone: an index out of range and an unknown
// game get a reason without the message's package prefix or the spec,
// as a syntax error's reason is its message without the input.
func TestInfoReasonIsTheReasonAlone(t *testing.T) {
	d, err := rules.Open("hex(size=3)")
	require.NoError(t, err)
	_, err = d.PlayAction(500)
	require.Error(t, err)
	e := Info(err)
	assert.Equal(t, "out-of-range", e.Code)
	assert.Equal(t, "action index 500 is outside [0, 10)", e.Reason)
	assert.True(t, strings.HasPrefix(e.Message, "rules: "), e.Message)

	_, err = rules.Open("chess(x=1)")
	e = Info(err)
	assert.Equal(t, "unknown-game", e.Code)
	assert.Equal(t, 0, e.Offset)
	assert.Equal(t, "spec", e.What)
	assert.Contains(t, e.Reason, `unknown game "chess" (known: `)
	assert.NotContains(t, e.Reason, "in spec")
	_, err = rules.Open(strings.Repeat("x", 300))
	assert.Less(t, len(Info(err).Reason), 150, "a long name is shown as the message shows it")
}

// TestNextHandleGoesRound: handles count up from 1, go round after
// math.MaxInt32 skipping the held ones, and run out only when every one
// is held.
func TestNextHandleGoesRound(t *testing.T) {
	none := func(int32) bool { return false }
	h, ok := NextHandle(0, 0, none)
	assert.True(t, ok)
	assert.Equal(t, int32(1), h)
	h, ok = NextHandle(41, 5, none)
	assert.True(t, ok)
	assert.Equal(t, int32(42), h)
	held := map[int32]bool{1: true, 2: true, 4: true}
	h, ok = NextHandle(math.MaxInt32, len(held), func(h int32) bool { return held[h] })
	assert.True(t, ok)
	assert.Equal(t, int32(3), h, "round again, past the held 1 and 2")
	h, ok = NextHandle(math.MaxInt32-1, 0, none)
	assert.True(t, ok)
	assert.Equal(t, int32(math.MaxInt32), h, "the last handle is given")
	_, ok = NextHandle(7, math.MaxInt32, func(int32) bool { return true })
	assert.False(t, ok, "all held")
}
