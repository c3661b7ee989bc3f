package focus

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

const (
	start2 = "4/AABBAA/1BBAABB1/1AABBAA1/1BBAABB1/1AABBAA1/BBAABB/4"
	start3 = "4/AABBCC/1BBCCAA1/1CCAABB1/1AABBCC1/1BBCCAA1/CCAABB/4"
	start4 = "AABD/DDDBDB/AAAABDBD/DDDDBDBD/CACACCCC/CACABBBB/ACACCC/CABB"
)

// refused parses text in spec's configuration and checks that it is
// refused with a *rules.SyntaxError whose message contains msg.
func refused(t *testing.T, spec, text, msg string) *rules.SyntaxError {
	t.Helper()
	var err error
	if c := mustSpec(t, spec); c.Nowak {
		_, err = c.ParseNowakPosition(text)
	} else {
		_, err = c.ParsePosition(text)
	}
	var se *rules.SyntaxError
	require.True(t, errors.As(err, &se), "%s %q: want a syntax error, got %v", spec, text, err)
	assert.Contains(t, se.Msg, msg, "%s %q", spec, text)
	assert.ErrorIs(t, err, rules.ErrSyntax)
	return se
}

// played returns the position after n random plies of spec's game (fewer
// if it ends first).
func played(t *testing.T, spec string, n int, seed uint64) Position {
	t.Helper()
	return playedFrom(mustSpec(t, spec).Start(), n, seed)
}

// playedFrom plays n random plies from start.
func playedFrom[P anyPosition[P]](start P, n int, seed uint64) P {
	s := rules.Sampler[P, Move]{Rand: rand.New(rand.NewPCG(seed, 7))}
	p, _ := s.Playout(start, n)
	return p
}

func TestPositionTextRefusesAWinByPassesOutsideTeamPlay(t *testing.T) {
	text := start3 + " A 1,1,1 0,0,0 0 first:ABC won:C:passes"
	se := refused(t, "focus(players=3)", text, "passes end only team play")
	assert.Equal(t, strings.Index(text, "won:"), se.Offset)
	// In team play, passes must have happened: the losing team passed,
	// and the winner is the seat to move.
	p := played(t, "focus(players=4,teams=true)", 9, 1)
	require.False(t, p.Outcome().Over())
	refused(t, "focus(players=4,teams=true)", p.String()+" won:"+letter(p.turn)+":passes", "did not pass at its last turn")
	refused(t, "focus(players=4,teams=true)", p.String()+" won:"+letter(p.turn+1)+":passes", "the seat to move is the winner")
}

func TestPositionTextRefusesAnEliminationWhileOpponentsCanMove(t *testing.T) {
	refused(t, "focus(players=3)", start3+" A 1,1,1 0,0,0 0 first:ABC won:B:elimination", "decided before its first move")
	p := played(t, "focus(players=3)", 7, 2)
	require.False(t, p.Outcome().Over())
	refused(t, "focus(players=3)", p.String()+" won:B:elimination", "can still move")
	q := played(t, "focus(players=4,teams=true)", 6, 3)
	refused(t, "focus(players=4,teams=true)", q.String()+" won:B:elimination", "can still move")
}

func TestPositionTextRefusesAShortWinOutsideTheShortGame(t *testing.T) {
	refused(t, "focus(players=3)", start3+" A 1,1,1 0,0,0 0 first:ABC won:C:short", "needs short=true")
	// In the short game the winner must have reached the victory.
	p := played(t, "focus(players=3,short=true)", 7, 4)
	require.False(t, p.Outcome().Over())
	last := (p.turn + 2) % 3
	refused(t, "focus(players=3,short=true)", p.String()+" won:"+letter(last)+":short", "has not reached the short-game victory")
}

