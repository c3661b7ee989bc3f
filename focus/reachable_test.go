package focus

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
)

// allSpecs is a spec of every variant and combination, with and without
// a ply limit.
var allSpecs = []string{"focus", "focus(plylimit=30)", "focus(drops=restricted)", "focus(swap=true)",
	"focus(swap=true,drops=restricted,plylimit=40)", "focus(setup=drop)", "focus(setup=drop,drops=restricted)",
	"focus(nowak=true)", "focus(nowak=true,plylimit=25)", "focus(players=3)", "focus(players=3,short=true)",
	"focus(players=3,drops=restricted)", "focus(players=4)", "focus(players=4,short=true)", "focus(players=4,drops=restricted)",
	"focus(players=4,teams=true)", "focus(players=4,teams=true,short=true)", "focus(players=4,teams=true,drops=restricted)",
	"focus(players=3,short=true,plylimit=50)"}

// withPly returns text with its ply field replaced.
func withPly(t *testing.T, text string, ply int) string {
	t.Helper()
	spec, body := "", text
	if strings.HasPrefix(text, "focus(") {
		spec, body, _ = strings.Cut(text, " ")
		spec += " "
	}
	fields := strings.Split(body, " ")
	require.GreaterOrEqual(t, len(fields), 5, text)
	fields[4] = strconv.Itoa(ply)
	return spec + strings.Join(fields, " ")
}

// startBoard returns the stacks of the two-seat start, by square name.
func startBoard() map[string]string {
	out := map[string]string{}
	p := New()
	for s := Square(0); s < 64; s++ {
		if st := p.At(s); st.Height() > 0 {
			out[s.String()] = stackText(st)
		}
	}
	return out
}

// TestPositionTextRefusesTheStartAtPly2: the start text with ply 2 used
// to be read, though no two plies restore the start (A's piece lies on
// top wherever it went, and B cannot move it).
func TestPositionTextRefusesTheStartAtPly2(t *testing.T) {
	for _, spec := range []string{"focus", "focus(plylimit=4)", "focus(drops=restricted)", "focus(nowak=true)"} {
		text := withPly(t, anyStart(t, spec).(fmt.Stringer).String(), 2)
		se := refused(t, spec, text, "no two legal plies from the start give this position")
		assert.Equal(t, strings.LastIndexByte(text, ' ')+1, se.Offset, "at the ply")
	}
	refused(t, "focus(players=4)", withPly(t, mustSpec(t, "focus(players=4)").Start().String(), 2), "no two legal plies")
	refused(t, "focus", start2+" B 0,0 0,0 1", "no legal ply from the start gives this position")
}

// TestPositionTextReadsTheStartAtPly4: four plies do restore the start,
// and its text (the start's with ply 4) reads back, with a ply limit of 4
// too, where it is the drawn end of the game.
func TestPositionTextReadsTheStartAtPly4(t *testing.T) {
	for _, spec := range []string{"focus", "focus(plylimit=4)", "focus(drops=restricted)", "focus(nowak=true)"} {
		if c := mustSpec(t, spec); c.Nowak {
			startReadsAtPly4(t, c.StartNowak(), c.ParseNowakPosition)
		} else {
			startReadsAtPly4(t, c.Start(), c.ParsePosition)
		}
	}
	p, err := mustSpec(t, "focus(plylimit=4)").ParsePosition(withPly(t, mustSpec(t, "focus(plylimit=4)").Start().String(), 4))
	require.NoError(t, err)
	assert.Equal(t, rules.PlyLimit, p.Outcome().Reason)
}

// startReadsAtPly4 plays four plies that restore start and checks that
// the text of their end is the start's with ply 4 and reads back (with
// parse) as the end.
func startReadsAtPly4[P anyPosition[P]](t *testing.T, start P, parse func(string) (P, error)) {
	spec := start.Spec()
	p := mustPlay(t, start, "c7-c8", "d7-d8", "c8-c7", "d8-d7")
	require.Equal(t, withPly(t, start.String(), 4), p.String(), spec)
	q, err := parse(p.String())
	require.NoError(t, err, spec)
	assert.Equal(t, p, q, spec)
}

