// Package conformance checks the rules.Position contract on any game, of
// this module or another, with rapid: random legal games in which every
// position reached is checked against the contract, plus the game's own
// invariants. Each game's tests call Run once (RunRules for a game with
// only the rules contract, no search-and-learning kit), and
// CheckRegistration for what its registration tells.
package conformance

import (
	"encoding"
	"errors"
	"hash/fnv"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tabletop-go/rules"
	"pgregory.net/rapid"
)

// Game describes the game under test.
type Game[P rules.Position[P, M], M rules.Move] struct {
	// Start draws a starting position (it may draw a configuration too).
	Start func(t *rapid.T) P
	// Parse reads position text of the same game as p; the kit uses it for
	// the text round trip and to compare the incremental hash with one
	// computed from scratch.
	Parse func(p P, text string) (P, error)
	// MaxPlies bounds each random game (0: 1000).
	MaxPlies int
	// MaxMoves is the proven bound on the number of legal moves (0: none).
	MaxMoves int
	// Candidates lists moves worth asking Legal about at p, legal or not
	// (for example every cell); Legal must accept exactly those in the
	// generated list. Optional: random move values are always tried too.
	Candidates func(p P) []M
	// Invariants checks the game's own invariants at every position.
	Invariants func(t *rapid.T, p P)
	// OffGrid lists moves that the game's constructors build from
	// coordinates off its grid (NoMove and the like): no position may
	// accept them. Optional.
	OffGrid []M
	// Decides returns, for the hash check, a text of what decides the
	// game from p on beyond its legal moves, chance outcomes and outcome
	// (for example the ply where a ply limit will end it). Positions with
	// equal hashes must give equal texts. Optional.
	Decides func(p P) string
}

// Run plays random legal games and checks, at every position: the seat to
// move agrees with the outcome and the node kind; legal moves are sorted,
// unique, within MaxMoves, accepted by Legal and round-trip through
// ParseMove and JSON; moves not listed are refused by Legal and Play with a
// *rules.MoveError; chance probabilities are exact and sum to 1; the text
// round-trips to an equal position (==, the same hash) through the
// game's parsers, encoding/json and the registry (rules.OpenPosition,
// rules.UnmarshalDynamic); AppendMoves fits in MaxMoves() of spare
// capacity; ParseMove refuses garbage only with *rules.SyntaxError; the
// Dynamic view agrees with the typed position; Evaluate stays in [-1, 1];
// Play never changes the receiver and agrees with PlayUnchecked; a
// rollout from the position (Rollout, with a bound of 0 to MaxPlies plies)
// either declines (ok false, the trace untouched) or reports an outcome
// the variant can have (CanEnd) or, cut at the bound, a position that
// is not over, whose text reads back, reached by exactly that many
// traced moves of seats of the game; and the game's invariants hold.
//
// Across every position of every game it plays, positions with equal
// hashes must have the same variant, seat to move, moves, chance
// outcomes, outcome, observations and Decides text: the hash decides the
// game. Every move adds one to Ply. The kit of search and learning holds
// at every position: action indices (every listed move has an index in
// its space that decodes back to it, every index of the space is a move,
// no false hits), observations (their shape, finite and deterministic
// values, and positions that look the same to the seat to move have the
// same moves) and symmetries (the identity first; a transformation keeps
// the node and the outcome, maps the moves onto the transformed
// position's exactly, commutes with play, reads back from text, permutes
// the action space and has an inverse). The
// zero value of P must be the inert invalid value (see CheckInvalid), a
// failed parse must return it, and the OffGrid moves must be refused
// everywhere.
func Run[P interface {
	rules.Kit[P, M]
	comparable
}, M rules.Move](t *testing.T, g Game[P, M]) {
	t.Helper()
	ks := &kitState{observations: make(map[uint64]uint64)}
	run(t, g, &kitHooks[P, M]{
		observe: func(p P, seat rules.Player) []float32 { return p.AppendObservation(nil, seat) },
		position: func(t *rapid.T, p P, moves []M) {
			checkKit(t, g, p, moves, ks)
			checkEvaluate(t, p)
			checkRollout(t, g, p)
		},
		invalid: func(t *rapid.T, p P) { checkInvalidKit(t, p) },
	})
}

