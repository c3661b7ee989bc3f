package site

import (
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// heapInUse returns the heap in use after two collections.
func heapInUse() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// TestPreviewsOfUnlistedSpecsAreNotKept reproduces the preview cache of
// issue #21 (item 2): distinct specs (focus(plylimit=N) for many N) asked
// for without a key must not make the server keep a picture each. Only
// the catalog's variants are kept.
func TestPreviewsOfUnlistedSpecsAreNotKept(t *testing.T) {
	srv, c := startServer(t, "")
	// The catalog's pictures are kept: ask for them first.
	kept := 0
	for _, info := range catalog(defaultMaxPlies) {
		for _, v := range info.Variants {
			kept += len(c.must(http.StatusOK, "GET", "/api/preview.svg?spec="+url.QueryEscape(v.Spec), nil, nil))
		}
	}
	t.Logf("the catalog's %d previews: %d KB", len(srv.previews), kept/1000)
	n := 2000
	if testing.Short() || raceEnabled {
		n = 500
	}
	before := heapInUse()
	size := 0
	for i := range n {
		pic := c.must(http.StatusOK, "GET", "/api/preview.svg?spec="+url.QueryEscape("focus(plylimit="+strconv.Itoa(i+1)+")"), nil, nil)
		if !strings.HasPrefix(string(pic), "<svg") {
			t.Fatalf("preview %d is no picture", i)
		}
		size = len(pic)
	}
	after := heapInUse()
	grown := int64(after) - int64(before)
	t.Logf("%d previews of %d bytes: heap %d KiB → %d KiB", n, size, before>>10, after>>10)
	// Keeping them would take n pictures; allow a tenth of that.
	if grown > int64(n*size/10) {
		t.Errorf("the heap grew by %d KiB after %d distinct previews of %d bytes: they are kept", grown>>10, n, size)
	}
}