// TestPositionTextRefusesAPly200BoardRelabelledAsPly2: the board of a
// random game after 200 plies, with the ply field set to 2, used to be
// read.
func TestPositionTextRefusesAPly200BoardRelabelledAsPly2(t *testing.T) {
	for _, spec := range []string{"focus", "focus(drops=restricted)", "focus(nowak=true)"} {
		c := mustSpec(t, spec)
		var p anyKit
		parse := func(text string) error { _, err := c.ParsePosition(text); return err }
		if c.Nowak {
			p = playedFrom(c.StartNowak(), 200, 5)
			parse = func(text string) error { _, err := c.ParseNowakPosition(text); return err }
		} else {
			p = played(t, spec, 200, 5)
		}
		require.Equal(t, 200, p.(interface{ Ply() int }).Ply(), spec)
		refused(t, spec, withPly(t, p.String(), 2), "")
		// The least ply the checks take for this board: well above 2
		// (they are necessary conditions, not a proof of reachability).
		least := 200
		for ply := 198; ply >= 2; ply -= 2 {
			if err := parse(withPly(t, p.String(), ply)); err != nil {
				break
			}
			least = ply
		}
		t.Logf("%s: the ply-200 board reads from ply %d on", spec, least)
		assert.GreaterOrEqual(t, least, 8, spec)
	}
}

// TestPositionTextRefusesTooFewPliesForStackedAndRemovedPieces: every
// ply adds at most one to the pieces lying on others plus the pieces off
// the board. Twelve B pieces captured by ply 10 are too many.
func TestPositionTextRefusesTooFewPliesForStackedAndRemovedPieces(t *testing.T) {
	stacks := startBoard()
	removed := 0
	for _, s := range []string{"d7", "e7", "b6", "c6", "f6", "g6", "d5", "e5", "b4", "c4", "f4", "g4"} {
		require.Equal(t, "B", stacks[s])
		delete(stacks, s)
		removed++
	}
	board := boardText(stacks)
	text := board + " A 0,0 12,0 10"
	refused(t, "focus", text, "ply 10 is too early for the board: 0 pieces lie on other pieces and 12 (at least) have left the board, which takes 12 plies")
	// In reserve, the pieces count as removed too.
	refused(t, "focus", board+" A 0,12 0,0 10", "12 (at least) have left the board")
	// With a ply limit the same: 12 plies are more than the limit allows.
	refused(t, "focus(plylimit=12)", board+" A 0,0 12,0 10", "which takes 12 plies")
	// One ply short of the 12 is refused too (B is to move at ply 11).
	refused(t, "focus", board+" B 0,0 12,0 11", "ply 11 is too early for the board")
	_, err := ParsePosition(board + " A 0,0 12,0 12")
	assert.NoError(t, err, "ply 12 passes this check")
	// Stacked pieces: after the two opening swaps, which stack nothing,
	// two plies that each put a piece on another take plies 2 and 3: the
	// position after them is at ply 4, not 2.
	swapped := mustPlay(t, mustSpec(t, "focus(swap=true)").Start(), "c7<>d7", "b2<>d2", "c3-c4", "d3-d4")
	require.Equal(t, 4, swapped.Ply())
	require.Equal(t, "BA", at(swapped, "c4"))
	require.Equal(t, "AB", at(swapped, "d4"))
	refused(t, "focus(swap=true)", withPly(t, swapped.String(), 2), "2 pieces lie on other pieces and 0 (at least) have left the board, which takes 4 plies")
}

