package explocus_test

// Tests written by attacking the HexPosition change from outside: each
// pins a rule that the package's other tests left free (a mutation of
// the code under it passed them).

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/notation"
)

// TestHashesAreFrozen: a hash is a stored key (an opening book, a
// transposition table, a replay check), so no key may move: not the
// square board's, nor the hexagon's heights 4 and 5, drawn after the
// turn's, nor the configuration's and the ply's. The values are those of
// the commit before HexPosition (161d738), and of cc86334, for texts
// with columns of 2 to 5, ply limits, and the largest hexagon.
func TestHashesAreFrozen(t *testing.T) {
	for _, tc := range []struct {
		text string
		hash uint64
	}{
		{"hexplocus(size=6) ....../......./..ABBB../..AABBA../..AAABAA../..BBB.AAA../..BBABBB../..BAABB../..AAAB../......./...... A 0", 0x71b8b23937d49783},
		{"hexplocus(size=6) ....../.B...../..B2BBB../..AA.AAA./....B2...A./..AA..A3A.../..BBA3..B2../....BB4B../BA.A..../......./...... A 38", 0xd668037f9ec3d3cf},
		{"hexplocus(size=3) ABB/AABA/BB.AA/BABB/AAB A 0", 0xd80b3408dde59104},
		{"hexplocus(size=3) .A2./B2BA2./.A5..A/AA../A2.A A 30", 0xa03037922f35d42f},
		{"hexplocus(size=3) A.A2/.AA./AA2A.A/AA4../.A2A B 37", 0x7fa695beafc20b77},
		{"hexplocus(size=4,plylimit=30) ABBB/AABBA/AAABAA/BBB.AAA/BBABBB/BAABB/AAAB A 0", 0xd379c66b3a63e978},
		{"hexplocus(size=4,plylimit=30) BB2BB/BB.A2./.A4B..A/.B2.BA2.B2/.BBA2A2./.A.B3./..B3B A 30", 0x85146b67e79df3bc},
	} {
		p, err := explocus.ParseHexPosition(tc.text)
		require.NoError(t, err, tc.text)
		assert.Equal(t, tc.text, p.String(), "the text reads back unchanged")
		assert.Equal(t, tc.hash, p.Hash(), "%s: hash %#x", tc.text, p.Hash())
	}
	for _, tc := range []struct {
		text string
		hash uint64
	}{
		{"......../.AABBAA./.BBAABB./.AABBAA./.BBAABB./.AABBAA./.BBAABB./........ A 0", 0x7ed348eca7a6d6c},
		{"..A...../...BAAA./BBA2AA.B./B2.BBA2BA./.BB...BB/.A.A2A2.../..B2.B2AA./....B... A 30", 0x9e78105b23dfc72c},
		{".A....../A2AB.A.A2./A..B.AA./...B2B2BB./A..B2BB../.A.A2B3.A2B/..B..A../.B.B.... A 60", 0x4bd11e23af91a7d9},
		{"explocus(rows=5,cols=7,plylimit=20) AABBAA./BBAABB./AABBAA./BBAABB./AABBAA. A 0", 0x73bf4d8e9f441abf},
		{"explocus(rows=5,cols=7,plylimit=20) .AA2B.A2./A2A2....A2/A.B..B3./.B2.AA3../A.B2A2BA. A 20", 0xc0042d7a494cbe81},
	} {
		p, err := explocus.ParsePosition(tc.text)
		require.NoError(t, err, tc.text)
		assert.Equal(t, tc.text, p.String(), "the text reads back unchanged")
		assert.Equal(t, tc.hash, p.Hash(), "%s: hash %#x", tc.text, p.Hash())
	}
	assert.Equal(t, uint64(0x7ed348eca7a6d6c), explocus.New().Hash(), "New")
	assert.Equal(t, uint64(0xc988f943c0d3623d), explocus.Config{Side: explocus.MaxSide}.StartHex().Hash(), "the largest hexagon's start")
	assert.Equal(t, uint64(0x71b8b23937d49783), explocus.NewHex().Hash(), "NewHex")
}

