package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
)

// This file is the suite file's grammar: reading, checking and writing.

// entry is one position of a suite: a game spec and the moves that lead
// to it, the cells known to win for the side to move (at least one) and
// those known to lose, and an id that says where it came from.
type entry struct {
	spec  string
	moves []string
	win   []string
	loss  []string
	id    string

	pos  hex.Position // the position the moves lead to
	line int          // its line in the file, from 1
}

// readSuite reads and checks a suite file: each line other than blank
// and '#' lines is an entry (see the package doc).
func readSuite(r io.Reader) ([]entry, error) {
	var out []entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		l := strings.TrimSpace(sc.Text())
		if n == 1 {
			l = strings.TrimPrefix(l, "\uFEFF")
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		e, err := parseEntry(l)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		e.line = n
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	if len(out) == 0 {
		return nil, errNoPosition
	}
	return out, nil
}

// errNoPosition is a suite file without a position: one -make may add
// to, but not one to score an engine on.
var errNoPosition = errors.New("no position in the file")

// parseEntry reads and checks one entry line.
func parseEntry(l string) (entry, error) {
	fields := strings.Split(l, "|")
	head := strings.Fields(fields[0])
	if len(head) == 0 {
		return entry{}, fmt.Errorf("no game spec before the first |")
	}
	e := entry{spec: head[0], moves: head[1:]}
	cfg, err := hex.ParseSpec(e.spec)
	if err != nil {
		return entry{}, fmt.Errorf("game spec: %w", err)
	}
	if cfg.Swap != hex.SwapNone {
		return entry{}, fmt.Errorf("game spec %s: a suite's games have no pie rule (swap=none)", e.spec)
	}
	if cfg.Cols != cfg.Rows {
		return entry{}, fmt.Errorf("game spec %s: a suite's boards are square (HTP's boardsize takes one size)", e.spec)
	}
	if cfg.Cols*cfg.Rows > analysis.MaxCells {
		return entry{}, fmt.Errorf("game spec %s: more than the %d cells the solver takes", e.spec, analysis.MaxCells)
	}
	p := cfg.Start()
	for k, s := range e.moves {
		m, err := p.ParseMove(s)
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			return entry{}, fmt.Errorf("move %d %q: %w", k+1, s, err)
		}
		e.moves[k] = m.String() // as engines read it: "A1" is sent as a1
	}
	if p.ToMove() == rules.Terminal {
		return entry{}, fmt.Errorf("the moves end the game: no move to find")
	}
	e.pos = p
	seen, keys := map[string]string{}, map[string]bool{}
	for _, f := range fields[1:] {
		words := strings.Fields(f)
		if len(words) == 0 {
			return entry{}, fmt.Errorf("an empty field between |s")
		}
		key := words[0]
		if keys[key] {
			return entry{}, fmt.Errorf("a second %s field", key)
		}
		keys[key] = true
		switch key {
		case "win", "loss":
			if len(words) == 1 {
				return entry{}, fmt.Errorf("%s with no cell", key)
			}
			for _, s := range words[1:] {
				m, err := p.ParseMove(s)
				if err == nil {
					err = p.Legal(m)
				}
				if err != nil {
					return entry{}, fmt.Errorf("%s %q: %w", key, s, err)
				}
				s = m.String()
				if was, ok := seen[s]; ok {
					return entry{}, fmt.Errorf("%s %s: already under %s", key, s, was)
				}
				seen[s] = key
				if key == "win" {
					e.win = append(e.win, s)
				} else {
					e.loss = append(e.loss, s)
				}
			}
		case "id":
			if len(words) == 1 {
				return entry{}, fmt.Errorf("id with no text")
			}
			e.id = strings.Join(words[1:], " ")
		default:
			return entry{}, fmt.Errorf("unknown field %q (want win, loss or id)", key)
		}
	}
	if len(e.win) == 0 {
		return entry{}, fmt.Errorf("no win field: a suite's positions are won for the side to move")
	}
	return e, nil
}

// String is the entry's line: the cells sorted, so that a rewritten
// suite differs from its last version only where it learned.
func (e entry) String() string {
	var b strings.Builder
	b.WriteString(e.spec)
	for _, m := range e.moves {
		b.WriteString(" " + m)
	}
	for _, f := range []struct {
		key   string
		cells []string
	}{{"win", e.win}, {"loss", e.loss}} {
		if len(f.cells) > 0 {
			cells := slices.Clone(f.cells)
			slices.SortFunc(cells, cellOrder)
			b.WriteString(" | " + f.key + " " + strings.Join(cells, " "))
		}
	}
	if e.id != "" {
		b.WriteString(" | id " + e.id)
	}
	return b.String()
}

// cellOrder sorts cells by column letters, then row number (a1 a2 ... a10 b1).
func cellOrder(a, b string) int {
	ca, ra := splitCell(a)
	cb, rb := splitCell(b)
	if c := strings.Compare(ca, cb); len(ca) != len(cb) || c != 0 {
		if len(ca) != len(cb) {
			return len(ca) - len(cb)
		}
		return c
	}
	if len(ra) != len(rb) {
		return len(ra) - len(rb)
	}
	return strings.Compare(ra, rb)
}

// splitCell splits a cell's name into its letters and its digits.
func splitCell(s string) (col, row string) {
	i := strings.IndexAny(s, "0123456789")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// writeSuite writes a suite: its header lines ('#' lines) and entries.
func writeSuite(w io.Writer, header []string, entries []entry) error {
	bw := bufio.NewWriter(w)
	for _, h := range header {
		fmt.Fprintln(bw, h)
	}
	for _, e := range entries {
		fmt.Fprintln(bw, e)
	}
	return bw.Flush()
}

// key is a position's text up to the board's symmetries, so that a
// suite holds each position once.
func key(p hex.Position) string {
	best := p.String()
	for k := 1; k < p.Symmetries(); k++ {
		best = min(best, p.Transform(k).String())
	}
	return best
}

// rewrite writes the suite file name, whose text was data, again with
// the entries' lines replaced by their current text, keeping its line
// ends (LF or CRLF), its byte-order mark and its mode, through a
// temporary file renamed over it.
func rewrite(name string, data []byte, entries []entry) error {
	text, bom := strings.CutPrefix(string(data), "\uFEFF")
	lines := strings.Split(text, "\n")
	for _, e := range entries {
		end := ""
		if strings.HasSuffix(lines[e.line-1], "\r") {
			end = "\r"
		}
		lines[e.line-1] = e.String() + end
	}
	text = strings.Join(lines, "\n")
	if bom {
		text = "\uFEFF" + text
	}
	// Through a symbolic link, rewrite its target, not the link.
	name, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	info, err := os.Stat(name)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(text)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), info.Mode().Perm())
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
