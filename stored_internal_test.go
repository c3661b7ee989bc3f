package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// readStoredByJSON is the reading readStored replaced, through
// encoding/json's tokens: the reference readStored is held to.
func readStoredByJSON(data []byte) (Stored, error) {
	fail := func(msg string) (Stored, error) {
		return Stored{}, &SyntaxError{What: "stored position", Input: string(data), Msg: msg}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fail(`want a JSON object {"spec": ..., "position": ...}`)
	}
	var s Stored
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fail("bad JSON: " + err.Error())
		}
		key, _ := tok.(string)
		var field *string
		switch key {
		case "spec":
			field = &s.Spec
		case "position":
			field = &s.Position
		default:
			name := strconv.Quote(key)
			if len(key) > maxKeyShown {
				name = strconv.Quote(key[:maxKeyShown]) + "..."
			}
			return fail("unknown field " + name + `: the fields are "spec" and "position"`)
		}
		if seen[key] {
			return fail("the field " + strconv.Quote(key) + " appears twice")
		}
		seen[key] = true
		tok, err = dec.Token()
		value, ok := tok.(string)
		if err != nil || !ok {
			return fail("the field " + strconv.Quote(key) + " must be a string")
		}
		*field = value
	}
	if _, err := dec.Token(); err != nil {
		return fail("bad JSON: " + err.Error())
	}
	if _, err := dec.Token(); err != io.EOF {
		return fail("text after the JSON object")
	}
	if !seen["spec"] || !seen["position"] {
		return fail(`want both fields "spec" and "position"`)
	}
	return s, nil
}