// TestPositionTextRefusesTooFewPliesForTheSeams: each ply puts at most
// one piece directly on a piece of another colour, and the drop setup
// none: after the setup's 36 plies, two such places take two more.
func TestPositionTextRefusesTooFewPliesForTheSeams(t *testing.T) {
	stacks := startBoard()
	// b7 (A) onto d7 (B), and e7 (B) onto c7 (A).
	delete(stacks, "b7")
	delete(stacks, "e7")
	stacks["d7"], stacks["c7"] = "BA", "AB"
	board := boardText(stacks)
	se := refused(t, "focus(setup=drop)", board+" B 0,0 0,0 37", "ply 37 is too early for the stacks' 2 places where a piece lies on another colour, which take 38 plies")
	assert.Equal(t, len(board)+len(" B 0,0 0,0 "), se.Offset, "at the ply")
	_, err := mustSpec(t, "focus(setup=drop)").ParsePosition(board + " A 0,0 0,0 38")
	assert.NoError(t, err)
}

// TestPositionTextRefusesTooFewPliesForTheSquaresChanged: a ply changes
// at most two squares: five A pieces moved out of the start's square
// (ten squares changed) take five plies.
func TestPositionTextRefusesTooFewPliesForTheSquaresChanged(t *testing.T) {
	stacks := startBoard()
	for from, to := range map[string]string{"b5": "a5", "b3": "a3", "c7": "c8", "f7": "f8", "g5": "h5"} {
		require.Equal(t, "A", stacks[from])
		delete(stacks, from)
		stacks[to] = "A"
	}
	board := boardText(stacks)
	refused(t, "focus", board+" A 0,0 0,0 4", "ply 4 is too early for the 10 squares that differ from the start, which take 5 plies, as a ply changes at most 2")
	_, err := ParsePosition(board + " B 0,0 0,0 5")
	assert.NoError(t, err)
	// Nowak's turns change up to four squares (a drop, a capture).
	_, err = mustSpec(t, "focus(nowak=true)").ParseNowakPosition("focus(nowak=true) " + board + " A 0,0 0,0 4")
	assert.NoError(t, err)
}

// TestEveryPositionOfTheFirstPliesReadsBack: every position that one or
// two plies (three in the smaller trees) give, in every variant, reads
// back equal; the checks refuse none. The two swaps' 103,428 positions
// are sampled.
func TestEveryPositionOfTheFirstPliesReadsBack(t *testing.T) {
	for _, spec := range allSpecs {
		c := mustSpec(t, spec)
		depth, step := 2, 1
		switch {
		case c.Swap:
			step = 61
		case c.Players == 3, c.Nowak:
			depth = 3
		}
		if testing.Short() && step == 1 {
			step = 7
		}
		var checked int
		if c.Nowak {
			checked = firstPliesReadBack(t, c.StartNowak(), c.ParseNowakPosition, depth, step)
		} else {
			checked = firstPliesReadBack(t, c.Start(), c.ParsePosition, depth, step)
		}
		require.NotZero(t, checked, spec)
	}
}

// firstPliesReadBack walks the tree of depth plies from start and checks
// that every step'th position's text reads back (with parse) as the
// position; it returns how many it checked.
func firstPliesReadBack[P anyPosition[P]](t *testing.T, start P, parse func(string) (P, error), depth, step int) int {
	n, checked := 0, 0
	var walk func(p P, d int)
	walk = func(p P, d int) {
		if n%step == 0 {
			q, err := parse(p.String())
			require.NoError(t, err, "%s: %s", p.Spec(), p)
			require.Equal(t, p, q, p.Spec())
			checked++
		}
		n++
		if d == 0 {
			return
		}
		for _, m := range p.AppendMoves(nil) {
			walk(p.PlayUnchecked(m), d-1)
		}
	}
	walk(start, depth)
	return checked
}

