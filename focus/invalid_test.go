package focus

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// checkInert checks that p is the invalid value and behaves as the
// package doc says ("The invalid value"), without panicking.
func checkInert[P anyPosition[P]](t *testing.T, p P, what string) {
	t.Helper()
	var zero P
	require.Equal(t, zero, p, "%s: the invalid value is the zero value", what)
	assert.False(t, p.IsValid(), what)
	assert.Zero(t, p.Seats(), what)
	assert.Equal(t, rules.Terminal, p.ToMove(), what)
	assert.Equal(t, rules.Outcome{Reason: rules.Invalid}, p.Outcome(), what)
	assert.Empty(t, p.AppendMoves(nil), what)
	assert.Empty(t, p.AppendChances(nil), what)
	assert.Zero(t, p.CountMoves(), what)
	assert.Zero(t, p.Hash(), what)
	assert.Equal(t, "", p.Spec(), what)
	assert.Equal(t, Config{}, p.Config(), what)
	files, ranks := p.Size()
	assert.Equal(t, [2]int{0, 0}, [2]int{files, ranks}, what)
	assert.Equal(t, "<invalid focus position>", p.String(), what)
	assert.Equal(t, "<invalid focus position>", p.Diagram(), what)
	assert.Equal(t, "x <invalid focus position>", string(p.AppendText([]byte("x "))), what)
	for s := range rules.Player(rules.MaxSeats) {
		v, ok := p.Evaluate(s)
		assert.False(t, ok, what)
		assert.Zero(t, v, what)
	}
	for _, o := range []rules.Outcome{rules.Win(2, rules.NoLegalMove, 0), rules.Draw(2, rules.PlyLimit), rules.Win(4, rules.Elimination, 0, 2), p.Outcome()} {
		assert.False(t, p.CanEnd(o), "%s: CanEnd(%v)", what, o)
	}
	for _, m := range []Move{StackMove(sq(t, "c3"), sq(t, "c4")), Drop(sq(t, "d4")), SwapMove(sq(t, "c7"), sq(t, "d7")), Pass,
		NowakTurn(sq(t, "d4"), sq(t, "c3"), sq(t, "c5")), NoMove, 0, 1<<31 | 12345} {
		err := p.Legal(m)
		var me *rules.MoveError
		require.True(t, errors.As(err, &me), "%s: Legal(%v) = %v", what, m, err)
		assert.ErrorIs(t, err, rules.ErrNoGame, what)
		q, err := p.Play(m)
		assert.ErrorIs(t, err, rules.ErrNoGame, what)
		assert.Equal(t, zero, q, "%s: Play(%v)", what, m)
		assert.Equal(t, zero, p.PlayUnchecked(m), "%s: PlayUnchecked(%v) stays the invalid value", what, m)
	}
	trace := []rules.Played[Move]{{Move: Pass}}
	o, end, got, ok := p.Rollout(rand.New(rand.NewPCG(1, 2)), -1, trace)
	assert.False(t, ok, what)
	assert.Equal(t, rules.Outcome{}, o, what)
	assert.Equal(t, zero, end, what)
	assert.Equal(t, trace, got, "%s: the trace comes back unchanged", what)
	_, err := p.MarshalText()
	var nge *rules.NoGameError
	require.True(t, errors.As(err, &nge), "%s: MarshalText: %v", what, err)
	assert.Equal(t, fmt.Sprintf("%T", zero), nge.Type)
	assert.ErrorIs(t, err, rules.ErrNoGame)
	_, err = json.Marshal(struct{ P P }{p})
	assert.ErrorIs(t, err, rules.ErrNoGame, "%s: json.Marshal refuses it", what)
	for _, c := range []Config{{}, {Players: 3}, {Players: 4, Teams: true}} {
		_, err := c.ParsePosition(p.String())
		assert.ErrorIs(t, err, rules.ErrSyntax, "%s: %v reads its text", what, c)
	}
	_, err = Config{Nowak: true}.ParseNowakPosition(p.String())
	assert.ErrorIs(t, err, rules.ErrSyntax, "%s: Nowak's game reads its text", what)
	_, err = ParsePosition(p.String())
	assert.ErrorIs(t, err, rules.ErrSyntax, what)
	_, err = ParseNowakPosition(p.String())
	assert.ErrorIs(t, err, rules.ErrSyntax, what)
	_, err = rules.Erase(p)
	assert.ErrorIs(t, err, rules.ErrNoGame, what)
	assert.Equal(t, rules.Player(0), p.Turn(), what)
	assert.Zero(t, p.Ply()+p.Reserve(0)+p.PartnerReserve(0)+p.Captured(0)+p.CapturedOf(0, 1)+p.Gains(0), what)
	assert.Zero(t, p.Controlled(0), what)
	assert.Equal(t, Stack(0), p.At(sq(t, "d4")), what)
}

func TestZeroPositionIsInert(t *testing.T) {
	checkInert(t, Position{}, "the zero Position")
	checkInert(t, NowakPosition{}, "the zero NowakPosition")
}

