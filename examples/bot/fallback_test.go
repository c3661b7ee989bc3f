package bot

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	_ "github.com/tabletop-go/rules/internal/testgame" // a game with no hook: the fallback's
)

// noHook is the test-only game's name: a registered game this package
// has no hook for.
const noHook = "tictactoe"

// variants returns the specs of every variant of every registered game
// (a game with none: its bare spec).
func variants(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, name := range rules.Games() {
		g, err := rules.Lookup(name)
		require.NoError(t, err)
		if len(g.Variants) == 0 {
			out = append(out, name)
		}
		for _, v := range g.Variants {
			out = append(out, v.Spec)
		}
	}
	return out
}

// TestForDynamicFindsTheHookOrFallsBack: every variant of every
// registered game gets both bots from ForDynamic, each choosing a legal
// move: the typed bot through its hook for the games of this module, the
// fallback for the test-only game, which registers no hook.
func TestForDynamicFindsTheHookOrFallsBack(t *testing.T) {
	specs := variants(t)
	require.Contains(t, specs, "tictactoe(size=3)")
	for _, spec := range specs {
		d, err := rules.Open(spec)
		require.NoError(t, err)
		for _, name := range Names {
			b, err := ForDynamic(name, d, Options{Iterations: 20, Seed: 1})
			require.NoError(t, err, spec)
			_, slow := asFallback(b)
			assert.Equal(t, rules.SpecName(spec) == noHook, slow, "%s: %s is the fallback", spec, name)
			m, err := b.Choose(context.Background(), d)
			require.NoError(t, err, spec)
			assert.NoError(t, d.Legal(m), "%s: %s chose %q", spec, name, m)
		}
	}
	for _, spec := range []string{"hex", "tictactoe"} {
		d, _ := rules.Open(spec)
		_, err := ForDynamic("genius", d, Options{})
		assert.ErrorContains(t, err, "unknown bot", spec)
	}
	_, err := NewDynamic("genius", Options{})
	assert.ErrorContains(t, err, "unknown bot")
}

func TestRegisterTwicePanics(t *testing.T) {
	assert.Panics(t, func() { Register[hex.Position, hex.Move]() })
}

// TestDynamicPositionIsTheGame: the position the fallback searches has
// the game's tree (perft through the generic contract equals the typed
// perft), its chance outcomes in the order of its moves with the game's
// probabilities, and its zero value is inert.
func TestDynamicPositionIsTheGame(t *testing.T) {
	for _, c := range []struct {
		spec  string
		depth int
	}{{"hex(size=3)", 3}, {"domination", 3}, {"focus(players=3)", 2}, {"tictactoe", 4}, {"hexplocus(size=3)", 3}} {
		d, err := rules.Open(c.spec)
		require.NoError(t, err)
		p := dynPos{d: d, t: &interner{ids: map[string]dynMove{}}}
		assert.Equal(t, d.Perft(c.depth), rules.Perft(p, c.depth), c.spec)
	}
	d, _ := rules.Open("domination")
	p := dynPos{d: d, t: &interner{ids: map[string]dynMove{"6-6": 0}, texts: []string{"6-6"}}}
	require.Equal(t, rules.Chance, p.ToMove())
	moves, chances := p.AppendMoves(nil), p.AppendChances(nil)
	require.Len(t, chances, len(moves))
	want := map[string]rules.Prob{}
	for _, c := range d.Chances() {
		want[c.Move] = c.Prob
	}
	for i, c := range chances {
		text, _ := p.t.text(c.Move)
		assert.Equal(t, moves[i], c.Move)
		assert.Equal(t, want[text], c.Prob, text)
		if i > 0 {
			assert.Less(t, moves[i-1], moves[i])
		}
	}
	var zero dynPos
	assert.False(t, zero.IsValid())
	assert.Equal(t, rules.Terminal, zero.ToMove())
	assert.Empty(t, zero.AppendMoves(nil))
	assert.ErrorIs(t, zero.Legal(0), rules.ErrNoGame)
	assert.Zero(t, zero.Hash())
	_, err := zero.MarshalText()
	assert.ErrorIs(t, err, rules.ErrNoGame)
	b, _ := NewDynamic("mcts", Options{})
	_, err = b.Choose(context.Background(), nil)
	assert.ErrorIs(t, err, rules.ErrNoGame)
}

// open plays moves from the start of spec.
func open(t *testing.T, spec string, moves ...string) rules.Dynamic {
	t.Helper()
	d, err := rules.Open(spec)
	require.NoError(t, err)
	for _, m := range moves {
		d, err = d.Play(m)
		require.NoError(t, err, m)
	}
	return d
}

