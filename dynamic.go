package rules

import (
	"encoding/json"
	"math/rand/v2"

	"github.com/tabletop-go/rules/internal/globalrand"
)

// Dynamic is a position of any game seen through text moves. Tools that
// handle every game with one code path (validators, record converters,
// servers) use it; search should use the typed Position contract, which
// is much faster. Obtain one with Open, OpenPosition, UnmarshalDynamic or
// Erase.
//
// A Dynamic is an immutable value like the position it wraps. It marshals
// to JSON as {"spec": ..., "position": ...}, which UnmarshalDynamic (or
// OpenPosition with the two fields) reads back to an equal position.
type Dynamic interface {
	// Seats, ToMove, Outcome, Hash, Spec, String, MaxMoves and Evaluate
	// are as in Position.
	Seats() int
	ToMove() Player
	Outcome() Outcome
	Hash() uint64
	Spec() string
	String() string
	MaxMoves() int
	Evaluate(seat Player) (value float64, ok bool)
	// CanEnd is as in Position.
	CanEnd(o Outcome) bool
	// Node says whether the position is a decision, a chance node or
	// terminal: ToMove().Node().
	Node() Node
	// Moves returns the legal moves (at a chance node, the chance
	// outcomes) in canonical notation and canonical order.
	Moves() []string
	// Chances returns a chance node's outcomes with their exact
	// probabilities, in the order of Moves; nothing at other nodes.
	Chances() []DynamicChance
	// Canonical reads a move and returns it in canonical notation ("C4"
	// becomes "c4" in Hex, "5-2" becomes "2-5" in Domination) without
	// playing it or judging its legality: a *SyntaxError for text that is
	// not a move of this game.
	Canonical(move string) (string, error)
	// Legal reads a move and says whether it may be played here: nil, a
	// *SyntaxError for text that is not a move, or a *MoveError saying
	// why the move is not legal. Once the game is over every text gets a
	// *MoveError of kind ErrGameOver, without being read.
	Legal(move string) error
	// Play reads a move and plays it, with Legal's errors.
	Play(move string) (Dynamic, error)
	// PlayCanonical is Play that also returns the move in canonical
	// notation, as Canonical gives it: what a server stores and echoes.
	PlayCanonical(move string) (next Dynamic, canonical string, err error)
	// Perft runs the typed Perft on the underlying position.
	Perft(depth int) uint64
	// Divide runs the typed Divide on the underlying position.
	Divide(depth int) []DynamicDivide
	// RandomMove returns a uniformly random legal move, or a chance
	// outcome drawn with its probability; "" at a terminal node. A nil r
	// draws from math/rand/v2's global generator.
	RandomMove(r *rand.Rand) string
	// Playout plays uniformly random moves (chance outcomes drawn with
	// their probabilities) from the position until the game ends or
	// maxPlies plies have been played (maxPlies < 0: no bound), as
	// Sampler.Playout does on the typed position, and returns the
	// position reached and the plies played. A nil r draws from
	// math/rand/v2's global generator.
	Playout(r *rand.Rand, maxPlies int) (end Dynamic, plies int)
	// Rollout returns the outcome of a uniformly random game from the
	// position, cut after maxPlies plies (maxPlies < 0: no cut; a cut
	// game is NotOver), as Sampler.Rollout gives it: the game's fast path
	// (Kit's Rollout) when it has one, which finds the outcome without
	// the final position. It is what search plays at a leaf.
	Rollout(r *rand.Rand, maxPlies int) Outcome
	// Diagram returns the game's text picture, or "" if it has none.
	Diagram() string
	// SeatInfo describes a seat in the game's words (see Describer); for
	// a game that does not describe its seats, or a value that is not a
	// seat of the game, it gives the seat's letter: "Player A", mark "A".
	SeatInfo(seat Player) SeatInfo
	// Note is one line about the position for people (see Describer), or
	// "".
	Note() string
	// Typed returns the underlying typed position, e.g. a hex.Position.
	Typed() any

	// Ply is as in Position.
	Ply() int
	// NumActions and NumChanceActions are as in Position: the sizes of
	// the variant's decision and chance action spaces.
	NumActions() int
	NumChanceActions() int
	// ActionIndex reads a move and returns its index in its action space
	// (the chance space for a chance outcome). With an error it returns
	// -1, never an index: a *SyntaxError for text ParseMove refuses (a
	// cell off the board, where the game's notation knows the board), a
	// *MoveError matching ErrIllegal for a move the typed ActionIndex
	// refuses here: one no node of the variant can list (the swap in a
	// variant without the pie rule, a square Focus's board cuts off) or,
	// where indices are relative to the position (Domination's turns by
	// the mover's pieces, Focus's team drops by the mover's partner), one
	// this position cannot list.
	ActionIndex(move string) (int, error)
	// ActionMove returns the canonical text of the decision move of index
	// i, or an error for i outside [0, NumActions).
	ActionMove(i int) (string, error)
	// ChanceMove returns the canonical text of the chance outcome of index
	// i, or an error for i outside [0, NumChanceActions).
	ChanceMove(i int) (string, error)
	// LegalActions returns the indices of the legal moves in ascending
	// order: at a chance node, the chance indices of its outcomes; an
	// empty slice (never nil) at a terminal node and for a game without
	// the kit.
	LegalActions() []int
	// PlayAction plays the move of index i, as OpenSpiel's apply_action
	// does: at a decision node the move ActionMove(i), at a chance node
	// the outcome ChanceMove(i), with Play's errors for one that is not
	// legal here; an error for i outside the node's space, and a
	// *MoveError of kind ErrGameOver at a terminal node.
	PlayAction(i int) (Dynamic, error)
	// AppendLegalActions appends LegalActions to buf and returns the
	// extended buffer; with NumActions (at a chance node,
	// NumChanceActions) of spare capacity it never allocates.
	AppendLegalActions(buf []int) []int
	// LegalActionMask sets mask[i] to whether action i is legal here, for
	// every i: over the decision space at a decision node, the chance
	// space at a chance node (whose outcomes are its legal actions), and
	// all false at a terminal node. mask must have the length of that
	// space (NumActions, NumChanceActions, or either at a terminal node),
	// or it is left alone and the error says so. It never allocates.
	LegalActionMask(mask []bool) error
	// ObservationShape returns the observation tensor's shape,
	// [planes, rows, cols].
	ObservationShape() []int
	// Observation returns the position as seen by seat (see
	// Kit's AppendObservation): an empty slice (never nil) for a value
	// that is no seat and for a game without the kit.
	Observation(seat Player) []float32
	// AppendObservation appends Observation(seat) to buf and returns the
	// extended buffer; with planes × rows × cols of spare capacity it
	// never allocates.
	AppendObservation(buf []float32, seat Player) []float32
	// Symmetries is as in Position.
	Symmetries() int
	// Transform returns the position under transformation k, or an error
	// for k outside [0, Symmetries).
	Transform(k int) (Dynamic, error)
	// TransformMove reads a move and returns its canonical text under
	// transformation k, with ActionIndex's errors, or an error for k
	// outside [0, Symmetries).
	TransformMove(k int, move string) (string, error)
	// ActionPermutation returns transformation k as a permutation of the
	// action space, for data augmentation: perm[i] is the index, in
	// Transform(k)'s space, of the transformed move of index i, so that a
	// policy over the position's actions becomes one over Transform(k)'s
	// by moving the value at i to perm[i]. An error for k outside [0,
	// Symmetries).
	ActionPermutation(k int) ([]int, error)
	// MarshalJSON writes {"spec": Spec(), "position": String()}.
	MarshalJSON() ([]byte, error)
}

