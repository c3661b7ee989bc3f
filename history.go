package rules

// History is a game being played through text moves, with undo: the
// position reached, every position before it and the moves between them
// (chance draws included), as a server, a protocol engine or an
// interactive tool keeps a game. notation.FromHistory writes one as a
// game record. A History is not safe for concurrent use; its positions
// are immutable values that are.
type History struct {
	positions []Dynamic // positions[0] is the start; one more than moves
	moves     []string  // in canonical notation
}

// NewHistory starts a history at d, which may be any position of a game
// (a start, or a position read from text). A nil d gives a history that
// refuses every move.
func NewHistory(d Dynamic) *History {
	return &History{positions: []Dynamic{d}}
}

// Play plays move (any notation the game reads) at the current position
// and records it in canonical notation; on error nothing changes.
func (h *History) Play(move string) error {
	pos := h.Position()
	if !IsGame(pos) {
		return &NoGameError{Type: "History"}
	}
	next, canonical, err := pos.PlayCanonical(move)
	if err != nil {
		return err
	}
	h.positions = append(h.positions, next)
	h.moves = append(h.moves, canonical)
	return nil
}

// Undo takes back the last move, chance draw or decision alike, and
// reports whether there was one.
func (h *History) Undo() bool {
	if len(h.moves) == 0 {
		return false
	}
	h.positions[len(h.positions)-1] = nil
	h.positions = h.positions[:len(h.positions)-1]
	h.moves = h.moves[:len(h.moves)-1]
	return true
}

// Position returns the current position.
func (h *History) Position() Dynamic { return h.positions[len(h.positions)-1] }

// Start returns the position the history started at.
func (h *History) Start() Dynamic { return h.positions[0] }

// Len returns the number of moves played (and not taken back).
func (h *History) Len() int { return len(h.moves) }

// Move returns move i (from 0) in canonical notation, which was played in
// the position At(i).
func (h *History) Move(i int) string { return h.moves[i] }

// At returns the position before move i (At(0) is the start, At(Len())
// the current position).
func (h *History) At(i int) Dynamic { return h.positions[i] }

// Moves returns a copy of the moves played, in canonical notation.
func (h *History) Moves() []string { return append([]string(nil), h.moves...) }

// TypedHistory is History for typed positions, for search and tools that
// keep the game's own types: positions and moves as values, undo without
// replaying.
type TypedHistory[P Position[P, M], M Move] struct {
	positions []P
	moves     []M
}

// NewTypedHistory starts a typed history at p.
func NewTypedHistory[P Position[P, M], M Move](p P) *TypedHistory[P, M] {
	return &TypedHistory[P, M]{positions: []P{p}}
}

// Play plays m, checked by the position's Play; on error nothing changes.
func (h *TypedHistory[P, M]) Play(m M) error {
	next, err := h.Position().Play(m)
	if err != nil {
		return err
	}
	h.positions = append(h.positions, next)
	h.moves = append(h.moves, m)
	return nil
}

// Undo takes back the last move and reports whether there was one.
func (h *TypedHistory[P, M]) Undo() bool {
	if len(h.moves) == 0 {
		return false
	}
	h.positions = h.positions[:len(h.positions)-1]
	h.moves = h.moves[:len(h.moves)-1]
	return true
}

// Position returns the current position.
func (h *TypedHistory[P, M]) Position() P { return h.positions[len(h.positions)-1] }

// Len returns the number of moves played.
func (h *TypedHistory[P, M]) Len() int { return len(h.moves) }

// Move returns move i (from 0); At(i) is the position it was played in.
func (h *TypedHistory[P, M]) Move(i int) M { return h.moves[i] }

// At returns the position before move i (At(Len()) is the current one).
func (h *TypedHistory[P, M]) At(i int) P { return h.positions[i] }

// Dynamic returns the history seen through text moves, or an error
// matching ErrNoGame when it started at the invalid value.
func (h *TypedHistory[P, M]) Dynamic() (*History, error) {
	out := &History{}
	for i, p := range h.positions {
		d, err := Erase(p)
		if err != nil {
			return nil, err
		}
		out.positions = append(out.positions, d)
		if i < len(h.moves) {
			out.moves = append(out.moves, h.moves[i].String())
		}
	}
	return out, nil
}
