package notation_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"

	// Replay opens games through the registry.
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
)

func record(t *testing.T, text string) notation.Record {
	t.Helper()
	rec, err := notation.ParseRecord(text)
	require.NoError(t, err)
	return rec
}

// replayError asserts that err is a *ReplayError and returns it.
func replayError(t *testing.T, err error) *notation.ReplayError {
	t.Helper()
	var re *notation.ReplayError
	require.ErrorAs(t, err, &re)
	return re
}

func TestReplayKeepsEveryPositionAndCanonicalMoves(t *testing.T) {
	rec := record(t, "[Game \"hex(size=2,swap=none)\"]\n[Result \"1-0\"]\n\nA1 b1 A2\n")
	r, err := rec.Replay()
	require.NoError(t, err)
	assert.Equal(t, []string{"a1", "b1", "a2"}, r.Moves)
	require.Len(t, r.Positions, 4)
	assert.Equal(t, "hex(size=2,swap=none)", r.Positions[0].Spec())
	for i, m := range r.Moves {
		next, err := r.Positions[i].Play(m)
		require.NoError(t, err)
		assert.Equal(t, next.Hash(), r.Positions[i+1].Hash(), "ply %d", i+1)
	}
	assert.Equal(t, "1-0", r.Final().Outcome().Result())
}

func TestReplayStartsFromThePositionTag(t *testing.T) {
	rec := record(t, "[Game \"hex(size=3,swap=none)\"]\n[Position \"3/1B1/3 w -\"]\n\nc1\n")
	r, err := rec.Replay()
	require.NoError(t, err)
	assert.Equal(t, "hex(size=3,swap=none) 3/1B1/3 w -", r.Positions[0].String())
	assert.Equal(t, "hex(size=3,swap=none) 2W/1B1/3 b -", r.Final().String())
}

func TestReplayReportsTheFirstIllegalPly(t *testing.T) {
	rec := record(t, "[Game \"hex(size=3,swap=none)\"]\n\na1 b2 b2 c3\n")
	r, err := rec.Replay()
	re := replayError(t, err)
	assert.Equal(t, 3, re.Ply)
	assert.Equal(t, "b2", re.Move)
	assert.Equal(t, 1, re.Line)
	assert.ErrorIs(t, err, rules.ErrIllegal)
	assert.Len(t, r.Positions, 3, "the positions up to the illegal ply")
	assert.Equal(t, []string{"a1", "b2"}, r.Moves)
	assert.Equal(t, `record at line 1, ply 3 ("b2"): b2: illegal move: cell is occupied`, err.Error())
}

func TestReplayReportsAMoveThatIsNotAMove(t *testing.T) {
	re := replayError(t, second(record(t, "[Game \"hex(size=3)\"]\n\na1 z9\n").Replay()))
	assert.Equal(t, 2, re.Ply)
	assert.ErrorIs(t, re, rules.ErrSyntax)
}

func TestReplayReportsAMoveAfterTheEnd(t *testing.T) {
	re := replayError(t, second(record(t, "[Game \"hex(size=1,swap=none)\"]\n\na1 a1\n").Replay()))
	assert.Equal(t, 2, re.Ply)
	assert.ErrorIs(t, re, rules.ErrGameOver)
}

func TestReplayRefusesAResultTheRulesContradict(t *testing.T) {
	rec := record(t, "[Game \"hex(size=2,swap=none)\"]\n[Result \"0-1\"]\n\na1 b1 a2\n")
	r, err := rec.Replay()
	re := replayError(t, err)
	assert.Equal(t, 4, re.Ply, "one past the last ply")
	var mismatch *notation.ResultError
	require.ErrorAs(t, err, &mismatch)
	assert.Equal(t, "1-0", mismatch.Outcome.Result())
	assert.Len(t, r.Positions, 4, "the whole game")
	assert.Equal(t, `record at line 1, after ply 3: [Result "0-1"], but the game ended 1-0 (connection)`, err.Error())
}

func TestReplayTakesADecisionOnAnUnendedGameAsAResignation(t *testing.T) {
	for _, result := range []string{"0-1", "1-0", "*"} {
		_, err := record(t, "[Game \"hex(size=5)\"]\n[Result \""+result+"\"]\n\nc3\n").Replay()
		assert.NoError(t, err, result)
	}
}

func TestReplayStarClaimsNothingAboutAnEndedGame(t *testing.T) {
	_, err := record(t, "[Game \"hex(size=1,swap=none)\"]\n[Result \"*\"]\n\na1\n").Replay()
	assert.NoError(t, err)
}

func TestReplayResultMustScoreEverySeat(t *testing.T) {
	_, err := record(t, "[Game \"hex(size=5)\"]\n[Result \"1-0-0\"]\n\nc3\n").Replay()
	re := replayError(t, err)
	assert.Equal(t, 0, re.Ply)
	var mismatch *notation.ResultError
	require.ErrorAs(t, err, &mismatch)
	assert.Equal(t, `record at line 1: [Result "1-0-0"] scores 3 seats, but the game has 2`, err.Error())
}

