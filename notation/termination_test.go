package notation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
	_ "github.com/tabletop-go/rules/internal/testgame"
	"github.com/tabletop-go/rules/notation"
)

// terminationHistory plays moves from the start of spec, or from
// position when it is not "", and returns the history.
func terminationHistory(t *testing.T, spec, position string, moves ...string) *rules.History {
	t.Helper()
	var d rules.Dynamic
	var err error
	if position == "" {
		d, err = rules.Open(spec)
	} else {
		d, err = rules.OpenPosition(spec, position)
	}
	require.NoError(t, err)
	h := rules.NewHistory(d)
	for _, m := range moves {
		require.NoError(t, h.Play(m), "%s: %s", spec, m)
	}
	return h
}

// tagCount returns how many tags of rec are called name.
func tagCount(rec notation.Record, name string) int {
	n := 0
	for _, tag := range rec.Tags {
		if tag.Name == name {
			n++
		}
	}
	return n
}

// finishedHistories are games the rules ended, each with the reason's
// text and the result FromHistory must write.
func finishedHistories(t *testing.T) []struct {
	name        string
	h           *rules.History
	termination string
	result      string
} {
	return []struct {
		name        string
		h           *rules.History
		termination string
		result      string
	}{
		{"hex connection", terminationHistory(t, "hex(size=3,swap=none)", "", "a1", "b1", "a2", "b2", "a3"),
			"connection", "1-0"},
		{"tictactoe line", terminationHistory(t, "tictactoe", "", "a1", "a2", "b1", "b2", "c1"),
			"line of n", "1-0"},
		{"tictactoe draw", terminationHistory(t, "tictactoe", "", "a3", "b2", "c3", "b3", "b1", "a1", "a2", "c2", "c1"),
			"no legal move", "1/2-1/2"},
		{"focus team passed", terminationHistory(t, "focus(players=4,teams=true)",
			"focus(players=4,teams=true) 4/6/6dC1/4bC3/8/2aC5/6/4 B 0,0,0,0 D12,A12,B12,C10 201 passed:AC", "pass", "e5-e6", "pass"),
			"team passed", "1-0-1-0"},
	}
}

// TestFromHistoryWritesTheTerminationOfAFinishedGame: the record of a
// game the rules ended has one [Termination] tag, whose value is the
// reason's text exactly (the game's own words, spaces included), next to
// the rules' result.
func TestFromHistoryWritesTheTerminationOfAFinishedGame(t *testing.T) {
	for _, tc := range finishedHistories(t) {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.h.Position().Outcome()
			require.True(t, o.Over())
			require.Equal(t, tc.termination, o.Reason.String(), "the game ends as the test expects")
			rec := notation.FromHistory(tc.h)
			term, ok := rec.Tag("Termination")
			assert.True(t, ok, "a finished game has a Termination tag")
			assert.Equal(t, tc.termination, term)
			assert.Equal(t, 1, tagCount(rec, "Termination"))
			result, _ := rec.Tag("Result")
			assert.Equal(t, tc.result, result)
			assert.Contains(t, rec.String(), `[Termination "`+tc.termination+`"]`)
		})
	}
}

// TestFromHistoryTerminationReadsBack: the Termination tag survives the
// record's text (ParseRecord keeps it), and the record replays to the
// same finished game with the same outcome, reason included.
func TestFromHistoryTerminationReadsBack(t *testing.T) {
	for _, tc := range finishedHistories(t) {
		t.Run(tc.name, func(t *testing.T) {
			rec := notation.FromHistory(tc.h)
			back, err := notation.ParseRecord(rec.String())
			require.NoError(t, err, rec.String())
			term, ok := back.Tag("Termination")
			assert.True(t, ok)
			assert.Equal(t, tc.termination, term)
			assert.Equal(t, 1, tagCount(back, "Termination"))
			assert.Equal(t, rec.String(), back.String(), "the record reads back whole")
			r, err := back.Replay()
			require.NoError(t, err)
			assert.Equal(t, tc.h.Position().Outcome(), r.Outcome)
			assert.Equal(t, tc.termination, r.Outcome.Reason.String())
		})
	}
}

// TestFromHistoryWritesNoTerminationForAnOngoingGame: a game the rules
// have not ended (at its start, under way, or finished then taken back
// by Undo) gets the Result "*" and no Termination tag at all, not one
// saying "not over".
func TestFromHistoryWritesNoTerminationForAnOngoingGame(t *testing.T) {
	undone := terminationHistory(t, "hex(size=3,swap=none)", "", "a1", "b1", "a2", "b2", "a3")
	require.True(t, undone.Position().Outcome().Over())
	require.True(t, undone.Undo())
	for name, h := range map[string]*rules.History{
		"hex start":         terminationHistory(t, "hex(size=3,swap=none)", ""),
		"hex under way":     terminationHistory(t, "hex(size=3,swap=none)", "", "a1", "b1"),
		"hex undone":        undone,
		"tictactoe":         terminationHistory(t, "tictactoe", "", "b2"),
		"focus from a text": terminationHistory(t, "focus(players=4,teams=true)", "focus(players=4,teams=true) 4/6/6dC1/4bC3/8/2aC5/6/4 B 0,0,0,0 D12,A12,B12,C10 201 passed:AC", "pass"),
	} {
		require.False(t, h.Position().Outcome().Over(), name)
		rec := notation.FromHistory(h)
		_, ok := rec.Tag("Termination")
		assert.False(t, ok, "%s: an ongoing game has no Termination tag", name)
		assert.Zero(t, tagCount(rec, "Termination"), name)
		assert.NotContains(t, rec.String(), "Termination", name)
		result, _ := rec.Tag("Result")
		assert.Equal(t, "*", result, name)
	}
}
