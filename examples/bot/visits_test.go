package bot

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
)

// TestAppendRootVisitsIsTheSearch: the root's visits are every
// iteration of a fresh search, one worker or two (summed), the moves
// in AppendMoves' order, and the move chosen is the most visited.
func TestAppendRootVisitsIsTheSearch(t *testing.T) {
	p := hex.Sized(5).Start()
	for _, workers := range []int{1, 2} {
		b := NewMCTS[hex.Position, hex.Move](Options{Iterations: 300, Seed: 1, DiscardTree: true, Workers: workers})
		assert.Empty(t, b.AppendRootVisits(nil), "nothing before any search")
		m, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		visits := b.AppendRootVisits(nil)
		moves := p.AppendMoves(nil)
		require.Len(t, visits, len(moves))
		sum, most := 0, 0
		for i, v := range visits {
			assert.Equal(t, moves[i], v.Move)
			sum += v.Visits
			most = max(most, v.Visits)
		}
		assert.Equal(t, 300, sum, "workers %d", workers)
		i := slices.IndexFunc(visits, func(v Visit[hex.Move]) bool { return v.Move == m })
		assert.Equal(t, most, visits[i].Visits, "the move chosen is the most visited")

		_, err = b.Choose(context.Background(), hex.Sized(1).Start().PlayUnchecked(hex.Sized(1).Start().AppendMoves(nil)[0]))
		require.ErrorIs(t, err, ErrGameOver)
		assert.Empty(t, b.AppendRootVisits(nil), "nothing after a Choose that did not search")
	}
}

// TestSearchersReportActionIndices: the MCTS and guided bots of ForDynamic (a hook,
// and the fallback of a game with none) are Searchers whose visits name
// the legal actions of the position searched and sum to the iterations
// (none for a game without the kit, which has no action indices);
// the random bots are not; a chance node gives nothing.
func TestSearchersReportActionIndices(t *testing.T) {
	for _, spec := range []string{"hex(size=4)", "focus", noHook, "domination"} {
		d, err := rules.Open(spec)
		require.NoError(t, err)
		random, err := ForDynamic("random", d, Options{})
		require.NoError(t, err)
		_, ok := random.(Searcher)
		assert.False(t, ok, "%s: the random bot searches nothing", spec)

		for _, name := range []string{"mcts", "guided"} {
			checkSearcherVisits(t, spec, name, d)
		}
	}
	for _, name := range []string{"mcts", "guided"} {
		fallback, err := NewDynamic(name, Options{Iterations: 10})
		require.NoError(t, err)
		_, ok := fallback.(Searcher)
		assert.True(t, ok, name)
	}
	fallback, err := NewDynamic("random", Options{})
	require.NoError(t, err)
	_, ok := fallback.(Searcher)
	assert.False(t, ok)
}

// checkSearcherVisits checks the Searcher of ForDynamic's bot name for
// the game of d (see TestSearchersReportActionIndices).
func checkSearcherVisits(t *testing.T, spec, name string, d rules.Dynamic) {
	t.Helper()
	player, err := ForDynamic(name, d, Options{Iterations: 100, Seed: 1})
	require.NoError(t, err)
	s, ok := player.(Searcher)
	require.True(t, ok, "%s: %s", spec, name)
	pos := d
	for pos.Node() == rules.ChanceNode {
		_, err := player.Choose(context.Background(), pos)
		require.NoError(t, err)
		assert.Empty(t, s.AppendRootVisits(nil), "%s: a chance node is drawn, not searched", spec)
		pos, err = pos.Play(pos.Moves()[0])
		require.NoError(t, err)
	}
	_, err = player.Choose(context.Background(), pos)
	require.NoError(t, err)
	visits := s.AppendRootVisits(nil)
	if g, _ := rules.Lookup(spec); !g.Kit {
		assert.Empty(t, visits, "%s: a game without the kit has no action indices", spec)
		return
	}
	var actions []int
	sum := 0
	for _, v := range visits {
		actions = append(actions, v.Action)
		sum += v.Visits
	}
	slices.Sort(actions)
	assert.Equal(t, pos.LegalActions(), actions, "%s: %s", spec, name)
	assert.Equal(t, 100, sum, "%s: %s", spec, name)
}

// TestAppendRootVisitsDoesNotAllocate: with a buffer of MaxMoves
// entries, reading the root's visits allocates nothing, typed or through
// the Searcher of ForDynamic, so that a self-play loop recording every
// position's policy stays free of garbage.
func TestAppendRootVisitsDoesNotAllocate(t *testing.T) {
	p := hex.Sized(7).Start()
	b := NewMCTS[hex.Position, hex.Move](Options{Iterations: 200, Seed: 1})
	_, err := b.Choose(context.Background(), p)
	require.NoError(t, err)
	buf := make([]Visit[hex.Move], 0, p.MaxMoves())
	assert.Zero(t, testing.AllocsPerRun(100, func() { buf = b.AppendRootVisits(buf[:0]) }))
	assert.Len(t, buf, 49)

	d := erase(t, p)
	player, err := ForDynamic("mcts", d, Options{Iterations: 200, Seed: 1})
	require.NoError(t, err)
	_, err = player.Choose(context.Background(), d)
	require.NoError(t, err)
	s := player.(Searcher)
	actions := make([]ActionVisit, 0, d.MaxMoves())
	assert.Zero(t, testing.AllocsPerRun(100, func() { actions = s.AppendRootVisits(actions[:0]) }))
	assert.Len(t, actions, 49)
}
