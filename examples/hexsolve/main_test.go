package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
)

func runSolve(args ...string) (int, string, string) {
	var out, errs strings.Builder
	code := run(args, &out, &errs)
	return code, out.String(), errs.String()
}

// TestOpenings4x4: every opening of 4×4, with the known winners: the
// first player wins exactly on the short diagonal a4, b3, c2, d1.
func TestOpenings4x4(t *testing.T) {
	code, out, errs := runSolve("-game", "hex(size=4,swap=none)", "-openings")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	wins := map[string]bool{"a4": true, "b3": true, "c2": true, "d1": true}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 17 || !strings.HasPrefix(lines[16], "solved 16 openings of hex(size=4,swap=none) in ") {
		t.Fatalf("output:\n%s", out)
	}
	for _, l := range lines[:16] {
		f := strings.Fields(l)
		want := "loss"
		if wins[f[0]] {
			want = "win"
		}
		if f[1] != want {
			t.Errorf("%s: %s, want %s", f[0], f[1], want)
		}
	}
}

// TestPosition: a position's value for the side to move and a winning
// move, the pie rule's first move, and the errors.
func TestPosition(t *testing.T) {
	code, out, _ := runSolve("-game", "hex(size=3,swap=none)")
	if code != 0 || !strings.HasPrefix(out, "win b2\nsolved in ") {
		t.Errorf("3×3 start: exit %d, %q", code, out)
	}
	code, out, _ = runSolve("-game", "hex(size=3,swap=none)", "-position", "3/1B1/3 w -")
	if code != 0 || !strings.HasPrefix(out, "loss") {
		t.Errorf("3×3 after b2: exit %d, %q", code, out)
	}
	code, out, _ = runSolve("-game", "hex(size=3)", "-position", "3/1B1/3 w -")
	if code != 0 || !strings.HasPrefix(out, "win swap\n") {
		t.Errorf("3×3 after b2 with the pie rule: exit %d, %q", code, out)
	}
	for _, c := range []struct{ args []string }{
		{[]string{"-game", "hex(size=0)"}},
		{[]string{"-game", "chess"}},
		{[]string{"-game", "hex(size=20)"}},
		{[]string{"-position", "3/3"}},
		{[]string{"-openings", "-game", "hex(size=3)"}},
		{[]string{"-openings", "-position", "4/4/4/4 b -"}},
		{[]string{"-timeout", "-1s"}},
		{[]string{"stray"}},
	} {
		code, _, errs := runSolve(c.args...)
		if code != 2 || !strings.HasPrefix(errs, "hexsolve: ") && !strings.Contains(errs, "flag") {
			t.Errorf("%v: exit %d, %q", c.args, code, errs)
		}
	}
}

// TestTimeout: a run out of time says so and exits 1.
func TestTimeout(t *testing.T) {
	code, out, _ := runSolve("-game", "hex(size=8,swap=none)", "-timeout", "1ms")
	if code != 1 || !strings.HasPrefix(out, "unknown\n") {
		t.Errorf("exit %d, %q", code, out)
	}
}

// FuzzPosition: no -position text makes hexsolve panic, hang or answer
// with anything but a value (exit 0) or a one-line error (exit 2).
func FuzzPosition(f *testing.F) {
	for _, s := range []string{"3/1B1/3 w -", "3/3/3 b -", "BWB/WBW/BW1 b -", "hex(size=3,swap=none) 3/3/3 b -", "", "4/4/4/4 w sides", "\x00", "B2/3/3 w -"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		code, out, errs := runSolve("-game", "hex(size=3,swap=none)", "-position", pos, "-table", "1", "-timeout", "10s")
		switch code {
		case 0:
			if !strings.HasPrefix(out, "win") && !strings.HasPrefix(out, "loss") {
				t.Fatalf("%q: %q", pos, out)
			}
		case 2:
			if strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "hexsolve: -position: ") {
				t.Fatalf("%q: %q", pos, errs)
			}
		default:
			t.Fatalf("%q: exit %d: %q %q", pos, code, out, errs)
		}
	})
}

