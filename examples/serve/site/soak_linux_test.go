package site

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// soakEnv, set to a duration (e.g. 10m), makes the soak run that long.
const soakEnv = "SERVE_SOAK"

// soakDuration is how long the soak runs: 30 s (10 s with -short, 15 s
// under the race detector, whose run is there to find races), or
// $SERVE_SOAK.
func soakDuration(t *testing.T) time.Duration {
	if v := os.Getenv(soakEnv); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("%s=%q: %v", soakEnv, v, err)
		}
		return d
	}
	switch {
	case testing.Short():
		return 10 * time.Second
	case raceEnabled:
		return 15 * time.Second
	}
	return 30 * time.Second
}

// TestSoak runs the server as a child process, as an operator would run it
// for strangers but with a limit of 1,024 open descriptors and a disk
// that refuses one append in 40, and mixes every attack of issue #21 with
// ordinary play, all on loopback, each attacker from an address of its
// own: clients that never read their replies nor their streams (with a
// 1 KiB receive buffer), previews of endless distinct specs, streams up to
// every cap, two keys cycling moves forever, a client holding 1,500 idle
// connections, bodies that are no JSON or too lax JSON, cross-site
// requests, keys in URLs and forged tickets, and a flood of creations.
// Meanwhile ordinary players play games against the bot and against each
// other, with their pages' event streams open.
//
// It checks that the ordinary players' moves are answered with p99 under
// a second and the server's memory (its peak RSS) stays under 300 MB (not
// under the race detector, which slows the server tenfold and multiplies
// its memory: that run is there to find races), that the server runs out
// of no descriptor and reports no race, and that after a SIGKILL and a
// restart every move acknowledged to an ordinary player is there (a
// record forged meanwhile is set aside). Bounded: soakDuration, every loop
// until then.
func TestSoak(t *testing.T) {
	dir := t.TempDir()
	p := startProcess(t, dir, nofileEnv+"=1024", faultsEnv+"=40")
	ctx, stop := context.WithTimeout(context.Background(), soakDuration(t))
	defer stop()
	pid := p.cmd.Process.Pid
	var peakRSS atomic.Int64
	var wg sync.WaitGroup
	wg.Go(func() {
		for ctx.Err() == nil {
			peakRSS.Store(max(peakRSS.Load(), rssBytes(pid)))
			sleepCtx(ctx, 200*time.Millisecond)
		}
	})

	var attacks attackCounts
	for _, attack := range map[string]func(context.Context, *testing.T, string, *attackCounts){
		"staller": stallAttack, "previews": previewAttack, "streams": streamAttack, "cycler": cycleAttack,
		"hog": idleAttack, "lax": laxAttack, "creations": creationAttack,
	} {
		wg.Go(func() {
			attack(ctx, t, p.base, &attacks)
		})
	}
	players := make([]*soakPlayer, 6)
	var lat latencies
	for i := range players {
		players[i] = &soakPlayer{t: t, c: newClientFrom(t, p.base, "127.0.20."+itoa(i+1)), lat: &lat,
			rng: rand.New(rand.NewPCG(uint64(i), 21)), friend: i%2 == 1}
		players[i].c.hc.Timeout = 10 * time.Second
		wg.Go(func() { players[i].play(ctx) })
	}
	wg.Wait()

	moves, games, botMoves := 0, 0, 0
	for _, pl := range players {
		for _, g := range pl.games {
			games++
			moves += len(g.acked)
			if !pl.friend {
				botMoves += len(g.acked)
			}
		}
		if pl.failed != "" {
			t.Errorf("player: %s", pl.failed)
		}
	}
	t.Logf("%v: %d ordinary games, %d plies acknowledged (%d in games against the bot), peak RSS %d MB (VmHWM %d MB); attacks: %s; latencies of the ordinary players:%s",
		soakDuration(t), games, moves, botMoves, peakRSS.Load()>>20, hwmBytes(pid)>>20, attacks.String(), lat.report())
	log := p.stderr.String()
	for _, bad := range []string{"DATA RACE", "too many open files", "panic:"} {
		if strings.Contains(log, bad) {
			t.Errorf("the server's log holds %q:\n%.4000s", bad, log)
		}
	}
	if moves < 50 {
		t.Errorf("only %d plies of ordinary play were acknowledged", moves)
	}
	if p99 := lat.quantile("POST moves", 0.99); !raceEnabled && p99 > time.Second {
		t.Errorf("the ordinary players' moves: p99 %v, over a second", p99)
	}
	if rss := max(peakRSS.Load(), hwmBytes(pid)); !raceEnabled && rss > 300<<20 {
		t.Errorf("the server's peak RSS is %d MB, over 300 MB", rss>>20)
	}

	// A crash, a forged record, and a restart: every acknowledged move is
	// there, and the forged record is set aside.
	p.cmd.Process.Kill()
	p.cmd.Wait()
	forged := attacks.forgeOne(t, dir)
	p2 := startProcess(t, dir)
	c2 := newClientFrom(t, p2.base, "127.0.20.99")
	for _, pl := range players {
		for _, g := range pl.games {
			s := c2.state(g.id)
			got := s.moveTexts()
			if s.MovesFrom > 0 || len(got) < len(g.acked) || !slices.Equal(got[:len(g.acked)], g.acked) {
				t.Errorf("game %s after the restart: %v, acknowledged %v", g.id, got, g.acked)
			}
		}
	}
	if forged != "" {
		if code, _, _ := c2.do("GET", "/api/games/"+forged, nil); code != http.StatusNotFound {
			t.Errorf("a forged record is served after the restart: %d", code)
		}
	}
}

