package focus

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

func nowak(t testing.TB, stacks map[string]string, toMove string, reserveA, reserveB int) NowakPosition {
	t.Helper()
	c := Config{Nowak: true}
	p, err := c.ParseNowakPosition(buildText(c, stacks, toMove, reserveA, reserveB))
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return p
}

func moveSet[P anyPosition[P]](p P) map[string]bool {
	out := map[string]bool{}
	for _, m := range p.AppendMoves(nil) {
		out[m.String()] = true
	}
	return out
}

func TestRF10_MovesLandOnlyOnEmptySquaresOverEmptySquares(t *testing.T) {
	p := nowak(t, map[string]string{"d4": "AA", "d6": "B", "f4": "B", "h4": "B"}, "A", 0, 0)
	moves := moveSet(p)
	assert.True(t, moves["d4-d5"], "one piece, one square")
	assert.False(t, moves["d4-d6"], "never onto a stack")
	assert.True(t, moves["d4-e4"])
	assert.False(t, moves["d4-f4"], "f4 is occupied")
	assert.True(t, moves["d4-b4"] && moves["d4-c4"])
	m, _ := p.ParseMove("d4-d6")
	assert.ErrorIs(t, p.Legal(m), ErrNowakLanding)
}

func TestRF10_ACaptureJumpsOneStackAndPutsItUnderTheMovers(t *testing.T) {
	// Two pieces from d4 jump over d5 (three squares: k+1) to d7; the
	// jumped B-B-B-B goes under them: 6 high, trimmed to 5.
	p := nowak(t, map[string]string{"d4": "AA", "d5": "BBBB", "h4": "B"}, "A", 0, 0)
	q := mustPlay(t, p, "d4-d7")
	assert.Equal(t, "", at(q, "d5"), "the jumped stack left its square")
	assert.Equal(t, "BBBAA", at(q, "d7"), "under the movers, then trimmed")
	assert.Equal(t, p.Captured(0)+1, q.Captured(0), "the bottom B is captured")
	assert.Equal(t, "", at(q, "d4"))
}

func TestRF10_TheJumpNeedNotStartNextToTheStack(t *testing.T) {
	// Two pieces go three squares with the jumped stack on the path's
	// second square: d4 over e4 (empty) and f4 (B) to g4.
	p := nowak(t, map[string]string{"d4": "AA", "f4": "B", "b2": "B"}, "A", 0, 0)
	q := mustPlay(t, p, "d4-g4")
	assert.Equal(t, "BAA", at(q, "g4"))
	assert.Equal(t, "", at(q, "f4"))
}

func TestRF10_NoDoubleJumpAndCapturingIsOptional(t *testing.T) {
	p := nowak(t, map[string]string{"c4": "A", "d4": "B", "f4": "B", "b2": "B"}, "A", 0, 0)
	moves := moveSet(p)
	assert.True(t, moves["c4-e4"], "a capture")
	assert.False(t, moves["c4-g4"], "two stacks on the path: no double jump")
	assert.True(t, moves["c4-c5"], "not capturing is allowed")
	m, _ := p.ParseMove("c4-g4")
	assert.ErrorIs(t, p.Legal(m), ErrNowakPath)
}

func TestRF10_ADropThenAMoveIsOneTurn(t *testing.T) {
	p := nowak(t, map[string]string{"c3": "A", "f6": "B"}, "A", 1, 0)
	moves := moveSet(p)
	assert.True(t, moves["*d4,c3-c2"], "drop, then move another stack")
	assert.True(t, moves["*d4,d4-d5"], "drop, then move the dropped piece")
	assert.True(t, moves["*c4,c3-c5"], "the dropped piece can be jumped")
	assert.True(t, moves["c3-c4"], "or no drop at all")
	assert.False(t, moves["*d4"], "a drop alone only when no move follows")
	q := mustPlay(t, p, "*d4,d4-d5")
	assert.Equal(t, "A", at(q, "d5"))
	assert.Equal(t, 0, q.Reserve(0))
	assert.Equal(t, rules.Player(1), q.ToMove())
	bad, _ := p.ParseMove("*f6,c3-c4")
	assert.ErrorIs(t, p.Legal(bad), ErrNowakDrop, "drops only onto empty squares")
	alone, _ := p.ParseMove("*d4")
	assert.ErrorIs(t, p.Legal(alone), ErrDropAlone)
}

