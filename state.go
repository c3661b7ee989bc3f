package rules

import (
	"math/rand/v2"
	"strconv"
)

// Move is the constraint on every game's move type: a small unsigned
// integer encoding (cheap to copy, compare and store in a transposition
// table) that prints in the game's notation. The integer order of moves is
// the game's canonical move order.
type Move interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64
	String() string
}

// Prob is an exact probability Num/Den with 0 < Num <= Den.
type Prob struct {
	Num, Den uint64
}

// Float64 returns the probability as a float64.
func (p Prob) Float64() float64 {
	if p.Den == 0 {
		return 0
	}
	return float64(p.Num) / float64(p.Den)
}

// String returns "Num/Den".
func (p Prob) String() string {
	return strconv.FormatUint(p.Num, 10) + "/" + strconv.FormatUint(p.Den, 10)
}

// Played is one move of a random game and the seat that played it
// (Chance for a chance outcome), as a rollout reports it for heuristics
// that credit moves by who played them, such as AMAF.
type Played[M Move] struct {
	Move M
	Seat Player
}

// ChanceOutcome is one outcome of a chance node and its exact probability.
type ChanceOutcome[M Move] struct {
	Move M
	Prob Prob
}

// Position is the contract every game's position satisfies, so that one
// tool or bot serves every game without per-game code. P is the position
// type itself and M its move type.
//
// A position is an immutable value: Play and PlayUnchecked return a new
// position and never change the receiver, and positions hold no pointers,
// slices or maps, so copies are cheap and safe to share across goroutines.
//
// A node of the game tree is of one of three kinds, told by ToMove: a
// decision node (a seat is to move), a chance node (Chance is to move;
// the moves are the chance outcomes, applied with Play like any move, so
// that a caller can sample them or supply a known one when replaying) and
// a terminal node (Terminal is to move; Outcome is decided).
//
// Every position type is comparable: two positions are equal (==)
// exactly when they are the same position of the same variant, so generic
// code can compare them and use them as map keys.
//
// A value that is no game is inert: IsValid reports false, Seats is 0,
// ToMove is Terminal, Outcome is the Invalid outcome, no move is listed,
// Legal refuses every move with a *MoveError of kind ErrNoGame
// (PlayUnchecked returns the invalid value), CanEnd is false, Hash is 0,
// Spec is "", Ply is 0, and its text ("<invalid hex position>", say) is
// refused by every reader. Every game of this module makes its zero
// value this value, and returns it from a failed parse and from Start of
// a configuration its Validate refuses; nothing ever repairs one into a
// game.
//
// The contract is what the rules need: perft, records, the engine
// protocol, serve and the bots (plain UCT with random playouts) work
// with it alone. Search and learning need more, the Kit. A game's text
// also round-trips through encoding.TextMarshaler and TextUnmarshaler
// where it implements them, as every game of this module does.
type Position[P any, M Move] interface {
	comparable
	// IsValid reports whether the position is a position of a game, as
	// opposed to the inert invalid value (see above).
	IsValid() bool
	// Seats returns the number of seats in the game.
	Seats() int
	// ToMove returns the seat to move, Chance or Terminal.
	ToMove() Player
	// AppendMoves appends the legal moves (at a chance node: the chance
	// outcomes) to buf in canonical order, ascending and without
	// duplicates, and returns the extended buffer. It appends nothing at a
	// terminal node. With MaxMoves of spare capacity in buf it never
	// allocates. A generator may use buf's spare capacity, up to MaxMoves
	// past its length, as scratch: values there past the returned length
	// are not kept, so a buffer cut from a larger array shared with other
	// data needs its capacity cut too (buf[i:i:j]).
	AppendMoves(buf []M) []M
	// MaxMoves returns the spare buffer capacity AppendMoves needs to
	// never allocate, for this position and every position reached from
	// it: a bound on the number of legal moves, plus any room the game's
	// generator writes past the last move. Generic code sizes its move
	// buffers with it, once per game.
	MaxMoves() int
	// AppendChances appends the outcomes of a chance node with their exact
	// probabilities, in the same order as AppendMoves; the probabilities
	// sum to exactly 1. It appends nothing at other nodes.
	AppendChances(buf []ChanceOutcome[M]) []ChanceOutcome[M]
	// Legal returns nil if m is legal here, which holds exactly when
	// AppendMoves lists m; otherwise a *MoveError saying why not.
	Legal(m M) error
	// PlayUnchecked returns the position after m without checking that m is
	// legal: the fast path for search over moves from AppendMoves. Given an
	// illegal move, it returns an unspecified position (it never panics),
	// and everything that follows is meaningless. The checked play is
	// Play (the function), which every game shares.
	PlayUnchecked(m M) P
	// Outcome returns the result: NotOver until the game ends.
	Outcome() Outcome
	// CanEnd reports whether a game of this position's variant can end
	// with o's scores (o's Reason is ignored): a win of one seat, or of one
	// team, and a draw only where the variant has one. Replaying a record
	// checks its Result tag with it, so that a record cannot claim a
	// result the game does not have (a draw in Hex, say).
	CanEnd(o Outcome) bool
	// Hash returns a 64-bit Zobrist hash of the position, maintained
	// incrementally. Equal positions have equal hashes, and the hash
	// covers everything that decides the game from here on (the legal
	// moves, the chance outcomes and the outcome, now and after any
	// moves): the variant, the board, the seat to move, reserves, phases,
	// the pie rule, and the ply where a variant has a ply limit. So two
	// positions with equal hashes are, but for a 64-bit collision, the
	// same game from here on: a transposition table may share their
	// values. What a hash leaves out (the ply in a game without a ply
	// limit, say) is what makes transpositions meet. The invalid value's
	// hash is 0.
	Hash() uint64
	// ParseMove reads a move in the game's notation. It checks the syntax
	// (a *SyntaxError) but not legality, which is Legal's job.
	ParseMove(s string) (M, error)
	// Spec returns the game spec in canonical form, e.g.
	// "hex(size=11,swap=sides)", as written in a record's Game tag.
	Spec() string
	// String returns the canonical one-line position text, which the game's
	// position parser reads back to an equal position (==, the same Hash).
	// The text names the variant too: it starts with the canonical spec
	// and a space whenever the rest of the text would not determine the
	// configuration (see the package doc, "Position texts").
	String() string
	// Ply returns the number of moves played since the start of the
	// game, chance outcomes included: every Play adds one. (A position
	// read from text gets the ply its text gives.)
	Ply() int
}

