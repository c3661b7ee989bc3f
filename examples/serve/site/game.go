package site

import (
	"container/list"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// game is one game being played: its position, its moves and who may make
// them. Its mutex orders everything that happens to it, so moves are
// accepted one at a time, each appended to the record on disk before the
// next is considered.
type game struct {
	meta  meta
	title string

	// maxPlies is the ply at which the game is stopped if it is still
	// going (stopped).
	maxPlies int
	// owner is the client address that created the game ("" for a game
	// restored from disk): its bot waits its turn among that address's.
	owner string

	mu sync.Mutex
	// history holds the position, every move (canonical, chance draws
	// included) and who made it, but no position before the current one
	// (its undo limit is 0): the game's memory is its position and a few
	// bytes a move (and, past recentMoves plies, the position at the start
	// of the state's recent moves).
	history *rules.History
	// at is the position after atPly plies, which positionAt keeps.
	at        rules.Dynamic
	atPly     int
	rng       *mrand.Rand
	online    []int     // per seat: event streams open with the seat's key
	streams   int       // event streams open, with a key or without
	tickets   tickets   // stream tickets handed out and not yet used
	botQueued bool      // a bot move is queued, being searched or waiting to be retried
	botFails  int       // the bot's failed moves in a row
	updated   time.Time // the last move (or the creation)
	// dormant is set for a game restored from disk until it is first
	// asked for: its bot does not think before.
	dormant atomic.Bool
	// view is the cached public state (nil when dropped or stale),
	// built on demand and kept in cache, which bounds the memory of all
	// the games' views; lru is the game's place there (guarded by the
	// cache's lock).
	cache *stateCache
	view  atomic.Pointer[cachedView]
	lru   *list.Element
	// changed is closed and replaced on every change: event streams
	// wait on it.
	changed chan struct{}
}

// idLen is the length of a game ID: 10 base32 letters, 50 random bits.
const idLen = 10

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return idEncoding.EncodeToString(b[:])[:idLen]
}

// keyBytes is the length of a seat's secret: 128 random bits.
const keyBytes = 16

// newKey returns a seat's secret: keyBytes random bytes, in unpadded
// base64url (22 characters).
func newKey() string {
	var b [keyBytes]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// validKey reports whether key has the form newKey gives. The strict
// decoding refuses the 4 bits beyond the 128 set, so that a key's text is
// the one encoding of its bytes; the length refuses the line breaks that
// even a strict decoding skips.
func validKey(key string) bool {
	if len(key) != base64.RawURLEncoding.EncodedLen(keyBytes) {
		return false
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(key)
	return err == nil && len(b) == keyBytes
}

func newRand() *mrand.Rand {
	var b [16]byte
	rand.Read(b[:])
	return mrand.New(mrand.NewPCG(binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:])))
}

// newHistory starts a game's history at start: it keeps no position
// before the current one (see game.history).
func newHistory(start rules.Dynamic) *rules.History {
	h := rules.NewHistory(start)
	h.SetUndoLimit(0)
	return h
}

// newGame returns the game of m, played so far as h says (newHistory).
func newGame(m meta, h *rules.History, cache *stateCache, maxPlies int) *game {
	return &game{
		cache:    cache,
		meta:     m,
		title:    gameTitle(m.Spec, maxPlies),
		maxPlies: maxPlies,
		history:  h,
		rng:      newRand(),
		online:   make([]int, len(m.Seats)),
		updated:  m.Created,
		changed:  make(chan struct{}),
	}
}

// seatOf returns the seat whose secret key is, or -1. Every seat's key is
// compared in constant time.
func (g *game) seatOf(key string) rules.Player {
	seat := rules.Player(-1)
	for i, st := range g.meta.Seats {
		if st.Key != "" && subtle.ConstantTimeCompare([]byte(st.Key), []byte(key)) == 1 {
			seat = rules.Player(i)
		}
	}
	return seat
}

// pos returns the current position. The caller holds g.mu.
func (g *game) pos() rules.Dynamic { return g.history.Position() }

// plies returns the number of plies played, chance draws included. The
// caller holds g.mu.
func (g *game) plies() int { return g.history.Len() }

// stopped reports whether the game was stopped unfinished: it is still
// going by the rules at maxPlies plies. The caller holds g.mu.
func (g *game) stopped() bool {
	return g.plies() >= g.maxPlies && g.pos().Node() != rules.TerminalNode
}

