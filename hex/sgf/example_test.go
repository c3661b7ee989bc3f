package sgf_test

import (
	"errors"
	"fmt"
	"strings"

	_ "github.com/tabletop-go/rules/hex" // registers Hex, which the records name
	"github.com/tabletop-go/rules/hex/sgf"
)

// ExampleReadGames reads a file of any Hex format, here HexGui SGF, and
// replays each game; a game that cannot be read says which and where,
// and the games after it are read.
func ExampleReadGames() {
	file := strings.NewReader(`(;FF[4]GM[11]SZ[3]RU[swap=none]PB[ann]PW[bob]
;B[b2];W[a2];B[b1];W[c1];B[b3])
(;FF[4]GM[11]SZ[3]
;B[b2];W[aa])
`)
	format, games := sgf.ReadGames(file, sgf.FormatAuto)
	fmt.Println("format:", format)
	for rec, err := range games {
		var ge *sgf.GameError
		if errors.As(err, &ge) {
			fmt.Printf("game %d (line %d): %v\n", ge.Game, ge.Line, ge.Err)
			continue
		} else if err != nil {
			fmt.Println("reading:", err) // the input failed: no more games
			return
		}
		game, _ := rec.Tag("Game")
		final, err := rec.Walk(nil)
		if err != nil {
			fmt.Printf("line %d: %v\n", rec.Line, err)
			continue
		}
		fmt.Printf("line %d: %s, %d moves, %s\n", rec.Line, game, len(rec.Moves), final.Outcome())
	}
	// Output:
	// format: sgf
	// line 1: hex(size=3,swap=none), 5 moves, 1-0 (connection)
	// game 2 (line 3): sgf: node 3: W[aa] is not a cell of the 3x3 board (columns a to c, rows 1 to 3; two letters are how Little Golem writes a cell, and ParseLittleGolem reads its export)
}
