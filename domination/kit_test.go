package domination

import (
	"math/bits"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
)

// workedExample is the position after the first two turns of the worked
// example of Woods' rules and O's draw of 0-3: O to move, on a8 and h1;
// X on b4 and e8; the 2-5 on d4.
func workedExample(t testing.TB) Position {
	return mustPlay(t, New(), "2-5", "d4-b4,e5-e8", "0-3")
}

// TestActionIndexGoldenAtTheStart: the indices of known turns and draws
// at the start after the draw of 2-5 (X on d4, the lower square, and
// e5): first·196 + s1·14 + s2, a landing being the offset 1..7 east
// along the rank (0..6) or north along the file (7..13).
func TestActionIndexGoldenAtTheStart(t *testing.T) {
	p := mustPlay(t, New(), "2-5")
	for _, tc := range []struct {
		turn  string
		index int
	}{
		{"d4-e4,e5-f5", 0},   // d4 first; 1 east, 1 east
		{"d4-e4,e5-g5", 1},   // 2 east
		{"d4-e4,e5-e6", 7},   // 1 north
		{"d4-e4,e5-e4", 13},  // 7 north: 1 south
		{"d4-f4,e5-f5", 14},  // the first step 2 east
		{"d4-b4,e5-e8", 79},  // Woods' example: 6 east (2 west), then 3 north: 5·14 + 9
		{"d4-d3,e5-e4", 195}, // 1 south, 1 south
		{"e5-f5,d4-e4", 196}, // e5 first
		{"e5-c5,d4-d7", 196 + 5*14 + 9},
		{"e5-e4,d4-d3", 391},
	} {
		m, err := p.ParseMove(tc.turn)
		require.NoError(t, err)
		assert.Equal(t, tc.index, p.ActionIndex(m), tc.turn)
		back, ok := p.ActionMove(tc.index)
		assert.True(t, ok)
		assert.Equal(t, tc.turn, back.String(), "ActionMove(%d)", tc.index)
	}
	// Draws index the chance space by tile: 0-0 is 0, 2-5 is 16, 6-6 is 27.
	for _, tc := range []struct {
		draw  string
		index int
	}{{"0-0", 0}, {"0-6", 6}, {"1-1", 7}, {"2-5", 16}, {"5-6", 26}, {"6-6", 27}} {
		m, err := New().ParseMove(tc.draw)
		require.NoError(t, err)
		assert.Equal(t, tc.index, New().ActionIndex(m), tc.draw)
		back, ok := New().ChanceMove(tc.index)
		assert.True(t, ok)
		assert.Equal(t, tc.draw, back.String())
	}
	// O's turns index O's pieces, a8 (the higher square) and h1.
	q := workedExample(t)
	m, err := q.ParseMove("h1-h4,a8-b8")
	require.NoError(t, err)
	assert.Equal(t, 0*196+9*14+0, q.ActionIndex(m))
	m, err = q.ParseMove("a8-b8,h1-h4")
	require.NoError(t, err)
	assert.Equal(t, 1*196+0*14+9, q.ActionIndex(m))
}

