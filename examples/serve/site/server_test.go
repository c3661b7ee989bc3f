package site

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// TestCatalogListsEveryRegisteredGame: the lobby offers every game of the
// registry with the title, line and variants of its registration, each
// variant opens and has a picture.
func TestCatalogListsEveryRegisteredGame(t *testing.T) {
	_, c := startServer(t, "")
	var cat struct {
		Games  []gameInfo `json:"games"`
		Levels []string   `json:"levels"`
	}
	c.must(http.StatusOK, "GET", "/api/catalog", nil, &cat)
	var names []string
	for _, g := range cat.Games {
		names = append(names, g.Name)
		if len(g.Variants) == 0 {
			t.Errorf("%s has no variants", g.Name)
		}
		reg, err := rules.Lookup(g.Name)
		if err != nil || g.Title != reg.Title || g.Blurb != reg.Doc || len(g.Variants) != max(len(reg.Variants), 1) {
			t.Errorf("%s: the lobby's %q %q with %d variants, the registry's %q %q with %d", g.Name, g.Title, g.Blurb, len(g.Variants), reg.Title, reg.Doc, len(reg.Variants))
		}
		for i, v := range g.Variants {
			if i < len(reg.Variants) && v.Label != reg.Variants[i].Label {
				t.Errorf("%s: variant %d is %q, the registry's %q", g.Name, i, v.Label, reg.Variants[i].Label)
			}
			d, err := rules.Open(v.Spec)
			if err != nil || d.Spec() != v.Spec || len(v.Seats) != d.Seats() {
				t.Errorf("%s: variant %+v: %v", g.Name, v, err)
			}
			pic := c.must(http.StatusOK, "GET", "/api/preview.svg?spec="+v.Spec, nil, nil)
			if !strings.HasPrefix(string(pic), "<svg") {
				t.Errorf("%s: preview is not SVG", v.Spec)
			}
		}
	}
	if slices.Sort(names); !slices.Equal(names, rules.Games()) {
		t.Errorf("catalog %v, registry %v", names, rules.Games())
	}
	if !slices.Equal(cat.Levels, []string{"easy", "normal", "hard"}) {
		t.Errorf("levels %v", cat.Levels)
	}
}

// TestPageIsServedWithItsAssets: the page and its script and style come
// from the binary, with no reference to anything outside the server.
func TestPageIsServedWithItsAssets(t *testing.T) {
	_, c := startServer(t, "")
	for _, p := range []string{"/", "/g/abcdefghij", "/static/app.js", "/static/rules.js", "/static/style.css", "/static/js/index.js", "/static/js/errors.js"} {
		body := c.must(http.StatusOK, "GET", p, nil, nil)
		if m := regexp.MustCompile(`(?i)<(script|link|img|iframe|object)[^>]*(src|href)=["']?(https?:)?//|url\(["']?(https?:)?//|@import|fetch\(["'](https?:)?//`).Find(body); m != nil {
			t.Errorf("%s refers to an external asset: %s", p, m)
		}
	}
	for _, p := range []string{"/static/nothing.js", "/static/../server.go", "/api/games/abcdefghij", "/api/games/..%2fx"} {
		if code, _, _ := c.do("GET", p, nil); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, code)
		}
	}
}