// drawChances plays chance outcomes from pos, the position after ply
// plies, drawn with their exact probabilities, until a seat is to move,
// the game is over or it reaches maxPlies, and returns the position
// reached and the draws.
func (g *game) drawChances(pos rules.Dynamic, ply int) (rules.Dynamic, []string, error) {
	var draws []string
	for pos.Node() == rules.ChanceNode && ply+len(draws) < g.maxPlies {
		d := pos.RandomMove(g.rng)
		next, err := pos.Play(d)
		if err != nil {
			return pos, draws, err
		}
		pos, draws = next, append(draws, d)
	}
	return pos, draws, nil
}

// play plays a move (already canonical and legal in g.pos(), which next
// follows from), draws any chance outcomes after it, appends them all to
// the record on disk and syncs it, and only then takes them into the
// history. The caller holds g.mu.
func (g *game) play(st *store, move string, next rules.Dynamic) error {
	_, draws, err := g.drawChances(next, g.plies()+1)
	if err != nil {
		return err
	}
	plies := append([]string{move}, draws...)
	if err := st.appendMoves(g.meta.ID, plies); err != nil {
		return fmt.Errorf("storing the move: %w", err)
	}
	if err := g.take(plies); err != nil {
		return err
	}
	g.updated = time.Now()
	g.changedNow(false)
	return nil
}

// take plays into the history plies already played from its position
// (and stored, when the game is on disk). The history keeps no position
// to undo to, so a move is played there only once it is sure to stay;
// playing it a second time costs far less than the disk's sync. The
// caller holds g.mu.
func (g *game) take(plies []string) error {
	for _, p := range plies {
		if err := g.history.Play(p); err != nil {
			// The rules are deterministic: a move just played in this
			// position plays again. Failing is a bug of the game.
			return fmt.Errorf("internal error: ply %d, %s, played once but not again: %w", g.plies()+1, p, err)
		}
	}
	return nil
}

// changedNow drops the cached state (and the picture, unless keepPicture)
// and wakes the event streams. The caller holds g.mu.
func (g *game) changedNow(keepPicture bool) {
	old := g.view.Load()
	if keepPicture && old != nil && old.drawn {
		g.cache.put(g, &cachedView{svg: old.svg, drawn: true})
	} else if old != nil {
		g.cache.put(g, nil)
	}
	close(g.changed)
	g.changed = make(chan struct{})
}

// state returns the public state as JSON, built if it is not cached. The
// caller holds g.mu.
func (g *game) state() []byte {
	v := g.view.Load()
	if v != nil && v.state != nil {
		g.cache.touch(g)
		return v.state
	}
	next := &cachedView{}
	if v != nil && v.drawn {
		next.svg, next.drawn = v.svg, true
	} else {
		doc, _ := render(g.pos(), svgOptions{Size: 640, Coordinates: true, LastMove: g.lastDecision()})
		next.svg, next.drawn = string(doc), true
	}
	data, err := json.Marshal(g.publicState(next.svg))
	if err != nil { // every field marshals; a failure is a bug
		panic(err)
	}
	next.state = data
	g.cache.put(g, next)
	return data
}

// positionAt returns the position after the first n plies, replayed from
// the history's start; the last one is kept, so that the position at the
// start of a state's recent moves moves on a ply at a time. It returns nil
// if a move does not replay (a bug). The caller holds g.mu.
func (g *game) positionAt(n int) rules.Dynamic {
	if g.at == nil || g.atPly > n {
		g.at, g.atPly = g.history.Start(), 0
	}
	for g.atPly < n {
		next, err := g.at.Play(g.history.Move(g.atPly))
		if err != nil {
			g.at = nil
			return nil
		}
		g.at, g.atPly = next, g.atPly+1
	}
	return g.at
}

// lastDecision returns the last move that was not a chance draw, or "".
func (g *game) lastDecision() string {
	for i := g.plies() - 1; i >= 0; i-- {
		if g.history.Mover(i) != rules.Chance {
			return g.history.Move(i)
		}
	}
	return ""
}

// stateView is a game's public state: what every page shows and the API
// returns. It holds no secret.
type stateView struct {
	ID      string        `json:"id"`
	Game    string        `json:"game"`
	Spec    string        `json:"spec"`
	Title   string        `json:"title"`
	Created time.Time     `json:"created"`
	Ply     int           `json:"ply"`
	Node    rules.Node    `json:"node"`
	ToMove  string        `json:"toMove"`
	Status  string        `json:"status"`
	Outcome rules.Outcome `json:"outcome"`
	Seats   []seatState   `json:"seats"`
	// Moves holds the last recentMoves plies at most, the first of them
	// ply MovesFrom (0 when it holds every ply); Turns counts the moves
	// played that were not chance draws. The record holds every ply.
	Moves     []historyEntry `json:"moves"`
	MovesFrom int            `json:"movesFrom"`
	// From is the position at ply MovesFrom, from which Moves replay to
	// Position (a page steps through the game with it); "" when
	// MovesFrom is 0: the start is the spec's.
	From  string `json:"from,omitempty"`
	Turns int    `json:"turns"`
	// Stopped is set for a game stopped unfinished at the server's limit
	// of plies: it takes no more moves.
	Stopped  bool     `json:"stopped,omitempty"`
	LastMove string   `json:"lastMove"`
	Legal    []string `json:"legal"`
	Position string   `json:"position"`
	Notes    string   `json:"notes,omitempty"`
	SVG      string   `json:"svg,omitempty"`
	Diagram  string   `json:"diagram,omitempty"`
}