// rssBytes returns a process's resident memory now; hwmBytes its peak.
func rssBytes(pid int) int64 { return procStatus(pid, "VmRSS:") }
func hwmBytes(pid int) int64 { return procStatus(pid, "VmHWM:") }

func procStatus(pid int, field string) int64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, field); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func sleepCtx(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// quantile returns the q-quantile of the durations of every kind that
// starts with prefix.
func (l *latencies) quantile(prefix string, q float64) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	var all []time.Duration
	for k, ds := range l.d {
		if strings.HasPrefix(k, prefix) {
			all = append(all, ds...)
		}
	}
	if len(all) == 0 {
		return 0
	}
	slices.Sort(all)
	return all[min(len(all)-1, int(q*float64(len(all))))]
}

// soakPlayer is an ordinary player: a game at a time, against the bot or
// (friend) playing both seats of a game against a friend, with the
// game's event stream open as the page keeps it, until the soak ends.
type soakPlayer struct {
	t      *testing.T
	c      *client
	lat    *latencies
	rng    *rand.Rand
	friend bool
	games  []*soakGame
	failed string
}

type soakGame struct {
	id    string
	acked []string // the longest list of plies the player was shown
}

func (g *soakGame) ack(moves []string) {
	if len(moves) > len(g.acked) {
		g.acked = moves
	}
}

var soakSpecs = []string{"hex(size=7)", "focus(plylimit=60)", "domination", "explocus(rows=6,cols=6,plylimit=60)", "hexplocus(size=4,plylimit=60)"}

func (pl *soakPlayer) play(ctx context.Context) {
	for n := 0; ctx.Err() == nil; n++ {
		opponent := "bot"
		if pl.friend {
			opponent = "human"
		}
		t0 := time.Now()
		code, data, err := pl.c.do("POST", "/api/games", map[string]any{"spec": soakSpecs[n%len(soakSpecs)], "seats": []string{"human", opponent}, "level": "easy"})
		pl.lat.add("POST /api/games", time.Since(t0))
		if ctx.Err() != nil {
			return
		}
		if code == http.StatusTooManyRequests { // quick games: over 30 a minute
			sleepCtx(ctx, 2*time.Second)
			continue
		}
		if err != nil || code != http.StatusCreated {
			pl.failed = fmt.Sprintf("creating a game: %d %.200s %v", code, data, err)
			return
		}
		var g created
		json.Unmarshal(data, &g)
		sg := &soakGame{id: g.ID, acked: g.State.moveTexts()}
		pl.games = append(pl.games, sg)
		keys := map[string]string{}
		for _, st := range g.Seats {
			if st.Key != "" {
				keys[st.Seat] = st.Key
			}
		}
		streamCtx, closeStream := context.WithCancel(ctx)
		go pl.watch(streamCtx, g.ID, keys["A"])
		pl.playGame(ctx, sg, keys, g.State)
		closeStream()
	}
}

