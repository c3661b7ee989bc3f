package sgf

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// ErrNotHex is returned for an SGF tree of another game (GM other than 11).
var ErrNotHex = errors.New("sgf: not a Hex game (GM[11])")

// ToRecord converts the main line of a Hex SGF tree to a record the
// library replays. Moves keep their text ("f3"); the swap becomes "swap"
// and the Game tag's swap mode says which swap it was:
//
//   - "swap-sides" swaps sides.
//   - "swap-pieces", "swap" and "SWAP" swap sides when the next move has
//     the swap's colour (the board is unchanged and the colour to move
//     does not toggle: HexGui's files, Hex-benzene), and swap pieces when
//     the next move has the other colour (PlayHex). With no next move,
//     files written by HexGui or Hex-benzene (AP) swap sides; others
//     follow the token, "swap-pieces" swapping pieces.
//
// SGF has no property for the pie rule, so a game without a swap gets the
// default swap=sides (it replays the same whatever the rule). "resign"
// ends the moves and adds a Termination tag. The root's SZ
// ("11" or "9:11", 11 when absent), PB, PW, RE, DT, EV, RO, PC, AP and GC
// become tags. RE ("B+", "W+Resign", ...) becomes the Result, its letter
// naming the player, not the stone colour: B is PB, the first player
// (seat 0), even after a swap-sides gave that player the White stones.
// The Computer Olympiad's mw1.sgf (2009), the one game of the collection
// with both a swap and a result, bears this out: the first player swapped
// to White, connected with White, and the file says B+. Little Golem's
// export follows the same rule. Node letters, by contrast, are stone
// colours, so a resignation without RE is credited through the swap.
func ToRecord(t *Tree) (notation.Record, error) {
	nodes := t.MainLine()
	root := nodes[0]
	if gm, ok := root.Get("GM"); ok && strings.TrimSpace(gm) != "11" {
		return notation.Record{}, ErrNotHex
	}
	cols, rows := 11, 11
	if sz, ok := root.Get("SZ"); ok {
		c, r, found := strings.Cut(strings.TrimSpace(sz), ":")
		var err1, err2 error
		cols, err1 = strconv.Atoi(c)
		rows = cols
		if found {
			rows, err2 = strconv.Atoi(r)
		}
		if err1 != nil || err2 != nil || cols < 1 || rows < 1 || cols > hex.MaxSize || rows > hex.MaxSize {
			return notation.Record{}, fmt.Errorf("sgf: bad board size SZ[%s]", sz)
		}
	}
	app, _ := root.Get("AP")
	var rec notation.Record
	type move struct{ color, text string }
	var moves []move
	resigned := ""
	for _, n := range nodes {
		for _, prop := range n.Props {
			if prop.ID != "B" && prop.ID != "W" {
				continue
			}
			if resigned != "" {
				return notation.Record{}, fmt.Errorf("sgf: a move after %s resigned", resigned)
			}
			v := strings.TrimSpace(prop.Values[0])
			switch strings.ToLower(v) {
			case "resign":
				resigned = prop.ID
				continue
			case "pass", "":
				return notation.Record{}, fmt.Errorf("sgf: move %d: a pass is not a Hex move", len(moves)+1)
			}
			moves = append(moves, move{prop.ID, v})
		}
	}
	mode := hex.SwapSides
	for i, m := range moves {
		switch strings.ToLower(m.text) {
		case "swap-sides":
			rec.Moves = append(rec.Moves, "swap")
		case "swap-pieces", "swap":
			rec.Moves = append(rec.Moves, "swap")
			switch {
			case i+1 < len(moves) && moves[i+1].color == m.color:
				mode = hex.SwapSides
			case i+1 < len(moves):
				mode = hex.SwapPieces
			case strings.HasPrefix(app, "HexGui") || strings.HasPrefix(app, "Hex-benzene"):
				mode = hex.SwapSides
			case strings.ToLower(m.text) == "swap-pieces":
				mode = hex.SwapPieces
			}
		default:
			rec.Moves = append(rec.Moves, strings.ToLower(m.text))
		}
	}
	if mode == hex.SwapPieces && cols != rows {
		return notation.Record{}, fmt.Errorf("sgf: swap-pieces on a %dx%d board", cols, rows)
	}
	rec.SetTag("Game", hex.Config{Cols: cols, Rows: rows, Swap: mode}.String())
	for id, tag := range map[string]string{"PB": "Black", "PW": "White", "DT": "Date", "EV": "Event", "RO": "Round", "PC": "Site", "AP": "Application", "GC": "Comment"} {
		if v, ok := root.Get(id); ok {
			rec.SetTag(tag, strings.TrimSpace(v))
		}
	}
	sidesSwapped := mode == hex.SwapSides && containsSwap(rec.Moves)
	re, hasRE := root.Get("RE")
	winner := "" // "B" when PB (seat 0) won, "W" when PW did
	if hasRE {
		re = strings.TrimSpace(re)
		if len(re) >= 2 && (re[0] == 'B' || re[0] == 'W') && re[1] == '+' {
			winner = re[:1]
			if reason := strings.ToLower(re[2:]); strings.HasPrefix(reason, "r") {
				rec.SetTag("Termination", "resignation")
			} else if strings.HasPrefix(reason, "t") {
				rec.SetTag("Termination", "time")
			}
		}
	}
	if resigned != "" {
		rec.SetTag("Termination", "resignation")
		if winner == "" {
			// The resigning node's letter is its stone colour: Black's
			// player is PW once the sides are swapped.
			blackResigned := resigned == "B"
			if blackResigned != sidesSwapped {
				winner = "W"
			} else {
				winner = "B"
			}
		}
	}
	switch winner { // no Result tag when the file records none
	case "B":
		rec.SetTag("Result", "1-0")
	case "W":
		rec.SetTag("Result", "0-1")
	}
	return rec, nil
}

