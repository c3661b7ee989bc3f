package patterns

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tabletop-go/rules/hex"
	"pgregory.net/rapid"
)

// drawn reads a board drawn row by row ('.' empty, 'B', 'W'), as colours
// in reading order.
func drawn(t testing.TB, rows ...string) (cells []hex.Color, cols int) {
	t.Helper()
	for _, r := range rows {
		r = strings.ReplaceAll(r, " ", "")
		if cols == 0 {
			cols = len(r)
		}
		if len(r) != cols {
			t.Fatalf("row %q is not %d cells long", r, cols)
		}
		for _, ch := range r {
			switch ch {
			case '.':
				cells = append(cells, hex.Empty)
			case 'B':
				cells = append(cells, hex.Black)
			case 'W':
				cells = append(cells, hex.White)
			default:
				t.Fatalf("row %q holds %q", r, ch)
			}
		}
	}
	return cells, cols
}

// potentials returns each cell's two-distances to c's sides as
// pathScratch computes them.
func potentials(cells []hex.Color, cols, rows int, c hex.Color) (d0, d1 []int) {
	s := &pathScratch{}
	s.load(cells, cols, rows)
	class := make([]uint8, len(cells))
	s.classes(class, c)
	for i := range cells {
		d0 = append(d0, int(s.dist[0][s.at(i)]))
		d1 = append(d1, int(s.dist[1][s.at(i)]))
	}
	return d0, d1
}

// TestTwoDistanceOnAnEmptyBoard: along Black's top row a cell is 1 from
// it; a row down, a cell with two neighbours in the row above is 2, and
// the last cell of the row, with one, is 1 more than its second best
// neighbour (the cell before it, at 2). The bottom side's are the same
// turned half round.
func TestTwoDistanceOnAnEmptyBoard(t *testing.T) {
	cells, cols := drawn(t,
		"...",
		"...",
		"...")
	top, bottom := potentials(cells, cols, 3, hex.Black)
	want := []int{1, 1, 1, 2, 2, 3, 3, 4, 5}
	for i := range want {
		if top[i] != want[i] {
			t.Errorf("cell %d: two-distance to the top %d, want %d (all: %v)", i, top[i], want[i], top)
		}
		if bottom[len(want)-1-i] != want[i] {
			t.Errorf("cell %d: two-distance to the bottom %d, want %d (all: %v)", len(want)-1-i, bottom[len(want)-1-i], want[i], bottom)
		}
	}
}

// TestTwoDistanceThroughOwnStones: a chain of the player's stones that
// touches a side brings the side to every cell next to it, and its other
// neighbours count as neighbours of each cell that touches it.
func TestTwoDistanceThroughOwnStones(t *testing.T) {
	cells, cols := drawn(t,
		".B...",
		".B...",
		".B...",
		".....",
		".....")
	top, _ := potentials(cells, cols, 5, hex.Black)
	for _, i := range []int{15, 16} { // row 3, columns 0 and 1: next to the chain's foot
		if top[i] != 1 {
			t.Errorf("cell %d next to the chain from the top: two-distance %d, want 1", i, top[i])
		}
	}
	// Row 4, column 0 touches cells 15 and 16 (both 1) only through
	// empty cells: 2.
	if top[20] != 2 {
		t.Errorf("cell 20: two-distance %d, want 2", top[20])
	}
	// White's stones block Black: a cell walled in by them has no path.
	cells, cols = drawn(t,
		"..WW.",
		".W.W.",
		".WW..",
		".....")
	top, bottom := potentials(cells, cols, 4, hex.Black)
	if top[7] != noPath || bottom[7] != noPath {
		t.Errorf("the walled-in cell: two-distances %d and %d, want no path (%d)", top[7], bottom[7], noPath)
	}
}