// TestFallbackSearches: the fallback's MCTS takes a win in one and
// parries one, in the test-only game and in Hex (a game with a hook,
// through NewDynamic), with one worker or two sharing a tree. Two
// workers on one tree visit what the scheduler lets them (their seeds
// do not fix the result), so they get five times the iterations: at
// 600 the race detector's scheduling once made them miss the parry.
func TestFallbackSearches(t *testing.T) {
	for _, c := range []struct {
		pos  rules.Dynamic
		want string
	}{
		{open(t, "tictactoe", "a1", "a2", "b1", "b2"), "c1"},             // X takes the rank
		{open(t, "tictactoe", "a1", "b2", "b1"), "c1"},                   // O parries
		{open(t, "hex(size=3,swap=none)", "a1", "c1", "a2", "c2"), "a3"}, // Black connects
	} {
		for _, opts := range []Options{
			{Iterations: 600, Seed: 3},
			{Iterations: 3000, Seed: 3, Workers: 2, Parallelism: TreeParallel},
		} {
			b, err := NewDynamic("mcts", opts)
			require.NoError(t, err)
			m, err := b.Choose(context.Background(), c.pos)
			require.NoError(t, err)
			assert.Equal(t, c.want, m, "%s, %d workers", c.pos, opts.Workers)
		}
	}
}

// TestFallbackPlaysWholeGames: the fallback's MCTS against its random
// bot in the test-only game, each side in turn: every move legal, every
// game over, and MCTS never loses.
func TestFallbackPlaysWholeGames(t *testing.T) {
	for game := range 4 {
		mcts, err := ForDynamic("mcts", open(t, "tictactoe"), Options{Iterations: 400, Seed: uint64(game)})
		require.NoError(t, err)
		random, err := ForDynamic("random", open(t, "tictactoe"), Options{Seed: uint64(game)})
		require.NoError(t, err)
		players := [2]Dynamic{mcts, random}
		me := rules.Player(game % 2)
		if me == 1 {
			players = [2]Dynamic{random, mcts}
		}
		d := open(t, "tictactoe")
		for d.Node() != rules.TerminalNode {
			m, err := players[d.ToMove()].Choose(context.Background(), d)
			require.NoError(t, err)
			d, err = d.Play(m)
			require.NoError(t, err)
		}
		assert.GreaterOrEqual(t, d.Outcome().Score(me), 0.5, "game %d: %s, MCTS at %v", game, d.Outcome(), me)
		_, err = mcts.Choose(context.Background(), d)
		assert.ErrorIs(t, err, ErrGameOver)
	}
}

// TestFallbackReusesItsTree: the position after the bot's move and a
// reply, a new Dynamic from the caller, is found in the last tree (the
// typed positions behind the Dynamic values are compared), so the next
// search starts with its statistics.
func TestFallbackReusesItsTree(t *testing.T) {
	b, err := NewDynamic("mcts", Options{Iterations: 2000, Seed: 5})
	require.NoError(t, err)
	d := open(t, "tictactoe(size=4)")
	m, err := b.Choose(context.Background(), d)
	require.NoError(t, err)
	next := open(t, "tictactoe(size=4)", m)
	reply := next.Moves()[0]
	after := open(t, "tictactoe(size=4)", m, reply)
	fb, _ := asFallback(b)
	search := fb.bot.(*MCTS[dynPos, dynMove])
	search.opts.Iterations = 1
	_, err = b.Choose(context.Background(), after)
	require.NoError(t, err)
	assert.Greater(t, search.workers[0].node(0).visits, 2.0, "the root kept its visits")
}

// TestFallbackTableIsBounded: past maxInterned moves, the next search
// starts with a new table and a new tree, and still plays.
func TestFallbackTableIsBounded(t *testing.T) {
	defer func(n int) { maxInterned = n }(maxInterned)
	maxInterned = 10
	b, err := NewDynamic("mcts", Options{Iterations: 200, Seed: 1})
	require.NoError(t, err)
	fb, _ := asFallback(b)
	d := open(t, "hex(size=4)")
	for range 3 {
		table := fb.table
		m, err := b.Choose(context.Background(), d)
		require.NoError(t, err)
		require.NoError(t, d.Legal(m))
		assert.Greater(t, fb.table.size(), maxInterned, "a search of Hex 4×4 meets all 17 moves")
		if fb.resets > 1 {
			assert.NotSame(t, table, fb.table)
		}
	}
	assert.Equal(t, uint64(3), fb.resets, "a new table for each search after the first")
	var me *rules.MoveError
	assert.True(t, errors.As(dynPos{d: d, t: fb.table}.Legal(dynMove(1<<20)), &me), "a number with no text is no move")
}

// asFallback returns NewDynamic's bot behind b: MCTS (a Searcher),
// guided (a Stepper) or random.
func asFallback(b Dynamic) (*fallback, bool) {
	switch b := b.(type) {
	case *fallback:
		return b, true
	case fallbackSearcher:
		return b.fallback, true
	case fallbackGuided:
		return b.fallback, true
	}
	return nil, false
}
