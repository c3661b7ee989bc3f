package site

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/tabletop-go/rules"
)

// createRequest is the body of POST /api/games.
type createRequest struct {
	Spec  string   `json:"spec"`
	Seats []string `json:"seats"` // per seat: "human" or "bot"
	Level string   `json:"level"` // the bots' strength
}

// seatCreated is a seat in the reply to POST /api/games; the key and the
// link only for people.
type seatCreated struct {
	Seat   string `json:"seat"`
	Player string `json:"player"`
	Key    string `json:"key,omitempty"`
	Link   string `json:"link,omitempty"`
}

func (s *server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if !decode(w, r, &req) {
		return
	}
	pos, err := rules.Open(req.Spec)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	pos = plyCapped(pos, s.cfg.MaxPlies)
	if len(req.Seats) != pos.Seats() {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("%s has %d seats; seats lists %d", pos.Spec(), pos.Seats(), len(req.Seats)))
		return
	}
	if req.Level == "" {
		req.Level = "normal"
	}
	if _, ok := levels[req.Level]; !ok {
		writeError(w, http.StatusUnprocessableEntity, "unknown level "+strconv.Quote(req.Level))
		return
	}
	m, err := newMeta(pos, req)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	if ok, wait := s.limiter.allow(clientAddress(r), time.Now()); !ok {
		secs := int(wait/time.Second) + 1
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		refuseOverCap(w, http.StatusTooManyRequests, fmt.Sprintf("too many games created from your address: at most %d a minute; try again in %d s", s.cfg.CreatePerMinute, secs))
		return
	}
	// The game is nobody else's until it is in s.games: it needs no lock
	// before.
	g := newGame(m, newHistory(pos), s.cache, s.cfg.MaxPlies)
	g.owner = clientAddress(r)
	_, draws, err := g.drawChances(pos, 0)
	if err == nil {
		err = g.take(draws)
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	m, ok := s.register(w, g, draws)
	if !ok {
		return
	}
	g.mu.Lock()
	s.afterChange(g)
	state := g.state()
	g.mu.Unlock()
	seats := createdSeats(m)
	s.cfg.Infof("game %s created: %s %v", m.ID, m.Spec, req.Seats)
	writeWithState(w, http.StatusCreated, struct {
		ID    string        `json:"id"`
		Spec  string        `json:"spec"`
		Seats []seatCreated `json:"seats"`
	}{m.ID, m.Spec, seats}, state)
}

// newMeta is the meta of a new game of pos with the seats and level req
// asks for: a new ID, the creation time to the second, and a key for
// every person's seat. It refuses a seat that is neither "human" nor
// "bot", and a game with no person.
func newMeta(pos rules.Dynamic, req createRequest) (meta, error) {
	m := meta{ID: newID(), Spec: pos.Spec(), Created: time.Now().UTC().Truncate(time.Second)}
	humans := 0
	for _, p := range req.Seats {
		switch p {
		case "human":
			m.Seats = append(m.Seats, seatMeta{Player: p, Key: newKey()})
			humans++
		case "bot":
			m.Seats = append(m.Seats, seatMeta{Player: p, Level: req.Level})
		default:
			return meta{}, errors.New("a seat is \"human\" or \"bot\", not " + strconv.Quote(p))
		}
	}
	if humans == 0 {
		return meta{}, errors.New("a game needs at least one person")
	}
	return m, nil
}

// register stores the new game g with its first chance draws and adds it
// to s.games, under an ID no game of s.games has, and returns its meta as
// stored. It refuses the game (writing the reply, ok false) when the
// server holds as many games as it may, counting those being created, or
// when the store fails.
func (s *server) register(w http.ResponseWriter, g *game, draws []string) (m meta, ok bool) {
	s.mu.Lock()
	full := len(s.games)+s.creating >= s.cfg.MaxGames
	if !full {
		s.creating++
		for s.games[g.meta.ID] != nil {
			g.meta.ID = newID()
		}
	}
	s.mu.Unlock()
	if full {
		refuseOverCap(w, http.StatusServiceUnavailable, fmt.Sprintf("the server holds as many games as it may (%d): no new game can be created for now", s.cfg.MaxGames))
		return meta{}, false
	}
	m = g.meta
	err := s.store.create(m, draws)
	s.mu.Lock()
	s.creating--
	if err == nil {
		s.games[m.ID] = g
	}
	s.mu.Unlock()
	if err != nil {
		s.cfg.Logf("creating a game: %v", err)
		writeError(w, http.StatusInternalServerError, "storing the game: "+err.Error())
		return meta{}, false
	}
	return m, true
}

// createdSeats is the seats of the reply to POST /api/games: each seat's
// player, and for a person the key and the link to the game with it.
func createdSeats(m meta) []seatCreated {
	var seats []seatCreated
	for i, st := range m.Seats {
		sc := seatCreated{Seat: rules.Player(i).String(), Player: st.Player, Key: st.Key}
		if st.Key != "" {
			sc.Link = "/g/" + m.ID + "#key=" + st.Key
		}
		seats = append(seats, sc)
	}
	return seats
}
