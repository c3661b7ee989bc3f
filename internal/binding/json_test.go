package binding

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestAppendJSONReadsBackAsEncodingJSONDoes: whatever its strings hold
// (quotes, backslashes, control characters, invalid UTF-8), the JSON
// AppendJSON writes is valid and reads back to the description, with
// each invalid byte as U+FFFD, as encoding/json reads its own text.
func TestAppendJSONReadsBackAsEncodingJSONDoes(t *testing.T) {
	str := rapid.StringOfN(rapid.SampledFrom([]rune{'a', '"', '\\', '\n', 0, 0x1f, 0x7f, 'é', '😀', 0xfffd, '\u2028'}), 0, 12, -1)
	raw := rapid.Custom(func(t *rapid.T) string { // strings with invalid UTF-8 too
		return str.Draw(t, "s") + string(rapid.SliceOfN(rapid.Byte(), 0, 3).Draw(t, "bytes"))
	})
	rapid.Check(t, func(t *rapid.T) {
		e := ErrorInfo{Code: raw.Draw(t, "code"), Message: raw.Draw(t, "message"), Reason: raw.Draw(t, "reason"),
			Offset: rapid.IntRange(-1, 1<<40).Draw(t, "offset"), What: raw.Draw(t, "what"), Game: rapid.IntRange(-1, 9).Draw(t, "game")}
		data := e.AppendJSON(nil)
		var back ErrorInfo
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("AppendJSON wrote %q, which is no JSON: %v", data, err)
		}
		want := ErrorInfo{Code: valid(e.Code), Message: valid(e.Message), Reason: valid(e.Reason), Offset: e.Offset, What: valid(e.What), Game: e.Game}
		if back != want {
			t.Fatalf("AppendJSON wrote %q, which reads back as %+v, want %+v", data, back, want)
		}
		enc, _ := json.Marshal(want)
		var decoded ErrorInfo
		_ = json.Unmarshal(enc, &decoded)
		if decoded != back {
			t.Fatalf("encoding/json reads its own text as %+v, AppendJSON's as %+v", decoded, back)
		}
	})
}

// valid is s with each invalid byte replaced by U+FFFD, as a range loop
// (and encoding/json) reads it.
func valid(s string) string {
	var r []rune
	for _, c := range s {
		r = append(r, c)
	}
	return string(r)
}

// TestAppendJSONIsEncodingJSONsText: for valid text without the characters
// encoding/json writes in a form of its own (\b \f \n \r \t, < > &,
// U+2028, U+2029), AppendJSON writes encoding/json's very bytes: the same
// fields in the same order, only quotes, backslashes and control
// characters escaped, as \u00xx in lower case.
func TestAppendJSONIsEncodingJSONsText(t *testing.T) {
	str := rapid.StringOfN(rapid.SampledFrom([]rune{'a', ' ', '"', '\\', '/', 0, 1, 0x0b, 0x1f, 0x7f, 0x80, 'é', '😀', 0xfffd, '\u2027', '\u202a'}), 0, 12, -1)
	rapid.Check(t, func(t *rapid.T) {
		e := ErrorInfo{Code: str.Draw(t, "code"), Message: str.Draw(t, "message"), Reason: str.Draw(t, "reason"),
			Offset: rapid.IntRange(-1, 1<<40).Draw(t, "offset"), What: str.Draw(t, "what"), Game: rapid.IntRange(-1, 9).Draw(t, "game")}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(e); err != nil {
			t.Fatal(err)
		}
		if got := e.AppendJSON(nil); string(got) != strings.TrimSuffix(want.String(), "\n") {
			t.Fatalf("AppendJSON wrote\n%s\nencoding/json\n%s", got, want.String())
		}
	})
}

// TestAppendJSONAppends: AppendJSON adds to what b holds and leaves it be.
func TestAppendJSONAppends(t *testing.T) {
	e := ErrorInfo{Code: "syntax", Message: "m", Reason: "r", Offset: 3, What: "move", Game: -1}
	got := string(e.AppendJSON([]byte("prefix ")))
	if want := `prefix {"code":"syntax","message":"m","reason":"r","offset":3,"what":"move","game":-1}`; got != want {
		t.Errorf("AppendJSON = %s, want %s", got, want)
	}
}