// TestMovesAreValidatedAndOnlyForTheirSeat walks the API's refusals: a key
// of no seat, the other seat's turn, a stale ply, a move the rules refuse
// (with the library's reason), bad JSON and a body over the limit.
func TestMovesAreValidatedAndOnlyForTheirSeat(t *testing.T) {
	_, c := startServer(t, "")
	g := c.create("hex(size=5,swap=none)", "human", "human")
	a, b := g.Seats[0].Key, g.Seats[1].Key
	if a == "" || b == "" || a == b || g.Seats[1].Link != "/g/"+g.ID+"#key="+b {
		t.Fatalf("seats %+v", g.Seats)
	}
	if g.State.Ply != 0 || g.State.ToMove != "A" || len(g.State.Legal) != 25 || !strings.Contains(g.State.SVG, `data-square="e5"`) {
		t.Fatalf("start state %+v", g.State)
	}

	code, ok, _, _ := c.move(g.ID, a, "C3", 0)
	if code != http.StatusOK || ok.Move != "c3" || ok.Ply != 1 || ok.State.ToMove != "B" {
		t.Fatalf("first move: %d %+v", code, ok)
	}
	check := func(key, move string, ply int, wantCode int, wantKind string) errorReply {
		t.Helper()
		code, _, bad, err := c.move(g.ID, key, move, ply)
		if err != nil || code != wantCode || bad.Kind != wantKind {
			t.Errorf("%s for %q at %d: %d %+v %v, want %d %q", move, key, ply, code, bad, err, wantCode, wantKind)
		}
		return bad
	}
	check("nobody", "d4", 1, http.StatusForbidden, "")
	check(a, "d4", 1, http.StatusConflict, "not your turn")
	if bad := check(b, "d4", 0, http.StatusConflict, "stale"); bad.Ply == nil || *bad.Ply != 1 {
		t.Errorf("a stale move's reply gives the ply: %+v", bad)
	}
	bad := check(b, "c3", 1, http.StatusUnprocessableEntity, "illegal move")
	if bad.Reason != "cell is occupied" || bad.Error != "c3: illegal move: cell is occupied" {
		t.Errorf("illegal move reply %+v", bad)
	}
	check(b, "z99", -1, http.StatusUnprocessableEntity, "syntax error")
	if code, _, _ := c.do("POST", "/api/games/"+g.ID+"/moves", `{"move":"d4","key":"`+b+`","extra":1}`); code != http.StatusBadRequest {
		t.Errorf("unknown field: %d", code)
	}
	if code, _, _ := c.do("POST", "/api/games/"+g.ID+"/moves", `{"move":"`+strings.Repeat("a", 5000)+`"}`); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a large body: %d, want 413", code)
	}
	if code, _, _ := c.do("POST", "/api/games", `{"spec":"`+strings.Repeat("a", 5000)+`"}`); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a large body: %d, want 413", code)
	}
	for _, body := range []string{`{"spec":"chess","seats":["human","bot"]}`, `{"spec":"hex","seats":["human"]}`,
		`{"spec":"hex","seats":["bot","bot"]}`, `{"spec":"hex","seats":["human","alien"]}`, `{"spec":"hex","seats":["human","bot"],"level":"god"}`} {
		if code, data, _ := c.do("POST", "/api/games", body); code != http.StatusUnprocessableEntity {
			t.Errorf("create %s: %d %s", body, code, data)
		}
	}

	// Play to the end through the API and check the record.
	rng := rand.New(rand.NewPCG(1, 2))
	s := c.state(g.ID)
	keys := map[string]string{"A": a, "B": b}
	for s.Outcome.Result == "*" {
		m := s.Legal[rng.IntN(len(s.Legal))]
		code, ok, bad, err := c.move(g.ID, keys[s.ToMove], m, s.Ply)
		if err != nil || code != http.StatusOK {
			t.Fatalf("%s: %d %+v %v", m, code, bad, err)
		}
		s = ok.State
	}
	check(a, "a1", -1, http.StatusUnprocessableEntity, "game is over")
	rec, r := c.record(g.ID)
	if res, _ := rec.Tag("Result"); res != s.Outcome.Result || !slices.Equal(r.Moves, s.moveTexts()) {
		t.Errorf("record %v %v, state %s %v", res, r.Moves, s.Outcome.Result, s.moveTexts())
	}
	if !strings.Contains(s.Status, "wins") {
		t.Errorf("status %q", s.Status)
	}
}