func TestPositionTextRefusesDuplicateTokens(t *testing.T) {
	for _, tc := range []struct{ spec, text, msg string }{
		{"focus(players=3)", start3 + " A 1,1,1 0,0,0 0 first:ABC first:ABC", "a second first: token"},
		{"focus(players=3,short=true)", start3 + " A 1,1,1 0,0,0 0 first:ABC gains:0,0,0 gains:0,0,0", "a second gains: token"},
		{"focus(players=4,teams=true)", start4 + " A 0,0,0,0 0,0,0,0 0 passed:AC passed:BD", "a second passed: token"},
		{"focus(players=3)", start3 + " A 1,1,1 0,0,0 0 first:ABC won:A:elimination won:B:elimination", "a second won: token"},
		{"focus(setup=drop)", "4/6/8/8/8/8/6/4 A 18,18 0,0 0 setup setup", "a second phase"},
		{"focus(swap=true)", start2 + " A 0,0 0,0 0 swap swap", "a second phase"},
		{"focus(players=3)", start3 + " A 1,1,1 0,0,0 0 first:AAB", "first: A twice"},
		{"focus(players=3)", start3 + " A 1,1,1 0,0,0 0 first:", "at least one seat letter"},
		{"focus(players=4,teams=true)", start4 + " A 0,0,0,0 0,0,0,0 0 passed:", "at least one seat letter"},
	} {
		se := refused(t, tc.spec, tc.text, tc.msg)
		assert.Equal(t, strings.LastIndexByte(tc.text, ' ')+1, se.Offset, tc.text)
	}
	// Before, the last token won and the text did not round-trip; each
	// token once reads as it did.
	p, err := mustSpec(t, "focus(players=3)").ParsePosition(start3 + " A 1,1,1 0,0,0 0 first:ABC")
	require.NoError(t, err)
	assert.Equal(t, "focus(players=3) "+start3+" A 1,1,1 0,0,0 0 first:ABC", p.String())
}

func TestPositionTextRefusesBothSidesEliminated(t *testing.T) {
	se := refused(t, "focus", "4/6/8/8/8/8/6/4 A 0,0 18,18 0", "seat B controls no stack, yet it moved last")
	assert.Equal(t, 16, se.Offset, "at the seat to move")
	refused(t, "focus", "4/6/8/8/8/8/6/4 A 0,0 18,18 40", "seat B controls no stack")
	refused(t, "focus(nowak=true)", "4/6/8/8/8/8/6/4 B 0,0 18,18 41", "seat A controls no stack")
	// One side eliminated by the other's last move is a finished game.
	p, err := ParsePosition("4/6/8/8/8/8/6/3B A 0,0 17,18 40")
	require.NoError(t, err)
	assert.Equal(t, "0-1", p.Outcome().Result())
}

func TestPositionTextRefusesTurnsTheRulesCannotGive(t *testing.T) {
	for _, tc := range []struct{ spec, text, msg string }{
		{"focus", start2 + " B 0,0 0,0 0", "at ply 0 seat A is to move: two seats alternate"},
		{"focus", start2 + " A 0,0 0,0 1", "at ply 1 seat B is to move"},
		{"focus", "4/6/8/3bA4/8/2A5/6/3B A 16,0 16,0 0", "at ply 0 the position is the start"},
		{"focus(plylimit=10)", start2 + " A 0,0 0,0 12", "the ply limit 10 ended the game"},
		{"focus(players=4,teams=true)", start4 + " B 0,0,0,0 0,0,0,0 0", "in team play the four seats move in turn"},
		{"focus(players=4,teams=true)", start4 + " A 0,0,0,0 0,0,0,0 5", "at ply 5 seat B is to move"},
		{"focus(players=3)", start3 + " B 1,1,1 0,0,0 0 first:ABC", "first three plies are the seats' first-turn drops"},
		{"focus(players=3)", start3 + " A 1,1,1 0,0,0 0", "the seats owing their first-turn drop are ABC"},
		{"focus(players=4)", start4 + " A 0,0,0,0 0,0,0,0 0 won:A:elimination", "decided before its first move"},
	} {
		refused(t, tc.spec, tc.text, tc.msg)
	}
}