// watch keeps the game's event stream open as a page does, reading it.
func (pl *soakPlayer) watch(ctx context.Context, id, key string) {
	code, data, err := pl.c.do("POST", "/api/games/"+id+"/tickets", map[string]any{"key": key})
	if err != nil || code != http.StatusCreated {
		return
	}
	var tk struct{ Ticket string }
	json.Unmarshal(data, &tk)
	req, _ := http.NewRequestWithContext(ctx, "GET", pl.c.base+"/api/games/"+id+"/events?ticket="+tk.Ticket, nil)
	res, err := pl.c.hc.Transport.RoundTrip(req)
	if err != nil {
		return
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
	}
}

// playGame plays a game to its end or the soak's: a random legal move
// whenever a seat of the player is to move, else a look at the state
// after a pause.
func (pl *soakPlayer) playGame(ctx context.Context, g *soakGame, keys map[string]string, s testState) {
	for ctx.Err() == nil && s.Outcome.Result == "*" {
		key, mine := keys[s.ToMove]
		if !mine || s.Node != "decision" {
			sleepCtx(ctx, 30*time.Millisecond)
			t0 := time.Now()
			code, data, err := pl.c.do("GET", "/api/games/"+g.id, nil)
			pl.lat.add("GET /api/games/{id}", time.Since(t0))
			if err == nil && code == http.StatusOK {
				var next testState
				if json.Unmarshal(data, &next) == nil {
					s = next
					g.ack(s.moveTexts())
				}
			}
			continue
		}
		t0 := time.Now()
		code, ok, bad, err := pl.c.move(g.id, key, s.Legal[pl.rng.IntN(len(s.Legal))], s.Ply)
		took := time.Since(t0)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			pl.lat.add("POST moves: failed", took)
			pl.failed = fmt.Sprintf("game %s: a move: %v", g.id, err)
			return
		case code == http.StatusOK:
			pl.lat.add("POST moves: accepted", took)
			g.ack(ok.State.moveTexts())
			s = ok.State
		case code == http.StatusInternalServerError: // the disk refused it: not played, try again
			pl.lat.add("POST moves: not stored", took)
		default:
			pl.failed = fmt.Sprintf("game %s: a move: %d %+v", g.id, code, bad)
			return
		}
	}
}

// attackCounts counts the attackers' requests by what they got.
type attackCounts struct {
	mu     sync.Mutex
	n      map[string]int
	cycled []string // the cycler's games, one of which is forged before the restart
}

func (a *attackCounts) add(what string) {
	a.mu.Lock()
	if a.n == nil {
		a.n = map[string]int{}
	}
	a.n[what]++
	a.mu.Unlock()
}

func (a *attackCounts) String() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	var parts []string
	for k, v := range a.n {
		parts = append(parts, fmt.Sprintf("%s %d", k, v))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}

// forgeOne gives one of the cycler's stored games a [Position] tag, and
// returns its ID ("" if there is none).
func (a *attackCounts) forgeOne(t *testing.T, dir string) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.cycled) == 0 {
		return ""
	}
	id := a.cycled[0]
	path := dir + "/games/" + id + ".txt"
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	forged := bytes.Replace(text, []byte("[Event "), []byte("[Position \"focus(plylimit=2000) 4/6/8/8/8/8/6/4 A 0,0 0,0 0\"]\n[Event "), 1)
	os.WriteFile(path, forged, 0o600)
	return id
}

