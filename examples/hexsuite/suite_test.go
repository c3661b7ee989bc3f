package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"pgregory.net/rapid"
)

// TestSuiteLineGrammar: a line's fields in any order; each bad line is
// refused with what is wrong and where.
func TestSuiteLineGrammar(t *testing.T) {
	e, err := parseEntry("hex(size=5,swap=none) a1 E5  | id from a test |loss b1 a2| win c3 c2 ")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(e.moves, []string{"a1", "e5"}) || !slices.Equal(e.win, []string{"c3", "c2"}) ||
		!slices.Equal(e.loss, []string{"b1", "a2"}) || e.id != "from a test" || e.pos.Ply() != 2 {
		t.Errorf("%+v", e)
	}
	if got, want := e.String(), "hex(size=5,swap=none) a1 e5 | win c2 c3 | loss a2 b1 | id from a test"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	for line, want := range map[string]string{
		"":                                                   "no game spec",
		"| win a1":                                           "no game spec",
		"hex(size=5) | win a1":                               "swap=none",
		"hex(size=5,swap=nope) | win a1":                     "game spec",
		"chess | win a1":                                     "game spec",
		"hex(size=5,swap=none) a1 a1 | win b1":               `move 2 "a1"`,
		"hex(size=5,swap=none) a1 zz | win b1":               `move 2 "zz"`,
		"hex(size=2,swap=none) a1 b1 a2 | win b2":            "end the game",
		"hex(size=5,swap=none) a1 | win a1":                  `win "a1"`,
		"hex(size=5,swap=none) a1 | win b1 | loss b1":        "b1: already under win",
		"hex(size=5,swap=none) a1 | win b1 b1":               "b1: already under win",
		"hex(size=5,swap=none) | loss b1":                    "no win field",
		"hex(size=5,swap=none) | win":                        "win with no cell",
		"hex(size=5,swap=none) | win b1 ||":                  "an empty field",
		"hex(size=5,swap=none) | win b1 | best b1":           `unknown field "best"`,
		"hex(size=5,swap=none) | win b1 | id x | id y":       "a second id field",
		"hex(size=5,swap=none) | win b1 | win c1":            "a second win field",
		"hex(size=5,swap=none) | win b1 | loss c1 | loss d1": "a second loss field",
		"hex(size=5,swap=none) | win b1 | id":                "id with no text",
		"hex(size=5x4,swap=none) | win b1":                   "square",
	} {
		if _, err := parseEntry(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one with %q", line, err, want)
		}
	}
	if _, err := readSuite(strings.NewReader("# c\n\nhex(size=5,swap=none) | win b1\nhex(size=5,swap=none) | win\n")); err == nil || !strings.HasPrefix(err.Error(), "line 4: ") {
		t.Errorf("error %v, want one on line 4", err)
	}
	if _, err := readSuite(strings.NewReader("# only a comment\n")); err == nil {
		t.Errorf("a suite of no position read")
	}
}

// TestEntryLineRoundTrips: an entry's line reads back as the same entry,
// for random positions and cells.
func TestEntryLineRoundTrips(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		size := rapid.IntRange(1, 11).Draw(t, "size")
		cfg, err := hex.ParseSpec(fmt.Sprintf("hex(size=%d,swap=none)", size))
		if err != nil {
			t.Fatal(err)
		}
		p, e := cfg.Start(), entry{spec: cfg.Spec().String()}
		for n := rapid.IntRange(0, size*size).Draw(t, "stones"); n > 0; n-- {
			ms := p.AppendMoves(nil)
			m := ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")]
			next := p.PlayUnchecked(m)
			if next.ToMove() == rules.Terminal {
				break
			}
			p, e.moves = next, append(e.moves, m.String())
		}
		ms := p.AppendMoves(nil)
		for _, k := range rapid.Permutation(ms).Draw(t, "cells")[:rapid.IntRange(1, len(ms)).Draw(t, "known")] {
			if rapid.Bool().Draw(t, "win") || len(e.win) == 0 {
				e.win = append(e.win, k.String())
			} else {
				e.loss = append(e.loss, k.String())
			}
		}
		e.id = rapid.StringMatching(`([a-z0-9.]+( [a-z0-9.]+)*)?`).Draw(t, "id")
		back, err := parseEntry(e.String())
		if err != nil {
			t.Fatalf("%q: %v", e.String(), err)
		}
		sorted := func(s []string) []string { s = slices.Clone(s); slices.SortFunc(s, cellOrder); return s }
		if back.spec != e.spec || !slices.Equal(back.moves, e.moves) || !slices.Equal(back.win, sorted(e.win)) ||
			!slices.Equal(back.loss, sorted(e.loss)) || back.id != e.id || back.pos.Hash() != p.Hash() {
			t.Fatalf("%q read back as %+v", e.String(), back)
		}
		if back.String() != e.String() {
			t.Fatalf("%q written again as %q", e.String(), back.String())
		}
	})
}

