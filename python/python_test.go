// The race detector has nothing to watch here: the library pytest loads
// is built by go build, without it.

//go:build !race

// Package python_test builds the Python package's Go library and runs its
// tests (python/tests) with pytest: go test ./... runs them with the rest.
// Outside CI they skip when Python, numpy, pytest or a C compiler is
// missing; under CI (CI set) they fail instead.
package python_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// need skips the test outside CI, and fails it under CI.
func need(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("CI runs the Python tests: "+format, args...)
	}
	t.Skipf("skipping the Python tests: "+format, args...)
}

// python returns the interpreter to test with: $PYTHON, else python3 if
// it has numpy and pytest, else Debian's /usr/bin/python3.
func python(t *testing.T) string {
	candidates := []string{"python3", "/usr/bin/python3"}
	if p := os.Getenv("PYTHON"); p != "" {
		candidates = []string{p}
	}
	for _, p := range candidates {
		if _, err := exec.LookPath(p); err != nil {
			continue
		}
		if exec.Command(p, "-c", "import sys, numpy, pytest; assert sys.version_info >= (3, 11)").Run() == nil {
			return p
		}
	}
	need(t, "no Python 3.11 or later with numpy and pytest (tried %s)", strings.Join(candidates, ", "))
	return ""
}

func TestPython(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("the Python package is built and tested on Linux and macOS")
	}
	py := python(t)
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "cc"
	}
	if _, err := exec.LookPath(cc); err != nil {
		need(t, "no C compiler (%s) for cgo", cc)
	}
	dir := t.TempDir()
	lib := filepath.Join(dir, "libtabletop_rules.so")
	build := exec.Command("go", "build", "-buildmode=c-shared", "-o", lib, "./capi")
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -buildmode=c-shared: %v\n%s", err, out)
	}
	fixtures := filepath.Join(dir, "games.jsonl")
	writeFixtures(t, fixtures)
	endings := filepath.Join(dir, "endings.jsonl")
	writeEndings(t, endings)
	searches := filepath.Join(dir, "searches.jsonl")
	writeSearches(t, searches)
	records := filepath.Join(dir, "records.txt")
	cmd := exec.Command(py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests")
	cmd.Env = append(os.Environ(),
		"TABLETOP_RULES_LIB="+lib,
		"TABLETOP_FIXTURES="+fixtures,
		"TABLETOP_RECORDS="+records,
		"TABLETOP_ENDINGS="+endings,
		"TABLETOP_SEARCHES="+searches,
		"PYTHONDONTWRITEBYTECODE=1",
		"PYTHONPATH="+mustAbs(t, "."),
	)
	out, err := cmd.CombinedOutput()
	t.Logf("pytest:\n%s", out)
	if err != nil {
		t.Fatalf("pytest failed: %v", err)
	}
	replayRecords(t, records)
}

func mustAbs(t *testing.T, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// ply is one position of a fixture game, as Go sees it.
type ply struct {
	Text        string    `json:"text"`
	ToMove      int       `json:"to_move"`
	Ply         int       `json:"ply"`
	Moves       []string  `json:"moves"`
	Actions     []int     `json:"actions"`
	Observation string    `json:"observation"` // sha256 of the float32s, little-endian
	Shape       []int     `json:"shape"`
	Seat        int       `json:"seat"` // whose observation
	Result      string    `json:"result"`
	Returns     []float64 `json:"returns"`
	Move        string    `json:"move"`   // the move played from here, "" at the end
	Action      int       `json:"action"` // its index
}

type game struct {
	Spec  string `json:"spec"`
	Plies []ply  `json:"plies"`
}

// writeFixtures writes seeded random games of every registered variant,
// position by position, for the Python tests to replay and compare.
func writeFixtures(t *testing.T, path string) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	r := rand.New(rand.NewPCG(30, 1))
	for _, name := range rules.Games() {
		g, err := rules.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		specs := []string{name}
		for _, v := range g.Variants {
			specs = append(specs, v.Spec)
		}
		for _, spec := range specs {
			for range 2 {
				if err := enc.Encode(randomGame(t, spec, r)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

func randomGame(t *testing.T, spec string, r *rand.Rand) game {
	d, err := rules.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	out := game{Spec: d.Spec()}
	for len(out.Plies) < 60 {
		p := ply{Text: d.String(), ToMove: int(d.ToMove()), Ply: d.Ply(), Moves: d.Moves(), Result: d.Outcome().Result(), Action: -1}
		p.Actions = d.LegalActions()
		seat := d.ToMove()
		if !seat.IsSeat() {
			seat = 0
		}
		p.Seat = int(seat)
		p.Observation = digest(d.Observation(seat))
		p.Shape = d.ObservationShape()
		ret := d.Outcome().Returns()
		p.Returns = ret[:d.Seats()]
		if d.Node() != rules.TerminalNode {
			p.Move = d.RandomMove(r)
			p.Action, err = d.ActionIndex(p.Move)
			if err != nil {
				t.Fatal(err)
			}
		}
		out.Plies = append(out.Plies, p)
		if p.Move == "" {
			break
		}
		if d, err = d.Play(p.Move); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// ending is a finished position and what Go says of it.
type ending struct {
	Spec    string    `json:"spec"`
	Text    string    `json:"text"`
	Result  string    `json:"result"`
	Returns []float64 `json:"returns"`
}

// writeEndings writes the ends of random games of two, three and four
// seats (the fixture games stop before most end).
func writeEndings(t *testing.T, path string) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	r := rand.New(rand.NewPCG(30, 2))
	for _, spec := range []string{"hex(size=5)", "domination", "focus(players=3,short=true)",
		"focus(players=4,short=true)", "focus(players=4,teams=true,plylimit=600)"} {
		for range 3 {
			d, err := rules.Open(spec)
			if err != nil {
				t.Fatal(err)
			}
			for range 5000 {
				if d.Node() == rules.TerminalNode {
					break
				}
				if d, err = d.Play(d.RandomMove(r)); err != nil {
					t.Fatal(err)
				}
			}
			if d.Node() != rules.TerminalNode {
				continue
			}
			ret := d.Outcome().Returns()
			if err := enc.Encode(ending{d.Spec(), d.String(), d.Outcome().Result(), ret[:d.Seats()]}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func digest(obs []float32) string {
	b := make([]byte, 4*len(obs))
	for i, v := range obs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// replayRecords replays the records the Python tests wrote from the
// VectorEnv's games: each must replay, and a finished one end with the
// result the environment gave.
func replayRecords(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the Python tests wrote no records: %v", err)
	}
	n, ended := 0, 0
	for rec, err := range notation.Records(data) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		spec, _ := rec.Tag("Game")
		rep, err := rec.Replay()
		if err != nil {
			t.Fatalf("record %d (%s) does not replay: %v", n, spec, err)
		}
		final := rep.Final()
		if res, _ := rec.Tag("Result"); res != "*" {
			ended++
			if got := final.Outcome().Result(); got != res {
				t.Errorf("record %d: the environment says %s, the rules %s", n, res, got)
			}
		} else if final.Node() == rules.TerminalNode {
			t.Errorf("record %d: the game ended (%s) but the environment did not say so", n, final.Outcome())
		}
	}
	if n < 10 || ended < 5 {
		t.Errorf("%d records, %d ended: the Python test should write more", n, ended)
	}
	t.Logf("%d records from the VectorEnv replayed, %d finished", n, ended)
}