// RunRules is Run for a game that implements only the rules contract
// (rules.Position, not rules.Kit): every check of Run but the kit's.
func RunRules[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *testing.T, g Game[P, M]) {
	t.Helper()
	run(t, g, nil)
}

// kitHooks are the kit's checks, which Run gives run: run itself needs
// only the rules.
type kitHooks[P rules.Position[P, M], M rules.Move] struct {
	observe  func(p P, seat rules.Player) []float32 // for the hash check
	position func(t *rapid.T, p P, moves []M)       // at every position
	invalid  func(t *rapid.T, p P)                  // on the invalid value
}

func run[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *testing.T, g Game[P, M], kit *kitHooks[P, M]) {
	t.Helper()
	maxPlies := g.MaxPlies
	if maxPlies == 0 {
		maxPlies = 1000
	}
	hashes := make(map[uint64]uint64)
	rapid.Check(t, func(t *rapid.T) {
		p := g.Start(t)
		checkInvalid(t, g, p)
		if kit != nil {
			kit.invalid(t, p)
		}
		var moves []M
		for ply := 0; ; ply++ {
			moves = checkPosition(t, g, p, moves[:0])
			checkHashDecides(t, g, p, moves, hashes, kit)
			if kit != nil {
				kit.position(t, p, moves)
			}
			if len(moves) == 0 || ply >= maxPlies {
				return
			}
			var m M
			if p.ToMove() == rules.Chance {
				m = rapid.SampledFrom(moves).Draw(t, "chance")
			} else {
				m = rapid.SampledFrom(moves).Draw(t, "move")
			}
			before := p
			next, err := rules.Play(p, m)
			if err != nil {
				t.Fatalf("ply %d: Play(%v) of a listed move failed: %v\nposition %s", ply, m, err, p)
			}
			if pl, ok := any(p).(player[P, M]); ok {
				if own, err := pl.Play(m); err != nil || own != next {
					t.Fatalf("ply %d: the game's Play(%v) = %s, %v; rules.Play gives %s", ply, m, own, err, next)
				}
			}
			if p != before {
				t.Fatalf("ply %d: Play(%v) changed its receiver", ply, m)
			}
			if next.Ply() != p.Ply()+1 {
				t.Fatalf("ply %d: Play(%v) took Ply from %d to %d; every move adds one", ply, m, p.Ply(), next.Ply())
			}
			if fast := p.PlayUnchecked(m); fast != next {
				t.Fatalf("ply %d: PlayUnchecked(%v) = %s, Play gives %s", ply, m, fast, next)
			}
			if p != before {
				t.Fatalf("ply %d: PlayUnchecked(%v) changed its receiver", ply, m)
			}
			p = next
		}
	})
}

func checkPosition[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P, buf []M) []M {
	seats := p.Seats()
	if seats < 1 || seats > rules.MaxSeats {
		t.Fatalf("Seats() = %d", seats)
	}
	moves := p.AppendMoves(buf)
	checkNode(t, p, moves)
	if g.MaxMoves > 0 && len(moves) > g.MaxMoves {
		t.Fatalf("%d legal moves, more than MaxMoves = %d: %s", len(moves), g.MaxMoves, p)
	}
	checkBuffer(t, p)
	checkLegal(t, g, p, moves)
	checkText(t, g, p)
	checkRoundTrips(t, p)
	checkDynamic(t, p, moves)
	checkParseMoveErrors(t, p)
	if g.Invariants != nil {
		g.Invariants(t, p)
	}
	return moves
}