// TestDominationDrawsAreChanceNodesTheServerPlays: the server draws every
// domino, the draws are in the state and the record, and a person moves
// only at decision nodes.
func TestDominationDrawsAreChanceNodesTheServerPlays(t *testing.T) {
	_, c := startServer(t, "")
	g := c.create("domination", "human", "human")
	if g.State.Node != "decision" || len(g.State.Moves) != 1 || !g.State.Moves[0].Chance {
		t.Fatalf("after creation %+v", g.State)
	}
	keys := map[string]string{"A": g.Seats[0].Key, "B": g.Seats[1].Key}
	s := g.State
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 6 && s.Outcome.Result == "*"; i++ {
		m := s.Legal[rng.IntN(len(s.Legal))]
		code, ok, bad, _ := c.move(g.ID, keys[s.ToMove], m, s.Ply)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %+v", m, code, bad)
		}
		if ok.State.Outcome.Result == "*" && (ok.State.Ply != s.Ply+2 || !ok.State.Moves[len(ok.State.Moves)-1].Chance) {
			t.Fatalf("a turn is followed by the next draw: %+v", ok.State.Moves)
		}
		s = ok.State
	}
	_, r := c.record(g.ID)
	if !slices.Equal(r.Moves, s.moveTexts()) {
		t.Errorf("record %v, state %v", r.Moves, s.moveTexts())
	}
}

// TestBotAnswersAndEventsStream: a move against the bot is answered, and
// the event stream shows both, with the key's seat online.
func TestBotAnswersAndEventsStream(t *testing.T) {
	_, c := startServer(t, "")
	g := c.create("hex(size=5,swap=none)", "human", "bot")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	states, seats := c.events(ctx, g.ID, g.Seats[0].Key)
	if seat := <-seats; seat != "A" {
		t.Fatalf("seat %q", seat)
	}
	waitFor(t, states, 5*time.Second, func(s testState) bool { return s.Seats[0].Online })
	if code, _, bad, _ := c.move(g.ID, g.Seats[0].Key, "c3", 0); code != http.StatusOK {
		t.Fatal(bad)
	}
	s := waitFor(t, states, 10*time.Second, func(s testState) bool { return s.Ply == 2 })
	if s.ToMove != "A" || s.Moves[1].Seat != "B" {
		t.Errorf("after the bot's move: %+v", s)
	}
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for c.state(g.ID).Seats[0].Online && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if c.state(g.ID).Seats[0].Online {
		t.Error("the seat stays online after its stream closed")
	}
}

// TestEveryVariantIsPlayableByClicks plays a few random plies of every
// variant of the catalog and checks that every square a legal move names
// is a clickable element of the picture (data-square), and every drop's
// reserve a data-reserve of the mover: the page needs nothing else.
func TestEveryVariantIsPlayableByClicks(t *testing.T) {
	_, c := startServer(t, "")
	square := regexp.MustCompile(`[a-z]+[0-9]+`)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, info := range catalog(defaultMaxPlies) {
		for _, v := range info.Variants {
			seats := make([]string, len(v.Seats))
			for i := range seats {
				seats[i] = "human"
			}
			g := c.create(v.Spec, seats...)
			keys := map[string]string{}
			for _, st := range g.Seats {
				keys[st.Seat] = st.Key
			}
			s := g.State
			for ply := 0; ply < 6 && s.Outcome.Result == "*"; ply++ {
				if s.SVG == "" {
					t.Errorf("%s: no picture", v.Spec)
					break
				}
				clickable := map[string]bool{}
				for _, m := range regexp.MustCompile(`<(?:rect|polygon)[^>]* class="square"[^>]* data-square="([a-z0-9]+)"`).FindAllStringSubmatch(s.SVG, -1) {
					clickable[m[1]] = true
				}
				for _, m := range s.Legal {
					for _, sq := range square.FindAllString(m, -1) {
						if !clickable[sq] {
							t.Errorf("%s at ply %d: %s names %s, which the picture does not offer", v.Spec, s.Ply, m, sq)
						}
					}
					if i := strings.IndexByte(m, '*'); i >= 0 {
						color := s.ToMove
						if i > 0 {
							color = m[i-1 : i]
						}
						if !strings.Contains(s.SVG, `data-reserve="`+s.ToMove+`" data-color="`+color+`"`) {
							t.Errorf("%s at ply %d: drop %s has no reserve to click", v.Spec, s.Ply, m)
						}
					}
				}
				m := s.Legal[rng.IntN(len(s.Legal))]
				code, ok, bad, _ := c.move(g.ID, keys[s.ToMove], m, s.Ply)
				if code != http.StatusOK {
					t.Fatalf("%s: %s: %d %+v", v.Spec, m, code, bad)
				}
				s = ok.State
			}
		}
	}
}

