package solve

// This file is the package's one contact with package hex.

import (
	"context"
	"fmt"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
)

// Outcome is the value of a hex.Position for the player to move.
type Outcome struct {
	// Win reports whether the player to move wins with perfect play.
	Win bool
	// Move is a winning move when Win is set (a cell or the swap), and
	// otherwise the solver's most resistant move; Some is false when
	// there is no move to give (the game is over, or it is lost before
	// the first stone by the pie rule).
	Move hex.Move
	Some bool
	// Nodes counts the nodes expanded.
	Nodes int
}

// SolvePosition solves a Hex position for the player to move, the pie
// rule included: before the first stone of a game with a swap rule the
// second player wins (whatever the first stone, it may swap or not and
// take the winning side), and right after it the mover wins by a cell or
// by the swap.
func (s *Solver) SolvePosition(ctx context.Context, p hex.Position) (Outcome, error) {
	b, err := analysis.FromPosition(p)
	if err != nil {
		return Outcome{}, err
	}
	g := b.Geometry()
	if p.ToMove().IsSeat() && p.Config().Swap != hex.SwapNone && p.Swapped() == hex.SwapNone {
		switch p.Ply() {
		case 0:
			return Outcome{}, nil
		case 1:
			after := p.PlayUnchecked(hex.Swap)
			sb, err := analysis.FromPosition(after)
			if err != nil {
				return Outcome{}, err
			}
			r, err := s.Solve(ctx, sb)
			total := r.Nodes
			if err != nil {
				return Outcome{Nodes: total}, err
			}
			if !r.Win {
				return Outcome{Win: true, Move: hex.Swap, Some: true, Nodes: total}, nil
			}
			r, err = s.Solve(ctx, b)
			total += r.Nodes
			if err != nil {
				return Outcome{Nodes: total}, err
			}
			return outcome(g, r, total), nil
		}
	}
	r, err := s.Solve(ctx, b)
	if err != nil {
		return Outcome{Nodes: r.Nodes}, err
	}
	return outcome(g, r, r.Nodes), nil
}

func outcome(g *analysis.Geometry, r Result, nodes int) Outcome {
	o := Outcome{Win: r.Win, Nodes: nodes}
	if r.Move >= 0 {
		o.Move, o.Some = g.Move(r.Move), true
	}
	return o
}

// String returns "win MOVE", "loss" or "loss MOVE" (the most resistant
// move).
func (o Outcome) String() string {
	word := "loss"
	if o.Win {
		word = "win"
	}
	if !o.Some {
		return word
	}
	return fmt.Sprintf("%s %v", word, o.Move)
}
