package site

import (
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// nofileEnv, in the environment of the server run as a child process,
// sets its limit on open descriptors (as ulimit -n does).
const nofileEnv = "SERVE_TEST_NOFILE"

func init() {
	childSetUp = func() {
		if n, err := strconv.ParseUint(os.Getenv(nofileEnv), 10, 64); err == nil {
			if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
				panic(err)
			}
		}
	}
}

// TestIdleConnectionsFromOneClientLeaveRoomForOthers reproduces the
// descriptor exhaustion of issue #21 (item 5): the server runs with a
// limit of 1024 open descriptors, and one client address holds 1,500
// idle connections. New players from another address still create games
// and play, each request answered within two seconds, and no move fails
// to be stored.
func TestIdleConnectionsFromOneClientLeaveRoomForOthers(t *testing.T) {
	p := startProcess(t, t.TempDir(), nofileEnv+"=1024")
	u, _ := url.Parse(p.base)
	hog := dialerFrom("127.0.0.2")
	hog.Timeout = time.Second
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for range 1500 {
		conn, err := hog.Dial("tcp", u.Host)
		if err != nil {
			continue // refused: fine
		}
		held = append(held, conn)
	}
	t.Logf("the hog dialled %d connections", len(held))

	player := newClientFrom(t, p.base, "127.0.0.3")
	// Refused or served is what counts here, not how fast: a disk
	// stalling the server's fsyncs must not fail the test.
	player.hc.Timeout = 10 * time.Second
	var slowest time.Duration
	timed := func(what string, want int, method, path string, body any) []byte {
		t.Helper()
		t0 := time.Now()
		code, data, err := player.do(method, path, body)
		slowest = max(slowest, time.Since(t0))
		if err != nil || code != want {
			t.Fatalf("%s: %d %.200s %v after %v, want %d", what, code, data, err, time.Since(t0).Round(time.Millisecond), want)
		}
		return data
	}
	for i := range 3 {
		var g created
		data := timed("a new game", http.StatusCreated, "POST", "/api/games", createBody("hex(size=5,swap=none)", "easy", "human", "human"))
		if err := json.Unmarshal(data, &g); err != nil {
			t.Fatal(err)
		}
		for ply, move := range []string{"a1", "b1", "c1", "d1"} {
			timed("move "+move+" of game "+strconv.Itoa(i+1), http.StatusOK, "POST", "/api/games/"+g.ID+"/moves",
				map[string]any{"move": move, "key": g.Seats[ply%2].Key, "ply": ply})
		}
		timed("the state", http.StatusOK, "GET", "/api/games/"+g.ID, nil)
	}
	t.Logf("the new player's slowest request: %v", slowest.Round(time.Millisecond))
	if log := p.stderr.String(); strings.Contains(log, "too many open files") {
		t.Errorf("the server ran out of descriptors:\n%s", log)
	}
}
