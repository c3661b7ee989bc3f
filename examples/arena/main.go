// Command arena plays two bots against each other: see the doc of
// cli.Arena in examples/internal/cli.
package main

import (
	"os"

	"github.com/tabletop-go/rules/examples/internal/cli"
)

func main() { os.Exit(cli.Arena(os.Args[1:], os.Stdout, os.Stderr)) }
