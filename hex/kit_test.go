package hex

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// start returns the start of spec, failing the test on a bad spec.
func start(t *testing.T, spec string) Position {
	t.Helper()
	c, err := ParseSpec(spec)
	require.NoError(t, err)
	return c.Start()
}

// TestActionIndexIsRankTimesColsPlusFileThenTheSwap pins the encoding of
// the package doc: a cell's index is rank×Cols + file, the swap's is
// Cols×Rows, on a board wider than it is high (so that Cols and Rows
// cannot be confused).
func TestActionIndexIsRankTimesColsPlusFileThenTheSwap(t *testing.T) {
	p := start(t, "hex(size=5x3,swap=sides)")
	for _, tc := range []struct {
		move string
		want int
	}{
		{"a1", 0}, {"b1", 1}, {"e1", 4}, {"a2", 5}, {"c2", 7}, {"a3", 10}, {"e3", 14}, {"swap", 15},
	} {
		m, err := p.ParseMove(tc.move)
		require.NoError(t, err)
		assert.Equal(t, tc.want, p.ActionIndex(m), tc.move)
		back, ok := p.ActionMove(tc.want)
		assert.True(t, ok, tc.move)
		assert.Equal(t, m, back, "ActionMove(%d)", tc.want)
	}
	p = New()
	assert.Equal(t, 60, p.ActionIndex(Place(NewSquare(5, 5))), "f6 on 11×11")
	assert.Equal(t, 120, p.ActionIndex(Place(NewSquare(10, 10))), "k11 on 11×11")
	assert.Equal(t, 121, p.ActionIndex(Swap))
}

// TestNumActionsPerVariant pins the size of the action space, the cells
// plus the swap unless swap=none, through the registry and Dynamic too.
func TestNumActionsPerVariant(t *testing.T) {
	for _, tc := range []struct {
		spec string
		want int
	}{
		{"hex", 122},
		{"hex(size=11,swap=none)", 121},
		{"hex(size=11,swap=pieces)", 122},
		{"hex(size=13)", 170},
		{"hex(size=19,swap=pieces)", 362},
		{"hex(size=9x11)", 100},
		{"hex(size=9x11,swap=none)", 99},
		{"hex(size=1)", 2},
		{"hex(size=1,swap=none)", 1},
		{"hex(size=26)", 677},
	} {
		p := start(t, tc.spec)
		assert.Equal(t, tc.want, p.NumActions(), tc.spec)
		assert.Equal(t, 0, p.NumChanceActions(), tc.spec)
		d, err := rules.Open(tc.spec)
		require.NoError(t, err)
		assert.Equal(t, tc.want, d.NumActions(), tc.spec)
		i, err := d.ActionIndex("swap")
		if strings.Contains(tc.spec, "none") {
			assert.Error(t, err, "%s has no swap", tc.spec)
		} else {
			require.NoError(t, err)
			assert.Equal(t, tc.want-1, i, "the swap is the last index of %s", tc.spec)
		}
	}
}

// TestActionIndexRefusesWhatNoPositionOfTheVariantLists: NoMove, cells of
// the grid off this board, the swap of swap=none and garbage have no
// index (-1), and neither has any move on the invalid value.
func TestActionIndexRefusesWhatNoPositionOfTheVariantLists(t *testing.T) {
	p := start(t, "hex(size=5x3,swap=none)")
	for _, m := range []Move{NoMove, Swap, Place(NewSquare(5, 0)), Place(NewSquare(0, 3)), Place(NewSquare(25, 25)), Move(0x00FF), Move(0xFF00), Move(0x1A1A)} {
		assert.Equal(t, -1, p.ActionIndex(m), "%v (%#x)", m, uint16(m))
	}
	var zero Position
	for _, m := range []Move{Place(NewSquare(0, 0)), Swap, NoMove} {
		assert.Equal(t, -1, zero.ActionIndex(m), "%v on the invalid value", m)
	}
}

