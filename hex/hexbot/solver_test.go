package hexbot

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/solve"
)

// solverPosition returns a random position within the root solver's
// reach (solveCells empty cells or fewer) and the root ChooseCell hands
// the solver (after fill-in), or false when the game is over on either.
func solverPosition(r *rand.Rand) (b, root analysis.Board, ok bool) {
	b, over := randomPosition(r, 30)
	if over || b.EmptyCells().Len() > solveCells {
		return b, b, false
	}
	root = b
	analysis.FillIn(&root, nil)
	_, over = root.Winner()
	return b, root, !over
}

// TestRootSolverKeepsEveryMoveOfALostRoot: when the solver proves the
// root lost, trySolver leaves no candidate out, though the solver proved
// some losing on the way and not others (cells outside its must-play
// region, say): those it proved are the ones that resist best, and the
// search is to choose among them all.
func TestRootSolverKeepsEveryMoveOfALostRoot(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	found := 0
	for tries := 0; found < 5 && tries < 2000; tries++ {
		b, root, ok := solverPosition(r)
		if !ok {
			continue
		}
		bot := New(Options{Iterations: 500, Seed: 1}) // a node budget of 100 for the solver
		bot.setup(b.Geometry().Cells())
		s := bot.solverFor(b.Geometry().Cells(), 100)
		if res, err := s.Solve(context.Background(), root); err != nil || res.Win {
			continue
		}
		var proven, unproven analysis.Set
		for c := range root.EmptyCells().All() {
			next := root
			next.Play(c)
			if win, known := s.Known(next); known && win {
				proven.Add(c)
			} else {
				unproven.Add(c)
			}
		}
		if proven.Empty() || unproven.Empty() {
			continue
		}
		cands := proven
		cands.Add(unproven.First())
		_, won, rest := bot.trySolver(context.Background(), root, cands)
		if won || rest != cands {
			t.Fatalf("a root the solver proves lost: won %v, candidates %v of %v on\n%s", won, names(b.Geometry(), rest), names(b.Geometry(), cands), b.String())
		}
		found++
	}
	require.Equal(t, 5, found, "positions whose root the solver proves lost, with some moves proven and others not")
}

// TestRootSolverKeepsItsTable: the bot keeps its root solver from move
// to move, so a winning move an earlier search proved is played at once
// ("win") even when the search of this move runs out of nodes at its
// first; and a forced move (one candidate), or a move with less than
// solveTime left, is played without the solver.
func TestRootSolverKeepsItsTable(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	found, forced := 0, 0
	for tries := 0; (found < 3 || forced < 1) && tries < 3000; tries++ {
		b, root, ok := solverPosition(r)
		if !ok {
			continue
		}
		hurried := New(Options{Seed: 1})
		ctx, cancel := context.WithTimeout(context.Background(), solveTime/2)
		_, err := hurried.ChooseCell(ctx, b, -1)
		cancel()
		require.NoError(t, err)
		require.Nil(t, hurried.solver, "the solver ran with less than solveTime left on\n%s", b.String())
		fresh := New(Options{Iterations: 500, Seed: 1})
		if _, err := fresh.ChooseCell(context.Background(), b, -1); err != nil {
			t.Fatal(err)
		}
		if fresh.Last.Reason == "forced" {
			require.Nil(t, fresh.solver, "a forced move ran the solver on\n%s", b.String())
			forced++
			continue
		}
		limits := solveLimitsFor(b.Geometry().Cells())
		full := solve.New(solve.Options{TableBytes: 8 << 20, Limits: limits, Vulnerable: true, MaxNodes: 2000})
		res, err := full.Solve(context.Background(), root)
		if err != nil || !res.Win || res.Move < 0 || !fresh.Last.Candidates.Has(res.Move) {
			continue
		}
		// The bot's solver, out of nodes at its first, knows the winning
		// move's position: as if an earlier move had proved it.
		s := solve.New(solve.Options{TableBytes: 8 << 20, Limits: limits, Vulnerable: true, MaxNodes: 1})
		next := root
		next.Play(res.Move)
		if _, err := s.Solve(context.Background(), next); err != nil {
			continue // not settled in one node: try another position
		}
		bot := New(Options{Iterations: 500, Seed: 1})
		bot.setup(b.Geometry().Cells())
		bot.solver, bot.solverLimits, bot.solverNodes = s, limits, 100 // what 500 iterations ask for
		cell, err := bot.ChooseCell(context.Background(), b, -1)
		require.NoError(t, err)
		require.Equal(t, "win", bot.Last.Reason, "on\n%s", b.String())
		require.Equal(t, res.Move, cell, "on\n%s", b.String())
		require.Same(t, s, bot.solver, "the solver was not kept")
		found++
	}
	require.Equal(t, 3, found, "positions whose winning move a one-node solver settles")
	require.Positive(t, forced, "no forced move within the solver's reach")
}
