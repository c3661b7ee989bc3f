package site

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// forgeCopy copies game from's files (ID.json and ID.txt under dir) to
// those of a new, valid game ID, as a tester with access to the disk
// would, with edit applied to the metadata's and the record's text, and
// returns the new ID.
func forgeCopy(t *testing.T, dir, from string, edit func(js, txt string) (string, string)) string {
	t.Helper()
	games := filepath.Join(dir, "games")
	js, err := os.ReadFile(filepath.Join(games, from+".json"))
	if err != nil {
		t.Fatal(err)
	}
	txt, err := os.ReadFile(filepath.Join(games, from+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	id := newID()
	j, x := strings.ReplaceAll(string(js), from, id), strings.ReplaceAll(string(txt), from, id)
	if edit != nil {
		j, x = edit(j, x)
	}
	if err := os.WriteFile(filepath.Join(games, id+".json"), []byte(j), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(games, id+".txt"), []byte(x), 0o600); err != nil {
		t.Fatal(err)
	}
	return id
}

// replaceOnce replaces the first old in s by new, and fails the test if
// there is none: an edit that changes nothing would make the case pass
// for nothing.
func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("%q is not in\n%s", old, s)
	}
	return strings.Replace(s, old, new, 1)
}

// TestRestoreRefusesFilesTheServerCouldNotHaveWritten reproduces the
// tester's forged games: copies of a game's files under a new ID, each
// edited into something the server never writes (a spec it did not cap,
// two seats with one key, lax JSON in a seat, a key of another form, a
// record line with a move number or in another notation, a forged tag
// value), were restored. Each is now left out, its files set aside as
// ID.json.bad and ID.txt.bad, and the log says why; an unedited copy (the
// control: the forging itself makes valid files) is restored.
func TestRestoreRefusesFilesTheServerCouldNotHaveWritten(t *testing.T) {
	dir := t.TempDir()
	srv, c := startServer(t, dir)
	focus := c.create("focus", "human", "human")
	hex := c.create("hex(size=5,swap=none)", "human", "human")
	if focus.Spec != "focus(plylimit=2000)" {
		t.Fatalf("focus created as %s", focus.Spec)
	}
	if code, _, e, _ := c.move(hex.ID, hex.Seats[0].Key, "c3", 0); code != http.StatusOK {
		t.Fatalf("%d %+v", code, e)
	}
	k0, k1 := focus.Seats[0].Key, focus.Seats[1].Key
	srv.close()

	type forged struct {
		name string
		from string
		edit func(t *testing.T, js, txt string) (string, string)
		why  string // in the log line of the game
	}
	cases := []forged{
		{"no ply limit", focus.ID, func(t *testing.T, js, txt string) (string, string) {
			return replaceOnce(t, js, "focus(plylimit=2000)", "focus"), replaceOnce(t, txt, "focus(plylimit=2000)", "focus")
		}, "ply limit"},
		{"two seats with one key", focus.ID, func(t *testing.T, js, txt string) (string, string) {
			return replaceOnce(t, js, k1, k0), txt
		}, "key"},
		{"a seat's key given twice in another case", focus.ID, func(t *testing.T, js, txt string) (string, string) {
			return replaceOnce(t, js, `"key": "`+k0+`"`, `"key": "`+k0+`", "Key": "x"`), txt
		}, `"Key"`},
		{"a seat's key given twice", focus.ID, func(t *testing.T, js, txt string) (string, string) {
			return replaceOnce(t, js, `"key": "`+k0+`"`, `"key": "`+k0+`", "key": "x"`), txt
		}, "twice"},
		{"a seat with an unknown field", focus.ID, func(t *testing.T, js, txt string) (string, string) {
			return replaceOnce(t, js, `"player": "human"`, `"player": "human", "admin": true`), txt
		}, `"admin"`},
		{"a key of any text", focus.ID, func(t *testing.T, js, txt string) (string, string) {
			return replaceOnce(t, js, k0, "x"), txt
		}, "key"},
		{"a key of the right length but not as the server makes them", focus.ID, func(t *testing.T, js, txt string) (string, string) {
			// 22 letters of the right alphabet, but the last one's low
			// bits, beyond the key's 128, are set: no key the server makes.
			return replaceOnce(t, js, k0, "AAAAAAAAAAAAAAAAAAAAAB"), txt
		}, "key"},
		{"a move number", hex.ID, func(t *testing.T, js, txt string) (string, string) {
			return js, replaceOnce(t, txt, "\nc3\n", "\n1. c3\n")
		}, "line"},
		{"two moves on a line", hex.ID, func(t *testing.T, js, txt string) (string, string) {
			return js, replaceOnce(t, txt, "\nc3\n", "\nc3 d3\n")
		}, "line"},
		{"a comment", hex.ID, func(t *testing.T, js, txt string) (string, string) {
			return js, replaceOnce(t, txt, "\nc3\n", "\nc3 # the centre\n")
		}, "line"},
		{"a blank line between moves", hex.ID, func(t *testing.T, js, txt string) (string, string) {
			return js, txt + "\nd3\n"
		}, "line"},
		{"a move not in canonical notation", hex.ID, func(t *testing.T, js, txt string) (string, string) {
			return js, replaceOnce(t, txt, "\nc3\n", "\nC3\n")
		}, "C3"},
		{"a forged Game tag", hex.ID, func(t *testing.T, js, txt string) (string, string) {
			return js, replaceOnce(t, txt, `[Game "hex(size=5,swap=none)"]`, `[Game "hex(size=6,swap=none)"]`)
		}, `tag [Game "hex(size=6,swap=none)"]`},
		{"a forged Site tag", hex.ID, func(t *testing.T, js, txt string) (string, string) {
			return js, replaceOnce(t, txt, `[Site "game `, `[Site "game x`)
		}, `tag [Site "game x`},
		{"a forged Date tag", hex.ID, func(t *testing.T, js, txt string) (string, string) {
			i := strings.Index(txt, `[Date "`) + len(`[Date "`)
			return js, txt[:i] + "1999.12.31" + txt[i+len("1999.12.31"):]
		}, `tag [Date "1999.12.31"]`},
		{"a forged Player tag", hex.ID, func(t *testing.T, js, txt string) (string, string) {
			return js, replaceOnce(t, txt, `[Player_A "Human"]`, `[Player_A "MCTS bot (hard)"]`)
		}, `tag [Player_A "MCTS bot (hard)"]`},
	}
	ids := make([]string, len(cases))
	for i, fc := range cases {
		ids[i] = forgeCopy(t, dir, fc.from, func(js, txt string) (string, string) { return fc.edit(t, js, txt) })
	}
	control := forgeCopy(t, dir, hex.ID, nil)
	srv2, c2, log := restartWith(t, srv, dir)
	if s := c2.state(control); s.Ply != 1 || s.Spec != hex.Spec {
		t.Fatalf("an unedited copy is restored at ply %d as %s, want 1 as %s", s.Ply, s.Spec, hex.Spec)
	}
	for i, fc := range cases {
		id := ids[i]
		if code, data, _ := c2.do("GET", "/api/games/"+id, nil); code != http.StatusNotFound {
			t.Errorf("%s: the game is served: %d %.200s", fc.name, code, data)
		}
		for _, name := range []string{id + ".json", id + ".txt"} {
			path := filepath.Join(dir, "games", name)
			if _, err := os.Stat(path + ".bad"); err != nil {
				t.Errorf("%s: %s is not set aside: %v", fc.name, name, err)
			}
			if _, err := os.Stat(path); !os.IsNotExist(err) {
				t.Errorf("%s: %s is still in place (%v)", fc.name, name, err)
			}
		}
		line := ""
		for l := range strings.SplitSeq(log.String(), "\n") {
			if strings.Contains(l, "game "+id+":") {
				line = l
			}
		}
		if !strings.Contains(line, fc.why) || !strings.Contains(line, "set aside") {
			t.Errorf("%s: the log does not say why (%q) the game is set aside:\n%s", fc.name, fc.why, line)
		}
	}
	if t.Failed() {
		t.Logf("log:\n%s", log)
	}
	srv2.close()
}

