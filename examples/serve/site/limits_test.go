package site

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

func createBody(spec, level string, seats ...string) map[string]any {
	return map[string]any{"spec": spec, "seats": seats, "level": level}
}

// TestCreatingBeyondTheCapIsRefused: -maxgames games are stored, the next
// is refused with 503 and says why, and a restart with a lower cap
// restores the games played last.
func TestCreatingBeyondTheCapIsRefused(t *testing.T) {
	dir := t.TempDir()
	srv, c := startServerConfig(t, config{Dir: dir, MaxGames: 3})
	var games []created
	for range 3 {
		games = append(games, c.create("hex(size=5)", "human", "human"))
		time.Sleep(10 * time.Millisecond) // distinct record times
	}
	code, data, err := c.do("POST", "/api/games", createBody("hex(size=5)", "easy", "human", "human"))
	if err != nil || code != http.StatusServiceUnavailable {
		t.Fatalf("a fourth game: %d %s %v", code, data, err)
	}
	if !strings.Contains(string(data), "the server holds as many games as it may (3)") {
		t.Errorf("the refusal says %s", data)
	}
	// Invalid requests are still told what is wrong.
	if code, _, _ := c.do("POST", "/api/games", createBody("nosuchgame", "easy", "human")); code != http.StatusUnprocessableEntity {
		t.Errorf("a bad spec at the cap: %d", code)
	}
	// A move makes the first game the one played last: the second is
	// the one written longest ago.
	if code, _, e, _ := c.move(games[0].ID, games[0].Seats[0].Key, "c3", 0); code != http.StatusOK {
		t.Fatalf("%d %+v", code, e)
	}
	srv.close()

	var logged []string
	var mu sync.Mutex
	srv2, c2 := startServerConfig(t, config{Dir: dir, MaxGames: 2, Logf: func(f string, a ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(f, a...))
		mu.Unlock()
	}})
	if n := len(srv2.games); n != 2 {
		t.Fatalf("%d games restored under a cap of 2", n)
	}
	if s := c2.state(games[0].ID); s.Ply != 1 {
		t.Errorf("the game played last: ply %d", s.Ply)
	}
	c2.state(games[2].ID)
	if code, _, _ := c2.do("GET", "/api/games/"+games[1].ID, nil); code != http.StatusNotFound {
		t.Errorf("the game written longest ago is left out: %d", code)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(strings.Join(logged, "\n"), "1 game left out, over the cap of 2 games") {
		t.Errorf("log: %q", logged)
	}
}

// TestABurstOfCreationsFromOneClientGets429: a client address creates
// CreatePerMinute games at once, then gets 429 with Retry-After; requests
// the server refuses for what they say take nothing from the allowance.
func TestABurstOfCreationsFromOneClientGets429(t *testing.T) {
	_, c := startServerConfig(t, config{CreatePerMinute: 5})
	for range 3 {
		if code, _, _ := c.do("POST", "/api/games", createBody("nosuchgame", "easy", "human")); code != http.StatusUnprocessableEntity {
			t.Fatalf("a bad spec: %d", code)
		}
	}
	for i := range 5 {
		if code, data, _ := c.do("POST", "/api/games", createBody("hex(size=5)", "easy", "human", "bot")); code != http.StatusCreated {
			t.Fatalf("game %d: %d %s", i+1, code, data)
		}
	}
	req, _ := http.NewRequest("POST", c.base+"/api/games", strings.NewReader(`{"spec":"hex(size=5)","seats":["human","bot"]}`))
	req.Header.Set("Content-Type", "application/json")
	res, err := c.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the sixth game at once: %d", res.StatusCode)
	}
	if ra := res.Header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Errorf("Retry-After %q", ra)
	}
	// Other requests are not limited.
	c.must(http.StatusOK, "GET", "/api/games", nil, nil)
}

func TestCreateLimiterRefillsAndForgets(t *testing.T) {
	l := newCreateLimiter(6) // one every 10 s
	now := time.Unix(1000, 0)
	for range 6 {
		if ok, _ := l.allow("a", now); !ok {
			t.Fatal("the burst is refused")
		}
	}
	ok, wait := l.allow("a", now)
	if ok || wait != 10*time.Second {
		t.Fatalf("the seventh: %v, wait %v", ok, wait)
	}
	if ok, _ := l.allow("b", now); !ok {
		t.Fatal("another client is limited too")
	}
	if ok, _ := l.allow("a", now.Add(9*time.Second)); ok {
		t.Fatal("refilled early")
	}
	if ok, _ := l.allow("a", now.Add(10*time.Second)); !ok {
		t.Fatal("not refilled after 10 s")
	}
	// The table of clients stays bounded.
	for i := range maxRateClients + 100 {
		l.allow(fmt.Sprint("client ", i), now.Add(time.Duration(i)*time.Millisecond))
	}
	if n := len(l.clients); n > maxRateClients {
		t.Errorf("%d clients remembered", n)
	}
	if ok, _ := newCreateLimiter(-1).allow("a", now); !ok {
		t.Error("no limit refuses")
	}
}