// Kit is the search-and-learning kit: the rules contract and what search
// and learning need besides (evaluation, fast random playouts, action
// indices, observation tensors and symmetries). Only code that uses the
// kit requires it (Batch, the kit methods of Dynamic, guided search);
// perft, records, the engine protocol, serve and the bots need Position
// alone, and take a position's kit when it has one. Every game of this
// module implements it.
//
// The invalid value (see Position) has no action space (NumActions and
// NumChanceActions are 0, ActionIndex is -1), no observation (shape 0,
// 0, 0; nothing appended), no symmetry (Symmetries is 0, Transform gives
// the invalid value), and Evaluate and Rollout report ok false.
type Kit[P any, M Move] interface {
	Position[P, M]
	KitMethods[P, M]
}

// KitOf returns p's kit if p's type implements Kit[P, M]: generic code
// over Position (the bots, Dynamic) takes the kit of a game that has one
// this way. The interface holds the pointer p, so its methods read the
// position *p holds at each call, and taking it allocates nothing when p
// points into memory that outlives the call (a field of a struct on the
// heap).
func KitOf[P Position[P, M], M Move](p *P) (KitMethods[P, M], bool) {
	k, ok := any(p).(KitMethods[P, M])
	return k, ok
}

// KitMethods is the kit's methods without the rules', which KitOf
// returns through a pointer to the position.
type KitMethods[P any, M Move] interface {
	// Evaluate estimates, without playing on, how good the position is for
	// seat: a value in [-1, 1], where 1 is a sure win. ok is false for a
	// game with no evaluation (search then plays random games out to the
	// end), and for a value that is no seat of the game. Focus and Explocus evaluate, so that search can cut short
	// random games that rarely end.
	Evaluate(seat Player) (value float64, ok bool)
	// Rollout is an optional fast path for random playouts: it plays on
	// from the position exactly as uniformly random play through
	// AppendMoves does (chance outcomes drawn with their probabilities),
	// in distribution, but faster, and reports ok. A position with no
	// fast path returns ok false, and the caller plays the random game
	// itself through the contract (Sampler.Rollout does both).
	//
	// r is the source of the random choices; a nil r draws from
	// math/rand/v2's global generator (random, not reproducible).
	//
	// maxPlies bounds the plies played (maxPlies < 0: no bound). If the
	// random game ends within maxPlies plies, o is its outcome and end is
	// unspecified (Hex, which finds the winner by filling the board
	// rather than by playing to the first connection, has no final
	// position to give). Otherwise o is NotOver and end is the position
	// after exactly maxPlies random plies, for the caller to evaluate.
	// The distribution of o, and of end in a cut game, is that of the
	// generic loop; only the random numbers drawn may differ, and with
	// them the game for a given seed.
	//
	// If trace is not nil, the moves of the random game are appended to
	// it, each with the seat that played it, and the extended slice is
	// returned (nil in, nil out). A game may report the moves of a random
	// continuation past the end, if that is how it found the outcome:
	// Hex reports every stone of the filled board, each seat's in
	// reading order (after the stones it played one by one). The order
	// is the order of play otherwise. With ok false, trace comes back as
	// it went in.
	Rollout(r *rand.Rand, maxPlies int, trace []Played[M]) (o Outcome, end P, _ []Played[M], ok bool)

	// NumActions returns the size of the variant's action space: every
	// move a decision node of this variant can list has an index in [0,
	// NumActions), one index per move (see ActionIndex). The size is a
	// property of the variant, not of the position; a game may index its
	// moves relative to the position (Domination: by the mover's pieces;
	// Focus's team play: a partner's drop by the mover's partner), so an
	// index is read at the position it belongs to.
	NumActions() int
	// NumChanceActions returns the size of the variant's chance action
	// space, which indexes the outcomes of its chance nodes the same way;
	// 0 for a game without chance.
	NumChanceActions() int
	// ActionIndex returns m's index in its own space: in [0, NumActions)
	// for a move a decision node of the variant can list, in [0,
	// NumChanceActions) for a chance outcome, and -1 for a value that is
	// no move of the variant (NoMove, a cell off the board). A game whose
	// indices are relative to the position (see NumActions) gives -1 as
	// well for a move this position cannot list. It never allocates.
	ActionIndex(m M) int
	// ActionMove returns the decision move of index i; false for i outside
	// [0, NumActions).
	ActionMove(i int) (M, bool)
	// ChanceMove returns the chance outcome of chance index i; false for
	// i outside [0, NumChanceActions).
	ChanceMove(i int) (M, bool)

	// ObservationShape returns the shape of the observation tensor:
	// planes of rows × cols values each, a property of the variant.
	ObservationShape() (planes, rows, cols int)
	// AppendObservation appends the position as seen by seat
	// (planes × rows × cols float32 values, plane by plane, each row by
	// row, in the order each game's doc lists the planes; seat's own
	// pieces first) to buf and returns the extended buffer. The values
	// are finite, deterministic and hold everything that decides the game
	// (equal hashes give equal observations). With enough spare capacity
	// in buf it never allocates. For a value that is not a seat of the
	// game it appends nothing.
	AppendObservation(buf []float32, seat Player) []float32

	// Symmetries returns the number of board transformations the rules
	// keep (each game's doc lists them), the identity first: k = 0.
	Symmetries() int
	// Transform returns the position under transformation k: the same
	// game, its board transformed, with the transformed moves legal. It
	// returns the invalid value for k outside [0, Symmetries).
	Transform(k int) P
	// TransformMove returns m under transformation k; an invalid k or a
	// value that is no move gives a value ActionIndex refuses (-1).
	TransformMove(k int, m M) M
}

