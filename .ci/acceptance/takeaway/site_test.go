package takeaway_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-go/rules/examples/serve/site"
)

// TestTheSitePlaysIt: the game site of the SDK, run by this module with
// its own game, offers takeaway in its lobby, plays a game of it against
// its bot, refuses an illegal take, ends the game with the game's own
// reason and serves a record that names it.
func TestTheSitePlaysIt(t *testing.T) {
	base := startSite(t)
	var cat struct {
		Games []struct{ Name string } `json:"games"`
	}
	get(t, base+"/api/catalog", &cat)
	if !slices.ContainsFunc(cat.Games, func(g struct{ Name string }) bool { return g.Name == "takeaway" }) {
		t.Fatalf("the lobby does not offer takeaway: %+v", cat.Games)
	}

	var g struct {
		ID    string `json:"id"`
		Seats []struct {
			Key string `json:"key"`
		} `json:"seats"`
	}
	post(t, base+"/api/games", map[string]any{"spec": "takeaway(stones=5)", "seats": []string{"human", "bot"}, "level": "easy"}, http.StatusCreated, &g)
	key := g.Seats[0].Key
	post(t, base+"/api/games/"+g.ID+"/moves", map[string]any{"move": "4", "key": key, "ply": 0}, http.StatusUnprocessableEntity, nil)
	post(t, base+"/api/games/"+g.ID+"/moves", map[string]any{"move": "1", "key": key, "ply": 0}, http.StatusOK, nil)

	// Four stones are left: whatever the bot takes, the rest is ours.
	var s siteState
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		get(t, base+"/api/games/"+g.ID, &s)
		if s.Ply == 2 || time.Now().After(deadline) {
			break
		}
	}
	if s.Ply != 2 {
		t.Fatalf("the bot did not answer: %+v", s)
	}
	left, err := strconv.Atoi(strings.Fields(s.Position)[0])
	if err != nil || left < 1 || left > 3 {
		t.Fatalf("position %q after the bot's take", s.Position)
	}
	post(t, base+"/api/games/"+g.ID+"/moves", map[string]any{"move": strconv.Itoa(left), "key": key, "ply": 2}, http.StatusOK, nil)
	get(t, base+"/api/games/"+g.ID, &s)
	if s.Node != "terminal" || s.Outcome.Reason != "last stone" || s.Outcome.Result != "1-0" || !strings.Contains(s.Status, "last stone") {
		t.Errorf("the finished game: node %q, outcome %+v, status %q", s.Node, s.Outcome, s.Status)
	}
	record := getText(t, base+"/api/games/"+g.ID+"/record")
	if !strings.Contains(record, `[Termination "last stone"]`) || !strings.Contains(record, `[Result "1-0"]`) {
		t.Errorf("the record:\n%s", record)
	}
}

// siteState is the part of the site's game state the test reads.
type siteState struct {
	Ply      int    `json:"ply"`
	Node     string `json:"node"`
	Status   string `json:"status"`
	Position string `json:"position"`
	Outcome  struct {
		Result string `json:"result"`
		Reason string `json:"reason"`
	} `json:"outcome"`
}

// startSite runs the site on a free port of 127.0.0.1 until the test
// ends and returns its base URL.
func startSite(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- site.Run(ctx, []string{"-addr", "127.0.0.1:0", "-data", t.TempDir(), "-quiet", "-bot-delay", "0"}, w, io.Discard)
		w.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("site.Run: %v", err)
		}
	})
	line, err := bufio.NewReader(r).ReadString('\n')
	go io.Copy(io.Discard, r) //nolint:errcheck // the rest of the output
	addr, ok := strings.CutPrefix(line, "serving ")
	if err != nil || !ok {
		t.Fatalf("the site's first line: %q, %v", line, err)
	}
	return strings.TrimSuffix(strings.Fields(addr)[0], "/")
}

var client = &http.Client{Timeout: 10 * time.Second}

func get(t *testing.T, url string, out any) {
	t.Helper()
	if err := json.Unmarshal([]byte(getText(t, url)), out); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

func getText(t *testing.T, url string) string {
	t.Helper()
	res, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s %v", url, res.StatusCode, data, err)
	}
	return string(data)
}

func post(t *testing.T, url string, body any, want int, out any) {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	res, err := client.Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	reply, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != want {
		t.Fatalf("POST %s %s: %d %s %v, want %d", url, data, res.StatusCode, reply, err, want)
	}
	if out != nil {
		if err := json.Unmarshal(reply, out); err != nil {
			t.Fatalf("POST %s: %v in %s", url, err, reply)
		}
	}
}
