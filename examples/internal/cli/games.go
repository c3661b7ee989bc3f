package cli

import (
	"github.com/tabletop-go/rules"

	// The tools know every game of the module: importing a game package
	// registers it with rules.Open.
	_ "github.com/tabletop-go/rules/examples/internal/games"
)

// open returns the start of the game a spec names, or the position text
// position in that game and variant if it is not empty.
func open(spec, position string) (rules.Dynamic, error) {
	if position == "" {
		return rules.Open(spec)
	}
	return rules.OpenPosition(spec, position)
}

// pieceLetters returns the letters the game's diagram draws the first
// and the second seat's pieces with (rules.SeatInfo's Mark) at start, for
// play to colour them: B and W in Hex, X and O in Domination, A and B in
// Focus. A seat whose mark is not one letter gets none.
func pieceLetters(start rules.Dynamic) [2]byte {
	var out [2]byte
	for s := range min(start.Seats(), 2) {
		if mark := start.SeatInfo(rules.Player(s)).Mark; len(mark) == 1 {
			out[s] = mark[0]
		}
	}
	return out
}
