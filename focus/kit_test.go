package focus

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// kitSpecs are the variants the kit's tests go through: every registered
// variant, the option combinations, and ply limits.
var kitSpecs = []string{
	"focus", "focus(plylimit=50)", "focus(swap=true)", "focus(swap=true,plylimit=30)",
	"focus(setup=drop)", "focus(drops=restricted)", "focus(setup=drop,drops=restricted,plylimit=60)",
	"focus(nowak=true)", "focus(nowak=true,plylimit=40)",
	"focus(players=3)", "focus(players=4)", "focus(players=4,teams=true)",
	"focus(players=3,short=true)", "focus(players=4,short=true)", "focus(players=4,teams=true,short=true)",
	"focus(players=4,teams=true,drops=restricted,plylimit=100)",
}

func TestKitSpecsCoverEveryRegisteredVariant(t *testing.T) {
	g, err := rules.Lookup("focus")
	require.NoError(t, err)
	for _, v := range g.Variants {
		assert.Contains(t, kitSpecs, v.Spec)
	}
}

func TestNumActionsPerVariant(t *testing.T) {
	for spec, want := range map[string]int{
		"focus": 620, "focus(plylimit=50)": 620, "focus(setup=drop)": 620, "focus(drops=restricted)": 620,
		"focus(players=3)": 620, "focus(players=4)": 620, "focus(players=3,short=true)": 620, "focus(players=4,short=true)": 620,
		"focus(players=4,teams=true)": 673, "focus(players=4,teams=true,short=true)": 673,
		"focus(swap=true)": 1250, "focus(swap=true,plylimit=30)": 1250,
		"focus(nowak=true)": 30972, "focus(nowak=true,plylimit=40)": 30972,
	} {
		p := anyStart(t, spec).(anyKit)
		require.True(t, p.IsValid(), spec)
		assert.Equal(t, want, p.NumActions(), spec)
		assert.Equal(t, 0, p.NumChanceActions(), spec)
		_, ok := p.ChanceMove(0)
		assert.False(t, ok, spec)
	}
	assert.Equal(t, 568, NumStackActions)
	assert.Equal(t, 600, NumNowakBoardActions)
	assert.Equal(t, 630, NumSwapActions)
	assert.Equal(t, 30320, NumNowakTurnActions)
}

// TestActionIndexIsABijectionOnTheSpace: every index of every variant's
// space decodes to a move that indexes back to it, distinct indices to
// distinct moves, and indices outside the space are refused.
func TestActionIndexIsABijectionOnTheSpace(t *testing.T) {
	for _, spec := range kitSpecs {
		p := anyStart(t, spec).(anyKit)
		require.True(t, p.IsValid(), spec)
		n := p.NumActions()
		seen := make(map[Move]int, n)
		for i := range n {
			m, ok := p.ActionMove(i)
			require.True(t, ok, "%s: ActionMove(%d)", spec, i)
			require.Equal(t, i, p.ActionIndex(m), "%s: ActionMove(%d) = %v", spec, i, m)
			if j, dup := seen[m]; dup {
				t.Fatalf("%s: indices %d and %d are both %v", spec, j, i, m)
			}
			seen[m] = i
		}
		for _, i := range []int{-1, n, n + 1, 1 << 40} {
			_, ok := p.ActionMove(i)
			assert.False(t, ok, "%s: ActionMove(%d)", spec, i)
		}
	}
}

// TestActionIndexCoversEveryMoveOfTheVariant: along random games of
// every variant, every listed move has an index in the space.
func TestActionIndexCoversEveryMoveOfTheVariant(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	buf := make([]Move, 0, MaxMoves)
	for _, spec := range kitSpecs {
		forStart(t, spec, func(t *testing.T, p Position) { buf = actionIndexCovers(t, r, buf, p) },
			func(t *testing.T, p NowakPosition) { buf = actionIndexCovers(t, r, buf, p) })
	}
}

// actionIndexCovers checks, along four random games from start, that
// every listed move has an index in the space; it returns buf.
func actionIndexCovers[P anyPosition[P]](t *testing.T, r *rand.Rand, buf []Move, start P) []Move {
	spec := start.Spec()
	require.True(t, start.IsValid(), spec)
	for range 4 {
		p := start
		for ply := 0; ply < 300; ply++ {
			buf = p.AppendMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			for _, m := range buf {
				if i := p.ActionIndex(m); i < 0 || i >= p.NumActions() {
					t.Fatalf("%s: move %v has index %d: %s", spec, m, i, p)
				}
			}
			p = p.PlayUnchecked(buf[r.IntN(len(buf))])
		}
	}
	return buf
}

