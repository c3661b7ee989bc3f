package rules_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// connection is a reason no constant names, as a game names its own.
var connection = rules.NewReason("connection")

func TestNewReasonNamesAReasonOnce(t *testing.T) {
	assert.Equal(t, "connection", connection.String())
	assert.Equal(t, connection, rules.NewReason("connection"), "the same name, the same reason")
	got, ok := rules.ReasonNamed("connection")
	require.True(t, ok)
	assert.Equal(t, connection, got)
	assert.Equal(t, rules.NoLegalMove, rules.NewReason("no legal move"), "a constant's name gives the constant")
	assert.NotEqual(t, connection, rules.NewReason("a reason of the test"))
	o := rules.Win(2, connection, 0)
	assert.Equal(t, "1-0 (connection)", o.String())
	var back rules.Outcome
	text, err := o.MarshalJSON()
	require.NoError(t, err)
	require.NoError(t, back.UnmarshalJSON(text))
	assert.Equal(t, o, back)
}

func TestNewReasonIsSafeForConcurrentUse(t *testing.T) {
	var wg sync.WaitGroup
	got := make([]rules.Reason, 8)
	for i := range got {
		wg.Go(func() { got[i] = rules.NewReason("raced") })
	}
	wg.Wait()
	for _, r := range got {
		assert.Equal(t, got[0], r)
	}
	assert.Equal(t, "raced", got[0].String())
}

func TestNewReasonPanicsOnAMalformedName(t *testing.T) {
	for _, name := range []string{"", "Connection", " line", "line ", "two  spaces", "a-", "-a", "a -b", "é", "a\x00", "not over", "invalid",
		"a--b", "a- b", "a  b", "unknown reason",
		"a name exactly forty-one bytes long: xxxxx"[:41]} {
		assert.Panics(t, func() { rules.NewReason(name) }, "%q", name)
	}
	for _, name := range []string{"a", "line of 5", "three-fold repetition", "forty bytes of a reason name is the limit"[:40]} {
		assert.NotPanics(t, func() { rules.NewReason(name) }, "%q", name)
	}
}

func TestAReasonNoOneNamedHasNoText(t *testing.T) {
	r := rules.Reason(255)
	assert.Equal(t, "unknown reason", r.String())
	_, err := r.MarshalText()
	assert.Error(t, err)
	o := rules.Win(2, r, 0)
	assert.Equal(t, rules.Invalid, o.Reason, "Win refuses a reason no one named")
	_, ok := rules.ReasonNamed("unknown reason")
	assert.False(t, ok)
}
