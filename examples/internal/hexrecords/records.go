// Package hexrecords reads the Hex record files examples/hexmatch
// -records writes: for each game a [Game "spec"] tag, optional
// [PlayerA "..."], [PlayerB "..."] and [Result "..."] tags (other tags
// are skipped), and one line of moves; blank lines and lines starting
// with '#' are skipped. The moves are returned as written: replaying
// them is the caller's.
package hexrecords

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Game is one game of a record file.
type Game struct {
	// Spec is the [Game] tag's game spec, Black and White the
	// [PlayerA] and [PlayerB] tags (the first and second players),
	// Result the [Result] tag ("1-0" or "0-1"); missing tags are "".
	Spec, Black, White, Result string
	// Moves are the moves as written, unchecked.
	Moves []string
	// Line is the line of its [Game] tag, from 1.
	Line int
}

// Read reads the games of a record file as hexmatch -records
// writes them: a [Game "spec"] tag, optional [Tag "value"] lines, and
// one line of moves.
func Read(r io.Reader) ([]Game, error) {
	var out []Game
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if n == 1 {
			l = strings.TrimPrefix(l, "\uFEFF") // a byte-order mark
		}
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "["):
			name, value, ok := tag(l)
			if !ok {
				return nil, fmt.Errorf("line %d: %q is no [Name \"value\"] tag", n, l)
			}
			if name == "Game" {
				out = append(out, Game{Spec: value, Line: n})
				continue
			}
			if len(out) == 0 {
				return nil, fmt.Errorf("line %d: a tag before the first [Game]", n)
			}
			switch g := &out[len(out)-1]; name {
			case "PlayerA":
				g.Black = value
			case "PlayerB":
				g.White = value
			case "Result":
				g.Result = value
			}
		default:
			if len(out) == 0 || out[len(out)-1].Moves != nil {
				return nil, fmt.Errorf("line %d: moves with no [Game] of their own", n)
			}
			out[len(out)-1].Moves = strings.Fields(l)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no [Game] in the file")
	}
	return out, nil
}

// tag splits a [Name "value"] line.
func tag(l string) (name, value string, ok bool) {
	if !strings.HasSuffix(l, "]") {
		return "", "", false
	}
	name, quoted, ok := strings.Cut(l[1:len(l)-1], " ")
	if !ok || name == "" {
		return "", "", false
	}
	value, err := strconv.Unquote(quoted)
	return name, value, err == nil
}