func TestReplayTagFaults(t *testing.T) {
	for _, tc := range []struct {
		text string
		want error
	}{
		{"[Event \"x\"]\n\na1\n", notation.ErrNoGameTag},
		{"[Game \"chess\"]\n\ne4\n", rules.ErrUnknownGame},
		{"[Game \"hex(size=3)\"]\n[Position \"3/3 b -\"]\n\na1\n", rules.ErrSyntax},
		{"[Game \"hex(size=3)\"]\n[Result \"2-0\"]\n\na1\n", rules.ErrSyntax},
	} {
		r, err := record(t, tc.text).Replay()
		re := replayError(t, err)
		assert.Equal(t, 0, re.Ply, tc.text)
		assert.ErrorIs(t, err, tc.want, tc.text)
		assert.Nil(t, r.Final(), tc.text)
	}
	_, err := record(t, "[Game \"hex(size=99)\"]\n\na1\n").Replay()
	assert.Equal(t, 0, replayError(t, err).Ply)
	var se *notation.SpecError
	assert.ErrorAs(t, err, &se)
}

// TestReplayReproducesRandomGames: a record written from a random game of
// any game and variant (chance outcomes included) replays to the same
// positions, through its text.
func TestReplayReproducesRandomGames(t *testing.T) {
	specs := []string{
		"hex(size=5)", "hex(size=4,swap=pieces)", "focus", "focus(players=3)", "focus(players=4,teams=true)",
		"focus(nowak=true,plylimit=60)", "domination", "explocus(rows=5,cols=6)",
	}
	rapid.Check(t, func(t *rapid.T) {
		spec := rapid.SampledFrom(specs).Draw(t, "spec")
		seed := rapid.Uint64().Draw(t, "seed")
		plies := rapid.IntRange(0, 120).Draw(t, "plies")
		r := rand.New(rand.NewPCG(seed, 0))
		pos, err := rules.Open(spec)
		require.NoError(t, err)
		hashes := []uint64{pos.Hash()}
		rec := notation.Record{Tags: []notation.Tag{{Name: "Game", Value: spec}}, Moves: []string{}}
		for range plies {
			m := pos.RandomMove(r)
			if m == "" {
				break
			}
			rec.Moves = append(rec.Moves, m)
			pos, err = pos.Play(m)
			require.NoError(t, err)
			hashes = append(hashes, pos.Hash())
		}
		rec.SetTag("Result", pos.Outcome().Result())
		text, err := rec.MarshalText()
		require.NoError(t, err)
		var back notation.Record
		require.NoError(t, back.UnmarshalText(text))
		rep, err := back.Replay()
		require.NoError(t, err)
		require.Len(t, rep.Positions, len(hashes))
		for i, p := range rep.Positions {
			require.Equal(t, hashes[i], p.Hash(), "ply %d", i)
		}
		require.Equal(t, rec.Moves, rep.Moves)
		require.Equal(t, pos.String(), rep.Final().String())
	})
}

func second[A, B any](_ A, b B) B { return b }

func TestWalkVisitsThePositionBeforeEachPlyAndKeepsNone(t *testing.T) {
	rec := record(t, "[Game \"hex(size=3,swap=none)\"]\n\na1 b2 b2 c3\n")
	var plies []int
	var before, moves []string
	final, err := rec.Walk(func(ply int, pos rules.Dynamic, move string) {
		plies = append(plies, ply)
		before = append(before, pos.String())
		moves = append(moves, move)
	})
	assert.Equal(t, 3, replayError(t, err).Ply)
	assert.Equal(t, []int{1, 2, 3}, plies)
	assert.Equal(t, []string{"a1", "b2", "b2"}, moves, "each ply's move, the illegal one included")
	assert.Equal(t, before[2], final.String(), "the last position reached is the one the illegal ply was tried in")

	final, err = record(t, "[Game \"hex(size=3)\"]\n").Walk(nil)
	require.NoError(t, err)
	assert.Equal(t, "hex(size=3,swap=sides)", final.Spec(), "a record with no moves walks to its start")
}

// FuzzRecordReplay feeds any text through the record reader and replays
// every record it yields, a [Position] tag included: no input panics, a
// failed replay is a *ReplayError, and a replayed game's moves replay
// again to the same end.
func FuzzRecordReplay(f *testing.F) {
	for _, seed := range []string{
		"[Game \"hex(size=3)\"]\n[Result \"1-0\"]\n\na1 swap b2\n",
		"[Game \"hex(size=3,swap=none)\"]\n[Position \"3/1B1/3 w -\"]\n\nc1\n",
		"[Game \"focus(players=3)\"]\n[Result \"0-0-1\"]\n\nc3-c4\n",
		"[Game \"focus(nowak=true,plylimit=4)\"]\n\n*d4,c3-c5\n",
		"[Game \"domination\"]\n\n5-3 d4-d1,e5-e2\n",
		"[Game \"explocus(rows=4,cols=4)\"]\n[Result \"1/2-1/2\"]\n\nb2-b3\n",
		"[Game \"domination\"]\n[Position \"domination() B7/8/8/4A3/3A4/8/8/7B A - 0-0\"]\n\n0-0\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for rec, err := range notation.Records([]byte(text)) {
			if err != nil {
				continue
			}
			r, err := rec.Replay()
			if err != nil {
				var re *notation.ReplayError
				if !errors.As(err, &re) {
					t.Fatalf("Replay error %T: %v", err, err)
				}
				_ = err.Error()
				continue
			}
			again := notation.Record{Tags: rec.Tags, Moves: r.Moves}
			final, err := again.Walk(nil)
			if err != nil || final.Hash() != r.Final().Hash() {
				t.Fatalf("the canonical moves %v do not replay to the same end: %v", r.Moves, err)
			}
		}
	})
}