func TestPositionTextRefusesPhasesOutOfTheirPlies(t *testing.T) {
	for _, tc := range []struct{ spec, text, msg string }{
		{"focus(setup=drop)", "4/6/8/8/8/8/6/4 A 18,18 0,0 2 setup", "0 are placed, so the ply is 0"},
		{"focus(setup=drop)", "4/6/8/3aB4/8/8/6/4 A 17,17 0,0 2 setup", "a stack of two colours on d5"},
		{"focus(setup=drop)", "4/6/8/3B4/8/2A1A3/6/4 A 16,16 1,0 4 setup", "nothing is captured during the setup"},
		{"focus(setup=drop)", "4/6/8/8/8/2A5/6/4 A 17,17 1,0 2 setup", "seat B controls no stack"},
		{"focus(setup=drop)", start2 + " A 0,0 0,0 10", "play starts at ply 36"},
		{"focus(swap=true)", start2 + " A 0,0 0,0 2 swap", "seat 0's opening swap is ply 0"},
		{"focus(swap=true)", start2 + " B 0,0 0,0 1 swap:c7<>d7", "not the start after seat 0's swap c7<>d7"},
		{"focus(swap=true)", start2 + " B 0,0 0,0 1", "play starts at ply 2"},
		{"focus(swap=true)", start2 + " A 0,0 0,0 0", "the opening swaps are plies 0 and 1"},
	} {
		refused(t, tc.spec, tc.text, tc.msg)
	}
	// The real thing reads.
	p := mustPlay(t, mustSpec(t, "focus(swap=true)").Start(), "c7<>d7")
	_, err := p.Config().ParsePosition(p.String())
	assert.NoError(t, err)
}

func TestPositionTextRefusesAGameThatWouldHaveEnded(t *testing.T) {
	for _, tc := range []struct{ spec, text, msg string }{
		// Three seats: only A can move, so the last mover won.
		{"focus(players=3)", boardText(map[string]string{"c3": "A", "c4": "BA", "e5": "CA"}) + " A 0,0,0 B12C12,A10,0 9",
			"no seat but the one to move can move"},
		// Teams: D moved last, but B and D control nothing.
		{"focus(players=4,teams=true)", boardText(map[string]string{"c3": "A", "c4": "BC", "e5": "C", "g6": "DA"}) +
			" A 0,0,0,0 B12D12,A11C11,0,0 8", "seat D moved last, yet its team controls no stack"},
		// Teams: D moved and left A and C without a move: a win.
		{"focus(players=4,teams=true)", boardText(map[string]string{"c3": "AB", "e5": "CD"}) +
			" A 0,0,0,0 B12D12,A12C12,0,0 8", "neither A nor C can move"},
		// Partners never capture each other's pieces.
		{"focus(players=4,teams=true)", boardText(map[string]string{"c3": "A", "c4": "B", "e5": "C", "g6": "D"}) +
			" A 0,0,0,0 B12C12,A12,D12,0 8", "a partner's pieces go to the reserve"},
		// The short game: A has removed 15 (gains 10, captures 5) and
		// would have won; or holds more in reserve than it ever gained.
		{"focus(players=3,short=true)", boardText(map[string]string{"d3": "A", "d4": "ABBBB", "h4": "B", "e5": "C", "a4": "AAAAA",
			"c5": "CCCCC", "c6": "CCCCC"}) + " A 4,0,0 B5,A2C2,B3 9 gains:10,0,0", "seat A has reached the short-game victory"},
		{"focus(players=3,short=true)", boardText(map[string]string{"d3": "A", "d4": "ABBBB", "h4": "B", "e5": "C", "a4": "AAAAA",
			"c5": "CCCCC", "c6": "CCCCC"}) + " A 4,0,0 B5,A2C2,B3 9 gains:3,0,0", "holds 4 pieces in reserve but has sent only 3"},
	} {
		refused(t, tc.spec, tc.text, tc.msg)
	}
}

