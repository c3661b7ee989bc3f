package explocus

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
		depth, err1 := strconv.Atoi(fields[0])
		nodes, err2 := strconv.ParseUint(fields[1], 10, 64)
		if len(fields) != 3 || err1 != nil || err2 != nil {
			t.Fatalf("testdata/perft.txt:%d: want DEPTH NODES POSITION", line)
		}
		cases = append(cases, perftCase{depth, nodes, fields[2], line})
	}
	return cases
}

// TestPerftFrozen checks testdata/perft.txt: the start and two mid-game
// positions (8×8 and 5×7), to depth 4.
func TestPerftFrozen(t *testing.T) {
	cases := readPerftFile(t)
	if len(cases) < 12 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		p, err := ParsePosition(c.position)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		if got := rules.Perft(p, c.depth); got != c.nodes {
			t.Errorf("line %d: perft(%d) = %d, frozen %d", c.line, c.depth, got, c.nodes)
		}
	}
}

func TestPerftFrozenAgreesWithNaiveReference(t *testing.T) {
	maxDepth := 3
	if testing.Short() {
		maxDepth = 2
	}
	for _, c := range readPerftFile(t) {
		if c.depth > maxDepth {
			continue
		}
		p, _ := ParsePosition(c.position)
		if got := refPerft(refFrom(p), c.depth); got != c.nodes {
			t.Errorf("line %d: reference perft(%d) = %d, frozen %d", c.line, c.depth, got, c.nodes)
		}
	}
}
