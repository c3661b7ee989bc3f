package rules_test

// Tests written by attacking the reason registry from outside: each pins
// a rule of NewReason's names that the package's other tests left free
// (a mutation of reason.go under it passed them).

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tabletop-go/rules"
)

// newReasonPanic returns what NewReason(name) panics with, or nil.
func newReasonPanic(name string) (v any) {
	defer func() { v = recover() }()
	rules.NewReason(name)
	return nil
}

// TestNewReasonRefusesANameOfMoreThan40Bytes: a name is 1 to 40 bytes.
func TestNewReasonRefusesANameOfMoreThan40Bytes(t *testing.T) {
	forty := "attack " + strings.Repeat("x", 33)
	if assert.Len(t, forty, 40) {
		assert.Nil(t, newReasonPanic(forty), "40 bytes are a name")
	}
	for _, name := range []string{forty + "y", strings.Repeat("z", 100)} {
		v := newReasonPanic(name)
		msg, _ := v.(string)
		assert.Contains(t, msg, "a name is 1 to 40 bytes", "%d bytes", len(name))
	}
}

// TestNewReasonSaysWhatIsWrongWithAName: a malformed name panics with
// NewReason's own message naming it, never with a runtime error (an
// index out of range for a name that begins with a space or a hyphen),
// and only lower-case letters, digits, and single spaces or hyphens
// between them make a name.
func TestNewReasonSaysWhatIsWrongWithAName(t *testing.T) {
	for _, name := range []string{" x", "-x", "x ", "x-", "a_b", "a.b", "a\tb", "A", "caf\u00e9", "a  b", "a- b", "_"} {
		v := newReasonPanic(name)
		msg, ok := v.(string)
		if !assert.True(t, ok, "%q panics with %T %v, not NewReason's message", name, v, v) {
			continue
		}
		assert.True(t, strings.HasPrefix(msg, "rules: NewReason("), "%q: %s", name, msg)
		assert.Contains(t, msg, "a name is lower-case letters and digits", "%q", name)
	}
}