// TestActionIndexRefusesWhatNoNodeCanList: a turn of pieces that are
// not the mover's, of one piece twice, with a step off the piece's rank
// and file or of no length, NoMove, values that are neither turns nor
// draws, and anything on the invalid value get -1; ActionMove and
// ChanceMove refuse indices outside their spaces.
func TestActionIndexRefusesWhatNoNodeCanList(t *testing.T) {
	p := mustPlay(t, New(), "2-5")
	for _, m := range []Move{
		Turn(sqr("a8"), sqr("b8"), sqr("h1"), sqr("h2")), // O's pieces, X to move
		Turn(sqr("d4"), sqr("e4"), sqr("d4"), sqr("d5")), // one piece twice
		Turn(sqr("d4"), sqr("e5"), sqr("e5"), sqr("f5")), // a diagonal step
		Turn(sqr("d4"), sqr("d4"), sqr("e5"), sqr("f5")), // a step of no length
		Turn(sqr("d4"), sqr("e4"), sqr("e5"), sqr("c3")), // a knight's step
		Turn(sqr("d4"), sqr("e4"), sqr("b4"), sqr("b5")), // b4 is empty
		NoMove, Draw(NoTile), drawFlag | 28, drawFlag | 1<<8, 1 << 24, 1 << 30,
	} {
		assert.Equal(t, -1, p.ActionIndex(m), "%v (%d)", m, uint32(m))
	}
	for _, i := range []int{-1, NumActions, NumActions + 1, -1 << 62} {
		_, ok := p.ActionMove(i)
		assert.False(t, ok, "ActionMove(%d)", i)
	}
	for _, i := range []int{-1, NumChanceActions} {
		_, ok := p.ChanceMove(i)
		assert.False(t, ok, "ChanceMove(%d)", i)
	}
	// Through Dynamic: O's turn while X is to move is refused with -1, not
	// an index, and with an error that says the index is relative to the
	// position.
	d, err := rules.Erase(p)
	require.NoError(t, err)
	i, err := d.ActionIndex("a8-b8,h1-h2")
	assert.Equal(t, -1, i)
	assert.ErrorIs(t, err, rules.ErrIllegal)
	assert.ErrorContains(t, err, "this one cannot")
	var zero Position
	assert.Equal(t, -1, zero.ActionIndex(Turn(sqr("d4"), sqr("e4"), sqr("e5"), sqr("f5"))))
	assert.Equal(t, -1, zero.ActionIndex(Draw(0)))
	_, ok := zero.ActionMove(0)
	assert.False(t, ok)
	_, ok = zero.ChanceMove(0)
	assert.False(t, ok)
	assert.Zero(t, zero.NumActions())
	assert.Zero(t, zero.NumChanceActions())
}

// TestActionSpaceIsEveryTurnOfTheMoversPiecesOnce: at every node of
// random games, the 392 indices decode to 392 distinct turns of the
// pieces of the seat whose turn it is, each a straight step of each
// piece, which index back; every legal turn is one of them; the 28
// chance indices are the 28 draws.
func TestActionSpaceIsEveryTurnOfTheMoversPiecesOnce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := New()
		for p.ToMove() != rules.Terminal {
			seen := map[Move]bool{}
			lo, hi := p.movers()
			for i := range NumActions {
				m, ok := p.ActionMove(i)
				if !ok || seen[m] || p.ActionIndex(m) != i {
					t.Fatalf("ActionMove(%d) = %v, %v, indexed %d (seen before: %v)", i, m, ok, p.ActionIndex(m), seen[m])
				}
				seen[m] = true
				f1, t1, f2, t2 := m.Steps()
				if f1 == f2 || !(f1 == lo || f1 == hi) || !(f2 == lo || f2 == hi) {
					t.Fatalf("ActionMove(%d) = %v moves other pieces than %v and %v", i, m, lo, hi)
				}
				if _, ok := stepDistances(f1, t1); !ok {
					t.Fatalf("ActionMove(%d) = %v: the first step is no line", i, m)
				}
				if _, ok := stepDistances(f2, t2); !ok {
					t.Fatalf("ActionMove(%d) = %v: the second step is no line", i, m)
				}
			}
			moves := p.AppendMoves(nil)
			if p.ToMove() != rules.Chance {
				for _, m := range moves {
					if !seen[m] {
						t.Fatalf("legal turn %v is not in the action space", m)
					}
				}
			}
			for i := range NumChanceActions {
				if m, ok := p.ChanceMove(i); !ok || m != Draw(Tile(i)) || p.ActionIndex(m) != i {
					t.Fatalf("ChanceMove(%d) = %v, %v", i, m, ok)
				}
			}
			p = p.PlayUnchecked(rapid.SampledFrom(moves).Draw(t, "move"))
		}
	})
}