// TestActionMoveDecodesEveryIndexAndNothingElse: every index of the
// space decodes to a move that indexes back to it, the moves are those
// of the first position (every cell, then the swap), and indices outside
// the space are refused.
func TestActionMoveDecodesEveryIndexAndNothingElse(t *testing.T) {
	for _, spec := range []string{"hex(size=5x3,swap=sides)", "hex(size=3x5,swap=none)", "hex(size=4,swap=pieces)"} {
		p := start(t, spec)
		n := p.NumActions()
		var all []Move
		for i := range n {
			m, ok := p.ActionMove(i)
			require.True(t, ok, "%s: ActionMove(%d)", spec, i)
			assert.Equal(t, i, p.ActionIndex(m), "%s: %v", spec, m)
			all = append(all, m)
		}
		listed := p.AppendMoves(nil)
		if p.Config().Swap != SwapNone {
			listed = append(listed, Swap) // listed at ply 1
		}
		assert.Equal(t, listed, all, spec)
		for _, i := range []int{-1, n, n + 1, 1 << 40, -1 << 40} {
			m, ok := p.ActionMove(i)
			assert.False(t, ok, "%s: ActionMove(%d)", spec, i)
			assert.Equal(t, NoMove, m)
		}
	}
	_, ok := Position{}.ActionMove(0)
	assert.False(t, ok, "the invalid value has no action")
}

// TestHexHasNoChanceActions: no chance space, and ChanceMove refuses
// every index.
func TestHexHasNoChanceActions(t *testing.T) {
	p := New()
	assert.Equal(t, 0, p.NumChanceActions())
	for _, i := range []int{-1, 0, 1, 121} {
		_, ok := p.ChanceMove(i)
		assert.False(t, ok, "ChanceMove(%d)", i)
	}
}

// planes renders an observation of rows×cols planes as one string per
// plane, rows separated by "/", each value 0 or 1 (or ? for anything
// else).
func planes(obs []float32, rows, cols int) []string {
	var out []string
	for len(obs) > 0 {
		var b strings.Builder
		for r := range rows {
			if r > 0 {
				b.WriteByte('/')
			}
			for c := range cols {
				switch obs[r*cols+c] {
				case 0:
					b.WriteByte('0')
				case 1:
					b.WriteByte('1')
				default:
					b.WriteByte('?')
				}
			}
		}
		out = append(out, b.String())
		obs = obs[rows*cols:]
	}
	return out
}

// observe returns seat's observation of p as plane strings.
func observe(t *testing.T, p Position, seat rules.Player) []string {
	t.Helper()
	n, rows, cols := p.ObservationShape()
	require.Equal(t, ObservationPlanes, n)
	obs := p.AppendObservation(nil, seat)
	require.Len(t, obs, n*rows*cols)
	return planes(obs, rows, cols)
}

// TestObservationPlanesAfterASwapOfSides pins both seats' observations,
// plane by plane, on a board wider than it is high: after b1, the swap
// (seat 1 takes Black) and a2 (seat 0, now White), seat 1 is to move.
func TestObservationPlanesAfterASwapOfSides(t *testing.T) {
	p := mustPlay(t, start(t, "hex(size=3x2,swap=sides)"), "b1", "swap", "a2")
	require.Equal(t, rules.Player(1), p.ToMove())
	assert.Equal(t, []string{
		"010/000", // own stones: b1
		"000/100", // the opponent's: a2
		"111/000", // own first side: Black's top row
		"000/111", // own second side: the bottom row
		"111/111", // plays Black
		"111/111", // to move
		"000/000", // swap now
		"111/111", // swapped
		"111/111", // swap=sides
		"000/000", // swap=pieces
	}, observe(t, p, 1), "seat 1, Black, to move")
	assert.Equal(t, []string{
		"000/100", // own stones: a2
		"010/000", // the opponent's: b1
		"100/100", // own first side: White's left column
		"001/001", // own second side: the right column
		"000/000", // plays White
		"000/000", // not to move
		"000/000", // swap now
		"111/111", // swapped
		"111/111", // swap=sides
		"000/000", // swap=pieces
	}, observe(t, p, 0), "seat 0, White, waiting")
}