// DynamicChance is a chance outcome in text form.
type DynamicChance struct {
	Move string `json:"move"`
	Prob Prob   `json:"prob"`
}

// DynamicDivide is one line of Dynamic.Divide.
type DynamicDivide struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// IsGame reports whether d holds a position of a game: d is not nil and,
// when it is a State, the State holds a position. Every function of this
// module that takes a Dynamic refuses one that is not a game with an error
// matching ErrNoGame, rather than calling its methods (a zero State's
// methods would dereference nil).
func IsGame(d Dynamic) bool {
	for {
		switch s := d.(type) {
		case nil:
			return false
		case State:
			d = s.Dynamic
		case *State:
			if s == nil {
				return false
			}
			d = s.Dynamic
		default:
			return true
		}
	}
}

// Erase wraps a typed position as a Dynamic. It refuses the invalid value
// (see Position) with an error matching ErrNoGame: a Dynamic is always a
// position of a game.
func Erase[P Position[P, M], M Move](p P) (Dynamic, error) {
	if !p.IsValid() {
		return nil, &NoGameError{Type: typeName(p)}
	}
	return erased[P, M]{p: p, kits: kitPoolFor[P, M]()}, nil
}

// erased is the Dynamic of a P: a value, so that two Dynamic values are
// equal (==) exactly when their positions are. Its kit methods borrow a
// kitBox for the position's kit (see kit.go).
type erased[P Position[P, M], M Move] struct {
	p    P
	kits *kitPool[P, M] // the same for every position of the type
}

func (e erased[P, M]) Seats() int       { return e.p.Seats() }
func (e erased[P, M]) ToMove() Player   { return e.p.ToMove() }
func (e erased[P, M]) Node() Node       { return e.p.ToMove().Node() }
func (e erased[P, M]) Outcome() Outcome { return e.p.Outcome() }
func (e erased[P, M]) Hash() uint64     { return e.p.Hash() }
func (e erased[P, M]) Spec() string     { return e.p.Spec() }
func (e erased[P, M]) String() string   { return e.p.String() }
func (e erased[P, M]) MaxMoves() int    { return e.p.MaxMoves() }
func (e erased[P, M]) Typed() any       { return e.p }

func (e erased[P, M]) Evaluate(seat Player) (float64, bool) {
	b := e.kits.borrow(e.p)
	defer e.kits.release(b)
	if k := b.kit; k != nil {
		return k.Evaluate(seat)
	}
	return 0, false
}