// TestPlyCountsEveryDrawAndTurn: the ply is 0 at the start and goes up
// by one with every draw and every turn; a position read from text has
// the same, since it follows from the pool and the drawn domino.
func TestPlyCountsEveryDrawAndTurn(t *testing.T) {
	p := New()
	assert.Equal(t, 0, p.Ply())
	for i, m := range []string{"2-5", "d4-b4,e5-e8", "0-3", "h1-h4,a8-b8", "1-3", "e8-h8,b4-b5"} {
		p = mustPlay(t, p, m)
		assert.Equal(t, i+1, p.Ply(), "after %s", m)
		assert.Equal(t, i+1, mustParse(t, p.String()).Ply(), "read back after %s", m)
	}
	assert.Zero(t, Position{}.Ply())
	// After the worked example O loses by drawing 6-6 (the seed's count):
	// the draw counts.
	lost := mustPlay(t, p, "6-6")
	require.Equal(t, rules.Terminal, lost.ToMove())
	assert.Equal(t, 7, lost.Ply())
	assert.Equal(t, 7, mustParse(t, lost.String()).Ply())
}

// squaresOf returns the squares whose value in plane is v.
func squaresOf(obs []float32, plane int, v float32) []string {
	var out []string
	for sq := range 64 {
		if obs[plane*64+sq] == v {
			out = append(out, Square(sq).String())
		}
	}
	return out
}

// TestObservationPlanesGolden: the twelve planes of the worked example
// after O's draw of 0-3, from O's view (O to move) and from X's.
func TestObservationPlanesGolden(t *testing.T) {
	p := workedExample(t)
	planes, rows, cols := p.ObservationShape()
	require.Equal(t, []int{12, 8, 8}, []int{planes, rows, cols})
	o := p.AppendObservation(nil, 1)
	require.Len(t, o, 12*64)
	assert.Equal(t, []string{"h1", "a8"}, squaresOf(o, 0, 1), "own pieces")
	assert.Equal(t, []string{"b4", "e8"}, squaresOf(o, 1, 1), "opponent's pieces")
	assert.Equal(t, []string{"d4"}, squaresOf(o, 2, 1), "dominoes")
	for n := range 7 {
		want := float32(0)
		if n == 0 || n == 3 {
			want = 0.5 // the 0-3 shows a blank and a three
		}
		assert.Len(t, squaresOf(o, 3+n, want), 64, "the drawn domino's number %d", n)
	}
	// The pool: value (a, b) and (b, a) of plane 10 for each tile a-b,
	// every tile but the 2-5 (placed) and the 0-3 (drawn).
	var pool []string
	for a := range 8 {
		for b := range 8 {
			switch v := o[10*64+a*8+b]; {
			case v == 1:
				pool = append(pool, Tile(NewTile(a, b)).String())
			case v != 0:
				t.Fatalf("pool value %v", v)
			}
		}
	}
	assert.Len(t, pool, 7+2*19, "the seven doubles once, the other 19 tiles twice")
	assert.NotContains(t, pool, "2-5")
	assert.NotContains(t, pool, "0-3")
	assert.Contains(t, pool, "0-0")
	assert.Contains(t, pool, "6-6")
	assert.Len(t, squaresOf(o, 11, 1), 64, "O's turn")

	x := p.AppendObservation(nil, 0)
	assert.Equal(t, squaresOf(o, 1, 1), squaresOf(x, 0, 1), "X's own pieces are O's opponent's")
	assert.Equal(t, squaresOf(o, 0, 1), squaresOf(x, 1, 1))
	assert.Len(t, squaresOf(x, 11, 0), 64, "not X's turn")
	assert.Equal(t, o[2*64:11*64], x[2*64:11*64], "the board's dominoes, the drawn one and the pool are common")
}

// TestObservationOfAChanceNodeHasNoDrawnDomino: before the draw the
// planes of the drawn domino are 0, the seat to draw has its turn plane,
// and the full pool is the whole 7×7 corner of plane 10.
func TestObservationOfAChanceNodeHasNoDrawnDomino(t *testing.T) {
	o := New().AppendObservation(nil, 0)
	for plane := 3; plane <= 9; plane++ {
		assert.Len(t, squaresOf(o, plane, 0), 64, "plane %d", plane)
	}
	assert.Len(t, squaresOf(o, 10, 1), 49)
	assert.Len(t, squaresOf(o, 11, 1), 64)
	assert.Equal(t, []string{"d4", "e5"}, squaresOf(o, 0, 1))
	assert.Equal(t, []string{"h1", "a8"}, squaresOf(o, 1, 1))
	// The double blank fills the blank's plane with 1.
	d := mustPlay(t, New(), "0-0").AppendObservation(nil, 0)
	assert.Len(t, squaresOf(d, 3, 1), 64)
}

