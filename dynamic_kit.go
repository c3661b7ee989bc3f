package rules

import (
	"errors"
	"slices"
	"strconv"
)

// This file holds Dynamic's search-and-learning kit: action indices,
// masks, observations and symmetries in text form, each through the
// position's kit (see kit.go), or ErrNotSupported for a game without one.

func (e erased[P, M]) PlayAction(i int) (Dynamic, error) {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return nil, e.noKit("PlayAction")
	}
	var m M
	var ok bool
	switch e.p.ToMove() {
	case Terminal:
		return nil, &MoveError{Move: "action " + strconv.Itoa(i), Kind: ErrGameOver}
	case Chance:
		if m, ok = k.ChanceMove(i); !ok {
			return nil, indexError("chance action", i, k.NumChanceActions())
		}
	default:
		if m, ok = k.ActionMove(i); !ok {
			return nil, indexError("action", i, k.NumActions())
		}
	}
	if err := e.p.Legal(m); err != nil {
		return nil, err
	}
	return erased[P, M]{p: e.p.PlayUnchecked(m), kits: e.kits}, nil
}

// noKit is the error of a kit method of a game with only the rules.
func (e erased[P, M]) noKit(method string) error {
	return e.noKitFor("Dynamic." + method)
}

// noKitFor is noKit for any caller: what names it, e.g. "NewBatch".
func (e erased[P, M]) noKitFor(what string) error {
	return &NotSupportedError{Game: SpecName(e.p.Spec()), What: what + " (the search-and-learning kit)"}
}

func (e erased[P, M]) Ply() int { return e.p.Ply() }

func (e erased[P, M]) NumActions() int { return e.kitCount(KitMethods[P, M].NumActions) }

func (e erased[P, M]) NumChanceActions() int { return e.kitCount(KitMethods[P, M].NumChanceActions) }

func (e erased[P, M]) Symmetries() int { return e.kitCount(KitMethods[P, M].Symmetries) }

// kitCount returns count of the position's kit, or 0 for a game with only
// the rules: it has no actions and no symmetries.
func (e erased[P, M]) kitCount(count func(KitMethods[P, M]) int) int {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	if b.kit == nil {
		return 0
	}
	return count(b.kit)
}

func (e erased[P, M]) ActionIndex(move string) (int, error) {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return -1, e.noKit("ActionIndex")
	}
	m, err := e.p.ParseMove(move)
	if err != nil {
		return -1, err
	}
	i := k.ActionIndex(m)
	if i < 0 {
		return -1, &MoveError{Move: move, Kind: ErrIllegal, Reason: errNoAction}
	}
	return i, nil
}

// errNoAction is the reason ActionIndex refuses a well-formed move that
// has no index here.
var errNoAction = errors.New("no action index at this position: no node of the variant lists it, or (where indices are relative to the position) this one cannot")

func (e erased[P, M]) ActionMove(i int) (string, error) {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return "", e.noKit("ActionMove")
	}
	m, ok := k.ActionMove(i)
	if !ok {
		return "", indexError("action", i, k.NumActions())
	}
	return m.String(), nil
}

func (e erased[P, M]) ChanceMove(i int) (string, error) {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return "", e.noKit("ChanceMove")
	}
	m, ok := k.ChanceMove(i)
	if !ok {
		return "", indexError("chance action", i, k.NumChanceActions())
	}
	return m.String(), nil
}

func indexError(what string, i, n int) error {
	return &RangeError{What: what, Index: i, N: n}
}

func (e erased[P, M]) LegalActions() []int {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return []int{} // as at a terminal node: no actions, never nil
	}
	moves := e.p.AppendMoves(make([]M, 0, e.p.MaxMoves()))
	out := make([]int, 0, len(moves))
	for _, m := range moves {
		out = append(out, k.ActionIndex(m))
	}
	slices.Sort(out)
	return out
}

func (e erased[P, M]) AppendLegalActions(buf []int) []int {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return buf
	}
	s := getScratch[M](e.p.MaxMoves())
	defer putScratch(s)
	s.moves = e.p.AppendMoves(s.moves[:0])
	start := len(buf)
	for _, m := range s.moves {
		buf = append(buf, k.ActionIndex(m))
	}
	slices.Sort(buf[start:])
	return buf
}

