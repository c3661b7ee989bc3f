package explocus

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
)

func mustParseIn(t testing.TB, c Config, text string) Position {
	t.Helper()
	p, err := c.ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return p
}

// TestNumActionsPerBoard: the size of each board's action space, the
// moves a position of it can ever list: 12·rows·cols − 18·(rows + cols)
// + 24 on square boards of 4 ranks and files or more, 20·n − 34 on a
// board of 3 by n ≥ 4, 28 on 3×3; and, on the hexagon of side N,
// 90N² − 318N + 246 from side 5 on, 156 and 426 on sides 3 and 4.
func TestNumActionsPerBoard(t *testing.T) {
	for rows := MinSize; rows <= MaxSize; rows++ {
		for cols := MinSize; cols <= MaxSize; cols++ {
			var want int
			switch {
			case rows == 3 && cols == 3:
				want = 28
			case rows == 3:
				want = 20*cols - 34
			case cols == 3:
				want = 20*rows - 34
			default:
				want = 12*rows*cols - 18*(rows+cols) + 24
			}
			p := Config{Rows: rows, Cols: cols}.empty()
			require.Equal(t, want, p.NumActions(), "%d×%d", rows, cols)
			require.Equal(t, want, Config{Rows: rows, Cols: cols, PlyLimit: 9}.empty().NumActions(), "a ply limit changes no move")
		}
	}
	assert.Equal(t, 504, New().NumActions())
	for side, want := range map[int]int{3: 156, 4: 426, 5: 906, 6: 1578, 7: 2430, 8: 3462, 9: 4674, 10: 6066, 11: 7638, 12: 9390, 13: 11322} {
		assert.Equal(t, want, Config{Side: side}.StartHex().NumActions(), "side %d", side)
		if side >= 5 {
			assert.Equal(t, 90*side*side-318*side+246, want, "side %d", side)
		}
	}
	assert.Zero(t, Position{}.NumActions())
	assert.Zero(t, New().NumChanceActions())
}

// TestActionIndexGolden: indices follow the canonical move order, origin
// first: on 8×8, a1's two moves (a corner holds one man), then b1's five
// (an edge cell two: one or two cells along the edge, one or two up),
// ...; on the hexagon of side 6, a1's six (a corner holds two: one or two
// cells in each of its three directions).
func TestActionIndexGolden(t *testing.T) {
	h := HexDefault.StartHex().state
	for _, tc := range []struct {
		p     state
		index int
		move  string
	}{
		{New().state, 0, "a1-b1"}, {New().state, 1, "a1-a2"}, {New().state, 2, "b1-a1"}, {New().state, 3, "b1-c1"}, {New().state, 4, "b1-d1"},
		{New().state, 5, "b1-b2"}, {New().state, 6, "b1-b3"}, {New().state, 7, "c1-a1"}, {New().state, 12, "c1-c3"},
		{New().state, 212, "d4-d7"}, {New().state, 502, "h8-h7"}, {New().state, 503, "h8-g8"},
		{h, 0, "a1-b1"}, {h, 1, "a1-c1"}, {h, 2, "a1-a2"},
		{h, 3, "a1-b2"}, {h, 4, "a1-a3"}, {h, 5, "a1-c3"},
		{h, 6, "b1-a1"}, {h, 775, "f6-f1"}, {h, 803, "f6-k11"},
		{h, 1576, "k11-i11"}, {h, 1577, "k11-j11"},
	} {
		m, err := tc.p.ParseMove(tc.move)
		require.NoError(t, err)
		assert.Equal(t, tc.index, tc.p.ActionIndex(m), "%s: %s", tc.p.Spec(), tc.move)
		back, ok := tc.p.ActionMove(tc.index)
		assert.True(t, ok)
		assert.Equal(t, tc.move, back.String(), "%s: ActionMove(%d)", tc.p.Spec(), tc.index)
	}
}

