package rules

// History is a game being played through text moves, with undo: the
// position reached, every position before it and the moves between them
// (chance draws included), as a server, a protocol engine or an
// interactive tool keeps a game. notation.FromHistory writes one as a
// game record. A History is not safe for concurrent use; its positions
// are immutable values that are.
//
// A long-lived history can bound its memory: SetUndoLimit keeps the
// moves but drops the positions undo cannot reach (a server that keeps
// a record and never takes a move back), and Forget drops the oldest
// moves with their positions (an engine that keeps undo and no record).
type History struct {
	start     Dynamic   // At(0), kept whatever the undo limit
	positions []Dynamic // At(first) to At(Len()): the last is the current position
	first     int       // the move number of positions[0]
	moves     []string  // in canonical notation
	movers    []Player  // movers[i] made moves[i]: a seat, or Chance
	undoLimit int       // the positions kept before the current one; -1: all
}

// NewHistory starts a history at d, which may be any position of a game
// (a start, or a position read from text). A nil d gives a history that
// refuses every move.
func NewHistory(d Dynamic) *History {
	return &History{start: d, positions: []Dynamic{d}, undoLimit: -1}
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
	h.movers = append(h.movers, pos.ToMove())
	// (len-1 > limit, not len > limit+1, which overflows at MaxInt.)
	if h.undoLimit >= 0 && len(h.positions)-1 > h.undoLimit {
		// Slicing off the front reuses the array until append outgrows
		// it, which copies only the positions kept: amortised O(1).
		h.positions[0] = nil
		h.positions = h.positions[1:]
		h.first++
	}
	return nil
}

// Undo takes back the last move, chance draw or decision alike, and
// reports whether it could: there was one, and the position before it is
// kept (see SetUndoLimit).
func (h *History) Undo() bool {
	n := len(h.moves)
	if n == 0 || (n-1 < h.first && n-1 != 0) {
		return false
	}
	last := len(h.positions) - 1
	h.positions[last] = nil
	h.positions = h.positions[:last]
	if len(h.positions) == 0 { // back to the start, which is kept apart
		h.positions = append(h.positions, h.start)
		h.first = 0
	}
	h.moves = h.moves[:n-1]
	h.movers = h.movers[:n-1]
	return true
}

// SetUndoLimit bounds the memory of a long game by keeping the positions
// before the current one only for the last n moves (and the start, which
// is always kept): Undo then takes back n moves at most, unless that
// reaches the start, and At returns nil for a position dropped. The
// moves, who made them (Mover) and the start stay, so Moves and
// notation.FromHistory still cover the whole game. A server that never
// takes a move back keeps n = 0: the current position and a few bytes a
// move. A negative n (a new history's) keeps every position again from
// the next move on; those dropped are gone.
func (h *History) SetUndoLimit(n int) {
	h.undoLimit = max(n, -1)
	if n >= 0 && len(h.positions)-1 > n {
		drop := len(h.positions) - 1 - n
		// A fresh array, so that the dropped positions can be freed now.
		h.positions = append([]Dynamic(nil), h.positions[drop:]...)
		h.first += drop
	}
}

// Forget drops the first n moves and the positions before them: the
// history then starts at the position that was At(n), as if it had been
// started there, and Undo stops there. An engine that keeps undo but no
// record bounds its memory so, where SetUndoLimit keeps every move. It
// reports whether it could: it changes nothing unless 0 <= n <= Len()
// and At(n) is kept.
func (h *History) Forget(n int) bool {
	if n < 0 || n > len(h.moves) || (n < h.first && n != 0) {
		return false
	}
	if n == 0 {
		return true
	}
	// Fresh arrays, so that what is forgotten can be freed now.
	h.positions = append([]Dynamic(nil), h.positions[n-h.first:]...)
	h.start, h.first = h.positions[0], 0
	h.moves = append([]string(nil), h.moves[n:]...)
	h.movers = append([]Player(nil), h.movers[n:]...)
	return true
}

// Position returns the current position: nil for a History not made by
// NewHistory (whose Play then refuses every move with ErrNoGame).
func (h *History) Position() Dynamic {
	if len(h.positions) == 0 {
		return nil
	}
	return h.positions[len(h.positions)-1]
}

// Start returns the position the history started at (or, after Forget,
// the position it now starts at).
func (h *History) Start() Dynamic { return h.start }

// Len returns the number of moves played (and not taken back).
func (h *History) Len() int { return len(h.moves) }

// Move returns move i (from 0) in canonical notation, which was played in
// the position At(i); "" when there is no move i.
func (h *History) Move(i int) string {
	if i < 0 || i >= len(h.moves) {
		return ""
	}
	return h.moves[i]
}

// Mover returns who made move i (from 0): the seat to move in At(i), or
// Chance for a chance draw. It is kept when At(i) is not (SetUndoLimit),
// for a tool that shows who made each move of a long game. With no move
// i it returns Terminal (nobody).
func (h *History) Mover(i int) Player {
	if i < 0 || i >= len(h.movers) {
		return Terminal
	}
	return h.movers[i]
}

// At returns the position before move i (At(0) is the start, At(Len())
// the current position), or nil for one SetUndoLimit dropped and for i
// outside [0, Len()].
func (h *History) At(i int) Dynamic {
	switch {
	case i < 0 || i > len(h.moves):
		return nil
	case i == 0:
		return h.start
	case i < h.first:
		return nil
	}
	return h.positions[i-h.first]
}

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

// Play plays m, checked as Play checks it; on error nothing changes.
func (h *TypedHistory[P, M]) Play(m M) error {
	next, err := Play(h.Position(), m)
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

// Position returns the current position: the invalid value, P's zero
// value, for a TypedHistory not made by NewTypedHistory (its Play then
// refuses every move).
func (h *TypedHistory[P, M]) Position() P {
	if len(h.positions) == 0 {
		var zero P
		return zero
	}
	return h.positions[len(h.positions)-1]
}

// Len returns the number of moves played.
func (h *TypedHistory[P, M]) Len() int { return len(h.moves) }

// Move returns move i (from 0), which was played in At(i), and true; or
// false when there is no move i. (A move type has no value that is no
// move in every game, hence the boolean.)
func (h *TypedHistory[P, M]) Move(i int) (M, bool) {
	if i < 0 || i >= len(h.moves) {
		var zero M
		return zero, false
	}
	return h.moves[i], true
}

// At returns the position before move i (At(0) is the start, At(Len())
// the current position), or the invalid value, P's zero value, for i
// outside [0, Len()].
func (h *TypedHistory[P, M]) At(i int) P {
	if i < 0 || i >= len(h.positions) {
		var zero P
		return zero
	}
	return h.positions[i]
}

// Dynamic returns the history seen through text moves, or an error
// matching ErrNoGame when it started at the invalid value.
func (h *TypedHistory[P, M]) Dynamic() (*History, error) {
	if len(h.positions) == 0 {
		_, err := Erase(h.Position()) // the invalid value's error
		return nil, err
	}
	out := &History{undoLimit: -1}
	for i, p := range h.positions {
		d, err := Erase(p)
		if err != nil {
			return nil, err
		}
		out.positions = append(out.positions, d)
		if i < len(h.moves) {
			out.moves = append(out.moves, h.moves[i].String())
			out.movers = append(out.movers, p.ToMove())
		}
	}
	out.start = out.positions[0]
	return out, nil
}