// TestEveryActionIsLegalInSomePosition: the spaces are as small as the
// rules allow. For each index of each kind of space a position is built
// where its move is legal.
func TestEveryActionIsLegalInSomePosition(t *testing.T) {
	legal := func(p anyKit, m Move) {
		t.Helper()
		require.NoError(t, p.Legal(m), "%v at %s", m, p)
	}
	// Stack moves and drops, with any number of seats.
	standard := New()
	for i := range dropBase + NumSquares {
		m, _ := standard.ActionMove(i)
		if m.IsDrop() {
			legal(build(t, map[string]string{"e5": "B"}, "A", 1, 0), m)
			continue
		}
		other := "e5"
		if m.From().String() == other {
			other = "d4"
		}
		legal(build(t, map[string]string{m.From().String(): "AAAAA", other: "B"}, "A", 0, 0), m)
	}
	// The same with three and four seats, individual and in teams.
	for _, spec := range []string{"focus(players=3)", "focus(players=4)", "focus(players=4,teams=true)"} {
		n := mustSpec(t, spec).players()
		reserves := []string{"1", "0", "0", "0"}[:n]
		for i := range dropBase + NumSquares {
			m, _ := standard.ActionMove(i)
			stacks := map[string]string{}
			if !m.IsDrop() {
				stacks[m.From().String()] = "AAAAA"
			}
			for s, name := range []string{"h5", "h4", "a5"}[:n-1] {
				if _, taken := stacks[name]; taken {
					name = "b5"
				}
				stacks[name] = string(rune('B' + s))
			}
			legal(buildMulti(t, spec, stacks, "A", reserves), m)
		}
	}
	// Team play: the partner's drops and the pass.
	teams := mustSpec(t, "focus(players=4,teams=true)").Start()
	withPartner := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"d4": "B", "e5": "D", "e4": "C"}, "A",
		[]string{"0+1", "0", "0", "0"})
	noMove := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"d4": "B", "e5": "D", "e4": "C"}, "A",
		[]string{"0", "0", "0", "0"})
	for i := partnerDropBase; i < teams.NumActions(); i++ {
		m, _ := withPartner.ActionMove(i)
		if m == Pass {
			legal(noMove, m)
		} else {
			legal(withPartner, m)
		}
	}
	// The opening swaps: seat 0's and, after each, seat 1's.
	swap := mustSpec(t, "focus(swap=true)").Start()
	listed := map[Move]bool{}
	for _, m := range swap.AppendMoves(nil) {
		listed[m] = true
		for _, m2 := range swap.PlayUnchecked(m).AppendMoves(nil) {
			listed[m2] = true
		}
	}
	for i := swapBase; i < swap.NumActions(); i++ {
		m, _ := swap.ActionMove(i)
		assert.True(t, listed[m], "swap %v", m)
	}
	// Nowak's board moves, drops alone and turns with a drop.
	nowakStart := mustSpec(t, "focus(nowak=true)").StartNowak()
	for i := range numNowakActions {
		m, _ := nowakStart.ActionMove(i)
		legal(nowakPositionFor(t, m), m)
	}
}

// nowakPositionFor builds a position of Nowak's game where m, a Nowak
// board move, drop alone or turn, is legal: A to move, a stack of five
// on the origin (unless it is the dropped piece), one B piece on the
// path where the move must jump one, B pieces around a drop that must
// be alone, and a B piece out of the way.
func nowakPositionFor(t *testing.T, m Move) NowakPosition {
	stacks := map[string]string{}
	reserve := 0
	between := func(from, to Square) []Square {
		var out []Square
		d := int(lineDistance[from][to])
		for sq := Square(0); sq < 64; sq++ {
			if lineDistance[from][sq] != 0 && int(lineDistance[from][sq]) < d && lineDistance[sq][to] != 0 && int(lineDistance[sq][to]) < d {
				out = append(out, sq)
			}
		}
		return out
	}
	busy := uint64(0) // squares the move needs as they are
	switch {
	case m.IsDrop():
		reserve = 1
		busy |= 1 << m.To()
		for sq := Square(0); sq < 64; sq++ {
			if d := lineDistance[m.To()][sq]; d == 1 || d == 2 {
				stacks[sq.String()] = "B"
				busy |= 1 << sq
			}
		}
	default:
		from, to := m.From(), m.To()
		path := between(from, to)
		busy |= 1<<from | 1<<to
		for _, sq := range path {
			busy |= 1 << sq
		}
		jumped := false
		if m.IsNowakTurn() {
			reserve = 1
			busy |= 1 << m.NowakDrop()
			jumped = slices.Contains(path, m.NowakDrop())
		}
		if !m.IsNowakTurn() || from != m.NowakDrop() {
			stacks[from.String()] = "AAAAA"
		}
		if d := int(lineDistance[from][to]); !jumped && (d == 6 || m.IsNowakTurn() && from == m.NowakDrop() && d == 2) {
			stacks[path[0].String()] = "B"
		}
	}
	hasB := false
	for _, st := range stacks {
		hasB = hasB || st == "B"
	}
	for _, sq := range boardSquare {
		if hasB {
			break
		}
		if busy>>sq&1 == 0 && lineDistance[sq][m.From()] == 0 && lineDistance[sq][m.To()] == 0 {
			stacks[sq.String()] = "B"
			hasB = true
		}
	}
	return nowak(t, stacks, "A", reserve, 0)
}

