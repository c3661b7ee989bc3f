package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

// script is a small scripted game for testing the bots on what no game
// of this module does. Seat 0 first picks one of picks moves (1 to
// picks); then, if cliff is set, seat 1 is to move with no legal move,
// which breaks the contract; otherwise both seats pass (move 0) for ever
// and the game never ends. Evaluate scores the first pick: pick good is
// worth +0.8 to seat 0 and every other pick -0.8 (and the opposite to
// seat 1).
type script struct {
	picks, good uint8
	picked      uint8 // 0 until seat 0 has picked
	cliff       bool
	plies       uint32
}

type scriptMove uint8

func (m scriptMove) String() string { return strconv.Itoa(int(m)) }

func (s script) IsValid() bool { return s.picks > 0 }
func (s script) Seats() int    { return 2 }
func (s script) ToMove() rules.Player {
	if s.picked == 0 {
		return 0
	}
	return rules.Player(1 - s.plies%2)
}
func (s script) AppendMoves(buf []scriptMove) []scriptMove {
	switch {
	case s.picked == 0:
		for m := range s.picks {
			buf = append(buf, scriptMove(m+1))
		}
	case !s.cliff:
		buf = append(buf, 0)
	}
	return buf
}
func (s script) MaxMoves() int { return int(s.picks) }
func (s script) AppendChances(buf []rules.ChanceOutcome[scriptMove]) []rules.ChanceOutcome[scriptMove] {
	return buf
}
func (s script) Legal(m scriptMove) error {
	for _, l := range s.AppendMoves(nil) {
		if l == m {
			return nil
		}
	}
	return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal}
}
func (s script) Play(m scriptMove) (script, error) {
	if err := s.Legal(m); err != nil {
		return s, err
	}
	return s.PlayUnchecked(m), nil
}
func (s script) PlayUnchecked(m scriptMove) script {
	if s.picked == 0 {
		s.picked = uint8(m)
	}
	s.plies++
	return s
}
func (s script) Outcome() rules.Outcome { return rules.Outcome{} }
func (s script) Evaluate(seat rules.Player) (float64, bool) {
	if s.picked == 0 {
		return 0, true
	}
	v := -0.8
	if s.picked == s.good {
		v = 0.8
	}
	if seat == 1 {
		v = -v
	}
	return v, true
}
func (s script) CanEnd(rules.Outcome) bool { return false }
func (s script) Rollout(_ *rand.Rand, _ int, trace []rules.Played[scriptMove]) (rules.Outcome, script, []rules.Played[scriptMove], bool) {
	return rules.Outcome{}, s, trace, false
}
func (s script) Hash() uint64 { return uint64(s.picked)<<32 | uint64(s.plies) }
func (s script) ParseMove(text string) (scriptMove, error) {
	n, err := strconv.Atoi(text)
	return scriptMove(n), err
}
func (s script) Spec() string { return "script" }
func (s script) String() string {
	return strconv.Itoa(int(s.picked)) + "/" + strconv.Itoa(int(s.plies))
}
func (s script) MarshalText() ([]byte, error) {
	return []byte(s.String()), nil
}

func (s script) Ply() int               { return int(s.plies) }
func (s script) NumActions() int        { return int(s.picks) + 1 }
func (s script) NumChanceActions() int  { return 0 }
func (s script) Symmetries() int        { return 1 }
func (s script) Transform(k int) script { return map[bool]script{true: s}[k == 0] }
func (s script) ActionIndex(m scriptMove) int {
	if int(m) > int(s.picks) {
		return -1
	}
	return int(m)
}
func (s script) ActionMove(i int) (scriptMove, bool) {
	return scriptMove(i), i >= 0 && i <= int(s.picks)
}
func (s script) ChanceMove(int) (scriptMove, bool) { return 0, false }
func (s script) ObservationShape() (planes, rows, cols int) {
	return 2, 1, 1
}
func (s script) AppendObservation(buf []float32, _ rules.Player) []float32 {
	cliff := float32(0)
	if s.cliff {
		cliff = 1
	}
	return append(buf, float32(s.picked), cliff)
}
func (s script) TransformMove(k int, m scriptMove) scriptMove {
	if k != 0 {
		return 255
	}
	return m
}