// TestRecords: -records replays each game of a record file and tells
// when the solver first proves its winner and any win thrown away: on
// 3×3 the first player wins from the start, a1 throws it away (only the
// short diagonal a3, b2, c1 wins), and White's b2 keeps it. Broken files
// and flags are refused, saying where.
func TestRecords(t *testing.T) {
	p := hex.Config{Cols: 3, Rows: 3, Swap: hex.SwapNone}.Start()
	var moves []string
	for _, s := range []string{"a1", "b2"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p = p.PlayUnchecked(m)
		moves = append(moves, s)
	}
	for p.ToMove() != rules.Terminal {
		m := p.AppendMoves(nil)[0]
		p = p.PlayUnchecked(m)
		moves = append(moves, m.String())
	}
	result := "1-0"
	if p.Winner() == hex.White {
		result = "0-1"
	}
	dir := t.TempDir()
	good := dir + "/games.txt"
	text := fmt.Sprintf("# a comment\n[Game \"hex(size=3,swap=none)\"]\n[PlayerA \"x\"]\n[PlayerB \"y\"]\n[Result %q]\n\n%s\n", result, strings.Join(moves, " "))
	if err := os.WriteFile(good, []byte(text+"\n"+text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runSolve("-records", good, "-each", "1s", "-table", "1")
	t.Run("exact", func(t *testing.T) {
		// a1 throws the win away; b2 keeps White's; the record stops
		// before the end, and its last position is solved too. The pie
		// rule: after b2, White wins by the swap. Names are quoted.
		file := dir + "/short.txt"
		text := "\uFEFF[Game \"hex(size=3,swap=none)\"]\n[PlayerA \"\x1b[2J\"]\n[PlayerB \"y\"]\n[Result \"*\"]\na1 b2\n" +
			"[Game \"hex(size=3,swap=pieces)\"]\nb2\n"
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runSolve("-records", file, "-each", "1s", "-table", "1")
		want := "game 1 (\\x1b[2J Black, y White, *, 2 moves): proven for Black after 0 moves; then for White after 1\n" +
			"game 2 ( Black,  White, , 1 moves): proven for White after 0 moves\n" +
			"2 of 2 games proven before their end, 1s a position\n"
		if code != 0 || out != want {
			t.Fatalf("exit %d:\n%s\n%s\nwant\n%s", code, out, errs, want)
		}
	})
	want := fmt.Sprintf("game 1 (x Black, y White, %s, %d moves): proven for Black after 0 moves; then for White after 1", result, len(moves))
	if code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, "\ngame 2 (") || !strings.HasSuffix(out, "2 of 2 games proven before their end, 1s a position\n") {
		t.Fatalf("exit %d, %s\n%s\nwant a first line starting %q", code, out, errs, want)
	}
	for name, c := range map[string]struct{ text, want string }{
		"no game":       {"# nothing\n", "no [Game]"},
		"tag first":     {"[Result \"1-0\"]\n[Game \"hex(size=3)\"]\n", "line 1: a tag before the first [Game]"},
		"broken tag":    {"[Game hex]\n", "line 1: \"[Game hex]\" is no"},
		"loose moves":   {"a1 b2\n", "line 1: moves with no [Game]"},
		"two lines":     {"[Game \"hex(size=3,swap=none)\"]\na1\nb2\n", "line 3: moves with no [Game]"},
		"bad spec":      {"[Game \"hex(size=0)\"]\na1\n", "game 1 (line 1): "},
		"illegal move":  {"[Game \"hex(size=3,swap=none)\"]\na1 a1\n", "game 1 (line 1), move 2 \"a1\": "},
		"off board":     {"[Game \"hex(size=3,swap=none)\"]\na1 z9\n", "game 1 (line 1), move 2 \"z9\": "},
		"after the end": {"[Game \"hex(size=3,swap=none)\"]\nb2 a1 c1 a2 a3 b1 c3\n", "game 1 (line 1), move 6 \"b1\": "},
		"long line":     {"[Game \"hex(size=3,swap=none)\"]\n" + strings.Repeat("a1 ", 1<<19) + "\n", "line 2: "},
	} {
		file := dir + "/bad.txt"
		if err := os.WriteFile(file, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runSolve("-records", file)
		if code != 2 || !strings.Contains(out+errs, c.want) {
			t.Errorf("%s: exit %d, %q %q; want 2 and %q", name, code, out, errs, c.want)
		}
	}
	slow := dir + "/slow.txt"
	if err := os.WriteFile(slow, []byte("[Game \"hex(size=9,swap=none)\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runSolve("-records", slow, "-each", "5s", "-timeout", "300ms", "-table", "1"); code != 1 || !strings.HasPrefix(out, "game 1: stopped after 0 moves") {
		t.Errorf("a -timeout within the last position: exit %d, %q; want 1, stopped", code, out)
	}
	for _, args := range [][]string{
		{"-records", dir + "/missing.txt"},
		{"-records", good, "-each", "0s"},
		{"-records", good, "-openings"},
		{"-records", good, "-position", "3/3/3 b -"},
	} {
		if code, _, _ := runSolve(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