// TestABareHexagonTextIsToldToBeginWithItsSpec: ParsePosition reading a
// Hexplocus board without its spec says what the text is (a hexagon's
// ranks grow by one cell) rather than only that its ranks differ.
func TestABareHexagonTextIsToldToBeginWithItsSpec(t *testing.T) {
	_, board, _, ok := notation.CutSpec(explocus.NewHex().String())
	require.True(t, ok)
	for _, text := range []string{board, "AB./..../...../..../..B A 0"} {
		_, err := explocus.ParsePosition(text)
		var se *rules.SyntaxError
		require.ErrorAs(t, err, &se, text)
		assert.Contains(t, err.Error(), "a Hexplocus text begins with its spec", text)
		assert.ErrorIs(t, err, rules.ErrBadPosition, text)
	}
}

// TestConfigParseHexPositionRefusesAnInvalidConfigByItsOption: a
// configuration Validate refuses is reported as such, naming the option,
// before any text is compared with it: not as "the text is a position of
// hexplocus(size=3), not of hexplocus(size=3)", the spec of a Config with
// Side and Rows both set reading the same as the text's.
func TestConfigParseHexPositionRefusesAnInvalidConfigByItsOption(t *testing.T) {
	text := explocus.Config{Side: 3}.StartHex().String()
	for _, c := range []explocus.Config{{Side: 3, Rows: 3}, {Side: 3, Cols: 5}} {
		_, err := c.ParseHexPosition(text)
		var spe *notation.SpecError
		require.ErrorAs(t, err, &spe, "%+v", c)
		assert.Equal(t, "size", spe.Option, "%+v", c)
		assert.NotContains(t, err.Error(), "not of", "%+v", c)
		_, err = c.ParsePosition(text)
		require.ErrorAs(t, err, &spe, "%+v", c)
		assert.Equal(t, "size", spe.Option, "%+v", c)
	}
}

// TestLegalRefusesAMoveToNoSquareWithErrNoSuchSquare: the contract names
// ErrNoSuchSquare for a move whose squares are not both on the grid, the
// destination as well as the origin, in a game going on or over, on both
// boards.
func TestLegalRefusesAMoveToNoSquareWithErrNoSuchSquare(t *testing.T) {
	from := explocus.NewSquare(2, 2) // c3, a column at both starts
	bad := []explocus.Move{
		explocus.Move(uint32(from)<<16 | uint32(explocus.NoSquare)),
		explocus.Move(uint32(explocus.NoSquare)<<16 | uint32(from)),
		explocus.Move(uint32(from)<<16 | uint32(explocus.NewSquare(2, 2))&0xFF | 30<<8), // rank 31
		explocus.NoMove,
	}
	over, err := explocus.ParsePosition("A../.../... B 1")
	require.NoError(t, err)
	require.Equal(t, rules.Terminal, over.ToMove())
	hexOver, err := explocus.ParseHexPosition("hexplocus(size=3) A../..../...../..../... B 1")
	require.NoError(t, err)
	require.Equal(t, rules.Terminal, hexOver.ToMove())
	for _, m := range bad {
		for name, legal := range map[string]func(explocus.Move) error{
			"Position": explocus.New().Legal, "HexPosition": explocus.NewHex().Legal,
			"finished Position": over.Legal, "finished HexPosition": hexOver.Legal,
		} {
			err := legal(m)
			var me *rules.MoveError
			require.ErrorAs(t, err, &me, "%s %s", name, m)
			assert.True(t, errors.Is(err, explocus.ErrNoSuchSquare), "%s: %s gives %v", name, m, err)
			assert.ErrorIs(t, err, rules.ErrIllegal, "%s %s", name, m)
		}
	}
}

