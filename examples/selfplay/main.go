// Command selfplay: see the doc of cli.Selfplay in examples/internal/cli.
package main

import (
	"os"

	"github.com/tabletop-go/rules/examples/internal/cli"
)

func main() { os.Exit(cli.Selfplay(os.Args[1:], os.Stdout, os.Stderr)) }
