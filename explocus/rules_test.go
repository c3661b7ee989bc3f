package explocus

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestRE1_StartLayout(t *testing.T) {
	p := New()
	assert.Equal(t, "......../.AABBAA./.BBAABB./.AABBAA./.BBAABB./.AABBAA./.BBAABB./........ A 0", p.String())
	assert.Equal(t, 18, p.Men(0))
	assert.Equal(t, 18, p.Men(1))
	assert.Equal(t, rules.Player(0), p.ToMove(), "White moves first")
	assert.Equal(t, 72, len(p.AppendMoves(nil)))
	// Other sizes: the pattern on the central min(rows,6) x min(cols,6).
	small := Config{Rows: 3, Cols: 4}.Start()
	assert.Equal(t, "AABB/BBAA/AABB A 0", small.String())
	big := Config{Rows: 10, Cols: 9}.Start()
	assert.Equal(t, 36, big.Men(0)+big.Men(1))
}

func TestCapacityIsTheNumberOfNeighbours(t *testing.T) {
	p := New()
	assert.Equal(t, 2, p.Capacity(sq(0, 0)), "corner")
	assert.Equal(t, 2, p.Capacity(sq(7, 7)), "corner")
	assert.Equal(t, 3, p.Capacity(sq(0, 3)), "edge")
	assert.Equal(t, 3, p.Capacity(sq(4, 7)), "edge")
	assert.Equal(t, 4, p.Capacity(sq(3, 3)), "inside")
}

func TestAColumnMovesItsTopMenExactlyThatFar(t *testing.T) {
	p := parse(t, "A", ".....", ".....", ".A2...", ".....", "..B..")
	var se *rules.SyntaxError
	_, err := p.ParseMove("b3-b9")
	require.ErrorAs(t, err, &se, "a square off this board is a syntax error")
	assert.Equal(t, 3, se.Offset)
	assert.ErrorIs(t, p.Legal(mv(1, 2, 1, 8)), ErrOffBoard)
	q := mustPlay(t, p, "b3-b5")
	assert.Equal(t, ".A2.../...../...../...../..B..", board(q), "two men move two squares")
	q = mustPlay(t, p, "b3-b4")
	assert.Equal(t, "...../.A.../.A.../...../..B..", board(q), "the top man moves one square; one stays")
	for move, reason := range map[string]error{
		"b3-e3": ErrTooFar, "b3-c4": ErrNotALine, "c1-c2": ErrNotYourColor,
		"a1-a2": ErrEmptySquare,
	} {
		m, err := p.ParseMove(move)
		require.NoError(t, err)
		assert.ErrorIs(t, p.Legal(m), reason, move)
		assert.ErrorIs(t, p.Legal(m), rules.ErrIllegal, move)
	}
}

func TestAMoveOntoAnEnemyColumnTakesItOver(t *testing.T) {
	p := parse(t, "A", ".....", ".....", ".AB2..", ".....", "B....")
	q := mustPlay(t, p, "b3-c3")
	owner, h := q.At(sq(2, 2))
	assert.Equal(t, rules.Player(0), owner, "the whole column becomes the mover's")
	assert.Equal(t, 3, h)
	assert.Equal(t, 3, q.Men(0))
	assert.Equal(t, 1, q.Men(1))
}

func TestACornerColumnOfTwoExplodes(t *testing.T) {
	// a1 has capacity 2: a man landing on a single man there explodes it,
	// one man to a2 (taking B's man over) and one to b1.
	p := parse(t, "A", "....", "....", "B...", "AA..")
	q := mustPlay(t, p, "b1-a1")
	assert.Equal(t, "..../..../A2.../.A..", board(q))
	assert.Equal(t, 3, q.Men(0))
	assert.Equal(t, 0, q.Men(1))
	assert.Equal(t, "1-0", q.Outcome().Result())
	assert.Equal(t, rules.Elimination, q.Outcome().Reason)
}

