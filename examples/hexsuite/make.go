package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/hexrecords"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/solve"
)

// This file is -make: a suite from the games of record files.

// makeOptions are -make's budgets.
type makeOptions struct {
	scan, each time.Duration // a position's time while scanning, and then
	back       int           // how many positions before the first proof to try
	per        int           // positions taken from a game at most
	table      int           // the solver's table, MiB
}

// verdict is what the solver found of a position within its time.
type verdict struct {
	known, win bool     // win: for the side to move
	move       hex.Move // a winning move when it wins
}

// makeSuite adds to *out, for each game, the first positions (up to
// o.per) from the earliest it can prove in which the side to move wins,
// skipping those whose key is in seen (and adding the others'). name
// names the file in the entries' ids. It prints a line a game on
// stdout. An error is a game that does not replay, or ctx's end.
func makeSuite(ctx context.Context, games []hexrecords.Game, name string, o makeOptions, seen map[string]bool, out *[]entry, stdout io.Writer) error {
	for i, g := range games {
		cfg, err := hex.ParseSpec(g.Spec)
		if err == nil && cfg.Swap != hex.SwapNone {
			err = fmt.Errorf("a suite's games have no pie rule (swap=none)")
		}
		if err != nil {
			return fmt.Errorf("%s: game %d (line %d): %w", name, i+1, g.Line, err)
		}
		ps, moves := []hex.Position{cfg.Start()}, make([]string, 0, len(g.Moves))
		for k, s := range g.Moves {
			p := ps[len(ps)-1]
			m, err := p.ParseMove(s)
			if err == nil {
				p, err = p.Play(m)
			}
			if err != nil {
				return fmt.Errorf("%s: game %d (line %d), move %d %q: %w", name, i+1, g.Line, k+1, s, err)
			}
			ps, moves = append(ps, p), append(moves, m.String())
		}
		s := solve.New(solve.Options{TableBytes: o.table << 20, Vulnerable: true})
		solveAt := func(k int, d time.Duration) (verdict, error) {
			if ps[k].ToMove() == rules.Terminal {
				return verdict{}, nil
			}
			pctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			r, err := s.SolvePosition(pctx, ps[k])
			if ctx.Err() != nil {
				return verdict{}, ctx.Err()
			}
			return verdict{known: err == nil, win: r.Win, move: r.Move}, nil
		}
		first := -1
		for k := range ps {
			v, err := solveAt(k, o.scan)
			if err != nil {
				return err
			}
			if v.known {
				first = k
				break
			}
		}
		if first < 0 {
			fmt.Fprintf(stdout, "%s game %d: never proven within %v\n", name, i+1, o.scan)
			continue
		}
		at := map[int]verdict{}
		earliest := first
		for k := first - 1; k >= 0 && k >= first-o.back; k-- {
			v, err := solveAt(k, o.each)
			if err != nil {
				return err
			}
			if !v.known {
				break
			}
			at[k], earliest = v, k
		}
		taken := 0
		for k := earliest; k < len(ps)-1 && k <= earliest+2*o.per && taken < o.per; k++ {
			v, ok := at[k]
			if !ok {
				if v, err = solveAt(k, o.each); err != nil {
					return err
				}
				at[k] = v
			}
			if !v.known || !v.win {
				continue
			}
			e := entry{spec: cfg.Spec().String(), moves: moves[:k], win: []string{v.move.String()}, pos: ps[k],
				id: fmt.Sprintf("%s game %d after %d moves", strings.ReplaceAll(name, "|", "/"), i+1, k)}
			// The move the game went on with: a second winning move or a
			// losing one, when the solver can tell.
			if played := moves[k]; played != v.move.String() {
				next, err := solveAt(k+1, o.each)
				if err != nil {
					return err
				}
				at[k+1] = next
				switch {
				case ps[k+1].ToMove() == rules.Terminal: // it connected
					e.win = append(e.win, played)
				case !next.known:
				case next.win:
					e.loss = append(e.loss, played)
				default:
					e.win = append(e.win, played)
				}
			}
			taken++
			if kk := key(ps[k]); !seen[kk] {
				seen[kk] = true
				*out = append(*out, e)
			}
		}
		fmt.Fprintf(stdout, "%s game %d: proven after %d moves within %v, after %d within %v; %d positions won for the side to move\n",
			name, i+1, first, o.scan, earliest, o.each, taken)
	}
	return nil
}
