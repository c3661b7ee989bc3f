package notation_test

import (
	"encoding"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

var (
	_ encoding.TextMarshaler   = notation.Result{}
	_ encoding.TextUnmarshaler = (*notation.Result)(nil)
	_ encoding.TextMarshaler   = notation.Record{}
	_ encoding.TextUnmarshaler = (*notation.Record)(nil)
)

func TestResultTextRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		r    notation.Result
		text string
	}{
		{notation.Result{}, "*"},
		{notation.Result{Halves: []uint8{2, 0}}, "1-0"},
		{notation.Result{Halves: []uint8{0, 2}}, "0-1"},
		{notation.Result{Halves: []uint8{1, 1}}, "1/2-1/2"},
		{notation.Result{Halves: []uint8{0, 2, 0}}, "0-1-0"},
		{notation.Result{Halves: []uint8{2, 0, 2, 0}}, "1-0-1-0"},
		{notation.Result{Halves: []uint8{2, 1, 0, 1}}, "1-1/2-0-1/2"},
	} {
		got, err := tc.r.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, tc.text, string(got))
		assert.Equal(t, tc.r.String(), string(got))
		back := notation.Result{Halves: []uint8{2, 2}}
		require.NoError(t, back.UnmarshalText(got))
		assert.Equal(t, tc.r, back)
	}
}

func TestResultUnmarshalTextRefusesBadInput(t *testing.T) {
	for _, in := range []string{"", "1", "2-0", "1-0-0-0-0", "½-½", "1--0", "1-0 ", " *", "**", "0.5-0.5", "1-O"} {
		r := notation.Result{Halves: []uint8{1, 1}}
		err := r.UnmarshalText([]byte(in))
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", in, err)
		assert.Equal(t, "result", se.What)
		assert.Equal(t, in, se.Input)
		assert.Equal(t, notation.Result{Halves: []uint8{1, 1}}, r, "a refused text leaves the result unchanged")
	}
}

func TestResultMarshalTextRefusesResultsThatWouldNotReadBack(t *testing.T) {
	for _, halves := range [][]uint8{{}, {2}, {2, 0, 0, 0, 0}, {3, 0}, {0, 255}} {
		_, err := notation.Result{Halves: halves}.MarshalText()
		assert.Error(t, err, "%v", halves)
	}
}

func TestResultJSONIsItsText(t *testing.T) {
	got, err := json.Marshal(notation.Result{Halves: []uint8{2, 0}})
	require.NoError(t, err)
	assert.Equal(t, "\"1-0\"", string(got))

	type game struct {
		Result notation.Result   `json:"result"`
		Others []notation.Result `json:"others"`
	}
	in := game{
		Result: notation.Result{Halves: []uint8{1, 1}},
		Others: []notation.Result{{}, {Halves: []uint8{0, 0, 2}}},
	}
	got, err = json.Marshal(in)
	require.NoError(t, err)
	assert.Equal(t, `{"result":"1/2-1/2","others":["*","0-0-1"]}`, string(got))
	var back game
	require.NoError(t, json.Unmarshal(got, &back))
	assert.Equal(t, in, back)
	assert.Error(t, json.Unmarshal([]byte(`{"result":"2-0"}`), &back))
}

func TestResultMatchesOutcome(t *testing.T) {
	for _, tc := range []struct {
		result string
		o      rules.Outcome
		want   bool
	}{
		{"*", rules.Outcome{}, true},
		{"1-0", rules.Win(2, rules.Resignation, 0), true},
		{"0-1", rules.Win(2, rules.NoLegalMove, 1), true},
		{"1/2-1/2", rules.Draw(2, rules.PlyLimit), true},
		{"0-1-0-1", rules.Win(4, rules.NewReason("team passed"), 1, 3), true},
		{"1-0", rules.Win(2, rules.Resignation, 1), false},
		{"1-0", rules.Outcome{}, false},
		{"*", rules.Win(2, rules.Resignation, 0), false},
		{"1/2-1/2", rules.Draw(3, rules.PlyLimit), false},
		{"1-0-0", rules.Win(2, rules.Resignation, 0), false},
	} {
		r, err := notation.ParseResult(tc.result)
		require.NoError(t, err)
		assert.Equal(t, tc.want, r.Matches(tc.o), "%s matches %s", tc.result, tc.o)
	}
}