// stallAttack plays moves on a Hex 26×26 game (a new one when it ends)
// from sockets that never read the reply, and opens its stream from such
// sockets too, holding up to 40 of them.
func stallAttack(ctx context.Context, t *testing.T, base string, a *attackCounts) {
	c := newClientFrom(t, base, "127.0.10.1")
	g, ok := attackerGame(t, c, "hex(size=26,swap=none)")
	if !ok {
		return
	}
	var held []net.Conn
	defer func() {
		for _, conn := range held {
			abort(conn)
		}
	}()
	for ctx.Err() == nil {
		var s testState
		if code, data, err := c.do("GET", "/api/games/"+g.ID, nil); err != nil || code != http.StatusOK || json.Unmarshal(data, &s) != nil {
			sleepCtx(ctx, 100*time.Millisecond)
			continue
		}
		if len(s.Legal) == 0 {
			if g, ok = attackerGame(t, c, "hex(size=26,swap=none)"); !ok {
				return
			}
			continue
		}
		key := g.Seats[0].Key
		if s.ToMove == "B" {
			key = g.Seats[1].Key
		}
		for _, req := range [][3]string{
			{"POST", "/api/games/" + g.ID + "/moves", `{"move":"` + s.Legal[len(s.Legal)/2] + `","key":"` + key + `","ply":` + itoa(s.Ply) + `}`},
			{"GET", "/api/games/" + g.ID + "/events", ""},
		} {
			conn, err := dialSlow(base, "127.0.10.1")
			if err != nil {
				a.add("stall: no connection")
				continue
			}
			held = append(held, conn)
			if writeRequest(conn, req[0], req[1], req[2]) == nil {
				a.add("stall " + req[0])
			}
		}
		for len(held) > 40 {
			abort(held[0])
			held = held[1:]
		}
		sleepCtx(ctx, 300*time.Millisecond)
	}
}

// attackerGame creates a game of two people for an attacker, or says why
// it could not.
func attackerGame(t *testing.T, c *client, spec string) (created, bool) {
	var g created
	code, data, err := c.do("POST", "/api/games", createBody(spec, "easy", "human", "human"))
	if err != nil || code != http.StatusCreated || json.Unmarshal(data, &g) != nil {
		t.Errorf("an attacker's game: %d %.200s %v", code, data, err)
		return g, false
	}
	return g, true
}

// previewAttack asks for previews of ever new specs.
func previewAttack(ctx context.Context, t *testing.T, base string, a *attackCounts) {
	c := newClientFrom(t, base, "127.0.10.2")
	for n := 1; ctx.Err() == nil; n++ {
		code, _, _ := c.do("GET", "/api/preview.svg?spec="+url.QueryEscape("focus(plylimit="+itoa(n)+")"), nil)
		a.add("preview " + strconv.Itoa(code))
		sleepCtx(ctx, time.Millisecond) // a share of the CPU for the tests of other packages that CI runs meanwhile
	}
}

// streamAttack opens never-reading streams on a Hex 26×26 game from ten
// addresses, 36 each, topping them up as the server drops them: over the
// cap of an address (32) and that of a game (64). Its 360 connections a
// round leave room, under the server's 896, for the other attackers'
// (about 200) and the ordinary players': the soak is of a server at its
// caps, not of one a botnet has filled, which no cap could keep open.
func streamAttack(ctx context.Context, t *testing.T, base string, a *attackCounts) {
	c := newClientFrom(t, base, "127.0.10.3")
	g, ok := attackerGame(t, c, "hex(size=26,swap=none)")
	if !ok {
		return
	}
	var held []net.Conn
	defer func() {
		for _, conn := range held {
			abort(conn)
		}
	}()
	for round := 0; ctx.Err() == nil; round++ {
		for _, conn := range held {
			abort(conn)
		}
		held = held[:0]
		for i := range 10 {
			for range 36 {
				conn, err := dialSlow(base, "127.0.11."+itoa(1+i))
				if err != nil {
					a.add("stream: no connection")
					continue
				}
				held = append(held, conn)
				if writeRequest(conn, "GET", "/api/games/"+g.ID+"/events", "") == nil {
					a.add("stream")
				}
			}
		}
		// The game moves on: every stream has a large state to take.
		c.do("POST", "/api/games/"+g.ID+"/moves", map[string]any{"move": "a" + itoa(1+round/2%26), "key": g.Seats[round%2].Key})
		sleepCtx(ctx, 3*time.Second)
	}
}

// cycleAttack cycles moves in Focus games, a new game when one ends.
func cycleAttack(ctx context.Context, t *testing.T, base string, a *attackCounts) {
	c := newClientFrom(t, base, "127.0.10.4")
	cycle := []string{"c7-c8", "c2-c1", "c8-c7", "c1-c2"}
	for ctx.Err() == nil {
		code, data, err := c.do("POST", "/api/games", createBody("focus", "easy", "human", "human"))
		if err != nil || code != http.StatusCreated {
			sleepCtx(ctx, time.Second)
			continue
		}
		var g created
		json.Unmarshal(data, &g)
		a.mu.Lock()
		a.cycled = append(a.cycled, g.ID)
		a.mu.Unlock()
		for ply := 0; ctx.Err() == nil; ply++ {
			code, _, bad, err := c.move(g.ID, g.Seats[ply%2].Key, cycle[ply%4], ply)
			if err != nil || code == http.StatusInternalServerError {
				ply-- // not stored: again
				continue
			}
			if code != http.StatusOK {
				if bad.Kind == "game is over" && ply == 2000 {
					a.add("cycled games ended at 2000 plies")
				} else {
					a.add(fmt.Sprintf("cycle refused at ply %d: %s", ply, bad.Kind))
				}
				break
			}
			a.add("cycled plies")
		}
	}
}

