package site

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// latencies collects request durations by kind.
type latencies struct {
	mu sync.Mutex
	d  map[string][]time.Duration
}

func (l *latencies) add(kind string, d time.Duration) {
	l.mu.Lock()
	if l.d == nil {
		l.d = map[string][]time.Duration{}
	}
	l.d[kind] = append(l.d[kind], d)
	l.mu.Unlock()
}

func (l *latencies) report() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var kinds []string
	for k := range l.d {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	for _, k := range kinds {
		ds := slices.Clone(l.d[k])
		slices.Sort(ds)
		q := func(p float64) time.Duration { return ds[min(len(ds)-1, int(p*float64(len(ds))))] }
		fmt.Fprintf(&b, "\n  %-28s n=%-6d p50=%-9v p90=%-9v p99=%-9v max=%v", k, len(ds),
			q(.50).Round(10*time.Microsecond), q(.90).Round(10*time.Microsecond), q(.99).Round(10*time.Microsecond), ds[len(ds)-1].Round(10*time.Microsecond))
	}
	return b.String()
}

// TestLoad plays hundreds of games at once over loopback, every turn
// raced by two clients of the seat to move (each with its own move, both
// for the same ply) while the other seat tries to move out of turn: exactly
// one move per turn is accepted, every acknowledged move is in the record
// once and in order, every record replays, and a server restarted on the
// same directory has every game as it was. It logs the latency
// percentiles. Bounded: 300 games (100 under the race detector), at most
// 200 plies each, 90 seconds.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	games := 300
	if raceEnabled {
		games = 100
	}
	dir := t.TempDir()
	var logged atomic.Int64
	// One client address creates every game: no rate limit.
	srv, err := newServer(config{Dir: dir, CreatePerMinute: -1, Infof: func(string, ...any) {}, Logf: func(f string, a ...any) {
		if logged.Add(1) < 20 {
			t.Logf(f, a...)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	url := serveOnLoopback(t, srv, nil)
	defer srv.close()
	c := newClient(t, url)

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var lat latencies

	// A baseline: one game, one move at a time (each synced to disk).
	base := c.create("focus(plylimit=100)", "human", "human")
	s := base.State
	for s.Outcome.Result == "*" {
		t0 := time.Now()
		code, ok, bad, err := c.move(base.ID, base.Seats[s.Ply%2].Key, s.Legal[len(s.Legal)/2], s.Ply)
		lat.add("POST moves: one at a time", time.Since(t0))
		if err != nil || code != http.StatusOK {
			t.Fatalf("%d %+v %v", code, bad, err)
		}
		s = ok.State
	}

	var accepted, refusedStale, refusedTurn atomic.Int64
	results := make([]loadResult, games)
	specs := []string{"hex(size=5)", "hex(size=5,swap=none)", "hex(size=6)", "focus(plylimit=30)", "domination"}
	start := time.Now()
	var wg sync.WaitGroup
	for i := range games {
		wg.Go(func() {
			r := &results[i]
			// Each game's players from an address of their own, as
			// people are: one address would be over its share of
			// connections.
			from := newClientFrom(t, url, "127.0.3."+itoa(1+i%250))
			r.err = playRaced(ctx, from, &lat, specs[i%len(specs)], uint64(i), r, &accepted, &refusedStale, &refusedTurn)
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("the load did not finish within its bound: %v", ctx.Err())
	}
	plies := 0
	for _, r := range results {
		if r.err != nil {
			t.Fatalf("game %s: %v", r.id, r.err)
		}
		rec, replay := c.record(r.id)
		if !slices.Equal(replay.Moves, r.moves) {
			t.Fatalf("game %s: record %v, acknowledged %v", r.id, replay.Moves, r.moves)
		}
		if res, _ := rec.Tag("Result"); res != r.res || res == "*" {
			t.Errorf("game %s: record result %s, game %s", r.id, res, r.res)
		}
		plies += len(r.moves)
	}
	t.Logf("%d games, %d plies (draws included), %d moves accepted, %d refused as stale, %d out of turn, in %v (%.0f accepted moves/s)%s",
		games, plies, accepted.Load(), refusedStale.Load(), refusedTurn.Load(), elapsed.Round(time.Millisecond),
		float64(accepted.Load())/elapsed.Seconds(), lat.report())

	// A restart restores every game as acknowledged.
	srv.close()
	t0 := time.Now()
	_, c2 := startServerLogf(t, dir, func(string, ...any) {})
	restore := time.Since(t0)
	for _, r := range results {
		if s := c2.state(r.id); !slices.Equal(s.moveTexts(), r.moves) || s.Outcome.Result != r.res {
			t.Fatalf("game %s after the restart: %v %s, want %v %s", r.id, s.moveTexts(), s.Outcome.Result, r.moves, r.res)
		}
	}
	t.Logf("restart: %d games replayed in %v", games, restore.Round(time.Millisecond))
}

// loadResult is a game of the load test.
type loadResult struct {
	id    string
	moves []string // every ply acknowledged, draws included
	res   string
	err   error
}

// playRaced plays one game to its end with racing clients.
func playRaced(ctx context.Context, c *client, lat *latencies, spec string, seed uint64, r *loadResult, accepted, stale, turn *atomic.Int64) error {
	rng := rand.New(rand.NewPCG(seed, 99))
	t0 := time.Now()
	code, data, err := c.do("POST", "/api/games", map[string]any{"spec": spec, "seats": []string{"human", "human"}})
	lat.add("POST /api/games", time.Since(t0))
	if err != nil || code != http.StatusCreated {
		return fmt.Errorf("create: %d %s %v", code, data, err)
	}
	var g created
	if err := json.Unmarshal(data, &g); err != nil {
		return err
	}
	r.id = g.ID
	keys := map[string]string{g.Seats[0].Seat: g.Seats[0].Key, g.Seats[1].Seat: g.Seats[1].Key}
	other := map[string]string{"A": "B", "B": "A"}
	s := g.State
	r.moves = s.moveTexts()
	for ply := 0; s.Outcome.Result == "*"; ply++ {
		if ply > 200 || ctx.Err() != nil {
			return fmt.Errorf("unfinished at ply %d: %v", s.Ply, ctx.Err())
		}
		type reply struct {
			code int
			ok   moved
			bad  errorReply
			err  error
		}
		moves := []string{s.Legal[rng.IntN(len(s.Legal))], s.Legal[rng.IntN(len(s.Legal))]}
		senders := []string{keys[s.ToMove], keys[s.ToMove]}
		if ply%3 == 0 { // the other seat tries too, out of turn
			moves = append(moves, s.Legal[rng.IntN(len(s.Legal))])
			senders = append(senders, keys[other[s.ToMove]])
		}
		replies := make([]reply, len(moves))
		go1 := make(chan struct{})
		var wg sync.WaitGroup
		for i := range moves {
			wg.Go(func() {
				<-go1
				t0 := time.Now()
				rp := &replies[i]
				rp.code, rp.ok, rp.bad, rp.err = c.move(g.ID, senders[i], moves[i], s.Ply)
				kind := "POST moves: accepted"
				if rp.code != http.StatusOK {
					kind = "POST moves: refused"
				}
				lat.add(kind, time.Since(t0))
			})
		}
		close(go1)
		wg.Wait()
		winners := 0
		var win moved
		for i, rp := range replies {
			switch {
			case rp.err != nil:
				return rp.err
			case rp.code == http.StatusOK:
				winners++
				win = rp.ok
				if i == 2 {
					return fmt.Errorf("ply %d: a move out of turn was accepted", s.Ply)
				}
			case rp.code == http.StatusConflict && rp.bad.Kind == "stale":
				stale.Add(1)
			case rp.code == http.StatusConflict && rp.bad.Kind == "not your turn":
				turn.Add(1)
			default:
				return fmt.Errorf("ply %d: %s: %d %+v", s.Ply, moves[i], rp.code, rp.bad)
			}
		}
		if winners != 1 {
			return fmt.Errorf("ply %d: %d moves accepted for one turn", s.Ply, winners)
		}
		accepted.Add(1)
		next := win.State.moveTexts()
		if len(next) <= len(r.moves) || !slices.Equal(next[:len(r.moves)], r.moves) || next[len(r.moves)] != win.Move {
			return fmt.Errorf("ply %d: moves %v after %v and %s", s.Ply, next, r.moves, win.Move)
		}
		r.moves = next
		s = win.State
		if ply%10 == 0 {
			t0 := time.Now()
			code, _, err := c.do("GET", "/api/games/"+g.ID, nil)
			lat.add("GET /api/games/{id}", time.Since(t0))
			if err != nil || code != http.StatusOK {
				return fmt.Errorf("state: %d %v", code, err)
			}
		}
	}
	r.res = s.Outcome.Result
	return nil
}