// checkNode checks that the seat to move, the outcome, the moves and the
// chance outcomes agree on the kind of node p is.
func checkNode[P rules.Position[P, M], M rules.Move](t *rapid.T, p P, moves []M) {
	seats, who, out := p.Seats(), p.ToMove(), p.Outcome()
	chances := p.AppendChances(nil)
	switch {
	case who == rules.Terminal:
		if !out.Over() {
			t.Fatalf("Terminal to move but the outcome is not decided: %s", p)
		}
		if len(moves) != 0 || len(chances) != 0 {
			t.Fatalf("terminal position lists %d moves and %d chances: %s", len(moves), len(chances), p)
		}
		if out.Seats() != seats {
			t.Fatalf("outcome scores %d seats, the game has %d", out.Seats(), seats)
		}
		if !p.CanEnd(out) {
			t.Fatalf("the game ended %v, which CanEnd says it cannot: %s", out, p)
		}
		sum := 0.0
		for s := range seats {
			sum += out.Return(rules.Player(s))
		}
		if sum > 1e-9 || sum < -1e-9 {
			t.Fatalf("returns sum to %v, want 0 (%v)", sum, out)
		}
	case out.Over():
		t.Fatalf("outcome %v decided but %v to move: %s", out, who, p)
	case who == rules.Chance:
		checkChances(t, moves, chances, p)
	case who.IsSeat() && int(who) < seats:
		if len(chances) != 0 {
			t.Fatalf("decision node lists %d chance outcomes", len(chances))
		}
		if len(moves) == 0 {
			t.Fatalf("seat %v to move with no legal move, yet the game is not over: %s", who, p)
		}
	default:
		t.Fatalf("ToMove() = %v in a %d-seat game", who, seats)
	}
}

// checkChances checks a chance node's outcomes: exact probabilities that
// sum to 1, in the order of the moves.
func checkChances[P rules.Position[P, M], M rules.Move](t *rapid.T, moves []M, chances []rules.ChanceOutcome[M], p P) {
	if len(chances) == 0 {
		t.Fatalf("chance node with no outcomes: %s", p)
	}
	total := new(big.Rat)
	for i, c := range chances {
		if c.Prob.Den == 0 || c.Prob.Num == 0 || c.Prob.Num > c.Prob.Den {
			t.Fatalf("chance %v has probability %v", c.Move, c.Prob)
		}
		total.Add(total, new(big.Rat).SetFrac(new(big.Int).SetUint64(c.Prob.Num), new(big.Int).SetUint64(c.Prob.Den)))
		if i >= len(moves) || moves[i] != c.Move {
			t.Fatalf("AppendMoves and AppendChances disagree at index %d", i)
		}
	}
	if len(moves) != len(chances) {
		t.Fatalf("%d chance outcomes but %d moves", len(chances), len(moves))
	}
	if total.Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("chance probabilities sum to %v, want exactly 1", total)
	}
}

// checkLegal checks that Legal accepts exactly the listed moves (sorted,
// unique, reading back through ParseMove) and that Play, the game's own
// Play too, refuses the others, as the off-grid moves everywhere.
func checkLegal[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P, moves []M) {
	listed := make(map[M]bool, len(moves))
	for i, m := range moves {
		if i > 0 && moves[i-1] >= m {
			t.Fatalf("moves not strictly ascending at %d: %v then %v", i, moves[i-1], m)
		}
		listed[m] = true
		if err := p.Legal(m); err != nil {
			t.Fatalf("listed move %v refused by Legal: %v\nposition %s", m, err, p)
		}
		back, err := p.ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %v, %v; want %v", m.String(), back, err, m)
		}
	}
	var candidates []M
	if g.Candidates != nil {
		candidates = g.Candidates(p)
	}
	for range 8 {
		candidates = append(candidates, M(rapid.Uint64().Draw(t, "raw move")))
	}
	for _, m := range g.OffGrid {
		if listed[m] {
			t.Fatalf("AppendMoves lists %v (%d), a move built from coordinates off the grid", m, uint64(m))
		}
	}
	candidates = append(candidates, g.OffGrid...)
	for _, m := range candidates {
		if listed[m] {
			continue
		}
		err := p.Legal(m)
		if err == nil {
			t.Fatalf("Legal accepts %v (%d), which AppendMoves does not list\nposition %s", m, uint64(m), p)
		}
		var me *rules.MoveError
		if !errors.As(err, &me) || !(errors.Is(err, rules.ErrIllegal) || errors.Is(err, rules.ErrGameOver) || errors.Is(err, rules.ErrWrongNode)) {
			t.Fatalf("Legal(%v) error %v is not a *rules.MoveError of a known kind", m, err)
		}
		if _, err := rules.Play(p, m); err == nil {
			t.Fatalf("Play accepts unlisted move %v", m)
		}
		if pl, ok := any(p).(player[P, M]); ok {
			if _, err := pl.Play(m); err == nil {
				t.Fatalf("the game's Play accepts unlisted move %v", m)
			}
		}
		_ = p.PlayUnchecked(m) // must not panic
	}
}