// TestObservationPlanesWhileTheSwapIsOpen pins the observation of the
// seat that may swap, in a swap=pieces game after c1.
func TestObservationPlanesWhileTheSwapIsOpen(t *testing.T) {
	p := mustPlay(t, start(t, "hex(size=3,swap=pieces)"), "c1")
	assert.Equal(t, []string{
		"000/000/000", // own stones
		"001/000/000", // the opponent's: c1
		"100/100/100", // own first side: White's left column
		"001/001/001", // own second side: the right column
		"000/000/000", // plays White
		"111/111/111", // to move
		"111/111/111", // swap now
		"000/000/000", // not swapped
		"000/000/000", // swap=sides
		"111/111/111", // swap=pieces
	}, observe(t, p, 1))
}

// TestObservationPlanesOfAFinishedGame: once the game is over the to-move
// plane stays with the seat whose turn it would be (Turn), as in the
// module's other games; on a board one row high both of Black's sides
// are that row.
func TestObservationPlanesOfAFinishedGame(t *testing.T) {
	p := mustPlay(t, start(t, "hex(size=2x1,swap=none)"), "a1")
	require.Equal(t, rules.Terminal, p.ToMove())
	require.Equal(t, rules.Player(1), p.Turn())
	assert.Equal(t, []string{"10", "00", "11", "11", "11", "00", "00", "00", "00", "00"}, observe(t, p, 0))
	assert.Equal(t, []string{"00", "10", "10", "01", "00", "11", "00", "00", "00", "00"}, observe(t, p, 1))
}

// TestAppendObservationKeepsWhatTheBufferHolds: the observation is
// appended after the buffer's values, overwrites whatever the spare
// capacity held, and nothing is appended for a value that is no seat of
// the game.
func TestAppendObservationKeepsWhatTheBufferHolds(t *testing.T) {
	p := mustPlay(t, start(t, "hex(size=3x2,swap=sides)"), "b1")
	obs := p.AppendObservation([]float32{7, 8}, 1)
	require.Len(t, obs, 2+ObservationPlanes*6)
	assert.Equal(t, []float32{7, 8}, obs[:2])
	assert.Equal(t, p.AppendObservation(nil, 1), obs[2:])
	dirty := make([]float32, 1, 1+ObservationPlanes*6)
	for i := range dirty[:cap(dirty)] {
		dirty[:cap(dirty)][i] = 9
	}
	assert.Equal(t, p.AppendObservation(nil, 0), p.AppendObservation(dirty, 0)[1:], "every value is written, whatever the buffer held past its length")
	for _, seat := range []rules.Player{2, rules.Chance, rules.Terminal, 100} {
		assert.Equal(t, []float32{7}, p.AppendObservation([]float32{7}, seat), "seat %v", seat)
	}
}

// TestObservationPlanesAgreeWithThePosition plays random games of every
// kind of variant (boards 26 cells wide or high among them) and checks each
// plane of both seats' observations against the position's accessors: the
// stones, the sides, the colour, the seat to move, the swap (legal now,
// played) and the pie rule.
func TestObservationPlanesAgreeWithThePosition(t *testing.T) {
	r := newRand(23)
	for game := range 200 {
		c := Config{Cols: 1 + r.IntN(7), Rows: 1 + r.IntN(7), Swap: SwapMode(r.IntN(2))}
		switch game % 10 {
		case 0, 3, 6:
			c = Config{Cols: c.Cols, Rows: c.Cols, Swap: SwapPieces}
		case 1:
			c = Config{Cols: MaxSize, Rows: 2 + r.IntN(3), Swap: SwapSides}
		case 2:
			c = Config{Cols: 2 + r.IntN(3), Rows: MaxSize, Swap: SwapNone}
		}
		p := c.Start()
		for {
			for seat := range rules.Player(2) {
				checkPlanes(t, p, seat)
			}
			moves := p.AppendMoves(nil)
			if len(moves) == 0 {
				break
			}
			p = p.PlayUnchecked(moves[r.IntN(len(moves))])
		}
	}
}

