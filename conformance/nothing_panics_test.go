package conformance_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
	_ "github.com/tabletop-go/rules/internal/testgame"
)

// abuse calls every method of the contract on p, then plays a chain of
// random move values through PlayUnchecked (meaningless positions, but
// never a panic), calling every method again at each step.
func abuse[P rules.Kit[P, M], M rules.Move](t *testing.T, p P, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	touch := func(p P) {
		_, _, _, _, _ = p.Seats(), p.ToMove(), p.Outcome(), p.Hash(), p.String()
		_ = p.Spec()
		_ = p.AppendMoves(nil)
		_ = p.AppendChances(nil)
		_, _ = p.ParseMove("a1")
		if d, ok := any(p).(rules.Diagrammer); ok {
			_ = d.Diagram()
		}
		_, _ = p.Evaluate(0)
		_ = p.MaxMoves()
	}
	touch(p)
	for range 200 {
		var m M
		if moves := p.AppendMoves(nil); len(moves) > 0 && r.IntN(2) == 0 {
			m = moves[r.IntN(len(moves))]
		} else {
			m = M(r.Uint64() >> r.IntN(64))
		}
		_ = p.Legal(m)
		_, _ = rules.Play(p, m)
		_ = m.String()
		p = p.PlayUnchecked(m)
		touch(p)
	}
}

// TestNothingPanics: zero values and chains of garbage moves, in every
// game and variant.
func TestNothingPanics(t *testing.T) {
	abuse(t, hex.Position{}, 1)
	abuse(t, focus.Position{}, 2)
	abuse(t, focus.NowakPosition{}, 5)
	abuse(t, domination.Position{}, 3)
	abuse(t, explocus.Position{}, 4)
	abuse(t, explocus.HexPosition{}, 6)
	for seed := range uint64(20) {
		abuse(t, hex.Sized(int(seed%26)+1).Start(), seed)
		abuse(t, domination.New(), seed)
		abuse(t, explocus.Config{Rows: 3 + int(seed%5), Cols: 3 + int(seed%7)}.Start(), seed)
		abuse(t, explocus.Config{Side: 3 + int(seed%4)}.StartHex(), seed)
		for _, spec := range []string{"focus", "focus(swap=true)", "focus(setup=drop)", "focus(players=3,short=true)",
			"focus(players=4,teams=true,drops=restricted)", "focus(nowak=true)"} {
			c, err := focus.ParseSpec(spec)
			if err != nil {
				t.Fatal(err)
			}
			if c.Nowak {
				abuse(t, c.StartNowak(), seed)
			} else {
				abuse(t, c.Start(), seed)
			}
		}
	}
}

// TestNothingPanicsThroughTheRegistry: every variant of every registered
// game, as the registry lists them (the test-only game's included), seen
// through rules.Dynamic: random games mixed with garbage texts, and
// every method called at each step, SeatInfo and Legal on any seat or
// text.
func TestNothingPanicsThroughTheRegistry(t *testing.T) {
	garbage := []string{"", "a1", "swap", "zz99", "2-5", "c3-c5", "*d4", "\x00", "pass", "d4-b4,e5-e8", strings.Repeat("a", 300)}
	variants := 0
	for _, specs := range registrySpecs(t) {
		for i, spec := range specs {
			d, err := rules.Open(spec)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			variants++
			r := rand.New(rand.NewPCG(uint64(i), 7))
			for ply := 0; ply < 60 && d.Node() != rules.TerminalNode; ply++ {
				_, _, _, _ = d.Moves(), d.Chances(), d.Diagram(), d.Note()
				for seat := rules.Player(-3); seat < 6; seat++ {
					_ = d.SeatInfo(seat)
				}
				for _, s := range garbage {
					_, _ = d.Canonical(s)
					_ = d.Legal(s)
				}
				if _, err := d.MarshalJSON(); err != nil {
					t.Fatalf("%s: %v", spec, err)
				}
				next, err := d.Play(d.RandomMove(r))
				if err != nil {
					t.Fatalf("%s: a random move: %v", spec, err)
				}
				d = next
			}
		}
	}
	if variants < 25 {
		t.Errorf("%d variants in the registry", variants)
	}
}

// registrySpecs returns, game by game as rules.Games lists them, the
// game's name and the specs of its listed variants.
func registrySpecs(tb testing.TB) [][]string {
	tb.Helper()
	var all [][]string
	for _, name := range rules.Games() {
		g, err := rules.Lookup(name)
		if err != nil {
			tb.Fatal(err)
		}
		specs := []string{name}
		for _, v := range g.Variants {
			specs = append(specs, v.Spec)
		}
		all = append(all, specs)
	}
	return all
}
