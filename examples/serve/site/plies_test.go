package site

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestAGameOfCyclingMovesEndsWithin2000Plies reproduces the endless game
// of issue #21 (item 4): two keys cycling c7-c8 c2-c1 c8-c7 c1-c2 in a
// game of plain "focus" (no ply limit in the rules) made the game, and its
// state, grow forever. The game ends by ply 2000, the state reply holds
// the recent moves and a count, not every ply, and the game's history
// keeps no position before the current one.
func TestAGameOfCyclingMovesEndsWithin2000Plies(t *testing.T) {
	// In memory: 2,000 synced appends to a disk take seconds.
	srv, c := startServerConfig(t, config{Dir: "/data", Storage: newMemStorage()})
	g := c.create("focus", "human", "human")
	if g.Spec != "focus(plylimit=2000)" {
		t.Errorf("plain focus is created as %s", g.Spec)
	}
	cycle := []string{"c7-c8", "c2-c1", "c8-c7", "c1-c2"}
	// The first 1,980 plies as the server plays a move, but without the
	// state each reply builds (which makes the race detector's run
	// slow); the last ones through the API.
	ply := 0
	game := srv.game(g.ID)
	for ; ply < 1980; ply++ {
		game.mu.Lock()
		next, err := game.pos().Play(cycle[ply%4])
		if err == nil {
			err = game.play(srv.store, cycle[ply%4], next)
		}
		game.mu.Unlock()
		if err != nil {
			t.Fatalf("ply %d: %s: %v", ply, cycle[ply%4], err)
		}
	}
	var last moved
	for ; ply < 2100; ply++ {
		code, ok, bad, err := c.move(g.ID, g.Seats[ply%2].Key, cycle[ply%4], ply)
		if err != nil {
			t.Fatal(err)
		}
		if code != http.StatusOK {
			if bad.Kind != "game is over" {
				t.Fatalf("ply %d: %s: %d %+v", ply, cycle[ply%4], code, bad)
			}
			break
		}
		last = ok
	}
	if ply > 2000 {
		t.Fatalf("the game is still going at ply %d", ply)
	}
	state := c.must(http.StatusOK, "GET", "/api/games/"+g.ID, nil, nil)
	s := c.state(g.ID)
	t.Logf("ended at ply %d: %s (%s); a state of %d bytes with %d moves", ply, s.Status, s.Outcome.Result, len(state), len(s.Moves))
	if s.Outcome.Result != "1/2-1/2" || !strings.Contains(s.Status, "Draw") {
		t.Errorf("the game ended %s: %s", s.Outcome.Result, s.Status)
	}
	if len(s.Moves) > recentMoves || len(last.State.Moves) > recentMoves {
		t.Errorf("the state holds %d moves (the reply to the last move %d); at most the last %d", len(s.Moves), len(last.State.Moves), recentMoves)
	}
	if _, r := c.record(g.ID); len(r.Moves) != ply {
		t.Errorf("the record holds %d moves, the game %d", len(r.Moves), ply)
	}
	// The game holds its position and its moves, no position before.
	game.mu.Lock()
	if game.history.At(1) != nil || game.history.At(game.plies()-1) != nil {
		t.Errorf("the game keeps positions before the current one")
	}
	game.mu.Unlock()
}

// TestAGameWithNoPlyLimitOptionIsStoppedAtMaxPlies: a game whose variant
// takes no plylimit (here Hex, with the cap lowered to 6 plies so that it
// is reached) is stopped unfinished at the cap: no more moves, no bot
// move, a state that says so and a record with Result "*" and a
// Termination tag, which replays.
func TestAGameWithNoPlyLimitOptionIsStoppedAtMaxPlies(t *testing.T) {
	srv, c := startServerConfig(t, config{MaxPlies: 6, Storage: newMemStorage(), Dir: "/data"})
	g := c.create("hex(size=5,swap=none)", "human", "human")
	if g.Spec != "hex(size=5,swap=none)" {
		t.Errorf("created as %s", g.Spec)
	}
	s := playSome(t, c, g, 6)
	code, _, bad, _ := c.move(g.ID, g.Seats[0].Key, "e5", s.Ply)
	if code != http.StatusUnprocessableEntity || bad.Kind != "game is over" {
		t.Errorf("a move after the cap: %d %+v", code, bad)
	}
	var st struct {
		Stopped bool     `json:"stopped"`
		Legal   []string `json:"legal"`
		Status  string   `json:"status"`
	}
	c.must(http.StatusOK, "GET", "/api/games/"+g.ID, nil, &st)
	if !st.Stopped || len(st.Legal) != 0 || !strings.Contains(st.Status, "Stopped after 6 plies") {
		t.Errorf("the state of a stopped game: %+v", st)
	}
	rec, r := c.record(g.ID)
	term, _ := rec.Tag("Termination")
	if res, _ := rec.Tag("Result"); res != "*" || !strings.Contains(term, "6 plies") || len(r.Moves) != 6 {
		t.Errorf("the record of a stopped game: %v", rec.Tags)
	}
	// A bot to move in a stopped game does not search.
	srv2, c2 := startServerConfig(t, config{MaxPlies: 1, Storage: newMemStorage(), Dir: "/data"})
	b := c2.create("hex(size=5,swap=none)", "human", "bot")
	if code, _, bad, _ := c2.move(b.ID, b.Seats[0].Key, "c3", 0); code != http.StatusOK {
		t.Fatalf("%d %+v", code, bad)
	}
	time.Sleep(200 * time.Millisecond)
	if s := c2.state(b.ID); s.Ply != 1 || srv2.searchPeak.Load() != 0 {
		t.Errorf("the bot of a stopped game searched (%d) or moved: ply %d", srv2.searchPeak.Load(), s.Ply)
	}
	srv.close()
}
