package cli

import (
	"github.com/tabletop-go/rules"

	// The tools know every game of the module: importing a game package
	// registers it with rules.Open.
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
)

// open returns the start of the game a spec names, or the position text
// position in that game and variant if it is not empty.
func open(spec, position string) (rules.Dynamic, error) {
	if position == "" {
		return rules.Open(spec)
	}
	return rules.OpenPosition(spec, position)
}

// pieceLetters holds, per game, the letters its diagram draws for the
// first and the second player's pieces: play colours them.
var pieceLetters = map[string][2]byte{
	"hex":        {'B', 'W'},
	"focus":      {'A', 'B'},
	"explocus":   {'W', 'B'},
	"hexplocus":  {'W', 'B'},
	"domination": {'X', 'O'},
}
