package rules

import (
	"encoding/json"
	"math/rand/v2"
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
	// Perft runs the typed Perft on the underlying position.
	Perft(depth int) uint64
	// Divide runs the typed Divide on the underlying position.
	Divide(depth int) []DynamicDivide
	// RandomMove returns a uniformly random legal move, or a chance
	// outcome drawn with its probability; "" at a terminal node.
	RandomMove(r *rand.Rand) string
	// Diagram returns the game's text picture, or "" if it has none.
	Diagram() string
	// Typed returns the underlying typed position, e.g. a hex.Position.
	Typed() any
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

// Stored is the JSON form of a Dynamic: the game spec and the position
// text, which OpenPosition reads back.
type Stored struct {
	Spec     string `json:"spec"`
	Position string `json:"position"`
}

// UnmarshalDynamic reads the JSON that a Dynamic marshals to, through the
// registry: the game must be registered (imported).
func UnmarshalDynamic(data []byte) (Dynamic, error) {
	var s Stored
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return OpenPosition(s.Spec, s.Position)
}

// Erase wraps a typed position as a Dynamic. It refuses the invalid value
// (see Position) with an error matching ErrNoGame: a Dynamic is always a
// position of a game.
func Erase[P Position[P, M], M Move](p P) (Dynamic, error) {
	if !p.IsValid() {
		return nil, &NoGameError{Type: typeName(p)}
	}
	return erased[P, M]{p}, nil
}

type erased[P Position[P, M], M Move] struct{ p P }

func (e erased[P, M]) Seats() int       { return e.p.Seats() }
func (e erased[P, M]) ToMove() Player   { return e.p.ToMove() }
func (e erased[P, M]) Node() Node       { return e.p.ToMove().Node() }
func (e erased[P, M]) Outcome() Outcome { return e.p.Outcome() }
func (e erased[P, M]) Hash() uint64     { return e.p.Hash() }
func (e erased[P, M]) Spec() string     { return e.p.Spec() }
func (e erased[P, M]) String() string   { return e.p.String() }
func (e erased[P, M]) MaxMoves() int    { return e.p.MaxMoves() }
func (e erased[P, M]) Typed() any       { return e.p }

func (e erased[P, M]) Evaluate(seat Player) (float64, bool) { return e.p.Evaluate(seat) }

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
	if e.p.ToMove() == Terminal {
		return nil, &MoveError{Move: move, Kind: ErrGameOver}
	}
	m, err := e.p.ParseMove(move)
	if err != nil {
		return nil, err
	}
	next, err := e.p.Play(m)
	if err != nil {
		return nil, err
	}
	return erased[P, M]{next}, nil
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
	s := Sampler[P, M]{Rand: r}
	m, ok := s.Move(e.p)
	if !ok {
		return ""
	}
	return m.String()
}

func (e erased[P, M]) Diagram() string {
	if d, ok := any(e.p).(Diagrammer); ok {
		return d.Diagram()
	}
	return ""
}
