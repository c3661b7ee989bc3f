package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/hexrecords"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
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

// game is a record's game replayed: its positions from the start and
// its moves as cells.
type game struct {
	number int // in its file, from 1
	cfg    hex.Config
	ps     []hex.Position
	moves  []string
}

// replay checks and replays the games of a record file named name.
func replay(games []hexrecords.Game, name string) ([]game, error) {
	var out []game
	for i, g := range games {
		cfg, err := hex.ParseSpec(g.Spec)
		switch {
		case err != nil:
		case cfg.Swap != hex.SwapNone:
			err = fmt.Errorf("%s: a suite's games have no pie rule (swap=none)", g.Spec)
		case cfg.Cols != cfg.Rows:
			err = fmt.Errorf("%s: a suite's boards are square (HTP's boardsize takes one size)", g.Spec)
		case cfg.Cols*cfg.Rows > analysis.MaxCells:
			err = fmt.Errorf("%s: more than the %d cells the solver takes", g.Spec, analysis.MaxCells)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: game %d (line %d): %w", name, i+1, g.Line, err)
		}
		r := game{number: i + 1, cfg: cfg, ps: []hex.Position{cfg.Start()}}
		for k, s := range g.Moves {
			p := r.ps[len(r.ps)-1]
			m, err := p.ParseMove(s)
			if err == nil {
				p, err = p.Play(m)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: game %d (line %d), move %d %q: %w", name, i+1, g.Line, k+1, s, err)
			}
			r.ps, r.moves = append(r.ps, p), append(r.moves, m.String())
		}
		out = append(out, r)
	}
	return out, nil
}

// makeSuite adds to *out, for each game, the first positions (up to
// o.per) from the earliest it can prove in which the side to move wins,
// skipping those whose key is in seen (and adding the others'). name
// names the file in the entries' ids. It prints a line a game on
// stdout. An error is the solver's failure, or ctx's end.
func makeSuite(ctx context.Context, games []game, name string, o makeOptions, seen map[string]bool, out *[]entry, stdout io.Writer) error {
	for _, g := range games {
		ps, moves := g.ps, g.moves
		s := solve.New(solve.Options{TableBytes: o.table << 20, Vulnerable: true})
		solveAt := func(k int, d time.Duration) (verdict, error) {
			if ps[k].ToMove() == rules.Terminal {
				return verdict{}, nil
			}
			pctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			r, err := s.SolvePosition(pctx, ps[k])
			switch {
			case ctx.Err() != nil:
				return verdict{}, ctx.Err()
			case err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, solve.ErrBudget):
				return verdict{}, fmt.Errorf("%s game %d after %d moves: %w", name, g.number, k, err)
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
			fmt.Fprintf(stdout, "%s game %d: never proven within %v\n", name, g.number, o.scan)
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
		// Positions taken and positions added (not seen before); the
		// window of 2·per positions keeps to the early proofs, where the
		// game was decided, not those of its lost cause.
		taken, added := 0, 0
		for k := earliest; k < len(ps)-1 && k <= earliest+2*o.per && taken < o.per; k++ {
			v, ok := at[k]
			if !ok {
				var err error
				if v, err = solveAt(k, o.each); err != nil {
					return err
				}
				at[k] = v
			}
			if !v.known || !v.win {
				continue
			}
			e := entry{spec: g.cfg.Spec().String(), moves: moves[:k], win: []string{v.move.String()}, pos: ps[k],
				id: fmt.Sprintf("%s game %d after %d moves", strings.ReplaceAll(name, "|", "/"), g.number, k)}
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
				added++
			}
		}
		fmt.Fprintf(stdout, "%s game %d: proven after %d moves within %v, after %d within %v; %s won for the side to move, %d new\n",
			name, g.number, first, o.scan, earliest, o.each, count(taken, "position"), added)
	}
	return nil
}

// makeRun is -make: it reads and replays every record file, then adds
// their positions to the suite file out, which it creates when there
// are some and it does not exist.
func makeRun(ctx context.Context, files []string, out string, o makeOptions, stdout, stderr io.Writer) int {
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "hexsuite: "+format+"\n", a...)
		return 2
	}
	var all [][]game
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return bad("-records: %v", err)
		}
		records, err := hexrecords.Read(bytes.NewReader(data))
		if err != nil {
			return bad("-records: %s: %v", name, err)
		}
		games, err := replay(records, filepath.Base(name))
		if err != nil {
			return bad("-records: %v", err)
		}
		all = append(all, games)
	}
	seen := map[string]bool{}
	old, err := os.ReadFile(out)
	existed := err == nil
	switch {
	case existed:
		entries, err := readSuite(bytes.NewReader(old))
		if err != nil && !errors.Is(err, errNoPosition) {
			return bad("-out: %s: %v", out, err)
		}
		for _, e := range entries {
			seen[key(e.pos)] = true
		}
	case !errors.Is(err, fs.ErrNotExist):
		return bad("-out: %v", err)
	}
	// Open it now, so that a file that cannot be written fails before
	// the solving, not after.
	f, err := os.OpenFile(out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return bad("-out: %v", err)
	}
	var added []entry
	status := 0
	for k, games := range all {
		err := makeSuite(ctx, games, filepath.Base(files[k]), o, seen, &added, stdout)
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "hexsuite: stopped: %v (the positions found so far are written)\n", ctx.Err())
			status = 1
			break
		}
		if err != nil {
			fmt.Fprintf(stderr, "hexsuite: %v\n", err)
			status = 1
			break
		}
	}
	var header []string
	if len(bytes.TrimSpace(old)) == 0 {
		header = []string{fmt.Sprintf("# Hex positions won for the side to move (examples/hexsuite -make -scan %v -each %v -back %d -per %d)", o.scan, o.each, o.back, o.per)}
	} else if !bytes.HasSuffix(old, []byte("\n")) {
		header = []string{""} // end the file's last line
	}
	if len(added) > 0 {
		err = writeSuite(f, header, added)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && len(added) == 0 && !existed {
		err = os.Remove(out)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hexsuite: -out: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "added %s to %s\n", count(len(added), "position"), out)
	return status
}