// checkPlanes checks seat's observation of p against p's accessors.
func checkPlanes(t *testing.T, p Position, seat rules.Player) {
	t.Helper()
	n, rows, cols := p.ObservationShape()
	cells := rows * cols
	obs := p.AppendObservation(nil, seat)
	require.Len(t, obs, n*cells)
	color := p.ColorOf(seat)
	flag := map[int]bool{
		planeBlack:      color == Black,
		planeToMove:     p.Turn() == seat,
		planeSwapNow:    p.Legal(Swap) == nil,
		planeSwapped:    p.Swapped() != SwapNone,
		planeRuleSides:  p.Config().Swap == SwapSides,
		planeRulePieces: p.Config().Swap == SwapPieces,
	}
	b2f := func(b bool) float32 {
		if b {
			return 1
		}
		return 0
	}
	for r := range rows {
		for c := range cols {
			i := r*cols + c
			at := p.At(NewSquare(c, r))
			first, second := r == 0, r == rows-1
			if color == White {
				first, second = c == 0, c == cols-1
			}
			want := map[int]bool{
				planeOwn:        at == color,
				planeOpponent:   at == color.Other(),
				planeFirstSide:  first,
				planeSecondSide: second,
			}
			for k, on := range flag {
				want[k] = on
			}
			for k := range n {
				if got := obs[k*cells+i]; got != b2f(want[k]) {
					t.Fatalf("%s, seat %v: plane %d at %v is %v, want %v", p, seat, k, NewSquare(c, r), got, want[k])
				}
			}
		}
	}
}

// TestObservationsOfDifferentVariantsDiffer: boards of equal area and
// the three pie rules give different observations, whichever seat looks,
// so that the observation tells the variant even where its length does
// not.
func TestObservationsOfDifferentVariantsDiffer(t *testing.T) {
	seen := map[string]string{}
	for _, spec := range []string{
		"hex(size=3,swap=sides)", "hex(size=3,swap=none)", "hex(size=3,swap=pieces)",
		"hex(size=9x1,swap=sides)", "hex(size=1x9,swap=sides)", "hex(size=9x1,swap=none)", "hex(size=1x9,swap=none)",
		"hex(size=2x1,swap=none)", "hex(size=1x2,swap=none)", "hex(size=2x1,swap=sides)", "hex(size=1x2,swap=sides)",
		"hex(size=6x2,swap=none)", "hex(size=4x3,swap=none)", "hex(size=3x4,swap=none)", "hex(size=2x6,swap=none)",
	} {
		p := start(t, spec)
		for seat := range rules.Player(2) {
			key := strings.Join(observe(t, p, seat), "|")
			if other, ok := seen[key]; ok {
				t.Errorf("%s seat %v looks like %s", spec, seat, other)
			}
			seen[key] = spec + " seat " + seat.String()
		}
	}
}