func (e erased[P, M]) CanEnd(o Outcome) bool { return e.p.CanEnd(o) }

func (e erased[P, M]) MarshalJSON() ([]byte, error) {
	return json.Marshal(Stored{Spec: e.p.Spec(), Position: e.p.String()})
}

func (e erased[P, M]) Moves() []string {
	moves := e.p.AppendMoves(nil)
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

func (e erased[P, M]) Chances() []DynamicChance {
	cs := e.p.AppendChances(nil)
	out := make([]DynamicChance, len(cs))
	for i, c := range cs {
		out[i] = DynamicChance{Move: c.Move.String(), Prob: c.Prob}
	}
	return out
}

func (e erased[P, M]) Canonical(move string) (string, error) {
	m, err := e.p.ParseMove(move)
	if err != nil {
		return "", err
	}
	return m.String(), nil
}

func (e erased[P, M]) Legal(move string) error {
	if e.p.ToMove() == Terminal {
		// Said first: after the end, "game is over" is the answer that
		// helps, whatever the text (it may not even be a square any more).
		return &MoveError{Move: move, Kind: ErrGameOver}
	}
	m, err := e.p.ParseMove(move)
	if err != nil {
		return err
	}
	return e.p.Legal(m)
}

func (e erased[P, M]) Play(move string) (Dynamic, error) {
	next, _, err := e.play(move)
	return next, err
}

func (e erased[P, M]) PlayCanonical(move string) (Dynamic, string, error) {
	next, m, err := e.play(move)
	if err != nil {
		return nil, "", err
	}
	return next, m.String(), nil
}

// play reads and plays move, returning the move read: Play spares the
// canonical text PlayCanonical makes of it.
func (e erased[P, M]) play(move string) (Dynamic, M, error) {
	var m M
	if e.p.ToMove() == Terminal {
		return nil, m, &MoveError{Move: move, Kind: ErrGameOver}
	}
	m, err := e.p.ParseMove(move)
	if err != nil {
		return nil, m, err
	}
	if err := e.p.Legal(m); err != nil {
		return nil, m, err
	}
	next := e.p.PlayUnchecked(m)
	return erased[P, M]{p: next, kits: e.kits}, m, nil
}

func (e erased[P, M]) Perft(depth int) uint64 { return Perft(e.p, depth) }

func (e erased[P, M]) Divide(depth int) []DynamicDivide {
	d := Divide(e.p, depth)
	out := make([]DynamicDivide, len(d))
	for i, x := range d {
		out[i] = DynamicDivide{Move: x.Move.String(), Nodes: x.Nodes}
	}
	return out
}

func (e erased[P, M]) RandomMove(r *rand.Rand) string {
	s, buf := e.sampler(r)
	defer release(&s, buf)
	m, ok := s.Move(e.p)
	if !ok {
		return ""
	}
	return m.String()
}

func (e erased[P, M]) Playout(r *rand.Rand, maxPlies int) (Dynamic, int) {
	if e.kits.exact {
		// The kit's Rollout plays Playout's very game, faster (in place).
		b := e.kits.borrow(e.p)
		_, end, _, ok := b.kit.Rollout(globalrand.Or(r), maxPlies, nil)
		e.kits.release(b)
		if ok {
			return erased[P, M]{p: end, kits: e.kits}, end.Ply() - e.p.Ply()
		}
	}
	s, buf := e.sampler(r)
	defer release(&s, buf)
	end, plies := s.Playout(e.p, maxPlies)
	return erased[P, M]{p: end, kits: e.kits}, plies
}

func (e erased[P, M]) Rollout(r *rand.Rand, maxPlies int) Outcome {
	s, buf := e.sampler(r)
	defer release(&s, buf)
	o, _, _ := s.Rollout(e.p, maxPlies, nil)
	return o
}

// sampler returns a Sampler of r over a pooled move buffer (a Sampler's
// own buffers would be made anew per call), which release gives back.
func (e erased[P, M]) sampler(r *rand.Rand) (Sampler[P, M], *scratch[M]) {
	buf := getScratch[M](e.p.MaxMoves())
	return Sampler[P, M]{Rand: r, moves: buf.moves[:0], chances: buf.chances[:0]}, buf
}

// release gives the Sampler's buffers, perhaps grown, back to the pool.
func release[P Position[P, M], M Move](s *Sampler[P, M], buf *scratch[M]) {
	buf.moves, buf.chances = s.moves[:0], s.chances[:0]
	putScratch(buf)
}

func (e erased[P, M]) SeatInfo(seat Player) SeatInfo {
	if d, ok := any(e.p).(Describer); ok && seat.IsSeat() && int(seat) < e.p.Seats() {
		return d.SeatInfo(seat)
	}
	return SeatInfo{Name: "Player " + seat.String(), Mark: seat.String()}
}

func (e erased[P, M]) Note() string {
	if d, ok := any(e.p).(Describer); ok {
		return d.Note()
	}
	return ""
}

func (e erased[P, M]) Diagram() string {
	if d, ok := any(e.p).(Diagrammer); ok {
		return d.Diagram()
	}
	return ""
}
