package sgf

import (
	"fmt"
	"strings"

	"github.com/tabletop-go/rules/hex"
)

// pieRule is the pie rule a tree's root declares: mode, when by names the
// property that says so ("RU[swap=none]", "HA[N/S]"); by is "" when the
// root declares none.
type pieRule struct {
	mode hex.SwapMode
	by   string
}

// readPieRule reads the pie rule the root declares in RU (as FromRecord
// writes it: swap=none, swap=sides or swap=pieces) or in HA (PlayHex's
// Demer handicap: N/S or 0.5 is a game without the swap). Any other RU
// or HA says nothing of the pie rule, except an RU that starts with
// "swap=", which must be one of the three.
func readPieRule(info map[string]string, cols, rows int) (pieRule, error) {
	var rule pieRule
	if ru, ok := info["RU"]; ok {
		lower := strings.ToLower(ru)
		name, isSwap := strings.CutPrefix(lower, "swap=")
		switch mode, known := swapModes[name]; {
		case isSwap && known:
			rule = pieRule{mode, "RU[" + lower + "]"}
		case isSwap:
			return pieRule{}, fmt.Errorf("sgf: node 1: RU[%s] names no pie rule (swap=none, swap=sides or swap=pieces)", escaped(ru))
		}
	}
	if ha, ok := info["HA"]; ok && (strings.EqualFold(ha, "N/S") || ha == "0.5") {
		if rule.by != "" && rule.mode != hex.SwapNone {
			return pieRule{}, fmt.Errorf("sgf: node 1: %s, but HA[%s] says the game has no swap", rule.by, escaped(ha))
		}
		if rule.by == "" {
			rule = pieRule{hex.SwapNone, "HA[" + escaped(ha) + "]"}
		}
	}
	if rule.by != "" && rule.mode == hex.SwapPieces && cols != rows {
		return pieRule{}, fmt.Errorf("sgf: node 1: %s on a %dx%d board (swap=pieces needs a square board)", rule.by, cols, rows)
	}
	return rule, nil
}

// swapModes maps the names of the pie rules, as RU writes them after
// "swap=", to the modes.
var swapModes = map[string]hex.SwapMode{"none": hex.SwapNone, "sides": hex.SwapSides, "pieces": hex.SwapPieces}
