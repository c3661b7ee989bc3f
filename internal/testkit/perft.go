// Package testkit holds helpers that the games' tests share.
package testkit

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
)

// PerftCase is one line of a testdata/perft.txt file: DEPTH NODES REST,
// where REST names the start (a position text, or a game spec).
type PerftCase struct {
	Depth int
	Nodes uint64
	Rest  string
	Line  int
}

// ReadPerft reads a perft file; lines that are empty or start with # are
// skipped. It fails the test on a malformed line.
func ReadPerft(t testing.TB, path string) []PerftCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []PerftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.SplitN(text, " ", 3)
		if len(fields) != 3 {
			t.Fatalf("%s:%d: want DEPTH NODES POSITION", path, line)
		}
		depth, err1 := strconv.Atoi(fields[0])
		nodes, err2 := strconv.ParseUint(fields[1], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad numbers", path, line)
		}
		cases = append(cases, PerftCase{Depth: depth, Nodes: nodes, Rest: fields[2], Line: line})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// CheckPerft checks every case of a perft file: start builds the position
// a line names (from its Rest), and the perft count must equal the frozen
// one. Cases that skip reports are left out; at least `least` cases must be
// in the file.
func CheckPerft[P rules.Position[P, M], M rules.Move](t *testing.T, cases []PerftCase, least int,
	skip func(PerftCase) bool, start func(rest string) (P, error)) {
	t.Helper()
	if len(cases) < least {
		t.Fatalf("only %d perft cases", len(cases))
	}
	for _, c := range cases {
		if skip != nil && skip(c) {
			continue
		}
		p, err := start(c.Rest)
		if err != nil {
			t.Fatalf("line %d: %v", c.Line, err)
		}
		if got := rules.Perft(p, c.Depth); got != c.Nodes {
			t.Errorf("line %d: %s perft(%d) = %d, frozen %d", c.Line, c.Rest, c.Depth, got, c.Nodes)
		}
	}
}
