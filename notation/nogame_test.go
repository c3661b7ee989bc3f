package notation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

func TestRecordOutcome_OfNoGameIsNotOver(t *testing.T) {
	rec := notation.Record{Tags: []notation.Tag{{Name: "Result", Value: "1-0"}}}
	for _, d := range []rules.Dynamic{nil, rules.State{}, rules.State{Dynamic: rules.State{}}} {
		assert.False(t, rec.Outcome(d).Over(), "%#v", d)
	}
}

// TestFromHistory_OfNoGameHasNoTags: a history started at a value that is
// no game (a zero rules.State, a pointer to one) used to panic in
// FromHistory, which only looked for nil. It gives the record of no game,
// with no tags, which Replay refuses.
func TestFromHistory_OfNoGameHasNoTags(t *testing.T) {
	for _, d := range []rules.Dynamic{nil, rules.State{}, &rules.State{}, rules.State{Dynamic: rules.State{}}} {
		rec := notation.FromHistory(rules.NewHistory(d))
		assert.Empty(t, rec.Tags, "%#v", d)
		assert.Empty(t, rec.Moves, "%#v", d)
		_, err := rec.Replay()
		assert.Error(t, err, "%#v", d)
	}
	assert.Empty(t, notation.FromHistory(nil).Tags, "a nil history")
}