type seatState struct {
	seatView
	Player string `json:"player"`          // "human" or "bot"
	Level  string `json:"level,omitempty"` // a bot's strength
	Online bool   `json:"online"`          // a person's page is open
	Score  string `json:"score,omitempty"` // once the game is over
}

type historyEntry struct {
	Move   string `json:"move"`
	Seat   string `json:"seat"` // the seat letter, or "chance"
	Chance bool   `json:"chance,omitempty"`
}

// publicState is the state, with svg the picture of the position ("" for
// none: then the diagram).
func (g *game) publicState(svg string) stateView {
	p := g.pos()
	v := stateView{
		ID:       g.meta.ID,
		Game:     rules.SpecName(g.meta.Spec),
		Spec:     g.meta.Spec,
		Title:    g.title,
		Created:  g.meta.Created,
		Ply:      g.plies(),
		Node:     p.Node(),
		ToMove:   p.ToMove().String(),
		Outcome:  p.Outcome(),
		LastMove: g.lastDecision(),
		Legal:    []string{},
		Position: p.String(),
		Notes:    gameNotes(p),
		SVG:      svg,
	}
	if v.SVG == "" {
		v.Diagram = p.Diagram()
	}
	v.Stopped = g.stopped()
	if p.Node() == rules.DecisionNode && !v.Stopped {
		v.Legal = p.Moves()
	}
	views := seatViews(p)
	for i, st := range g.meta.Seats {
		s := seatState{seatView: views[i], Player: st.Player, Level: st.Level, Online: g.online[i] > 0}
		if v.Outcome.Over() {
			s.Score = scoreText(v.Outcome.Score(rules.Player(i)))
		}
		v.Seats = append(v.Seats, s)
	}
	v.Status = g.statusText(views)
	v.MovesFrom = max(0, g.plies()-recentMoves)
	if v.MovesFrom > 0 {
		if from := g.positionAt(v.MovesFrom); from != nil {
			v.From = from.String()
		}
	}
	v.Moves = make([]historyEntry, 0, g.plies()-v.MovesFrom)
	for i := range g.plies() {
		mover := g.history.Mover(i)
		chance := mover == rules.Chance
		if !chance {
			v.Turns++
		}
		if i >= v.MovesFrom {
			v.Moves = append(v.Moves, historyEntry{Move: g.history.Move(i), Seat: mover.String(), Chance: chance})
		}
	}
	return v
}

func scoreText(s float64) string {
	switch s {
	case 1:
		return "1"
	case 0.5:
		return "½"
	}
	return "0"
}

// statusText says in words whose turn it is or how the game ended. The
// caller holds g.mu.
func (g *game) statusText(views []seatView) string {
	p := g.pos()
	o := p.Outcome()
	switch {
	case g.stopped():
		return fmt.Sprintf("Stopped after %d plies · unfinished", g.plies())
	case o.Over():
		reason := strings.ReplaceAll(o.Reason.String(), "_", " ")
		var winners []string
		for i, v := range views {
			if o.Score(rules.Player(i)) == 1 {
				winners = append(winners, v.Name)
			}
		}
		switch len(winners) {
		case 0:
			return "Draw · " + reason
		case 1:
			return winners[0] + " wins · " + reason
		default:
			return strings.Join(winners, " and ") + " win · " + reason
		}
	case p.Node() == rules.ChanceNode:
		return "Drawing…"
	}
	return views[p.ToMove()].Name + " to move"
}

// record returns the game's record: its tags, the result so far and every
// move, chance draws included; the Termination tag gives a finished
// game's reason in the rules' words ("connection"), as
// notation.FromHistory writes it, or says that the site stopped the game
// unfinished. The caller holds g.mu.
func (g *game) record() notation.Record {
	rec := recordTags(g.meta)
	o := g.pos().Outcome()
	rec.SetTag("Result", o.Result())
	if o.Over() {
		rec.SetTag("Termination", o.Reason.String())
	}
	if g.stopped() {
		rec.SetTag("Termination", fmt.Sprintf("unfinished: the site stops games at %d plies", g.maxPlies))
	}
	rec.Moves = g.history.Moves()
	return rec
}