func TestRF10_ADropAloneWhenNoMoveCanFollow(t *testing.T) {
	// A has no stack and one reserve piece. A piece dropped on a3 is boxed
	// in (a4 and b3 occupied, the jumps' landings a5 and c3 too), so "*a3"
	// is a whole turn; a drop on d4 is followed by a move instead.
	p := nowak(t, map[string]string{"a4": "B", "b3": "B", "a5": "B", "c3": "B"}, "A", 1, 0)
	moves := moveSet(p)
	assert.True(t, moves["*a3"], "nothing can follow a drop on a3")
	assert.False(t, moves["*d4"])
	assert.True(t, moves["*d4,d4-d5"])
	q := mustPlay(t, p, "*a3")
	assert.Equal(t, "A", at(q, "a3"))
	assert.Equal(t, rules.Player(1), q.ToMove())
}

func TestRF10_NoLegalTurnLoses(t *testing.T) {
	// A's single piece on a3 is boxed in: a4, b3 occupied and the jumps
	// land on occupied squares; no reserve.
	p := nowak(t, map[string]string{"a3": "A", "a4": "B", "a5": "B", "b3": "B", "c3": "B"}, "A", 0, 0)
	assert.Empty(t, p.AppendMoves(nil))
	assert.Equal(t, rules.Terminal, p.ToMove())
	assert.Equal(t, "0-1", p.Outcome().Result())
	assert.Equal(t, rules.NoLegalMove, p.Outcome().Reason)
}

func TestNowakContract(t *testing.T) {
	conformance.Run(t, conformance.Game[NowakPosition, Move]{
		Start: func(t *rapid.T) NowakPosition {
			p := NowakPosition{state: drawPosition(t).state}
			p.variant, p.phase = variantNowak, phasePlay
			p.blocked = !p.hasNowakTurn()
			p.hash = p.computeHash()
			return p
		},
		Parse:   func(p NowakPosition, text string) (NowakPosition, error) { return p.Config().ParseNowakPosition(text) },
		OffGrid: offGrid,
		Decides: func(p NowakPosition) string { return decides(Position{p.state}) },
		Candidates: func(p NowakPosition) []Move {
			var out []Move
			for s := Square(0); s < 64; s++ {
				out = append(out, Drop(s), StackMove(s, s+1), StackMove(s, s+2), StackMove(s, s+16&63), NowakTurn(s, s, s+1))
			}
			return out
		},
		MaxPlies:   60,
		MaxMoves:   NowakMaxMoves,
		Invariants: func(t *rapid.T, p NowakPosition) { checkInvariants(t, Position{p.state}) },
	})
}

func TestNowakSpec(t *testing.T) {
	c := mustSpec(t, "focus(nowak=true)")
	assert.True(t, c.Nowak)
	assert.Equal(t, "focus(nowak=true)", c.String())
	for _, bad := range []string{"focus(nowak=true,players=3)", "focus(nowak=true,swap=true)", "focus(nowak=true,drops=restricted)"} {
		_, err := ParseSpec(bad)
		assert.ErrorContains(t, err, "Nowak", bad)
	}
	p := c.StartNowak()
	require.True(t, p.IsValid())
	m, err := p.ParseMove("*d4,c3-c5")
	require.NoError(t, err)
	assert.Equal(t, "*d4,c3-c5", m.String())
	for _, bad := range []string{"*d4,", "*d4,*e4", "c3-c4,d4-d5", "*d4,c3-c5,e1-e2"} {
		_, err := p.ParseMove(bad)
		assert.ErrorIs(t, err, rules.ErrSyntax, bad)
	}
}

// nowakReference lists the Nowak turns of p by brute force: every pair of
// squares checked by nowakStep (which shares no table with generation),
// for no drop and for a drop on each empty square, sorted.
func nowakReference(p NowakPosition) []Move {
	var out []Move
	boardMoves := func(q NowakPosition, tag Move) int {
		n := 0
		for from := Square(0); from < 64; from++ {
			for to := Square(0); to < 64; to++ {
				if _, _, _, err := q.nowakStep(StackMove(from, to)); err == nil {
					out = append(out, tag|StackMove(from, to))
					n++
				}
			}
		}
		return n
	}
	boardMoves(p, 0)
	if p.reserve[p.turn] > 0 {
		for d := Square(0); d < 64; d++ {
			if !d.OnBoard() || p.board[d] != 0 {
				continue
			}
			if boardMoves(p.withDrop(d), NowakTurn(d, 0, 0)) == 0 {
				out = append(out, Drop(d))
			}
		}
	}
	slices.Sort(out)
	return out
}