// TestActionIndexRefusesWhatNoPositionCanList: a move farther than its
// origin's columns can ever go (a corner's one man on the square board,
// an edge's two), off the board's lines, off the board, NoMove, a raw
// value, and anything on the invalid value get -1; ActionMove refuses
// indices outside the space, ChanceMove every index.
func TestActionIndexRefusesWhatNoPositionCanList(t *testing.T) {
	p, h := New().state, HexDefault.StartHex().state
	for _, tc := range []struct {
		p state
		m Move
	}{
		{p, mv(0, 0, 2, 0)},  // a1-c1: a corner holds one man
		{p, mv(1, 0, 4, 0)},  // b1-e1: an edge cell two
		{p, mv(3, 3, 7, 3)},  // d4-h4: an inside cell three
		{p, mv(3, 3, 4, 4)},  // d4-e5: no line of the square board
		{p, mv(3, 3, 3, 3)},  // d4-d4
		{p, mv(7, 7, 8, 7)},  // h8-i8: off the board
		{p, mv(4, 4, 6, 5)},  // a knight's move
		{h, mv(0, 0, 3, 0)},  // a1-d1: a corner of the hexagon holds two
		{h, mv(5, 5, 6, 4)},  // f6-g5: no line of the hexagon
		{h, mv(5, 5, 5, 11)}, // f6-f12: off the hexagon
		{h, mv(0, 4, 0, 6)},  // a5-a7: a7 is off the hexagon
		{h, mv(1, 0, 1, 4)},  // b1-b5: an edge cell holds three
		{p, NoMove}, {h, NoMove}, {p, 1<<32 - 2}, {h, 26<<16 | 1},
		{state{}, mv(0, 0, 1, 0)},
	} {
		assert.Equal(t, -1, tc.p.ActionIndex(tc.m), "%s: %v", tc.p.Spec(), tc.m)
	}
	for _, i := range []int{-1, 504, 1 << 40} {
		_, ok := p.ActionMove(i)
		assert.False(t, ok, "ActionMove(%d)", i)
	}
	for _, i := range []int{0, 1} {
		_, ok := p.ChanceMove(i)
		assert.False(t, ok, "ChanceMove(%d)", i)
	}
	_, ok := Position{}.ActionMove(0)
	assert.False(t, ok)
}

// TestActionSpaceIsTheCanonicalOrderOfEveryListableMove: on boards of
// every shape, the space's moves ascend (the canonical order), each is a
// move of the board's lines from a cell whose columns can hold that many
// men, and every such move is in it: the moves listed at random positions
// have indices, in the order of the list.
func TestActionSpaceIsTheCanonicalOrderOfEveryListableMove(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		if rapid.Bool().Draw(t, "hexagon") {
			checkActionSpace(t, drawHexPosition(t))
		} else {
			checkActionSpace(t, drawPosition(t))
		}
	})
}

func checkActionSpace[P anyPosition[P]](t *rapid.T, p P) {
	{
		n := p.NumActions()
		prev := Move(0)
		for i := range n {
			m, ok := p.ActionMove(i)
			if !ok || (i > 0 && m <= prev) || p.ActionIndex(m) != i {
				t.Fatalf("%s: ActionMove(%d) = %v after %v, indexed %d", p.Spec(), i, m, prev, p.ActionIndex(m))
			}
			prev = m
			from := m.From()
			if !p.OnBoard(from) || !p.OnBoard(m.To()) || m.Count() == 0 || m.Count() >= p.Capacity(from) {
				t.Fatalf("%s: %v is in the space but no position can list it", p.Spec(), m)
			}
			if !p.Config().IsHex() && from.File() != m.To().File() && from.Rank() != m.To().Rank() {
				t.Fatalf("%s: %v is no line of the square board", p.Spec(), m)
			}
		}
		for i := 0; i < 30 && p.ToMove() != rules.Terminal; i++ {
			moves := p.AppendMoves(nil)
			last := -1
			for _, m := range moves {
				j := p.ActionIndex(m)
				if j <= last {
					t.Fatalf("%s: legal move %v has index %d, after %d", p.Spec(), m, j, last)
				}
				last = j
			}
			p = p.PlayUnchecked(rapid.SampledFrom(moves).Draw(t, "move"))
		}
	}
}

// plane returns plane i of an observation of p.
func plane(p interface{ ObservationShape() (int, int, int) }, obs []float32, i int) []float32 {
	_, rows, cols := p.ObservationShape()
	return obs[i*rows*cols : (i+1)*rows*cols]
}

