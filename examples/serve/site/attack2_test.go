package site

import (
	"net/http/httptest"
	"testing"

	"github.com/tabletop-go/rules"
)

// TestAcceptsGzipReadsTheHeaderAsHTTPDoes: content codings are
// case-insensitive, and a quality of 0 refuses one.
func TestAcceptsGzipReadsTheHeaderAsHTTPDoes(t *testing.T) {
	for header, want := range map[string]bool{
		"gzip": true, "GZIP": true, "Gzip, br": true, "br, gzip;q=0.5": true, " deflate , gzip ": true,
		"": false, "br": false, "gzip;q=0": false, "gzip; q=0": false, "x-gzip2": false,
		"gzip;q=0.0": false, "gzip;q=0.000": false, "gzip;Q=0": false, "gzip;q=zero": false, "gzip;q=0.001": true,
	} {
		r := httptest.NewRequest("GET", "/static/js/rules.wasm", nil)
		r.Header.Set("Accept-Encoding", header)
		if got := acceptsGzip(r); got != want {
			t.Errorf("Accept-Encoding %q: acceptsGzip %v, want %v", header, got, want)
		}
	}
}

// TestPositionAtGoesBackAndForth: positionAt keeps the last position it
// reached, and still answers for an earlier ply.
func TestPositionAtGoesBackAndForth(t *testing.T) {
	start, err := rules.Open("hex(size=5)")
	if err != nil {
		t.Fatal(err)
	}
	h := newHistory(start)
	want := []string{start.String()}
	p := start
	for _, m := range []string{"a1", "b2", "c3", "d4", "e5", "a2"} {
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(m); err != nil {
			t.Fatal(err)
		}
		want = append(want, p.String())
	}
	g := &game{history: h}
	for _, n := range []int{2, 5, 5, 6, 1, 3, 0, 6, 4} {
		got := g.positionAt(n)
		if got == nil || got.String() != want[n] || got.Ply() != n {
			t.Fatalf("positionAt(%d) = %v, want %q", n, got, want[n])
		}
	}
}