func TestActionIndexGoldenIndices(t *testing.T) {
	standard := New()
	teams := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"d4": "B", "e5": "D", "e4": "C"}, "A",
		[]string{"0+1", "0", "0", "0"})
	swap := mustSpec(t, "focus(swap=true)").Start()
	nowakStart := mustSpec(t, "focus(nowak=true)").StartNowak()
	for _, c := range []struct {
		p    anyKit
		move string
		want int
	}{
		{standard, "c1-c2", 0}, {standard, "c1-c6", 4}, {standard, "c1-d1", 5}, {standard, "c1-f1", 7},
		{standard, "d1-d2", 8}, {standard, "d1-c1", 15}, {standard, "e1-e2", 16},
		{standard, "b2-b3", 32}, // c1..f1 have 8 moves each
		{standard, "f8-c8", 567}, {standard, "*c1", 568}, {standard, "*d4", 568 + 21}, {standard, "*f8", 619},
		{teams, "C*c1", 620}, {teams, "C*f8", 671}, {teams, "pass", 672}, {teams, "*c1", 568},
		{swap, "b2<>c2", 620}, {swap, "b2<>b3", 620 + 6*5/2}, {swap, "f7<>g7", 1249}, {swap, "b2<>g7", 620 + 35*34/2},
		{nowakStart, "c1-c2", 0}, {nowakStart, "c1-c7", 568}, {nowakStart, "f8-f2", 599}, {nowakStart, "*c1", 600}, {nowakStart, "*f8", 651},
		{nowakStart, "*c1,c1-c2", 652}, {nowakStart, "*c1,c1-c3", 653}, {nowakStart, "*c1,c1-d1", 654},
		{nowakStart, "*c1,c1-e1", 655}, {nowakStart, "*c1,d1-d2", 656}, {nowakStart, "*f8,e8-e2", 30971},
	} {
		m, err := c.p.ParseMove(c.move)
		require.NoError(t, err)
		assert.Equal(t, c.want, c.p.ActionIndex(m), "%s: %s", c.p.Spec(), c.move)
		back, ok := c.p.ActionMove(c.want)
		assert.True(t, ok)
		assert.Equal(t, c.move, back.String(), "%s: ActionMove(%d)", c.p.Spec(), c.want)
	}
}

// TestActionIndexRefusesWhatNoNodeLists: values that are no move of the
// variant get -1, whatever their kind.
func TestActionIndexRefusesWhatNoNodeLists(t *testing.T) {
	standard := New()
	teams := mustSpec(t, "focus(players=4,teams=true)").Start() // A to move
	swap := mustSpec(t, "focus(swap=true)").Start()
	nowakStart := mustSpec(t, "focus(nowak=true)").StartNowak()
	s := func(name string) Square { return sq(t, name) }
	for _, c := range []struct {
		p   anyKit
		m   Move
		why string
	}{
		{standard, NoMove, "NoMove"},
		{standard, StackMove(s("a1"), s("a2")), "off the board"},
		{standard, StackMove(s("c3"), s("d4")), "no line"},
		{standard, StackMove(s("c3"), s("c3")), "no distance"},
		{standard, StackMove(s("a3"), s("g3")), "distance 6 outside Nowak's game"},
		{standard, StackMove(s("c1"), s("c7")), "distance 6 outside Nowak's game, the first"},
		{nowakStart, StackMove(s("a3"), s("h3")), "distance 7"},
		{standard, StackMove(s("c3"), s("c4")) | 1<<20, "stray bits"},
		{standard, Drop(s("a1")), "a drop off the board"},
		{standard, Drop(s("c3")) | 2<<12, "a drop of another colour outside team play"},
		{standard, Drop(s("c3")) | 1<<6, "stray bits in a drop"},
		{teams, Drop(s("c3")) | 1<<12, "A's own colour named: not how it is listed"},
		{teams, Drop(s("c3")) | 4<<12, "D's colour with A to move"},
		{teams, Drop(s("c3")) | 2<<12, "B's colour with A to move"},
		{standard, Pass, "a pass outside team play"},
		{teams, Pass | 1, "stray bits in a pass"},
		{standard, SwapMove(s("c3"), s("d3")), "a swap without swap=true"},
		{swap, SwapMove(s("a3"), s("d3")), "a swap of a square outside the central 6×6"},
		{swap, SwapMove(s("c3"), s("c3")), "a swap of one square"},
		{swap, kindSwap<<kindShift | Move(s("d3"))<<6 | Move(s("c3")), "a swap with its squares out of order"},
		{standard, NowakTurn(s("d4"), s("c3"), s("c4")), "a Nowak turn outside Nowak's game"},
		{nowakStart, NowakTurn(s("c4"), s("c3"), s("c4")), "a Nowak turn onto its drop square"},
		{nowakStart, NowakTurn(s("c3"), s("c3"), s("c6")), "the dropped piece over three squares"},
		{nowakStart, NowakTurn(s("a1"), s("c3"), s("c4")), "a drop off the board"},
		{nowakStart, Drop(s("c3")) | 1<<12, "a Nowak drop naming a colour"},
		{nowakStart, Move(5) << kindShift, "no kind"},
	} {
		assert.Equal(t, -1, c.p.ActionIndex(c.m), "%s: %s (%v)", c.p.Spec(), c.why, c.m)
		assert.Equal(t, NoMove, c.p.TransformMove(1, c.m), "%s: TransformMove of %s", c.p.Spec(), c.why)
	}
	var zero Position
	assert.Equal(t, -1, zero.ActionIndex(StackMove(s("c3"), s("c4"))))
	assert.Equal(t, 0, zero.NumActions())
}