// TestPathClassesOfABridgedLine: with a Black line that a bridge from
// each side would complete, the two cells of the last bridge are on
// Black's shortest paths (class 0) and a far corner is not.
func TestPathClassesOfABridgedLine(t *testing.T) {
	cells, cols := drawn(t,
		".....",
		"..B..",
		".....",
		".B...",
		".....")
	class := make([]uint8, len(cells))
	pathClasses(class, cells, cols, 5, hex.Black)
	mine := func(i int) uint8 { return class[i] / PathClasses }
	if mine(11) != 0 || mine(12) != 0 {
		t.Errorf("the bridge cells between the stones: classes %d and %d, want 0 (all: %v)", mine(11), mine(12), class)
	}
	if mine(4) == 0 {
		t.Errorf("the far top corner: class 0, want more")
	}
	for i, c := range cells {
		if c != hex.Empty && class[i] != 0 {
			t.Errorf("stone %d: class %d, want 0", i, class[i])
		}
	}
}

// referenceTwoDistance computes two-distances the slow way, from the
// definition as a fixed point: start every cell at noPath, then set each
// cell to 1 if it touches the side (itself or through a chain of c's),
// else to one more than the second least value among its neighbours
// (empty cells next to it or next to a chain of c's it touches), until
// nothing changes.
func referenceTwoDistance(cells []hex.Color, cols, rows int, c hex.Color, which int) []int {
	n := len(cells)
	nb := func(i int) []int {
		var out []int
		for _, d := range ringDirs {
			col, row := i%cols+d[0], i/cols+d[1]
			if col >= 0 && col < cols && row >= 0 && row < rows {
				out = append(out, row*cols+col)
			}
		}
		return out
	}
	onSide := func(i int) bool {
		col, row := i%cols, i/cols
		if c == hex.White {
			return which == 0 && col == 0 || which == 1 && col == cols-1
		}
		return which == 0 && row == 0 || which == 1 && row == rows-1
	}
	// chain[i]: the stones of c's chain through i.
	chain := func(i int) map[int]bool {
		seen := map[int]bool{i: true}
		todo := []int{i}
		for len(todo) > 0 {
			x := todo[0]
			todo = todo[1:]
			for _, j := range nb(x) {
				if cells[j] == c && !seen[j] {
					seen[j] = true
					todo = append(todo, j)
				}
			}
		}
		return seen
	}
	touches := make([]bool, n)
	neighbours := make([]map[int]bool, n)
	for i := range n {
		if cells[i] != hex.Empty {
			continue
		}
		touches[i] = onSide(i)
		neighbours[i] = map[int]bool{}
		for _, j := range nb(i) {
			switch cells[j] {
			case hex.Empty:
				neighbours[i][j] = true
			case c:
				for s := range chain(j) {
					touches[i] = touches[i] || onSide(s)
					for _, e := range nb(s) {
						if cells[e] == hex.Empty && e != i {
							neighbours[i][e] = true
						}
					}
				}
			}
		}
	}
	d := make([]int, n)
	for i := range d {
		d[i] = noPath
	}
	for changed := true; changed; {
		changed = false
		for i := range n {
			if cells[i] != hex.Empty {
				continue
			}
			v := noPath
			if touches[i] {
				v = 1
			} else {
				best, second := noPath, noPath
				for j := range neighbours[i] {
					if d[j] < best {
						best, second = d[j], best
					} else if d[j] < second {
						second = d[j]
					}
				}
				if second < noPath {
					v = second + 1
				}
			}
			if v != d[i] {
				d[i], changed = v, true
			}
		}
	}
	return d
}

// TestTwoDistanceMatchesItsDefinition: on random boards the rounds of
// twoDistance give what the definition's fixed point gives, for both
// colours and both sides.
func TestTwoDistanceMatchesItsDefinition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cols := rapid.IntRange(1, 8).Draw(t, "cols")
		rows := rapid.IntRange(1, 8).Draw(t, "rows")
		cells := make([]hex.Color, cols*rows)
		for i := range cells {
			cells[i] = rapid.SampledFrom([]hex.Color{hex.Empty, hex.Empty, hex.Black, hex.White}).Draw(t, "cell")
		}
		for _, c := range []hex.Color{hex.Black, hex.White} {
			d0, d1 := potentials(cells, cols, rows, c)
			for which, got := range [][]int{d0, d1} {
				want := referenceTwoDistance(cells, cols, rows, c, which)
				for i := range cells {
					if cells[i] == hex.Empty && got[i] != want[i] {
						t.Fatalf("%v, side %d, cell %d of %d×%d %v: two-distance %d, want %d", c, which, i, cols, rows, cells, got[i], want[i])
					}
				}
			}
		}
	})
}

