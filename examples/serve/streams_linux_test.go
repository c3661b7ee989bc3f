package main

import (
	"net/http"
	"testing"
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
