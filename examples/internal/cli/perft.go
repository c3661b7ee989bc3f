// Package cli holds the example command-line tools, each as a function
// from arguments and streams to an exit status, so that tests can drive
// them; the main packages under examples/ only call them.
package cli

import (
	"flag"
	"fmt"
	"io"
)

// Exit statuses shared by the tools.
const (
	ExitOK      = 0
	ExitFailed  = 1 // the input was read but did not pass (validate)
	ExitBadArgs = 2 // bad flags, spec or position
)

// Perft implements `perft -game SPEC [-position TEXT] -depth N [-divide]`.
func Perft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("game", "hex", "game spec, e.g. hex(size=7,swap=none)")
	position := fs.String("position", "", "start from this position text instead of the game's start")
	depth := fs.Int("depth", 3, "count the game tree to this many plies")
	divide := fs.Bool("divide", false, "also print the count below each move at the last depth")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		return ExitBadArgs
	}
	if *depth < 0 {
		fmt.Fprintln(stderr, "perft: -depth must be 0 or more")
		return ExitBadArgs
	}
	pos, err := open(*spec, *position)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return ExitBadArgs
	}
	for d := 1; d <= *depth; d++ {
		fmt.Fprintf(stdout, "perft(%d) = %d\n", d, pos.Perft(d))
	}
	if *divide && *depth > 0 {
		for _, e := range pos.Divide(*depth) {
			fmt.Fprintf(stdout, "%s %d\n", e.Move, e.Nodes)
		}
	}
	return ExitOK
}
