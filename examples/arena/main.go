// Command arena is a referee: it plays games between two players, each
// a built-in bot (mcts, random) or an external engine in any language
// (exec:COMMAND, speaking the text protocol of examples/protocol),
// checks every move, forfeits a player that misbehaves and prints the
// score with its 95% interval: see the doc of cli.Arena in
// examples/internal/cli.
//
//	go run ./examples/arena -game 'hex(size=9)' -a 'exec:python3 my_engine.py' -b mcts -games 20 -concurrency 2 -records games.txt
//
// An interrupt (Ctrl-C) stops the games and the engines. On Linux the
// arena is the reaper of every process its engines start
// (protocol.AdoptOrphans): none outlives its game, not even one that left
// the engine's session.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/tabletop-go/rules/examples/internal/cli"
	"github.com/tabletop-go/rules/examples/protocol"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := arena(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// arena is the command: it adopts the engines' orphans where the system
// allows (elsewhere an engine's descendant in another session may outlive
// it), then referees the match.
func arena(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	protocol.AdoptOrphans()
	return cli.ArenaContext(ctx, args, stdout, stderr)
}
