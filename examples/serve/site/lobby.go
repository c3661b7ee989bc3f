package site

import (
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/tabletop-go/rules"
)

func (s *server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	names := make([]string, 0, len(levels))
	for n := range levels {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return levels[a].Iterations - levels[b].Iterations })
	writeJSON(w, http.StatusOK, map[string]any{"games": s.catalog, "levels": names})
}

// preview is the start picture of one of the catalog's variants, drawn
// once.
type preview struct {
	once sync.Once
	doc  []byte // nil for a game with no picture
}

// handlePreview draws the start of a variant: the lobby's pictures. Those
// of the catalog's variants are drawn once and kept; any other spec is
// drawn for its request and not kept, so that strangers asking for many
// distinct specs make the server keep nothing.
func (s *server) handlePreview(w http.ResponseWriter, r *http.Request) {
	d, err := rules.Open(r.URL.Query().Get("spec"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	var doc []byte
	if p := s.previews[d.Spec()]; p != nil {
		p.once.Do(func() { p.doc, _ = render(d, svgOptions{Size: 320}) })
		doc = p.doc
	} else {
		doc, _ = render(d, svgOptions{Size: 320})
	}
	if doc == nil {
		writeError(w, http.StatusNotFound, "no picture for "+d.Spec())
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=3600")
	w.Write(doc)
}

// gameSummary is a game in the lobby's list.
type gameSummary struct {
	ID      string    `json:"id"`
	Title   string    `json:"title"`
	Spec    string    `json:"spec"`
	Ply     int       `json:"ply"`
	Status  string    `json:"status"`
	Result  string    `json:"result"`
	Players []string  `json:"players"`
	Updated time.Time `json:"updated"`
}

// handleList lists the games played most recently, newest first. Only
// those it lists are described: the others are only sorted.
func (s *server) handleList(w http.ResponseWriter, r *http.Request) {
	limit := 20
	if n, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && n > 0 && n <= 200 {
		limit = n
	}
	s.mu.RLock()
	all := make([]*game, 0, len(s.games))
	for _, g := range s.games {
		all = append(all, g)
	}
	s.mu.RUnlock()
	type played struct {
		g       *game
		updated time.Time
	}
	recent := make([]played, len(all))
	for i, g := range all {
		g.mu.Lock()
		recent[i] = played{g, g.updated}
		g.mu.Unlock()
	}
	slices.SortFunc(recent, func(a, b played) int { return b.updated.Compare(a.updated) })
	list := make([]gameSummary, 0, min(limit, len(recent)))
	for _, p := range recent[:min(limit, len(recent))] {
		g := p.g
		g.mu.Lock()
		sum := gameSummary{ID: g.meta.ID, Title: g.title, Spec: g.meta.Spec, Ply: g.plies(),
			Status: g.statusText(seatViews(g.pos())), Result: g.pos().Outcome().Result(), Updated: g.updated}
		g.mu.Unlock()
		for _, st := range g.meta.Seats {
			sum.Players = append(sum.Players, st.Player)
		}
		list = append(list, sum)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": list})
}
