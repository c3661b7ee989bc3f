package focus

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
	"github.com/tabletop-go/rules/internal/testkit"
)

func mustSpec(t testing.TB, s string) Config {
	t.Helper()
	c, err := ParseSpec(s)
	require.NoError(t, err)
	return c
}

func TestVariantSpecs(t *testing.T) {
	for in, want := range map[string]string{
		"focus(swap=true)":                               "focus(swap=true)",
		"focus(drops=restricted,setup=drop)":             "focus(setup=drop,drops=restricted)",
		"focus(setup=standard,drops=any,swap=false)":     "focus",
		"focus(players=2,teams=false,short=false)":       "focus",
		"focus(plylimit=300,drops=restricted,swap=true)": "focus(drops=restricted,swap=true,plylimit=300)",
	} {
		assert.Equal(t, want, mustSpec(t, in).String(), in)
	}
	for spec, want := range map[string]string{
		"focus(swap=true,setup=drop)": "players place their own",
		"focus(players=5)":            "option players",
		"focus(teams=true)":           "add players=4",
		"focus(players=3,teams=true)": "add players=4",
		"focus(short=true)":           "three and four players",
		"focus(players=3,swap=true)":  "two-player rule",
		"focus(players=4,setup=drop)": "two-player rule",
		"focus(setup=random)":         "not one of standard, drop",
		"focus(drops=some)":           "not one of any, restricted",
	} {
		_, err := ParseSpec(spec)
		assert.ErrorContains(t, err, want, spec)
	}
}

func TestRF4_TheOpeningSwapExchangesTwoPiecesOfDifferentColours(t *testing.T) {
	p := mustSpec(t, "focus(swap=true)").Start()
	assert.Len(t, p.AppendMoves(nil), 18*18, "every A piece with every B piece")
	stack, _ := p.ParseMove("c3-c4")
	assert.ErrorIs(t, p.Legal(stack), ErrSwapNow, "the swap comes before any move")
	same, _ := p.ParseMove("b7<>c7")
	assert.ErrorIs(t, p.Legal(same), ErrSwapColors, "b7 and c7 are both A")
	empty, _ := p.ParseMove("a3<>c3")
	assert.ErrorIs(t, p.Legal(empty), ErrSwapColors)
	q := mustPlay(t, p, "c7<>d7")
	assert.Equal(t, "B", at(q, "c7"))
	assert.Equal(t, "A", at(q, "d7"))
	assert.Equal(t, rules.Player(1), q.ToMove(), "then seat 1 swaps")
	r := mustPlay(t, q, "b2<>d2")
	assert.Equal(t, rules.Player(0), r.ToMove(), "then seat 0 plays its first move")
	swap, _ := r.ParseMove("d2<>e2")
	assert.ErrorIs(t, r.Legal(swap), ErrNoSwap)
	assert.Equal(t, len(refFromPosition(r).moves()), len(r.AppendMoves(nil)), "normal play, as the reference has it")
}

func TestRF4_SecondSwapMayNotRepeatTheFirst(t *testing.T) {
	q := mustPlay(t, mustSpec(t, "focus(swap=true)").Start(), "d7<>c7")
	again, _ := q.ParseMove("c7<>d7")
	assert.ErrorIs(t, q.Legal(again), ErrSwapRepeat)
	assert.ErrorIs(t, q.Legal(again), rules.ErrIllegal)
	assert.NotContains(t, q.AppendMoves(nil), again)
}

func TestRF4_SecondSwapMayNotRestoreSymmetry(t *testing.T) {
	// c7 (A) and d7 (B) swapped; their images under the half turn are f2
	// (B) and e2 (A). Swapping f2 and e2, or c7 with e2, or d7 with f2,
	// makes the position symmetric again.
	q := mustPlay(t, mustSpec(t, "focus(swap=true)").Start(), "c7<>d7")
	for _, s := range []string{"e2<>f2", "c7<>e2", "d7<>f2"} {
		m, err := q.ParseMove(s)
		require.NoError(t, err)
		assert.ErrorIs(t, q.Legal(m), ErrSwapSymmetry, s)
	}
	ok, _ := q.ParseMove("b2<>d2")
	assert.NoError(t, q.Legal(ok))
	assert.Len(t, q.AppendMoves(nil), 18*18-4, "the pairs of different colours, less the repeat and the three that restore symmetry")
}

func TestDropSetupPlacesEveryPieceThenPlayStarts(t *testing.T) {
	p := mustSpec(t, "focus(setup=drop)").Start()
	assert.Equal(t, "focus(setup=drop) 4/6/8/8/8/8/6/4 A 18,18 0,0 0 setup", p.String())
	assert.Len(t, p.AppendMoves(nil), NumSquares)
	stack, _ := p.ParseMove("c3-c4")
	assert.ErrorIs(t, p.Legal(stack), ErrSetupDrop)
	// A builds a 5-stack on c3 while B places elsewhere.
	p = mustPlay(t, p, "*c3", "*h5", "*c3", "*h4", "*c3", "*h3", "*c3", "*g3", "*c3")
	assert.Equal(t, "AAAAA", at(p, "c3"))
	p = mustPlay(t, p, "*f3")
	sixth, _ := p.ParseMove("*c3")
	assert.ErrorIs(t, p.Legal(sixth), ErrSetupDrop, "never a stack over 5")
	onB, _ := p.ParseMove("*h5")
	assert.ErrorIs(t, p.Legal(onB), ErrSetupDrop, "only empty squares or own stacks")
	// Place the rest anywhere legal: play starts with seat 0 after 36.
	buf := []Move{}
	for p.Ply() < 36 {
		buf = p.AppendMoves(buf[:0])
		p = p.PlayUnchecked(buf[0])
	}
	assert.Equal(t, 0, p.Reserve(0)+p.Reserve(1))
	assert.Equal(t, rules.Player(0), p.ToMove())
	assert.NotContains(t, strings.Fields(p.String())[1:], "setup", "the setup token is gone")
	for _, m := range p.AppendMoves(nil) {
		assert.False(t, m.IsDrop(), "no reserve left after the setup")
	}
}