// TestPartnerDropIndexFollowsTheSeatToMove: in team play the partner's
// drop has one index, whose move is the colour of the partner of the
// seat to move.
func TestPartnerDropIndexFollowsTheSeatToMove(t *testing.T) {
	a := mustSpec(t, "focus(players=4,teams=true)").Start()
	b := mustPlay(t, a, "d1-d2") // A's piece on d1 steps north; B to move
	require.Equal(t, rules.Player(1), b.ToMove())
	for _, c := range []struct {
		p       Position
		partner string
	}{{a, "C"}, {b, "D"}} {
		m, ok := c.p.ActionMove(partnerDropBase + 21)
		require.True(t, ok)
		assert.Equal(t, c.partner+"*d4", m.String())
		assert.Equal(t, partnerDropBase+21, c.p.ActionIndex(m))
	}
	m, _ := a.ActionMove(partnerDropBase + 21)
	assert.Equal(t, -1, b.ActionIndex(m), "C's colour is not B's partner's")
}

// TestSymmetriesMapSquaresAsDocumented: c3 (file 2, rank 2) and b2 under
// each symmetry, that each maps the board onto itself, and the group:
// the inverses and the compositions.
func TestSymmetriesMapSquaresAsDocumented(t *testing.T) {
	want := map[int][2]string{
		0: {"c3", "b1"}, 1: {"f3", "g1"}, 2: {"c6", "b8"}, 3: {"f6", "g8"},
		4: {"c3", "a2"}, 5: {"f3", "h2"}, 6: {"c6", "a7"}, 7: {"f6", "h7"},
	}
	for k, w := range want {
		assert.Equal(t, w[0], symSquare[k][sq(t, "c3")].String(), "k=%d", k)
		assert.Equal(t, w[1], symSquare[k][sq(t, "b1")].String(), "k=%d", k)
	}
	inverse := [numSymmetries]int{0, 1, 2, 3, 4, 6, 5, 7}
	for k := range numSymmetries {
		for s := Square(0); s < 64; s++ {
			img := symSquare[k][s]
			assert.Equal(t, s.OnBoard(), img.OnBoard(), "k=%d %v", k, s)
			assert.Equal(t, s, symSquare[inverse[k]][img], "the inverse of %d is %d", k, inverse[k])
		}
		for j := range numSymmetries {
			found := false
			for c := range numSymmetries {
				same := true
				for s := Square(0); s < 64; s++ {
					same = same && symSquare[c][s] == symSquare[j][symSquare[k][s]]
				}
				found = found || same
			}
			assert.True(t, found, "%d then %d is a symmetry", k, j)
		}
	}
	assert.Equal(t, 8, New().Symmetries())
	var zero Position
	assert.Equal(t, 0, zero.Symmetries())
	assert.Equal(t, zero, New().Transform(8))
	assert.Equal(t, zero, New().Transform(-1))
}

func TestTransformBitsAgreesWithTheSquareMap(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		x := r.Uint64()
		for k := range numSymmetries {
			var want uint64
			for s := Square(0); s < 64; s++ {
				if x>>s&1 != 0 {
					want |= 1 << symSquare[k][s]
				}
			}
			require.Equal(t, want, transformBits(k, x), "k=%d x=%x", k, x)
		}
	}
}

// TestTransformMovesTheStacksAndSeat0sSwap: a known position and its
// quarter turn, and seat 0's swap during seat 1's.
func TestTransformMovesTheStacksAndSeat0sSwap(t *testing.T) {
	p := build(t, map[string]string{"c3": "ABA", "d7": "BB", "h4": "B"}, "A", 2, 1)
	q := p.Transform(5) // (f, r) to (7-r, f): c3 to f3, d7 to b4, h4 to e8
	want := build(t, map[string]string{"f3": "ABA", "b4": "BB", "e8": "B"}, "A", 2, 1)
	assert.Equal(t, want, q)
	assert.Equal(t, p, q.Transform(6), "6 undoes 5")
	m := StackMove(sq(t, "c3"), sq(t, "c6"))
	assert.Equal(t, "f3-c3", p.TransformMove(5, m).String())
	assert.Equal(t, "*d6", p.TransformMove(5, Drop(sq(t, "f5"))).String())

	swap := mustPlay(t, mustSpec(t, "focus(swap=true)").Start(), "c7<>d7")
	image := swap.Transform(4) // the a1-h8 diagonal: c7 to g3, d7 to g4
	assert.Contains(t, image.String(), " swap:g3<>g4")
	back, err := mustSpec(t, "focus(swap=true)").ParsePosition(image.String())
	require.NoError(t, err)
	assert.Equal(t, image, back)
	assert.Equal(t, "pass", mustSpec(t, "focus(players=4,teams=true)").Start().TransformMove(3, Pass).String())
}