// TestEveryPositionOfRandomGamesOfEveryVariantReads: the soundness of
// the checks, as a property: in random games of every variant (each ply
// uniformly random, or the move the evaluation likes best, which makes
// tall stacks, captures and wins), every position's text reads back
// equal.
func TestEveryPositionOfRandomGamesOfEveryVariantReads(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := rapid.SampledFrom(allSpecs).Draw(t, "spec")
		c, err := ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3))
		greedy := rapid.IntRange(0, 10).Draw(t, "greedy in ten")
		plies := rapid.IntRange(0, 400).Draw(t, "plies")
		if c.Nowak {
			randomGameReads(t, r, greedy, plies, c.StartNowak(), c.ParseNowakPosition, ParseNowakPosition)
		} else {
			randomGameReads(t, r, greedy, plies, c.Start(), c.ParsePosition, ParsePosition)
		}
	})
}

// randomGameReads plays plies plies from p, each a random move or with
// probability greedy/10 the one Evaluate likes best, and checks that
// every position's text reads back as the position, in its configuration
// (parse) and from the text alone (parseAny).
func randomGameReads[P anyPosition[P]](t *rapid.T, r *rand.Rand, greedy, plies int, p P, parse, parseAny func(string) (P, error)) {
	spec := p.Spec()
	var buf []Move
	for ply := 0; ; ply++ {
		q, err := parse(p.String())
		if err != nil || q != p {
			t.Fatalf("%s at ply %d: %q reads as %v, %v", spec, ply, p.String(), q, err)
		}
		if q, err := parseAny(p.String()); err != nil || q != p {
			t.Fatalf("%s at ply %d: parsing %q alone: %v", spec, ply, p.String(), err)
		}
		buf = p.AppendMoves(buf[:0])
		if len(buf) == 0 || ply == plies {
			return
		}
		m := buf[r.IntN(len(buf))]
		if r.IntN(10) < greedy {
			best := -2.0
			for _, x := range buf {
				if v, _ := p.PlayUnchecked(x).Evaluate(p.ToMove()); v > best {
					best, m = v, x
				}
			}
		}
		p = p.PlayUnchecked(m)
	}
}

// TestTouchedCoversEverySquareAPlyChanges: the filter of the exact check
// at ply 2 must not skip a ply that gives the position: every square a
// legal ply changes is among touched(m), in random games of every
// variant (Nowak's turns with drops and captures included).
func TestTouchedCoversEverySquareAPlyChanges(t *testing.T) {
	for seed, spec := range allSpecs {
		r := rand.New(rand.NewPCG(uint64(seed), 9))
		forStart(t, spec, func(t *testing.T, p Position) { touchedCovers(t, r, p) },
			func(t *testing.T, p NowakPosition) { touchedCovers(t, r, p) })
	}
	// Nowak's turns with a drop need a reserve, rare in random games:
	// crowded random positions have one.
	r := rand.New(rand.NewPCG(4, 4))
	for range 300 {
		p := randomNowak(r)
		for _, m := range p.AppendMoves(nil) {
			q := p.PlayUnchecked(m)
			if diff := boardDiff(&p.state, &q.state); diff&^touched(m) != 0 {
				t.Fatalf("%v changes %x, touched says %x: %s", m, diff, touched(m), p)
			}
		}
	}
}

// touchedCovers checks touched against every legal ply of the positions
// of a random game from p.
func touchedCovers[P anyPosition[P]](t *testing.T, r *rand.Rand, p P) {
	s := rules.Sampler[P, Move]{Rand: r}
	for ply := 0; ply < 600; ply++ {
		moves := p.AppendMoves(nil)
		if len(moves) == 0 {
			break
		}
		for _, m := range moves {
			q := p.PlayUnchecked(m)
			ps, qs := p.core(), q.core()
			if diff := boardDiff(&ps, &qs); diff&^touched(m) != 0 {
				t.Fatalf("%s: %v changes %x, touched says %x: %s", p.Spec(), m, diff, touched(m), p)
			}
		}
		m, _ := s.Move(p)
		p = p.PlayUnchecked(m)
	}
}
