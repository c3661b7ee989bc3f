// Package conformance checks the rules.Position contract on any game with
// rapid: random legal games in which every position reached is checked
// against the contract, plus the game's own invariants. Each game's tests
// call Run once.
package conformance

import (
	"errors"
	"math/big"
	"testing"

	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
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
}

// Run plays random legal games and checks, at every position: the seat to
// move agrees with the outcome and the node kind; legal moves are sorted,
// unique, within MaxMoves, accepted by Legal and round-trip through
// ParseMove; moves not listed are refused by Legal and Play with a
// *rules.MoveError; chance probabilities are exact and sum to 1; the text
// round-trips to a position with the same hash; Play never changes the
// receiver and agrees with PlayUnchecked; and the game's invariants hold.
func Run[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *testing.T, g Game[P, M]) {
	t.Helper()
	maxPlies := g.MaxPlies
	if maxPlies == 0 {
		maxPlies = 1000
	}
	rapid.Check(t, func(t *rapid.T) {
		p := g.Start(t)
		var moves []M
		for ply := 0; ; ply++ {
			moves = checkPosition(t, g, p, moves[:0])
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
			next, err := p.Play(m)
			if err != nil {
				t.Fatalf("ply %d: Play(%v) of a listed move failed: %v\nposition %s", ply, m, err, p)
			}
			if p != before {
				t.Fatalf("ply %d: Play(%v) changed its receiver", ply, m)
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
	who := p.ToMove()
	out := p.Outcome()
	moves := p.AppendMoves(buf)
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

	if g.MaxMoves > 0 && len(moves) > g.MaxMoves {
		t.Fatalf("%d legal moves, more than MaxMoves = %d: %s", len(moves), g.MaxMoves, p)
	}
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
		if _, err := p.Play(m); err == nil {
			t.Fatalf("Play accepts unlisted move %v", m)
		}
		_ = p.PlayUnchecked(m) // must not panic
	}

	text := p.String()
	if mt, err := p.MarshalText(); err != nil || string(mt) != text {
		t.Fatalf("MarshalText = %q, %v; String = %q", mt, err, text)
	}
	if g.Parse != nil {
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
		if q.ToMove() != who || q.Outcome() != out {
			t.Fatalf("parsed %q: to move %v, outcome %v; want %v, %v", text, q.ToMove(), q.Outcome(), who, out)
		}
	}
	if g.Invariants != nil {
		g.Invariants(t, p)
	}
	return moves
}
