package conformance

import (
	"encoding"
	"encoding/json"
	"errors"
	"strings"

	"github.com/tabletop-go/rules"
	"pgregory.net/rapid"
)

// This file checks the text forms: a position's text through the game's
// parser, encoding.TextUnmarshaler, encoding/json and the registry, and the
// Dynamic view of it.

// holder is a struct holding a position, as a program storing one in JSON
// would have.
type holder[P any] struct {
	Position P `json:"position"`
}

// checkRoundTrips checks that the position's text gives back an equal
// position through encoding.TextUnmarshaler, encoding/json and the
// registry.
func checkRoundTrips[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *rapid.T, p P) {
	text := p.String()
	var q P
	if u, ok := any(&q).(encoding.TextUnmarshaler); ok {
		checkTextRoundTrip(t, p, &q, u)
	}
	d, err := rules.OpenPosition(p.Spec(), text)
	if err != nil {
		t.Fatalf("rules.OpenPosition(%q, %q): %v", p.Spec(), text, err)
	}
	if d.Typed() != any(p) {
		t.Fatalf("rules.OpenPosition(%q, %q) gives an unequal position %q (-want +got):\n%s", p.Spec(), text, d.String(), Diff(any(p), d.Typed()))
	}
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatalf("json.Marshal(Dynamic): %v", err)
	}
	d2, err := rules.UnmarshalDynamic(data)
	if err != nil {
		t.Fatalf("rules.UnmarshalDynamic(%s): %v", data, err)
	}
	if d2.Typed() != any(p) || d2.Hash() != p.Hash() {
		t.Fatalf("Dynamic JSON round trip of %s gives an unequal position %q (-want +got):\n%s", data, d2.String(), Diff(any(p), d2.Typed()))
	}
}

// checkTextRoundTrip checks p's text through u, *q's UnmarshalText, and
// encoding/json, for a game whose positions implement
// encoding.TextUnmarshaler (every game of this module).
func checkTextRoundTrip[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *rapid.T, p P, q *P, u encoding.TextUnmarshaler) {
	text := p.String()
	if err := u.UnmarshalText([]byte(text)); err != nil {
		t.Fatalf("UnmarshalText(%q): %v", text, err)
	}
	if *q != p {
		t.Fatalf("text round trip of %q gives an unequal position %q (-want +got):\n%s", text, (*q).String(), Diff(p, *q))
	}
	data, err := json.Marshal(holder[P]{p})
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	var back holder[P]
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", data, err)
	}
	if back.Position != p || back.Position.Hash() != p.Hash() {
		t.Fatalf("JSON round trip of %s gives an unequal position %q (-want +got):\n%s", data, back.Position.String(), Diff(p, back.Position))
	}
}

// checkDynamic checks the text view of the position against the typed one.
func checkDynamic[P rules.Position[P, M], M rules.Move](t *rapid.T, p P, moves []M) {
	d, err := rules.Erase(p)
	if err != nil {
		t.Fatalf("Erase of a position of a game: %v", err)
	}
	if d.Node() != p.ToMove().Node() || d.MaxMoves() != p.MaxMoves() {
		t.Fatalf("Dynamic Node %v, MaxMoves %d; typed %v, %d", d.Node(), d.MaxMoves(), p.ToMove().Node(), p.MaxMoves())
	}
	// A nil generator draws from the global one: a legal move, or ""
	// exactly at a terminal node.
	if rm := d.RandomMove(nil); (rm == "") != (p.ToMove() == rules.Terminal) || rm != "" && d.Legal(rm) != nil {
		t.Fatalf("RandomMove(nil) = %q at a %v node: %v", rm, d.Node(), d.Legal(rm))
	}
	texts := d.Moves()
	if len(texts) != len(moves) {
		t.Fatalf("Dynamic lists %d moves, typed %d", len(texts), len(moves))
	}
	if len(moves) == 0 {
		return
	}
	i := rapid.IntRange(0, len(moves)-1).Draw(t, "dynamic move")
	m := moves[i]
	if texts[i] != m.String() {
		t.Fatalf("Dynamic move %d is %q, typed %q", i, texts[i], m.String())
	}
	for _, in := range []string{m.String(), strings.ToUpper(m.String())} {
		c, err := d.Canonical(in)
		if in == m.String() && (err != nil || c != m.String()) {
			t.Fatalf("Canonical(%q) = %q, %v", in, c, err)
		}
		if err == nil {
			if back, _ := p.ParseMove(c); c != back.String() {
				t.Fatalf("Canonical(%q) = %q, which is not canonical", in, c)
			}
		}
	}
	if err := d.Legal(m.String()); err != nil {
		t.Fatalf("Dynamic Legal(%q) of a listed move: %v", m.String(), err)
	}
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatalf("json.Marshal(move %v): %v", m, err)
	}
	var back M
	if err := json.Unmarshal(data, &back); err != nil || back != m {
		t.Fatalf("move %v marshals to %s, which reads back as %v, %v", m, data, back, err)
	}
}

// checkParseMoveErrors checks that ParseMove refuses text only with a
// *rules.SyntaxError.
func checkParseMoveErrors[P rules.Position[P, M], M rules.Move](t *rapid.T, p P) {
	in := rapid.StringMatching(`[a-zA-Z0-9*,<>+ -]{0,8}`).Draw(t, "move text")
	if _, err := p.ParseMove(in); err != nil {
		var se *rules.SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("ParseMove(%q) error %v (%T) is not a *rules.SyntaxError", in, err, err)
		}
	}
}

// checkFailedParse damages a position text (a byte replaced, or the text
// cut) and checks that a parse that fails returns the invalid value.
func checkFailedParse[P interface {
	rules.Position[P, M]
	comparable
}, M rules.Move](t *rapid.T, g Game[P, M], p P, text string) {
	if text == "" {
		return
	}
	b := []byte(text)
	i := rapid.IntRange(0, len(b)-1).Draw(t, "damaged byte")
	if rapid.Bool().Draw(t, "cut") {
		b = b[:i]
	} else {
		b[i] = rapid.SampledFrom([]byte("x/ -0123456789ABab,*?")).Draw(t, "new byte")
	}
	var zero P
	if q, err := g.Parse(p, string(b)); err != nil && q != zero {
		t.Fatalf("a failed parse of %q (%v) returns %s, not the invalid value", b, err, q)
	}
}
