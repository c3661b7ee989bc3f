package site

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/internal/testgame" // the one line that brings a new game to the site
)

// TestLobbyOffersARegisteredGame: a game the server has no code for (the
// test-only game, registered by its import alone) is in the lobby with
// the title, line, variants and seats of its registration, after the
// games the lobby orders; a game of it is created (uncapped: it has no
// plylimit option), drawn, described, played to the end against a bot
// and by two people, and its record downloads and replays.
func TestLobbyOffersARegisteredGame(t *testing.T) {
	_, c := startServer(t, "")
	var cat struct {
		Games []gameInfo `json:"games"`
	}
	c.must(http.StatusOK, "GET", "/api/catalog", nil, &cat)
	i := slices.IndexFunc(cat.Games, func(g gameInfo) bool { return g.Name == "tictactoe" })
	if i < 0 {
		t.Fatalf("the lobby does not offer tictactoe: %+v", cat.Games)
	}
	if i != len(lobbyOrder) {
		t.Errorf("tictactoe is game %d of the lobby, want %d: after the games it orders", i, len(lobbyOrder))
	}
	g := cat.Games[i]
	if g.Title != "Tic-tac-toe" || !strings.Contains(g.Blurb, "a row") || len(g.Variants) != 2 ||
		g.Variants[0].Spec != "tictactoe(size=3)" || g.Variants[0].Label != "3×3 · classic" || !slices.Equal(g.Variants[0].Seats, []string{"X", "O"}) {
		t.Errorf("the lobby's tictactoe: %+v", g)
	}

	game := c.create("tictactoe", "human", "human")
	s := game.State
	if game.Spec != "tictactoe(size=3)" || len(s.Legal) != 9 || !strings.Contains(s.SVG, `class="square" data-square="c3"`) {
		t.Fatalf("created %s with %d legal moves and the picture\n%s", game.Spec, len(s.Legal), s.SVG)
	}
	var full struct {
		Title string `json:"title"`
		Notes string `json:"notes"`
		Seats []struct {
			Name, Color, Info string
		} `json:"seats"`
	}
	c.must(http.StatusOK, "GET", "/api/games/"+game.ID, nil, &full)
	if full.Title != "Tic-tac-toe 3×3" || full.Notes != "3 in a row wins" || full.Seats[0].Name != "X" ||
		full.Seats[0].Color != "#d8572a" || full.Seats[1].Color != "#2f6fb0" || full.Seats[1].Info != "0 squares" {
		t.Errorf("the game's state: %+v", full)
	}
	for ply, m := range []string{"a1", "a2", "b1", "b2", "c1"} {
		code, ok, bad, err := c.move(game.ID, game.Seats[ply%2].Key, m, ply)
		if err != nil || code != http.StatusOK {
			t.Fatalf("%s: %d %+v %v", m, code, bad, err)
		}
		s = ok.State
	}
	if s.Outcome.Result != "1-0" || s.Node != "terminal" || !strings.Contains(s.SVG, `class="piece" data-square="c1" data-owner="A"`) {
		t.Errorf("after X's rank: %s %s\n%s", s.Outcome.Result, s.Status, s.SVG)
	}
	rec, replay := c.record(game.ID)
	if tag, _ := rec.Tag("Result"); tag != "1-0" || replay.Final().Outcome().Result() != "1-0" {
		t.Errorf("the record says %s, replays to %s", tag, replay.Final().Outcome())
	}
	if tag, _ := rec.Tag("Termination"); tag != "line of n" {
		t.Errorf("the record's Termination: %q, want the game's own reason \"line of n\"", tag)
	}
	text := c.must(http.StatusOK, "GET", "/api/games/"+game.ID+"/record?download", nil, nil)
	if !strings.Contains(string(text), `[Game "tictactoe(size=3)"]`) {
		t.Errorf("the download:\n%s", text)
	}

	// Against the server's bot: the bot plays through bot.ForDynamic's
	// fallback, with no hook for the game.
	game = c.create("tictactoe(size=4)", "human", "bot")
	for ply := 0; ; ply += 2 {
		s = c.state(game.ID)
		for deadline := time.Now().Add(10 * time.Second); s.Ply < ply && time.Now().Before(deadline); s = c.state(game.ID) {
			time.Sleep(5 * time.Millisecond)
		}
		if s.Outcome.Result != "*" {
			break
		}
		if s.Ply != ply || s.ToMove != "A" {
			t.Fatalf("ply %d: the bot did not move: %+v", ply, s)
		}
		code, _, bad, err := c.move(game.ID, game.Seats[0].Key, s.Legal[0], ply)
		if err != nil || code != http.StatusOK {
			t.Fatalf("%s: %d %+v %v", s.Legal[0], code, bad, err)
		}
	}
	if _, replay := c.record(game.ID); !replay.Final().Outcome().Over() {
		t.Errorf("the game against the bot did not end: %s", replay.Final())
	}
}

// TestPlyCapFollowsTheOptions: the site's ply limit goes into the specs
// of the games whose registration has a plylimit option, up to the
// option's Max, and into no other.
func TestPlyCapFollowsTheOptions(t *testing.T) {
	for spec, want := range map[string]string{
		"hex(size=5)":              "hex(size=5,swap=sides)",
		"tictactoe":                "tictactoe(size=3)",
		"domination":               "domination",
		"focus":                    "focus(plylimit=2000)",
		"focus(plylimit=30)":       "focus(plylimit=30)",
		"focus(plylimit=0)":        "focus(plylimit=2000)",
		"hexplocus(plylimit=5000)": "hexplocus(size=6,plylimit=2000)",
		"explocus(rows=4,cols=4)":  "explocus(rows=4,cols=4,plylimit=2000)",
	} {
		d, err := rules.Open(spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := plyCapped(d, 2000).Spec(); got != want {
			t.Errorf("%s is capped as %s, want %s", spec, got, want)
		}
	}
	g, _ := rules.Lookup("focus")
	for _, o := range g.Options {
		if o.Name == "plylimit" {
			d, _ := rules.Open("focus")
			if got := plyCapped(d, o.Max+1).Spec(); !strings.Contains(got, "plylimit=") {
				t.Errorf("a cap past the option's Max (%d): %s", o.Max, got)
			}
		}
	}
}

// TestTitlesAndBareVariants: a game registered without variants is
// offered with its bare spec, and a spec the lobby does not offer is
// titled with its options.
func TestTitlesAndBareVariants(t *testing.T) {
	if got := offered(rules.Game{Name: "tictactoe"}); len(got) != 1 || got[0] != (rules.Variant{Spec: "tictactoe", Label: "Standard"}) {
		t.Errorf("a game without variants is offered as %v", got)
	}
	for spec, want := range map[string]string{
		"tictactoe(size=4)":              "Tic-tac-toe 4×4",
		"tictactoe(size=5)":              "Tic-tac-toe (size=5)",
		"hex(size=11,swap=sides)":        "Hex 11×11",
		"domination":                     "Domination",
		"focus(plylimit=2000)":           "Focus",
		"focus(players=4,plylimit=2000)": "Focus 4 players",
		"chess":                          "Chess",
	} {
		if got := gameTitle(spec, 2000); got != want {
			t.Errorf("gameTitle(%q) = %q, want %q", spec, got, want)
		}
	}
}