// TestObservationIsOnlyForSeatsOfTheGame: other values than seats 0 and
// 1 append nothing, nor does the invalid value; the buffer's contents are
// kept.
func TestObservationIsOnlyForSeatsOfTheGame(t *testing.T) {
	buf := []float32{7}
	for _, seat := range []rules.Player{2, rules.Chance, rules.Terminal} {
		assert.Equal(t, buf, New().AppendObservation(buf, seat), "seat %v", seat)
	}
	assert.Equal(t, buf, Position{}.AppendObservation(buf, 0))
	got := New().AppendObservation(buf, 0)
	assert.Equal(t, float32(7), got[0])
	assert.Len(t, got, 1+12*64)
	planes, rows, cols := Position{}.ObservationShape()
	assert.Zero(t, planes+rows+cols)
}

// TestTransformsGolden: each of the eight symmetries of the square on
// Woods' example, and of its first turn.
func TestTransformsGolden(t *testing.T) {
	p := workedExample(t)
	rest := " B 0-3 0-0,0-1,0-2,0-4,0-5,0-6,1-1,1-2,1-3,1-4,1-5,1-6,2-2,2-3,2-4,2-6,3-3,3-4,3-5,3-6,4-4,4-5,4-6,5-5,5-6,6-6"
	start := mustPlay(t, New(), "2-5")
	first, err := start.ParseMove("d4-b4,e5-e8")
	require.NoError(t, err)
	for k, want := range []struct{ board, turn string }{
		{"B3A3/8/8/8/1A1[2-5]4/8/8/7B", "d4-b4,e5-e8"}, // identity
		{"B7/8/8/4[2-5]1A1/8/8/8/3A3B", "e5-g5,d4-d1"}, // half turn
		{"3A3B/8/8/8/4[2-5]1A1/8/8/B7", "e4-g4,d5-d8"}, // files mirrored
		{"7B/8/8/1A1[2-5]4/8/8/8/B3A3", "d5-b5,e4-e1"}, // ranks mirrored
		{"7B/3A4/8/3[2-5]4/7A/8/8/B7", "d5-d7,e4-h4"},  // quarter turn clockwise
		{"7B/8/8/A7/4[2-5]3/8/4A3/B7", "e4-e2,d5-a5"},  // counter-clockwise
		{"B7/8/8/7A/3[2-5]4/8/3A4/7B", "d4-d2,e5-h5"},  // the a1-h8 diagonal
		{"B7/4A3/8/4[2-5]3/A7/8/8/7B", "e5-e7,d4-a4"},  // the a8-h1 diagonal
	} {
		assert.Equal(t, want.board+rest, p.Transform(k).String(), "Transform(%d)", k)
		assert.Equal(t, want.turn, start.TransformMove(k, first).String(), "TransformMove(%d)", k)
		assert.Equal(t, Draw(NewTile(0, 3)), p.TransformMove(k, Draw(NewTile(0, 3))), "a draw is its own image")
		back, err := ParsePosition(p.Transform(k).String())
		require.NoError(t, err)
		assert.Equal(t, p.Transform(k), back)
	}
	assert.Equal(t, 8, p.Symmetries())
	assert.Equal(t, Position{}, p.Transform(8))
	assert.Equal(t, Position{}, p.Transform(-1))
	assert.Equal(t, NoMove, start.TransformMove(8, first))
	assert.Equal(t, NoMove, start.TransformMove(1, 1<<30))
	assert.Equal(t, NoMove, Position{}.TransformMove(0, first))
	assert.Zero(t, Position{}.Symmetries())
}

