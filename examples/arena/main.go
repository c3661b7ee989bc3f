// Command arena is a referee: it plays games between two players, each
// a built-in bot (mcts, random) or an external engine in any language
// (exec:COMMAND, speaking the text protocol of examples/protocol),
// checks every move, forfeits a player that misbehaves and prints the
// score with its 95% interval: see the doc of cli.Arena in
// examples/internal/cli.
//
//	go run ./examples/arena -game 'hex(size=9)' -a 'exec:python3 my_engine.py' -b mcts -games 20 -concurrency 2 -records games.txt
//
// An interrupt (Ctrl-C) stops the games and the engines.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/tabletop-go/rules/examples/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.ArenaContext(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