// TestRestoreLeavesOutAPlyLimitAboveMaxPlies: a game whose spec has a ply
// limit above -maxplies, which the server writes only under a larger
// -maxplies, would last longer than the limits say: it is left out, and
// its files are left in place (a restart with that -maxplies restores
// it), and the log says so.
func TestRestoreLeavesOutAPlyLimitAboveMaxPlies(t *testing.T) {
	dir := t.TempDir()
	srv, c := startServer(t, dir)
	focus := c.create("focus", "human", "human")
	srv.close()
	id := forgeCopy(t, dir, focus.ID, func(js, txt string) (string, string) {
		return replaceOnce(t, js, "focus(plylimit=2000)", "focus(plylimit=5000)"), replaceOnce(t, txt, "focus(plylimit=2000)", "focus(plylimit=5000)")
	})
	srv2, c2, log := restartWith(t, srv, dir)
	if code, data, _ := c2.do("GET", "/api/games/"+id, nil); code != http.StatusNotFound {
		t.Errorf("a game of plylimit=5000 under -maxplies 2000 is served: %d %.200s", code, data)
	}
	for _, name := range []string{id + ".json", id + ".txt"} {
		if _, err := os.Stat(filepath.Join(dir, "games", name)); err != nil {
			t.Errorf("%s is not left in place: %v", name, err)
		}
	}
	if !strings.Contains(log.String(), id) || !strings.Contains(log.String(), "-maxplies") {
		t.Errorf("the log does not say why:\n%s", log)
	}
	srv2.close()
	// Under the -maxplies it was written under, it is restored.
	var log3 logRecorder
	srv3, c3 := startServerConfig(t, config{Dir: dir, MaxPlies: 5000, Logf: log3.logf})
	if s := c3.state(id); s.Spec != "focus(plylimit=5000)" {
		t.Errorf("under -maxplies 5000 the game is restored as %q\n%s", s.Spec, &log3)
	}
	srv3.close()
}

