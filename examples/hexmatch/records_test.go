package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/hexrecords"
	"github.com/tabletop-go/rules/hex"
)

// TestMatchFilesReplay: every game of the match files in docs/matches
// (hexmatch's report as # lines, then its -records) replays legally to
// its end; its winner is its Result; its first stone, length, colours and
// winner are its report line's; and the report's score is the games A
// won, out of the games recorded.
func TestMatchFilesReplay(t *testing.T) {
	files, err := filepath.Glob("../../docs/matches/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no match files: %v", err)
	}
	line := regexp.MustCompile(`^# game \d+: opening (\S+), A is (Black|White): (A|B) wins in (\d+) moves$`)
	score := regexp.MustCompile(`^# A scored (\d+) of (\d+) `)
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var reports [][]string
		var scored, total = -1, -1
		for l := range strings.SplitSeq(string(data), "\n") {
			switch {
			case line.MatchString(l):
				reports = append(reports, line.FindStringSubmatch(l))
			case score.MatchString(l):
				m := score.FindStringSubmatch(l)
				scored, _ = strconv.Atoi(m[1])
				total, _ = strconv.Atoi(m[2])
			}
		}
		games, err := hexrecords.Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(games) == 0 || len(games) != len(reports) || total != len(games) {
			t.Fatalf("%s: %d records, %d report lines, a score out of %d", name, len(games), len(reports), total)
		}
		won := 0
		for i, g := range games {
			cfg, err := hex.ParseSpec(g.Spec)
			if err != nil {
				t.Fatalf("%s game %d: %v", name, i+1, err)
			}
			p := cfg.Start()
			moves := g.Moves
			for k, s := range moves {
				m, err := p.ParseMove(s)
				if err == nil {
					p, err = p.Play(m)
				}
				if err != nil {
					t.Fatalf("%s game %d, move %d %q: %v", name, i+1, k+1, s, err)
				}
			}
			if p.ToMove() != rules.Terminal {
				t.Fatalf("%s game %d: unfinished after %d moves", name, i+1, len(moves))
			}
			blackWon := p.Winner() == hex.Black
			if (g.Result == "1-0") != blackWon || g.Result != "1-0" && g.Result != "0-1" {
				t.Errorf("%s game %d: Result %q, but Black won: %v", name, i+1, g.Result, blackWon)
			}
			r := reports[i]
			aBlack := r[2] == "Black"
			aWon := aBlack == blackWon
			if aWon {
				won++
			}
			if moves[0] != r[1] || strconv.Itoa(len(moves)) != r[4] || (g.Black == "a") != aBlack || (r[3] == "A") != aWon {
				t.Errorf("%s game %d: the record (%s first, %d moves, Black %q, Black won %v) is not its report %q", name, i+1, moves[0], len(moves), g.Black, blackWon, r[0])
			}
		}
		if won != scored {
			t.Errorf("%s: A won %d games, the report says %d", name, won, scored)
		}
	}
}
