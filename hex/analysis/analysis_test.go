package analysis

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// minimax is the plain reference: whether the player to move on b wins,
// by trying every move, with a table of the positions seen.
type minimax map[uint64]bool

func (m minimax) wins(b Board) bool {
	if w, over := b.Winner(); over {
		return w == b.turn
	}
	key := b.Key()
	if v, ok := m[key]; ok {
		return v
	}
	win := false
	for cell := range b.EmptyCells().All() {
		next := b
		next.Play(cell)
		if !m.wins(next) {
			win = true
			break
		}
	}
	m[key] = win
	return win
}

// randomBoard places stones random stones, alternately from Black, and
// reports whether nobody has won.
func randomBoard(r *rand.Rand, g *Geometry, stones int) (Board, bool) {
	b := NewBoard(g, Black)
	for range stones {
		cells := b.EmptyCells().AppendTo(nil)
		b.Play(int(cells[r.IntN(len(cells))]))
	}
	_, over := b.Winner()
	return b, !over
}

// TestBridge: two stones a bridge apart are fully connected with the
// two cells between them as carrier; with one of them taken, only a
// semi connection is left, whose key is the other.
func TestBridge(t *testing.T) {
	b := board(t, White,
		". . . . .",
		". . B . .",
		". . . . .",
		". B . . .",
		". . . . .")
	g := b.Geometry()
	h := NewHSearch(Limits{})
	h.Run(&b, Black)
	found := false
	for _, c := range h.Fulls(g.Cell(2, 1), g.Cell(1, 3)) {
		found = found || c.Carrier == cells(t, g, "b3", "c3")
	}
	if !found {
		t.Fatalf("no bridge c2–b4 with carrier b3 c3")
	}
	b.Put(g.Cell(1, 2), White) // b3
	h.Run(&b, Black)
	if f := h.Fulls(g.Cell(2, 1), g.Cell(1, 3)); len(f) != 0 {
		t.Fatalf("c2–b4 still fully connected after b3: %v", names(g, f[0].Carrier))
	}
	semis := h.Semis(g.Cell(2, 1), g.Cell(1, 3))
	if len(semis) != 1 || semis[0].Carrier != cells(t, g, "c3") || semis[0].Key != int16(g.Cell(2, 2)) {
		t.Fatalf("c2–b4 semi connections: %v, want one with key c3", semis)
	}
}

// TestHSearchSound: on random 4×4 and 5×5 positions, whatever H-search
// claims for either colour, minimax confirms: a full connection between
// the colour's sides wins for it with the opponent to move, a semi
// connection wins with the colour to move by playing its key, and every
// move outside the must-play region loses.
func TestHSearchSound(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	h := NewHSearch(Limits{})
	claims := 0
	for _, n := range []int{4, 5} {
		g, _ := NewGeometry(n, n)
		ref := minimax{}
		count := 100
		if testing.Short() || raceEnabled {
			count = 30
		}
		for i := 0; i < count; {
			b, ok := randomBoard(r, g, n*n/2-1+r.IntN(4))
			if !ok {
				continue
			}
			i++
			for _, c := range [2]Color{Black, White} {
				h.Run(&b, c)
				if carrier, won := h.Won(); won {
					claims++
					q := b
					q.turn = c.Other()
					if ref.wins(q) {
						t.Fatalf("%s claimed a full connection (carrier %v) but loses with the opponent to move:\n%s", c, names(g, carrier), q.String())
					}
				}
				for _, s := range h.WinningSemis() {
					claims++
					q := b
					q.turn = c
					q.Play(int(s.Key))
					if ref.wins(q) {
						t.Fatalf("%s claimed a semi connection with key %s but it does not win:\n%s", c, g.Name(int(s.Key)), b.String())
					}
				}
				if must, ok := h.MustPlay(); ok {
					q := b
					q.turn = c.Other()
					for cell := range q.EmptyCells().AndNot(must).All() {
						claims++
						next := q
						next.Play(cell)
						if !ref.wins(next) {
							t.Fatalf("%s's opponent wins by %s outside the must-play region %v:\n%s", c, g.Name(cell), names(g, must), q.String())
						}
					}
				}
			}
		}
	}
	if claims < 100 {
		t.Fatalf("only %d claims checked", claims)
	}
}

// TestOrPruningFindsTheSame: the OR rule's pruning (a branch whose
// common cells meet every carrier left is cut) finds, on random boards
// of 7×7 to 11×11 with the default and the bot's limits, exactly the
// connections that the rule without it finds, trying fewer subsets.
func TestOrPruningFindsTheSame(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	count := 4
	if testing.Short() || raceEnabled {
		count = 1
	}
	compared, prunedSteps, plainSteps := 0, 0, 0
	for _, n := range []int{7, 9, 11} {
		g, _ := NewGeometry(n, n)
		for i := 0; i < count; {
			b, ok := randomBoard(r, g, n*n/4+r.IntN(n))
			if !ok {
				continue
			}
			i++
			FillIn(&b, nil)
			for _, l := range []Limits{{}, {Full: 4, Semi: 8, Ors: 3}} {
				pruned, plain := NewHSearch(l), NewHSearch(l)
				plain.noOrPrune = true
				for _, c := range [2]Color{Black, White} {
					pruned.Run(&b, c)
					plain.Run(&b, c)
					prunedSteps += pruned.orSteps
					plainSteps += plain.orSteps
					for x := range pruned.nodes {
						for y := x + 1; y < pruned.nodes; y++ {
							p := pruned.pair(x, y)
							if !slices.Equal(pruned.full[p], plain.full[p]) || !slices.Equal(pruned.semi[p], plain.semi[p]) {
								t.Fatalf("%v, %s, nodes %d-%d: pruned %v/%v, plain %v/%v\n%s", l, c, x, y,
									len(pruned.full[p]), len(pruned.semi[p]), len(plain.full[p]), len(plain.semi[p]), b.String())
							}
							compared += len(plain.full[p])
						}
					}
				}
			}
		}
	}
	if compared < 1000 {
		t.Fatalf("only %d full connections compared", compared)
	}
	if prunedSteps >= plainSteps {
		t.Fatalf("the pruned OR rule tried %d subsets, the plain one %d", prunedSteps, plainSteps)
	}
}

