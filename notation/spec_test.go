package notation

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestParseSpec(t *testing.T) {
	s, err := ParseSpec("hex")
	require.NoError(t, err)
	assert.Equal(t, Spec{Game: "hex"}, s)
	s, err = ParseSpec("focus(players=4,teams=true)")
	require.NoError(t, err)
	assert.Equal(t, "focus(players=4,teams=true)", s.String())
	v, ok := s.Lookup("teams")
	assert.True(t, ok)
	assert.Equal(t, "true", v)
	s, err = ParseSpec("hex()")
	require.NoError(t, err)
	assert.Equal(t, "hex", s.String())
}

func TestParseSpecErrorsGiveTheOffset(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"", 0, "expected a game name"},
		{"Hex", 0, "expected a game name"},
		{"9x", 0, "starts with a lower-case letter"},
		{"hex:size=3", 3, "expected \"(\""},
		{"hex(size-3)", 8, "expected \"=\""},
		{"hex(size 3)", 8, "no white space"},
		{"hex(size= 5)", 9, "no white space"},
		{" hex", 0, "no white space"},
		{"hex(size=)", 9, "expected a value"},
		{"hex(size=3", 10, "missing \")\""},
		{"hex(size=3;swap=none)", 10, "expected \",\" or \")\""},
		{"hex(size=3,size=4)", 11, "given twice"},
		{"hex(size=3)x", 11, "unexpected text"},
		{"hex(size=3) x", 11, "no white space"},
		{"hex(=3)", 4, "expected an option name"},
	} {
		_, err := ParseSpec(tc.in)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.in, err)
		assert.Equal(t, tc.offset, se.Offset, "%q: %v", tc.in, err)
		assert.Contains(t, se.Msg, tc.msg, tc.in)
	}
}

func TestSpecOptionHelpers(t *testing.T) {
	s, _ := ParseSpec("g(n=5,b=true,e=x,bad=7)")
	n, err := s.Int("n", 1, 1, 9)
	assert.NoError(t, err)
	assert.Equal(t, 5, n)
	_, err = s.Int("n", 1, 6, 9)
	assert.ErrorContains(t, err, "option n")
	d, err := s.Int("missing", 3, 1, 9)
	assert.NoError(t, err)
	assert.Equal(t, 3, d)
	b, err := s.Bool("b", false)
	assert.NoError(t, err)
	assert.True(t, b)
	_, err = s.Bool("e", false)
	assert.ErrorContains(t, err, "not true or false")
	_, err = s.Enum("e", "y", "y", "z")
	assert.ErrorContains(t, err, "not one of y, z")
	err = s.CheckKnown("n", "b", "e")
	var specErr *SpecError
	require.ErrorAs(t, err, &specErr)
	assert.Equal(t, "bad", specErr.Option)
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"hex", "hex(size=11,swap=sides)", "focus(players=4,teams=true)", "a()", "(", "a(b=c", "x(y=1,y=2)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseSpec(s)
		if err != nil {
			return
		}
		again, err := ParseSpec(spec.String())
		if err != nil || again.String() != spec.String() {
			t.Fatalf("%q -> %q -> %q, %v", s, spec.String(), again.String(), err)
		}
	})
}

func TestSpecNumbersHaveOneSpelling(t *testing.T) {
	for _, v := range []string{"+5", "05", "-0", "5.0", "0x5", "99999999999999999999"} {
		s, err := ParseSpec("g(n=" + v + ")")
		require.NoError(t, err, v)
		_, err = s.Int("n", 0, 0, 100)
		var se *SpecError
		assert.ErrorAs(t, err, &se, v)
	}
	for v, want := range map[string]int{"0": 0, "5": 5, "26": 26} {
		s, _ := ParseSpec("g(n=" + v + ")")
		n, err := s.Int("n", 0, 0, 100)
		assert.NoError(t, err)
		assert.Equal(t, want, n)
	}
}

func TestSpecLongerThanMaxSpecBytesIsRefused(t *testing.T) {
	_, err := ParseSpec("hex(size=" + strings.Repeat("1", 50<<20) + ")")
	var se *rules.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, MaxSpecBytes, se.Offset)
	assert.Less(t, len(err.Error()), 200, "the error quotes a short window of the input")
}

func TestSpecErrorQuotesAShortPrefix(t *testing.T) {
	err := &SpecError{Spec: "hex(size=" + strings.Repeat("9", 1000) + ")", Option: "size", Msg: "too big"}
	assert.Less(t, len(err.Error()), 140)
}

func TestCheckKnownWithNoOptionsSaysSo(t *testing.T) {
	s, _ := ParseSpec("domination(x=1)")
	assert.EqualError(t, s.CheckKnown(), `game spec "domination(x=1)": option x: domination takes no options`)
}

// TestMessagesQuoteWholeCharacters: an unexpected character is quoted
// whole (its UTF-8 sequence), an invalid byte as an escape, not as the
// Latin-1 letter of its first byte.
func TestMessagesQuoteWholeCharacters(t *testing.T) {
	assert.Equal(t, `"é"`, QuoteFirst("é/3"))
	assert.Equal(t, `"\xd9"`, QuoteFirst("\xd9x"))
	assert.Equal(t, `""`, QuoteFirst(""))
	_, err := ParseSpec("hex(size=７)")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `found "７"`)
}