// TestSymmetriesKeepTheTorusRays: every symmetry maps each ray of the
// torus (the squares 1..6 steps from a square in one direction,
// wrapping) onto a ray of the image square, step for step, and a
// direction always onto the same direction: the move rules, which only
// walk rays and count steps, cannot tell a position from its image.
func TestSymmetriesKeepTheTorusRays(t *testing.T) {
	for k := range NumSymmetries {
		img := &symSquare[k]
		var dirOf [4]int
		for d := range 4 {
			dirOf[d] = -1
			for e := range 4 {
				if rays[img[0]][e][0] == img[rays[0][d][0]] {
					dirOf[d] = e
				}
			}
			require.NotEqual(t, -1, dirOf[d], "symmetry %d direction %d", k, d)
		}
		for sq := range Square(64) {
			for d := range 4 {
				for n := range MaxDistance {
					require.Equal(t, rays[img[sq]][dirOf[d]][n], img[rays[sq][d][n]], "symmetry %d, %v, direction %d, %d steps", k, sq, d, n+1)
				}
			}
		}
	}
}

// TestSymmetriesFormTheDihedralGroup: the eight are distinct, the
// identity first; the composition of any two is one of them, and each
// has an inverse among them.
func TestSymmetriesFormTheDihedralGroup(t *testing.T) {
	assert.Equal(t, symSquare[0], func() (id [64]Square) {
		for i := range id {
			id[i] = Square(i)
		}
		return id
	}())
	for j := range NumSymmetries {
		inverse := false
		for k := range NumSymmetries {
			if j != k {
				require.NotEqual(t, symSquare[j], symSquare[k])
			}
			var comp [64]Square
			for sq := range comp {
				comp[sq] = symSquare[j][symSquare[k][sq]]
			}
			require.True(t, slices.Contains(symSquare[:], comp), "symmetry %d after %d is none of the eight", j, k)
			if comp == symSquare[0] {
				inverse = true
			}
		}
		require.True(t, inverse, "symmetry %d has no inverse", j)
	}
}

// TestActionPermutationOfEverySymmetry: at every decision node of random
// games, for each symmetry k, i ↦ the index in Transform(k)'s space of
// the image of ActionMove(i) is a permutation of the 392 indices that
// takes the legal turns' indices onto Transform(k)'s; so a policy over a
// position's actions becomes one over its image's.
func TestActionPermutationOfEverySymmetry(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := New()
		for p.ToMove() != rules.Terminal {
			moves := p.AppendMoves(nil)
			if p.ToMove() != rules.Chance {
				for k := range NumSymmetries {
					q := p.Transform(k)
					perm := make([]int, NumActions)
					seen := make([]bool, NumActions)
					for i := range NumActions {
						m, _ := p.ActionMove(i)
						j := q.ActionIndex(p.TransformMove(k, m))
						if j < 0 || seen[j] {
							t.Fatalf("symmetry %d: index %d (%v) goes to %d, outside the space or taken", k, i, m, j)
						}
						perm[i], seen[j] = j, true
					}
					var want, got []int
					for _, m := range moves {
						want = append(want, perm[p.ActionIndex(m)])
					}
					for _, m := range q.AppendMoves(nil) {
						got = append(got, q.ActionIndex(m))
					}
					slices.Sort(want)
					slices.Sort(got)
					if !slices.Equal(want, got) {
						t.Fatalf("symmetry %d: the permuted legal actions are not Transform's", k)
					}
				}
			}
			p = p.PlayUnchecked(rapid.SampledFrom(moves).Draw(t, "move"))
		}
	})
}