// TestEverySymmetryKeepsTheOpeningSwapRule: R-F4's notion of symmetry
// (a half turn with the colours exchanged) commutes with the board's
// symmetries, so for every swap of seat 0 and every symmetry, the swaps
// of seat 1 in the image are the images of its swaps.
func TestEverySymmetryKeepsTheOpeningSwapRule(t *testing.T) {
	start := mustSpec(t, "focus(swap=true)").Start()
	for _, first := range start.AppendMoves(nil) {
		p := start.PlayUnchecked(first)
		moves := p.AppendMoves(nil)
		for k := 1; k < numSymmetries; k++ {
			want := make([]Move, len(moves))
			for i, m := range moves {
				want[i] = p.TransformMove(k, m)
			}
			slices.Sort(want)
			q := p.Transform(k)
			if got := q.AppendMoves(nil); !slices.Equal(got, want) {
				t.Fatalf("after %v, symmetry %d: %d swaps, want the %d images", first, k, len(got), len(want))
			}
			if q.Hash() != q.computeHash() {
				t.Fatalf("after %v, symmetry %d: the hash is not the new position's", first, k)
			}
		}
	}
}

// TestTransformOfEveryStartReadsBack: the images of the start of every
// variant, and of the positions after one and two plies, read back from
// their text; a position at ply 0 that is no image of the start is still
// refused.
func TestTransformOfEveryStartReadsBack(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 3))
	for _, spec := range kitSpecs {
		if c := mustSpec(t, spec); c.Nowak {
			transformsReadBack(t, r, c.StartNowak(), c.ParseNowakPosition)
		} else {
			transformsReadBack(t, r, c.Start(), c.ParsePosition)
		}
	}
	for spec, kept := range map[string][]int{"focus": {0, 1}, "focus(setup=drop)": {0, 1, 2, 3, 4, 5, 6, 7},
		"focus(players=3)": {0}, "focus(players=4)": {0}, "focus(nowak=true)": {0, 1}} {
		var got []int
		switch start := anyStart(t, spec).(type) {
		case Position:
			got = keptSymmetries(start)
		case NowakPosition:
			got = keptSymmetries(start)
		}
		assert.Equal(t, kept, got, "%s: the symmetries that keep the start", spec)
	}
	refused(t, "focus", "4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAAB1/3B A 0,0 0,0 0", "at ply 0 the position is the start")
	refused(t, "focus", "4/ABABAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 A 0,0 0,0 0", "at ply 0 the position is the start")
}

// transformsReadBack checks that the images of p, and of the positions
// after one and two random plies, read back (with parse) from their text.
func transformsReadBack[P anyPosition[P]](t *testing.T, r *rand.Rand, p P, parse func(string) (P, error)) {
	spec := p.Spec()
	require.True(t, p.IsValid(), spec)
	for ply := 0; ply < 3 && p.ToMove() != rules.Terminal; ply++ {
		for k := range numSymmetries {
			q := p.Transform(k)
			back, err := parse(q.String())
			require.NoError(t, err, "%s ply %d, symmetry %d: %s", spec, ply, k, q)
			require.Equal(t, q, back)
		}
		moves := p.AppendMoves(nil)
		p = p.PlayUnchecked(moves[r.IntN(len(moves))])
	}
}

// keptSymmetries returns the symmetries k with start.Transform(k) == start.
func keptSymmetries[P anyPosition[P]](start P) []int {
	var got []int
	for k := range numSymmetries {
		if start.Transform(k) == start {
			got = append(got, k)
		}
	}
	return got
}

func TestObservationShapePerVariant(t *testing.T) {
	for spec, want := range map[string]int{
		"focus": 17, "focus(drops=restricted)": 17, "focus(nowak=true)": 17, "focus(plylimit=50)": 18,
		"focus(setup=drop)": 18, "focus(swap=true)": 20, "focus(swap=true,plylimit=30)": 21,
		"focus(players=3)": 28, "focus(players=3,short=true)": 37, "focus(players=4)": 33,
		"focus(players=4,short=true)": 49, "focus(players=4,teams=true)": 39, "focus(players=4,teams=true,short=true)": 55,
	} {
		p := anyStart(t, spec).(anyKit)
		require.True(t, p.IsValid(), spec)
		planes, rows, cols := p.ObservationShape()
		assert.Equal(t, [3]int{want, 8, 8}, [3]int{planes, rows, cols}, spec)
		for s := range p.Seats() {
			assert.Len(t, p.AppendObservation(nil, rules.Player(s)), want*64, spec)
		}
		assert.Empty(t, p.AppendObservation(nil, rules.Player(p.Seats())), spec)
		assert.Empty(t, p.AppendObservation(nil, rules.Chance), spec)
	}
	var zero Position
	planes, rows, cols := zero.ObservationShape()
	assert.Equal(t, [3]int{0, 0, 0}, [3]int{planes, rows, cols})
}

