package rules_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// TestOutcomeUnmarshalJSONRefusesReasonInvalidWithConsistentFields: the
// reason "invalid" is refused for what it is, even when every other
// field agrees with the Invalid outcome's ("?" is its result), since no
// game ends with it and MarshalJSON never writes it.
func TestOutcomeUnmarshalJSONRefusesReasonInvalidWithConsistentFields(t *testing.T) {
	for _, in := range []string{
		`{"result":"?","scores":[1,0],"reason":"invalid","winner":"A"}`,
		`{"result":"?","scores":[0.5,0.5],"reason":"invalid"}`,
		`{"result":"?","scores":[0,0,1],"reason":"invalid","winner":"C"}`,
		`{"result":"?","scores":[1,0,1,0],"reason":"invalid"}`,
		`{"result":"?","reason":"invalid"}`,
	} {
		o := rules.Draw(2, rules.PlyLimit)
		err := o.UnmarshalJSON([]byte(in))
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%s: %T %v", in, err, err)
		assert.Equal(t, "outcome", se.What, in)
		assert.Contains(t, se.Msg, `unknown reason "invalid"`, in)
		assert.Equal(t, rules.Draw(2, rules.PlyLimit), o, "%s: a refused input leaves the outcome unchanged", in)
		assert.Error(t, json.Unmarshal([]byte(in), new(rules.Outcome)), in)
	}
}

// TestOutcomeUnmarshalJSONRefusesNotOverWithAFinishedResult: the reason
// "not over" with the fields of a finished game (scores, a result other
// than "*", a winner) is refused, each field for itself, rather than read
// as a finished game that claims to go on.
func TestOutcomeUnmarshalJSONRefusesNotOverWithAFinishedResult(t *testing.T) {
	for _, tc := range []struct{ in, msg string }{
		{`{"result":"*","scores":[1,0],"reason":"not over"}`, `an ongoing game (reason "not over") has no scores`},
		{`{"result":"*","scores":[0.5,0.5],"reason":"not over"}`, `an ongoing game (reason "not over") has no scores`},
		{`{"result":"1-0","scores":[1,0],"reason":"not over","winner":"A"}`, `an ongoing game (reason "not over") has no scores`},
		{`{"result":"1-0","reason":"not over"}`, `an ongoing game (reason "not over") has result "*", not "1-0"`},
		{`{"result":"1/2-1/2","reason":"not over"}`, `an ongoing game (reason "not over") has result "*", not "1/2-1/2"`},
		{`{"result":"*","reason":"not over","winner":"B"}`, `an ongoing game (reason "not over") has no winner`},
	} {
		o := rules.Win(3, rules.Elimination, 1)
		err := o.UnmarshalJSON([]byte(tc.in))
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%s: %T %v", tc.in, err, err)
		assert.Contains(t, se.Msg, tc.msg, tc.in)
		assert.Equal(t, rules.Win(3, rules.Elimination, 1), o, "%s: a refused input leaves the outcome unchanged", tc.in)
	}
	var o rules.Outcome
	require.NoError(t, o.UnmarshalJSON([]byte(`{"result":"*","reason":"not over"}`)))
	assert.Equal(t, rules.Outcome{}, o, "the ongoing form itself reads")
}