// TestHalfTurnTakesEachCellToTheOppositeCell pins TransformMove: the
// half-turn takes (f, r) to (Cols−1−f, Rows−1−r) and the swap to
// itself, the identity keeps every move, and what is no move of the
// variant, like a symmetry out of range, gives NoMove.
func TestHalfTurnTakesEachCellToTheOppositeCell(t *testing.T) {
	p := start(t, "hex(size=5x3,swap=sides)")
	for _, tc := range [][2]string{{"a1", "e3"}, {"b1", "d3"}, {"e1", "a3"}, {"c2", "c2"}, {"a2", "e2"}, {"swap", "swap"}} {
		m, _ := p.ParseMove(tc[0])
		want, _ := p.ParseMove(tc[1])
		assert.Equal(t, want, p.TransformMove(1, m), "half-turn of %s", tc[0])
		assert.Equal(t, m, p.TransformMove(0, m), "identity of %s", tc[0])
		assert.Equal(t, NoMove, p.TransformMove(2, m), "symmetry 2 of %s", tc[0])
		assert.Equal(t, NoMove, p.TransformMove(-1, m), "symmetry -1 of %s", tc[0])
	}
	for _, m := range []Move{NoMove, Place(NewSquare(5, 0)), Place(NewSquare(0, 3)), Move(0x1A1A)} {
		assert.Equal(t, NoMove, p.TransformMove(0, m), "%#x", uint16(m))
		assert.Equal(t, NoMove, p.TransformMove(1, m), "%#x", uint16(m))
	}
	none := start(t, "hex(size=5x3,swap=none)")
	assert.Equal(t, NoMove, none.TransformMove(1, Swap), "swap=none has no swap")
	assert.Equal(t, NoMove, Position{}.TransformMove(0, Place(NewSquare(0, 0))), "the invalid value has no symmetry")
}

// TestHalfTurnPermutesActionIndicesBackToFront: under the half-turn the
// cell of index i goes to index Cols×Rows−1−i and the swap stays last,
// the permutation rules.ActionPermutation gives for data augmentation.
func TestHalfTurnPermutesActionIndicesBackToFront(t *testing.T) {
	for _, spec := range []string{"hex(size=5x3,swap=sides)", "hex(size=2x4,swap=none)"} {
		p := start(t, spec)
		cells := p.Config().Cols * p.Config().Rows
		want := make([]int, p.NumActions())
		for i := range want {
			want[i] = cells - 1 - i
		}
		if len(want) > cells {
			want[cells] = cells
		}
		perm, err := rules.ActionPermutation(p, 1)
		require.NoError(t, err)
		assert.Equal(t, want, perm, spec)
		perm, err = rules.ActionPermutation(p, 0)
		require.NoError(t, err)
		for i := range perm {
			assert.Equal(t, i, perm[i], "identity, %s", spec)
		}
	}
}

// TestHalfTurnOfAPositionTurnsTheBoard pins Transform: the half-turn of
// a position reads as the turned board with the same colour to move and
// swap, equals the parsed text (hash included), keeps the seat to move,
// the ply and the pie-rule state, and is its own inverse.
func TestHalfTurnOfAPositionTurnsTheBoard(t *testing.T) {
	p := mustPlay(t, start(t, "hex(size=4x3,swap=sides)"), "b1", "swap", "d3", "c2")
	require.Equal(t, "1B2/2B1/3W w sides", p.String())
	q := p.Transform(1)
	assert.Equal(t, "W3/1B2/2B1 w sides", q.String())
	parsed, err := ParsePosition(q.String())
	require.NoError(t, err)
	assert.Equal(t, parsed, q, "the turned position is the one its text reads")
	assert.Equal(t, parsed.Hash(), q.Hash())
	assert.NotEqual(t, p.Hash(), q.Hash())
	assert.Equal(t, p.ToMove(), q.ToMove())
	assert.Equal(t, p.Ply(), q.Ply())
	assert.Equal(t, SwapSides, q.Swapped())
	assert.Equal(t, p, q.Transform(1), "two half-turns are the identity")
	assert.Equal(t, p, p.Transform(0))
	for _, k := range []int{-1, 2, 3} {
		assert.Equal(t, Position{}, p.Transform(k), "symmetry %d", k)
	}
	assert.Equal(t, Position{}, Position{}.Transform(0), "the invalid value has no symmetry")
	assert.Equal(t, 2, p.Symmetries())
	assert.Equal(t, 0, Position{}.Symmetries())
}

