package sgf

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/notation"
)

// TestRecordsKeepTheirPieRuleThroughSGF: a record of every swap mode,
// with and without the swap played, written by FromRecord and read back
// by ToRecord, keeps its Game tag (the pie rule) and its moves, and
// replays as it did.
func TestRecordsKeepTheirPieRuleThroughSGF(t *testing.T) {
	for _, tc := range []struct{ game, moves, ru string }{
		{"hex(size=3,swap=none)", "", "RU[swap=none]"},
		{"hex(size=3,swap=none)", "a1 b2", "RU[swap=none]"},
		{"hex(size=4x3,swap=none)", "a1 b2 c1", "RU[swap=none]"},
		{"hex(size=3,swap=sides)", "", "RU[swap=sides]"},
		{"hex(size=3,swap=sides)", "a1 b2", "RU[swap=sides]"},
		{"hex(size=3,swap=sides)", "a1 swap", "RU[swap=sides]"},
		{"hex(size=3,swap=sides)", "a1 swap b2 c1", "RU[swap=sides]"},
		{"hex(size=3,swap=pieces)", "", "RU[swap=pieces]"},
		{"hex(size=3,swap=pieces)", "a1 b2", "RU[swap=pieces]"},
		{"hex(size=3,swap=pieces)", "a1 swap", "RU[swap=pieces]"},
		{"hex(size=3,swap=pieces)", "b1 swap b2 c3", "RU[swap=pieces]"},
	} {
		name := tc.game + " " + tc.moves
		rec, err := notation.ParseRecord(fmt.Sprintf("[Game %q]\n\n%s\n", tc.game, tc.moves))
		require.NoError(t, err, name)
		before, err := rec.Replay()
		require.NoError(t, err, name)
		tree, err := FromRecord(rec)
		require.NoError(t, err, name)
		text := tree.String()
		assert.Contains(t, text, tc.ru, name)
		back, err := ToRecord(mustTree(t, text))
		require.NoError(t, err, "%s: %s", name, text)
		game, _ := back.Tag("Game")
		assert.Equal(t, tc.game, game, "%s: %s", name, text)
		assert.Equal(t, rec.Moves, back.Moves, name)
		after, err := back.Replay()
		require.NoError(t, err, name)
		assert.Equal(t, before.Moves, after.Moves, name)
		assert.Equal(t, before.Final().String(), after.Final().String(), name)
	}
}

// TestToRecordReadsThePieRuleTheRootDeclares: RU as FromRecord writes it
// (any case), and PlayHex's HA[N/S] and HA[0.5] for a game without the
// swap; other RU and HA say nothing, and the moves or the default decide.
func TestToRecordReadsThePieRuleTheRootDeclares(t *testing.T) {
	for _, tc := range []struct{ sgf, game string }{
		{"(;GM[11]SZ[3]RU[swap=none];B[a1];W[b2])", "hex(size=3,swap=none)"},
		{"(;GM[11]SZ[3]RU[ Swap=None ];B[a1])", "hex(size=3,swap=none)"},
		{"(;GM[11]SZ[3]RU[swap=pieces];B[a1])", "hex(size=3,swap=pieces)"},
		{"(;GM[11]SZ[3]RU[swap=pieces];B[a1];W[swap-pieces];B[b1])", "hex(size=3,swap=pieces)"},
		{"(;GM[11]SZ[3]RU[SWAP=PIECES];B[a1];W[swap])", "hex(size=3,swap=pieces)"},
		{"(;GM[11]SZ[3]RU[swap=sides];B[a1];W[swap-pieces];W[b1])", "hex(size=3,swap=sides)"},
		{"(;GM[11]SZ[3]RU[swap=sides];B[a1];W[swap-pieces])", "hex(size=3,swap=sides)"},
		{"(;GM[11]SZ[3]RU[swap=sides]HA[0];B[a1];W[swap-sides];W[b1])", "hex(size=3,swap=sides)"},
		{"(;GM[11]SZ[3]HA[N/S];B[a1];W[b2])", "hex(size=3,swap=none)"},
		{"(;GM[11]SZ[3]HA[n/s])", "hex(size=3,swap=none)"},
		{"(;GM[11]SZ[3]HA[0.5];B[a1])", "hex(size=3,swap=none)"},
		{"(;GM[11]SZ[3]RU[swap=none]HA[N/S];B[a1])", "hex(size=3,swap=none)"},
		// Nothing declared: the moves or the default decide.
		{"(;GM[11]SZ[3]HA[0];B[a1];W[swap-pieces];B[b1])", "hex(size=3,swap=pieces)"},
		{"(;GM[11]SZ[3]RU[Japanese];B[a1])", "hex(size=3,swap=sides)"},
		{"(;GM[11]SZ[3]RU[Japanese];B[a1];W[swap-pieces];B[b1])", "hex(size=3,swap=pieces)"},
		{"(;GM[11]SZ[3]HA[2];B[a1])", "hex(size=3,swap=sides)"},
		{"(;GM[11]SZ[3];B[a1])", "hex(size=3,swap=sides)"},
	} {
		rec, err := toRecordErr(t, tc.sgf)
		require.NoError(t, err, tc.sgf)
		game, _ := rec.Tag("Game")
		assert.Equal(t, tc.game, game, tc.sgf)
		_, err = rec.Replay()
		assert.NoError(t, err, tc.sgf)
	}
}