// TestPathClassesAreTheColoursSeenTransposed: the path classes of a
// board for White are those of the transposed board, colours exchanged,
// for Black (the rules keep that symmetry; so must the feature).
func TestPathClassesAreTheColoursSeenTransposed(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cols := rapid.IntRange(1, 9).Draw(t, "cols")
		rows := rapid.IntRange(1, 9).Draw(t, "rows")
		cells := make([]hex.Color, cols*rows)
		turned := make([]hex.Color, cols*rows)
		for i := range cells {
			cells[i] = rapid.SampledFrom([]hex.Color{hex.Empty, hex.Black, hex.White}).Draw(t, "cell")
			turned[(i%cols)*rows+i/cols] = cells[i].Other()
			if cells[i] == hex.Empty {
				turned[(i%cols)*rows+i/cols] = hex.Empty
			}
		}
		a := make([]uint8, len(cells))
		b := make([]uint8, len(cells))
		pathClasses(a, cells, cols, rows, hex.White)
		pathClasses(b, turned, rows, cols, hex.Black)
		for i := range cells {
			if a[i] != b[(i%cols)*rows+i/cols] {
				t.Fatalf("cell %d: class %d for White, %d transposed for Black", i, a[i], b[(i%cols)*rows+i/cols])
			}
		}
	})
}

// TestWeightsMultiplyThePathWeights: a model with path classes weighs a
// cell by its pair's weight times what the model without them gives.
func TestWeightsMultiplyThePathWeights(t *testing.T) {
	plain := newModel([]uint64{1<<63 | 7, 3}, []float32{2, 0.5}, 0.25, [2][far]float32{{4, 2, 1}, {3, 1.5, 1}}, nil, "x")
	paths := make([]float32, PathClasses*PathClasses)
	for k := range paths {
		paths[k] = float32(k + 1)
	}
	with := newModel([]uint64{1<<63 | 7, 3}, []float32{2, 0.5}, 0.25, [2][far]float32{{4, 2, 1}, {3, 1.5, 1}}, paths, "x")
	if plain.HasPaths() || !with.HasPaths() {
		t.Fatalf("HasPaths: %v without, %v with", plain.HasPaths(), with.HasPaths())
	}
	cells, cols := drawn(t,
		"....",
		".BW.",
		"..B.",
		"W...")
	w0 := make([]float32, len(cells))
	w1 := make([]float32, len(cells))
	class := make([]uint8, len(cells))
	if err := plain.Weights(w0, cells, cols, 4, hex.White, 5, 6); err != nil {
		t.Fatal(err)
	}
	if err := with.Weights(w1, cells, cols, 4, hex.White, 5, 6); err != nil {
		t.Fatal(err)
	}
	pathClasses(class, cells, cols, 4, hex.White)
	for i := range cells {
		if want := w0[i] * paths[class[i]]; math.Abs(float64(w1[i]-want)) > 1e-6*float64(want) {
			t.Errorf("cell %d: weight %v, want %v × %v", i, w1[i], w0[i], paths[class[i]])
		}
	}
	// A file keeps them, in the second version; one without keeps the first.
	for _, m := range []*Model{plain, with} {
		data, _ := m.MarshalBinary()
		back, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if wantMagic := map[bool]string{false: magicNoPaths, true: magic}[m.HasPaths()]; string(data[:8]) != wantMagic || back.HasPaths() != m.HasPaths() {
			t.Errorf("a model with paths %v is written as %q and reads back with paths %v", m.HasPaths(), data[:8], back.HasPaths())
		}
		if m.HasPaths() {
			for k := range paths {
				if back.paths[k] != paths[k] {
					t.Errorf("path weight %d reads back as %v, want %v", k, back.paths[k], paths[k])
				}
			}
		}
	}
}

