// Package cli holds the example command-line tools, each as a function
// from arguments and streams to an exit status, so that tests can drive
// them; the main packages under examples/ only call them.
package cli

import (
	"fmt"
	"io"
	"strconv"
)

// Exit statuses shared by the tools.
const (
	ExitOK      = 0
	ExitFailed  = 1 // the input was read but did not pass (validate)
	ExitBadArgs = 2 // bad flags, spec or position
)

// MaxPerftDepth is the deepest perft the tool counts: far beyond what
// any game can count in a lifetime, and a bound on its output.
const MaxPerftDepth = 64

// Perft implements `perft -game SPEC [-position TEXT] -depth N [-divide]`:
// it prints `perft(d) = COUNT` for d = 1..N (N at most MaxPerftDepth).
// Once a depth counts 0 (every line has ended), the deeper ones are 0
// too and are printed without a search.
func Perft(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("perft", stderr)
	spec := fs.String("game", "hex", "game spec, e.g. hex(size=7,swap=none)")
	position := fs.String("position", "", "start from this position text instead of the game's start")
	depth := fs.Int("depth", 3, "count the game tree to this many plies (at most "+strconv.Itoa(MaxPerftDepth)+")")
	divide := fs.Bool("divide", false, "also print the count below each move at the last depth")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		return ExitBadArgs
	}
	if *depth < 0 || *depth > MaxPerftDepth {
		fmt.Fprintf(stderr, "perft: -depth must be from 0 to %d, not %d\n", MaxPerftDepth, *depth)
		return ExitBadArgs
	}
	pos, err := open(*spec, *position)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %s\n", printable(err.Error()))
		return ExitBadArgs
	}
	ended := false
	for d := 1; d <= *depth; d++ {
		var n uint64
		if !ended {
			n = pos.Perft(d)
			ended = n == 0
		}
		fmt.Fprintf(stdout, "perft(%d) = %d\n", d, n)
	}
	if *divide && *depth > 0 {
		for _, e := range pos.Divide(*depth) {
			fmt.Fprintf(stdout, "%s %d\n", e.Move, e.Nodes)
		}
	}
	return ExitOK
}