func containsSwap(moves []string) bool {
	for _, m := range moves {
		if m == "swap" {
			return true
		}
	}
	return false
}

// FromRecord writes a Hex record as an SGF tree in HexGui's form: moves
// B[f3] and W[c9] by stone colour, the swap as "swap-sides" (the next
// move keeps the swap's colour) or "swap-pieces" (the next move is
// Black's), players in PB and PW, and the result in RE by the winning
// player (B for PB, the first player, as ToRecord reads it). The record
// must replay without an illegal move.
func FromRecord(rec notation.Record) (*Tree, error) {
	spec, ok := rec.Tag("Game")
	if !ok {
		return nil, errors.New("sgf: the record has no Game tag")
	}
	cfg, err := hex.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	size := strconv.Itoa(cfg.Cols)
	if cfg.Rows != cfg.Cols {
		size += ":" + strconv.Itoa(cfg.Rows)
	}
	root := Node{Props: []Property{{ID: "FF", Values: []string{"4"}}, {ID: "GM", Values: []string{"11"}},
		{ID: "AP", Values: []string{"tabletop-go/rules"}}, {ID: "SZ", Values: []string{size}}}}
	for tag, id := range map[string]string{"Black": "PB", "White": "PW", "Date": "DT", "Event": "EV"} {
		if v, ok := rec.Tag(tag); ok {
			root.Props = append(root.Props, Property{ID: id, Values: []string{v}})
		}
	}
	t := &Tree{Nodes: []Node{root}}
	p := cfg.Start()
	for i, s := range rec.Moves {
		m, err := p.ParseMove(s)
		if err == nil {
			err = p.Legal(m)
		}
		if err != nil {
			return nil, fmt.Errorf("sgf: ply %d: %w", i+1, err)
		}
		color := "B"
		if p.Turn() == hex.White {
			color = "W"
		}
		text := m.String()
		if m == hex.Swap {
			text = "swap-" + cfg.Swap.String()
		}
		t.Nodes = append(t.Nodes, Node{Props: []Property{{ID: color, Values: []string{text}}}})
		p = p.PlayUnchecked(m)
	}
	if o := p.Outcome(); o.Over() {
		w, _ := o.Winner()
		player := "B" // PB, seat 0
		if w == 1 {
			player = "W"
		}
		t.Nodes[0].Props = append(t.Nodes[0].Props, Property{ID: "RE", Values: []string{player + "+"}})
	}
	return t, nil
}
