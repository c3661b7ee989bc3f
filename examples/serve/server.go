package main

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/notation"
)

//go:embed web
var webFiles embed.FS

// Limits on what a client can make the server hold.
const (
	maxBodyBytes      = 4 << 10 // a request body: a spec or a move
	maxStreamsPerGame = 256     // event streams open on one game
	maxStreams        = 4096    // event streams open in all
	streamPing        = 25 * time.Second
	writeTimeout      = 30 * time.Second
)

// level is a bot's strength: its search budget per move.
type level struct {
	Iterations int
	Time       time.Duration
}

var levels = map[string]level{
	"easy":   {Iterations: 300, Time: 300 * time.Millisecond},
	"normal": {Iterations: 3000, Time: time.Second},
	"hard":   {Iterations: 30000, Time: 4 * time.Second},
}

// botMaxNodes bounds one search's tree: 2^18 nodes, 16 MiB.
const botMaxNodes = 1 << 18

// config sets up a server.
type config struct {
	// Dir holds the stored games.
	Dir string
	// BotDelay is the least time a bot takes to answer, so that people
	// see their own move before the reply.
	BotDelay time.Duration
	// MaxGames caps the games the server keeps (0: 100,000).
	MaxGames int
	// Logf logs problems (nil: the log package); Infof the routine (games
	// created and restored; nil: Logf).
	Logf, Infof func(format string, args ...any)
}

// server is the game site: the page, the JSON API and the games.
type server struct {
	cfg   config
	store *store
	mux   *http.ServeMux

	mu      sync.RWMutex
	games   map[string]*game
	streams int

	botSem chan struct{} // bots thinking at once
	ctx    context.Context
	cancel context.CancelFunc
	botMu  sync.Mutex // guards closed and the start of a bot
	closed bool
	bots   sync.WaitGroup

	previews sync.Map // spec -> []byte, the catalog's start pictures
}

// newServer opens the store in cfg.Dir, replays every stored game and
// starts the bots whose turn it is.
func newServer(cfg config) (*server, error) {
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = 100000
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	if cfg.Infof == nil {
		cfg.Infof = cfg.Logf
	}
	st, err := openStore(cfg.Dir)
	if err != nil {
		return nil, err
	}
	s := &server{cfg: cfg, store: st, games: map[string]*game{}, botSem: make(chan struct{}, runtime.NumCPU())}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.routes()
	if err := s.restore(); err != nil {
		return nil, err
	}
	return s, nil
}

// restore replays the stored games through the library.
func (s *server) restore() error {
	loaded, errs := s.store.load()
	for _, err := range errs {
		s.cfg.Logf("restore: %v (left out)", err)
	}
	for _, l := range loaded {
		g, err := s.replay(l)
		if err != nil {
			s.cfg.Logf("restore: game %s: %v (left out)", l.meta.ID, err)
			continue
		}
		s.games[g.meta.ID] = g
	}
	for _, g := range s.games {
		g.mu.Lock()
		s.afterChange(g)
		g.mu.Unlock()
	}
	if len(loaded) > 0 {
		s.cfg.Infof("restored %d games from %s", len(s.games), s.cfg.Dir)
	}
	return nil
}

// replay rebuilds a game from its record. A record that fails to replay at
// some ply keeps the plies before it (its file is rewritten so).
func (s *server) replay(l stored) (*game, error) {
	if len(l.meta.Seats) == 0 {
		return nil, errors.New("no seats")
	}
	r, err := l.record.Replay()
	if err != nil {
		var re *notation.ReplayError
		if !errors.As(err, &re) || re.Ply == 0 || r.Final() == nil {
			return nil, err
		}
		s.cfg.Logf("restore: game %s: %v: keeping the %d plies before it", l.meta.ID, err, len(r.Moves))
		if err := s.store.rewrite(l.meta, r.Moves); err != nil {
			return nil, err
		}
	}
	if l.note != "" {
		s.cfg.Logf("restore: game %s: %s", l.meta.ID, l.note)
	}
	final := r.Final()
	if final.Spec() != l.meta.Spec || final.Seats() != len(l.meta.Seats) {
		return nil, fmt.Errorf("the record's game %s does not match the metadata's %s", final.Spec(), l.meta.Spec)
	}
	g := newGame(l.meta, final)
	g.moves = r.Moves
	g.movers = make([]rules.Player, len(r.Moves))
	for i := range r.Moves {
		g.movers[i] = r.Positions[i].ToMove()
	}
	if len(g.moves) > 0 {
		g.updated = time.Now()
	}
	// A record that ends at a chance node (one cut short) gets its draw.
	if g.pos.Node() == rules.ChanceNode {
		next, draws, err := g.drawChances(g.pos)
		if err != nil {
			return nil, err
		}
		if err := s.store.appendMoves(g.meta.ID, draws); err != nil {
			return nil, err
		}
		for range draws {
			g.movers = append(g.movers, rules.Chance)
		}
		g.pos, g.moves = next, append(g.moves, draws...)
	}
	g.refresh()
	return g, nil
}