const twoRecords = `[Game "hex(size=7,swap=none)"]
[Result "1-0"]
[Event "Club \"night\" \\ 3"]

1. d4 2. c5 # a comment
3. e3  4... f2

# a record with a start position and no moves
[Game "hex(size=3,swap=sides)"]
[Position "3/1B1/3 w -"]
`

func TestRecordTextRoundTrip(t *testing.T) {
	recs, err := notation.ReadRecords(strings.NewReader(twoRecords + "\n\n[Game \"hex\"]\nb2 1. c3\n\nswap a1\n"))
	require.NoError(t, err)
	require.Len(t, recs, 4)
	assert.Equal(t, []int{1, 9, 13, 16}, []int{recs[0].Line, recs[1].Line, recs[2].Line, recs[3].Line})
	long := notation.Record{Tags: []notation.Tag{{"Game", "hex"}}, Line: 1}
	for range 60 {
		long.Moves = append(long.Moves, "k10")
	}
	recs = append(recs, long)
	for _, rec := range recs {
		text, err := rec.MarshalText()
		require.NoError(t, err)
		var back notation.Record
		require.NoError(t, back.UnmarshalText(text), "%s", text)
		rec.Line = 1 // the line is not part of the text
		if diff := cmp.Diff(rec, back); diff != "" {
			t.Errorf("%s read back as another record (-want +got):\n%s", text, diff)
		}
	}
}

func TestRecordUnmarshalTextLineIsWhereTheRecordStartsInItsText(t *testing.T) {
	var r notation.Record
	require.NoError(t, r.UnmarshalText([]byte("[Game \"hex\"]\na1\n")))
	assert.Equal(t, 1, r.Line, "a record read alone starts at line 1")
	require.NoError(t, r.UnmarshalText([]byte("# a leading comment\n\n[Game \"hex\"]\na1\n")))
	assert.Equal(t, 3, r.Line, "as ParseRecord and the lines of syntax errors count")
}

func TestRecordUnmarshalTextRefusesNoneOrSeveralRecords(t *testing.T) {
	for name, in := range map[string]string{
		"empty":              "",
		"blank lines":        "\n\n  \n",
		"only a comment":     "# nothing here\n",
		"only move numbers":  "1. 2... 3.",
		"two records":        twoRecords,
		"two move sections":  "a1 b2\n\nc3\n",
		"tags after moves":   "[Game \"hex\"]\na1\n[Game \"hex\"]\nb2\n",
		"unclosed tag":       "[Game \"hex\n",
		"tag without value":  "[Game]\na1\n",
		"stray bracket":      "a1 ] b2\n",
		"bad second record":  "[Game \"hex\"]\na1\n\n[Game hex]\n",
		"bad then good":      "[Game]\n\n[Game \"hex\"]\na1\n",
		"quote outside tags": "\"a1\"\n",
	} {
		r := notation.Record{Moves: []string{"kept"}}
		err := r.UnmarshalText([]byte(in))
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%s: %v", name, err)
		assert.Equal(t, "record", se.What, name)
		assert.Equal(t, notation.Record{Moves: []string{"kept"}}, r, "%s: a refused text leaves the record unchanged", name)
	}
}