// TestWeightsWithPathsAllocateNothing: the path classes live on the
// stack.
func TestWeightsWithPathsAllocateNothing(t *testing.T) {
	paths := make([]float32, PathClasses*PathClasses)
	for k := range paths {
		paths[k] = 1
	}
	m := newModel(nil, nil, 1, [2][far]float32{{1, 1, 1}, {1, 1, 1}}, paths, "")
	cells := make([]hex.Color, 121)
	for i := range cells {
		cells[i] = []hex.Color{hex.Empty, hex.Black, hex.White, hex.Empty}[i*7%4]
	}
	w := make([]float32, len(cells))
	if allocs := testing.AllocsPerRun(20, func() { _ = m.Weights(w, cells, 11, 11, hex.Black, -1, -1) }); allocs != 0 {
		t.Errorf("Weights with path classes: %v allocations, want 0", allocs)
	}
}

// BenchmarkPathClasses: both players' path classes of an 11×11 board
// with 30 stones.
func BenchmarkPathClasses(b *testing.B) {
	cells := make([]hex.Color, 121)
	for k := range 30 {
		cells[(k*37+11)%121] = []hex.Color{hex.Black, hex.White}[k%2]
	}
	class := make([]uint8, 121)
	for b.Loop() {
		pathClasses(class, cells, 11, 11, hex.Black)
	}
}

// TestTrainLearnsPlantedPaths: in games where every move lies on the
// mover's shortest paths (path class 0), the model learns that class 0
// is worth far more than the classes off them, and the likelihood never
// falls.
func TestTrainLearnsPlantedPaths(t *testing.T) {
	var games []Game
	class := make([]uint8, 49)
	cells := make([]hex.Color, 49)
	cfg, err := hex.ParseSpec("hex(size=7,swap=none)")
	require.NoError(t, err)
	for g := range 30 {
		p := cfg.Start()
		var moves []hex.Move
		for k := 0; p.ToMove().IsSeat(); k++ {
			for i := range cells {
				cells[i] = p.At(hex.NewSquare(i%7, i/7))
			}
			pathClasses(class, cells, 7, 7, p.ColorOf(p.ToMove()))
			all := p.AppendMoves(nil)
			m := all[(g*5+k*3)%len(all)] // off the paths only when none is left
			for j := range all {
				if mv := all[(g*5+k*3+j)%len(all)]; class[sqIndex(mv.Square(), 7)]/PathClasses == 0 {
					m = mv
					break
				}
			}
			moves = append(moves, m)
			p = p.PlayUnchecked(m)
		}
		games = append(games, Game{Start: cfg.Start(), Moves: moves})
	}
	lls := []float64{}
	m, err := Train(games, TrainOptions{MinCount: 1000, Sweeps: 8, Paths: true,
		Progress: func(_ int, ll float64) { lls = append(lls, ll) }})
	require.NoError(t, err)
	require.True(t, m.HasPaths())
	on, off := float32(0), float32(0)
	for o := range PathClasses {
		on = max(on, m.paths[o])
		for a := 2; a < PathClasses; a++ {
			off = max(off, m.paths[a*PathClasses+o])
		}
	}
	assert.Greater(t, on, 10*off, "class 0 against classes 2 and up: %v", m.paths)
	assert.Equal(t, float32(1), m.paths[PathClasses*PathClasses-1], "the pair furthest off both paths anchors the scale")
	for i := 1; i < len(lls); i++ {
		assert.GreaterOrEqual(t, lls[i], lls[i-1]-1e-9, "minorization-maximization never lowers the likelihood: %v", lls)
	}
	// The likelihood the fit reports is that of the model it returns:
	// the path weights take part in every strength.
	a, err := m.Measure(games)
	require.NoError(t, err)
	assert.InDelta(t, lls[len(lls)-1], a.LogLikelihood, 1e-4, "the last sweep's log-likelihood against the model's own")
}