// TestObservationPlanesGolden: every plane of a 3×4 position under a
// ply limit, from each seat's view, and the board and capacity planes of
// the hexagon of side 3.
func TestObservationPlanesGolden(t *testing.T) {
	p := mustParseIn(t, Config{Rows: 3, Cols: 4, PlyLimit: 10}, "A.B2./.A3../B..A B 3")
	planes, rows, cols := p.ObservationShape()
	require.Equal(t, []int{11, 3, 4}, []int{planes, rows, cols})
	o := p.AppendObservation(nil, 1) // B, to move
	require.Len(t, o, 11*12)
	//                  a1 b1 c1 d1  a2 b2 c2 d2  a3 b3 c3 d3
	want := [][]float32{
		{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                                     // B's columns of 1: a1
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0},                                     // of 2: c3
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                                     // of 3
		{0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0},                                     // A's columns of 1: d1, a3
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},                                     // of 2
		{0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0},                                     // of 3: b2
		{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},                                     // the board
		{.5, .75, .75, .5, .75, 1, 1, .75, .5, .75, .75, .5},                     // capacity / 4
		{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},                                     // B's turn
		{.3, .3, .3, .3, .3, .3, .3, .3, .3, .3, .3, .3},                         // ply 3 of 10
		{.125, .125, .125, .125, .125, .125, .125, .125, .125, .125, .125, .125}, // 1/(1 + 7 plies left)
	}
	for i, w := range want {
		assert.Equal(t, w, plane(p, o, i), "plane %d from B's view", i)
	}
	a := p.AppendObservation(nil, 0)
	assert.Equal(t, o[3*12:6*12], a[0:3*12], "A's own columns are B's opponent's")
	assert.Equal(t, o[0:3*12], a[3*12:6*12])
	assert.Equal(t, make([]float32, 12), plane(p, a, 8), "not A's turn")
	assert.Equal(t, o[9*12:], a[9*12:], "the plies")

	h := Config{Side: 3}.StartHex()
	planes, rows, cols = h.ObservationShape()
	require.Equal(t, []int{13, 5, 5}, []int{planes, rows, cols})
	o = h.AppendObservation(nil, 0)
	// Rank 1 (row 0) has a1 to c1, rank 5 c5 to e5: |file − rank| ≤ 2.
	hexagon := []float32{
		1, 1, 1, 0, 0,
		1, 1, 1, 1, 0,
		1, 1, 1, 1, 1,
		0, 1, 1, 1, 1,
		0, 0, 1, 1, 1,
	}
	assert.Equal(t, hexagon, plane(h, o, 10), "the hexagon")
	const e, c = float32(4) / 6, float32(3) / 6 // an edge's capacity and a corner's, over 6
	assert.Equal(t, []float32{
		c, e, c, 0, 0,
		e, 1, 1, e, 0,
		c, 1, 1, 1, c,
		0, e, 1, 1, e,
		0, 0, c, e, c,
	}, plane(h, o, 11), "capacities")
	assert.Equal(t, []float32{
		1, 1, 0, 0, 0, // rank 1: a1, b1 (c1 is B's)
		0, 1, 0, 0, 0, // rank 2: b2
		0, 0, 0, 1, 1, // rank 3: d3, e3 (c3, the centre, is empty)
		0, 1, 1, 0, 1, // rank 4: b4, c4, e4
		0, 0, 1, 0, 0, // rank 5: c5
	}, plane(h, o, 0), "A's men")
	assert.Equal(t, make([]float32, 25), plane(h, o, 4), "no column of 5")
	assert.Equal(t, hexagon, plane(h, o, 12), "A's turn: 1 on the hexagon, 0 off it")
	// Under a ply limit the ply planes are 0 off the hexagon too.
	hl := Config{Side: 3, PlyLimit: 4}.StartHex()
	o = hl.AppendObservation(nil, 0)
	assert.Equal(t, plane(hl, o, 10), plane(hl, o, 12), "A's turn is the hexagon")
	assert.Equal(t, make([]float32, 25), plane(hl, o, 13), "ply 0 of 4")
	for i, v := range plane(hl, o, 14) {
		assert.Equal(t, plane(hl, o, 10)[i]/5, v, "1/(1 + 4 plies left) on the hexagon, at %d", i)
	}
}

