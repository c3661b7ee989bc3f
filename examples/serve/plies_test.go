package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestAGameOfCyclingMovesEndsWithin2000Plies reproduces the endless game
// of issue #21 (item 4): two keys cycling c7-c8 c2-c1 c8-c7 c1-c2 in a
// game of plain "focus" (no ply limit in the rules) made the game, and its
// state, grow forever. The game ends by ply 2000, and the state reply
// holds the recent moves and a count, not every ply.
func TestAGameOfCyclingMovesEndsWithin2000Plies(t *testing.T) {
	_, c := startServer(t, "")
	g := c.create("focus", "human", "human")
	cycle := []string{"c7-c8", "c2-c1", "c8-c7", "c1-c2"}
	var last moved
	ply := 0
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
}
