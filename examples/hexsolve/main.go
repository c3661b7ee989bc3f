// Command hexsolve solves Hex positions with the proof-number solver of
// package hex/solve:
//
//	go run ./examples/hexsolve -game 'hex(size=N,swap=none)' [-position TEXT] [-openings] [-timeout D] [-table MIB]
//	go run ./examples/hexsolve -records FILE [-each D] [-timeout D] [-table MIB]
//
// Without -openings it prints the value of the game's start, or of the
// position TEXT, for the side to move, and a winning move when it wins
// (or its most resistant move when it loses), then the time taken:
//
//	win c3
//	solved in 0.012s (321 nodes)
//
// With -openings it solves the position after each first stone on the
// empty board and prints one line per first move, in reading order,
// from the first player's view: "CELL win" when the first player wins
// after CELL, "CELL loss" otherwise; then the total time. Cells the
// board's half-turn symmetry maps onto each other have the same value
// and are solved once. -openings needs a game without the pie rule
// (swap=none), whose first stone is final.
//
// With -records FILE it reads the games of a record file as
// examples/hexmatch -records writes them ([Game "spec"], [PlayerA
// "black's name"], [PlayerB "white's name"], [Result "1-0" or "0-1"],
// then a line of moves) and solves the start and the position after
// each move of each game (the pie rule included), -each a position
// (default 250ms), one table a game: it prints when the solver first
// proves the game's winner and for whom, and any later position proven
// for the other colour (a win thrown away). A move that does not replay
// (one after the game's end included) is an error that names the game,
// its line and the move:
//
//	game 1 (b Black, a White, 0-1, 40 moves): proven for White after 17 moves
//
// -timeout bounds the whole run (0, the default: no limit); a run that
// runs out prints "unknown" for what it did not solve and exits with
// status 1. -table is the transposition table's memory in MiB
// (default 256).
//
// Exit status: 0 when everything asked was solved (with -records: when
// every game replayed, proven or not), 1 when the time ran out, 2 for
// bad flags, a bad spec, a bad position or a bad record file.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tabletop-go/rules/examples/internal/hexrecords"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/solve"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hexsolve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("game", "hex(size=4,swap=none)", "game spec, e.g. hex(size=6,swap=none)")
	position := fs.String("position", "", "solve this position text instead of the game's start")
	openings := fs.Bool("openings", false, "solve every first move of the empty board")
	records := fs.String("records", "", "for each game of this record file (as hexmatch -records writes), when the solver first proves its winner")
	each := fs.Duration("each", 250*time.Millisecond, "with -records, the time for each position")
	timeout := fs.Duration("timeout", 0, "stop after this long, e.g. 10m (0: no limit)")
	table := fs.Int("table", 256, "transposition table size in MiB (1 to 16384)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "hexsolve: unexpected argument %q\n", fs.Arg(0))
		return 2
	case *timeout < 0:
		fmt.Fprintf(stderr, "hexsolve: -timeout must be 0 (no limit) or more, not %v\n", *timeout)
		return 2
	case *table < 1 || *table > 16384:
		fmt.Fprintf(stderr, "hexsolve: -table must be from 1 to 16384 MiB, not %d\n", *table)
		return 2
	case *each <= 0:
		fmt.Fprintf(stderr, "hexsolve: -each must be more than 0, not %v\n", *each)
		return 2
	case *records != "" && (*openings || *position != ""):
		fmt.Fprintf(stderr, "hexsolve: -records takes its games from the file; it takes no -openings or -position\n")
		return 2
	case *openings && *position != "":
		fmt.Fprintf(stderr, "hexsolve: -openings solves the first moves of the empty board; it takes no -position\n")
		return 2
	}
	ctx := context.Background()
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	if *records != "" {
		f, err := os.Open(*records)
		if err != nil {
			fmt.Fprintf(stderr, "hexsolve: -records: %v\n", err)
			return 2
		}
		games, err := hexrecords.Read(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "hexsolve: -records: %s: %s\n", *records, quote(err.Error()))
			return 2
		}
		return solveRecords(ctx, games, *each, *table, stdout, stderr)
	}
	cfg, err := hex.ParseSpec(*spec)
	if err != nil {
		fmt.Fprintf(stderr, "hexsolve: -game: %s\n", quote(err.Error()))
		return 2
	}
	if cfg.Cols*cfg.Rows > analysis.MaxCells {
		fmt.Fprintf(stderr, "hexsolve: -game: a %d×%d board has more than the %d cells the solver takes\n", cfg.Cols, cfg.Rows, analysis.MaxCells)
		return 2
	}
	p := cfg.Start()
	if *position != "" {
		if p, err = cfg.ParsePosition(*position); err != nil {
			fmt.Fprintf(stderr, "hexsolve: -position: %s\n", quote(err.Error()))
			return 2
		}
	}
	s := solve.New(solve.Options{TableBytes: *table << 20, Vulnerable: true})
	if *openings {
		if cfg.Swap != hex.SwapNone {
			fmt.Fprintf(stderr, "hexsolve: -openings needs a game without the pie rule (swap=none), not %s\n", cfg)
			return 2
		}
		return solveOpenings(ctx, s, cfg, stdout)
	}
	start := time.Now()
	o, err := s.SolvePosition(ctx, p)
	elapsed := time.Since(start)
	if err != nil {
		fmt.Fprintf(stdout, "unknown\nstopped after %.3fs (%d nodes)\n", elapsed.Seconds(), o.Nodes)
		return 1
	}
	fmt.Fprintf(stdout, "%v\nsolved in %.3fs (%d nodes)\n", o, elapsed.Seconds(), o.Nodes)
	return 0
}

// solveOpenings prints the value of each first move from the first
// player's view, solving one cell of each pair the half turn swaps.
func solveOpenings(ctx context.Context, s *solve.Solver, cfg hex.Config, stdout io.Writer) int {
	start := time.Now()
	empty := cfg.Start()
	values := map[hex.Move]string{}
	status := 0
	for r := range cfg.Rows {
		for c := range cfg.Cols {
			m := hex.Place(hex.NewSquare(c, r))
			twin := hex.Place(hex.NewSquare(cfg.Cols-1-c, cfg.Rows-1-r))
			v, ok := values[twin]
			if !ok {
				t0 := time.Now()
				o, err := s.SolvePosition(ctx, empty.PlayUnchecked(m))
				switch {
				case err != nil:
					v, status = "unknown", 1
				case o.Win:
					v = "loss" // the second player, to move, wins
				default:
					v = "win"
				}
				values[m] = v
				fmt.Fprintf(stdout, "%v %s (%.3fs, %d nodes)\n", m, v, time.Since(t0).Seconds(), o.Nodes)
				continue
			}
			values[m] = v
			fmt.Fprintf(stdout, "%v %s (as %v)\n", m, v, twin)
		}
	}
	fmt.Fprintf(stdout, "solved %d openings of %s in %.3fs\n", cfg.Cols*cfg.Rows, cfg, time.Since(start).Seconds())
	return status
}

// quote escapes control characters of a message that may hold input.
func quote(s string) string {
	q := strconv.Quote(s)
	q = q[1 : len(q)-1]
	return strings.ReplaceAll(q, `\"`, `"`)
}