// TestObservationShapePerVariant: the planes per board and ply limit.
func TestObservationShapePerVariant(t *testing.T) {
	for _, tc := range []struct {
		c    Config
		want []int
	}{
		{Default, []int{9, 8, 8}},
		{Config{Rows: 8, Cols: 8, PlyLimit: 500}, []int{11, 8, 8}},
		{Config{Rows: 3, Cols: 26}, []int{9, 3, 26}},
		{Config{Rows: 26, Cols: 26}, []int{9, 26, 26}},
		{HexDefault, []int{13, 11, 11}},
		{Config{Side: 13, PlyLimit: 1}, []int{15, 25, 25}},
	} {
		p := startState(tc.c)
		planes, rows, cols := p.ObservationShape()
		assert.Equal(t, tc.want, []int{planes, rows, cols}, tc.c.String())
		assert.Len(t, p.AppendObservation(nil, 1), planes*rows*cols)
		// The turn plane (after the height planes, the board and the
		// capacities) is the board plane for A, to move at the start: 1 on
		// every cell of the board (all of the square board's grid, the
		// hexagon's cells only), and all zeros for B: on boards of more
		// than 64 cells too.
		size, turn := rows*cols, 2*p.tallest()+2
		a := p.AppendObservation(nil, 0)
		board := plane(p, a, 2*p.tallest())
		if tc.c.Side == 0 {
			assert.Equal(t, slices.Repeat([]float32{1}, size), board, "the square board, %s", tc.c)
		}
		assert.Equal(t, board, plane(p, a, turn), "A's turn, %s", tc.c)
		assert.Equal(t, make([]float32, size), plane(p, p.AppendObservation(nil, 1), turn), "not B's turn, %s", tc.c)
	}
	planes, rows, cols := Position{}.ObservationShape()
	assert.Zero(t, planes+rows+cols)
	assert.Empty(t, Position{}.AppendObservation(nil, 0))
	for _, seat := range []rules.Player{2, rules.Chance, rules.Terminal} {
		assert.Empty(t, New().AppendObservation(nil, seat), "seat %v", seat)
	}
}

// TestObservationTellsPlyLimitsApart: the same board at the same ply
// under no ply limit, a limit of 3 and one of 50 looks different, since
// the plies left decide when the game ends: with no limit there are no
// ply planes, and the plane of 1/(1 + plies left) tells the limits apart
// where the plane of ply/limit cannot.
func TestObservationTellsPlyLimitsApart(t *testing.T) {
	none := New().AppendObservation(nil, 0)
	three := Config{Rows: 8, Cols: 8, PlyLimit: 3}.Start()
	fifty := Config{Rows: 8, Cols: 8, PlyLimit: 50}.Start()
	o3, o50 := three.AppendObservation(nil, 0), fifty.AppendObservation(nil, 0)
	assert.Len(t, none, 9*64)
	assert.Equal(t, none, o3[:9*64])
	assert.Equal(t, plane(three, o3, 9), plane(fifty, o50, 9), "ply 0 of either")
	assert.Equal(t, float32(1)/4, plane(three, o3, 10)[0])
	assert.Equal(t, float32(1)/51, plane(fifty, o50, 10)[0])
}

// TestSymmetriesPerBoard: twelve on the hexagon, eight on a square
// board, four on a board that is not square.
func TestSymmetriesPerBoard(t *testing.T) {
	for _, tc := range []struct {
		c    Config
		want int
	}{{Default, 8}, {Config{Rows: 3, Cols: 3}, 8}, {Config{Rows: 3, Cols: 4}, 4}, {Config{Rows: 9, Cols: 5, PlyLimit: 7}, 4}, {HexDefault, 12}, {Config{Side: 3}, 12}} {
		assert.Equal(t, tc.want, startState(tc.c).Symmetries(), tc.c.String())
	}
	assert.Zero(t, Position{}.Symmetries())
}

