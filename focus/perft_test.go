package focus

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
)

type perftCase struct {
	depth    int
	nodes    uint64
	position string
	line     int
}

func readPerftFile(t *testing.T) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.SplitN(text, " ", 3)
		if len(fields) != 3 {
			t.Fatalf("testdata/perft.txt:%d: want DEPTH NODES POSITION", line)
		}
		depth, err1 := strconv.Atoi(fields[0])
		nodes, err2 := strconv.ParseUint(fields[1], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("testdata/perft.txt:%d: bad numbers", line)
		}
		cases = append(cases, perftCase{depth, nodes, fields[2], line})
	}
	return cases
}

// TestPerftFrozen checks every count in testdata/perft.txt: the start to
// depth 5 (1,298,133,752, as two independent implementations found) and
// four mid-game positions with reserves, tall stacks and captures to
// depth 4.
func TestPerftFrozen(t *testing.T) {
	cases := readPerftFile(t)
	if len(cases) < 20 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		if c.depth >= 5 && (raceEnabled || testing.Short()) {
			continue
		}
		p, err := ParsePosition(c.position)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		if got := rules.Perft(p, c.depth); got != c.nodes {
			t.Errorf("line %d: perft(%d) = %d, frozen %d", c.line, c.depth, got, c.nodes)
		}
	}
}

// TestPerftFrozenAgreesWithNaiveReference recomputes the shallow counts
// with the naive reference, so the file is more than this package's own
// output.
func TestPerftFrozenAgreesWithNaiveReference(t *testing.T) {
	maxDepth := 3
	if raceEnabled || testing.Short() {
		maxDepth = 2
	}
	for _, c := range readPerftFile(t) {
		if c.depth > maxDepth {
			continue
		}
		p, _ := ParsePosition(c.position)
		if got := refPerft(refFromPosition(p), c.depth); got != c.nodes {
			t.Errorf("line %d: reference perft(%d) = %d, frozen %d", c.line, c.depth, got, c.nodes)
		}
	}
}