// TestEveryPositionOfRandomGamesReadsBack: the checks refuse only what the
// rules cannot produce. Every position of seeded random games of every
// variant reads back equal, and every game's end is one CanEnd accepts.
// Uniformly random Focus games rarely end, so most plies take the move
// that Evaluate likes best for the mover: those games end in a few
// hundred plies, by every reason there is.
func TestEveryPositionOfRandomGamesReadsBack(t *testing.T) {
	specs := []string{"focus", "focus(players=3)", "focus(players=4)", "focus(players=4,teams=true)",
		"focus(players=3,short=true)", "focus(players=4,teams=true,short=true)", "focus(players=4,short=true,drops=restricted)",
		"focus(nowak=true)", "focus(setup=drop)", "focus(swap=true)", "focus(drops=restricted)", "focus(plylimit=7)",
		"focus(players=4,teams=true,plylimit=30)", "focus(players=3,plylimit=100)"}
	ends := map[rules.Reason]int{}
	for seed := range uint64(280) {
		spec := specs[seed%uint64(len(specs))]
		greedy := int(seed / uint64(len(specs)) % 5) // in tenths: 0, 10%, ... 40% random
		var o rules.Outcome
		if c := mustSpec(t, spec); c.Nowak {
			o = greedyGameReadsBack(t, seed, greedy, c.StartNowak(), c.ParseNowakPosition)
		} else {
			o = greedyGameReadsBack(t, seed, greedy, c.Start(), c.ParsePosition)
		}
		ends[o.Reason]++
	}
	t.Log(ends)
	for _, r := range []rules.Reason{rules.NoLegalMove, rules.Elimination, rules.PlyLimit, ShortGame} {
		assert.NotZero(t, ends[r], "random games end by %v too", r)
	}
}

func TestCanEndAcceptsOnlyResultsOfTheVariant(t *testing.T) {
	win := func(n int, seats ...rules.Player) rules.Outcome { return rules.Win(n, rules.Elimination, seats...) }
	for _, tc := range []struct {
		spec     string
		can, not []rules.Outcome
	}{
		{"focus", []rules.Outcome{win(2, 0), win(2, 1)},
			[]rules.Outcome{{}, rules.Draw(2, rules.PlyLimit), win(2), win(2, 0, 1), win(3, 0), rules.Draw(3, rules.PlyLimit)}},
		{"focus(plylimit=100)", []rules.Outcome{win(2, 0), win(2, 1), rules.Draw(2, rules.PlyLimit), rules.Draw(2, rules.Elimination)},
			[]rules.Outcome{win(2), win(2, 0, 1)}},
		{"focus(nowak=true)", []rules.Outcome{win(2, 0), win(2, 1)}, []rules.Outcome{rules.Draw(2, rules.PlyLimit)}},
		{"focus(setup=drop,swap=false)", []rules.Outcome{win(2, 1)}, []rules.Outcome{rules.Draw(2, rules.PlyLimit)}},
		{"focus(players=3)", []rules.Outcome{win(3, 0), win(3, 1), win(3, 2)},
			[]rules.Outcome{win(3, 0, 1), win(3), rules.Draw(3, rules.PlyLimit), win(2, 0), win(4, 0)}},
		{"focus(players=3,short=true,plylimit=9)", []rules.Outcome{win(3, 2), rules.Draw(3, rules.PlyLimit)}, []rules.Outcome{win(3, 0, 2)}},
		{"focus(players=4)", []rules.Outcome{win(4, 0), win(4, 3)},
			[]rules.Outcome{win(4, 0, 2), win(4, 1, 3), rules.Draw(4, rules.PlyLimit)}},
		{"focus(players=4,teams=true)", []rules.Outcome{win(4, 0, 2), win(4, 1, 3), rules.Win(4, TeamPassed, 1, 3)},
			[]rules.Outcome{win(4, 0), win(4, 2), win(4, 0, 1), win(4, 0, 1, 2, 3), win(4), rules.Draw(4, rules.PlyLimit), win(2, 0)}},
		{"focus(players=4,teams=true,plylimit=50)", []rules.Outcome{win(4, 0, 2), rules.Draw(4, rules.PlyLimit)}, []rules.Outcome{win(4, 3)}},
	} {
		p := anyStart(t, tc.spec).(interface{ CanEnd(rules.Outcome) bool })
		for _, o := range tc.can {
			assert.True(t, p.CanEnd(o), "%s %v", tc.spec, o)
		}
		for _, o := range tc.not {
			assert.False(t, p.CanEnd(o), "%s %v", tc.spec, o)
		}
	}
}

