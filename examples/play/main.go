// Command play lets a person play any game against a bot in the terminal:
// see the doc of cli.Play in examples/internal/cli.
package main

import (
	"os"

	"github.com/tabletop-go/rules/examples/internal/cli"
)

func main() { os.Exit(cli.Play(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
