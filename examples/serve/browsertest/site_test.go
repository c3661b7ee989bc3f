package browsertest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// servePackage is the command the browser test drives.
const servePackage = "github.com/tabletop-go/rules/examples/serve"

var (
	buildOnce sync.Once
	buildDir  string
	binary    string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// serveBinary builds the serve command once per test binary, with the go
// command on the PATH (go test puts its own there).
func serveBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "serve-browsertest-")
		if buildErr != nil {
			return
		}
		binary = filepath.Join(buildDir, "serve")
		out, err := exec.Command("go", "build", "-o", binary, servePackage).CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build %s: %v\n%s", servePackage, err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

// startSite runs the serve command on 127.0.0.1 (a free port) with a fresh
// data directory and returns its base URL, http://127.0.0.1:PORT. The
// process is killed when the test ends; its standard error goes to the
// test's log.
func startSite(t testing.TB) string {
	t.Helper()
	cmd := exec.Command(serveBinary(t), "-addr", "127.0.0.1:0", "-data", t.TempDir(), "-quiet")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = logWriter{t}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("the site did not start: %v", err)
	}
	rest, ok := strings.CutPrefix(line, "serving ")
	if !ok {
		t.Fatalf("the site printed %q", line)
	}
	base := strings.TrimSuffix(strings.Fields(rest)[0], "/")
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("the site listens on %s", base)
	}
	return base
}

// logWriter passes a child's output to the test's log, line by line as
// it comes.
type logWriter struct{ t testing.TB }

func (w logWriter) Write(p []byte) (int, error) {
	w.t.Logf("serve: %s", bytes.TrimRight(p, "\n"))
	return len(p), nil
}

// api is a small client of the site's JSON API, for the games the browser
// test sets up and checks.
type api struct {
	t    *testing.T
	base string
	hc   *http.Client
}

func newAPI(t *testing.T, base string) *api {
	return &api{t: t, base: base, hc: &http.Client{Timeout: 10 * time.Second}}
}

// gameState is the part of a game's state the browser test reads.
type gameState struct {
	Ply   int      `json:"ply"`
	Legal []string `json:"legal"`
	Moves []struct {
		Move   string `json:"move"`
		Chance bool   `json:"chance"`
	} `json:"moves"`
}

// createdGame is the reply to POST /api/games.
type createdGame struct {
	ID    string `json:"id"`
	Seats []struct {
		Seat string `json:"seat"`
		Key  string `json:"key"`
		Link string `json:"link"`
	} `json:"seats"`
	State gameState `json:"state"`
}

func (a *api) do(method, path string, body any, want int, out any) {
	a.t.Helper()
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			a.t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, a.base+path, r)
	if err != nil {
		a.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := a.hc.Do(req)
	if err != nil {
		a.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != want {
		a.t.Fatalf("%s %s: %d %s %v, want %d", method, path, res.StatusCode, data, err, want)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			a.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
}

// create creates a game of spec with the given seats ("human" or "bot").
func (a *api) create(spec string, seats ...string) createdGame {
	a.t.Helper()
	var g createdGame
	a.do("POST", "/api/games", map[string]any{"spec": spec, "seats": seats, "level": "easy"}, http.StatusCreated, &g)
	return g
}

func (a *api) state(id string) gameState {
	a.t.Helper()
	var s gameState
	a.do("GET", "/api/games/"+id, nil, http.StatusOK, &s)
	return s
}
