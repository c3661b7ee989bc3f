package main

import (
	"container/list"
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
	"sync/atomic"
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
	// MaxGames caps the games the server stores (0: 5,000): a new game
	// beyond it is refused, and a restart restores the MaxGames most
	// recently played.
	MaxGames int
	// CreatePerMinute is how many games one client address may create
	// per minute, and at once (0: 30; negative: no limit).
	CreatePerMinute int
	// StateCacheBytes bounds the games' cached states (0: 32 MiB).
	StateCacheBytes int
	// BotWorkers is how many bots search at once (0: one per CPU).
	BotWorkers int
	// Logf logs problems (nil: the log package); Infof the routine (games
	// created and restored; nil: Logf).
	Logf, Infof func(format string, args ...any)
}

// server is the game site: the page, the JSON API and the games.
type server struct {
	cfg   config
	store *store
	mux   *http.ServeMux

	mu       sync.RWMutex
	games    map[string]*game
	creating int // games being created, counted against MaxGames
	streams  int

	limiter *createLimiter
	cache   *stateCache

	ctx    context.Context
	cancel context.CancelFunc
	// The bots: games whose bot is to move wait in botQueue (at most once
	// each: game.botQueued), and BotWorkers workers search them in turn.
	// A move found before BotDelay is played by a timer in timers.
	botMu    sync.Mutex // guards closed, botQueue and timers
	botReady *sync.Cond // signalled when botQueue grows or closed is set
	closed   bool
	botQueue list.List // of *game
	timers   map[*time.Timer]struct{}
	bots     sync.WaitGroup // the workers and the timers
	// searching counts the searches running now; searchPeak the most
	// that ever ran at once.
	searching, searchPeak atomic.Int64

	previews sync.Map // spec -> []byte, the catalog's start pictures
}

// newServer opens the store in cfg.Dir, replays every stored game and
// starts the bots whose turn it is.
func newServer(cfg config) (*server, error) {
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = defaultMaxGames
	}
	if cfg.CreatePerMinute == 0 {
		cfg.CreatePerMinute = defaultCreatePerMinute
	}
	if cfg.StateCacheBytes <= 0 {
		cfg.StateCacheBytes = defaultStateCacheBytes
	}
	if cfg.BotWorkers <= 0 {
		cfg.BotWorkers = runtime.NumCPU()
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
	s := &server{cfg: cfg, store: st, games: map[string]*game{},
		limiter: newCreateLimiter(cfg.CreatePerMinute), cache: &stateCache{limit: cfg.StateCacheBytes},
		timers: map[*time.Timer]struct{}{}}
	s.botReady = sync.NewCond(&s.botMu)
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.routes()
	if err := s.restore(); err != nil {
		return nil, err
	}
	for range cfg.BotWorkers {
		s.bots.Add(1)
		go s.botWorker()
	}
	return s, nil
}

// restore replays the stored games through the library, the MaxGames
// played most recently. Their state is built and their bots start
// thinking only once they are asked for (game.dormant).
func (s *server) restore() error {
	loaded := 0
	skipped, errs := s.store.load(s.cfg.MaxGames, func(l stored) {
		loaded++
		g, err := s.replay(l)
		if err != nil {
			s.cfg.Logf("restore: game %s: %v (left out)", l.meta.ID, err)
			return
		}
		g.dormant.Store(true)
		s.games[g.meta.ID] = g
	})
	for _, err := range errs {
		s.cfg.Logf("restore: %v (left out)", err)
	}
	if skipped > 0 {
		s.cfg.Logf("restore: %d games left out, over the cap of %d games (-maxgames)", skipped, s.cfg.MaxGames)
	}
	if loaded > 0 {
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
	g := newGame(l.meta, final, s.cache)
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
	return g, nil
}

// close stops the bots and the event streams and waits for the bots.
func (s *server) close() {
	s.botMu.Lock()
	s.closed = true
	for t := range s.timers {
		if t.Stop() {
			s.bots.Done() // the timer's func will not run
		}
		delete(s.timers, t)
	}
	s.botReady.Broadcast()
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

func writeJSON(w http.ResponseWriter, code int, v any) { writeWithState(w, code, v, nil) }

// writeWithState writes the object v, with the field "state" added when
// state is not nil: the game's cached state JSON, copied as it is
// (json.RawMessage would validate and compact it again on every reply).
func writeWithState(w http.ResponseWriter, code int, v any, state []byte) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	if state == nil {
		w.Write(append(data, '\n'))
		return
	}
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
		s.wake(g)
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
	if ok, wait := s.limiter.allow(clientAddress(r), time.Now()); !ok {
		secs := int(wait/time.Second) + 1
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("too many games created from your address: at most %d a minute; try again in %d s", s.cfg.CreatePerMinute, secs))
		return
	}
	g := newGame(m, pos, s.cache)
	next, draws, err := g.drawChances(pos)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	for range draws {
		g.movers = append(g.movers, rules.Chance)
	}
	g.pos, g.moves = next, draws
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
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the server holds as many games as it may (%d): no new game can be created for now", s.cfg.MaxGames))
		return
	}
	m = g.meta
	err = s.store.create(m, draws)
	g.mu.Lock()
	defer g.mu.Unlock()
	s.mu.Lock()
	s.creating--
	if err == nil {
		s.games[m.ID] = g
	}
	s.mu.Unlock()
	if err != nil {
		s.cfg.Logf("creating a game: %v", err)
		writeError(w, http.StatusInternalServerError, "storing the game: "+err.Error())
		return
	}
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
	}{m.ID, m.Spec, seats}, g.state())
}

