package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/solve"
)

// randomRecords writes n random games of a size×size board as hexmatch
// -records writes them and returns the file's name.
func randomRecords(t *testing.T, size, n int, seed uint64) string {
	cfg, err := hex.ParseSpec(fmt.Sprintf("hex(size=%d,swap=none)", size))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	for range n {
		p, moves := cfg.Start(), []string{}
		for p.ToMove() != rules.Terminal {
			ms := p.AppendMoves(nil)
			m := ms[rng.IntN(len(ms))]
			p, moves = p.PlayUnchecked(m), append(moves, m.String())
		}
		result := "1-0"
		if w, _ := p.Outcome().Winner(); w == 1 {
			result = "0-1"
		}
		fmt.Fprintf(&b, "[Game %q]\n[PlayerA \"a\"]\n[PlayerB \"b\"]\n[Result %q]\n\n%s\n\n", cfg.Spec(), result, strings.Join(moves, " "))
	}
	name := filepath.Join(t.TempDir(), "games.txt")
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// proven solves p and fails the test unless the solver settles it.
func proven(t *testing.T, p hex.Position) (moverWins bool) {
	t.Helper()
	if p.ToMove() == rules.Terminal {
		return false // the side to move has lost
	}
	o, err := solve.New(solve.Options{TableBytes: 1 << 20}).SolvePosition(context.Background(), p)
	if err != nil {
		t.Fatalf("not solved: %v\n%s", err, p.Diagram())
	}
	return o.Win
}

// TestMakeTakesWonPositions: every position -make writes is won for the
// side to move, every cell under win wins it and every cell under loss
// loses it; a second run on the same games adds nothing.
func TestMakeTakesWonPositions(t *testing.T) {
	games := randomRecords(t, 5, 12, 1)
	out := filepath.Join(t.TempDir(), "suite.txt")
	status, stdout, stderr := hexsuite("-make", "-records", games, "-out", out, "-scan", "1s", "-each", "1s", "-per", "3", "-table", "16")
	if status != 0 {
		t.Fatalf("status %d: %s%s", status, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := readSuite(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 12 {
		t.Fatalf("%d positions from 12 games taking up to 3 each:\n%s", len(entries), data)
	}
	losses := 0
	for _, e := range entries {
		if !proven(t, e.pos) {
			t.Errorf("line %d: the side to move loses: %s", e.line, e)
		}
		for _, c := range e.win {
			m, _ := e.pos.ParseMove(c)
			if proven(t, e.pos.PlayUnchecked(m)) {
				t.Errorf("line %d: win %s loses", e.line, c)
			}
		}
		for _, c := range e.loss {
			losses++
			m, _ := e.pos.ParseMove(c)
			if !proven(t, e.pos.PlayUnchecked(m)) {
				t.Errorf("line %d: loss %s wins", e.line, c)
			}
		}
	}
	if losses == 0 {
		t.Errorf("random games threw no win away in any position taken: the loss field is untested")
	}
	if !strings.Contains(stdout, fmt.Sprintf("added %d positions", len(entries))) {
		t.Errorf("report: %s", stdout)
	}
	if status, stdout, _ := hexsuite("-make", "-records", games, "-out", out, "-scan", "1s", "-each", "1s", "-per", "3", "-table", "16"); status != 0 || !strings.Contains(stdout, "added 0 positions") {
		t.Errorf("a second run: status %d: %s", status, stdout)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, data) {
		t.Errorf("a second run changed the suite")
	}
}

// TestMakeWalksBackFromTheFirstProof: with too little time to scan, the
// first proofs come late in each game; -each proves earlier positions,
// at most -back of them.
func TestMakeWalksBackFromTheFirstProof(t *testing.T) {
	games := randomRecords(t, 6, 8, 3)
	out := filepath.Join(t.TempDir(), "suite.txt")
	status, stdout, stderr := hexsuite("-make", "-records", games, "-out", out, "-scan", "1ns", "-each", "2s", "-back", "2", "-per", "1", "-table", "16")
	if status != 0 {
		t.Fatalf("status %d: %s%s", status, stdout, stderr)
	}
	re := regexp.MustCompile(`game \d+: proven after (\d+) moves within 1ns, after (\d+) within 2s`)
	earlier := 0
	for _, m := range re.FindAllStringSubmatch(stdout, -1) {
		first, earliest := atoi(t, m[1]), atoi(t, m[2])
		if earliest > first || earliest < first-2 {
			t.Errorf("%s: not within -back 2 before the first proof", m[0])
		}
		if earliest < first {
			earlier++
		}
	}
	if earlier == 0 {
		t.Errorf("no game walked back:\n%s", stdout)
	}
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestMakeAppendsCleanly: -make ends a last line that lacks its newline
// before adding, adds to a file of comments only, and creates no file
// when it finds nothing.
func TestMakeAppendsCleanly(t *testing.T) {
	games := randomRecords(t, 4, 3, 2)
	dir := t.TempDir()
	for name, text := range map[string]string{
		"nonl.txt":     "hex(size=5,swap=none) | win c3 | id by hand",
		"comments.txt": "# nothing yet\n",
	} {
		out := filepath.Join(dir, name)
		os.WriteFile(out, []byte(text), 0o644)
		status, stdout, stderr := hexsuite("-make", "-records", games, "-out", out, "-scan", "1s", "-each", "1s", "-table", "16")
		data, _ := os.ReadFile(out)
		entries, err := readSuite(bytes.NewReader(data))
		if status != 0 || err != nil || !strings.HasPrefix(string(data), text) || len(entries) < 2 {
			t.Errorf("%s: status %d, %v: %s%s\n%s", name, status, err, stdout, stderr, data)
		}
	}
	out := filepath.Join(dir, "none.txt")
	never := filepath.Join(dir, "empty.txt") // a game of no moves: no position to take
	os.WriteFile(never, []byte("[Game \"hex(size=3,swap=none)\"]\n"), 0o644)
	status, stdout, stderr := hexsuite("-make", "-records", never, "-out", out, "-scan", "1s", "-each", "1s", "-table", "16")
	if _, err := os.Stat(out); status != 0 || !strings.Contains(stdout, "added 0 positions") || err == nil {
		t.Errorf("status %d, %v: %s%s", status, err, stdout, stderr)
	}
}
