package conformance

import (
	"encoding"
	"encoding/json"
	"errors"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
	"pgregory.net/rapid"
)

// This file checks the invalid value: the zero position, inert in every
// method of the contract and of the kit.

// CheckInvalid checks that the zero value of P is the inert invalid value
// of the contract and of the kit: not valid, terminal with the Invalid
// outcome, no moves or chances, every move refused with ErrNoGame
// (rules.Play and the game's Play returning the invalid value), hash 0,
// no result it can end with, a text that no reader takes (p's parser,
// UnmarshalText, the registry in p's variant) and that MarshalText and
// Erase refuse; no action, observation, symmetry, rollout or evaluation.
// p is a position of a game, whose moves and variant it borrows.
func CheckInvalid[P interface {
	rules.Kit[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P) {
	checkInvalid(t, g, p)
	checkInvalidKit(t, p)
}

// checkInvalid is CheckInvalid's checks of the rules contract.
func checkInvalid[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P) {
	var zero P
	switch {
	case !p.IsValid():
		t.Fatalf("a position of a game reports !IsValid: %s", p)
	case zero.IsValid():
		t.Fatalf("the zero %T reports IsValid", zero)
	case zero.ToMove() != rules.Terminal:
		t.Fatalf("the zero %T has %v to move, want terminal", zero, zero.ToMove())
	case zero.Outcome().Reason != rules.Invalid:
		t.Fatalf("the zero %T has outcome %v, want the Invalid outcome", zero, zero.Outcome())
	case len(zero.AppendMoves(nil)) != 0 || len(zero.AppendChances(nil)) != 0:
		t.Fatalf("the zero %T lists moves", zero)
	case zero.Hash() != 0:
		t.Fatalf("the zero %T has hash %x, want 0", zero, zero.Hash())
	case p.Hash() == 0:
		t.Fatalf("a position of a game has hash 0, the invalid value's: %s", p)
	case zero.Ply() != 0:
		t.Fatalf("the zero %T has ply %d", zero, zero.Ply())
	}
	for _, o := range []rules.Outcome{rules.Win(2, rules.NoLegalMove, 0), rules.Draw(2, rules.PlyLimit), zero.Outcome()} {
		if zero.CanEnd(o) {
			t.Fatalf("the zero %T says it can end %v", zero, o)
		}
	}
	moves := p.AppendMoves(nil)
	moves = append(moves, g.OffGrid...)
	moves = append(moves, 0, M(rapid.Uint64().Draw(t, "raw move on the invalid value")))
	for _, m := range moves {
		err := zero.Legal(m)
		var me *rules.MoveError
		if !errors.As(err, &me) || !errors.Is(err, rules.ErrNoGame) {
			t.Fatalf("the zero %T: Legal(%v) = %v, want a *rules.MoveError of kind ErrNoGame", zero, m, err)
		}
		q, err := rules.Play(zero, m)
		if !errors.Is(err, rules.ErrNoGame) || q != zero {
			t.Fatalf("the zero %T: Play(%v) = %v, %v; want the invalid value and ErrNoGame", zero, m, q, err)
		}
		if pl, ok := any(zero).(player[P, M]); ok {
			if q, err := pl.Play(m); !errors.Is(err, rules.ErrNoGame) || q != zero {
				t.Fatalf("the zero %T: its Play(%v) = %v, %v; want the invalid value and ErrNoGame", zero, m, q, err)
			}
		}
		if q := zero.PlayUnchecked(m); q.IsValid() {
			t.Fatalf("the zero %T: PlayUnchecked(%v) made a game: %s", zero, m, q)
		}
	}
	if tm, ok := any(zero).(encoding.TextMarshaler); ok {
		if _, err := tm.MarshalText(); err == nil {
			t.Fatalf("the zero %T marshals to text", zero)
		}
		if _, err := json.Marshal(holder[P]{zero}); err == nil {
			t.Fatalf("the zero %T marshals to JSON", zero)
		}
	}
	if _, err := rules.Erase(zero); !errors.Is(err, rules.ErrNoGame) {
		t.Fatalf("Erase of the zero %T: %v, want ErrNoGame", zero, err)
	}
	text := zero.String()
	if g.Parse != nil {
		if q, err := g.Parse(p, text); err == nil {
			t.Fatalf("the zero %T writes %q, which reads as %s", zero, text, q)
		}
	}
	var q P
	if u, ok := any(&q).(encoding.TextUnmarshaler); ok {
		if err := u.UnmarshalText([]byte(text)); err == nil {
			t.Fatalf("the zero %T writes %q, which UnmarshalText reads", zero, text)
		}
	}
	if d, err := rules.OpenPosition(p.Spec(), text); err == nil {
		t.Fatalf("the zero %T writes %q, which rules.OpenPosition(%q) reads as %s", zero, text, p.Spec(), d)
	}
	if d, err := rules.Open(zero.Spec()); err == nil {
		t.Fatalf("the zero %T has spec %q, which rules.Open reads as %s", zero, zero.Spec(), d)
	}
}

// checkInvalidKit is CheckInvalid's checks of the kit.
func checkInvalidKit[P interface {
	rules.Kit[P, M]
	comparable
}, M rules.Move](t *rapid.T, p P) {
	var zero P
	if _, ok := zero.Evaluate(0); ok {
		t.Fatalf("the zero %T evaluates", zero)
	}
	planes, rows, cols := zero.ObservationShape()
	switch {
	case zero.NumActions() != 0 || zero.NumChanceActions() != 0 || zero.Symmetries() != 0:
		t.Fatalf("the zero %T has %d actions, %d chance actions, %d symmetries; want none", zero,
			zero.NumActions(), zero.NumChanceActions(), zero.Symmetries())
	case planes != 0 || rows != 0 || cols != 0 || len(zero.AppendObservation(nil, 0)) != 0:
		t.Fatalf("the zero %T has an observation", zero)
	case zero.Transform(0) != zero:
		t.Fatalf("the zero %T transforms into a game", zero)
	}
	for _, m := range p.AppendMoves(nil) {
		if i := zero.ActionIndex(m); i != -1 {
			t.Fatalf("the zero %T gives move %v the action index %d", zero, m, i)
		}
	}
	if _, ok := zero.ActionMove(0); ok {
		t.Fatalf("the zero %T decodes action 0", zero)
	}
	if got := p.AppendObservation(nil, rules.Player(p.Seats())); len(got) != 0 {
		t.Fatalf("AppendObservation for seat %d of a %d-seat game appended %d values, want none", p.Seats(), p.Seats(), len(got))
	}
	r := rand.New(rand.NewPCG(1, 2))
	if _, _, trace, ok := zero.Rollout(r, -1, nil); ok || trace != nil {
		t.Fatalf("the zero %T rolls out", zero)
	}
}