func TestReplayRefusesAResultTheGameCannotHave(t *testing.T) {
	for spec, results := range map[string][]string{
		"hex(size=2,swap=none)":       {"1-1", "0-0", "1/2-1/2", "1/2-0", "0-1/2"},
		"focus(players=4,teams=true)": {"1-0-0-0", "1-1-0-0", "1/2-1/2-1/2-1/2", "1-0-1/2-0"},
		"focus(players=3)":            {"1-1-0", "1/2-1/2-1/2", "0-0-0"},
		"explocus":                    {"1/2-1/2", "1-1"},
		"domination":                  {"1-1", "0-0", "1/2-1"},
	} {
		for _, result := range results {
			_, err := record(t, "[Game \""+spec+"\"]\n[Result \""+result+"\"]\n").Replay()
			re := replayError(t, err)
			assert.Equal(t, 0, re.Ply, "%s %s", spec, result)
			var rerr *notation.ResultError
			require.ErrorAs(t, err, &rerr, "%s %s", spec, result)
			assert.Contains(t, err.Error(), "is no result "+rerr.Game+" can have")
		}
	}
	for spec, results := range map[string][]string{
		"hex(size=2,swap=none)":        {"1-0", "0-1", "*"},
		"focus(players=4,teams=true)":  {"1-0-1-0", "0-1-0-1"},
		"focus(players=3)":             {"0-0-1", "1-0-0"},
		"explocus(plylimit=100)":       {"1/2-1/2"},
		"domination":                   {"1/2-1/2", "0-1"},
		"focus(plylimit=10,players=4)": {"1/2-1/2-1/2-1/2"},
	} {
		for _, result := range results {
			_, err := record(t, "[Game \""+spec+"\"]\n[Result \""+result+"\"]\n").Replay()
			assert.NoError(t, err, "%s %s", spec, result)
		}
	}
}

func TestReplayRefusesTwoTagsOfTheSameRuling(t *testing.T) {
	for _, text := range []string{
		"[Game \"hex(size=2,swap=none)\"]\n[Result \"1-0\"]\n[Result \"0-1\"]\n\na1 b1 a2\n",
		"[Game \"hex(size=3)\"]\n[Game \"focus\"]\n\na1\n",
		"[Game \"hex(size=3,swap=none)\"]\n[Position \"3/1B1/3 w -\"]\n[Position \"3/3/3 b -\"]\n\nc1\n",
	} {
		_, err := record(t, text).Replay()
		re := replayError(t, err)
		assert.Equal(t, 0, re.Ply, text)
		assert.Contains(t, err.Error(), "tags; it may have one")
	}
}

// TestReplayTellsHowTheGameEnded: the rules' outcome when the moves end
// the game, else the record's decision with the reason its Termination
// tag gives.
func TestReplayTellsHowTheGameEnded(t *testing.T) {
	for _, c := range []struct {
		tags string
		want string
	}{
		{`[Result "1-0"]`, "1-0 (resignation)"},
		{`[Result "0-1"] [Termination "resignation"]`, "0-1 (resignation)"},
		{`[Result "0-1"] [Termination "forfeit: A sent an illegal move"]`, "0-1 (forfeit)"},
		{`[Result "1-0"] [Termination "time"]`, "1-0 (forfeit)"},
		{`[Result "*"]`, "*"},
		{``, "*"},
	} {
		r, err := record(t, "[Game \"hex(size=5)\"] "+c.tags+"\n\nc3 swap\n").Replay()
		require.NoError(t, err, c.tags)
		assert.Equal(t, c.want, r.Outcome.String(), c.tags)
	}
	r, err := record(t, "[Game \"focus(plylimit=2)\"] [Result \"1/2-1/2\"]\n\nc7-c8\n").Replay()
	require.NoError(t, err)
	assert.Equal(t, "1/2-1/2 (agreement)", r.Outcome.String())
	r, err = record(t, "[Game \"hex(size=1,swap=none)\"] [Result \"1-0\"] [Termination \"resignation\"]\n\na1\n").Replay()
	require.NoError(t, err)
	assert.Equal(t, "1-0 (connection)", r.Outcome.String(), "the rules' end wins over the tags")
}