// TestTransformsGolden: each symmetry of a 3×4 board, of a 4×4 board
// and of the hexagon of side 3 on a known position and move.
func TestTransformsGolden(t *testing.T) {
	checkTransforms(t, mustParseIn(t, Config{Rows: 3, Cols: 4, PlyLimit: 10}, "A.B2./.A3../B..A B 3"), "a1-a2",
		[]string{"A.B2./.A3../B..A", "A..B/..A3./.B2.A", ".B2.A/..A3./A..B", "B..A/.A3../A.B2."},
		[]string{"a1-a2", "d3-d2", "d1-d2", "a3-a2"})
	checkTransforms(t, mustParseIn(t, Config{Rows: 4, Cols: 4}, "A.../..B./.A2../...B A 0"), "b2-b4",
		[]string{
			"A.../..B./.A2../...B", "B.../..A2./.B../...A", "...A/.B../..A2./B...", "...B/.A2../..B./A...",
			"...A/.A2../..B./B...", "...B/.B../..A2./A...", "B.../..B./.A2../...A", "A.../..A2./.B../...B",
		},
		[]string{"b2-b4", "c3-c1", "c2-c4", "b3-b1", "b3-d3", "c2-a2", "b2-d2", "c3-a3"})
	hex, err := Config{Side: 3}.ParseHexPosition("B2../.A../..A3../..../A.. A 0")
	require.NoError(t, err)
	checkTransforms(t, hex, "c3-a1",
		[]string{
			"B2../.A../..A3../..../A..", ".../..../B2AA3../..../..A", ".../..../..A3.A/.A../B2..",
			"..A/..../..A3../..A./..B2", "A../..../..A3AB2/..../...", "..B2/..A./A.A3../..../...",
			".../..../..A3AB2/..../A..", "..B2/..A./..A3../..../..A", "B2../.A../..A3.A/..../...",
			"..A/..../B2AA3../..../...", "A../..../..A3../.A../B2..", ".../..../A.A3../..A./..B2",
		},
		[]string{"c3-a1", "c3-c1", "c3-e3", "c3-e5", "c3-c5", "c3-a3", "c3-a1", "c3-c1", "c3-e3", "c3-e5", "c3-c5", "c3-a3"})
	assert.Equal(t, NoMove, HexDefault.StartHex().TransformMove(1, mv(0, 4, 0, 6)), "a7 is off the hexagon")
	assert.Equal(t, NoMove, Position{}.TransformMove(0, mv(0, 0, 1, 0)))
}

// checkTransforms checks p's images under each symmetry against the
// boards given, and the move's against the moves.
func checkTransforms[P anyPosition[P]](t *testing.T, p P, move string, boards, moves []string) {
	t.Helper()
	m, err := p.ParseMove(move)
	require.NoError(t, err)
	require.Equal(t, len(boards), p.Symmetries())
	for k := range boards {
		q := p.Transform(k)
		assert.Equal(t, boards[k], board(q), "%s: Transform(%d)", p.Spec(), k)
		assert.Equal(t, moves[k], p.TransformMove(k, m).String(), "%s: TransformMove(%d)", p.Spec(), k)
		assert.Equal(t, []any{p.Ply(), p.Turn(), p.Config(), p.Men(0), p.Men(1)},
			[]any{q.Ply(), q.Turn(), q.Config(), q.Men(0), q.Men(1)})
		back, err := reparse(q, q.String())
		require.NoError(t, err)
		assert.Equal(t, q, back, "the hash is the hash from scratch")
	}
	n := p.Symmetries()
	var zero P
	assert.Equal(t, zero, p.Transform(n))
	assert.Equal(t, zero, p.Transform(-1))
	assert.Equal(t, NoMove, p.TransformMove(n, m))
	assert.Equal(t, NoMove, p.TransformMove(0, NoMove))
}

// boards are a board of every kind for the symmetry tests: square,
// rectangular both ways, and hexagons.
var boards = []Config{{Rows: 3, Cols: 3}, {Rows: 8, Cols: 8}, {Rows: 3, Cols: 7}, {Rows: 6, Cols: 4}, {Rows: 26, Cols: 26}, {Side: 3}, {Side: 6}, {Side: 13}}

