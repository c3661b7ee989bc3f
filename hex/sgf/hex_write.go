package sgf

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

// FromRecord writes a Hex record as an SGF tree in HexGui's form: moves
// B[f3] and W[c9] by stone colour, the swap as "swap-sides" (the next
// move keeps the swap's colour) or "swap-pieces" (the next move is
// Black's), the pie rule of the Game tag in RU (RU[swap=none],
// RU[swap=sides] or RU[swap=pieces], which ToRecord reads back and other
// readers ignore or keep as the text of the rules), players in PB and PW,
// and the result in RE by the winning player (B for PB, the first
// player, as ToRecord reads it): the rules' result when the game is
// over, else the record's decided Result tag (a resignation or a loss on
// time, as its Termination tag says). A
// [Position] start becomes setup stones (AB, AW) and PL in the root; a
// start after the swap cannot be written (SGF cannot say which player
// owns which colour). The record must replay without an illegal move.
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
		{ID: "AP", Values: []string{"tabletop-go/rules"}}, {ID: "SZ", Values: []string{size}},
		{ID: "RU", Values: []string{"swap=" + cfg.Swap.String()}}}}
	for _, kv := range [...][2]string{{"Black", "PB"}, {"White", "PW"}, {"Date", "DT"}, {"Event", "EV"}} {
		if v, ok := rec.Tag(kv[0]); ok {
			root.Props = append(root.Props, Property{ID: kv[1], Values: []string{v}})
		}
	}
	p := cfg.Start()
	if text, ok := rec.Tag("Position"); ok {
		if p, err = cfg.ParsePosition(text); err != nil {
			return nil, err
		}
		if p.Swapped() != hex.SwapNone {
			return nil, errors.New("sgf: a start after the swap cannot be written in SGF")
		}
		var ab, aw []string
		for r := range cfg.Rows {
			for c := range cfg.Cols {
				sq := hex.NewSquare(c, r)
				switch p.At(sq) {
				case hex.Black:
					ab = append(ab, sq.String())
				case hex.White:
					aw = append(aw, sq.String())
				}
			}
		}
		if len(ab) > 0 {
			root.Props = append(root.Props, Property{ID: "AB", Values: ab})
		}
		if len(aw) > 0 {
			root.Props = append(root.Props, Property{ID: "AW", Values: aw})
		}
		if len(ab)+len(aw) > 0 {
			root.Props = append(root.Props, Property{ID: "PL", Values: []string{map[hex.Color]string{hex.Black: "B", hex.White: "W"}[p.ColorOf(p.Turn())]}})
		}
	}
	t := &Tree{Nodes: []Node{root}}
	for i, s := range rec.Moves {
		m, err := p.ParseMove(s)
		if err == nil {
			err = p.Legal(m)
		}
		if err != nil {
			return nil, fmt.Errorf("sgf: ply %d: %w", i+1, err)
		}
		color := "B"
		if p.ColorOf(p.Turn()) == hex.White {
			color = "W"
		}
		text := m.String()
		if m == hex.Swap {
			text = "swap-" + cfg.Swap.String()
		}
		t.Nodes = append(t.Nodes, Node{Props: []Property{{ID: color, Values: []string{text}}}})
		p = p.PlayUnchecked(m)
	}
	re := ""
	if o := p.Outcome(); o.Over() {
		re = "B+" // PB, seat 0
		if w, _ := o.Winner(); w == 1 {
			re = "W+"
		}
	} else if result, ok := rec.Tag("Result"); ok && (result == "1-0" || result == "0-1") {
		re = map[string]string{"1-0": "B+", "0-1": "W+"}[result]
		switch term, _ := rec.Tag("Termination"); term {
		case "resignation":
			re += "Resign"
		case "time":
			re += "Time"
		case "forfeit":
			re += "Forfeit"
		}
	}
	if re != "" {
		t.Nodes[0].Props = append(t.Nodes[0].Props, Property{ID: "RE", Values: []string{re}})
	}
	return t, nil
}