// TestCellOrder sorts by column, then row as a number.
func TestCellOrder(t *testing.T) {
	cells := []string{"b1", "a10", "aa1", "a2", "a1", "b10", "b9"}
	slices.SortFunc(cells, cellOrder)
	if want := []string{"a1", "a2", "a10", "b1", "b9", "b10", "aa1"}; !slices.Equal(cells, want) {
		t.Errorf("%v, want %v", cells, want)
	}
}

// TestCommittedSuitesRead: every suite in docs/suites reads, names where
// each position came from, and holds each position once.
func TestCommittedSuitesRead(t *testing.T) {
	files, err := filepath.Glob("../../docs/suites/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no suites: %v", err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := readSuite(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		seen := map[string]int{}
		for _, e := range entries {
			if e.id == "" {
				t.Errorf("%s line %d: no id", name, e.line)
			}
			if was, ok := seen[key(e.pos)]; ok {
				t.Errorf("%s line %d: the position of line %d", name, e.line, was)
			}
			seen[key(e.pos)] = e.line
		}
	}
}

// TestCommittedRunsAgree: each run in docs/suites/runs, judged again
// against its suite (the longest suite name its name starts with), gets
// the verdicts it records: the suite holds what the runs settled.
func TestCommittedRunsAgree(t *testing.T) {
	runs, _ := filepath.Glob("../../docs/suites/runs/*.txt")
	suites, _ := filepath.Glob("../../docs/suites/*.txt")
	if len(runs) == 0 {
		t.Fatal("no runs")
	}
	verdicts := func(text string) []string {
		var v []string
		for l := range strings.SplitSeq(text, "\n") {
			if m := runLine.FindStringSubmatch(l); m != nil {
				v = append(v, m[1]+" "+m[2]+" "+m[3])
			}
		}
		return v
	}
	for _, run := range runs {
		suite := ""
		for _, s := range suites {
			if base := strings.TrimSuffix(filepath.Base(s), ".txt"); strings.HasPrefix(filepath.Base(run), base+"-") && len(s) > len(suite) {
				suite = s
			}
		}
		if suite == "" {
			t.Errorf("%s: no suite", run)
			continue
		}
		data, err := os.ReadFile(run)
		if err != nil {
			t.Fatal(err)
		}
		status, out, stderr := hexsuite("-suite", suite, "-moves", run, "-check", "1ms", "-table", "16")
		if status != 0 {
			t.Errorf("%s: status %d: %s", run, status, stderr)
			continue
		}
		if got, want := verdicts(out), verdicts(string(data)); !slices.Equal(got, want) || len(want) == 0 {
			t.Errorf("%s against %s:\n%q\nwant\n%q", run, suite, got, want)
		}
	}
}

// FuzzParseEntry: no line makes the reader panic, and every line it
// takes writes out as a line that reads back to the same entry.
func FuzzParseEntry(f *testing.F) {
	for _, seed := range []string{
		"hex(size=9,swap=none) e5 c3 d4 | win f8 | loss c3 | id mohex-9x9.txt game 13 after 21 moves",
		"hex(size=5,swap=none) a1 E5 | id x | loss b1 a2| win c3 c2 ",
		"hex(size=2,swap=none) a1 b1 a2 | win b2",
		"hex(size=5) | win a1",
		"| win",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := parseEntry(line)
		if err != nil {
			return
		}
		back, err := parseEntry(e.String())
		if err != nil {
			t.Fatalf("%q wrote %q, which reads as %v", line, e.String(), err)
		}
		if back.String() != e.String() || back.pos.Hash() != e.pos.Hash() {
			t.Fatalf("%q wrote %q, read back as %q", line, e.String(), back.String())
		}
	})
}