// TestHalfTurnHoldsOnBoardsOfEveryWidth plays random games on boards up
// to and past 16 columns (Transform turns rows of at most 16 cells and
// wider ones in two ways) and checks at every position that the
// half-turn reads back from its text, is its own inverse, keeps the
// node, and maps the legal moves onto the turned position's.
func TestHalfTurnHoldsOnBoardsOfEveryWidth(t *testing.T) {
	r := newRand(16)
	for _, size := range []string{"1x3", "15x2", "16x3", "17x2", "2x17", "20x5", "26x3", "26"} {
		for game := range 4 {
			p := start(t, "hex(size="+size+")")
			for ply := 0; ; ply++ {
				q := p.Transform(1)
				back, err := p.Config().ParsePosition(q.String())
				require.NoError(t, err, "%s, ply %d: %s", size, ply, q)
				require.Equal(t, back, q, "%s, ply %d: the turned position is not the one its text reads", size, ply)
				require.Equal(t, p, q.Transform(1), "%s, ply %d", size, ply)
				require.Equal(t, p.ToMove(), q.ToMove())
				require.Equal(t, p.Outcome(), q.Outcome())
				moves := p.AppendMoves(nil)
				want := make([]Move, len(moves))
				for i, m := range moves {
					want[i] = p.TransformMove(1, m)
				}
				slices.Sort(want)
				require.Equal(t, want, q.AppendMoves([]Move{}), "%s, ply %d", size, ply)
				if len(moves) == 0 || game == 0 && ply > 40 {
					break
				}
				p = p.PlayUnchecked(moves[r.IntN(len(moves))])
			}
		}
	}
}

// TestHalfTurnKeepsTheWinner: a finished game turned is finished, won by
// the same seat.
func TestHalfTurnKeepsTheWinner(t *testing.T) {
	p, err := ParsePosition("hex(size=3,swap=none) BW1/BW1/B2 w -")
	require.NoError(t, err)
	require.True(t, p.Outcome().Over())
	q := p.Transform(1)
	assert.Equal(t, "2B/1WB/1WB w -", strings.TrimPrefix(q.String(), "hex(size=3,swap=none) "))
	assert.Equal(t, p.Outcome(), q.Outcome())
	assert.Equal(t, Black, q.Winner())
}

// TestHalfTurnCommutesWithTheSwap: at the second move, swapping then
// turning gives the position that turning then swapping gives, for both
// pie rules (the mirror of swap=pieces commutes with the half-turn), and
// the swap stays open after the turn.
func TestHalfTurnCommutesWithTheSwap(t *testing.T) {
	for _, spec := range []string{"hex(size=3,swap=pieces)", "hex(size=4,swap=pieces)", "hex(size=5x3,swap=sides)"} {
		for _, first := range []string{"a1", "b1", "c2"} {
			p := mustPlay(t, start(t, spec), first)
			q := p.Transform(1)
			require.NoError(t, q.Legal(Swap), "%s %s: the turned position may swap", spec, first)
			a, err := q.Play(Swap)
			require.NoError(t, err)
			b := mustPlay(t, p, "swap").Transform(1)
			assert.Equal(t, b, a, "%s after %s: %s against %s", spec, first, a, b)
		}
	}
}

// TestDiagonalMirrorIsNoSymmetry: the mirror (f, r) to (r, f) keeps the
// neighbours of a square board but exchanges Black's sides with
// White's, so it turns a Black win into a game still going on; neither
// of the two symmetries Symmetries counts gives the mirrored position.
func TestDiagonalMirrorIsNoSymmetry(t *testing.T) {
	p, err := ParsePosition("hex(size=3,swap=pieces) BW1/BW1/B2 w -")
	require.NoError(t, err)
	mirrored, err := ParsePosition("hex(size=3,swap=pieces) BBB/WW1/3 w -")
	require.NoError(t, err)
	assert.True(t, p.Outcome().Over())
	assert.False(t, mirrored.Outcome().Over(), "Black's row 1 joins no side of Black's")
	require.Equal(t, 2, p.Symmetries())
	for k := range p.Symmetries() {
		assert.NotEqual(t, mirrored, p.Transform(k), "symmetry %d", k)
	}
}