// storedSeeds are inputs at every branch of the reading: good objects,
// escapes, surrogates, invalid UTF-8, every way to go wrong.
var storedSeeds = []string{
	`{"spec":"hex(5)","position":"5/5/5/5/5 b"}`,
	` {"position" : "x" , "spec":"y"} ` + "\n\t\r",
	`{"sp\u0065c":"a","position":"b"}`,
	`{"spec":"\"\\\/\b\f\n\r\t","position":"\u00e9\ud83d\ude00"}`,
	`{"spec":"\ud800","position":"\ud800\u0041\udc00\ud800x\ud800\\"}`,
	"{\"spec\":\"\xff\xfe\",\"position\":\"\xc3\"}",
	`{"spec":"a\u00","position":"b"}`, `{"spec":"a\x","position":"b"}`, `{"spec":"a\`,
	"{\"spec\":\"a\nb\",\"position\":\"c\"}",
	`{}`, `[]`, ``, `   `, `null`, `"spec"`, `{`, `{"spec"`, `{"spec":`, `{"spec":"a"`, `{"spec":"a",`,
	`{"spec":"a","position":"b"`, `{"spec":"a","position":"b"}}`, `{"spec":"a","position":"b"} {}`,
	`{"spec":"a","position":"b"}x`, "{\"spec\":\"a\",\"position\":\"b\"}\x00",
	`{"spec":"a","position":"b",}`, `{"spec":"a" "position":"b"}`, `{"spec" "a","position":"b"}`,
	`{"spec":"a","spec":"b","position":"c"}`, `{"Spec":"a","position":"b"}`, `{"spec":"a"}`,
	`{"spec":1,"position":"b"}`, `{"spec":null,"position":"b"}`, `{"spec":"a","position":["b"]}`,
	`{"spec":"a","other":"c","position":"b"}`, `{,}`, `{1:"a"}`, `{'spec':"a"}`, `{"spec":"a"]`,
}

// TestReadStoredReadsAsEncodingJSON: readStored accepts what the
// encoding/json reading accepted, with the same strings, and refuses what
// it refused, with an offset inside the input.
func TestReadStoredReadsAsEncodingJSON(t *testing.T) {
	for _, in := range storedSeeds {
		checkStoredAgrees(t, []byte(in))
	}
	// Random texts over JSON's alphabet, and good objects with bytes
	// changed, reach the corners the seeds do not.
	alphabet := []byte(`{}[]:,"\ /bfnrtu0123456789abcdefABCDEF` + "spec" + "position" + "\n\t\x00\x1f\xff\xc3\xa9")
	rapid.Check(t, func(t *rapid.T) {
		var in []byte
		if rapid.Bool().Draw(t, "mutate") {
			in = []byte(rapid.SampledFrom(storedSeeds[:6]).Draw(t, "seed"))
			for range rapid.IntRange(1, 3).Draw(t, "changes") {
				i := rapid.IntRange(0, len(in)-1).Draw(t, "at")
				in[i] = rapid.SampledFrom(alphabet).Draw(t, "byte")
			}
		} else {
			in = rapid.SliceOfN(rapid.SampledFrom(alphabet), 0, 40).Draw(t, "text")
		}
		checkStoredAgrees(t, in)
	})
}

// FuzzReadStored holds readStored to the encoding/json reading for any
// input.
func FuzzReadStored(f *testing.F) {
	for _, in := range storedSeeds {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, in []byte) { checkStoredAgrees(t, in) })
}

func checkStoredAgrees(t interface {
	Helper()
	Fatalf(string, ...any)
}, in []byte) {
	t.Helper()
	got, err := readStored(in)
	want, wantErr := readStoredByJSON(in)
	if (err == nil) != (wantErr == nil) {
		t.Fatalf("readStored(%q): error %v, the encoding/json reading's %v", in, err, wantErr)
	}
	if got != want {
		t.Fatalf("readStored(%q) = %q, the encoding/json reading %q", in, got, want)
	}
	if err != nil {
		var se *SyntaxError
		if !errors.As(err, &se) || se.What != "stored position" || se.Offset < 0 || se.Offset > len(in) {
			t.Fatalf("readStored(%q): error %#v, want a *SyntaxError of a stored position with an offset in [0, %d]", in, err, len(in))
		}
	}
}

// TestReadStoredSaysWhere: each refusal names its problem and points at it.
func TestReadStoredSaysWhere(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int
		msg    string
	}{
		{`[]`, 0, `want a JSON object`},
		{`  {"spec":"a","bad":"b"}`, 14, `unknown field "bad"`},
		{`{"spec":"a","spec":"b"}`, 12, `the field "spec" appears twice`},
		{`{"spec":7,"position":"b"}`, 8, `the field "spec" must be a string`},
		{`{"spec":"a\q","position":"b"}`, 10, `an escape is one of`},
		{`{"spec":"a" "position":"b"}`, 12, `want ',' or '}' after a field, found "\""`},
		{"{\"spec\":\"a\"é", 11, `want ',' or '}' after a field, found "é"`},
		{"{\"spec\":\"a\"\xd9", 11, `want ',' or '}' after a field, found "\xd9"`},
		{`{"spec":"a","position":"b"} x`, 28, `text after the JSON object`},
		{`{"spec":"a"}`, 0, `want both fields "spec" and "position"`},
		{`{"spec":"a`, 10, `the string does not end`},
		{"{\"spec\":\"a\tb\"}", 10, `a control character in a string`},
	} {
		_, err := readStored([]byte(c.in))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset != c.offset || !bytes.Contains([]byte(se.Msg), []byte(c.msg)) {
			t.Errorf("readStored(%q) = %v, want %q at offset %d", c.in, err, c.msg, c.offset)
		}
	}
}

// TestReadStoredReadsEveryByteAsEncodingJSON: raw bytes at the edges of
// the string rules (0x1f, 0x7f, 0x80, valid multi-byte UTF-8, U+2028) and
// text that merely looks like the second half of a surrogate pair read
// as encoding/json reads them, to the very characters.
func TestReadStoredReadsEveryByteAsEncodingJSON(t *testing.T) {
	for _, c := range []struct {
		in       string
		spec     string
		refused  bool
		whyShown string
	}{
		{in: "{\"spec\":\"a\x1fb\",\"position\":\"p\"}", refused: true, whyShown: "0x1f is a control character"},
		{in: "{\"spec\":\"a\x7fb\",\"position\":\"p\"}", spec: "a\x7fb", whyShown: "DEL is no control character to JSON"},
		{in: "{\"spec\":\"a\x80b\",\"position\":\"p\"}", spec: "a\ufffdb", whyShown: "a lone continuation byte is U+FFFD"},
		{in: "{\"spec\":\"é😀\u2028中\",\"position\":\"p\"}", spec: "é😀\u2028中", whyShown: "valid UTF-8 is read whole"},
		{in: `{"spec":"\ud800xudc00","position":"p"}`, spec: "\ufffdxudc00", whyShown: `"xudc00" is no \u escape`},
		{in: `{"spec":"\ud800\\dc00","position":"p"}`, spec: "\ufffd\\dc00", whyShown: `"\\dc00" is an escaped backslash, then text`},
		{in: `{"spec":"\ud800\\udc00","position":"p"}`, spec: "\ufffd\\udc00", whyShown: `"\\udc00" is an escaped backslash, then text`},
		{in: `{"spec":"\ud800\xdc00","position":"p"}`, refused: true, whyShown: `\x is no escape, after a high surrogate too`},
	} {
		checkStoredAgrees(t, []byte(c.in))
		s, err := readStored([]byte(c.in))
		if c.refused {
			if err == nil {
				t.Errorf("readStored(%q) = %q, want it refused (%s)", c.in, s, c.whyShown)
			}
			continue
		}
		if err != nil || s.Spec != c.spec || s.Position != "p" {
			t.Errorf("readStored(%q) = %q, %v; want spec %q (%s)", c.in, s, err, c.spec, c.whyShown)
		}
	}
}

// TestReadStoredReadsNothingPastTheEnd: bytes beyond len(data) (in the
// slice's spare capacity) are not part of the input, even where they
// would complete a \u escape.
func TestReadStoredReadsNothingPastTheEnd(t *testing.T) {
	for _, c := range []struct {
		in, beyond string
		offset     int
	}{
		{`{"spec":"\u004`, `1","position":"p"}`, 9},
		{`{"spec":"\ud83d\ude0`, `0","position":"p"}`, 15},
		{`{"spec":"a\`, `n","position":"p"}`, 10},
	} {
		whole := []byte(c.in + c.beyond)
		data := whole[:len(c.in)]
		_, err := readStored(data)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset != c.offset {
			t.Errorf("readStored(%q, with %q beyond its end) = %v, want an error at offset %d", c.in, c.beyond, err, c.offset)
		}
	}
}

// TestReadStoredSaysWhereATruncatedStringStops: a string cut off after a
// complete escape is one that does not end, at the end of the input, not
// a bad escape.
func TestReadStoredSaysWhereATruncatedStringStops(t *testing.T) {
	for _, in := range []string{`{"spec":"\u0041`, `{"spec":"\ud83d\ude00`, `{"spec":"\n`, `{"spec":"é`} {
		_, err := readStored([]byte(in))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset != len(in) || !bytes.Contains([]byte(se.Msg), []byte("the string does not end")) {
			t.Errorf("readStored(%q) = %v, want %q at offset %d", in, err, "the string does not end", len(in))
		}
	}
}

// TestUnknownFieldErrorIsShort: an unknown field's name of a megabyte
// is quoted cut to its first bytes, so the error stays small.
func TestUnknownFieldErrorIsShort(t *testing.T) {
	key := strings.Repeat("k", 1<<20)
	_, err := UnmarshalDynamic([]byte(`{"` + key + `":"x"}`))
	if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), `unknown field "kkkk`) || !strings.Contains(err.Error(), `k"...`) {
		t.Fatalf("got %.500v", err)
	}
}
