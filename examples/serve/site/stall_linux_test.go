package site

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// TestAClientThatNeverReadsStallsNothingElse reproduces the stall of
// issue #21 (item 1): a player sends a move on a Hex 26×26 game (whose
// reply, with its picture, is far more than the client takes) from a
// socket with a 1 KiB receive buffer and never reads the reply; then
// someone opens the game's event stream. A client creates such a game
// and does not read the reply either. Every other request, on other
// games and on the server as a whole, and even a move on that game,
// must still be answered at once (within 5 s, where waiting behind a
// slow client would take its 10 s write timeout): nothing writes to the
// network under a lock, and no game's lock is taken under the server's.
func TestAClientThatNeverReadsStallsNothingElse(t *testing.T) {
	_, c := startServer(t, "")
	big := c.create("hex(size=26,swap=none)", "human", "human")
	other := c.create("hex(size=5,swap=none)", "human", "human")

	// A game created by a client that never reads the reply (its state
	// and picture); the list, which names it, must not wait for it.
	creator := dialSlowReader(t, c.base, "127.0.0.2")
	sendRequest(t, creator, "POST", "/api/games", `{"spec":"hex(size=26)","seats":["human","human"]}`)
	for i, move := range []string{"a1", "b1", "c1"} {
		slow := dialSlowReader(t, c.base, "127.0.0.2")
		seat := big.Seats[i%2].Key
		sendRequest(t, slow, "POST", "/api/games/"+big.ID+"/moves", `{"move":"`+move+`","key":"`+seat+`","ply":`+strconv.Itoa(i)+`}`)
		// A spectator opens the game's stream from a slow socket too.
		spectator := dialSlowReader(t, c.base, "127.0.0.2")
		sendRequest(t, spectator, "GET", "/api/games/"+big.ID+"/events", "")
		// Each move is played before the next is sent, so that they
		// land in order however slow the machine.
		deadline := time.Now().Add(10 * time.Second)
		for c.state(big.ID).Ply != i+1 {
			if time.Now().After(deadline) {
				t.Fatalf("move %s of a client that never reads is not played", move)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	// A stream opened by a client that reads: it must start at once.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	streamed := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "GET", c.base+"/api/games/"+big.ID+"/events", nil)
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			res.Body.Close()
		}
		streamed <- err
	}()

	// A request stuck behind the slow clients would wait out their write
	// timeout (10 s); one served alongside them takes milliseconds. The
	// bound of 5 s between the two leaves room for a loaded machine and
	// the race detector.
	const within = 5 * time.Second
	fast := newClientFrom(t, c.base, "127.0.0.3")
	fast.hc.Timeout = 2 * within
	check := func(what, method, path string, body any, want int) {
		t.Helper()
		t0 := time.Now()
		code, data, err := fast.do(method, path, body)
		took := time.Since(t0)
		t.Logf("%s: %v", what, took.Round(time.Microsecond))
		if err != nil || code != want || took > within {
			t.Errorf("%s: %d %.100s %v after %v; want %d within %v", what, code, data, err, took.Round(time.Millisecond), want, within)
		}
	}
	check("the state of another game", "GET", "/api/games/"+other.ID, nil, http.StatusOK)
	check("the list of games", "GET", "/api/games", nil, http.StatusOK)
	check("a new game", "POST", "/api/games", createBody("hex(size=5)", "easy", "human", "human"), http.StatusCreated)
	check("a move in another game", "POST", "/api/games/"+other.ID+"/moves", map[string]any{"move": "c3", "key": other.Seats[0].Key}, http.StatusOK)
	check("the state of the game itself", "GET", "/api/games/"+big.ID, nil, http.StatusOK)
	check("a move in the game itself", "POST", "/api/games/"+big.ID+"/moves", map[string]any{"move": "z26", "key": big.Seats[1].Key}, http.StatusOK)
	select {
	case err := <-streamed:
		if err != nil {
			t.Errorf("the event stream: %v", err)
		}
	case <-time.After(within):
		t.Errorf("the event stream did not start within %v", within)
	}
}
