package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/htpclient"
	"github.com/tabletop-go/rules/examples/internal/stats"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/solve"
)

// This file is scoring an engine on a suite.

// scoreOptions are a scoring run's times.
type scoreOptions struct {
	moveTime, grace time.Duration // the engine's nominal time a move, and how late it may be
	check           time.Duration // the solver's time for a move the suite does not know
	table           int           // the solver's table, MiB
	judge           *outside      // the outside judge after the solver (-judge), or nil
}

// tally counts a run's verdicts.
type tally struct {
	right, wrong, unknown int
	learned               int // moves the solver or the judge settled, now in the entries
	judged                int // of them, the judge's
	spent                 time.Duration
}

// A mover gives a move for an entry's position and the time the engine
// took to choose it: an engine's reply, or an earlier run's move. An
// errPlayed error counts as a wrong move; any other error stops the run.
type mover func(entry) (reply string, took time.Duration, err error)

// errPlayed marks an engine's answer that is no legal move.
var errPlayed = errors.New("no legal move")

// scoreSuite asks move for its move in each entry's position and
// prints whether the move wins: "right" when it is one of the entry's
// wins or the solver proves it within o.check (failing which, the
// outside judge o.judge, when there is one), "wrong" when it is one of
// its losses, they prove it losing, or the engine gave no legal move in
// time; "unknown" otherwise. Moves the solver or the judge settles are
// added to the entries. An error is an engine or a judge that stopped
// answering, or ctx's end; the tally then counts the positions scored
// before it.
func scoreSuite(ctx context.Context, entries []entry, move mover, o scoreOptions, stdout io.Writer) (tally, error) {
	var t tally
	s := solve.New(solve.Options{TableBytes: o.table << 20, Vulnerable: true})
	for i := range entries {
		if err := ctx.Err(); err != nil {
			return t, err
		}
		en := &entries[i]
		reply, took, err := move(*en)
		t.spent += took
		var m hex.Move
		if err == nil {
			if strings.EqualFold(reply, "resign") {
				err = errors.New("resigned a won position")
			} else if m, err = en.pos.ParseMove(strings.ToLower(reply)); err == nil {
				err = en.pos.Legal(m)
			}
			if err != nil {
				err = fmt.Errorf("%w: %q: %v", errPlayed, reply, err)
			}
		}
		// The move's field is a cell or "-", so that the line reads back
		// (-moves) whatever the engine said.
		var result, cell, note string
		switch {
		case errors.Is(err, errPlayed):
			result, cell, note = "wrong", "-", err.Error()
		case err != nil:
			return t, fmt.Errorf("line %d of the suite: %w", en.line, err)
		default:
			cell = m.String()
			result, note, err = judge(ctx, s, en, m, o)
			if err != nil {
				return t, fmt.Errorf("line %d of the suite: %w", en.line, err)
			}
			if ctx.Err() != nil {
				return t, ctx.Err()
			}
			switch note {
			case "judged":
				t.judged++
				fallthrough
			case "solved":
				t.learned++
			}
		}
		switch result {
		case "right":
			t.right++
		case "wrong":
			t.wrong++
		default:
			t.unknown++
		}
		if note != "" {
			// One line a position, whatever the engine said.
			note = "; " + strings.Join(strings.Fields(note), " ")
		}
		id := ""
		if en.id != "" {
			id = " " + en.id
		}
		fmt.Fprintf(stdout, "%d %s %s (line %d, %.2fs%s)%s\n", i+1, result, cell, en.line, took.Seconds(), note, id)
	}
	n := t.right + t.wrong
	lo, hi := stats.Wilson(float64(t.right)/float64(max(n, 1)), n)
	fmt.Fprintf(stdout, "right %d of %d known (%.1f%%, Wilson 95%% interval %.1f–%.1f%%); %d unknown; %.2fs a move on average\n",
		t.right, n, 100*float64(t.right)/float64(max(n, 1)), 100*lo, 100*hi, t.unknown, t.spent.Seconds()/float64(len(entries)))
	return t, nil
}

// engineMover sets each entry's position up in the engine and asks for
// its move, timing the genmove alone. An engine late to answer, or
// whose answer is garbled, is started again and its move is an
// errPlayed error; so is a failure reply.
func engineMover(e *htpclient.Engine, o scoreOptions) mover {
	return func(en entry) (string, time.Duration, error) {
		cols, _ := en.pos.Size()
		for _, c := range setUp(cols, en.moves) {
			if _, err := e.Ask(c, htpclient.SetupTime); err != nil {
				return "", 0, err
			}
		}
		colour := toMove(en.moves)
		limit := o.moveTime + o.grace
		began := time.Now()
		reply, err := e.Ask("genmove "+colour, limit)
		took := time.Since(began)
		switch {
		case errors.Is(err, htpclient.ErrLate), errors.Is(err, htpclient.ErrGarbled):
			// Its conversation is out of step: start it again.
			if err := e.Restart(); err != nil {
				return "", took, err
			}
			if errors.Is(err, htpclient.ErrLate) {
				return "", took, fmt.Errorf("%w: none in %v", errPlayed, limit)
			}
			return "", took, fmt.Errorf("%w: %v", errPlayed, err)
		case errors.Is(err, htpclient.ErrRefused):
			return "", took, fmt.Errorf("%w: %v", errPlayed, err)
		}
		return reply, took, err
	}
}