func TestPositionTextReadsBackATeamLostByPasses(t *testing.T) {
	p := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"c3": "AC", "e5": "BC", "g6": "DC"}, "B", []string{"0", "0", "0", "0"}, "passed:AC")
	for _, m := range []string{"pass", "e5-e6", "pass"} {
		p = mustPlay(t, p, m)
		q, err := p.Config().ParsePosition(p.String())
		require.NoError(t, err, p.String())
		assert.Equal(t, p, q)
	}
	assert.Equal(t, TeamPassed, p.Outcome().Reason)
	assert.True(t, p.CanEnd(p.Outcome()))
	assert.Contains(t, p.String(), " won:A:passes")
	// The same text without the losing team's passes is refused.
	require.Contains(t, p.String(), " passed:BD ")
	refused(t, "focus(players=4,teams=true)", strings.Replace(p.String(), " passed:BD", "", 1), "did not pass at its last turn")
}

// TestPositionTextRefusesAPlyBeyondMaxPly: a ply count the 32-bit counter
// could wrap from used to be accepted, and two moves later the position
// was at ply 0 and its text no longer read back.
func TestPositionTextRefusesAPlyBeyondMaxPly(t *testing.T) {
	prefix := start2 + " A 0,0 0,0 "
	for _, ply := range []string{"4294967294", "4294967296", "2147483650", "99999999999999999999999"} {
		se := refused(t, "focus", prefix+ply, "the ply count is above the maximum, MaxPly = 2147483648")
		assert.Equal(t, len(prefix), se.Offset, ply)
	}
	for _, ply := range []string{"-1", "+2", "1e3", ""} {
		refused(t, "focus", prefix+ply, "the ply count is a whole number")
	}
	// MaxPly itself is accepted, and play from it counts on without
	// wrapping.
	p, err := ParsePosition(prefix + "2147483648")
	require.NoError(t, err)
	p = mustPlay(t, p, "d2-d1", "b2-c2")
	assert.Equal(t, MaxPly+2, p.Ply())
	// Past MaxPly the text is refused (only a game of more than 2^31
	// plies gets there), never read as another position.
	_, err = ParsePosition(p.String())
	assert.ErrorIs(t, err, rules.ErrSyntax)
}

// TestPlyCountNeverWraps: every apply (two seats, three or four, the
// swap, Nowak's turns) stops the count at 2^32−1 instead of wrapping it
// to 0, where the position would claim to be a start it is not.
func TestPlyCountNeverWraps(t *testing.T) {
	for _, spec := range []string{"focus", "focus(players=3)", "focus(players=4,teams=true)", "focus(swap=true)", "focus(nowak=true)"} {
		forStart(t, spec, plyCountStops[Position], plyCountStops[NowakPosition])
	}
}

// TestPositionTextNamesTheSeatsOfTheVariant: with three seats the seat
// to move is A, B or C, not "A or B".
func TestPositionTextNamesTheSeatsOfTheVariant(t *testing.T) {
	refused(t, "focus", start2+" C 0,0 0,0 0", "the seat to move is A or B")
	refused(t, "focus(players=3)", start3+" D 1,1,1 0,0,0 0 first:ABC", "the seat to move is A, B or C")
	refused(t, "focus(players=4)", start4+" E 0,0,0,0 0,0,0,0 0", "the seat to move is A, B, C or D")
}

// TestPositionTextNamesTheEntryThatIsNotACount: "18,+18" used to say
// `"" is not a count`, at the start of the field.
func TestPositionTextNamesTheEntryThatIsNotACount(t *testing.T) {
	for _, tc := range []struct{ spec, text, entry, msg string }{
		{"focus", start2 + " A 18,+18 0,0 4", "+18", `reserves: "+18" is not a count: a count is decimal digits`},
		{"focus", start2 + " A 0,01 0,0 4", "01", `reserves: "01" is not a count: a count is decimal digits`},
		{"focus", start2 + " A 0,19 0,0 4", "19", `reserves: "19" is not a count from 0 to 18`},
		{"focus", start2 + " A 0,0 0,x 4", "x", `captures: "x" is not a count: a count is decimal digits`},
		{"focus", start2 + " A 0,3+1 0,0 4", "3+1", `"3+1": n+m counts a partner's pieces: team play only`},
		{"focus(players=4,teams=true)", start4 + " A 0,0+x,0,0 0,0,0,0 0", "0+x", `reserves: "0+x" is not a count, or two joined by +`},
	} {
		se := refused(t, tc.spec, tc.text, tc.msg)
		assert.Equal(t, strings.Index(tc.text, ","+tc.entry)+1, se.Offset, tc.text) // each entry here is the second of its field
	}
}

