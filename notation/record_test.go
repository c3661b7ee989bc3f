package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

const stream = `[Game "hex(size=7,swap=none)"]
[Result "1-0"]
[Event "Club \"night\" \\ 3"]

1. d4 2. c5 # a comment
3. e3  4... f2

# a record with a start position and no result
[Game "hex(size=3,swap=sides)"]
[Position "3/1B1/3 w -"]
swap a1
[Game "hex"]
a1
b2

c3
`

func TestReadRecords(t *testing.T) {
	recs, err := ReadRecords(strings.NewReader(stream))
	require.NoError(t, err)
	require.Len(t, recs, 4)
	assert.Equal(t, []Tag{{"Game", "hex(size=7,swap=none)"}, {"Result", "1-0"}, {"Event", `Club "night" \ 3`}}, recs[0].Tags)
	assert.Equal(t, []string{"d4", "c5", "e3", "f2"}, recs[0].Moves)
	assert.Equal(t, 1, recs[0].Line)
	pos, ok := recs[1].Tag("Position")
	assert.True(t, ok)
	assert.Equal(t, "3/1B1/3 w -", pos)
	assert.Equal(t, []string{"swap", "a1"}, recs[1].Moves)
	assert.Equal(t, []string{"a1", "b2"}, recs[2].Moves)
	assert.Equal(t, []string{"c3"}, recs[3].Moves, "a blank line after moves ends a record")
	assert.Empty(t, recs[3].Tags)
}

func TestRecordsWithoutMovesAreSeparatedByBlankLines(t *testing.T) {
	recs, err := ReadRecords(strings.NewReader("[Game \"hex\"]\n\n[Game \"hex(size=3)\"]\n[Result \"*\"]\n"))
	require.NoError(t, err)
	require.Len(t, recs, 2)
	assert.Len(t, recs[1].Tags, 2)
}

func TestRecordRoundTrip(t *testing.T) {
	recs, err := ReadRecords(strings.NewReader(stream))
	require.NoError(t, err)
	var all strings.Builder
	for _, r := range recs {
		all.WriteString(r.String())
		all.WriteString("\n")
	}
	again, err := ReadRecords(strings.NewReader(all.String()))
	require.NoError(t, err)
	for i := range recs {
		recs[i].Line, again[i].Line = 0, 0
	}
	assert.Equal(t, recs, again)
}

func TestRecordWrapsLongMoveText(t *testing.T) {
	r := Record{Tags: []Tag{{"Game", "hex"}}}
	for range 60 {
		r.Moves = append(r.Moves, "k10")
	}
	for _, line := range strings.Split(r.String(), "\n") {
		assert.LessOrEqual(t, len(line), 79)
	}
}

func TestRecordSyntaxErrorsAndRecovery(t *testing.T) {
	in := "[Game \"hex\"]\na1\n\n[Game \"hex\n\n[Bad]\n\n[Game \"hex\"]\nb2\n"
	var got []string
	var errs []*rules.SyntaxError
	for rec, err := range Records([]byte(in)) {
		if err != nil {
			var se *rules.SyntaxError
			require.True(t, errors.As(err, &se))
			errs = append(errs, se)
			continue
		}
		got = append(got, strings.Join(rec.Moves, " "))
	}
	assert.Equal(t, []string{"a1", "b2"}, got, "the good records around the bad ones are read")
	require.Len(t, errs, 2)
	assert.Equal(t, 4, errs[0].Line)
	assert.Equal(t, 0, errs[0].Offset)
	assert.Contains(t, errs[0].Msg, "no closing quote")
	assert.Equal(t, 6, errs[1].Line)
	assert.Equal(t, 4, errs[1].Offset)
	assert.Contains(t, errs[1].Msg, "expected a quoted value")
}

func TestParseResult(t *testing.T) {
	for _, s := range []string{"1-0", "0-1", "1/2-1/2", "0-1-0", "1-0-1-0", "*"} {
		r, err := ParseResult(s)
		require.NoError(t, err, s)
		assert.Equal(t, s, r.String())
	}
	r, _ := ParseResult("0-1")
	assert.Equal(t, rules.Win(2, rules.Connection, 1).Result(), r.String())
	for _, s := range []string{"", "1", "2-0", "1-0-0-0-0", "½-½", "1--0"} {
		_, err := ParseResult(s)
		assert.ErrorIs(t, err, rules.ErrSyntax, s)
	}
}

func FuzzRecords(f *testing.F) {
	f.Add(stream)
	f.Add("[a \"b\\\"\"] x y\n\n z")
	f.Add("[")
	f.Add("1. 2... ]")
	f.Fuzz(func(t *testing.T, in string) {
		var recs []Record
		for rec, err := range Records([]byte(in)) {
			if err == nil {
				recs = append(recs, rec)
			}
		}
		// Whatever was read writes out and reads back the same.
		for _, r := range recs {
			back, err := ParseRecord(r.String())
			if err != nil {
				t.Fatalf("record %q does not read back: %v", r.String(), err)
			}
			back.Line, r.Line = 0, 0
			if back.String() != r.String() {
				t.Fatalf("unstable: %q then %q", r.String(), back.String())
			}
		}
	})
}

func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"1-0", "1/2-1/2", "*", "0-1-0-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseResult(s)
		if err != nil {
			return
		}
		if r.String() != s {
			t.Fatalf("%q reads as %q", s, r.String())
		}
	})
}