// TestToRecordRefusesMovesThatContradictTheDeclaredPieRule, and a pie
// rule it cannot read, naming the node and the property.
func TestToRecordRefusesMovesThatContradictTheDeclaredPieRule(t *testing.T) {
	for _, tc := range []struct{ sgf, want string }{
		{"(;GM[11]SZ[3]RU[swap=none];B[a1];W[swap-pieces];B[b1])", "sgf: node 3: W[swap-pieces] swaps, but RU[swap=none] says the game has no pie rule"},
		{"(;GM[11]SZ[3]RU[swap=none];B[a1];W[swap])", "sgf: node 3: W[swap] swaps, but RU[swap=none] says the game has no pie rule"},
		{"(;GM[11]SZ[3]HA[N/S];B[a1];W[swap-sides];W[b1])", "sgf: node 3: W[swap-sides] swaps, but HA[N/S] says the game has no pie rule"},
		{"(;GM[11]SZ[3]RU[swap=pieces];B[a1];W[swap-sides];W[b1])", "sgf: node 3: W[swap-sides], but RU[swap=pieces] says the swap exchanges the pieces, not the sides"},
		{"(;GM[11]SZ[3]RU[swap=sides];B[a1];W[swap-pieces];B[b1])", "sgf: node 4: B moves, but after the swap W moves again (RU[swap=sides]: the colours were exchanged, not the turn)"},
		{"(;GM[11]SZ[3]RU[swap=pieces];B[a1];W[swap-pieces];W[b1])", "sgf: node 4: W moves, but after the swap B is to move (RU[swap=pieces]: the swap is a move of the pieces)"},
		{"(;GM[11]SZ[3]RU[swap=maybe];B[a1])", "sgf: node 1: RU[swap=maybe] names no pie rule (swap=none, swap=sides or swap=pieces)"},
		{"(;GM[11]SZ[3]RU[swap=\x1b[2J];B[a1])", `sgf: node 1: RU[swap=\x1b[2J] names no pie rule`},
		{"(;GM[11]SZ[3]RU[swap=none][swap=sides];B[a1])", "sgf: node 1: RU has 2 values, want one"},
		{"(;GM[11]SZ[3:4]RU[swap=pieces];B[a1])", "sgf: node 1: RU[swap=pieces] on a 3x4 board (swap=pieces needs a square board)"},
		{"(;GM[11]SZ[3]RU[swap=sides]HA[N/S];B[a1])", "sgf: node 1: RU[swap=sides], but HA[N/S] says the game has no swap"},
	} {
		_, err := toRecordErr(t, tc.sgf)
		if assert.Error(t, err, tc.sgf) {
			assert.Contains(t, err.Error(), tc.want, tc.sgf)
			assert.NotContains(t, err.Error(), "\x1b", tc.sgf)
		}
	}
}
