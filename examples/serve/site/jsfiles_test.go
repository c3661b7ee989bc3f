package site

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"testing"

	"github.com/tabletop-go/rules/js/dist"
)

// TestTheRulesForThePageAreServedCached: the JavaScript package's module
// and scripts come with their Content-Type, a day's caching and an ETag
// (a second request with it gets 304), gzipped for a client that asks
// (the module then within 1.5 MB); files of the package the page does
// not load, and others, are not found.
func TestTheRulesForThePageAreServedCached(t *testing.T) {
	_, c := startServer(t, "")
	get := func(path string, header http.Header) *http.Response {
		t.Helper()
		req, err := http.NewRequest("GET", c.base+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range header {
			req.Header[k] = v
		}
		res, err := c.hc.Transport.RoundTrip(req) // no transparent gzip
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
	for _, tc := range []struct{ file, ctype string }{
		{"rules.wasm", "application/wasm"},
		{"index.js", "text/javascript; charset=utf-8"},
		{"errors.js", "text/javascript; charset=utf-8"},
		{"wasm_exec.js", "text/javascript; charset=utf-8"},
	} {
		want, err := fs.ReadFile(dist.FS, tc.file)
		if err != nil {
			t.Fatal(err)
		}
		res := get("/static/js/"+tc.file, http.Header{"Accept-Encoding": {"identity"}})
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != tc.ctype || !bytes.Equal(body, want) {
			t.Fatalf("%s: %d %q, %d bytes of %d", tc.file, res.StatusCode, res.Header.Get("Content-Type"), len(body), len(want))
		}
		if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=86400" {
			t.Errorf("%s: Cache-Control %q", tc.file, cc)
		}
		etag := res.Header.Get("ETag")
		if again := get("/static/js/"+tc.file, http.Header{"If-None-Match": {etag}, "Accept-Encoding": {"identity"}}); etag == "" || again.StatusCode != http.StatusNotModified {
			t.Errorf("%s: ETag %q, then %d", tc.file, etag, again.StatusCode)
		}
		gz := get("/static/js/"+tc.file, http.Header{"Accept-Encoding": {"br, gzip;q=0.8"}})
		packed, _ := io.ReadAll(gz.Body)
		zr, err := gzip.NewReader(bytes.NewReader(packed))
		if err != nil || gz.Header.Get("Content-Encoding") != "gzip" || gz.Header.Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s gzipped: %v, %q", tc.file, err, gz.Header)
		}
		if unpacked, _ := io.ReadAll(zr); !bytes.Equal(unpacked, want) {
			t.Errorf("%s gzipped is not the file", tc.file)
		}
		if gz.Header.Get("ETag") == etag {
			t.Errorf("%s: the gzipped body has the plain body's ETag", tc.file)
		}
		if tc.file == "rules.wasm" && len(packed) > 1_500_000 {
			t.Errorf("the module is %d bytes gzipped, more than 1.5 MB", len(packed))
		}
	}
	if res := get("/static/js/rules.wasm", http.Header{"Accept-Encoding": {"gzip;q=0"}}); res.Header.Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 still gets gzip")
	}
	for _, p := range []string{"/static/js/index.d.ts", "/static/js/build.txt", "/static/js/dist.go", "/static/js/../app.js", "/static/js/"} {
		if res := get(p, nil); res.StatusCode == http.StatusOK {
			t.Errorf("GET %s: %d, want no file", p, res.StatusCode)
		}
	}
}