// TestPathClassesMatchTheirDefinition: on random boards (some too
// narrow for a player to have any path) each cell's classes are its
// potentials, from the definition's two-distances, less the least
// potential of the board, at most PathClasses-1, and PathClasses-1
// where the player has no path through it.
func TestPathClassesMatchTheirDefinition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cols := rapid.IntRange(1, 9).Draw(t, "cols")
		rows := rapid.IntRange(1, 9).Draw(t, "rows")
		cells := make([]hex.Color, cols*rows)
		for i := range cells {
			cells[i] = rapid.SampledFrom([]hex.Color{hex.Empty, hex.Empty, hex.Empty, hex.Black, hex.White}).Draw(t, "cell")
		}
		mover := rapid.SampledFrom([]hex.Color{hex.Black, hex.White}).Draw(t, "mover")
		want := func(c hex.Color) []int {
			a, b := referenceTwoDistance(cells, cols, rows, c, 0), referenceTwoDistance(cells, cols, rows, c, 1)
			least := noPath
			for i := range cells {
				if cells[i] == hex.Empty {
					least = min(least, a[i]+b[i])
				}
			}
			classes := make([]int, len(cells))
			for i := range cells {
				classes[i] = PathClasses - 1
				if p := a[i] + b[i]; p < noPath {
					classes[i] = min(p-least, PathClasses-1)
				}
			}
			return classes
		}
		mine, theirs := want(mover), want(mover.Other())
		got := make([]uint8, len(cells))
		pathClasses(got, cells, cols, rows, mover)
		for i := range cells {
			if cells[i] == hex.Empty && int(got[i]) != mine[i]*PathClasses+theirs[i] {
				t.Fatalf("cell %d of %d×%d %v, %v to move: classes %d, %d; want %d, %d",
					i, cols, rows, cells, mover, got[i]/PathClasses, got[i]%PathClasses, mine[i], theirs[i])
			}
		}
	})
}

// TestNoPathIsTheLastClass: on a board one column wide and three rows
// deep no cell has a Black two-distance path (the middle cell has one
// neighbour towards each side, not two), so each is in Black's last
// class.
func TestNoPathIsTheLastClass(t *testing.T) {
	cells, cols := drawn(t, ".", ".", ".")
	class := make([]uint8, len(cells))
	pathClasses(class, cells, cols, 3, hex.Black)
	for i := range cells {
		if class[i]/PathClasses != PathClasses-1 {
			t.Errorf("cell %d: Black's class %d, want %d (no path)", i, class[i]/PathClasses, PathClasses-1)
		}
	}
}

// TestParseRefusesBrokenPathWeights: in the second version of the file
// format the path weights are checked as the others are, and a file cut
// among them is refused where it ends.
func TestParseRefusesBrokenPathWeights(t *testing.T) {
	paths := make([]float32, PathClasses*PathClasses)
	for k := range paths {
		paths[k] = 1
	}
	data, err := newModel([]uint64{3}, []float32{2}, 0.25, [2][far]float32{{4, 2, 1}, {3, 1.5, 1}}, paths, "x").MarshalBinary()
	require.NoError(t, err)
	// magic 8, about 4+1, unknown 4, near 24: the path weights from 41.
	bad := bytes.Clone(data)
	binary.LittleEndian.PutUint32(bad[41+4*7:], math.Float32bits(0))
	_, err = Parse(bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "byte 69: the weight 0 is not in")
	_, err = Parse(data[:50])
	require.Error(t, err)
	assert.Contains(t, err.Error(), "byte 49: the file ends inside a field of 4 bytes")
	// The first version's magic on the second's body: the path weights
	// are read as the pattern count and the patterns, which do not fit.
	old := bytes.Clone(data)
	copy(old, magicNoPaths)
	_, err = Parse(old)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "byte 41:")
	_, err = Parse(data)
	require.NoError(t, err)
}
