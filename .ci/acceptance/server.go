package main

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/tabletop-go/rules"
)

// server is the glue a game server needs: games opened by a spec chosen at
// run time, moves from strangers checked and echoed in canonical form,
// state served as JSON that reads back with rules.UnmarshalDynamic.
type server struct {
	mu    sync.Mutex
	games map[string]rules.Dynamic
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, pos := r.PathValue("id"), s.games[r.PathValue("id")]
	var err error
	switch {
	case r.Method == http.MethodPut:
		pos, err = rules.Open(r.FormValue("spec"))
	case pos == nil:
		http.Error(w, "no game "+id, http.StatusNotFound)
		return
	case r.Method == http.MethodPost:
		move := r.FormValue("move")
		if pos, err = pos.Play(move); err == nil {
			move, _ = s.games[id].Canonical(move) // Play has read it
			w.Header().Set("Move", move)
		}
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}
	s.games[id] = pos
	json.NewEncoder(w).Encode(map[string]any{"state": pos, "node": pos.Node(), "moves": pos.Moves(), "outcome": pos.Outcome()})
}