// close stops the bots and the event streams and waits for the bots.
func (s *server) close() {
	s.botMu.Lock()
	s.closed = true
	s.botMu.Unlock()
	s.cancel()
	s.bots.Wait()
}

func (s *server) routes() {
	mux := http.NewServeMux()
	page := func(w http.ResponseWriter, r *http.Request) { s.serveFile(w, "web/index.html") }
	mux.HandleFunc("GET /{$}", page)
	mux.HandleFunc("GET /g/{id}", page)
	mux.HandleFunc("GET /static/{file}", func(w http.ResponseWriter, r *http.Request) {
		s.serveFile(w, "web/"+r.PathValue("file"))
	})
	mux.HandleFunc("GET /api/catalog", s.handleCatalog)
	mux.HandleFunc("GET /api/preview.svg", s.handlePreview)
	mux.HandleFunc("GET /api/games", s.handleList)
	mux.HandleFunc("POST /api/games", s.handleCreate)
	mux.HandleFunc("GET /api/games/{id}", s.withGame(s.handleState))
	mux.HandleFunc("POST /api/games/{id}/moves", s.withGame(s.handleMove))
	mux.HandleFunc("GET /api/games/{id}/events", s.withGame(s.handleEvents))
	mux.HandleFunc("GET /api/games/{id}/record", s.withGame(s.handleRecord))
	mux.HandleFunc("GET /api/games/{id}/board.svg", s.withGame(s.handleBoard))
	s.mux = mux
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	if !strings.HasSuffix(r.URL.Path, "/events") {
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(writeTimeout))
	}
	s.mux.ServeHTTP(w, r)
}

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".svg":  "image/svg+xml",
}

