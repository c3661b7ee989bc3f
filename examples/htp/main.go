// Command htp is a Hex engine for HexGui and other HTP controllers: see
// the doc of cli.HTP in examples/internal/cli.
package main

import (
	"os"

	"github.com/tabletop-go/rules/examples/internal/cli"
)

func main() { os.Exit(cli.HTP(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