// TestObservationOfTheHalfTurnIsTheObservationBackwards: the half-turn's
// observation is the observation with every plane read backwards and
// the two side planes exchanged (the first side turns into the second),
// which lets training data be augmented without a position.
func TestObservationOfTheHalfTurnIsTheObservationBackwards(t *testing.T) {
	for _, moves := range [][]string{{"b1", "swap", "a2"}, {"c1"}, {"a1", "e2", "c3"}} {
		p := mustPlay(t, start(t, "hex(size=5x3,swap=sides)"), moves...)
		for seat := range rules.Player(2) {
			n, rows, cols := p.ObservationShape()
			cells := rows * cols
			obs := p.AppendObservation(nil, seat)
			want := slices.Clone(obs)
			for k := range n {
				slices.Reverse(want[k*cells : (k+1)*cells])
			}
			first, second := want[planeFirstSide*cells:][:cells], want[planeSecondSide*cells:][:cells]
			tmp := slices.Clone(first)
			copy(first, second)
			copy(second, tmp)
			assert.Equal(t, planes(want, rows, cols), planes(p.Transform(1).AppendObservation(nil, seat), rows, cols), "%v, seat %v", moves, seat)
		}
	}
}

// TestKitCallsDoNotAllocate pins the zero-allocation promise of the kit
// on the typed path: action indices both ways, the observation into a
// buffer with room, and both transformations.
func TestKitCallsDoNotAllocate(t *testing.T) {
	p := mustPlay(t, Sized(11).Start(), "f6", "swap", "e5")
	m := Place(NewSquare(3, 3))
	sink := 0
	if n := testing.AllocsPerRun(100, func() { sink += p.ActionIndex(m) + p.ActionIndex(Swap) }); n != 0 {
		t.Errorf("ActionIndex allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { back, _ := p.ActionMove(60); sink += int(back) }); n != 0 {
		t.Errorf("ActionMove allocates %v times", n)
	}
	planes, rows, cols := p.ObservationShape()
	buf := make([]float32, 0, planes*rows*cols)
	if n := testing.AllocsPerRun(100, func() { buf = p.AppendObservation(buf[:0], 0) }); n != 0 {
		t.Errorf("AppendObservation with room allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { sink += p.Transform(1).Ply() }); n != 0 {
		t.Errorf("Transform allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { sink += int(p.TransformMove(1, m)) }); n != 0 {
		t.Errorf("TransformMove allocates %v times", n)
	}
	_ = sink
}

// TestObservationOfTheHalfTurnIsTheObservationTurned: along random games
// of every pie rule on square and oblong boards, the observation of
// Transform(1) is the observation turned half a turn with planes 2 and 3
// (the first and the second side) exchanged, from both seats.
func TestObservationOfTheHalfTurnIsTheObservationTurned(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, spec := range []string{"hex(size=5)", "hex(size=6,swap=pieces)", "hex(size=4x6)", "hex(size=7x3,swap=none)", "hex(size=11)"} {
		p := start(t, spec)
		for p.ToMove().IsSeat() {
			planes, rows, cols := p.ObservationShape()
			cells := rows * cols
			for seat := range rules.Player(2) {
				obs, img := p.AppendObservation(nil, seat), p.Transform(1).AppendObservation(nil, seat)
				for i := range planes {
					j := i
					switch i {
					case planeFirstSide:
						j = planeSecondSide
					case planeSecondSide:
						j = planeFirstSide
					}
					for c := range cells {
						if obs[i*cells+c] != img[j*cells+cells-1-c] {
							t.Fatalf("%s, %v, seat %d: plane %d at %d is %v, plane %d of the half-turn at %d is %v",
								spec, p, seat, i, c, obs[i*cells+c], j, cells-1-c, img[j*cells+cells-1-c])
						}
					}
				}
			}
			moves := p.AppendMoves(nil)
			p = p.PlayUnchecked(moves[r.IntN(len(moves))])
		}
	}
}