// TestParseMoveNamesAWordThatIsNoMove: "swapfoo" and "swap " used to say
// "expected a rank number after the file".
func TestParseMoveNamesAWordThatIsNoMove(t *testing.T) {
	p := New()
	for _, tc := range []struct {
		move   string
		offset int
		msg    string
	}{
		{"swapfoo", 0, `unknown move word "swapfoo": the only word is pass`},
		{"swap", 0, `unknown move word "swap"`},
		{"passes", 0, `unknown move word "passes"`},
		{"resign", 0, `unknown move word "resign"`},
		{"swap ", 4, "a move holds no white space"},
		{"pass ", 4, "a move holds no white space"},
		{"c3 -c5", 2, "a move holds no white space"},
		{"*d4,\tc3-c5", 4, "a move holds no white space"},
		{"q", 1, "expected a rank number after the file"}, // a file, then no rank
	} {
		_, err := p.ParseMove(tc.move)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.move, err)
		assert.Equal(t, "focus move", se.What)
		assert.Equal(t, tc.offset, se.Offset, tc.move)
		assert.Contains(t, se.Msg, tc.msg, tc.move)
	}
	// "pass" is a move word in every variant: it parses, and outside team
	// play Legal refuses it.
	for _, word := range []string{"pass", "PASS"} {
		m, err := p.ParseMove(word)
		require.NoError(t, err, word)
		assert.Equal(t, Pass, m)
		var me *rules.MoveError
		require.True(t, errors.As(p.Legal(m), &me), word)
		assert.ErrorIs(t, me, rules.ErrIllegal)
	}
}

// greedyGameReadsBack plays a game from p, each ply a random move or, with
// probability 1 − greedy/10, the move Evaluate likes best for the mover,
// and checks that every position's text reads back (with parse) as the
// position. It returns the outcome, which must be one the variant can end
// with.
func greedyGameReadsBack[P anyPosition[P]](t *testing.T, seed uint64, greedy int, p P, parse func(string) (P, error)) rules.Outcome {
	spec := p.Spec()
	s := rules.Sampler[P, Move]{Rand: rand.New(rand.NewPCG(seed, 11))}
	for ply := 0; ply < 3000; ply++ {
		q, err := parse(p.String())
		require.NoError(t, err, "%s seed %d", spec, seed)
		require.Equal(t, p, q, "%s seed %d", spec, seed)
		m, ok := s.Move(p)
		if !ok {
			break
		}
		if s.Rand.IntN(10) >= greedy {
			best := -2.0
			for _, x := range p.AppendMoves(nil) {
				if v, _ := p.PlayUnchecked(x).Evaluate(p.ToMove()); v > best {
					best, m = v, x
				}
			}
		}
		p = p.PlayUnchecked(m)
	}
	o := p.Outcome()
	require.True(t, o.Over(), "%s seed %d: %s", spec, seed, p)
	require.True(t, p.CanEnd(o), "%s seed %d: %v", spec, seed, o)
	return o
}

// plyCountStops plays two plies from start at ply 2^32−2: the count stops
// at 2^32−1.
func plyCountStops[P anyPosition[P]](t *testing.T, p P) {
	spec := p.Spec()
	p = setPly(p, math.MaxUint32-1)
	for range 2 {
		moves := p.AppendMoves(nil)
		require.NotEmpty(t, moves, spec)
		p = p.PlayUnchecked(moves[0])
		assert.Equal(t, math.MaxUint32, p.Ply(), spec)
	}
}

// setPly returns p with its ply count set to ply.
func setPly[P anyPosition[P]](p P, ply uint32) P {
	switch q := any(&p).(type) {
	case *Position:
		q.ply = ply
	case *NowakPosition:
		q.ply = ply
	}
	return p
}