func (e erased[P, M]) LegalActionMask(mask []bool) error {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return e.noKit("LegalActionMask")
	}
	n := k.NumActions()
	switch e.p.ToMove() {
	case Chance:
		n = k.NumChanceActions()
	case Terminal:
		if len(mask) == k.NumChanceActions() {
			n = len(mask)
		}
	}
	if len(mask) != n {
		return errors.New("rules: a legal-action mask of length " + strconv.Itoa(len(mask)) + " for an action space of " + strconv.Itoa(n))
	}
	clear(mask)
	s := getScratch[M](e.p.MaxMoves())
	defer putScratch(s)
	s.moves = e.p.AppendMoves(s.moves[:0])
	for _, m := range s.moves {
		if i := k.ActionIndex(m); i >= 0 && i < n {
			mask[i] = true
		}
	}
	return nil
}

func (e erased[P, M]) AppendObservation(buf []float32, seat Player) []float32 {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	if k := b.kit; k != nil {
		return k.AppendObservation(buf, seat)
	}
	return buf
}

func (e erased[P, M]) ObservationShape() []int {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return []int{0, 0, 0}
	}
	planes, rows, cols := k.ObservationShape()
	return []int{planes, rows, cols}
}

func (e erased[P, M]) Observation(seat Player) []float32 {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return []float32{}
	}
	planes, rows, cols := k.ObservationShape()
	return k.AppendObservation(make([]float32, 0, planes*rows*cols), seat)
}

func (e erased[P, M]) Transform(i int) (Dynamic, error) {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return nil, e.noKit("Transform")
	}
	if i < 0 || i >= k.Symmetries() {
		return nil, indexError("symmetry", i, k.Symmetries())
	}
	return erased[P, M]{p: k.Transform(i), kits: e.kits}, nil
}

func (e erased[P, M]) TransformMove(i int, move string) (string, error) {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return "", e.noKit("TransformMove")
	}
	if i < 0 || i >= k.Symmetries() {
		return "", indexError("symmetry", i, k.Symmetries())
	}
	if _, err := e.ActionIndex(move); err != nil {
		return "", err
	}
	m, _ := e.p.ParseMove(move)
	return k.TransformMove(i, m).String(), nil
}

func (e erased[P, M]) ActionPermutation(i int) ([]int, error) {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	k := b.kit
	if k == nil {
		return nil, e.noKit("ActionPermutation")
	}
	return actionPermutation(e.p, k, i)
}

// ActionPermutation returns symmetry k at p as a permutation of the action
// space: perm[i] is the index, in p.Transform(k)'s action space, of
// TransformMove(k, ActionMove(i)), so that a policy over p's actions
// becomes one over p.Transform(k)'s by moving the value at i to perm[i].
// (In most games an index does not depend on the position and the
// permutation is the same at every position of the variant; Domination
// indexes a turn by the mover's pieces, which a symmetry moves.) It returns
// an error for k outside [0, Symmetries), or if the transformation does not
// map the space onto itself (a game's bug, which the conformance kit rules
// out).
func ActionPermutation[P Kit[P, M], M Move](p P, k int) ([]int, error) {
	return actionPermutation[P, M](p, p, k)
}

// actionPermutation is ActionPermutation at p, whose kit is kp.
func actionPermutation[P Position[P, M], M Move](p P, kp KitMethods[P, M], k int) ([]int, error) {
	if k < 0 || k >= kp.Symmetries() {
		return nil, indexError("symmetry", k, kp.Symmetries())
	}
	q := kp.Transform(k)
	kq, _ := KitOf[P, M](&q)
	n := kp.NumActions()
	perm := make([]int, n)
	seen := make([]bool, n)
	for i := range n {
		m, ok := kp.ActionMove(i)
		j := -1
		if ok {
			j = kq.ActionIndex(kp.TransformMove(k, m))
		}
		if j < 0 || j >= n || seen[j] {
			return nil, errors.New("rules: symmetry " + strconv.Itoa(k) + " of " + p.Spec() + " does not permute the action space at index " + strconv.Itoa(i))
		}
		perm[i], seen[j] = j, true
	}
	return perm, nil
}