// TestRestoreReplaysRecords: a new server on the same directory has every
// game at its last move, drops a last line a crash cut short (from the
// file too, once the rest has replayed), and plays on; a bot that was to
// move moves. (A record that does not replay is set aside:
// TestARecordThatDoesNotReplayIsSetAsideWhole.)
func TestRestoreReplaysRecords(t *testing.T) {
	dir := t.TempDir()
	srv, c := startServer(t, dir)
	torn := c.create("hex(size=5,swap=none)", "human", "human")
	dom := c.create("domination", "human", "bot")
	tornMoves := playSome(t, c, torn, 3).moveTexts()
	code, _, e, _ := c.move(dom.ID, dom.Seats[0].Key, dom.State.Legal[0], dom.State.Ply)
	if code != http.StatusOK {
		t.Fatal(e)
	}
	srv.close()

	// A crash in the middle of an append: a line with no line break.
	path := srv.store.recordPath(torn.ID)
	whole, _ := os.ReadFile(path)
	appendFile(t, path, "a")

	_, c2 := startServer(t, dir)
	s := c2.state(torn.ID)
	if !slices.Equal(s.moveTexts(), tornMoves) {
		t.Errorf("torn: %v, want %v", s.moveTexts(), tornMoves)
	}
	if now, _ := os.ReadFile(path); string(now) != string(whole) {
		t.Errorf("the unfinished last line is still in the file:\n%s", now)
	}
	if code, _, e, _ := c2.move(torn.ID, torn.Seats[1].Key, s.Legal[0], 3); code != http.StatusOK {
		t.Errorf("a restored game plays on: %d %+v", code, e)
	}
	c2.record(torn.ID)
	// The bot of the Domination game was to move when the server stopped
	// (or had moved): it moves on after the restart.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	states, _ := c2.events(ctx, dom.ID, "")
	waitFor(t, states, 10*time.Second, func(s testState) bool { return s.ToMove == "A" || s.Outcome.Result != "*" })
	c2.record(dom.ID)
}

func appendFile(t *testing.T, path, text string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(text)
	f.Close()
}

// TestRecordFileIsARecord: what is on disk is a record the library
// replays, without the seats' secrets.
func TestRecordFileIsARecord(t *testing.T) {
	srv, c := startServer(t, "")
	g := c.create("hex(size=5,swap=none)", "human", "human")
	c.move(g.ID, g.Seats[0].Key, "c3", 0)
	text, err := os.ReadFile(srv.store.recordPath(g.ID))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(text), g.Seats[0].Key) {
		t.Error("the record holds a secret")
	}
	rec, err := notation.ParseRecord(string(text))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rec.Replay()
	if err != nil || !slices.Equal(r.Moves, []string{"c3"}) {
		t.Fatalf("%v %v", r.Moves, err)
	}
	var m meta
	data, _ := os.ReadFile(srv.store.metaPath(g.ID))
	if err := json.Unmarshal(data, &m); err != nil || m.Seats[0].Key != g.Seats[0].Key {
		t.Errorf("meta %+v %v", m, err)
	}
}

// TestEventStreamOutlivesReadTimeout: the server's ReadTimeout does not
// end an event stream (net/http lifts the read deadline once a request
// without a body is read).
func TestEventStreamOutlivesReadTimeout(t *testing.T) {
	srv, err := newServer(config{Dir: t.TempDir(), Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	base := serveOnLoopback(t, srv, func(hs *http.Server) { hs.ReadTimeout = 300 * time.Millisecond })
	defer srv.close()
	c := newClient(t, base)
	g := c.create("hex(size=5,swap=none)", "human", "human")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	states, _ := c.events(ctx, g.ID, "")
	waitFor(t, states, 5*time.Second, func(s testState) bool { return s.Ply == 0 })
	time.Sleep(800 * time.Millisecond)
	c.move(g.ID, g.Seats[0].Key, "c3", 0)
	waitFor(t, states, 5*time.Second, func(s testState) bool { return s.Ply == 1 })
}