// TestRestoreLogsFilesThatAreNoGames: a file in DIR/games whose name is
// no game's (not ID.json or ID.txt of a valid ID, nor a file set aside)
// was skipped without a word. It is logged, and left where it is.
func TestRestoreLogsFilesThatAreNoGames(t *testing.T) {
	dir := t.TempDir()
	srv, c := startServer(t, dir)
	g := c.create("hex(size=5,swap=none)", "human", "human")
	srv.close()
	games := filepath.Join(dir, "games")
	js, _ := os.ReadFile(filepath.Join(games, g.ID+".json"))
	txt, _ := os.ReadFile(filepath.Join(games, g.ID+".txt"))
	os.WriteFile(filepath.Join(games, "forgeaaaa1.json"), js, 0o600)
	os.WriteFile(filepath.Join(games, "forgeaaaa1.txt"), txt, 0o600)
	os.WriteFile(filepath.Join(games, "notes"), nil, 0o600)
	os.WriteFile(filepath.Join(games, g.ID+".json.bad"), js, 0o600) // set aside before: no stray

	srv2, c2, log := restartWith(t, srv, dir)
	if s := c2.state(g.ID); s.ID != g.ID {
		t.Errorf("the game is not restored")
	}
	for _, name := range []string{"forgeaaaa1.json", "forgeaaaa1.txt", "notes"} {
		if !strings.Contains(log.String(), name) {
			t.Errorf("the log does not name %s:\n%s", name, log)
		}
		if _, err := os.Stat(filepath.Join(games, name)); err != nil {
			t.Errorf("%s is not left where it was: %v", name, err)
		}
	}
	if strings.Contains(log.String(), g.ID+".json.bad") {
		t.Errorf("a file set aside is logged as a stray:\n%s", log)
	}
	srv2.close()
}

