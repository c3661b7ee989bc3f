package notation

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/testkit"
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
	if diff := cmp.Diff(recs, again); diff != "" {
		t.Errorf("records written and read again differ (-written +read):\n%s", diff)
	}
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
	assert.Equal(t, rules.Win(2, rules.NoLegalMove, 1).Result(), r.String())
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

func TestRecordStringWritesALineBreakInATagAsASpace(t *testing.T) {
	rec := Record{Tags: []Tag{{Name: "Event", Value: "two\nlines"}}, Moves: []string{"a1"}}
	back, err := ParseRecord(rec.String())
	require.NoError(t, err)
	v, _ := back.Tag("Event")
	assert.Equal(t, "two lines", v)
}

func TestRecordsRefuseALineLongerThanMaxLineBytes(t *testing.T) {
	long := "[Game \"hex\"]\n\n" + strings.Repeat("a", MaxLineBytes+10) + "\n\n[Game \"hex\"]\n\nb2\n"
	check := func(t *testing.T, seq func(func(Record, error) bool)) {
		var got []string
		for rec, err := range seq {
			if err != nil {
				var se *rules.SyntaxError
				require.ErrorAs(t, err, &se)
				assert.Equal(t, 3, se.Line)
				assert.Len(t, se.Error(), len(`record line 3 "`)+83+len(`" at offset 0: the line is longer than 1048576 bytes`))
				got = append(got, se.Msg)
				continue
			}
			got = append(got, strings.Join(rec.Moves, " "))
		}
		assert.Equal(t, []string{"the line is longer than 1048576 bytes", "b2"}, got)
	}
	t.Run("bytes", func(t *testing.T) { check(t, Records([]byte(long))) })
	t.Run("reader", func(t *testing.T) { check(t, RecordsFrom(strings.NewReader(long))) })
}

func TestRecordsRefuseMoreThanMaxRecordMoves(t *testing.T) {
	stream := io.MultiReader(strings.NewReader("[Game \"hex\"]\n\n"),
		repeat(strings.Repeat("a1 ", 1000)+"\n", MaxRecordMoves/1000+1),
		strings.NewReader("\n[Game \"hex\"]\n\nb2\n"))
	var got []string
	for rec, err := range RecordsFrom(stream) {
		if err != nil {
			got = append(got, err.(*rules.SyntaxError).Msg)
			continue
		}
		got = append(got, strings.Join(rec.Moves, " "))
	}
	assert.Equal(t, []string{"the record holds more than 1048576 moves", "b2"}, got)
}

// TestRecordsReadExactlyMaxRecordMoves pins the boundary: a record of
// MaxRecordMoves moves reads whole, and one move more is refused.
func TestRecordsReadExactlyMaxRecordMoves(t *testing.T) {
	read := func(moves int) (int, error) {
		stream := io.MultiReader(strings.NewReader("[Game \"hex\"]\n\n"),
			repeat(strings.Repeat("a1 ", 1000)+"\n", moves/1000),
			strings.NewReader(strings.Repeat("a1 ", moves%1000)+"\n"))
		for rec, err := range RecordsFrom(stream) {
			return len(rec.Moves), err
		}
		return 0, nil
	}
	n, err := read(MaxRecordMoves)
	require.NoError(t, err)
	assert.Equal(t, MaxRecordMoves, n)
	_, err = read(MaxRecordMoves + 1)
	require.Error(t, err)
	assert.Equal(t, "the record holds more than 1048576 moves", err.(*rules.SyntaxError).Msg)
}

func TestRecordsRefuseMoreThanMaxRecordBytes(t *testing.T) {
	tag := "[Event \"" + strings.Repeat("x", MaxLineBytes/2) + "\"]\n"
	stream := io.MultiReader(strings.NewReader("[Game \"hex\"]\n"), repeat(tag, 2*MaxRecordBytes/MaxLineBytes),
		strings.NewReader("\n\n[Game \"hex\"]\n\nb2\n"))
	var got []string
	for rec, err := range RecordsFrom(stream) {
		if err != nil {
			got = append(got, err.(*rules.SyntaxError).Msg)
			continue
		}
		got = append(got, strings.Join(rec.Moves, " "))
	}
	assert.Equal(t, []string{"the record takes more than 33554432 bytes", "b2"}, got)
}

type failingReader struct{ after string }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.after == "" {
		return 0, errors.New("disk on fire")
	}
	n := copy(p, f.after)
	f.after = f.after[n:]
	return n, nil
}

func TestRecordsFromYieldsAReadErrorAndStops(t *testing.T) {
	var errs []error
	n := 0
	for _, err := range RecordsFrom(&failingReader{after: "[Game \"hex\"]\n\na1\n\n[Game \"hex\"]\n"}) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	assert.Equal(t, 1, n)
	require.Len(t, errs, 1)
	assert.EqualError(t, errs[0], "disk on fire")
}

func TestRecordsSkipAByteOrderMark(t *testing.T) {
	const text = "\ufeff[Game \"hex\"]\n\na1\n"
	for name, seq := range map[string]func(func(Record, error) bool){
		"bytes": Records([]byte(text)), "reader": RecordsFrom(strings.NewReader(text)),
	} {
		n := 0
		for rec, err := range seq {
			require.NoError(t, err, name)
			v, _ := rec.Tag("Game")
			assert.Equal(t, "hex", v, name)
			n++
		}
		assert.Equal(t, 1, n, name)
	}
}

func TestRecordsOfBytesCanBeIteratedTwice(t *testing.T) {
	seq := Records([]byte("[Game \"hex\"]\n\na1\n"))
	for range 2 {
		n := 0
		for range seq {
			n++
		}
		assert.Equal(t, 1, n)
	}
}

func TestRecordsRefuseMoreThanMaxRecordTags(t *testing.T) {
	stream := io.MultiReader(strings.NewReader("[Game \"hex\"]\n"), repeat("[E \"\"]\n", 6_000_000),
		strings.NewReader("\na1\n\n[Game \"hex\"]\n\nb2\n"))
	var got []string
	for rec, err := range RecordsFrom(stream) {
		if err != nil {
			got = append(got, err.(*rules.SyntaxError).Msg)
			continue
		}
		got = append(got, strings.Join(rec.Moves, " "))
	}
	assert.Equal(t, []string{"the record holds more than 1024 tags", "b2"}, got)
}

func TestRecordsResumeAtTheNextRecordAfterABadTag(t *testing.T) {
	// The bad record's moves, after the blank line that ends its tags,
	// are skipped with it rather than read as a record of their own.
	const text = "[Game \"hex(size=3)\"]\n[Bad\n\na1\n\n[Game \"hex\"]\n\nb2\n"
	var got []string
	for rec, err := range Records([]byte(text)) {
		if err != nil {
			got = append(got, "error")
			continue
		}
		got = append(got, strings.Join(rec.Moves, " "))
	}
	assert.Equal(t, []string{"error", "b2"}, got)
}

func TestRecordsTakeAByteOrderMarkInTheStreamForWhiteSpace(t *testing.T) {
	const one = "\ufeff[Game \"hex\"]\n\na1\n\n"
	n := 0
	for _, err := range Records([]byte(one + one + one)) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 3, n)
}

// repeat is a reader of n copies of line, made as it is read.
func repeat(line string, n int) io.Reader {
	return &testkit.Repeated{Body: line, N: n * len(line)}
}
