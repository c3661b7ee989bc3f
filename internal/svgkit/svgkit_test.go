package svgkit

import (
	"strings"
	"testing"

	"github.com/tabletop-go/rules/internal/svgkit/svgtest"
)

func TestEscape(t *testing.T) {
	for _, s := range []string{"", "plain", `<a href="x">&amp;'</a>`, "tab\tnew\nline\r", "nul\x00 bell\a", "bad \xff utf-8", "ok é ☃"} {
		var w Writer
		w.Open("svg", "xmlns", "http://www.w3.org/2000/svg", "width", "1", "height", "1", "viewBox", "0 0 1 1", "data-x", s)
		w.Text("title", s)
		root := svgtest.Parse(t, w.Finish())
		want := strings.Map(func(r rune) rune {
			if !xmlChar(r) {
				return '\uFFFD'
			}
			return r
		}, strings.ToValidUTF8(s, "\uFFFD"))
		if got := root.Attrs["data-x"]; got != want {
			t.Errorf("attribute %q reads back as %q, want %q", s, got, want)
		}
		if got := root.Child("title").Text; got != want {
			t.Errorf("text %q reads back as %q, want %q", s, got, want)
		}
	}
}

func TestColours(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Shade("#808080", 0.5), "#404040"},
		{Shade("#808080", 1.5), "#c0c0c0"},
		{Mix("#000000", "#ffffff", 0.5), "#808080"},
		{Mix("#d8572a", "#d8572a", 0.3), "#d8572a"},
		{Num(1.005), "1"}, {Num(-0.001), "0"}, {Num(12.346), "12.35"}, {Num(-3.5), "-3.5"},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
}

// TestWriteToNoWriterFails: the svg packages' Write dereferenced a nil
// io.Writer; it is an error that says so.
func TestWriteToNoWriterFails(t *testing.T) {
	if err := Write(nil, []byte("<svg/>")); err == nil || !strings.Contains(err.Error(), "nil io.Writer") {
		t.Errorf("Write(nil, ...) = %v", err)
	}
}