// TestOrRuleCombinesUpToTheLimit: the OR rule's combinations of a new
// semi connection with the others are those a plain enumeration of
// every subset finds: at most Limits.Ors connections, the newest
// first and the others in order, each one leaving fewer common cells,
// the last none.
func TestOrRuleCombinesUpToTheLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	randomSet := func() Set {
		var s Set
		for c := range 10 {
			if r.IntN(5) < 2 {
				s.Add(c)
			}
		}
		s.Add(r.IntN(10)) // a carrier holds its key at least
		return s
	}
	found := 0
	for trial := range 300 {
		list := make([]Conn, 1+r.IntN(12))
		for i := range list {
			list[i] = Conn{Carrier: randomSet()}
		}
		ors := 2 + trial%3
		h := NewHSearch(Limits{Ors: ors})
		h.orCombine(list)
		got := slices.Clone(h.orOut)
		// The plain enumeration: every subset of the others, by bitmask.
		var want []Set
		last := len(list) - 1
		for mask := 0; mask < 1<<last; mask++ {
			if bits := popcount(mask); bits > ors-1 {
				continue
			}
			inter, union, ok := list[last].Carrier, list[last].Carrier, true
			for i := 0; i < last && ok; i++ {
				if mask>>i&1 == 0 {
					continue
				}
				next := inter.And(list[i].Carrier)
				ok = !inter.Empty() && !next.Equal(&inter) // progress, not yet done
				inter, union = next, union.Or(list[i].Carrier)
			}
			if ok && mask != 0 && inter.Empty() {
				want = append(want, union)
			}
		}
		key := func(a, b Set) int {
			for i := range a {
				if a[i] != b[i] {
					return cmp.Compare(a[i], b[i])
				}
			}
			return 0
		}
		slices.SortFunc(got, key)
		slices.SortFunc(want, key)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (at most %d): OR found %d combinations, the enumeration %d", trial, ors, len(got), len(want))
		}
		found += len(want)
	}
	if found < 100 {
		t.Fatalf("only %d combinations", found)
	}
}

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestDeadCells: the classic dead patterns (four neighbours of one
// colour in a row; a cell shut in by the opponent's side and stones)
// are found, and a cell with free neighbours is not dead.
func TestDeadCells(t *testing.T) {
	b := board(t, Black,
		". . . . .",
		". . B B .",
		". B . W .",
		". B . . .",
		". . . . .")
	g := b.Geometry()
	inf := FindInferior(&b)
	// c3 has B on d2? Its ring: d3 W, d2 B, c2 B, b3 B, b4 B, c4 empty:
	// four black neighbours in a row (d2, c2, b3, b4).
	if !inf.Dead.Has(g.Cell(2, 2)) {
		t.Errorf("c3 not dead: %v", names(g, inf.Dead))
	}
	if inf.Dead.Has(g.Cell(2, 3)) || inf.Dead.Has(g.Cell(4, 4)) {
		t.Errorf("live cells reported dead: %v", names(g, inf.Dead))
	}
}

// TestFillInKeepsValue: on random 4×4 and 5×5 positions, filling in the
// dead and captured cells never changes who wins (by minimax), and the
// filled cells were empty.
func TestFillInKeepsValue(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	filledTotal := 0
	for _, n := range []int{4, 5} {
		g, _ := NewGeometry(n, n)
		ref := minimax{}
		count := 150
		if testing.Short() || raceEnabled {
			count = 50
		}
		for i := 0; i < count; {
			b, ok := randomBoard(r, g, n*n/2-2+r.IntN(5))
			if !ok {
				continue
			}
			i++
			f := b
			filled := FillIn(&f, nil)
			if !filled.Within(ptr(b.EmptyCells())) {
				t.Fatalf("fill-in filled occupied cells")
			}
			filledTotal += filled.Len()
			if _, over := f.Winner(); !over && ref.wins(f) != ref.wins(b) || over && ref.wins(b) != (func() bool { w, _ := f.Winner(); return w == b.turn })() {
				t.Fatalf("fill-in of %v changed the value of\n%s", names(g, filled), b.String())
			}
		}
	}
	if filledTotal < 50 {
		t.Fatalf("only %d cells filled in: the test checks too little", filledTotal)
	}
}

func ptr(s Set) *Set { return &s }

// TestKeyTellsBoardSizesApart: cell numbers depend on the board's width,
// so the same cells on boards of different sizes are different positions
// and get different keys.
func TestKeyTellsBoardSizesApart(t *testing.T) {
	seen := map[uint64]string{}
	for _, size := range [][2]int{{2, 2}, {3, 3}, {4, 4}, {3, 4}, {4, 3}, {11, 11}} {
		g, err := NewGeometry(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		for _, turn := range []Color{Black, White} {
			b := NewBoard(g, turn)
			b.Put(0, Black)
			b.Put(1, White)
			name := fmt.Sprint(size, turn)
			if other, dup := seen[b.Key()]; dup {
				t.Fatalf("%s and %s share key %#x", name, other, b.Key())
			}
			seen[b.Key()] = name
		}
	}
}