// checkText checks the position text: MarshalText agrees with String, and
// the game's parser reads it back to the same position, hash from scratch
// included.
func checkText[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P) {
	text := p.String()
	if tm, ok := any(p).(encoding.TextMarshaler); ok {
		if mt, err := tm.MarshalText(); err != nil || string(mt) != text {
			t.Fatalf("MarshalText = %q, %v; String = %q", mt, err, text)
		}
	}
	if g.Parse == nil {
		return
	}
	q, err := g.Parse(p, text)
	if err != nil {
		t.Fatalf("position text %q does not parse: %v", text, err)
	}
	if q.String() != text {
		t.Fatalf("text round trip: %q became %q", text, q.String())
	}
	if q.Hash() != p.Hash() {
		t.Fatalf("incremental hash %x differs from the hash from scratch %x for %q", p.Hash(), q.Hash(), text)
	}
	if q.ToMove() != p.ToMove() || q.Outcome() != p.Outcome() {
		t.Fatalf("parsed %q: to move %v, outcome %v; want %v, %v", text, q.ToMove(), q.Outcome(), p.ToMove(), p.Outcome())
	}
	checkFailedParse(t, g, p, text)
}

// player is a game's own checked Play, which the contract does not
// require (rules.Play is every game's): where a game has one, it must
// agree with rules.Play.
type player[P any, M rules.Move] interface {
	Play(m M) (P, error)
}

// checkEvaluate checks that Evaluate stays in [-1, 1], and declines a
// value that is no seat of the game.
func checkEvaluate[P rules.Kit[P, M], M rules.Move](t *rapid.T, p P) {
	for s := range p.Seats() {
		if v, ok := p.Evaluate(rules.Player(s)); ok && (math.IsNaN(v) || v < -1 || v > 1) {
			t.Fatalf("Evaluate(%v) = %v, outside [-1, 1]: %s", rules.Player(s), v, p)
		}
	}
	for _, s := range []rules.Player{rules.Player(p.Seats()), rules.MaxSeats, rules.Chance, rules.Terminal} {
		if v, ok := p.Evaluate(s); ok {
			t.Fatalf("Evaluate(%v) = %v for no seat of the game: it must decline (ok false): %s", s, v, p)
		}
	}
}

