package sgf

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules/hex"
)

// setupInfo is what the first node's setup says: the position text (""
// for none) and the colour to move first.
type setupInfo struct {
	board  string // "B1W/3/3 b -" or ""
	toMove string // "B" or "W"
	why    string // why toMove moves first, for errors
}

// readSetup reads AB, AW and PL in the first node and refuses setup
// anywhere else.
func readSetup(nodes []Node, cols, rows int, info map[string]string) (setupInfo, error) {
	for i, n := range nodes[1:] {
		for _, p := range n.Props {
			switch p.ID {
			case "AB", "AW", "AE", "PL":
				return setupInfo{}, fmt.Errorf("sgf: node %d: setup (%s) after the first node is not supported", i+2, p.ID)
			}
		}
	}
	root := nodes[0]
	if _, ok := root.Get("AE"); ok {
		return setupInfo{}, errors.New("sgf: node 1: AE (removing stones) is not supported")
	}
	board := make([]byte, cols*rows)
	grid := hex.Config{Cols: cols, Rows: rows, Swap: hex.SwapNone}.Start()
	stones := map[byte]int{}
	for _, p := range root.Props {
		if p.ID != "AB" && p.ID != "AW" {
			continue
		}
		for _, v := range p.Values {
			m, err := grid.ParseMove(strings.TrimSpace(v))
			if err != nil || m.IsSwap() {
				return setupInfo{}, notACell(1, p.ID, v, cols, rows)
			}
			at := m.Square().Rank()*cols + m.Square().File()
			if board[at] != 0 {
				return setupInfo{}, fmt.Errorf("sgf: node 1: two setup stones on %s", m)
			}
			board[at] = p.ID[1]
			stones[p.ID[1]]++
		}
	}
	pl, hasPL := info["PL"]
	if hasPL {
		switch strings.ToUpper(pl) {
		case "B", "W":
			pl = strings.ToUpper(pl)
		default:
			return setupInfo{}, fmt.Errorf("sgf: node 1: PL[%s] names no colour (B or W)", escaped(pl))
		}
	}
	if stones['B']+stones['W'] == 0 {
		if hasPL && pl != "B" {
			return setupInfo{}, errors.New("sgf: node 1: PL[W] without setup stones: Black moves first in Hex")
		}
		return setupInfo{toMove: "B", why: "Black moves first"}, nil
	}
	s := setupInfo{toMove: pl, why: "PL says so"}
	if !hasPL {
		s.toMove, s.why = "B", "the setup has as many Black stones as White"
		if stones['B'] != stones['W'] {
			s.toMove, s.why = "W", "the setup has more Black stones than White"
		}
	}
	var b strings.Builder
	for r := range rows {
		if r > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for c := range cols {
			if v := board[r*cols+c]; v == 0 {
				empty++
			} else {
				if empty > 0 {
					b.WriteString(strconv.Itoa(empty))
					empty = 0
				}
				b.WriteByte(v)
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
	b.WriteString(" " + strings.ToLower(s.toMove) + " -")
	s.board = b.String()
	return s, nil
}
