package main

import (
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

// winner asks the judge who wins the position of moves (cells from the
// empty board, Black first) on a square board of cols cells a side: it
// returns the winner and true, or false when the judge leaves it
// unsettled (its answer names no colour, or comes later than o.limit:
// then the judge is started again, and note says so). An error is a
// judge that refused a command or stopped: the run cannot go on.
func (o *outside) winner(cols int, moves []string) (win hex.Color, settled bool, note string, err error) {
	commands := []string{fmt.Sprintf("boardsize %d", cols), "clear_board"}
	for k, m := range moves {
		commands = append(commands, fmt.Sprintf("play %s %s", []string{"b", "w"}[k%2], m))
	}
	for _, c := range commands {
		if _, err := o.e.Ask(c, htpclient.SetupTime); err != nil {
			return 0, false, "", fmt.Errorf("the judge: %w", err)
		}
	}
	reply, err := o.e.Ask(o.command+" "+[]string{"b", "w"}[len(moves)%2], o.limit)
	switch {
	case errors.Is(err, htpclient.ErrLate), errors.Is(err, htpclient.ErrGarbled):
		if rerr := o.e.Restart(); rerr != nil {
			return 0, false, "", fmt.Errorf("the judge: %w", rerr)
		}
		if errors.Is(err, htpclient.ErrLate) {
			return 0, false, fmt.Sprintf("the judge did not answer in %v", o.limit), nil
		}
		return 0, false, fmt.Sprintf("the judge's answer: %v", err), nil
	case err != nil:
		return 0, false, "", fmt.Errorf("the judge: %w", err)
	}
	switch strings.ToLower(strings.TrimSpace(reply)) {
	case "black", "b":
		return hex.Black, true, "", nil
	case "white", "w":
		return hex.White, true, "", nil
	}
	return 0, false, "", nil
}
