package conformance

import (
	"hash/fnv"
	"math"
	"slices"
	"strconv"

	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
)

// kitState is what the kit checks remember across the positions of a
// run: the variant's action space sizes and observation shape (which
// must not change along a game), and each observation's fingerprint.
type kitState struct {
	observations map[uint64]uint64 // observation hash -> what it must decide
}

// checkKit checks the search-and-learning kit at p: action indices,
// observations and symmetries (see Run).
func checkKit[P interface {
	rules.Kit[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P, moves []M, ks *kitState) {
	checkActions(t, g, p, moves)
	checkObservation(t, p, moves, ks)
	checkSymmetry(t, g, p, moves)
}

// checkActions: every listed move has an index in its space that decodes
// back to it, distinct moves get distinct indices, indices in range
// decode to moves that index back to them, and values that are no move
// get -1.
func checkActions[P interface {
	rules.Kit[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P, moves []M) {
	n, nc := p.NumActions(), p.NumChanceActions()
	if n < 1 || nc < 0 {
		t.Fatalf("NumActions %d, NumChanceActions %d", n, nc)
	}
	chance := p.ToMove() == rules.Chance
	seen := make(map[int]bool, len(moves))
	for _, m := range moves {
		i := p.ActionIndex(m)
		var back M
		var ok bool
		if chance {
			if i < 0 || i >= nc {
				t.Fatalf("chance outcome %v has index %d, outside [0, %d)", m, i, nc)
			}
			back, ok = p.ChanceMove(i)
		} else {
			if i < 0 || i >= n {
				t.Fatalf("move %v has action index %d, outside [0, %d): %s", m, i, n, p)
			}
			back, ok = p.ActionMove(i)
		}
		if !ok || back != m {
			t.Fatalf("move %v has index %d, which decodes to %v (%v)", m, i, back, ok)
		}
		if seen[i] {
			t.Fatalf("index %d given to two moves", i)
		}
		seen[i] = true
	}
	if masker, ok := any(p).(rules.ActionMasker); ok {
		checkMask(t, masker, p, seen, n, nc)
	}
	for _, m := range g.OffGrid {
		if i := p.ActionIndex(m); i != -1 {
			t.Fatalf("ActionIndex(%v), a move off the grid, = %d, want -1", m, i)
		}
	}
	for _, i := range []int{0, n - 1, rapid.IntRange(0, n-1).Draw(t, "action index")} {
		m, ok := p.ActionMove(i)
		if !ok || p.ActionIndex(m) != i {
			t.Fatalf("ActionMove(%d) = %v, %v, which indexes as %d: every index of the space must be a move", i, m, ok, p.ActionIndex(m))
		}
	}
	if nc > 0 {
		i := rapid.IntRange(0, nc-1).Draw(t, "chance index")
		if m, ok := p.ChanceMove(i); !ok || p.ActionIndex(m) != i {
			t.Fatalf("ChanceMove(%d) = %v, %v, which indexes as %d", i, m, ok, p.ActionIndex(m))
		}
	}
	for _, i := range []int{-1, n, math.MinInt, math.MaxInt} {
		if _, ok := p.ActionMove(i); ok {
			t.Fatalf("ActionMove(%d) accepts an index outside [0, %d)", i, n)
		}
	}
	if _, ok := p.ChanceMove(nc); ok {
		t.Fatalf("ChanceMove(%d) accepts an index outside [0, %d)", nc, nc)
	}
	raw := M(rapid.Uint64().Draw(t, "raw move for ActionIndex"))
	if i := p.ActionIndex(raw); i >= 0 {
		a, aok := p.ActionMove(i)
		c, cok := p.ChanceMove(i)
		if !(aok && a == raw) && !(cok && c == raw) {
			t.Fatalf("ActionIndex(%d) = %d, but that index is another move (%v, %v)", uint64(raw), i, a, c)
		}
	}
	d, err := rules.Erase(p)
	if err != nil {
		t.Fatalf("Erase: %v", err)
	}
	want := make([]int, 0, len(moves))
	for _, m := range moves {
		want = append(want, p.ActionIndex(m))
	}
	slices.Sort(want)
	if got := d.LegalActions(); !slices.Equal(got, want) {
		t.Fatalf("Dynamic.LegalActions() = %v, want %v", got, want)
	}
	if len(moves) > 0 {
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move for Dynamic.ActionIndex")]
		if i, err := d.ActionIndex(m.String()); err != nil || i != p.ActionIndex(m) {
			t.Fatalf("Dynamic.ActionIndex(%q) = %d, %v; typed %d", m, i, err, p.ActionIndex(m))
		}
	}
	if p.Ply() < 0 {
		t.Fatalf("Ply() = %d", p.Ply())
	}
}

// checkObservation: the observation has its shape's length, writes every
// value whatever the buffer held, keeps what it held before, has finite
// values, is deterministic, and two positions whose observations from
// the mover's view are equal have the same node kind, moves and chances.
func checkObservation[P interface {
	rules.Kit[P, M]
	comparable
}, M rules.Move](t *rapid.T, p P, moves []M, ks *kitState) {
	planes, rows, cols := p.ObservationShape()
	size := planes * rows * cols
	if planes < 1 || rows < 1 || cols < 1 {
		t.Fatalf("ObservationShape() = %d, %d, %d", planes, rows, cols)
	}
	seat := p.ToMove()
	if !seat.IsSeat() {
		seat = 0
	}
	// A buffer with room holding NaN past its length: every value must be
	// written (a NaN left fails the finite check below), the two before
	// kept.
	buf := make([]float32, 2, 2+size)
	for i := range buf[:cap(buf)] {
		buf[:cap(buf)][i] = float32(math.NaN())
	}
	buf[0], buf[1] = 7, 8
	obs := p.AppendObservation(buf, seat)
	if len(obs) != 2+size || &obs[0] != &buf[0] {
		t.Fatalf("AppendObservation appended %d values (want %d) or grew a buffer with room", len(obs)-2, size)
	}
	if obs[0] != 7 || obs[1] != 8 {
		t.Fatalf("AppendObservation changed the buffer's values before its length: %v", obs[:2])
	}
	obs = obs[2:]
	again := p.AppendObservation(nil, seat)
	h := fnv.New64a()
	h.Write([]byte(strconv.Itoa(planes) + "x" + strconv.Itoa(rows) + "x" + strconv.Itoa(cols) + "|"))
	for i, v := range obs {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			t.Fatalf("observation value %d is %v", i, v)
		}
		if again[i] != v {
			t.Fatalf("observation value %d is %v, then %v", i, v, again[i])
		}
		b := math.Float32bits(v)
		h.Write([]byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24)})
	}
	if p.ToMove().IsSeat() {
		f := fnv.New64a()
		for _, m := range moves {
			f.Write([]byte(m.String() + " "))
		}
		fp := f.Sum64()
		key := h.Sum64()
		if old, ok := ks.observations[key]; ok && old != fp {
			t.Fatalf("two positions with other legal moves look the same to the seat to move; one is %s", p)
		}
		ks.observations[key] = fp
	}
	d, _ := rules.Erase(p)
	if got := d.Observation(seat); !slices.Equal(got, obs) {
		t.Fatalf("Dynamic.Observation differs from the typed one")
	}
}

// checkSymmetry: the identity comes first; a random transformation k
// keeps the node kind and the outcome, maps the legal moves exactly onto
// the transformed position's, commutes with play, reads back from text,
// permutes the action space, and has an inverse among the symmetries.
func checkSymmetry[P interface {
	rules.Kit[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P, moves []M) {
	n := p.Symmetries()
	if n < 1 {
		t.Fatalf("Symmetries() = %d", n)
	}
	if p.Transform(0) != p {
		t.Fatalf("Transform(0) is not the identity: %s became %s", p, p.Transform(0))
	}
	var zero P
	if p.Transform(n) != zero || p.Transform(-1) != zero {
		t.Fatalf("Transform of an index outside [0, %d) is not the invalid value", n)
	}
	for _, m := range moves {
		if p.TransformMove(0, m) != m {
			t.Fatalf("TransformMove(0, %v) = %v", m, p.TransformMove(0, m))
		}
	}
	if i := p.ActionIndex(p.TransformMove(n, firstOr(moves))); i != -1 && len(moves) > 0 {
		t.Fatalf("TransformMove(%d, ...) of an index outside [0, %d) has action index %d, want -1", n, n, i)
	}
	if n == 1 {
		return
	}
	k := rapid.IntRange(1, n-1).Draw(t, "symmetry")
	q := p.Transform(k)
	if !q.IsValid() || q.ToMove() != p.ToMove() || q.Outcome() != p.Outcome() || q.Ply() != p.Ply() {
		t.Fatalf("Transform(%d) of %s is %s: to move %v, outcome %v, ply %d; want %v, %v, %d",
			k, p, q, q.ToMove(), q.Outcome(), q.Ply(), p.ToMove(), p.Outcome(), p.Ply())
	}
	want := make([]M, len(moves))
	for i, m := range moves {
		want[i] = p.TransformMove(k, m)
	}
	slices.Sort(want)
	got := q.AppendMoves(nil)
	if !slices.Equal(got, want) {
		t.Fatalf("the moves of Transform(%d) are not the transformed moves of %s:\ngot  %v\nwant %v", k, p, got, want)
	}
	if p.ToMove() == rules.Chance {
		probs := map[M]rules.Prob{}
		for _, c := range p.AppendChances(nil) {
			probs[p.TransformMove(k, c.Move)] = c.Prob
		}
		for _, c := range q.AppendChances(nil) {
			if probs[c.Move] != c.Prob {
				t.Fatalf("Transform(%d): chance %v has probability %v, its original %v", k, c.Move, c.Prob, probs[c.Move])
			}
		}
	}
	if len(moves) > 0 {
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move to transform")]
		after, _ := rules.Play(p, m)
		viaQ, err := rules.Play(q, p.TransformMove(k, m))
		if err != nil || viaQ != after.Transform(k) {
			t.Fatalf("Transform(%d) does not commute with playing %v at %s: %s against %s (%v)", k, m, p, viaQ, after.Transform(k), err)
		}
	}
	if g.Parse != nil {
		if back, err := g.Parse(q, q.String()); err != nil || back != q {
			t.Fatalf("Transform(%d) gives %q, which does not read back: %v", k, q.String(), err)
		}
	}
	// The permutation visits the whole action space (some 31,000 moves in
	// Nowak's Focus): checked at one position in eight.
	if rapid.IntRange(0, 7).Draw(t, "check the permutation") == 0 {
		if _, err := rules.ActionPermutation(p, k); err != nil {
			t.Fatalf("ActionPermutation(%d): %v", k, err)
		}
	}
	inverse := false
	for j := range n {
		if q.Transform(j) == p {
			inverse = true
			break
		}
	}
	if !inverse {
		t.Fatalf("no symmetry undoes Transform(%d) of %s", k, p)
	}
}

func firstOr[M rules.Move](moves []M) M {
	if len(moves) == 0 {
		var zero M
		return zero
	}
	return moves[0]
}

// checkMask: the fast path of rules.ActionMasker sets exactly the indices
// of the listed moves (seen), over the space of the node, and a short
// mask gets those that fit.
func checkMask[P rules.Kit[P, M], M rules.Move](t *rapid.T, masker rules.ActionMasker, p P, seen map[int]bool, n, nc int) {
	size := n
	if p.ToMove() == rules.Chance {
		size = nc
	}
	for _, length := range []int{size, rapid.IntRange(0, size).Draw(t, "short mask")} {
		mask := make([]bool, length+1)
		for i := range mask {
			mask[i] = true // stale values the mask must overwrite
		}
		masker.LegalActionMask(mask[:length])
		for i, ok := range mask[:length] {
			if ok != seen[i] {
				t.Fatalf("LegalActionMask[%d] = %v, but the moves listed give %v: %s", i, ok, seen[i], p)
			}
		}
		if !mask[length] {
			t.Fatalf("LegalActionMask wrote past a mask of length %d", length)
		}
	}
}
