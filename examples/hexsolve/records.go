package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/hexrecords"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/solve"
)

// This file is -records: when each game of a record file was decided.

// solveRecords prints, for each game, the first position (after how
// many moves) the solver proves within each a position, the colour it
// proves the winner (the pie rule included), and any later position
// proven for the other colour (a win thrown away); then how many games
// were proven before their end. A game that does not replay, moves
// after its end included, is an error on stderr (status 2); the end of
// ctx stops the run (status 1).
func solveRecords(ctx context.Context, games []hexrecords.Game, each time.Duration, table int, stdout, stderr io.Writer) int {
	proven := 0
	for i, g := range games {
		cfg, err := hex.ParseSpec(g.Spec)
		if err == nil && cfg.Cols*cfg.Rows > analysis.MaxCells {
			err = fmt.Errorf("more than the %d cells the solver takes", analysis.MaxCells)
		}
		if err != nil {
			fmt.Fprintf(stderr, "hexsolve: -records: game %d (line %d): %s\n", i+1, g.Line, quote(err.Error()))
			return 2
		}
		s := solve.New(solve.Options{TableBytes: table << 20, Vulnerable: true})
		p := cfg.Start()
		first, firstWinner, holder, flips := -1, hex.Empty, hex.Empty, []string(nil)
		for k := 0; ; k++ {
			if p.ToMove() != rules.Terminal {
				pctx, cancel := context.WithTimeout(ctx, each)
				o, err := s.SolvePosition(pctx, p)
				cancel()
				if ctx.Err() != nil {
					fmt.Fprintf(stdout, "game %d: stopped after %d moves (%v)\n", i+1, k, ctx.Err())
					return 1
				}
				if err == nil {
					winner := p.ColorOf(p.ToMove())
					if !o.Win {
						winner = other(winner)
					}
					switch {
					case first < 0:
						first, firstWinner, holder = k, winner, winner
					case winner != holder:
						flips = append(flips, fmt.Sprintf("%s after %d", colourName(winner), k))
						holder = winner
					}
				}
			}
			if k == len(g.Moves) {
				break
			}
			m, err := p.ParseMove(g.Moves[k])
			if err == nil {
				p, err = p.Play(m)
			}
			if err != nil {
				fmt.Fprintf(stderr, "hexsolve: -records: game %d (line %d), move %d %s: %s\n", i+1, g.Line, k+1, strconv.Quote(g.Moves[k]), quote(err.Error()))
				return 2
			}
		}
		line := fmt.Sprintf("game %d (%s Black, %s White, %s, %d moves): ", i+1, quote(g.Black), quote(g.White), quote(g.Result), len(g.Moves))
		if first < 0 {
			line += "never proven"
		} else {
			proven++
			line += fmt.Sprintf("proven for %s after %d moves", colourName(firstWinner), first)
			if len(flips) > 0 {
				line += "; then for " + strings.Join(flips, ", then for ")
			}
		}
		fmt.Fprintln(stdout, line)
	}
	fmt.Fprintf(stdout, "%d of %d games proven before their end, %v a position\n", proven, len(games), each)
	return 0
}

// other is the colour that is not c.
func other(c hex.Color) hex.Color {
	if c == hex.Black {
		return hex.White
	}
	return hex.Black
}

// colourName names a colour as the records' readers do.
func colourName(c hex.Color) string {
	if c == hex.White {
		return "White"
	}
	return "Black"
}
