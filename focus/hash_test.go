package focus

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

// TestHashCoversThePlyUnderAPlyLimit: in focus(plylimit=4), the start and
// the finished game after c7-c8 d7-d8 c8-c7 d8-d7 (the same board, the
// same seat to move) used to share a hash, so a transposition table gave
// the drawn game the value of a live one.
func TestHashCoversThePlyUnderAPlyLimit(t *testing.T) {
	start := mustSpec(t, "focus(plylimit=4)").Start()
	end := mustPlay(t, start, "c7-c8", "d7-d8", "c8-c7", "d8-d7")
	require.Equal(t, start.board, end.board)
	require.Equal(t, start.ToMove(), end.Turn())
	require.Equal(t, rules.PlyLimit, end.Outcome().Reason)
	assert.NotEqual(t, start.Hash(), end.Hash())
	// The hash from scratch (a parse) agrees with the incremental one.
	q, err := end.Config().ParsePosition(end.String())
	require.NoError(t, err)
	assert.Equal(t, end.Hash(), q.Hash())
}

// TestHashLeavesOutThePlyWithoutAPlyLimit: without a limit the ply decides
// nothing, so transpositions meet.
func TestHashLeavesOutThePlyWithoutAPlyLimit(t *testing.T) {
	for _, spec := range []string{"focus", "focus(drops=restricted)", "focus(nowak=true)"} {
		forStart(t, spec, transpositionsMeet[Position], transpositionsMeet[NowakPosition])
	}
}

// TestHashCoversTheVariant: the starts of two configurations never share
// a hash, and no position of a game hashes to 0 (the invalid value's).
func TestHashCoversTheVariant(t *testing.T) {
	seen := map[uint64]string{}
	for _, spec := range []string{"focus", "focus(plylimit=1)", "focus(plylimit=1000)", "focus(drops=restricted)", "focus(swap=true)",
		"focus(setup=drop)", "focus(setup=drop,drops=restricted)", "focus(nowak=true)", "focus(players=3)", "focus(players=3,short=true)",
		"focus(players=3,drops=restricted)", "focus(players=4)", "focus(players=4,teams=true)", "focus(players=4,short=true)",
		"focus(players=4,teams=true,short=true)", "focus(nowak=true,plylimit=1000)"} {
		h := anyStart(t, spec).(interface{ Hash() uint64 }).Hash()
		assert.NotZero(t, h, spec)
		if other, ok := seen[h]; ok {
			t.Errorf("%s and %s start with the same hash", spec, other)
		}
		seen[h] = spec
	}
	// The same board in two variants: restricted drops decide other moves.
	p := build(t, map[string]string{"c3": "BA", "e5": "B"}, "A", 1, 0)
	q := buildConfig(t, Config{RestrictedDrops: true}, map[string]string{"c3": "BA", "e5": "B"}, "A", 1, 0)
	assert.NotEqual(t, p.Hash(), q.Hash())
}

// TestHashCoversWhatDecidesTheGame changes one part of a position at a
// time, as a text could, and compares the hash from scratch: every part
// that decides the game changes it (listed in "What the hash covers"),
// and the parts left out do not.
func TestHashCoversWhatDecidesTheGame(t *testing.T) {
	rehash := func(p Position) Position { p.hash = p.computeHash(); return p }
	base := func(spec string) Position {
		p := played(t, spec, 60, 3)
		require.False(t, p.Outcome().Over(), spec)
		return p
	}
	two, three := base("focus"), base("focus(players=3,short=true)")
	teams, limited := base("focus(players=4,teams=true)"), base("focus(plylimit=100)")
	four := base("focus(players=4)")
	swap1 := mustPlay(t, mustSpec(t, "focus(swap=true)").Start(), "c7<>d7")
	first := mustSpec(t, "focus(players=3)").Start()
	won := func(reason rules.Reason) func(*Position) {
		return func(p *Position) { p.winner, p.reason = 1, reason }
	}
	for _, tc := range []struct {
		name          string
		p             Position
		before, after func(*Position) // before applies to both
		covers        bool
	}{
		{"a stack", two, nil, func(p *Position) { p.setStack(sq(t, "e4"), makeStack(1, 1)) }, true},
		{"the seat to move", two, nil, func(p *Position) { p.turn ^= 1 }, true},
		{"a reserve", two, nil, func(p *Position) { p.reserve[0]++ }, true},
		{"a partner reserve", teams, nil, func(p *Position) { p.partner[1]++ }, true},
		{"short-game gains", three, nil, func(p *Position) { p.gains[2]++ }, true},
		{"short-game captures", three, nil, func(p *Position) { p.captured[0][1]++ }, true},
		{"captures outside the short game", four, nil, func(p *Position) { p.captured[0][1]++; p.captured[2][1]-- }, false},
		{"captures in the two-seat game", two, nil, func(p *Position) { p.captured[0][1]++ }, false},
		{"the ply under a ply limit", limited, nil, func(p *Position) { p.ply += 2 }, true},
		{"the ply without a ply limit", two, nil, func(p *Position) { p.ply += 2 }, false},
		{"the ply limit", limited, nil, func(p *Position) { p.plyLimit++ }, true},
		{"the variant", two, nil, func(p *Position) { p.variant |= variantRestricted }, true},
		{"the seats", three, nil, func(p *Position) { p.seats = 4 }, true},
		{"the phase", swap1, nil, func(p *Position) { p.phase, p.swapped = phasePlay, 0 }, true},
		{"seat 0's opening swap", swap1, nil, func(p *Position) { p.swapped = uint16(sq(t, "c6"))<<6 | uint16(sq(t, "d6")) }, true},
		{"the first drops owed", first, nil, func(p *Position) { p.first &^= 4 }, true},
		{"a team's pass", teams, nil, func(p *Position) { p.passed |= 2 }, true},
		{"which team passed", teams, func(p *Position) { p.passed = 1 }, func(p *Position) { p.passed = 2 }, true},
		{"which seats owe a first drop", first, func(p *Position) { p.first = 0b110 }, func(p *Position) { p.first = 0b101 }, true},
		{"the winner", four, nil, won(rules.Elimination), true},
		{"why the game was won", four, won(rules.Elimination), won(ShortGame), true},
	} {
		p := rehash(tc.p)
		require.Equal(t, tc.p.Hash(), p.Hash(), "%s: the incremental hash is the hash from scratch", tc.name)
		if tc.before != nil {
			tc.before(&p)
			p = rehash(p)
		}
		q := p
		tc.after(&q)
		q = rehash(q)
		if tc.covers {
			assert.NotEqual(t, p.Hash(), q.Hash(), "the hash covers %s", tc.name)
		} else {
			assert.Equal(t, p.Hash(), q.Hash(), "the hash leaves out %s", tc.name)
		}
	}
}

// transpositionsMeet plays two moves back and forth from start: the
// board is the start's again, the ply is not, and the hash is the start's.
func transpositionsMeet[P anyPosition[P]](t *testing.T, start P) {
	end := mustPlay(t, start, "c7-c8", "d7-d8", "c8-c7", "d8-d7")
	require.Equal(t, start.core().board, end.core().board, start.Spec())
	require.NotEqual(t, start, end, start.Spec())
	assert.Equal(t, start.Hash(), end.Hash(), start.Spec())
}
