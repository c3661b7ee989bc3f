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