// checkRollout checks the position's fast rollout, when it has one: the
// outcome of a finished game is one the variant can have, and a cut
// rollout ends on a position that is not over, after exactly maxPlies
// moves of the trace.
func checkRollout[P interface {
	rules.Kit[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P) {
	bound := g.MaxPlies
	if bound == 0 {
		bound = 1000
	}
	maxPlies := rapid.IntRange(0, bound).Draw(t, "rollout plies")
	r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "rollout seed"), 1))
	if rapid.IntRange(0, 3).Draw(t, "nil generator") == 0 {
		r = nil // the global generator, by the contract
	}
	seed := rapid.Uint64().Draw(t, "exact rollout seed")
	trace := make([]rules.Played[M], 1, 8)
	if _, exact := any(p).(rules.ExactRollout); exact && r != nil {
		// The claim of rules.ExactRollout: Playout's very game, and its
		// final position, from the same generator state.
		s := rules.Sampler[P, M]{Rand: rand.New(rand.NewPCG(seed, 2))}
		want, _ := s.Playout(p, maxPlies)
		if o, end, _, ok := p.Rollout(rand.New(rand.NewPCG(seed, 2)), maxPlies, nil); ok && (end != want || o != want.Outcome()) {
			t.Fatalf("Rollout(maxPlies %d) marked exact ends %v %s, Sampler.Playout %v %s", maxPlies, o, end, want.Outcome(), want)
		}
	}
	o, end, trace, ok := p.Rollout(r, maxPlies, trace)
	if !ok {
		if len(trace) != 1 {
			t.Fatalf("a declined rollout (ok false) changed the trace: %d entries", len(trace))
		}
		return
	}
	if len(trace) < 1 {
		t.Fatalf("Rollout dropped the trace it was given")
	}
	for _, pl := range trace[1:] {
		if pl.Seat != rules.Chance && (!pl.Seat.IsSeat() || int(pl.Seat) >= p.Seats()) {
			t.Fatalf("Rollout traced move %v by seat %v in a %d-seat game", pl.Move, pl.Seat, p.Seats())
		}
	}
	if p.ToMove() == rules.Terminal && o != p.Outcome() {
		t.Fatalf("Rollout from a finished game gives %v, not its outcome %v: %s", o, p.Outcome(), p)
	}
	if o.Over() {
		if o.Seats() != p.Seats() || !p.CanEnd(o) {
			t.Fatalf("Rollout(maxPlies %d) ended %v, which CanEnd says the game cannot: %s", maxPlies, o, p)
		}
		return
	}
	if end.Outcome().Over() || end.ToMove() == rules.Terminal {
		t.Fatalf("Rollout(maxPlies %d) reports a game going on, but its end %s is over", maxPlies, end)
	}
	if len(trace)-1 != maxPlies {
		t.Fatalf("Rollout cut at maxPlies %d traced %d moves", maxPlies, len(trace)-1)
	}
	if g.Parse != nil {
		q, err := g.Parse(end, end.String())
		if err != nil || q != end {
			t.Fatalf("the rollout's end %q does not read back: %v", end.String(), err)
		}
	}
}

// checkBuffer checks that AppendMoves fits in MaxMoves() of spare
// capacity: it must not grow a buffer that has that much room.
func checkBuffer[P rules.Position[P, M], M rules.Move](t *rapid.T, p P) {
	room := p.MaxMoves()
	if room < 1 {
		t.Fatalf("MaxMoves() = %d", room)
	}
	buf := make([]M, 3, 3+room)
	out := p.AppendMoves(buf)
	if &out[:1][0] != &buf[:1][0] {
		t.Fatalf("AppendMoves grew a buffer with MaxMoves() = %d spare: %s", room, p)
	}
	if len(out)-3 > room {
		t.Fatalf("%d legal moves, more than MaxMoves() = %d: %s", len(out)-3, room, p)
	}
}

// checkHashDecides records what decides the game at p under p's hash,
// and fails if a position with the same hash was seen with another.
func checkHashDecides[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P, moves []M, seen map[uint64]uint64, kit *kitHooks[P, M]) {
	h := fnv.New64a()
	io.WriteString(h, p.Spec())
	io.WriteString(h, "|"+p.ToMove().String()+"|"+p.Outcome().String()+"|")
	for _, m := range moves {
		io.WriteString(h, m.String()+" ")
	}
	for _, c := range p.AppendChances(nil) {
		io.WriteString(h, c.Move.String()+"@"+c.Prob.String()+" ")
	}
	if g.Decides != nil {
		io.WriteString(h, "|"+g.Decides(p))
	}
	for s := range p.Seats() {
		if kit == nil {
			break
		}
		for _, v := range kit.observe(p, rules.Player(s)) {
			b := math.Float32bits(v)
			h.Write([]byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24)})
		}
	}
	fp := h.Sum64()
	if old, ok := seen[p.Hash()]; ok && old != fp {
		t.Fatalf("hash %x is shared by positions that differ in their variant, moves, chances, outcome, observations or what decides the game; one is %s", p.Hash(), p)
	}
	seen[p.Hash()] = fp
}

// Diff reports the differences between two values, unexported fields
// included (positions keep their state in them), field by field, as
// go-cmp prints them: the message a failed comparison of positions,
// outcomes or records needs.
func Diff(want, got any) string {
	return cmp.Diff(want, got, cmp.Exporter(func(reflect.Type) bool { return true }))
}
