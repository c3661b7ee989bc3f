package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tabletop-go/rules/examples/internal/htpclient"
	"github.com/tabletop-go/rules/hex"
)

// This file is the outside judge: another program's solver, asked over
// HTP, for the moves this project's solver cannot settle in -check.

// outside is an HTP engine with a solving command (-judge): MoHex's
// dfpn-solve-state, which takes the colour to move and answers the
// winner's colour, or "empty" when it cannot settle the position in its
// own time limit (param_dfpn timelimit, set in -judgesetup).
type outside struct {
	e       *htpclient.Engine
	command string        // the solving command, before the colour
	limit   time.Duration // how long an answer may take (-judgetime)
}

// startOutside starts the judge (the command line, its directory and
// setup file) and makes sure it knows its solving command, whose first
// word it asks about with known_command: a judge that does not would
// fail only at the first move the solver leaves unsettled, perhaps
// hours into a run.
func startOutside(command, dir, setup, solve string, limit time.Duration) (*outside, error) {
	e, err := htpclient.Start("judge", command, dir, setup)
	if err != nil {
		return nil, err
	}
	name := strings.Fields(solve)[0]
	if known, err := e.Ask("known_command "+name, htpclient.SetupTime); err != nil || known != "true" {
		e.Stop()
		if err == nil {
			err = fmt.Errorf("it does not know the command %q (known_command answered %q; see -judgecmd)", name, known)
		}
		return nil, err
	}
	return &outside{e: e, command: strings.Join(strings.Fields(solve), " "), limit: limit}, nil
}

// winner asks the judge who wins the position of moves (cells from the
// empty board, Black first) on a square board of cols cells a side: it
// returns the winner and true, or false with the reason (note) when the
// judge leaves it unsettled: its answer names no colour, or comes later
// than o.limit or ctx's deadline (then the judge is started again), or
// is garbled (the same). An error is a judge that refused a command,
// garbled its answer to one that sets the position up, or stopped: the
// run cannot go on.
func (o *outside) winner(ctx context.Context, cols int, moves []string) (win hex.Color, settled bool, note string, err error) {
	// wait bounds an answer by limit and by what is left of ctx.
	wait := func(limit time.Duration) time.Duration {
		if d, ok := ctx.Deadline(); ok {
			limit = max(min(limit, time.Until(d)), time.Millisecond)
		}
		return limit
	}
	for _, c := range setUp(cols, moves) {
		if _, err := o.e.Ask(c, wait(htpclient.SetupTime)); err != nil {
			return 0, false, "", err
		}
	}
	limit := wait(o.limit)
	reply, err := o.e.Ask(o.command+" "+toMove(moves), limit)
	switch {
	case errors.Is(err, htpclient.ErrLate), errors.Is(err, htpclient.ErrGarbled):
		// Its conversation is out of step: start it again.
		if rerr := o.e.Restart(); rerr != nil {
			return 0, false, "", fmt.Errorf("starting it again: %w", rerr)
		}
		if errors.Is(err, htpclient.ErrLate) {
			return 0, false, fmt.Sprintf("the judge did not answer in %v", limit), nil
		}
		return 0, false, fmt.Sprintf("the judge's answer: %v", err), nil
	case err != nil:
		return 0, false, "", err
	}
	switch strings.ToLower(strings.TrimSpace(reply)) {
	case "black", "b":
		return hex.Black, true, "", nil
	case "white", "w":
		return hex.White, true, "", nil
	}
	return 0, false, fmt.Sprintf("the judge answered %q", reply), nil
}