// observed returns plane i of p's observation for seat as a map from
// square names to the values that are not 0.
func observed(t *testing.T, p Position, seat rules.Player, i int) map[string]float32 {
	t.Helper()
	obs := p.AppendObservation(nil, seat)
	out := map[string]float32{}
	for s := Square(0); s < 64; s++ {
		if v := obs[64*i+int(s)]; v != 0 {
			out[s.String()] = v
		}
	}
	return out
}

// everywhere returns a plane's map with v on every square of the board
// (the cut corners stay 0).
func everywhere(v float32) map[string]float32 {
	out := map[string]float32{}
	for _, s := range boardSquare {
		out[s.String()] = v
	}
	return out
}

func squares(names ...string) map[string]float32 {
	out := map[string]float32{}
	for _, n := range names {
		out[n] = 1
	}
	return out
}

// TestObservationPlanesByLayer: a known two-seat position from both
// seats: the layers, control, height, turn and reserves, own colour
// first.
func TestObservationPlanesByLayer(t *testing.T) {
	// f6's layers alternate, so that each layer's colour is read from
	// its own bits.
	stacks := map[string]string{"c3": "ABBAB", "d4": "BA", "e5": "B", "f6": "ABABA"}
	p := build(t, stacks, "A", 3, 0)
	for _, c := range []struct {
		seat      rules.Player
		own, them string
	}{{0, "A", "B"}, {1, "B", "A"}} {
		piecesOf := func(letter string, layer int) map[string]float32 {
			out := map[string]float32{}
			for name, st := range stacks {
				if layer < len(st) && st[layer:layer+1] == letter {
					out[name] = 1
				}
			}
			return out
		}
		for l := range 5 {
			assert.Equal(t, piecesOf(c.own, l), observed(t, p, c.seat, 2*l), "seat %v layer %d, own", c.seat, l)
			assert.Equal(t, piecesOf(c.them, l), observed(t, p, c.seat, 2*l+1), "seat %v layer %d, other", c.seat, l)
		}
		tops := map[string]string{"c3": "B", "d4": "A", "e5": "B", "f6": "A"}
		control := [2]map[string]float32{{}, {}}
		for name, top := range tops {
			if top == c.own {
				control[0][name] = 1
			} else {
				control[1][name] = 1
			}
		}
		assert.Equal(t, control[0], observed(t, p, c.seat, 10), "own control")
		assert.Equal(t, control[1], observed(t, p, c.seat, 11), "other control")
		assert.Equal(t, map[string]float32{"c3": 1, "d4": 0.4, "e5": 0.2, "f6": 1}, observed(t, p, c.seat, 12), "height")
		toMove := 13 + int(c.seat) // A to move: seat A's plane 13, seat B's plane 14
		assert.Equal(t, everywhere(1), observed(t, p, c.seat, toMove))
		assert.Empty(t, observed(t, p, c.seat, 13+1-int(c.seat)))
		reserveA := map[string]float32{}
		for k, v := range everywhere(float32(3) / 18) {
			reserveA[k] = v
		}
		assert.Equal(t, reserveA, observed(t, p, c.seat, 15+int(c.seat)), "A's reserve, 3/18")
		assert.Empty(t, observed(t, p, c.seat, 16-int(c.seat)), "B's reserve")
	}
}

// TestObservationOfTheStartIsTheLayout: the R-F1 start from A's view:
// A's pieces, B's pieces, each a single piece on top, nothing else.
func TestObservationOfTheStartIsTheLayout(t *testing.T) {
	p := New()
	var a, b []string
	for s := Square(0); s < 64; s++ {
		if top, ok := p.At(s).Top(); ok {
			if top == 0 {
				a = append(a, s.String())
			} else {
				b = append(b, s.String())
			}
		}
	}
	require.Len(t, a, 18)
	assert.Equal(t, squares(a...), observed(t, p, 0, 0))
	assert.Equal(t, squares(b...), observed(t, p, 0, 1))
	assert.Equal(t, squares(b...), observed(t, p, 1, 0), "B's own pieces first")
	for i := 2; i < 10; i++ {
		assert.Empty(t, observed(t, p, 0, i), "plane %d: no second layer", i)
	}
	assert.Equal(t, squares(a...), observed(t, p, 0, 10))
	obs := p.AppendObservation(nil, 0)
	assert.Equal(t, float32(0.2), obs[12*64+int(sq(t, "c3"))])
	assert.Equal(t, float32(0), obs[12*64+int(sq(t, "a1"))], "a cut corner")
}