// setUp is the HTP commands that set up the position of moves (cells
// from the empty board, Black first) on a square board of cols cells a
// side, for an engine or the judge.
func setUp(cols int, moves []string) []string {
	commands := []string{fmt.Sprintf("boardsize %d", cols), "clear_board"}
	for k, m := range moves {
		commands = append(commands, fmt.Sprintf("play %s %s", toMove(moves[:k]), m))
	}
	return commands
}

// toMove is the HTP colour to move after moves: "b" or "w".
func toMove(moves []string) string { return []string{"b", "w"}[len(moves)%2] }

// judge tells whether m wins the entry's position: from the entry's
// cells or, failing them, from the solver within o.check, adding what it
// proves to the entry (note "solved"), or failing that from the outside
// judge o.judge, when there is one (note "judged"). An error is a judge
// that stopped answering.
func judge(ctx context.Context, s *solve.Solver, en *entry, m hex.Move, o scoreOptions) (result, note string, err error) {
	cell := m.String()
	switch {
	case slices.Contains(en.win, cell):
		return "right", "", nil
	case slices.Contains(en.loss, cell):
		return "wrong", "", nil
	}
	record := func(wins bool, note string) (string, string, error) {
		if wins {
			en.win = append(en.win, cell)
			return "right", note, nil
		}
		en.loss = append(en.loss, cell)
		return "wrong", note, nil
	}
	next := en.pos.PlayUnchecked(m)
	if next.ToMove() == rules.Terminal { // it connects
		return record(true, "solved")
	}
	cctx, cancel := context.WithTimeout(ctx, o.check)
	defer cancel()
	if r, err := s.SolvePosition(cctx, next); err == nil {
		return record(!r.Win, "solved") // r.Win: the opponent wins after it
	}
	note = fmt.Sprintf("not solved in %v", o.check)
	if o.judge == nil || ctx.Err() != nil {
		return "unknown", note, nil
	}
	cols, _ := en.pos.Size()
	win, settled, why, err := o.judge.winner(ctx, cols, append(slices.Clip(en.moves), cell))
	switch {
	case ctx.Err() != nil:
		// The run is over (-timeout), which may have cut the judge
		// short: an answer now is neither printed nor counted, so it
		// must not reach the suite either.
		return "unknown", note, nil
	case err != nil:
		return "", "", fmt.Errorf("-judge: %w", err)
	case !settled:
		return "unknown", note + "; " + why, nil
	}
	mover := []hex.Color{hex.Black, hex.White}[len(en.moves)%2]
	return record(win == mover, "judged")
}

// runLine is the start of a position's line of a run's output: its
// verdict, move, suite line and time. The note that may follow can hold
// anything an engine said, so the id is read from the line's end.
var runLine = regexp.MustCompile(`^\d+ (right|wrong|unknown) (\S+) \(line (\d+), ([0-9.]+)s`)

// replayMover gives, for each entry, the move and time an earlier run
// printed for its line of the suite; a "-" move (the engine gave none)
// is an errPlayed error. Every entry must have its line in the run, with
// the entry's id: else the run is of another suite, or another version
// of it.
func replayMover(out io.Reader, entries []entry) (mover, error) {
	type played struct {
		move, line string
		took       time.Duration
	}
	runs := map[int]played{}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		m := runLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		l, _ := strconv.Atoi(m[3])
		secs, _ := strconv.ParseFloat(m[4], 64)
		runs[l] = played{m[2], sc.Text(), time.Duration(secs * float64(time.Second))}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(runs) == 0 {
		return nil, errors.New("no scored position in it")
	}
	for _, en := range entries {
		r, ok := runs[en.line]
		switch {
		case !ok:
			return nil, fmt.Errorf("it scored no position on line %d of the suite", en.line)
		case en.id == "" && !strings.HasSuffix(r.line, ")") || en.id != "" && !strings.HasSuffix(r.line, ") "+en.id):
			return nil, fmt.Errorf("its line for line %d does not end with the suite's id %q: a run of another suite", en.line, en.id)
		}
	}
	return func(en entry) (string, time.Duration, error) {
		r := runs[en.line]
		if r.move == "-" {
			return "", r.took, fmt.Errorf("%w: none in the earlier run", errPlayed)
		}
		return r.move, r.took, nil
	}, nil
}
