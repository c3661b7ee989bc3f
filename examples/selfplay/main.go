// Command selfplay plays games of any registered game between copies of a
// bot and prints them as records; with -data FILE.npz it also writes
// training data for a network (observations, legal-action masks, search
// policies, values, actions, seats, games, plies and whether each game
// finished) as a NumPy archive:
//
//	selfplay -game SPEC [-games N] [-seed S] [-bot random|mcts]
//	         [-iterations N] [-movetime D] [-maxnodes N] [-workers N]
//	         [-position TEXT] [-maxplies N] [-data FILE.npz [-compress]]
//
// A game still going after -maxplies plies (default 1000) is left
// unfinished. The doc of cli.Selfplay in examples/internal/cli describes
// every flag and array, and the README's "Train a network" the shapes per
// game.
package main

import (
	"os"

	"github.com/tabletop-go/rules/examples/internal/cli"
)

func main() { os.Exit(cli.Selfplay(os.Args[1:], os.Stdout, os.Stderr)) }