// TestMCTSScoresEvaluationsForTheSeatThatMoves: in a game that never
// ends, every rollout is cut and scored by Evaluate, which says only
// pick 3 is good for seat 0. The search must pick it, and its statistics
// must show the pick as good for seat 0: with the evaluation's sign
// flipped anywhere (the cut rollouts, the priors, the backup) it would
// avoid the pick instead.
func TestMCTSScoresEvaluationsForTheSeatThatMoves(t *testing.T) {
	p := script{picks: 6, good: 3}
	for _, opts := range []Options{
		{Iterations: 600, Seed: 1},
		{Iterations: 600, Seed: 2, RAVE: RAVEOff},
		{Iterations: 600, Seed: 3, Workers: 2},
	} {
		b := NewMCTS[script, scriptMove](opts)
		m, err := b.Choose(context.Background(), p)
		require.NoError(t, err)
		assert.Equal(t, scriptMove(3), m, "options %+v", opts)
		w := b.workers[0]
		for _, k := range w.children(w.node(0)) {
			mean := k.total / k.visits
			if k.move == 3 {
				assert.Greater(t, mean, 0.5, "the good pick's mean return for seat 0")
			} else if k.visits > 0 {
				assert.Less(t, mean, -0.5, "pick %v's mean return for seat 0", k.move)
			}
		}
		// With one iteration only the priors from the evaluation choose.
		b = NewMCTS[script, scriptMove](Options{Iterations: 1, Seed: opts.Seed, RAVE: opts.RAVE})
		m, err = b.Choose(context.Background(), p)
		require.NoError(t, err)
		assert.Equal(t, scriptMove(3), m, "one iteration, options %+v", opts)
	}
}

// TestBotsRefuseTheInvalidValue: the zero position of every game is no
// game, and the bots say so at once instead of searching it (the zero
// hex.Position used to grow the search without bound).
func TestBotsRefuseTheInvalidValue(t *testing.T) {
	check := func(name string, err error) {
		t.Helper()
		assert.ErrorIs(t, err, rules.ErrNoGame, name)
	}
	_, err := NewMCTS[hex.Position, hex.Move](Options{}).Choose(context.Background(), hex.Position{})
	check("mcts hex", err)
	_, err = NewMCTS[focus.Position, focus.Move](Options{}).Choose(context.Background(), focus.Position{})
	check("mcts focus", err)
	_, err = NewMCTS[domination.Position, domination.Move](Options{}).Choose(context.Background(), domination.Position{})
	check("mcts domination", err)
	_, err = NewMCTS[explocus.Position, explocus.Move](Options{}).Choose(context.Background(), explocus.Position{})
	check("mcts explocus", err)
	_, err = NewRandom[hex.Position, hex.Move](1).Choose(context.Background(), hex.Position{})
	check("random hex", err)
	_, err = NewMCTS[script, scriptMove](Options{}).Choose(context.Background(), script{})
	check("mcts script", err)
}

// TestMCTSKeepsToMaxNodesWhenADecisionListsNoMoves: a game that breaks
// the contract (a seat to move with no legal move) must not make the
// search loop or grow past its node budget: the root refuses with
// ErrNoMoves, and such a node below the root is scored as a leaf.
func TestMCTSKeepsToMaxNodesWhenADecisionListsNoMoves(t *testing.T) {
	stuck := script{picks: 4, good: 1, picked: 2, cliff: true, plies: 1}
	_, err := within(func() (scriptMove, error) {
		return NewMCTS[script, scriptMove](Options{Iterations: 100}).Choose(context.Background(), stuck)
	})
	assert.ErrorIs(t, err, ErrNoMoves)
	_, err = NewRandom[script, scriptMove](1).Choose(context.Background(), stuck)
	assert.ErrorIs(t, err, ErrNoMoves)

	const maxNodes = 64
	b := NewMCTS[script, scriptMove](Options{Iterations: 20000, MaxNodes: maxNodes})
	_, err = within(func() (scriptMove, error) {
		return b.Choose(context.Background(), script{picks: 4, good: 1, cliff: true})
	})
	require.NoError(t, err)
	assert.LessOrEqual(t, int(b.workers[0].next), maxNodes, "nodes used")
	var total int
	for _, blk := range b.workers[0].blocks {
		total += len(blk)
	}
	assert.LessOrEqual(t, total, maxNodes, "nodes allocated")
	assert.False(t, errors.Is(err, ErrGameOver))
}

// within runs a search that must end, and ends the test binary if it has
// not after 10 s: a search that loops cannot be stopped, and would eat
// the machine's memory.
func within[M any](search func() (M, error)) (M, error) {
	type result struct {
		m   M
		err error
	}
	done := make(chan result, 1)
	go func() {
		m, err := search()
		done <- result{m, err}
	}()
	select {
	case r := <-done:
		return r.m, r.err
	case <-time.After(10 * time.Second):
		panic("a search did not end within 10 s")
	}
}