// TestSymmetriesKeepTheBoardCapacitiesAndLines: every symmetry maps the
// board's cells onto its cells, each with the same capacity, and each
// step along one of the board's directions onto a step along one of them:
// the rules (capacities, moves along lines, explosions onto neighbours)
// cannot tell a position from its image, whatever the start.
func TestSymmetriesKeepTheBoardCapacitiesAndLines(t *testing.T) {
	for _, c := range boards {
		p := c.empty()
		for k := range p.Symmetries() {
			s := p.symmetry(k)
			for r := range int(p.rows) {
				for f := range int(p.cols) {
					if !p.onBoard(r, f) {
						continue
					}
					tf, tr := p.image(s, f, r)
					require.True(t, p.onBoard(tr, tf), "%s: symmetry %d takes %v off the board", c, k, sq(f, r))
					require.Equal(t, p.capacity(r, f), p.capacity(tr, tf), "%s: symmetry %d, %v", c, k, sq(f, r))
					for _, d := range p.directions() {
						if !p.onBoard(r+d.dr, f+d.df) {
							continue
						}
						nf, nr := p.image(s, f+d.df, r+d.dr)
						require.True(t, slices.Contains(p.directions(), step{nf - tf, nr - tr}),
							"%s: symmetry %d takes the step %v-%v off the board's lines", c, k, sq(f, r), sq(f+d.df, r+d.dr))
					}
				}
			}
		}
	}
}

// TestSymmetriesFormAGroup: on every board the symmetries are distinct
// maps of its cells, the identity first, closed under composition, each
// with an inverse.
func TestSymmetriesFormAGroup(t *testing.T) {
	for _, c := range boards {
		p := c.empty()
		n := p.Symmetries()
		maps := make([][]Square, n)
		for k := range n {
			for r := range int(p.rows) {
				for f := range int(p.cols) {
					if p.onBoard(r, f) {
						tf, tr := p.image(p.symmetry(k), f, r)
						maps[k] = append(maps[k], sq(tf, tr))
					}
				}
			}
		}
		cells := slices.Clone(maps[0])
		require.True(t, slices.IsSorted(cells), "%s: symmetry 0 is not the identity", c)
		index := func(s Square) int { i, _ := slices.BinarySearch(cells, s); return i }
		for j := range n {
			inverse := false
			for k := range n {
				if j != k {
					require.NotEqual(t, maps[j], maps[k], "%s: symmetries %d and %d", c, j, k)
				}
				comp := make([]Square, len(cells))
				for i, s := range maps[k] {
					comp[i] = maps[j][index(s)]
				}
				found := slices.IndexFunc(maps, func(m []Square) bool { return slices.Equal(m, comp) })
				require.NotEqual(t, -1, found, "%s: symmetry %d after %d is none of them", c, j, k)
				if found == 0 {
					inverse = true
				}
			}
			require.True(t, inverse, "%s: symmetry %d has no inverse", c, j)
		}
	}
}

// TestActionPermutationOfEverySymmetry: rules.ActionPermutation gives a
// permutation of the action space for every symmetry of random
// positions, which takes the legal moves' indices onto those of the
// transformed position.
func TestActionPermutationOfEverySymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		if rapid.Bool().Draw(t, "hexagon") {
			checkActionPermutations(t, drawHexPosition(t))
		} else {
			checkActionPermutations(t, drawPosition(t))
		}
	})
}

func checkActionPermutations[P anyPosition[P]](t *rapid.T, p P) {
	{
		if p.ToMove() == rules.Terminal {
			return
		}
		for k := range p.Symmetries() {
			perm, err := rules.ActionPermutation(p, k)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			q := p.Transform(k)
			var want, got []int
			for _, m := range p.AppendMoves(nil) {
				want = append(want, perm[p.ActionIndex(m)])
			}
			for _, m := range q.AppendMoves(nil) {
				got = append(got, q.ActionIndex(m))
			}
			slices.Sort(want)
			if !slices.Equal(want, got) {
				t.Fatalf("%s: symmetry %d: the permuted legal actions are not Transform's", p, k)
			}
		}
	}
}

// TestKitDoesNotAllocate pins the zero-allocation promise of the kit's
// typed calls on both boards: action indices both ways, the observation
// into a buffer with room, the symmetries. (Each board's action space
// is built once, at its first use, outside the measured runs.)
func TestKitDoesNotAllocate(t *testing.T) {
	checkKitAllocs(t, New())
	checkKitAllocs(t, Config{Rows: 8, Cols: 8, PlyLimit: 100}.Start())
	checkKitAllocs(t, HexDefault.StartHex())
}

