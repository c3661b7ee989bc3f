package sgf

import (
	"fmt"
	"strings"

	"github.com/tabletop-go/rules/hex"
)

// sgfMove is a move of the main line: its colour letter, its text (a
// cell, canonical, or a swap token as written) and its node.
type sgfMove struct {
	color, text string
	node        int
}

// ending is how a main line ends short of the rules: the colour that
// resigned or forfeited ("" for neither), which ("resign" or "forfeit"),
// and its node.
type ending struct {
	color, how string
	node       int
}

// readMoves reads the B and W moves of the main line, checking each
// against the board and the pie rule, and the resignation or forfeit
// that may end it.
func readMoves(nodes []Node, cols, rows int, rule pieRule) ([]sgfMove, ending, error) {
	var moves []sgfMove
	var end ending
	grid := hex.Config{Cols: cols, Rows: rows, Swap: hex.SwapNone}.Start()
	for i, n := range nodes {
		for _, prop := range n.Props {
			if prop.ID != "B" && prop.ID != "W" {
				continue
			}
			if end.how != "" {
				return nil, end, fmt.Errorf("sgf: node %d: a move after %s's %s", i+1, end.color, end.how)
			}
			v := strings.TrimSpace(prop.Values[0])
			switch lower := strings.ToLower(v); {
			case lower == "resign" || lower == "forfeit":
				end = ending{prop.ID, lower, i + 1}
				continue
			case lower == "pass" || lower == "":
				return nil, end, fmt.Errorf("sgf: node %d: %s[%s] is a pass, and Hex has no pass", i+1, prop.ID, escaped(prop.Values[0]))
			case isSwapToken(v):
				if rule.by != "" && rule.mode == hex.SwapNone {
					return nil, end, fmt.Errorf("sgf: node %d: %s[%s] swaps, but %s says the game has no pie rule", i+1, prop.ID, escaped(v), rule.by)
				}
				if rule.by != "" && rule.mode == hex.SwapPieces && lower == "swap-sides" {
					return nil, end, fmt.Errorf("sgf: node %d: %s[%s], but %s says the swap exchanges the pieces, not the sides", i+1, prop.ID, escaped(v), rule.by)
				}
			default:
				m, err := grid.ParseMove(v)
				if err != nil || m.IsSwap() {
					return nil, end, notACell(i+1, prop.ID, prop.Values[0], cols, rows)
				}
				v = m.String()
			}
			moves = append(moves, sgfMove{prop.ID, v, i + 1})
		}
	}
	return moves, end, nil
}

// checkTurns checks that the colours of the moves alternate from the
// setup's, as a swap and the declared pie rule allow.
func checkTurns(moves []sgfMove, setup setupInfo, rule pieRule) error {
	toMove := setup.toMove
	for i, m := range moves {
		switch {
		case i > 0 && isSwapToken(moves[i-1].text):
			// Either colour may follow a swap (it tells the swap's
			// meaning), but swap-sides and a pie rule the root
			// declares say which.
			prev := moves[i-1]
			switch {
			case strings.ToLower(prev.text) == "swap-sides" && m.color != prev.color:
				return fmt.Errorf("sgf: node %d: %s moves, but after swap-sides %s moves again (the colours were exchanged, not the turn)", m.node, m.color, prev.color)
			case rule.by != "" && rule.mode == hex.SwapSides && m.color != prev.color:
				return fmt.Errorf("sgf: node %d: %s moves, but after the swap %s moves again (%s: the colours were exchanged, not the turn)", m.node, m.color, prev.color, rule.by)
			case rule.by != "" && rule.mode == hex.SwapPieces && m.color == prev.color:
				return fmt.Errorf("sgf: node %d: %s moves, but after the swap %s is to move (%s: the swap is a move of the pieces)", m.node, m.color, other(prev.color), rule.by)
			}
		case m.color != toMove:
			return fmt.Errorf("sgf: node %d: %s moves, but %s is to move (%s)", m.node, m.color, toMove, setup.why)
		}
		toMove = other(m.color)
		if i == 0 {
			setup.why = "the colours alternate"
		}
	}
	return nil
}

// recordMoves returns the moves in record notation and the swap mode
// they imply (the pie rule's, when the root declares one).
func recordMoves(moves []sgfMove, info map[string]string, rule pieRule) ([]string, hex.SwapMode) {
	var out []string
	mode := hex.SwapSides
	for i, m := range moves {
		switch strings.ToLower(m.text) {
		case "swap-sides":
			out = append(out, "swap")
		case "swap-pieces", "swap":
			out = append(out, "swap")
			switch {
			case i+1 < len(moves) && moves[i+1].color == m.color:
				mode = hex.SwapSides
			case i+1 < len(moves):
				mode = hex.SwapPieces
			case strings.HasPrefix(info["AP"], "HexGui") || strings.HasPrefix(info["AP"], "Hex-benzene"):
				mode = hex.SwapSides
			case strings.ToLower(m.text) == "swap-pieces":
				mode = hex.SwapPieces
			}
		default:
			out = append(out, m.text)
		}
	}
	if rule.by != "" {
		mode = rule.mode // the moves agree with it (checkTurns)
	}
	return out, mode
}

// notACell is the error for value v of property id in node (a move or a
// setup stone) that is no cell of the cols×rows board.
func notACell(node int, id, v string, cols, rows int) error {
	why := fmt.Sprintf("columns a to %c, rows 1 to %d", 'a'+cols-1, rows)
	if t := strings.TrimSpace(v); len(t) == 2 && t[0] >= 'a' && t[0] <= 'z' && t[1] >= 'a' && t[1] <= 'z' {
		why += `; two letters are how Little Golem writes a cell, and ParseLittleGolem reads its export`
	}
	return fmt.Errorf("sgf: node %d: %s[%s] is not a cell of the %dx%d board (%s)", node, id, escaped(v), cols, rows, why)
}

func other(color string) string {
	if color == "B" {
		return "W"
	}
	return "B"
}

func isSwapToken(s string) bool {
	switch strings.ToLower(s) {
	case "swap", "swap-pieces", "swap-sides":
		return true
	}
	return false
}
