package site

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tabletop-go/rules/notation"
)

// TestMain runs the command itself when SERVE_TEST_ARGS is set: the crash
// test starts this test binary as the server and kills it.
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("SERVE_TEST_ARGS"); ok {
		if childSetUp != nil {
			childSetUp()
		}
		var base config
		if n, err := strconv.Atoi(os.Getenv(faultsEnv)); err == nil && n > 0 {
			base.Storage = &faultyStorage{storage: osStorage{}, every: int64(n)}
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err := runConfig(ctx, strings.Fields(args), os.Stdout, os.Stderr, base)
		stop()
		if err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// faultsEnv, set to N in the environment of the server run as a child
// process, makes every Nth append to a record fail.
const faultsEnv = "SERVE_TEST_FAULTS"

// faultyStorage fails every Nth append, as a full disk or a lack of
// descriptors would.
type faultyStorage struct {
	storage
	every int64
	n     atomic.Int64
}

func (f *faultyStorage) Append(name string) (storedFile, error) {
	if f.n.Add(1)%f.every == 0 {
		return nil, errors.New("a fault injected by the test")
	}
	return f.storage.Append(name)
}

// childSetUp, if set, prepares the process before it runs as the server
// (SERVE_TEST_ARGS): a limit on its descriptors, say.
var childSetUp func()

// startServer runs a server on a fresh data directory (or dir) on
// 127.0.0.1 and returns it with a client.
func startServer(t testing.TB, dir string) (*server, *client) {
	t.Helper()
	return startServerLogf(t, dir, t.Logf)
}

func startServerLogf(t testing.TB, dir string, logf func(string, ...any)) (*server, *client) {
	t.Helper()
	return startServerConfig(t, config{Dir: dir, Logf: logf})
}

// startServerConfig runs a server with cfg (on a fresh directory unless
// cfg.Dir is set) and returns it with a client. It serves as the command
// does: on 127.0.0.1, through the connection limiter, with the command's
// timeouts.
func startServerConfig(t testing.TB, cfg config) (*server, *client) {
	t.Helper()
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	srv, err := newServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	base := serveOnLoopback(t, srv, nil)
	t.Cleanup(srv.close) // ends the event streams first
	return srv, newClient(t, base)
}

// serveOnLoopback serves srv on 127.0.0.1 as the command does (through
// the connection limiter, with the command's timeouts, changed by adjust
// if it is not nil) until the test ends, and returns the base URL.
func serveOnLoopback(t testing.TB, srv *server, adjust func(*http.Server)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	conns, err := maxConnections(descriptorLimit(), 0)
	if err != nil {
		t.Fatal(err)
	}
	hosts, err := newHostPolicy(ln.Addr(), nil)
	if err != nil {
		t.Fatal(err)
	}
	hs := httpServer(srv, hosts, nil)
	if adjust != nil {
		adjust(hs)
	}
	go hs.Serve(newConnLimiter(ln, conns, defaultConnsPerClient))
	t.Cleanup(func() { hs.Close() })
	return "http://" + ln.Addr().String()
}

type client struct {
	t    testing.TB
	base string
	hc   *http.Client
}

func newClient(t testing.TB, base string) *client {
	return newClientFrom(t, base, "")
}

// newClientFrom returns a client whose connections come from the local
// address ip ("" for any): 127.0.0.2, 127.0.0.3, ... are other client
// addresses on the loopback interface, which the server's per-address
// limits tell apart.
func newClientFrom(t testing.TB, base, ip string) *client {
	// The client drops idle connections well before the server does (30
	// s): a POST sent on a connection the server is closing at that very
	// moment would fail, and is not retried.
	tr := &http.Transport{MaxIdleConns: 1000, MaxIdleConnsPerHost: 1000, IdleConnTimeout: 10 * time.Second,
		DialContext: dialerFrom(ip).DialContext}
	t.Cleanup(tr.CloseIdleConnections)
	return &client{t: t, base: base, hc: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}

// dialerFrom returns a dialer whose connections come from the local
// address ip ("" for any).
func dialerFrom(ip string) *net.Dialer {
	d := &net.Dialer{Timeout: 5 * time.Second}
	if ip != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(ip)}
	}
	return d
}

// do sends a request with a JSON body (unless body is nil or a string,
// sent as is, but with the JSON content type) and returns the status and
// the body.
func (c *client) do(method, path string, body any) (int, []byte, error) {
	var header http.Header
	if body != nil {
		header = http.Header{"Content-Type": {"application/json"}}
	}
	return c.doHeader(method, path, body, header)
}

// doHeader is do with the request's headers given.
func (c *client) doHeader(method, path string, body any, header http.Header) (int, []byte, error) {
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			return 0, nil, err
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, c.base+path, r)
	if err != nil {
		return 0, nil, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	if h := header.Get("Host"); h != "" { // net/http sends req.Host, not the header
		req.Host = h
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}

// must is do that fails the test on a transport error or another status.
func (c *client) must(want int, method, path string, body any, out any) []byte {
	c.t.Helper()
	code, data, err := c.do(method, path, body)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	if code != want {
		c.t.Fatalf("%s %s: status %d, want %d: %s", method, path, code, want, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			c.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	return data
}

// testState is the part of the state the tests read.
type testState struct {
	ID      string `json:"id"`
	Spec    string `json:"spec"`
	Ply     int    `json:"ply"`
	Node    string `json:"node"`
	ToMove  string `json:"toMove"`
	Status  string `json:"status"`
	Outcome struct {
		Result string `json:"result"`
		Reason string `json:"reason"`
	} `json:"outcome"`
	Seats []struct {
		Seat   string `json:"seat"`
		Name   string `json:"name"`
		Player string `json:"player"`
		Online bool   `json:"online"`
		Info   string `json:"info"`
	} `json:"seats"`
	Moves []struct {
		Move   string `json:"move"`
		Seat   string `json:"seat"`
		Chance bool   `json:"chance"`
	} `json:"moves"`
	MovesFrom int      `json:"movesFrom"`
	From      string   `json:"from"`
	LastMove  string   `json:"lastMove"`
	Legal     []string `json:"legal"`
	Position  string   `json:"position"`
	SVG       string   `json:"svg"`
}

func (s testState) moveTexts() []string {
	out := make([]string, len(s.Moves))
	for i, m := range s.Moves {
		out[i] = m.Move
	}
	return out
}

type created struct {
	ID    string `json:"id"`
	Spec  string `json:"spec"`
	Seats []struct {
		Seat   string `json:"seat"`
		Player string `json:"player"`
		Key    string `json:"key"`
		Link   string `json:"link"`
	} `json:"seats"`
	State testState `json:"state"`
}

func (c *client) create(spec string, seats ...string) created {
	c.t.Helper()
	var g created
	c.must(http.StatusCreated, "POST", "/api/games", map[string]any{"spec": spec, "seats": seats, "level": "easy"}, &g)
	return g
}

func (c *client) state(id string) testState {
	c.t.Helper()
	var s testState
	c.must(http.StatusOK, "GET", "/api/games/"+id, nil, &s)
	return s
}

type moved struct {
	Move  string    `json:"move"`
	Ply   int       `json:"ply"`
	State testState `json:"state"`
}

type errorReply struct {
	Error  string `json:"error"`
	Reason string `json:"reason"`
	Kind   string `json:"kind"`
	Ply    *int   `json:"ply"`
}

// move posts a move; ply < 0 sends none.
func (c *client) move(id, key, move string, ply int) (int, moved, errorReply, error) {
	body := map[string]any{"move": move, "key": key}
	if ply >= 0 {
		body["ply"] = ply
	}
	code, data, err := c.do("POST", "/api/games/"+id+"/moves", body)
	var ok moved
	var bad errorReply
	if err == nil {
		if code == http.StatusOK {
			err = json.Unmarshal(data, &ok)
		} else {
			err = json.Unmarshal(data, &bad)
		}
	}
	return code, ok, bad, err
}

// record fetches a game's record and replays it through the library.
func (c *client) record(id string) (notation.Record, notation.Replay) {
	c.t.Helper()
	text := c.must(http.StatusOK, "GET", "/api/games/"+id+"/record", nil, nil)
	rec, err := notation.ParseRecord(string(text))
	if err != nil {
		c.t.Fatalf("record of %s: %v\n%s", id, err, text)
	}
	r, err := rec.Replay()
	if err != nil {
		c.t.Fatalf("record of %s does not replay: %v\n%s", id, err, text)
	}
	return rec, r
}

// ticket trades a seat's key for a stream ticket.
func (c *client) ticket(id, key string) string {
	c.t.Helper()
	var t struct {
		Ticket string `json:"ticket"`
	}
	c.must(http.StatusCreated, "POST", "/api/games/"+id+"/tickets", map[string]any{"key": key}, &t)
	return t.Ticket
}

// events opens a game's event stream (as the seat key plays, if key is
// not "") and returns a channel of its states.
func (c *client) events(ctx context.Context, id, key string) (<-chan testState, <-chan string) {
	c.t.Helper()
	url := c.base + "/api/games/" + id + "/events"
	if key != "" {
		url += "?ticket=" + c.ticket(id, key)
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		c.t.Fatalf("events: status %d", res.StatusCode)
	}
	states := make(chan testState, 64)
	seats := make(chan string, 1)
	go func() {
		defer res.Body.Close()
		defer close(states)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				data := []byte(line[len("data: "):])
				switch event {
				case "state":
					var s testState
					if json.Unmarshal(data, &s) == nil {
						select {
						case states <- s:
						case <-ctx.Done():
							return
						}
					}
				case "seat":
					var v struct{ Seat string }
					json.Unmarshal(data, &v)
					seats <- v.Seat
				}
			}
		}
	}()
	return states, seats
}

// waitFor reads states until one satisfies ok, or fails after d.
func waitFor(t testing.TB, states <-chan testState, d time.Duration, ok func(testState) bool) testState {
	t.Helper()
	timeout := time.After(d)
	for {
		select {
		case s, open := <-states:
			if !open {
				t.Fatal("the event stream ended")
			}
			if ok(s) {
				return s
			}
		case <-timeout:
			t.Fatalf("no such state within %v", d)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