func TestRecordMarshalTextRefusesRecordsThatWouldNotReadBack(t *testing.T) {
	game := []notation.Tag{{"Game", "hex"}}
	for name, r := range map[string]notation.Record{
		"empty":                  {},
		"empty tag name":         {Tags: []notation.Tag{{"", "x"}}},
		"tag name with a space":  {Tags: []notation.Tag{{"Black player", "x"}}},
		"tag name with a quote":  {Tags: []notation.Tag{{`a"`, "x"}}},
		"tag name not ASCII":     {Tags: []notation.Tag{{"Événement", "x"}}},
		"tag value line break":   {Tags: []notation.Tag{{"Event", "a\nb"}}},
		"empty move":             {Tags: game, Moves: []string{"a1", ""}},
		"move with a space":      {Tags: game, Moves: []string{"a1 b2"}},
		"move with a tab":        {Tags: game, Moves: []string{"a1\tb2"}},
		"move with a line break": {Tags: game, Moves: []string{"a1\n"}},
		"move with a comment":    {Tags: game, Moves: []string{"a1#"}},
		"move opening a tag":     {Moves: []string{"[a1"}},
		"move closing a tag":     {Moves: []string{"]"}},
		"move quoted":            {Moves: []string{`"a1`}},
		"move number":            {Moves: []string{"a1", "12.", "b2"}},
		"move number dots":       {Moves: []string{"12..."}},
	} {
		_, err := r.MarshalText()
		assert.Error(t, err, name)
		_, err = json.Marshal(r)
		assert.Error(t, err, name)
	}
}

func TestRecordJSONIsItsTextInAStruct(t *testing.T) {
	type archive struct {
		Name    string            `json:"name"`
		Record  notation.Record   `json:"record"`
		Records []notation.Record `json:"records"`
	}
	rec, err := notation.ParseRecord("[Game \"hex(size=7,swap=none)\"]\n[Event \"say \\\"hi\\\"\"]\n\nd4 c5 e3\n")
	require.NoError(t, err)
	noMoves, err := notation.ParseRecord("[Game \"hex\"]\n")
	require.NoError(t, err)
	noTags, err := notation.ParseRecord("a1 b2\n")
	require.NoError(t, err)
	in := archive{Name: "club", Record: rec, Records: []notation.Record{noMoves, noTags}}

	data, err := json.Marshal(in)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"record":"[Game \"hex(size=7,swap=none)\"]\n[Event \"say \\\"hi\\\"\"]\n\nd4 c5 e3\n"`)
	var back archive
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, in, back)

	assert.Error(t, json.Unmarshal([]byte(`{"record":""}`), &back), "no record")
	assert.Error(t, json.Unmarshal([]byte(`{"record":"a1\n\nb2\n"}`), &back), "two records")
}

// A record of arbitrary tokens either refuses to marshal or reads back to
// itself: MarshalText never writes text that reads back to another record.
func TestRecordMarshalTextReadsBackOrRefusesProperty(t *testing.T) {
	name := rapid.OneOf(
		rapid.StringMatching(`[A-Za-z0-9_]{1,8}`),
		rapid.StringOfN(rapid.SampledFrom([]rune("aZ_9 [\"é")), 0, 4, -1))
	value := rapid.StringOfN(rapid.SampledFrom([]rune("a \"\\]#[\r\t")), 0, 6, -1)
	lineBreak := rapid.IntRange(0, 9) // 0: the value gets a line break
	move := rapid.OneOf(
		rapid.StringMatching(`[a-k][1-9][0-9]?|swap|[0-9]\.[a-z0-9]`),
		rapid.StringOfN(rapid.SampledFrom([]rune("a1.#[]\" \n")), 0, 4, -1),
		rapid.StringMatching(`[a-k][1-9]`))
	written := 0
	rapid.Check(t, func(t *rapid.T) {
		r := notation.Record{Line: 1}
		for range rapid.IntRange(0, 3).Draw(t, "tags") {
			v := value.Draw(t, "value")
			if lineBreak.Draw(t, "line break") == 0 {
				v += "\n"
			}
			r.Tags = append(r.Tags, notation.Tag{Name: name.Draw(t, "name"), Value: v})
		}
		for range rapid.IntRange(0, 8).Draw(t, "moves") {
			r.Moves = append(r.Moves, move.Draw(t, "move"))
		}
		text, err := r.MarshalText()
		if err != nil {
			return
		}
		written++
		var back notation.Record
		if err := back.UnmarshalText(text); err != nil {
			t.Fatalf("%#v wrote %q, which does not read back: %v", r, text, err)
		}
		if !assert.ObjectsAreEqual(r, back) {
			t.Fatalf("%#v wrote %q, read back as %#v", r, text, back)
		}
	})
	t.Logf("%d records written and read back", written)
	assert.Positive(t, written, "some records were written")
}
