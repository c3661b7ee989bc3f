package explocus

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// hexText writes the position text of a hexagon of that side holding the
// columns named ("f6": "A5"), seat to move at ply 0 or 1.
func hexText(side int, seat string, columns map[string]string) string {
	p := Config{Side: side}.empty()
	var b strings.Builder
	b.WriteString(Config{Side: side}.String() + " ")
	for r := 2*side - 2; r >= 0; r-- {
		lo, hi := p.fileRange(r)
		for f := lo; f <= hi; f++ {
			if c, ok := columns[notation.FileName(f)+itoa(r+1)]; ok {
				b.WriteString(c)
			} else {
				b.WriteByte('.')
			}
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	ply := map[string]string{"A": "0", "B": "1"}[seat]
	b.WriteString(" " + seat + " " + ply)
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func hexParse(t testing.TB, side int, seat string, columns map[string]string) HexPosition {
	t.Helper()
	p, err := ParseHexPosition(hexText(side, seat, columns))
	require.NoError(t, err)
	return p
}

// cell reads a cell name on p's board.
func cell(t testing.TB, name string) (file, rank int) {
	t.Helper()
	f, r, n, err := notation.ParseSquareName(name)
	require.NoError(t, err)
	require.Equal(t, len(name), n)
	return f, r - 1
}

func TestRE4_StartLayout(t *testing.T) {
	p := HexDefault.StartHex()
	assert.Equal(t, "hexplocus(size=6) ....../......./..ABBB../..AABBA../..AAABAA../..BBB.AAA../..BBABBB../..BAABB../..AAAB../......./...... A 0", p.String())
	assert.Equal(t, 18, p.Men(0))
	assert.Equal(t, 18, p.Men(1))
	assert.Equal(t, rules.Player(0), p.ToMove(), "White moves first")
	assert.Len(t, p.AppendMoves(nil), 108, "the first player has 108 moves")
	assert.Equal(t, "hexplocus(size=6)", p.Spec())
	cols, rows := p.Size()
	assert.Equal(t, [2]int{11, 11}, [2]int{cols, rows})
	// Ring 1 in order u_0..u_5 from g6: White, Black, White, ...
	for j, name := range []string{"g6", "g7", "f7", "e6", "e5", "f5"} {
		f, r := cell(t, name)
		owner, h := p.At(sq(f, r))
		assert.Equal(t, [2]int{j % 2, 1}, [2]int{int(owner), h}, name)
	}
	_, h := p.At(sq(5, 5))
	assert.Zero(t, h, "the centre f6 is empty")
	// Ring 3's segment 1 starts at f6 + 3·u_1 = i9 and runs to f9.
	for _, name := range []string{"i9", "h9", "g9"} {
		f, r := cell(t, name)
		owner, h := p.At(sq(f, r))
		assert.Equal(t, [2]int{1, 1}, [2]int{int(owner), h}, name)
	}
	f, r := cell(t, "f9")
	owner, _ := p.At(sq(f, r))
	assert.Equal(t, rules.Player(0), owner, "f9 = f6 + 3·u_2 starts White's segment 2")
}

func TestRE4_StartAgreesWithTheRulingOnEverySide(t *testing.T) {
	for side := MinSide; side <= MaxSide; side++ {
		p := Config{Side: side}.StartHex()
		_, rest, _, _ := notation.CutSpec(p.String())
		assert.Equal(t, hexRefStart(side).text(), strings.Fields(rest)[0], "side %d", side)
		want := 36
		if side == 3 {
			want = 18
		}
		assert.Equal(t, want/2, p.Men(0), "side %d", side)
		assert.Equal(t, want/2, p.Men(1), "side %d", side)
	}
	assert.Equal(t, "hexplocus(size=3) ABB/AABA/BB.AA/BABB/AAB A 0", Config{Side: 3}.StartHex().String(),
		"on side 3 the two rings fill every cell but the centre")
}

func TestRE4_StartIsPointSymmetricWithColoursSwapped(t *testing.T) {
	for side := MinSide; side <= MaxSide; side++ {
		p := Config{Side: side}.StartHex()
		c := side - 1
		for _, x := range hexBoard(side) {
			o1, h1 := p.At(sq(x.f, x.r))
			o2, h2 := p.At(sq(2*c-x.f, 2*c-x.r))
			require.Equal(t, h1, h2, "side %d: (%d,%d) and its mirror", side, x.f, x.r)
			if h1 > 0 {
				require.NotEqual(t, o1, o2, "side %d: (%d,%d) and its mirror have one colour", side, x.f, x.r)
			}
		}
	}
}

func TestRE4_CapacitiesOnCornersEdgesAndInside(t *testing.T) {
	p := HexDefault.StartHex()
	for _, name := range []string{"a1", "f1", "k6", "k11", "f11", "a6"} {
		f, r := cell(t, name)
		assert.Equal(t, 3, p.Capacity(sq(f, r)), "corner %s", name)
	}
	for _, name := range []string{"b1", "e1", "a2", "a5", "g2", "j5", "k7", "k10", "g11", "j11", "b7", "e10"} {
		f, r := cell(t, name)
		assert.Equal(t, 4, p.Capacity(sq(f, r)), "edge %s", name)
	}
	for _, name := range []string{"f6", "b2", "e5", "j10", "b6", "j6"} {
		f, r := cell(t, name)
		assert.Equal(t, 6, p.Capacity(sq(f, r)), "inside %s", name)
	}
	for _, name := range []string{"a7", "g1", "k5", "e11"} {
		f, r := cell(t, name)
		assert.Equal(t, 0, p.Capacity(sq(f, r)), "%s is off the hexagon", name)
		assert.False(t, p.OnBoard(sq(f, r)), name)
	}
	// On every side: six corners, 6(N−2) other edge cells, the rest
	// inside, and the capacities add up to twice the adjacencies.
	for side := MinSide; side <= MaxSide; side++ {
		p := Config{Side: side}.StartHex()
		count := map[int]int{}
		sum := 0
		for _, x := range hexBoard(side) {
			c := p.Capacity(sq(x.f, x.r))
			require.Equal(t, hexRefFrom(p.state).capacity(x), c)
			count[c]++
			sum += c
		}
		assert.Equal(t, map[int]int{3: 6, 4: 6 * (side - 2), 6: 3*side*(side-1) + 1 - 6*(side-1)}, count, "side %d", side)
		assert.Equal(t, 2*Config{Side: side}.Adjacencies(), sum, "side %d", side)
	}
	assert.Equal(t, 240, HexDefault.Adjacencies())
}

func TestAColumnOfFiveMovesFiveCellsInEachDirection(t *testing.T) {
	p := hexParse(t, 6, "A", map[string]string{"f6": "A5", "b2": "B"})
	var from []string
	for _, m := range p.AppendMoves(nil) {
		from = append(from, m.String())
	}
	assert.Len(t, from, 30, "5 distances in 6 directions")
	for _, s := range []string{"f6-k6", "f6-a6", "f6-f11", "f6-f1", "f6-k11", "f6-a1", "f6-j10", "f6-c3"} {
		assert.Contains(t, from, s)
	}
	// Five men land on the empty corner k11 (capacity 3): it fires once,
	// keeps two, and j11, k10 and j10 get a man each.
	q := mustPlay(t, p, "f6-k11")
	for name, want := range map[string][2]int{"k11": {0, 2}, "j11": {0, 1}, "k10": {0, 1}, "j10": {0, 1}, "f6": {0, 0}} {
		f, r := cell(t, name)
		owner, h := q.At(sq(f, r))
		assert.Equal(t, want, [2]int{int(owner), h}, name)
	}
	// Four of the five move four cells down-left onto Black's man on b2,
	// which becomes White's: a column of 5 on b2 (capacity 6).
	q = mustPlay(t, p, "f6-b2")
	f, r := cell(t, "b2")
	owner, h := q.At(sq(f, r))
	assert.Equal(t, [2]int{0, 5}, [2]int{int(owner), h})
	assert.Equal(t, 6, q.Men(0))
	assert.Equal(t, "1-0", q.Outcome().Result())
}

func TestHexMovesGoAlongTheSixDirectionsOnly(t *testing.T) {
	p := hexParse(t, 6, "A", map[string]string{"c3": "A5", "e4": "B"})
	for move, reason := range map[string]error{
		"c3-i9": ErrTooFar,   // six cells up-right: the column has five men
		"c3-d2": ErrNotALine, // (f+1, r−1) is not a direction of the board
		"c3-b4": ErrNotALine, // (f−1, r+1) neither
		"c3-e4": ErrNotALine, // nor a knight's jump
		"e4-e5": ErrNotYourColor,
		"d4-d5": ErrEmptySquare,
	} {
		m, err := p.ParseMove(move)
		require.NoError(t, err, move)
		assert.ErrorIs(t, p.Legal(m), reason, move)
	}
	q := mustPlay(t, p, "c3-e5")
	f, r := cell(t, "e5")
	_, h := q.At(sq(f, r))
	assert.Equal(t, 2, h, "two men move two cells along the diagonal")
	// A cell off the hexagon is a syntax error, as off the square board.
	var se *rules.SyntaxError
	for _, move := range []string{"c3-c9", "a7-a8", "l6-k6", "c3-c12"} {
		_, err := p.ParseMove(move)
		require.ErrorAs(t, err, &se, move)
	}
	_, err := p.ParseMove("c3-c9")
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 3, se.Offset)
	assert.Contains(t, se.Msg, "c9 is off the hexagon")
	assert.ErrorIs(t, p.Legal(mv(2, 2, 2, 8)), ErrOffBoard, "c3-c9 given as a Move")
	// The square board has no diagonal.
	square := parse(t, "A", ".....", ".....", "..A2..", ".....", "....B")
	m, err := square.ParseMove("c3-d4")
	require.NoError(t, err)
	assert.ErrorIs(t, square.Legal(m), ErrNotALine)
}

func TestRE4_ExplosionsCascadeAcrossEdgeCells(t *testing.T) {
	// Side 4. A man steps onto b1 (edge, capacity 4, three men there): b1
	// fires into a1, c1, b2 and c2; c1 (edge, Black's three) reaches 4 and
	// fires into d1, b1, c2 and d2; the corner d1 (capacity 3, Black's
	// two) reaches 3 and fires into c1, d2 and e2; e2 (edge of the lower
	// right side, Black's three) fires into d1, d2, e3 and f3. Every cell
	// the cascade touches ends White's; g5 is never reached.
	p := hexParse(t, 4, "A", map[string]string{"b1": "A3", "b2": "A", "c1": "B3", "d1": "B2", "e2": "B3", "g5": "B"})
	q := mustPlay(t, p, "b2-b1")
	assert.Equal(t, refBoardAfter(t, p, "b2-b1"), board(q), "the plain reference agrees")
	for _, name := range []string{"a1", "b1", "c1", "c2", "d1", "d2", "e2", "e3", "f3"} {
		f, r := cell(t, name)
		owner, h := q.At(sq(f, r))
		if h > 0 {
			assert.Equal(t, rules.Player(0), owner, name)
		}
	}
	f, r := cell(t, "g5")
	owner, h := q.At(sq(f, r))
	assert.Equal(t, [2]int{1, 1}, [2]int{int(owner), h}, "g5 stays Black's")
	assert.Equal(t, 1, q.Men(1))
	assert.Equal(t, p.Men(0)+p.Men(1), q.Men(0)+q.Men(1), "men are conserved")
	f, r = cell(t, "d2")
	_, h = q.At(sq(f, r))
	assert.Equal(t, 3, h, "d2 (inside) got a man from c1, d1 and e2")
}

// refBoardAfter plays move with the plain reference.
func refBoardAfter(t *testing.T, p HexPosition, move string) string {
	m, err := p.ParseMove(move)
	require.NoError(t, err)
	return hexRefFrom(p.state).play(ref(m), nil).text()
}

func TestRE4_RE3_SetupsWithTooManyMenAreRejectedOnTheHexagon(t *testing.T) {
	// Side 3 has 42 adjacencies: 41 men are accepted, 42 rejected.
	full := map[string]string{}
	for _, x := range hexBoard(3) {
		full[notation.FileName(x.f)+itoa(x.r+1)] = "A" + itoa(Config{Side: 3}.StartHex().Capacity(sq(x.f, x.r))-1)
	}
	// Corners 2, edges 3, inside 5: 6·2 + 6·3 + 7·5 = 65 men; take
	// some away.
	full["c3"], full["b2"], full["d4"], full["c2"] = "A", "A", "B", "A2" // 65 − 4 − 4 − 4 − 3 = 50
	full["b3"], full["d3"] = "A2", "A"                                   // 50 − 3 − 4 = 43
	full["c4"] = "A3"                                                    // 41
	for k, v := range full {
		full[k] = strings.TrimSuffix(v, "1")
	}
	p, err := ParseHexPosition(hexText(3, "A", full))
	require.NoError(t, err)
	require.Equal(t, 41, p.Men(0)+p.Men(1))
	full["c4"] = "A4"
	_, err = ParseHexPosition(hexText(3, "A", full))
	assert.ErrorContains(t, err, "42 men on a board with 42 adjacencies: R-E3")
}

func TestHexPositionTextsAreRefusedWhenImpossible(t *testing.T) {
	start := HexDefault.StartHex().String()
	_, board, _, _ := notation.CutSpec(start)
	for _, tc := range []struct{ text, msg string }{
		{"hexplocus(size=6) ......./......./..ABBB../..AABBA../..AAABAA../..BBB.AAA../..BBABBB../..BAABB../..AAAB../......./...... A 0", "has more than 6 cells"},
		{"hexplocus(size=6) ...../......./..ABBB../..AABBA../..AAABAA../..BBB.AAA../..BBABBB../..BAABB../..AAAB../......./...... A 0", "rank 11 has 5 cells, want 6"},
		{"hexplocus(size=6) ....../......./..ABBB../..AABBA../..AAABAA../..BBB.AAA../..BBABBB../..BAABB../..AAAB../......./...... B 0", "at ply 0 seat A is to move"},
		{"hexplocus(size=6) ....../......./..ABBB../..AABBA../..AAABAA../..BBB.A6AA../..BBABBB../..BAABB../..AAAB../......./...... A 0", "capacity 6"},
		{"hexplocus(size=6) A3...../......./..ABBB../..AABBA../..AAABAA../..BBB.AAA../..BBABBB../..BAABB../..AAAB../......./...... A 0", "capacity 3"},
		{"hexplocus(size=6) .A4..../......./..ABBB../..AABBA../..AAABAA../..BBB.AAA../..BBABBB../..BAABB../..AAAB../......./...... A 0", "capacity 4"},
		{"hexplocus(size=6,plylimit=4) ....../......./..ABBB../..AABBA../..AAABAA../..BBB.AAA../..BBABBB../..BAABB../..AAAB../......./...... A 6", "ply limit 4"},
		{"hexplocus(size=6) ....../......./......../........./........../...BBB...../........../........./......../......./...... B 1", "the seat that moved last has no men"},
		{"hexplocus(size=14) " + board, "size"},
		{board, "a Hexplocus text begins with its spec"},
	} {
		_, err := ParseHexPosition(tc.text)
		require.Error(t, err, tc.text)
		assert.Contains(t, err.Error(), tc.msg, tc.text)
		var se *rules.SyntaxError
		var spe *notation.SpecError
		assert.True(t, errors.As(err, &se) || errors.As(err, &spe), "%T", err)
	}
	// A bare text is read in the configuration asked for.
	p, err := HexDefault.ParseHexPosition(board)
	require.NoError(t, err)
	assert.Equal(t, start, p.String())
	d, err := rules.OpenPosition("hexplocus", board)
	require.NoError(t, err)
	assert.Equal(t, start, d.String())
	_, err = Default.ParsePosition(start)
	assert.ErrorContains(t, err, "not of \"explocus(rows=8,cols=8)\"")
}

// TestEachTypeRefusesTheOtherGame: a Position is never on the hexagon
// and a HexPosition never on the square board, whichever way one is
// asked for.
func TestEachTypeRefusesTheOtherGame(t *testing.T) {
	assert.False(t, HexDefault.Start().IsValid(), "Start of a hexagon")
	assert.False(t, Default.StartHex().IsValid(), "StartHex of a square board")
	hexStart, square := HexDefault.StartHex().String(), New().String()
	var spe *notation.SpecError
	var se *rules.SyntaxError
	_, err := ParsePosition(hexStart)
	require.ErrorAs(t, err, &se, "the text's spec is at fault")
	assert.Contains(t, err.Error(), "read it with ParseHexPosition")
	_, err = HexDefault.ParsePosition(hexStart)
	require.ErrorAs(t, err, &spe)
	assert.Contains(t, err.Error(), "read it with ParseHexPosition")
	_, err = ParseHexPosition("explocus(rows=8,cols=8) " + strings.SplitN(square, " ", 2)[0] + " A 0")
	require.ErrorAs(t, err, &se)
	assert.Contains(t, err.Error(), "read it with ParsePosition")
	_, err = Default.ParseHexPosition(square)
	require.ErrorAs(t, err, &spe)
	assert.Contains(t, err.Error(), "read it with ParsePosition")
	var p Position
	assert.Error(t, p.UnmarshalText([]byte(hexStart)))
	var h HexPosition
	require.NoError(t, h.UnmarshalText([]byte(hexStart)))
	assert.Equal(t, HexDefault.StartHex(), h)
	assert.Error(t, h.UnmarshalText([]byte(square)))
	_, err = HexPosition{}.MarshalText()
	assert.ErrorContains(t, err, "explocus.HexPosition")
}

func TestHexSpecs(t *testing.T) {
	c, err := ParseSpec("hexplocus")
	require.NoError(t, err)
	assert.Equal(t, HexDefault, c)
	assert.Equal(t, "hexplocus(size=6)", c.String())
	c, err = ParseSpec("hexplocus(plylimit=9,size=13)")
	require.NoError(t, err)
	assert.Equal(t, Config{Side: 13, PlyLimit: 9}, c)
	assert.Equal(t, "hexplocus(size=13,plylimit=9)", c.String())
	for _, bad := range []string{"hexplocus(size=2)", "hexplocus(size=14)", "hexplocus(rows=8)", "explocus(size=6)", "hexplocus(size=06)"} {
		_, err := ParseSpec(bad)
		assert.Error(t, err, bad)
	}
	assert.Error(t, Config{Side: 6, Rows: 11, Cols: 11}.Validate())
	assert.Error(t, Config{Side: 14}.Validate())
	assert.NoError(t, Config{Side: 3}.Validate())
	assert.Equal(t, HexPosition{}, Config{Side: 99}.StartHex(), "Start never clamps: an invalid configuration gives the invalid value")
	d, err := rules.Open("hexplocus(size=4,plylimit=20)")
	require.NoError(t, err)
	assert.Equal(t, "hexplocus(size=4,plylimit=20)", d.Spec())
	assert.Contains(t, rules.Games(), "hexplocus")
	assert.Len(t, d.Moves(), len(Config{Side: 4}.StartHex().AppendMoves(nil)))
}

func TestHexplocusCanEnd(t *testing.T) {
	p, limited := HexDefault.StartHex(), Config{Side: 6, PlyLimit: 100}.StartHex()
	for _, q := range []HexPosition{p, limited} {
		assert.True(t, q.CanEnd(rules.Win(2, rules.Elimination, 0)))
		assert.True(t, q.CanEnd(rules.Win(2, rules.Elimination, 1)))
		assert.False(t, q.CanEnd(rules.Win(2, rules.Elimination, 0, 1)))
		assert.False(t, q.CanEnd(rules.Draw(3, rules.PlyLimit)))
	}
	assert.False(t, p.CanEnd(rules.Draw(2, rules.PlyLimit)), "the rules have no draw")
	assert.True(t, limited.CanEnd(rules.Draw(2, rules.PlyLimit)), "the ply limit draws")
}

func TestHexDiagram(t *testing.T) {
	want := strings.Join([]string{
		"     5 W1  B1  B1",
		"   4 W1  W1  B1  W1",
		" 3 B1  B1  .   W1  W1",
		"   2 B1  W1  B1  B1  e",
		"     1 W1  W1  B1  d",
		"         a   b   c",
		"White (A) to move; White 9 men, Black 9 men",
	}, "\n")
	assert.Equal(t, want, Config{Side: 3}.StartHex().Diagram())
}
