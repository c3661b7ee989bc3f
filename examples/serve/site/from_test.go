package site

import (
	"net/http"
	"testing"

	"github.com/tabletop-go/rules"
)

// TestALongGamesStateHoldsWhereItsRecentMovesStart: past recentMoves
// plies a state holds only the last ones; its from is the position they
// start at, so that a page can replay them to the position and step
// through them. Before that, from is empty (the start is the spec's).
func TestALongGamesStateHoldsWhereItsRecentMovesStart(t *testing.T) {
	_, c := startServer(t, "")
	g := c.create("focus(plylimit=400)", "human", "human")
	keys := map[string]string{"A": g.Seats[0].Key, "B": g.Seats[1].Key}
	s := g.State
	for s.Ply < recentMoves+15 {
		if s.MovesFrom == 0 && s.From != "" {
			t.Fatalf("ply %d: from %q before the state drops a move", s.Ply, s.From)
		}
		code, m, bad, err := c.move(g.ID, keys[s.ToMove], s.Legal[s.Ply%len(s.Legal)], s.Ply)
		if err != nil || code != http.StatusOK {
			t.Fatalf("ply %d: %d %v %+v", s.Ply, code, err, bad)
		}
		s = m.State
	}
	s = c.state(g.ID)
	if s.MovesFrom != s.Ply-recentMoves || s.From == "" || len(s.Moves) != recentMoves {
		t.Fatalf("at ply %d: movesFrom %d, from %q, %d moves", s.Ply, s.MovesFrom, s.From, len(s.Moves))
	}
	d, err := rules.OpenPosition(s.Spec, s.From)
	if err != nil {
		t.Fatal(err)
	}
	if d.Ply() != s.MovesFrom {
		t.Errorf("from is at ply %d, movesFrom %d", d.Ply(), s.MovesFrom)
	}
	for _, m := range s.moveTexts() {
		if d, err = d.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if d.String() != s.Position {
		t.Errorf("from and the moves replay to %s, not the position %s", d, s.Position)
	}
}