// Play returns the position after m, or the *MoveError Legal gives if m
// is not legal: the checked play every game shares, Legal then
// PlayUnchecked. (This module's games offer it as a method as well.)
func Play[P Position[P, M], M Move](p P, m M) (P, error) {
	if err := p.Legal(m); err != nil {
		var zero P
		return zero, err
	}
	return p.PlayUnchecked(m), nil
}

// Diagrammer is implemented by positions that can draw themselves as a
// multi-line text picture for people (tools print it; bots ignore it).
type Diagrammer interface {
	Diagram() string
}

// SeatInfo describes a seat of a position for people and for text
// protocols, in the game's own words.
type SeatInfo struct {
	// Name is the seat's side in the game: "Black", "Red", "X". In Hex
	// it is the colour the seat plays at this position, which the pie
	// rule may have changed.
	Name string `json:"name"`
	// Mark is the letter the game's text diagram draws the seat's pieces
	// with ("B" for Black's stones in Hex).
	Mark string `json:"mark"`
	// Words are lower-case words a text protocol may name the seat by,
	// besides its seat letter ("b" and "black" in Hex).
	Words []string `json:"words,omitempty"`
	// Note is a short line of what the position shows of the seat: its
	// reserve and captures, its men, the domino it drew; "" if nothing.
	Note string `json:"note,omitempty"`
}

// Describer is implemented by positions that describe their seats and
// themselves for people (Dynamic.SeatInfo and Dynamic.Note pass it on).
type Describer interface {
	// SeatInfo describes seat, a seat of the game.
	SeatInfo(seat Player) SeatInfo
	// Note is one line about the position that no seat's note tells
	// ("12 dominoes left in the pool"), or "".
	Note() string
}

// ActionMasker is an optional fast path of the kit, for batched
// environments that write a legal-action mask at every step: a position
// that implements it (with a value receiver) sets mask[i] to whether
// action i is legal, over the decision space at a decision node (the
// chance space at a chance node, all false at a terminal node), as
// AppendMoves and ActionIndex would give it, but without a method call
// per move. A mask shorter than the space gets the indices that fit. It
// never allocates. Batch uses it when the position type has it.
type ActionMasker interface {
	LegalActionMask(mask []bool)
}

// ExactRollout marks a position whose Rollout (Kit) plays the very game
// Sampler.Playout plays from the same generator state and returns, as
// end, the position that game reaches, whether it ends or is cut (Focus
// and Explocus play it in place). Dynamic.Playout then takes that fast
// path; the conformance kit checks the claim.
type ExactRollout interface {
	// RolloutIsExact does nothing: it is the mark.
	RolloutIsExact()
}
