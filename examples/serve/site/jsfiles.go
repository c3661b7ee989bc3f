package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tabletop-go/rules/js/dist"
)

// The page plays the rules in the browser with the JavaScript package
// (js/dist): the site serves its files under /static/js/, each with its
// Content-Type, an ETag and a day's caching, gzipped for a browser that
// accepts it (the module is 5.3 MB, 1.37 MB gzipped). The page works
// without them: it then asks the server for every move's legality.

// jsTypes are the Content-Types of the package's files.
var jsTypes = map[string]string{
	".js":   "text/javascript; charset=utf-8",
	".wasm": "application/wasm",
}

// jsFile is one of the package's files, ready to serve.
type jsFile struct {
	ctype     string
	plain, gz []byte
	etag      string
}

var (
	jsOnce  sync.Once
	jsFiles map[string]*jsFile
)

// loadJS reads and compresses the package's files, once.
func loadJS() {
	jsFiles = map[string]*jsFile{}
	entries, _ := fs.ReadDir(dist.FS, ".")
	for _, e := range entries {
		name := e.Name()
		ct, ok := jsTypes[name[strings.LastIndexByte(name, '.'):]]
		if !ok {
			continue
		}
		data, err := fs.ReadFile(dist.FS, name)
		if err != nil {
			continue
		}
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		sum := sha256.Sum256(data)
		jsFiles[name] = &jsFile{ctype: ct, plain: data, gz: gz.Bytes(), etag: hex.EncodeToString(sum[:12])}
	}
}

func (s *server) handleJS(w http.ResponseWriter, r *http.Request) {
	jsOnce.Do(loadJS)
	f, ok := jsFiles[r.PathValue("file")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("Vary", "Accept-Encoding")
	body, etag := f.plain, `"`+f.etag+`"`
	if acceptsGzip(r) {
		body, etag = f.gz, `"`+f.etag+`-gz"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// acceptsGzip reports whether the request's Accept-Encoding lists gzip
// with a quality above 0 (RFC 9110: "q=0", "Q=0.000" and the like refuse
// it).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					f = 0 // an unreadable quality: not offered
				}
				q = f
			}
		}
		if q > 0 {
			return true
		}
	}
	return false
}