func TestClientAddress(t *testing.T) {
	for addr, want := range map[string]string{
		"192.0.2.7:5555":                "192.0.2.7",
		"[::ffff:192.0.2.7]:5555":       "192.0.2.7",
		"[2001:db8:1:2:3:4:5:6]:443":    "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff:4:5:6]:443": "2001:db8:1:2::/64",
		"[fe80::1%eth0]:80":             "fe80::/64",
		"not an address":                "not an address",
	} {
		r := &http.Request{RemoteAddr: addr}
		if got := clientAddress(r); got != want {
			t.Errorf("%s: %s, want %s", addr, got, want)
		}
	}
}

// TestBotGamesCreatedAtOnceQueueForTheWorkers: games whose bot moves first,
// created at once, wait in the queue for the BotWorkers workers: no more
// searches run at once than there are workers, no goroutine is started
// per game, and every bot moves in the end.
func TestBotGamesCreatedAtOnceQueueForTheWorkers(t *testing.T) {
	srv, c := startServerConfig(t, config{CreatePerMinute: -1, BotWorkers: 2})
	const games = 60
	goroutines := runtime.NumGoroutine()
	ids := make([]string, games)
	var wg sync.WaitGroup
	for w := range 6 { // six clients at once
		wg.Go(func() {
			for i := w; i < games; i += 6 {
				var g created
				c.must(http.StatusCreated, "POST", "/api/games", createBody("hex(size=13)", "normal", "bot", "human"), &g)
				ids[i] = g.ID
			}
		})
	}
	wg.Wait()
	if grown := runtime.NumGoroutine() - goroutines; grown > 30 {
		t.Errorf("%d goroutines more after creating %d bot games", grown, games)
	}
	queued := srv.botQueueLen()
	t.Logf("after creating %d games: %d queued, %d searching", games, queued, srv.searching.Load())
	deadline := time.Now().Add(60 * time.Second)
	for _, id := range ids {
		for c.state(id).Ply == 0 {
			if time.Now().After(deadline) {
				t.Fatalf("game %s: the bot has not moved (%d queued)", id, srv.botQueueLen())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if peak := srv.searchPeak.Load(); peak < 1 || peak > 2 {
		t.Errorf("%d searches at once, with 2 workers", peak)
	}
	if n := srv.botQueueLen(); n != 0 {
		t.Errorf("%d games still queued", n)
	}
}

// TestManyBotGamesTakeBoundedMemory: 300 games of Hex 26×26 against the
// hard bot, created as fast as the client can, take a bounded heap: a
// game's cached state (its picture is some 110 KB) is kept within the
// cache's budget, the queue holds a pointer per game, and one tree is
// searched per worker.
func TestManyBotGamesTakeBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	const cacheBudget = 4 << 20
	srv, c := startServerConfig(t, config{CreatePerMinute: -1, BotWorkers: 1, StateCacheBytes: cacheBudget, Logf: func(string, ...any) {}, Infof: func(string, ...any) {}})
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	before, goroutines := heap(), runtime.NumGoroutine()
	games := 300
	if raceEnabled {
		games = 100
	}
	for range games {
		c.must(http.StatusCreated, "POST", "/api/games", createBody("hex(size=26)", "hard", "bot", "human"), nil)
	}
	after, grown := heap(), runtime.NumGoroutine()-goroutines
	bytes, views := srv.cache.used()
	t.Logf("%d games: heap %d MiB → %d MiB, %d goroutines more, %d states cached (%d KiB), %d queued, %d searching",
		games, before>>20, after>>20, grown, views, bytes>>10, srv.botQueueLen(), srv.searching.Load())
	if bytes > cacheBudget {
		t.Errorf("the cached states take %d bytes, over the budget of %d", bytes, cacheBudget)
	}
	// One search tree (at most 2^18 nodes) and the games themselves, a
	// few KiB each; without the budget the states alone took some 70 MB.
	if after > before && after-before > 48<<20 {
		t.Errorf("the heap grew by %d MiB for %d games", (after-before)>>20, games)
	}
	if grown > 20 {
		t.Errorf("%d goroutines more after creating %d bot games", grown, games)
	}
	if peak := srv.searchPeak.Load(); peak > 1 {
		t.Errorf("%d searches at once, with one worker", peak)
	}
	// A game whose state was dropped is rebuilt on demand.
	var list struct{ Games []struct{ ID string } }
	c.must(http.StatusOK, "GET", "/api/games?limit=200", nil, &list)
	if s := c.state(list.Games[len(list.Games)-1].ID); !strings.HasPrefix(s.SVG, "<svg") {
		t.Error("a state rebuilt without its picture")
	}
}

// TestRestoreStartsBotsOnlyWhenAGameIsAskedFor: a restart on many games
// whose bot is to move searches nothing until a game is asked for.
func TestRestoreStartsBotsOnlyWhenAGameIsAskedFor(t *testing.T) {
	dir := t.TempDir()
	// The bots answer after an hour: the server stops before.
	srv, c := startServerConfig(t, config{Dir: dir, BotDelay: time.Hour, CreatePerMinute: -1})
	var ids []string
	for range 20 {
		var g created
		c.must(http.StatusCreated, "POST", "/api/games", createBody("hex(size=7)", "easy", "bot", "human"), &g)
		ids = append(ids, g.ID)
	}
	srv.close()

	srv2, c2 := startServerConfig(t, config{Dir: dir})
	time.Sleep(50 * time.Millisecond)
	if n, q := srv2.searchPeak.Load(), srv2.botQueueLen(); n != 0 || q != 0 {
		t.Fatalf("after the restart: %d searches, %d queued", n, q)
	}
	c2.must(http.StatusOK, "GET", "/api/games", nil, nil) // the list wakes no bot
	if q := srv2.botQueueLen(); q != 0 || srv2.searchPeak.Load() != 0 {
		t.Fatalf("listing the games queued %d bots", q)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	states, _ := c2.events(ctx, ids[3], "")
	waitFor(t, states, 10*time.Second, func(s testState) bool { return s.Ply == 1 })
	if peak := srv2.searchPeak.Load(); peak != 1 {
		t.Errorf("%d searches for one game asked for", peak)
	}
}

func TestLimitFlagsAreChecked(t *testing.T) {
	for _, args := range [][]string{{"-maxgames", "0"}, {"-create-rate", "-1"}, {"-bots", "0"},
		{"-maxplies", "0"}, {"-max-conns", "-1"}, {"-max-conns-per-client", "1"}} {
		var out, errs strings.Builder
		err := Run(t.Context(), append(args, "-data", t.TempDir(), "-addr", "127.0.0.1:0"), &out, &errs)
		if err == nil || !strings.Contains(err.Error(), args[0]) {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// TestBotsTakeTurnsByClientAddress: games waiting for their bot are taken
// in turn by the address that created them, so that many games of one
// client do not hold back another's.
func TestBotsTakeTurnsByClientAddress(t *testing.T) {
	var q botQueue
	var order []string
	for i := range 5 {
		q.push(&game{owner: "greedy", title: "greedy " + itoa(i)})
	}
	q.push(&game{owner: "polite", title: "polite 0"})
	q.push(&game{owner: "", title: "restored 0"})
	q.push(&game{owner: "polite", title: "polite 1"})
	for q.len() > 0 {
		g := q.pop()
		order = append(order, g.title)
		q.done(g)
	}
	want := []string{"greedy 0", "polite 0", "restored 0", "greedy 1", "polite 1", "greedy 2", "greedy 3", "greedy 4"}
	if strings.Join(order, ", ") != strings.Join(want, ", ") {
		t.Errorf("order %v, want %v", order, want)
	}
	if q.pop() != nil || len(q.games) != 0 || q.owners.Len() != 0 || len(q.running) != 0 {
		t.Error("the empty queue holds something")
	}
	// With a search of the greedy address running, another address's
	// game goes first, even out of turn; alone, the greedy one's too.
	for i := range 3 {
		q.push(&game{owner: "greedy", title: "greedy " + itoa(i)})
	}
	first := q.pop()
	q.push(&game{owner: "polite", title: "polite"})
	if g := q.pop(); g.title != "polite" {
		t.Errorf("with a greedy search running, %s goes next", g.title)
	}
	if g := q.pop(); g == nil || g.title != "greedy 1" {
		t.Errorf("the greedy address alone waits for nothing: %v", g)
	}
	q.done(first)
}
