package site

import (
	"net/http"
	"strings"

	"github.com/tabletop-go/rules"
)

func (s *server) handleState(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	state := g.state()
	g.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(state)
}

func (s *server) handleRecord(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	rec := g.record()
	g.mu.Unlock()
	name := strings.ReplaceAll(rules.SpecName(g.meta.Spec), " ", "")
	text, err := rec.MarshalText()
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if r.URL.Query().Has("download") {
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+"-"+g.meta.ID+`.txt"`)
	}
	w.Write(text)
}

// handleBoard draws the position with the marks the query asks for:
// ?highlight=c3,c4&coordinates=false.
func (s *server) handleBoard(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	pos, last := g.pos(), g.lastDecision()
	g.mu.Unlock()
	q := r.URL.Query()
	opts := svgOptions{Size: 640, Coordinates: q.Get("coordinates") != "false", LastMove: last}
	if h := q.Get("highlight"); h != "" {
		opts.Highlight = strings.Split(h, ",")
	}
	doc, ok := render(pos, opts)
	if !ok {
		writeError(w, http.StatusNotFound, "no picture for "+pos.Spec())
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(doc)
}