func checkKitAllocs[P anyPosition[P]](t *testing.T, p P) {
	{
		moves := p.AppendMoves(nil)
		m := moves[len(moves)/2]
		planes, rows, cols := p.ObservationShape()
		buf := make([]float32, 0, planes*rows*cols)
		for name, f := range map[string]func(){
			"ActionIndex":       func() { _ = p.ActionIndex(m) },
			"ActionMove":        func() { _, _ = p.ActionMove(100) },
			"NumActions":        func() { _ = p.NumActions() },
			"AppendObservation": func() { buf = p.AppendObservation(buf[:0], 1) },
			"Transform":         func() { _ = p.Transform(3) },
			"TransformMove":     func() { _ = p.TransformMove(3, m) },
		} {
			if n := testing.AllocsPerRun(100, f); n != 0 {
				t.Errorf("%s: %s allocates %v times", p.Spec(), name, n)
			}
		}
	}
}

// TestObservationIgnoresStaleValuesInTheBuffer: an observation appended
// into a reused buffer, whose spare capacity holds other values, is the
// same as one into a fresh buffer.
func TestObservationIgnoresStaleValuesInTheBuffer(t *testing.T) {
	for _, p := range []state{New().state, mustParseIn(t, Config{Rows: 3, Cols: 4, PlyLimit: 10}, "A.B2./.A3../B..A B 3").state, Config{Side: 4, PlyLimit: 9}.StartHex().state} {
		planes, rows, cols := p.ObservationShape()
		buf := make([]float32, 0, 1+planes*rows*cols)
		for i := range buf[:cap(buf)] {
			buf[:cap(buf)][i] = 9
		}
		for seat := range rules.Player(2) {
			buf = p.AppendObservation(buf[:1], seat)
			assert.Equal(t, p.AppendObservation(nil, seat), buf[1:], "%s, seat %v", p, seat)
		}
	}
}

// TestObservationOfATransformIsTheObservationMoved: along random games on
// every board, with and without a ply limit, the observation of
// Transform(k) is the observation with each board cell's values, in
// every plane, moved to its image's place; the cells of the grid off the
// hexagon are 0 in every plane of both. A network's inputs can so be
// augmented by moving cells, without the position.
func TestObservationOfATransformIsTheObservationMoved(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, c := range append(boards, Config{Side: 4, PlyLimit: 30}, Config{Rows: 5, Cols: 5, PlyLimit: 30}) {
		if c.IsHex() {
			checkObservationMoved(t, r, c, c.StartHex())
		} else {
			checkObservationMoved(t, r, c, c.Start())
		}
	}
}

func checkObservationMoved[P anyPosition[P]](t *testing.T, r *rand.Rand, c Config, p P) {
	{
		ps := p.core()
		for ply := 0; ply < 24 && p.ToMove().IsSeat(); ply++ {
			planes, rows, cols := p.ObservationShape()
			size := rows * cols
			for seat := range rules.Player(2) {
				obs := p.AppendObservation(nil, seat)
				for k := range p.Symmetries() {
					s := ps.symmetry(k)
					img := p.Transform(k).AppendObservation(nil, seat)
					for i := range planes {
						for rk := range rows {
							for f := range cols {
								v := obs[i*size+rk*cols+f]
								if !ps.onBoard(rk, f) {
									if v != 0 || img[i*size+rk*cols+f] != 0 {
										t.Fatalf("%s: symmetry %d, plane %d is not 0 off the board at %v", c, k, i, sq(f, rk))
									}
									continue
								}
								tf, tr := ps.image(s, f, rk)
								if w := img[i*size+tr*cols+tf]; w != v {
									t.Fatalf("%s at ply %d: symmetry %d, plane %d: %v has %v, its image %v", c, ply, k, i, sq(f, rk), v, w)
								}
							}
						}
					}
				}
			}
			moves := p.AppendMoves(nil)
			p = p.PlayUnchecked(moves[r.IntN(len(moves))])
			ps = p.core()
		}
	}
}