// TestRestoreLogsIncompleteGames: a record without its metadata (what a
// stop between create's two writes leaves), a metadata without its record
// (a stop between setAside's two moves) and temporary files (a write cut
// short) were skipped without a word, or logged at every start as games
// that failed to restore. They are logged, on a line of
// their own that names no complete game, and left where they are; they
// count for nothing against -maxgames, and the complete game beside them
// is restored. A temporary file of a name that is no game's is a stray.
func TestRestoreLogsIncompleteGames(t *testing.T) {
	dir := t.TempDir()
	srv, c := startServer(t, dir)
	g := c.create("hex(size=5,swap=none)", "human", "human")
	srv.close()
	games := filepath.Join(dir, "games")
	txt, _ := os.ReadFile(filepath.Join(games, g.ID+".txt"))
	orphan := "aaaaaaaaa2" // a valid ID with no ID.json
	if orphan == g.ID {
		orphan = "aaaaaaaaa3"
	}
	time.Sleep(10 * time.Millisecond) // the orphan is written last
	os.WriteFile(filepath.Join(games, orphan+".txt"), txt, 0o600)
	js, _ := os.ReadFile(filepath.Join(games, g.ID+".json"))
	// An ID.json whose ID.txt is set aside: a set-aside cut short.
	widow := "aaaaaaaaa4"
	os.WriteFile(filepath.Join(games, widow+".json"), bytes.Replace(js, []byte(g.ID), []byte(widow), 1), 0o600)
	os.WriteFile(filepath.Join(games, widow+".txt.bad"), txt, 0o600)
	os.WriteFile(filepath.Join(games, g.ID+".json.tmp"), nil, 0o600)
	os.WriteFile(filepath.Join(games, orphan+".txt.tmp"), nil, 0o600)
	os.WriteFile(filepath.Join(games, "notes.tmp"), nil, 0o600)

	var log logRecorder
	srv2, c2 := startServerConfig(t, config{Dir: dir, MaxGames: 1, Logf: log.logf})
	if s := c2.state(g.ID); s.ID != g.ID {
		t.Errorf("the complete game is not restored under -maxgames 1")
	}
	var incomplete, strays string
	for _, line := range strings.Split(log.String(), "\n") {
		switch {
		case strings.Contains(line, "cut short"):
			incomplete = line
		case strings.Contains(line, "no game's"):
			strays = line
		}
	}
	for _, name := range []string{orphan + ".txt", widow + ".json", g.ID + ".json.tmp", orphan + ".txt.tmp"} {
		if !strings.Contains(incomplete, name) {
			t.Errorf("the line of incomplete games does not name %s:\n%s", name, &log)
		}
	}
	for _, name := range []string{orphan + ".txt", widow + ".json", g.ID + ".json.tmp", orphan + ".txt.tmp", "notes.tmp"} {
		if _, err := os.Stat(filepath.Join(games, name)); err != nil {
			t.Errorf("%s is not left where it was: %v", name, err)
		}
	}
	if strings.Contains(incomplete, g.ID+".txt") || strings.Contains(incomplete, g.ID+".json,") || strings.HasSuffix(incomplete, g.ID+".json") {
		t.Errorf("the complete game's files are logged as incomplete:\n%s", incomplete)
	}
	if !strings.Contains(strays, "notes.tmp") || strings.Contains(incomplete, "notes.tmp") {
		t.Errorf("notes.tmp is not logged as a stray:\n%s", &log)
	}
	if !strings.Contains(incomplete, "an ID.json without its ID.txt") {
		t.Errorf("the line of incomplete games does not say what an ID.json alone is:\n%s", incomplete)
	}
	if strings.Contains(log.String(), "game "+widow) {
		t.Errorf("the ID.json without its ID.txt is logged as a game that failed to restore:\n%s", &log)
	}
	if strings.Contains(log.String(), "over the cap") {
		t.Errorf("an incomplete game counts against -maxgames:\n%s", &log)
	}
	srv2.close()
}

// TestSomeNamesShowsTwentyAndCountsTheRest: the log lists at most 20
// names and says how many more there are.
func TestSomeNamesShowsTwentyAndCountsTheRest(t *testing.T) {
	names := func(n int) []string {
		var out []string
		for i := range n {
			out = append(out, fmt.Sprintf("f%02d", i))
		}
		return out
	}
	if got, want := someNames(names(20)), strings.Join(names(20), ", "); got != want {
		t.Errorf("20 names: %q, want %q", got, want)
	}
	if got, want := someNames(names(23)), strings.Join(names(20), ", ")+" and 3 more"; got != want {
		t.Errorf("23 names: %q, want %q", got, want)
	}
}