func (s *server) serveFile(w http.ResponseWriter, name string) {
	data, err := fs.ReadFile(webFiles, name)
	ct, known := contentTypes[name[strings.LastIndexByte(name, '.'):]]
	if err != nil || !known {
		http.NotFound(w, nil)
		return
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(data)
}

// apiError is the body of every error reply.
type apiError struct {
	Error string `json:"error"`
	// Reason is the library's explanation of an illegal move, e.g.
	// "cell is occupied"; Kind its kind, e.g. "illegal move".
	Reason string `json:"reason,omitempty"`
	Kind   string `json:"kind,omitempty"`
	// Ply is the game's ply now, for a move sent for another ply.
	Ply *int `json:"ply,omitempty"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(append(data, '\n'))
}

// writeWithState writes the object v with the field "state" added: the
// game's cached state JSON, copied as it is (json.RawMessage would
// validate and compact it again on every reply).
func writeWithState(w http.ResponseWriter, code int, v any, state []byte) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(data[:len(data)-1])
	w.Write([]byte(`,"state":`))
	w.Write(state)
	w.Write([]byte("}\n"))
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, apiError{Error: msg})
}

// decode reads a JSON request body of at most maxBodyBytes into v and
// writes the error reply if it cannot.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err == nil {
		return true
	}
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over %d bytes", maxBodyBytes))
	} else {
		writeError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
	}
	return false
}

func (s *server) game(id string) *game {
	if !validID(id) {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.games[id]
}

func (s *server) withGame(h func(http.ResponseWriter, *http.Request, *game)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		g := s.game(r.PathValue("id"))
		if g == nil {
			writeError(w, http.StatusNotFound, "no such game")
			return
		}
		h(w, r, g)
	}
}

func (s *server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	names := make([]string, 0, len(levels))
	for n := range levels {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int { return levels[a].Iterations - levels[b].Iterations })
	writeJSON(w, http.StatusOK, map[string]any{"games": catalog(), "levels": names})
}

// handlePreview draws the start of a variant: the lobby's pictures.
func (s *server) handlePreview(w http.ResponseWriter, r *http.Request) {
	d, err := rules.Open(r.URL.Query().Get("spec"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	doc, cached := s.previews.Load(d.Spec())
	if !cached {
		pic, ok := render(d, svgOptions{Size: 320})
		if !ok {
			writeError(w, http.StatusNotFound, "no picture for "+d.Spec())
			return
		}
		doc = pic
		if len(d.Spec()) < 64 {
			s.previews.Store(d.Spec(), pic)
		}
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=3600")
	w.Write(doc.([]byte))
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

// handleList lists the games played most recently, newest first.
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
	list := make([]gameSummary, 0, len(all))
	for _, g := range all {
		g.mu.Lock()
		sum := gameSummary{ID: g.meta.ID, Title: g.title, Spec: g.meta.Spec, Ply: len(g.moves),
			Status: statusText(g.pos, seatViews(g.pos)), Result: g.pos.Outcome().Result(), Updated: g.updated}
		for _, st := range g.meta.Seats {
			sum.Players = append(sum.Players, st.Player)
		}
		g.mu.Unlock()
		list = append(list, sum)
	}
	slices.SortFunc(list, func(a, b gameSummary) int { return b.Updated.Compare(a.Updated) })
	writeJSON(w, http.StatusOK, map[string]any{"games": list[:min(limit, len(list))]})
}

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
			writeError(w, http.StatusUnprocessableEntity, "a seat is \"human\" or \"bot\", not "+strconv.Quote(p))
			return
		}
	}
	if humans == 0 {
		writeError(w, http.StatusUnprocessableEntity, "a game needs at least one person")
		return
	}
	g := newGame(m, pos)
	next, draws, err := g.drawChances(pos)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	for range draws {
		g.movers = append(g.movers, rules.Chance)
	}
	g.pos, g.moves = next, draws
	s.mu.RLock()
	full := len(s.games) >= s.cfg.MaxGames
	for s.games[g.meta.ID] != nil {
		g.meta.ID = newID()
	}
	s.mu.RUnlock()
	if full {
		writeError(w, http.StatusServiceUnavailable, "the server holds as many games as it may")
		return
	}
	m = g.meta
	if err := s.store.create(m, draws); err != nil {
		s.cfg.Logf("creating a game: %v", err)
		writeError(w, http.StatusInternalServerError, "storing the game: "+err.Error())
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.refresh()
	s.mu.Lock()
	s.games[m.ID] = g
	s.mu.Unlock()
	s.afterChange(g)
	var seats []seatCreated
	for i, st := range g.meta.Seats {
		sc := seatCreated{Seat: rules.Player(i).String(), Player: st.Player, Key: st.Key}
		if st.Key != "" {
			sc.Link = "/g/" + m.ID + "#key=" + st.Key
		}
		seats = append(seats, sc)
	}
	s.cfg.Infof("game %s created: %s %v", m.ID, m.Spec, req.Seats)
	writeWithState(w, http.StatusCreated, struct {
		ID    string        `json:"id"`
		Spec  string        `json:"spec"`
		Seats []seatCreated `json:"seats"`
	}{m.ID, m.Spec, seats}, g.state)
}

func (s *server) handleState(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	state := g.state
	g.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(state)
}

// moveRequest is the body of POST /api/games/{id}/moves.
type moveRequest struct {
	Move string `json:"move"`
	Key  string `json:"key"`
	// Ply, if set, is the ply the client saw: the move is refused (409)
	// if the game has moved on since, so that a move meant for one
	// position is never played in another.
	Ply *int `json:"ply"`
}

func (s *server) handleMove(w http.ResponseWriter, r *http.Request, g *game) {
	var req moveRequest
	if !decode(w, r, &req) {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	seat := g.seatOf(req.Key)
	if seat < 0 {
		writeError(w, http.StatusForbidden, "this key plays no seat of the game")
		return
	}
	ply := len(g.moves)
	if req.Ply != nil && *req.Ply != ply {
		writeJSON(w, http.StatusConflict, apiError{Error: fmt.Sprintf("the game is at ply %d, not %d", ply, *req.Ply), Kind: "stale", Ply: &ply})
		return
	}
	pos := g.pos
	if pos.Node() == rules.DecisionNode && pos.ToMove() != seat {
		writeJSON(w, http.StatusConflict, apiError{Error: "it is " + pos.ToMove().String() + "'s turn, not " + seat.String() + "'s", Kind: "not your turn", Ply: &ply})
		return
	}
	next, err := pos.Play(req.Move)
	if err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, moveError(err))
		return
	}
	canonical, _ := pos.Canonical(req.Move) // Play has read it
	if err := g.play(s.store, canonical, next); err != nil {
		s.cfg.Logf("game %s: %v", g.meta.ID, err)
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	s.afterChange(g)
	writeWithState(w, http.StatusOK, struct {
		Move string `json:"move"`
		Ply  int    `json:"ply"`
	}{canonical, len(g.moves)}, g.state)
}

// moveError turns the library's error for a refused move into the reply:
// the message, and the reason and kind that it carries.
func moveError(err error) apiError {
	e := apiError{Error: err.Error()}
	var me *rules.MoveError
	var se *rules.SyntaxError
	switch {
	case errors.As(err, &me):
		e.Reason = me.Why()
		if me.Kind != nil {
			e.Kind = me.Kind.Error()
		}
	case errors.As(err, &se):
		e.Kind = rules.ErrSyntax.Error()
		e.Reason = err.Error()
	}
	return e
}

// afterChange starts the bot whose turn it is, if any. The caller holds
// g.mu.
func (s *server) afterChange(g *game) {
	p := g.pos
	if g.botBusy || p.Node() != rules.DecisionNode {
		return
	}
	st := g.meta.Seats[p.ToMove()]
	if st.Player != "bot" {
		return
	}
	s.botMu.Lock()
	defer s.botMu.Unlock()
	if s.closed {
		return
	}
	g.botBusy = true
	s.bots.Add(1)
	go s.runBot(g, len(g.moves), p, levels[st.Level], g.rng.Uint64())
}

// runBot searches a move for the position at ply and plays it, if the game
// is still there.
func (s *server) runBot(g *game, ply int, pos rules.Dynamic, lv level, seed uint64) {
	defer s.bots.Done()
	start := time.Now()
	done := func() {
		g.mu.Lock()
		g.botBusy = false
		g.mu.Unlock()
	}
	select {
	case s.botSem <- struct{}{}:
	case <-s.ctx.Done():
		done()
		return
	}
	b, err := bot.ForDynamic("mcts", pos, bot.Options{Iterations: lv.Iterations, MaxNodes: botMaxNodes, Seed: seed})
	var move string
	if err == nil {
		ctx, cancel := context.WithTimeout(s.ctx, lv.Time)
		move, err = b.Choose(ctx, pos)
		cancel()
	}
	<-s.botSem
	if wait := s.cfg.BotDelay - time.Since(start); wait > 0 && err == nil {
		select {
		case <-time.After(wait):
		case <-s.ctx.Done():
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.botBusy = false
	if s.ctx.Err() != nil {
		return
	}
	if err != nil {
		s.cfg.Logf("game %s: bot: %v", g.meta.ID, err)
		return
	}
	if len(g.moves) != ply {
		return
	}
	next, err := g.pos.Play(move)
	if err == nil {
		err = g.play(s.store, move, next)
	}
	if err != nil {
		s.cfg.Logf("game %s: bot move %s: %v", g.meta.ID, move, err)
		return
	}
	s.afterChange(g)
}

// handleEvents streams the game's state as server-sent events: one "state"
// event at once and one after every change, with a comment line every 25
// seconds to keep the connection open. A client that gives a seat's key
// (?key=) shows that seat as online while the stream is open.
func (s *server) handleEvents(w http.ResponseWriter, r *http.Request, g *game) {
	rc := http.NewResponseController(w)
	seat := rules.Player(-1)
	if key := r.URL.Query().Get("key"); key != "" {
		if seat = g.seatOf(key); seat < 0 {
			writeError(w, http.StatusForbidden, "this key plays no seat of the game")
			return
		}
	}
	s.mu.Lock()
	if s.streams >= maxStreams {
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "too many open streams")
		return
	}
	g.mu.Lock()
	total := 0
	for _, n := range g.online {
		total += n
	}
	if total >= maxStreamsPerGame {
		g.mu.Unlock()
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "too many open streams on this game")
		return
	}
	s.streams++
	s.mu.Unlock()
	if seat >= 0 {
		g.online[seat]++
		g.refresh()
	}
	g.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.streams--
		s.mu.Unlock()
		if seat >= 0 {
			g.mu.Lock()
			g.online[seat]--
			g.refresh()
			g.mu.Unlock()
		}
	}()

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if seat >= 0 && !streamWrite(w, rc, []byte("event: seat\ndata: {\"seat\":\""+seat.String()+"\"}\n\n")) {
		return
	}
	ping := time.NewTicker(streamPing)
	defer ping.Stop()
	for {
		g.mu.Lock()
		state, changed := g.state, g.changed
		g.mu.Unlock()
		msg := make([]byte, 0, len(state)+32)
		msg = append(append(append(msg, "event: state\ndata: "...), state...), "\n\n"...)
		if !streamWrite(w, rc, msg) {
			return
		}
	wait:
		for {
			select {
			case <-changed:
				break wait
			case <-ping.C:
				if !streamWrite(w, rc, []byte(": ping\n\n")) {
					return
				}
			case <-r.Context().Done():
				return
			case <-s.ctx.Done():
				return
			}
		}
	}
}

// streamWrite writes an event and flushes it, giving a client that reads
// nothing writeTimeout before the stream is dropped.
func streamWrite(w http.ResponseWriter, rc *http.ResponseController, msg []byte) bool {
	rc.SetWriteDeadline(time.Now().Add(writeTimeout))
	if _, err := w.Write(msg); err != nil {
		return false
	}
	return rc.Flush() == nil
}

func (s *server) handleRecord(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	rec := g.record()
	name := strings.ReplaceAll(rules.SpecName(g.meta.Spec), " ", "")
	g.mu.Unlock()
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
	pos, last := g.pos, g.lastDecision()
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