// TestKitDoesNotAllocate pins the zero-allocation promise of the kit's
// typed calls: action indices both ways, the observation into a buffer
// with room, the symmetries and the ply.
func TestKitDoesNotAllocate(t *testing.T) {
	p := workedExample(t)
	moves := p.AppendMoves(nil)
	m := moves[len(moves)/2]
	buf := make([]float32, 0, ObservationPlanes*64)
	for name, f := range map[string]func(){
		"ActionIndex":       func() { _ = p.ActionIndex(m) },
		"ActionMove":        func() { _, _ = p.ActionMove(200) },
		"ChanceMove":        func() { _, _ = p.ChanceMove(20) },
		"AppendObservation": func() { buf = p.AppendObservation(buf[:0], 1) },
		"Transform":         func() { _ = p.Transform(5) },
		"TransformMove":     func() { _ = p.TransformMove(5, m) },
		"Ply":               func() { _ = p.Ply() },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}

// TestStartImagesAreTheStartAndItsQuarterTurn: the symmetries map the
// start onto itself (the half turn and the diagonal reflections) or onto
// its image under a quarter turn (the quarter turns and the mirrors).
func TestStartImagesAreTheStartAndItsQuarterTurn(t *testing.T) {
	require.Len(t, startImages, 2)
	assert.Equal(t, startPieces, startImages[0])
	for k := range NumSymmetries {
		img := New().Transform(k)
		want := 0
		if k >= 2 && k <= 5 { // the mirrors and the quarter turns
			want = 1
		}
		assert.Equal(t, startImages[want], img.pieces, "symmetry %d", k)
		assert.Equal(t, 2, bits.OnesCount64(img.pieces[0]))
	}
}

// TestObservationIgnoresStaleValuesInTheBuffer: an observation appended
// into a reused buffer, whose spare capacity holds an old observation's
// values, is the same as one into a fresh buffer.
func TestObservationIgnoresStaleValuesInTheBuffer(t *testing.T) {
	buf := make([]float32, 0, 1+ObservationPlanes*64)
	for i := range buf[:cap(buf)] {
		buf[:cap(buf)][i] = 9
	}
	for _, p := range []Position{New(), workedExample(t), mustPlay(t, New(), "0-0")} {
		for seat := range rules.Player(2) {
			buf = p.AppendObservation(buf[:1], seat)
			assert.Equal(t, p.AppendObservation(nil, seat), buf[1:], "%s, seat %v", p, seat)
		}
	}
}

// TestLegalIsTheListOnEveryStepPair: Legal tests a turn by itself,
// without listing the turns; at every turn node of random games it
// accepts exactly the listed turns among the turns of the mover's two
// pieces in either order, of one piece twice, and of a piece with a
// square not the mover's, each to every square in sight and to squares
// out of it.
func TestLegalIsTheListOnEveryStepPair(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := New()
		for p.ToMove() != rules.Terminal {
			if p.ToMove() != rules.Chance {
				listed := map[Move]bool{}
				for _, m := range p.AppendMoves(nil) {
					listed[m] = true
				}
				// The mover's pieces in either order, one piece twice, and
				// each with a square that is not the mover's: an opponent's
				// piece, an empty square, a domino.
				lo, hi := p.movers()
				pairs := [][2]Square{{lo, hi}, {hi, lo}, {lo, lo}}
				theirs := p.Pieces(rules.Player(p.turn ^ 1))
				others := theirs[:]
				for sq := Square(0); sq < 64; sq++ {
					if (p.pieces[0]|p.pieces[1]|p.dominoes)>>sq&1 == 0 {
						others = append(others, sq)
						break
					}
				}
				if p.dominoes != 0 {
					others = append(others, Square(bits.TrailingZeros64(p.dominoes)))
				}
				for _, x := range others {
					pairs = append(pairs, [2]Square{x, lo}, [2]Square{hi, x})
				}
				// The landings: every square in sight of the origin, the
				// origin, and one square off its rank and file.
				landings := func(from Square) []Square {
					out := []Square{from, NewSquare((from.File()+1)%8, (from.Rank()+1)%8)}
					for sq := Square(0); sq < 64; sq++ {
						if sight[from]>>sq&1 != 0 {
							out = append(out, sq)
						}
					}
					return out
				}
				for _, pair := range pairs {
					for _, t1 := range landings(pair[0]) {
						for _, t2 := range landings(pair[1]) {
							m := Turn(pair[0], t1, pair[1], t2)
							if err := p.Legal(m); (err == nil) != listed[m] {
								t.Fatalf("Legal(%v) = %v, listed: %v\n%s", m, err, listed[m], p.Diagram())
							}
						}
					}
				}
			}
			p = p.PlayUnchecked(rapid.SampledFrom(p.AppendMoves(nil)).Draw(t, "move"))
		}
	})
}