// TestEachGameOffersItsOwnVariantsTheUsualFirst: a game's lobby entries
// are specs of that game, opened by its own registry entry (not another
// game's that rules.Open would route them to), the usual one, the bare
// spec's, first.
func TestEachGameOffersItsOwnVariantsTheUsualFirst(t *testing.T) {
	for name, usual := range map[string]string{"explocus": explocus.Default.String(), "hexplocus": explocus.HexDefault.String()} {
		g, err := rules.Lookup(name)
		require.NoError(t, err)
		require.NotEmpty(t, g.Variants, name)
		assert.Equal(t, usual, g.Variants[0].Spec, "%s: the usual variant first", name)
		for _, v := range g.Variants {
			assert.Equal(t, name, rules.SpecName(v.Spec), "%s offers %q", name, v.Spec)
			d, err := g.Open(v.Spec)
			if assert.NoError(t, err, "%s: its entry opens %q", name, v.Spec) {
				assert.Equal(t, v.Spec, d.Spec())
			}
		}
	}
}

// TestHexObservationHasAPlaneForEveryHeight: on the hexagon a column
// holds up to five men (capacity 6 inside), and the observation has a
// plane per height for each seat: columns of 4 and 5 are seen.
func TestHexObservationHasAPlaneForEveryHeight(t *testing.T) {
	// A4 on c4 (file 2, rank 3), A5 on c3 (file 2, rank 2), B on d3.
	p, err := explocus.ParseHexPosition("hexplocus(size=3) .../.A4../..A5B./..../... A 0")
	require.NoError(t, err)
	planes, rows, cols := p.ObservationShape()
	require.Equal(t, []int{13, 5, 5}, []int{planes, rows, cols})
	size := rows * cols
	at := func(o []float32, plane, file, rank int) float32 { return o[plane*size+rank*cols+file] }
	const tall = 5
	for seat := range 2 {
		o := p.AppendObservation(nil, rules.Player(seat))
		require.Len(t, o, planes*size)
		a := 0 // where White's (A's) planes start: the seat's own first
		if seat == 1 {
			a = tall
		}
		b := tall - a
		assert.Equal(t, float32(1), at(o, a+3, 2, 3), "seat %d: A's column of 4 on c4", seat)
		assert.Equal(t, float32(1), at(o, a+4, 2, 2), "seat %d: A's column of 5 on c3", seat)
		assert.Equal(t, float32(1), at(o, b+0, 3, 2), "seat %d: B's man on d3", seat)
		var ones int
		for _, v := range o[:2*tall*size] {
			if v != 0 {
				ones++
			}
		}
		assert.Equal(t, 3, ones, "seat %d: one height plane set per column", seat)
	}
}

// TestEachRegistryEntryRefusesTheOtherGamesSpec: the entries of Explocus
// and Hexplocus, called directly, refuse the other game's spec as a bad
// spec naming the game, rather than opening the invalid value.
func TestEachRegistryEntryRefusesTheOtherGamesSpec(t *testing.T) {
	for entry, other := range map[string]string{"explocus": "hexplocus(size=4)", "hexplocus": "explocus(rows=5,cols=5)"} {
		g, err := rules.Lookup(entry)
		require.NoError(t, err)
		_, err = g.Open(other)
		require.ErrorIs(t, err, rules.ErrBadSpec, entry)
		assert.ErrorContains(t, err, "not a "+entry+" spec", entry)
		_, err = g.OpenPosition(other, "x")
		assert.ErrorIs(t, err, rules.ErrBadSpec, entry)
	}
}

// TestAHeightOfTwoDigitsIsReadWhole: "A12" used to be read as a column
// of 1 followed by a stray 2 and refused as "written only when it is 2
// or more"; it is a column of twelve, which no cell holds.
func TestAHeightOfTwoDigitsIsReadWhole(t *testing.T) {
	for text, msg := range map[string]string{
		"A12../.../..B A 0":                 "a column of 12 on a3 reaches the cell's capacity 2",
		"A999999999999999999../.../..B A 0": "a column of 999999999999999999 on a3",
		"A02../.../..B A 0":                 "no leading zero",
		"A1../.../..B A 0":                  "written only when it is 2 or more",
		"A0../.../..B A 0":                  "written only when it is 2 or more",
	} {
		_, err := explocus.Config{Rows: 3, Cols: 3}.ParsePosition(text)
		var se *rules.SyntaxError
		require.ErrorAs(t, err, &se, text)
		assert.Contains(t, se.Msg, msg, text)
	}
}
