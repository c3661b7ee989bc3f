package notation_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tabletop-go/rules/notation"
)

// TestNilReaderAndZeroErrorDoNotPanic: ReadRecords and RecordsFrom of a
// nil io.Reader dereferenced it, and a ReplayError without its cause did
// in Error. The reader's first read fails, saying why; the error prints
// what it has.
func TestNilReaderAndZeroErrorDoNotPanic(t *testing.T) {
	recs, err := notation.ReadRecords(nil)
	assert.Empty(t, recs)
	assert.ErrorContains(t, err, "nil io.Reader")
	n := 0
	for _, err := range notation.RecordsFrom(nil) {
		assert.ErrorContains(t, err, "nil io.Reader")
		n++
	}
	assert.Equal(t, 1, n)
	assert.Equal(t, "record", (&notation.ReplayError{}).Error())
}