func TestFailedParseReturnsTheInvalidValue(t *testing.T) {
	for _, text := range []string{"", "garbage", "focus(players=5) " + start2 + " A 0,0 0,0 0", start2 + " A 0,0 0,0 2",
		"focus(plylimit=3) " + start2 + " A 0,0 0,0 4", "<invalid focus position>"} {
		p, err := ParsePosition(text)
		require.Error(t, err, text)
		checkInert(t, p, text)
		q, err := Default.ParsePosition(text)
		require.Error(t, err, text)
		assert.Equal(t, Position{}, q, text)
	}
	var p Position
	require.Error(t, p.UnmarshalText([]byte("garbage")))
	assert.Equal(t, Position{}, p)
	var n NowakPosition
	require.Error(t, n.UnmarshalText([]byte("focus(nowak=true) garbage")))
	assert.Equal(t, NowakPosition{}, n)
	n, err := ParseNowakPosition("focus(nowak=true) " + start2 + " A 0,0 0,0 2")
	require.Error(t, err)
	checkInert(t, n, "a failed ParseNowakPosition")
	q, err := Config{Players: 5}.ParsePosition(start2 + " A 0,0 0,0 0")
	assert.Error(t, err, "a configuration Validate refuses reads nothing")
	assert.Equal(t, Position{}, q)
}

// TestStartOfFivePlayerConfigIsInvalid: Config{Players: 5}.Start() used
// to list 68 moves, and then String, MarshalJSON and Evaluate panicked
// (index out of range [4]).
func TestStartOfFivePlayerConfigIsInvalid(t *testing.T) {
	c := Config{Players: 5}
	err := c.Validate()
	var se *notation.SpecError
	require.True(t, errors.As(err, &se), "Validate: %v", err)
	assert.Equal(t, "players", se.Option)
	checkInert(t, c.Start(), "Config{Players: 5}.Start()")
	_, err = json.Marshal(c.Start())
	assert.ErrorIs(t, err, rules.ErrNoGame)
}

// TestStartOfOnePlayerConfigIsInvalid: Config{Players: 1}.Start() used
// to evaluate to NaN.
func TestStartOfOnePlayerConfigIsInvalid(t *testing.T) {
	c := Config{Players: 1}
	assert.ErrorContains(t, c.Validate(), "2, 3 or 4")
	checkInert(t, c.Start(), "Config{Players: 1}.Start()")
}

// TestStartOfTwoPlayerTeamsConfigIsInvalid: Config{Teams: true} with two
// players used to start a game whose text ParseSpec refused.
func TestStartOfTwoPlayerTeamsConfigIsInvalid(t *testing.T) {
	for _, c := range []Config{{Teams: true}, {Teams: true, Players: 2}, {Teams: true, Players: 3}} {
		var se *notation.SpecError
		require.True(t, errors.As(c.Validate(), &se), "%+v", c)
		assert.Equal(t, "teams", se.Option)
		checkInert(t, c.Start(), "teams without four players")
	}
}

// TestStartOfNegativeOrOversizedPlyLimitIsInvalid: a ply limit out of
// range used to be clamped into another game.
func TestStartOfNegativeOrOversizedPlyLimitIsInvalid(t *testing.T) {
	for _, limit := range []int{-1, -1000, MaxPlyLimit + 1, 1 << 40} {
		c := Config{PlyLimit: limit}
		var se *notation.SpecError
		require.True(t, errors.As(c.Validate(), &se), "plylimit %d", limit)
		assert.Equal(t, "plylimit", se.Option)
		checkInert(t, c.Start(), "an out-of-range ply limit")
	}
	p := Config{PlyLimit: MaxPlyLimit}.Start()
	assert.True(t, p.IsValid(), "MaxPlyLimit itself is a limit")
	assert.Equal(t, MaxPlyLimit, p.Config().PlyLimit)
}

// TestStartOfEveryConfigValidateRefusesIsInvalid: every combination the
// spec grammar refuses starts no game either.
func TestStartOfEveryConfigValidateRefusesIsInvalid(t *testing.T) {
	for _, c := range []Config{{Players: -1}, {Players: 6}, {Swap: true, DropSetup: true}, {Swap: true, Players: 3},
		{DropSetup: true, Players: 4}, {Short: true}, {Short: true, Players: 2}, {Nowak: true, Players: 3},
		{Nowak: true, DropSetup: true}, {Nowak: true, Swap: true}, {Nowak: true, RestrictedDrops: true}} {
		require.Error(t, c.Validate(), "%+v", c)
		checkInert(t, c.Start(), c.String())
		checkInert(t, c.StartNowak(), c.String())
		_, err := ParseSpec(c.String())
		assert.Error(t, err, "the spec of %+v is refused too", c)
	}
	for _, spec := range []string{"focus", "focus(players=3,short=true)", "focus(players=4,teams=true,plylimit=9)", "focus(nowak=true)",
		"focus(setup=drop,drops=restricted)", "focus(swap=true)"} {
		c := mustSpec(t, spec)
		require.NoError(t, c.Validate())
		assert.True(t, c.Start().IsValid() != c.Nowak, spec)
		assert.True(t, c.StartNowak().IsValid() == c.Nowak, spec)
	}
}