// TestObservationStatePlanes: the planes of each option's state, by
// their documented place.
func TestObservationStatePlanes(t *testing.T) {
	// Three seats: first-turn drops owed (planes 24..26 from seat B: B, C, A).
	three := mustSpec(t, "focus(players=3)").Start()
	three = mustPlay(t, three, "*c1")                // A has made its drop
	for j, want := range []bool{true, true, false} { // seat B's view: B, C, A
		if want {
			assert.Equal(t, everywhere(1), observed(t, three, 1, 25+j), "owed %d", j)
		} else {
			assert.Empty(t, observed(t, three, 1, 25+j), "owed %d", j)
		}
	}
	assert.Equal(t, everywhere(1), observed(t, three, 1, 19), "B to move: B's own plane of the turn")
	assert.Equal(t, everywhere(float32(1)/13), observed(t, three, 1, 22), "B's reserve, 1/13")

	// Team play from B's view: partner reserves (planes 33..36: B, C, D,
	// A), passes (37: B's team, 38: the other).
	team := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"d4": "B", "e5": "D", "e4": "C"}, "B",
		[]string{"0", "0+2", "0", "0"}, "passed:A")
	assert.Equal(t, everywhere(float32(2)/13), observed(t, team, 1, 33))
	for _, i := range []int{34, 35, 36, 37} {
		assert.Empty(t, observed(t, team, 1, i), "plane %d", i)
	}
	assert.Equal(t, everywhere(1), observed(t, team, 1, 38), "A's team passed")
	assert.Equal(t, everywhere(1), observed(t, team, 0, 37), "from A's view, its own team")

	// The short game, three seats from B's view (B, C, A): captures,
	// 28 to 33 (by B of C, of A; by C of B, of A; by A of B, of C), and
	// gains, 34 to 36, at a position of a random game where several are
	// not 0.
	short := shortGamePosition(t)
	captures := []struct{ by, of rules.Player }{{1, 2}, {1, 0}, {2, 1}, {2, 0}, {0, 1}, {0, 2}}
	for i, c := range captures {
		if n := short.CapturedOf(c.by, c.of); n > 0 {
			assert.Equal(t, everywhere(float32(n)/13), observed(t, short, 1, 28+i), "plane %d: %v's captures of %v", 28+i, c.by, c.of)
		} else {
			assert.Empty(t, observed(t, short, 1, 28+i), "plane %d: %v's captures of %v", 28+i, c.by, c.of)
		}
	}
	for j, s := range []rules.Player{1, 2, 0} {
		if n := short.Gains(s); n > 0 {
			assert.Equal(t, everywhere(float32(n)/14), observed(t, short, 1, 34+j), "%v's gains", s)
		} else {
			assert.Empty(t, observed(t, short, 1, 34+j), "%v's gains", s)
		}
	}

	// The drop setup and the opening swaps.
	setup := mustSpec(t, "focus(setup=drop)").Start()
	assert.Equal(t, everywhere(1), observed(t, setup, 0, 17))
	swap := mustSpec(t, "focus(swap=true)").Start()
	assert.Equal(t, everywhere(1), observed(t, swap, 0, 17), "seat 0's swap is due")
	assert.Empty(t, observed(t, swap, 0, 18))
	swap = mustPlay(t, swap, "c7<>d7")
	assert.Empty(t, observed(t, swap, 1, 17))
	assert.Equal(t, everywhere(1), observed(t, swap, 1, 18), "seat 1's swap is due")
	assert.Equal(t, squares("c7", "d7"), observed(t, swap, 1, 19), "seat 0's swap")
	swap = mustPlay(t, swap, "b2<>d2")
	for _, i := range []int{17, 18, 19} {
		assert.Empty(t, observed(t, swap, 0, i), "plane %d after the swaps", i)
	}

	// A ply limit: 1/(plies left + 1).
	limited := mustSpec(t, "focus(plylimit=4)").Start()
	assert.Equal(t, everywhere(float32(1)/5), observed(t, limited, 0, 17))
	limited = mustPlay(t, limited, "c3-c4", "d3-d4", "f3-f4")
	assert.Equal(t, everywhere(float32(1)/2), observed(t, limited, 1, 17))
}

// TestObservationIsAFunctionOfTheHash: positions that differ only in
// what the hash leaves out (the captures outside the short game, the ply
// without a ply limit) look the same.
func TestObservationIsAFunctionOfTheHash(t *testing.T) {
	p := build(t, map[string]string{"c3": "ABA", "d4": "BB"}, "A", 2, 1)
	q := p
	q.captured[0][1]++
	q.captured[1][0]--
	q.ply += 2
	require.Equal(t, p.Hash(), q.Hash())
	for s := range rules.Player(2) {
		assert.Equal(t, p.AppendObservation(nil, s), q.AppendObservation(nil, s))
	}
}

