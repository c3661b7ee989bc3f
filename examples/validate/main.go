// Command validate: see the doc of cli.Validate in examples/internal/cli.
package main

import (
	"os"

	"github.com/tabletop-go/rules/examples/internal/cli"
)

func main() { os.Exit(cli.Validate(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
