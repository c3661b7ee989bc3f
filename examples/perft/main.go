// Command perft: see the doc of cli.Perft in examples/internal/cli.
package main

import (
	"os"

	"github.com/tabletop-go/rules/examples/internal/cli"
)

func main() { os.Exit(cli.Perft(os.Args[1:], os.Stdout, os.Stderr)) }
