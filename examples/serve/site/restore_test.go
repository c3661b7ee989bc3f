package site

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
)

// logRecorder collects what a server logs.
type logRecorder struct {
	mu    sync.Mutex
	lines []string
}

func (l *logRecorder) logf(format string, args ...any) {
	l.mu.Lock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
	l.mu.Unlock()
}

func (l *logRecorder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// playSome plays n moves of a two-person game, the middle legal move each
// time, and returns the game's state.
func playSome(t *testing.T, c *client, g created, n int) testState {
	t.Helper()
	keys := map[string]string{}
	for _, st := range g.Seats {
		keys[st.Seat] = st.Key
	}
	s := g.State
	for range n {
		code, ok, bad, err := c.move(g.ID, keys[s.ToMove], s.Legal[len(s.Legal)/2], s.Ply)
		if code != http.StatusOK {
			t.Fatalf("%d %+v %v", code, bad, err)
		}
		s = ok.State
	}
	return s
}

// restartWith stops srv and starts a server on the same directory, and
// returns it with a client and its log.
func restartWith(t *testing.T, srv *server, dir string) (*server, *client, *logRecorder) {
	t.Helper()
	srv.close()
	var log logRecorder
	srv2, c2 := startServerLogf(t, dir, log.logf)
	return srv2, c2, &log
}

// TestARecordThatDoesNotReplayIsSetAsideWhole reproduces the data loss of
// issue #21 (item 8): a record with one bad line at ply 10 was rewritten
// in place with the 9 plies before it. Now the record is moved aside,
// whole, as ID.txt.bad (with its metadata, as ID.json.bad), the game is
// left out and the log says so; the other games are restored.
func TestARecordThatDoesNotReplayIsSetAsideWhole(t *testing.T) {
	dir := t.TempDir()
	srv, c := startServer(t, dir)
	bad := c.create("focus", "human", "human")
	good := c.create("focus", "human", "human")
	playSome(t, c, bad, 20)
	playSome(t, c, good, 5)
	path := srv.store.recordPath(bad.ID)
	text, _ := os.ReadFile(path)
	lines := strings.Split(string(text), "\n")
	header := 0
	for lines[header] != "" {
		header++
	}
	lines[header+10] = "a1-a8" // ply 10
	corrupt := []byte(strings.Join(lines, "\n"))
	os.WriteFile(path, corrupt, 0o600)

	_, c2, log := restartWith(t, srv, dir)
	if code, _, _ := c2.do("GET", "/api/games/"+bad.ID, nil); code != http.StatusNotFound {
		t.Errorf("the game whose record does not replay is served: %d", code)
	}
	if kept, err := os.ReadFile(path + ".bad"); err != nil || !bytes.Equal(kept, corrupt) {
		t.Errorf("the record set aside: %v; %d bytes, want the %d of the original", err, len(kept), len(corrupt))
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the bad record is still in place: %v", err)
	}
	if !strings.Contains(log.String(), bad.ID+".txt.bad") {
		t.Errorf("the log does not name the record set aside:\n%s", log)
	}
	if s := c2.state(good.ID); s.Ply != 5 {
		t.Errorf("the good game restored at ply %d, want 5", s.Ply)
	}
}

// TestARecordWithNoLineBreakIsNotTruncated reproduces the other data loss
// of issue #21 (item 8): a record with no line break at all was
// truncated to 0 bytes before it was parsed. Its bytes are kept.
func TestARecordWithNoLineBreakIsNotTruncated(t *testing.T) {
	dir := t.TempDir()
	srv, c := startServer(t, dir)
	g := c.create("hex(size=5,swap=none)", "human", "human")
	path := srv.store.recordPath(g.ID)
	text := []byte(`[Game "hex(size=5,swap=none)"] [Event "tabletop-go serve"] a1 b2 c3`)
	os.WriteFile(path, text, 0o600)

	_, c2, log := restartWith(t, srv, dir)
	if code, _, _ := c2.do("GET", "/api/games/"+g.ID, nil); code != http.StatusNotFound {
		t.Errorf("the game is served: %d", code)
	}
	kept, err := os.ReadFile(path)
	if err != nil {
		kept, err = os.ReadFile(path + ".bad")
	}
	if err != nil || !bytes.Equal(kept, text) {
		t.Errorf("the record's bytes: %q %v, want %q", kept, err, text)
	}
	t.Logf("log:\n%s", log)
}

// TestARecordWithAPositionTagIsRefused reproduces the forged start of
// issue #21 (item 9): the server never writes a [Position] tag, so a
// stored record with one (here a start with a stone already placed) is
// not a record it wrote: it is set aside and the game left out.
func TestARecordWithAPositionTagIsRefused(t *testing.T) {
	dir := t.TempDir()
	srv, c := startServer(t, dir)
	g := c.create("hex(size=5,swap=none)", "human", "human")
	c.move(g.ID, g.Seats[0].Key, "c3", 0)
	path := srv.store.recordPath(g.ID)
	text, _ := os.ReadFile(path)
	forged := bytes.Replace(text, []byte("[Event "), []byte("[Position \"hex(size=5,swap=none) 5/5/5/5/B4 w -\"]\n[Event "), 1)
	os.WriteFile(path, forged, 0o600)

	_, c2, log := restartWith(t, srv, dir)
	if code, data, _ := c2.do("GET", "/api/games/"+g.ID, nil); code != http.StatusNotFound {
		t.Errorf("the game with a forged start is served: %d %.300s", code, data)
	}
	if kept, err := os.ReadFile(path + ".bad"); err != nil || !bytes.Equal(kept, forged) {
		t.Errorf("the forged record is not set aside: %v", err)
	}
	if !strings.Contains(log.String(), "Position") {
		t.Errorf("the log does not say why:\n%s", log)
	}
}

// TestASetAsideRecordStaysAsideAfterACrash: moving a bad record aside is
// made durable (the directory is synced after the renames): a crash just
// after the restart that set it aside finds ID.txt.bad, not ID.txt.
func TestASetAsideRecordStaysAsideAfterACrash(t *testing.T) {
	mem := newMemStorage()
	srv, c := startServerConfig(t, config{Dir: "/data", Storage: mem})
	g := c.create("hex(size=5,swap=none)", "human", "human")
	srv.close()
	f, _ := mem.Append(srv.store.recordPath(g.ID))
	f.Write([]byte("zz99\n"))
	f.Sync()
	f.Close()

	var log logRecorder
	srv2, _ := startServerConfig(t, config{Dir: "/data", Storage: mem, Logf: log.logf})
	img := mem.crashed()
	if _, err := img.ModTime(srv2.store.recordPath(g.ID) + ".bad"); err != nil {
		t.Errorf("after a crash the record set aside is not there: %v\n%s", err, &log)
	}
	if _, err := img.ModTime(srv2.store.recordPath(g.ID)); !isNotExist(err) {
		t.Errorf("after a crash the bad record is back in place (%v)", err)
	}
}