// randomNowak draws a crowded Nowak position with tall stacks, so that
// lines hold several stacks and moves of up to five pieces.
func randomNowak(r *rand.Rand) NowakPosition {
	p := NowakPosition{state: state{seats: 2, variant: variantNowak}}
	for range 1 + r.IntN(30) {
		sq := Square(r.IntN(64))
		if !sq.OnBoard() || p.board[sq] != 0 {
			continue
		}
		h := 1 + r.IntN(MaxHeight)
		p.setStack(sq, makeStack(uint32(r.Uint64())&0x155, h)) // colours A and B only
	}
	p.turn = colour(r.IntN(2))
	p.reserve[p.turn] = uint8(r.IntN(3) / 2)
	p.blocked = !p.hasNowakTurn()
	return p
}

func TestRF10_GenerationAgreesWithBruteForceOnCrowdedBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	buf := make([]Move, 0, NowakMaxMoves)
	n := 3000
	if raceEnabled || testing.Short() {
		n = 300
	}
	for i := range n {
		p := randomNowak(r)
		if p.blocked {
			continue
		}
		buf = p.AppendMoves(buf[:0])
		if want := nowakReference(p); !slices.Equal(buf, want) {
			j := 0
			for j < min(len(buf), len(want)) && buf[j] == want[j] {
				j++
			}
			t.Fatalf("position %d %s: %d moves, want %d; first difference at %d: got %v, want %v",
				i, p, len(buf), len(want), j, buf[j:min(j+3, len(buf))], want[j:min(j+3, len(want))])
		}
	}
}

// The multiplications that index the single-piece and two-piece tables
// must give every pattern of their squares its own index.
func TestNeighbourMagic(t *testing.T) {
	distinct(t, "neighbour", neighbourBits, neighbourMagic, 56)
}

func TestTableMagics(t *testing.T) {
	distinct(t, "pair south-west", pairLowBits, pairLowMagic, 58)
	distinct(t, "pair east-north", pairHighBits, pairHighMagic, 58)
}

func distinct(t *testing.T, name string, mask, magic uint64, shift uint) {
	t.Helper()
	seen := map[uint64]uint64{}
	for sub := mask; ; sub = (sub - 1) & mask { // every subset of mask
		code := sub * magic >> shift
		if other, ok := seen[code]; ok {
			t.Fatalf("%s: patterns %#x and %#x share index %d", name, sub, other, code)
		}
		seen[code] = sub
		if sub == 0 {
			break
		}
	}
	if want := 1 << bits.OnesCount64(mask); len(seen) != want {
		t.Fatalf("%s: %d patterns, want %d", name, len(seen), want)
	}
}

// A caller's buffer may already hold any number of moves: generation
// appends after them, with drops too.
func TestNowakAppendsAfterALongBuffer(t *testing.T) {
	p := nowak(t, map[string]string{"c3": "A", "d5": "BB", "f6": "B"}, "A", 1, 0)
	want := p.AppendMoves(nil)
	prefix := make([]Move, 70000, 70000+NowakMaxMoves)
	got := p.AppendMoves(prefix)
	require.Len(t, got, len(prefix)+len(want))
	assert.Equal(t, want, got[len(prefix):])
}

