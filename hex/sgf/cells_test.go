package sgf

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// TestToRecordRefusesAMoveThatIsNoCellNamingTheNodeAndProperty: every
// way a move's value can fail to be a cell of the board is refused by
// ToRecord, before any replay, with the node and the property.
func TestToRecordRefusesAMoveThatIsNoCellNamingTheNodeAndProperty(t *testing.T) {
	const board = " is not a cell of the 3x3 board (columns a to c, rows 1 to 3"
	long := strings.Repeat("z", 500)
	for _, tc := range []struct{ sgf, want string }{
		// Little Golem's two letters, a column and a row past the board.
		{"(;GM[11]SZ[3];B[aa])", "sgf: node 2: B[aa]" + board + "; two letters are how Little Golem writes a cell, and ParseLittleGolem reads its export)"},
		{"(;GM[11]SZ[3];B[a1];W[cc])", "sgf: node 3: W[cc]" + board + "; two letters"},
		{"(;GM[11]SZ[3];B[d1])", "sgf: node 2: B[d1]" + board + ")"},
		{"(;GM[11]SZ[3];B[a4])", "sgf: node 2: B[a4]" + board + ")"},
		{"(;GM[11]SZ[3:4];B[a5])", "sgf: node 2: B[a5] is not a cell of the 3x4 board (columns a to c, rows 1 to 4)"},
		{"(;GM[11];B[l1])", "sgf: node 2: B[l1] is not a cell of the 11x11 board (columns a to k, rows 1 to 11)"},
		{"(;GM[11]SZ[26];B[z27])", "sgf: node 2: B[z27] is not a cell of the 26x26 board (columns a to z, rows 1 to 26)"},
		{"(;GM[11]SZ[3];B[aa1])", "sgf: node 2: B[aa1]" + board},
		// Rows that are no row.
		{"(;GM[11]SZ[3];B[a0])", "sgf: node 2: B[a0]" + board},
		{"(;GM[11]SZ[3];B[a01])", "sgf: node 2: B[a01]" + board},
		{"(;GM[11]SZ[3];B[a-1])", "sgf: node 2: B[a-1]" + board},
		{"(;GM[11]SZ[3];B[a1000])", "sgf: node 2: B[a1000]" + board},
		{"(;GM[11]SZ[3];B[a99999999999999999999])", "sgf: node 2: B[a99999999999999999999]" + board},
		{"(;GM[11]SZ[3];B[a])", "sgf: node 2: B[a]" + board},
		{"(;GM[11]SZ[3];B[1a])", "sgf: node 2: B[1a]" + board},
		{"(;GM[11]SZ[3];B[1])", "sgf: node 2: B[1]" + board},
		// Text around or inside the cell.
		{"(;GM[11]SZ[3];B[a1x])", "sgf: node 2: B[a1x]" + board},
		{"(;GM[11]SZ[3];B[a 1])", "sgf: node 2: B[a 1]" + board},
		{"(;GM[11]SZ[3];B[a1;b2])", "sgf: node 2: B[a1;b2]" + board},
		{"(;GM[11]SZ[3];B[\uff411])", "sgf: node 2: B[\uff411]" + board},
		{"(;GM[11]SZ[3];B[a1\x1b[2J])", `sgf: node 2: B[a1\x1b[2J]` + board},
		{"(;GM[11]SZ[3];B[\xff])", `sgf: node 2: B[\xff]` + board},
		{"(;GM[11]SZ[3];B[" + long + "])", "sgf: node 2: B[" + strings.Repeat("z", 40) + "...]" + board},
		// Words that are no Hex move.
		{"(;GM[11]SZ[3];B[swap-everything])", "sgf: node 2: B[swap-everything]" + board},
		{"(;GM[11]SZ[3];B[a1];W[tt])", "sgf: node 3: W[tt]" + board},
		// Passes: an empty value (SGF's pass in Go) or the word.
		{"(;GM[11]SZ[3];B[])", "sgf: node 2: B[] is a pass, and Hex has no pass"},
		{"(;GM[11]SZ[3];B[ ])", "sgf: node 2: B[ ] is a pass, and Hex has no pass"},
		{"(;GM[11]SZ[3];B[a1];W[PASS])", "sgf: node 3: W[PASS] is a pass, and Hex has no pass"},
		// Setup stones, checked the same way.
		{"(;GM[11]SZ[3]AB[aa])", "sgf: node 1: AB[aa]" + board + "; two letters"},
		{"(;GM[11]SZ[3]AW[c4])", "sgf: node 1: AW[c4]" + board + ")"},
	} {
		rec, err := toRecordErr(t, tc.sgf)
		if assert.Error(t, err, "%q gave %v", tc.sgf, rec.Moves) {
			assert.Contains(t, err.Error(), tc.want, tc.sgf)
			assert.NotContains(t, err.Error(), "\x1b", tc.sgf)
			assert.LessOrEqual(t, len(err.Error()), 300, "the error quotes a short piece of the value")
			assert.ErrorIs(t, err, rules.ErrBadRecord, tc.sgf)
		}
	}
}

// TestToRecordAcceptsCellsInEitherCaseAndWritesThemCanonical: HexGui
// writes lower case; upper case and spaces around the value are read too,
// and the record holds the canonical cell.
func TestToRecordAcceptsCellsInEitherCaseAndWritesThemCanonical(t *testing.T) {
	rec, err := toRecordErr(t, "(;GM[11]SZ[26];B[Z26];W[ a1 ];B[Mm]C[no: two letters])")
	require.Error(t, err, "Mm is two letters")
	rec, err = toRecordErr(t, "(;GM[11]SZ[26];B[Z26];W[ a1 ];B[k11])")
	require.NoError(t, err)
	assert.Equal(t, []string{"z26", "a1", "k11"}, rec.Moves)
	_, err = rec.Replay()
	assert.NoError(t, err)
}

// TestToRecordErrorsMatchErrBadRecord: a server maps them with
// rules.ErrorCode; ErrNotHex and the cause stay reachable.
func TestToRecordErrorsMatchErrBadRecord(t *testing.T) {
	_, err := toRecordErr(t, "(;GM[11]SZ[3];B[aa])")
	assert.Equal(t, "bad-record", rules.ErrorCode(err))
	_, err = toRecordErr(t, "(;GM[1]SZ[19];B[pd])")
	assert.Equal(t, "bad-record", rules.ErrorCode(err))
	assert.ErrorIs(t, err, ErrNotHex)
	assert.Equal(t, ErrNotHex.Error(), err.Error())
	_, err = toRecordErr(t, "(;GM[11]SZ[3]AB[a1][b1])")
	assert.Equal(t, "bad-position", rules.ErrorCode(err))
	var se *rules.SyntaxError
	assert.True(t, errors.As(err, &se), "the position's error is the cause")
	_, err = ToRecord(nil)
	assert.Equal(t, "bad-record", rules.ErrorCode(err))
}