func (s *server) handleState(w http.ResponseWriter, r *http.Request, g *game) {
	g.mu.Lock()
	state := g.state()
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
	}{canonical, len(g.moves)}, g.state())
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

// wake starts the bot of a game restored from disk, if it is to move,
// the first time the game is asked for.
func (s *server) wake(g *game) {
	if !g.dormant.Load() {
		return
	}
	g.mu.Lock()
	if g.dormant.CompareAndSwap(true, false) {
		s.afterChange(g)
	}
	g.mu.Unlock()
}

// afterChange queues the game for its bot, if a bot is to move and the
// game is not queued already. The caller holds g.mu.
func (s *server) afterChange(g *game) {
	p := g.pos
	if g.botQueued || g.dormant.Load() || p.Node() != rules.DecisionNode {
		return
	}
	if g.meta.Seats[p.ToMove()].Player != "bot" {
		return
	}
	s.botMu.Lock()
	defer s.botMu.Unlock()
	if s.closed {
		return
	}
	g.botQueued = true
	s.botQueue.PushBack(g)
	s.botReady.Signal()
}

// botQueueLen returns the number of games waiting for a bot worker.
func (s *server) botQueueLen() int {
	s.botMu.Lock()
	defer s.botMu.Unlock()
	return s.botQueue.Len()
}

// botWorker searches the moves of the queued games, one at a time, until
// the server closes.
func (s *server) botWorker() {
	defer s.bots.Done()
	for {
		s.botMu.Lock()
		for s.botQueue.Len() == 0 && !s.closed {
			s.botReady.Wait()
		}
		if s.closed {
			s.botMu.Unlock()
			return
		}
		g := s.botQueue.Remove(s.botQueue.Front()).(*game)
		s.botMu.Unlock()
		s.think(g)
	}
}

// think searches a move for the game's bot and plays it, at once or
// once BotDelay has passed since the search started.
func (s *server) think(g *game) {
	start := time.Now()
	g.mu.Lock()
	pos, ply := g.pos, len(g.moves)
	if pos.Node() != rules.DecisionNode || g.meta.Seats[pos.ToMove()].Player != "bot" {
		g.botQueued = false
		g.mu.Unlock()
		return
	}
	lv, seed := levels[g.meta.Seats[pos.ToMove()].Level], g.rng.Uint64()
	g.mu.Unlock()

	n := s.searching.Add(1)
	for peak := s.searchPeak.Load(); n > peak && !s.searchPeak.CompareAndSwap(peak, n); peak = s.searchPeak.Load() {
	}
	b, err := bot.ForDynamic("mcts", pos, bot.Options{Iterations: lv.Iterations, MaxNodes: botMaxNodes, Seed: seed})
	var move string
	if err == nil {
		ctx, cancel := context.WithTimeout(s.ctx, lv.Time)
		move, err = b.Choose(ctx, pos)
		cancel()
	}
	s.searching.Add(-1) // the search tree is garbage from here

	if wait := s.cfg.BotDelay - time.Since(start); wait > 0 && err == nil {
		s.botMu.Lock()
		defer s.botMu.Unlock()
		if s.closed {
			return
		}
		s.bots.Add(1)
		var t *time.Timer
		t = time.AfterFunc(wait, func() {
			defer s.bots.Done()
			s.botMu.Lock()
			_, mine := s.timers[t]
			delete(s.timers, t)
			s.botMu.Unlock()
			if mine {
				s.botMove(g, ply, move, nil)
			}
		})
		s.timers[t] = struct{}{}
		return
	}
	s.botMove(g, ply, move, err)
}

// botMove plays the move the bot found for the position at ply, if the
// game is still there.
func (s *server) botMove(g *game, ply int, move string, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.botQueued = false
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
		g.changedNow(true)
	}
	g.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.streams--
		s.mu.Unlock()
		if seat >= 0 {
			g.mu.Lock()
			g.online[seat]--
			g.changedNow(true)
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
		state, changed := g.state(), g.changed
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