// idleAttack holds up to 1,500 idle connections from one address, dialling
// again every few seconds those the server closed.
func idleAttack(ctx context.Context, t *testing.T, base string, a *attackCounts) {
	u, _ := url.Parse(base)
	d := dialerFrom("127.0.10.5")
	d.Timeout = time.Second
	var held []net.Conn
	defer func() {
		for _, conn := range held {
			abort(conn)
		}
	}()
	for ctx.Err() == nil {
		for _, conn := range held {
			abort(conn)
		}
		held = held[:0]
		for range 1500 {
			if conn, err := d.Dial("tcp", u.Host); err == nil {
				held = append(held, conn)
				a.add("idle connection")
			}
		}
		sleepCtx(ctx, 4*time.Second)
	}
}

// laxAttack sends what the server must refuse: bodies that are no JSON,
// JSON with a field twice or in another case, cross-site requests, keys
// in URLs and forged tickets; each must get its refusal.
func laxAttack(ctx context.Context, t *testing.T, base string, a *attackCounts) {
	c := newClientFrom(t, base, "127.0.10.6")
	g, ok := attackerGame(t, c, "hex(size=5,swap=none)")
	if !ok {
		return
	}
	key := g.Seats[0].Key
	moves := "/api/games/" + g.ID + "/moves"
	for ctx.Err() == nil {
		for _, r := range []struct {
			method, path string
			body         any
			header       http.Header
			want         int
		}{
			{"POST", "/api/games", `{"spec":"hex","seats":["human","bot"]}`, http.Header{"Content-Type": {"text/plain"}}, http.StatusUnsupportedMediaType},
			{"POST", "/api/games", "spec=hex", http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, http.StatusUnsupportedMediaType},
			{"POST", "/api/games", `{"spec":"hex","seats":["human","bot"]}`, http.Header{"Content-Type": {"application/json"}, "Origin": {"https://evil.example"}}, http.StatusForbidden},
			{"POST", moves, `{"move":"a1","move":"b2","key":"` + key + `"}`, http.Header{"Content-Type": {"application/json"}}, http.StatusBadRequest},
			{"POST", moves, `{"Move":"a1","key":"` + key + `"}`, http.Header{"Content-Type": {"application/json"}}, http.StatusBadRequest},
			{"GET", "/api/games/" + g.ID + "/events?key=" + key, nil, nil, http.StatusBadRequest},
			{"GET", "/api/games/" + g.ID + "/events?ticket=forged", nil, nil, http.StatusForbidden},
			{"POST", "/api/games/" + g.ID + "/tickets", `{"key":"forged"}`, http.Header{"Content-Type": {"application/json"}}, http.StatusForbidden},
		} {
			code, data, err := c.doHeader(r.method, r.path, r.body, r.header)
			if ctx.Err() != nil {
				return
			}
			if err != nil || code != r.want {
				t.Errorf("attack %s %s: %d %.200s %v, want %d", r.method, r.path, code, data, err, r.want)
			}
			a.add("refused " + strconv.Itoa(code))
		}
		sleepCtx(ctx, 20*time.Millisecond)
	}
}

// creationAttack creates games as fast as the server answers.
func creationAttack(ctx context.Context, t *testing.T, base string, a *attackCounts) {
	c := newClientFrom(t, base, "127.0.10.7")
	for ctx.Err() == nil {
		code, _, _ := c.do("POST", "/api/games", createBody("hex(size=19)", "hard", "bot", "human"))
		a.add("create " + strconv.Itoa(code))
		if code == http.StatusTooManyRequests {
			sleepCtx(ctx, 10*time.Millisecond)
		}
	}
}
