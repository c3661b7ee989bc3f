package site

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// TestStreamsThatNeverReadShareOneState reproduces the memory of
// never-reading streams of issue #21 (item 3): as many streams as a game
// may have, on a Hex 26×26 game (a state of some 150 KB with its
// picture), from clients that never read, while the game goes on. The
// server holds the state once for them all, not a copy per stream and
// event.
func TestStreamsThatNeverReadShareOneState(t *testing.T) {
	_, c := startServer(t, "")
	g := c.create("hex(size=26,swap=none)", "human", "human")
	state := c.must(http.StatusOK, "GET", "/api/games/"+g.ID, nil, nil)
	before := heapInUse()
	n := defaultStreamsPerGame
	for i := range n {
		conn := dialSlowReader(t, c.base, "127.0.2."+itoa(1+i%250))
		sendRequest(t, conn, "GET", "/api/games/"+g.ID+"/events", "")
	}
	for i, move := range []string{"a1", "b1", "c1", "d1", "e1", "f1"} {
		if code, _, bad, err := c.move(g.ID, g.Seats[i%2].Key, move, i); code != http.StatusOK {
			t.Fatalf("%s: %d %+v %v", move, code, bad, err)
		}
	}
	after := heapInUse()
	grown := int64(after) - int64(before)
	t.Logf("%d streams that never read, states of %d bytes: heap %d KiB → %d KiB", n, len(state), before>>10, after>>10)
	if grown > int64(n*len(state)/4) {
		t.Errorf("the heap grew by %d KiB for %d streams that never read: about %d KiB a stream, with states of %d KiB",
			grown>>10, n, grown/int64(n)>>10, len(state)>>10)
	}
}

// TestAStreamWhoseClientDoesNotReadIsDropped: a stream whose client takes
// no event within StreamWriteTimeout is closed by the server (and its
// place given back), while a client that reads keeps its stream.
func TestAStreamWhoseClientDoesNotReadIsDropped(t *testing.T) {
	// 1 s: short enough to see the slow streams dropped, long enough
	// that the reading client, which decodes 150 KB states under the race
	// detector in the server's process, is not dropped too.
	srv, c := startServerConfig(t, config{StreamWriteTimeout: time.Second})
	g := c.create("hex(size=26,swap=none)", "human", "human")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	states, _ := c.events(ctx, g.ID, "")
	for i := range 5 {
		conn := dialSlowReader(t, c.base, "127.0.5."+itoa(1+i))
		sendRequest(t, conn, "GET", "/api/games/"+g.ID+"/events", "")
	}
	waitFor(t, states, 5*time.Second, func(s testState) bool { return true })
	deadline := time.Now().Add(10 * time.Second)
	for ply, move := range []string{"a1", "b1", "c1", "d1"} {
		if code, _, bad, err := c.move(g.ID, g.Seats[ply%2].Key, move, ply); code != http.StatusOK {
			t.Fatalf("%s: %d %+v %v", move, code, bad, err)
		}
	}
	for srv.streams.open() > 1 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := srv.streams.open(); n != 1 {
		t.Errorf("%d streams open, want the reading one alone", n)
	}
	waitFor(t, states, 5*time.Second, func(s testState) bool { return s.Ply == 4 })
}