func TestACascadeConvertsEnemyColumns(t *testing.T) {
	// c2 (inside, capacity 4) reaches 4 and fires: one man each to b2, d2
	// (Black men, now White's), c3 (Black's 2-column, now a White 3) and
	// c1. e2 is not touched and stays Black.
	p := parse(t, "A", ".....", ".....", "..B2..", ".BA3BB", "..A..")
	q := mustPlay(t, p, "c1-c2")
	assert.Equal(t, "...../...../..A3../.A2.A2B/..A..", board(q))
	assert.Equal(t, 8, q.Men(0))
	assert.Equal(t, 1, q.Men(1))
}

func TestAChainCrossesTheBoard(t *testing.T) {
	// 2-columns along the top edge (capacity 3) and a single man in the
	// far corner (capacity 2): landing two men on b3 sets off each in turn.
	p := parse(t, "A", ".B2B2B2B2B2B", ".......", ".A2.B...")
	q := mustPlay(t, p, "b1-b3")
	for f := range 7 {
		owner, h := q.At(sq(f, 2))
		if h > 0 {
			assert.Equal(t, rules.Player(0), owner, "file %d of the top rank", f)
		}
	}
	owner, h := q.At(sq(6, 1))
	assert.Equal(t, [2]int{0, 1}, [2]int{int(owner), h}, "the far corner fired into g2")
	assert.Equal(t, 1, q.Men(1), "only d1's man stays Black")
	assert.Equal(t, p.Men(0)+p.Men(1), q.Men(0)+q.Men(1), "men are conserved")
	m, _ := p.ParseMove("b1-b3")
	want := refFrom(p.state).play(ref(m), nil)
	assert.Equal(t, want.text(), board(q), "the naive one-firing-at-a-time cascade agrees")
}

func TestAWinInTheMiddleOfACascadeStillResolvesIt(t *testing.T) {
	// a5 (corner) fires first and takes Black's last man; b5 then reaches
	// 3 and fires too. The cascade is resolved to the end and White wins.
	p := parse(t, "A", "BA2...", "A2....", ".....", ".....", ".....")
	q := mustPlay(t, p, "a4-a5")
	assert.Equal(t, "A.A../A2A.../...../...../.....", board(q))
	assert.Equal(t, 0, q.Men(1))
	assert.Equal(t, "1-0", q.Outcome().Result())
	assert.Equal(t, rules.Terminal, q.ToMove())
}

func TestRE3_SetupsWithTooManyMenAreRejected(t *testing.T) {
	// 3x3 has 12 adjacencies: 11 men are accepted, 12 rejected.
	_, err := ParsePosition("A.A/A2B3A2/A.B A 0")
	assert.NoError(t, err)
	_, err = ParsePosition("AAA/A2B3A2/A.B A 0")
	assert.ErrorContains(t, err, "R-E3")
}

func TestColumnsAtCapacityAreRejectedInPositions(t *testing.T) {
	_, err := ParsePosition("A2../.../... B 0")
	assert.ErrorContains(t, err, "capacity 2")
}

func TestPlyLimitEndsInADraw(t *testing.T) {
	c, err := ParseSpec("explocus(plylimit=2)")
	require.NoError(t, err)
	p := mustPlay(t, c.Start(), "b7-b8", "b6-a6")
	assert.Equal(t, "1/2-1/2", p.Outcome().Result())
	assert.Equal(t, rules.PlyLimit, p.Outcome().Reason)
	assert.False(t, New().Outcome().Over())
}

func TestSpecs(t *testing.T) {
	c, err := ParseSpec("explocus")
	require.NoError(t, err)
	assert.Equal(t, "explocus(rows=8,cols=8)", c.String())
	c, err = ParseSpec("explocus(cols=26,rows=3,plylimit=9)")
	require.NoError(t, err)
	assert.Equal(t, "explocus(rows=3,cols=26,plylimit=9)", c.String())
	for _, bad := range []string{"explocus(rows=2)", "explocus(cols=27)", "explocus(size=8)", "explocus(plylimit=-1)"} {
		_, err := ParseSpec(bad)
		assert.Error(t, err, bad)
	}
}