func TestKitCallsDoNotAllocate(t *testing.T) {
	for _, spec := range kitSpecs {
		forStart(t, spec, kitCallsDoNotAllocate[Position], kitCallsDoNotAllocate[NowakPosition])
	}
}

// kitCallsDoNotAllocate pins the kit's calls at zero allocations in the
// position 30 random plies from start (or at the start, if that game
// ends before).
func kitCallsDoNotAllocate[P anyPosition[P]](t *testing.T, start P) {
	spec := start.Spec()
	{
		p := playedFrom(start, 30, 1)
		if p.ToMove() == rules.Terminal {
			p = start
		}
		moves := p.AppendMoves(nil)
		m := moves[len(moves)/2]
		i := p.ActionIndex(m)
		planes, rows, cols := p.ObservationShape()
		buf := make([]float32, 0, planes*rows*cols)
		for name, f := range map[string]func(){
			"ActionIndex":       func() { _ = p.ActionIndex(m) },
			"ActionMove":        func() { _, _ = p.ActionMove(i) },
			"AppendObservation": func() { buf = p.AppendObservation(buf[:0], p.Turn()) },
			"Transform":         func() { _ = p.Transform(5) },
			"TransformMove":     func() { _ = p.TransformMove(5, m) },
			"Evaluate":          func() { _, _ = p.Evaluate(0) },
		} {
			assert.Zero(t, testing.AllocsPerRun(20, f), "%s: %s allocates", spec, name)
		}
	}
}

// TestActionIndexOfNowakTurnsCountsTheSkippedMoves: the rank of a turn
// among its drop's turns agrees with counting the board moves that can
// follow the drop one by one.
func TestActionIndexOfNowakTurnsCountsTheSkippedMoves(t *testing.T) {
	p := mustSpec(t, "focus(nowak=true)").StartNowak()
	next := nowakTurnBase
	for _, d := range boardSquare {
		for j, bm := range stackAction {
			from, to := bm.From(), bm.To()
			m := NowakTurn(d, from, to)
			if to == d || from == d && lineDistance[from][to] > 2 {
				require.Equal(t, -1, p.ActionIndex(m), "%v", m)
				continue
			}
			require.Equal(t, next, p.ActionIndex(m), "%v (board move %d)", m, j)
			next++
		}
	}
	assert.Equal(t, p.NumActions(), next)
}

// shortGamePosition returns a position of a random three-player short
// game that goes on, where at least three of the six capture counts and
// one seat's gains are not 0, with B to move.
func shortGamePosition(t *testing.T) Position {
	r := rand.New(rand.NewPCG(11, 12))
	buf := make([]Move, 0, MaxMoves)
	for range 2000 {
		p := mustSpec(t, "focus(players=3,short=true)").Start()
		for p.ToMove() != rules.Terminal {
			nonzero := 0
			for by := range rules.Player(3) {
				for of := range rules.Player(3) {
					if p.CapturedOf(by, of) > 0 {
						nonzero++
					}
				}
			}
			if nonzero >= 3 && p.Gains(0)+p.Gains(1)+p.Gains(2) > 0 && p.ToMove() == 1 {
				return p
			}
			buf = p.AppendMoves(buf[:0])
			p = p.PlayUnchecked(buf[r.IntN(len(buf))])
		}
	}
	t.Fatal("no short-game position with captures found")
	return Position{}
}

// TestObservationValuesStayInTheUnitIntervalOffTheCorners: along random
// games of every variant, from every seat, every value is in [0, 1] and
// the cut corners are 0 in every plane.
func TestObservationValuesStayInTheUnitIntervalOffTheCorners(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	buf := make([]Move, 0, MaxMoves)
	var obs []float32
	for _, spec := range kitSpecs {
		forStart(t, spec, func(t *testing.T, p Position) { buf, obs = observationsInRange(t, r, buf, obs, p) },
			func(t *testing.T, p NowakPosition) { buf, obs = observationsInRange(t, r, buf, obs, p) })
	}
}

// observationsInRange checks every value of every seat's observation
// along a random game from p; it returns buf and obs.
func observationsInRange[P anyPosition[P]](t *testing.T, r *rand.Rand, buf []Move, obs []float32, p P) ([]Move, []float32) {
	spec := p.Spec()
	require.True(t, p.IsValid(), spec)
	for ply := 0; ply < 400; ply++ {
		for s := range rules.Player(p.Seats()) {
			obs = p.AppendObservation(obs[:0], s)
			for i, v := range obs {
				if v < 0 || v > 1 || v != 0 && !Square(i%64).OnBoard() {
					t.Fatalf("%s, seat %v: value %v at plane %d, square %v: %s", spec, s, v, i/64, Square(i%64), p)
				}
			}
		}
		buf = p.AppendMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		p = p.PlayUnchecked(buf[r.IntN(len(buf))])
	}
	return buf, obs
}
