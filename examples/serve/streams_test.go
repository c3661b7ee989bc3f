package main

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// openStream opens an event stream on a game with c's transport and
// returns its status; the stream stays open until ctx is done.
func openStream(ctx context.Context, c *client, id string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+"/api/games/"+id+"/events", nil)
	if err != nil {
		return 0, err
	}
	res, err := c.hc.Transport.RoundTrip(req)
	if err != nil {
		return 0, err
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
	} else {
		context.AfterFunc(ctx, func() { res.Body.Close() })
	}
	return res.StatusCode, nil
}

// TestEveryStreamCountsAgainstTheGamesCap reproduces the streams of issue
// #21 (item 3): streams opened without a key count against the cap of
// streams per game like the others.
func TestEveryStreamCountsAgainstTheGamesCap(t *testing.T) {
	_, c := startServer(t, "")
	g := c.create("hex(size=5)", "human", "human")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// From many addresses, so that only the game's cap applies.
	opened := 0
	for i := range defaultStreamsPerGame + 1 {
		from := newClientFrom(t, c.base, "127.0.1."+itoa(1+i%250))
		code, err := openStream(ctx, from, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if code == http.StatusOK {
			opened++
		} else if code != http.StatusServiceUnavailable {
			t.Fatalf("stream %d: status %d", i+1, code)
		}
	}
	if opened != defaultStreamsPerGame {
		t.Errorf("%d streams without a key opened on one game; the cap is %d", opened, defaultStreamsPerGame)
	}
	// Closed streams give their place back.
	cancel()
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	deadline := time.Now().Add(5 * time.Second)
	for {
		code, err := openStream(ctx2, c, g.ID)
		if err == nil && code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no stream opens after the others closed: %d %v", code, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