// TestNowakIsItsOwnType: Nowak's game is a NowakPosition, every other
// variant a Position. Start of a Nowak configuration and StartNowak of
// any other are the invalid values; each parser refuses the other type's
// texts, with or without a spec, and returns its invalid value.
func TestNowakIsItsOwnType(t *testing.T) {
	for _, spec := range []string{"focus(nowak=true)", "focus(nowak=true,plylimit=40)"} {
		c := mustSpec(t, spec)
		require.True(t, c.Nowak, spec)
		require.NoError(t, c.Validate(), spec)
		checkInert(t, c.Start(), spec+": Start")
		start := c.StartNowak()
		require.True(t, start.IsValid(), spec)
		assert.Equal(t, spec, start.Spec())
		assert.Equal(t, c, start.Config())
		later := mustPlay(t, start, "c7-c8", "d7-d8", "c8-c7")
		for _, p := range []NowakPosition{start, later} {
			text := p.String()
			require.True(t, strings.HasPrefix(text, spec+" "), text)
			// ParsePosition refuses it at the spec, naming the reader.
			q, err := ParsePosition(text)
			var se *rules.SyntaxError
			require.True(t, errors.As(err, &se), "ParsePosition(%q): %v", text, err)
			assert.Equal(t, 0, se.Offset, text)
			assert.Contains(t, se.Msg, "ParseNowakPosition", text)
			assert.ErrorIs(t, err, rules.ErrSyntax, text)
			checkInert(t, q, "ParsePosition of "+text)
			for _, other := range []Config{c, {}, Default} {
				q, err := other.ParsePosition(text)
				assert.Error(t, err, "%v: %s", other, text)
				assert.Equal(t, Position{}, q, "%v: %s", other, text)
			}
			_, err = c.ParsePosition(text)
			assert.ErrorIs(t, err, rules.ErrBadSpec, text)
			assert.ErrorContains(t, err, "ParseNowakPosition", text)
			var pos Position
			assert.Error(t, pos.UnmarshalText([]byte(text)), text)
			assert.Equal(t, Position{}, pos)
			// ParseNowakPosition reads it, with and without the config.
			n, err := ParseNowakPosition(text)
			require.NoError(t, err, text)
			assert.Equal(t, p, n, text)
			n, err = c.ParseNowakPosition(text)
			require.NoError(t, err, text)
			assert.Equal(t, p, n, text)
			var u NowakPosition
			require.NoError(t, u.UnmarshalText([]byte(text)), text)
			assert.Equal(t, p, u, text)
		}
	}
	// Every other variant: StartNowak is the invalid NowakPosition, and
	// ParseNowakPosition refuses its texts, with a spec or without.
	for _, spec := range kitSpecs {
		c := mustSpec(t, spec)
		if c.Nowak {
			continue
		}
		checkInert(t, c.StartNowak(), spec+": StartNowak")
		start := c.Start()
		require.True(t, start.IsValid(), spec)
		// The text with its spec (the standard game's written out) and
		// the body alone, without one.
		withSpec, bare := start.String(), start.String()
		if c == Default {
			withSpec = "focus " + bare
		} else {
			_, bare, _ = strings.Cut(withSpec, " ")
		}
		for _, text := range []string{withSpec, bare} {
			n, err := ParseNowakPosition(text)
			var se *rules.SyntaxError
			require.True(t, errors.As(err, &se), "ParseNowakPosition(%q): %v", text, err)
			assert.Equal(t, 0, se.Offset, text)
			assert.ErrorIs(t, err, rules.ErrSyntax, text)
			checkInert(t, n, "ParseNowakPosition of "+text)
			var u NowakPosition
			assert.Error(t, u.UnmarshalText([]byte(text)), text)
			assert.Equal(t, NowakPosition{}, u, text)
			n, err = c.ParseNowakPosition(text)
			assert.ErrorIs(t, err, rules.ErrBadSpec, "%s: %s", spec, text)
			assert.ErrorContains(t, err, "ParsePosition", "%s: %s", spec, text)
			assert.Equal(t, NowakPosition{}, n, text)
		}
		// Nowak's configurations refuse a text naming another variant
		// (a text without a spec they read as their own).
		for _, other := range []Config{{Nowak: true}, {Nowak: true, PlyLimit: 40}} {
			n, err := other.ParseNowakPosition(withSpec)
			var se *rules.SyntaxError
			require.True(t, errors.As(err, &se), "%v: %s: %v", other, withSpec, err)
			assert.Equal(t, 0, se.Offset, withSpec)
			assert.Equal(t, NowakPosition{}, n, "%v: %s", other, withSpec)
		}
	}
	// The zero Config is the standard game, not Nowak's.
	checkInert(t, Config{}.StartNowak(), "Config{}.StartNowak()")
	assert.True(t, Config{}.Start().IsValid())
	assert.False(t, Config{Nowak: true}.Start().IsValid())
	assert.Equal(t, Position{}, Config{Nowak: true}.Start())
	assert.True(t, Config{Nowak: true}.StartNowak().IsValid())
}
