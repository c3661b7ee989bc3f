package site

import (
	"context"
	"embed"
	"io/fs"
	"log"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

//go:embed web
var webFiles embed.FS

// Locks. A game's mutex (game.mu) orders what happens to it. The server's
// (server.mu) guards only the map of games, and the stream limiter's,
// the rate limiter's, the state cache's and the bots' (botMu) only their
// own fields: each is taken alone or, for the cache's and the bots', under
// a game's, and none of them is held while another game's lock is taken
// or while anything is written to the network. A handler copies what it
// needs under the locks and writes its reply after releasing them, so a
// client that does not read blocks nobody but itself.

// Limits on what a client can make the server hold.
const (
	maxBodyBytes = 4 << 10 // a request body: a spec or a move
	streamPing   = 25 * time.Second
	// writeTimeout bounds the writing of every reply but the event
	// streams'; streamWriteTimeout each event of a stream.
	writeTimeout       = 10 * time.Second
	streamWriteTimeout = 10 * time.Second
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

// config sets up a server. The zero value of a field means its default.
type config struct {
	// Dir holds the stored games.
	Dir string
	// Storage is the file system the games are stored in (nil: the
	// operating system's).
	Storage storage
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
	// MaxPlies is the most plies a game lasts (0: 2,000): a new game of a
	// variant with a plylimit option gets plylimit=MaxPlies (or less),
	// and any other game still going at MaxPlies is stopped unfinished.
	MaxPlies int
	// MaxStreams, MaxStreamsPerGame and MaxStreamsPerClient cap the event
	// streams open in all, on one game and from one client address (0:
	// 1,024, 64 and 32).
	MaxStreams, MaxStreamsPerGame, MaxStreamsPerClient int
	// StreamWriteTimeout is how long a stream's client may take to take
	// one event before the stream is dropped (0: 10 s).
	StreamWriteTimeout time.Duration
	// BotRetry is the wait before a bot whose move failed (a search
	// error, a move that could not be stored) tries again; it doubles
	// with each failure in a row, up to a minute (0: 1 s).
	BotRetry time.Duration
	// Logf logs problems (nil: the log package); Infof the routine (games
	// created and restored; nil: Logf).
	Logf, Infof func(format string, args ...any)
}

// server is the game site: the page, the JSON API and the games.
type server struct {
	cfg     config
	store   *store
	handler http.Handler

	mu       sync.RWMutex
	games    map[string]*game
	creating int // games being created, counted against MaxGames

	limiter *createLimiter
	streams *streamLimiter
	cache   *stateCache

	ctx    context.Context
	cancel context.CancelFunc
	// The bots: games whose bot is to move wait in botQueue (at most once
	// each: game.botQueued), and BotWorkers workers search them in turn,
	// by client address.
	// A move found before BotDelay is played by a timer in timers, as is
	// the retry of a bot whose move failed.
	botMu    sync.Mutex // guards closed, botQueue and timers
	botReady *sync.Cond // signalled when botQueue grows or closed is set
	closed   bool
	botQueue botQueue
	timers   map[*time.Timer]struct{}
	bots     sync.WaitGroup // the workers and the timers
	// searching counts the searches running now; searchPeak the most
	// that ever ran at once.
	searching, searchPeak atomic.Int64

	// catalog is what the lobby offers; previews holds the start
	// pictures of its variants (and of no other spec), drawn when first
	// asked for.
	catalog  []gameInfo
	previews map[string]*preview
}

// newServer opens the store in cfg.Dir, replays every stored game and
// starts the bot workers.
func newServer(cfg config) (*server, error) {
	cfg = cfg.withDefaults()
	st, err := openStore(cfg.Dir, cfg.Storage)
	if err != nil {
		return nil, err
	}
	s := &server{cfg: cfg, store: st, games: map[string]*game{},
		limiter: newCreateLimiter(cfg.CreatePerMinute),
		streams: newStreamLimiter(cfg.MaxStreams, cfg.MaxStreamsPerClient),
		cache:   &stateCache{limit: cfg.StateCacheBytes},
		timers:  map[*time.Timer]struct{}{}}
	s.catalog = catalog(cfg.MaxPlies)
	s.previews = map[string]*preview{}
	for _, info := range s.catalog {
		for _, v := range info.Variants {
			s.previews[v.Spec] = &preview{}
		}
	}
	s.botReady = sync.NewCond(&s.botMu)
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.routes()
	s.restore()
	for range cfg.BotWorkers {
		s.bots.Add(1)
		go s.botWorker()
	}
	return s, nil
}

func (cfg config) withDefaults() config {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&cfg.MaxGames, defaultMaxGames)
	if cfg.CreatePerMinute == 0 {
		cfg.CreatePerMinute = defaultCreatePerMinute
	}
	def(&cfg.StateCacheBytes, defaultStateCacheBytes)
	def(&cfg.BotWorkers, runtime.NumCPU())
	def(&cfg.MaxPlies, defaultMaxPlies)
	def(&cfg.MaxStreams, defaultMaxStreams)
	def(&cfg.MaxStreamsPerGame, defaultStreamsPerGame)
	def(&cfg.MaxStreamsPerClient, defaultStreamsPerClient)
	if cfg.StreamWriteTimeout <= 0 {
		cfg.StreamWriteTimeout = streamWriteTimeout
	}
	if cfg.BotRetry <= 0 {
		cfg.BotRetry = time.Second
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	if cfg.Infof == nil {
		cfg.Infof = cfg.Logf
	}
	return cfg
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
	go jsOnce.Do(loadJS) // compress the rules for the page before the first page asks
	mux := http.NewServeMux()
	page := func(w http.ResponseWriter, r *http.Request) { s.serveFile(w, "web/index.html") }
	mux.HandleFunc("GET /{$}", page)
	mux.HandleFunc("GET /g/{id}", page)
	mux.HandleFunc("GET /static/{file}", func(w http.ResponseWriter, r *http.Request) {
		s.serveFile(w, "web/"+r.PathValue("file"))
	})
	mux.HandleFunc("GET /static/js/{file}", s.handleJS)
	mux.HandleFunc("GET /api/catalog", s.handleCatalog)
	mux.HandleFunc("GET /api/preview.svg", s.handlePreview)
	mux.HandleFunc("GET /api/games", s.handleList)
	mux.HandleFunc("POST /api/games", s.handleCreate)
	mux.HandleFunc("GET /api/games/{id}", s.withGame(s.handleState))
	mux.HandleFunc("POST /api/games/{id}/moves", s.withGame(s.handleMove))
	mux.HandleFunc("POST /api/games/{id}/tickets", s.withGame(s.handleTicket))
	mux.HandleFunc("GET /api/games/{id}/events", s.withGame(s.handleEvents))
	mux.HandleFunc("GET /api/games/{id}/record", s.withGame(s.handleRecord))
	mux.HandleFunc("GET /api/games/{id}/board.svg", s.withGame(s.handleBoard))
	// A request a browser marks as sent from another site (Sec-Fetch-Site,
	// or an Origin that is not this host) may not change anything: POST
	// gets 403.
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusForbidden, "cross-site requests may not change anything here")
	}))
	s.handler = cop.Handler(mux)
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	// 'wasm-unsafe-eval' lets the page compile the rules' WebAssembly
	// module (/static/js/); it allows no eval of JavaScript.
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	if !strings.HasSuffix(r.URL.Path, "/events") { // a stream sets a deadline per event
		w = &deadlineWriter{ResponseWriter: w}
	}
	s.handler.ServeHTTP(w, r)
}

// deadlineWriter gives a reply writeTimeout from when the handler starts
// writing it, not from when the request came in: the time a handler
// waits for a game's lock or for the disk is not the client's to lose.
type deadlineWriter struct {
	http.ResponseWriter
	started bool
}

func (d *deadlineWriter) start() {
	if !d.started {
		d.started = true
		http.NewResponseController(d.ResponseWriter).SetWriteDeadline(time.Now().Add(writeTimeout))
	}
}

func (d *deadlineWriter) WriteHeader(code int) {
	d.start()
	d.ResponseWriter.WriteHeader(code)
}

func (d *deadlineWriter) Write(p []byte) (int, error) {
	d.start()
	return d.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (d *deadlineWriter) Unwrap() http.ResponseWriter { return d.ResponseWriter }

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