func TestRestrictedDropsOnlyOntoEmptyOrOwnStacks(t *testing.T) {
	c := Config{RestrictedDrops: true}
	p := buildConfig(t, c, map[string]string{"c3": "BA", "d4": "AB", "e5": "B"}, "A", 2, 0)
	for s, want := range map[string]error{"*c3": nil, "*h5": nil, "*d4": ErrRestricted, "*e5": ErrRestricted} {
		m, _ := p.ParseMove(s)
		if want == nil {
			assert.NoError(t, p.Legal(m), s)
		} else {
			assert.ErrorIs(t, p.Legal(m), want, s)
		}
	}
	drops := 0
	for _, m := range p.AppendMoves(nil) {
		if m.IsDrop() {
			drops++
		}
	}
	assert.Equal(t, NumSquares-2, drops, "every square but the two B controls")
}

func TestVariantPhasesRoundTripAsText(t *testing.T) {
	for spec, moves := range map[string][]string{
		"focus(swap=true)":  {"c7<>d7"},
		"focus(setup=drop)": {"*c3", "*d4"},
	} {
		c := mustSpec(t, spec)
		p := c.Start()
		for i := 0; ; i++ {
			q, err := c.ParsePosition(p.String())
			require.NoError(t, err, p.String())
			assert.Equal(t, p.String(), q.String())
			assert.Equal(t, p.Hash(), q.Hash())
			if i == len(moves) {
				break
			}
			p = mustPlay(t, p, moves[i])
		}
	}
	assert.Contains(t, mustPlay(t, mustSpec(t, "focus(swap=true)").Start(), "d7<>c7").String(), " swap:c7<>d7")
	_, err := Config{}.ParsePosition("4/6/8/8/8/8/6/4 A 18,18 0,0 0 setup")
	assert.ErrorContains(t, err, "needs setup=drop")
	_, err = mustSpec(t, "focus(setup=drop)").ParsePosition("4/6/8/8/8/8/6/4 B 18,18 0,0 0 setup")
	assert.ErrorContains(t, err, "A is to place")
	_, err = mustSpec(t, "focus(swap=true)").ParsePosition(New().String() + " swap:c7<>d7")
	assert.ErrorContains(t, err, "seat B to move")
	bToMove := "4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4 B 0,0 0,0 1 swap:c7"
	_, err = mustSpec(t, "focus(swap=true)").ParsePosition(bToMove)
	assert.ErrorContains(t, err, "swap:c3<>d3")
}

// TestVariantPerftFrozen checks testdata/perft_variants.txt (DEPTH NODES
// SPEC POSITION). The swap counts agree with an independent brute force of
// R-F4 (324 first swaps, 103,428 pairs of swaps).
func TestVariantPerftFrozen(t *testing.T) {
	for _, c := range testkit.ReadPerft(t, "testdata/perft_variants.txt") {
		spec, text, _ := cut(c.Rest)
		cfg := mustSpec(t, spec)
		if cfg.Nowak {
			p, err := cfg.ParseNowakPosition(text)
			require.NoError(t, err, "line %d", c.Line)
			if got := rules.Perft(p, c.Depth); got != c.Nodes {
				t.Errorf("line %d: %s perft(%d) = %d, frozen %d", c.Line, spec, c.Depth, got, c.Nodes)
			}
			continue
		}
		p, err := cfg.ParsePosition(text)
		require.NoError(t, err, "line %d", c.Line)
		if got := rules.Perft(p, c.Depth); got != c.Nodes {
			t.Errorf("line %d: %s perft(%d) = %d, frozen %d", c.Line, spec, c.Depth, got, c.Nodes)
		}
		if c.Depth <= 2 && cfg == (Config{}) {
			// The naive reference knows the standard rules only.
			if got := refPerft(refFromPosition(p), c.Depth); got != c.Nodes {
				t.Errorf("line %d: reference %d", c.Line, got)
			}
		}
	}
}

func cut(s string) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func TestVariantContract(t *testing.T) {
	configs := []Config{{Swap: true}, {DropSetup: true}, {RestrictedDrops: true}, {DropSetup: true, RestrictedDrops: true, PlyLimit: 60}}
	conformance.Run(t, conformance.Game[Position, Move]{
		Start:   func(t *rapid.T) Position { return rapid.SampledFrom(configs).Draw(t, "config").Start() },
		Parse:   func(p Position, text string) (Position, error) { return p.Config().ParsePosition(text) },
		OffGrid: offGrid,
		Decides: decides,
		Candidates: func(p Position) []Move {
			var out []Move
			for s := Square(0); s < 64; s++ {
				out = append(out, Drop(s), StackMove(s, s+1), StackMove(s, s+8&63), SwapMove(s, 63-s), SwapMove(s, s+1))
			}
			return out
		},
		MaxPlies:   80,
		MaxMoves:   MaxLegalMoves,
		Invariants: checkInvariants,
	})
}
