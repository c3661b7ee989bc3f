// Command engine serves a bot of examples/bot (the MCTS bot by default)
// for every game of the module over the text protocol of
// examples/protocol, on standard input and output:
//
//	go run ./examples/engine [-game SPEC] [-movetime D] [-iterations N] [-seed S] [-maxnodes N] [-workers N] [-bot mcts|random|hex] [-noreuse] [-nopatterns] [-playoutpatterns] [-notreefill]
//
// -game starts the session with a game (without it the controller sends
// game SPEC first); -movetime is the time per genmove until the
// controller's movetime command says otherwise (0: no limit, the
// iterations alone); -iterations caps the playouts of a move; -workers
// is the number of goroutines the MCTS bot searches with (0, the
// default: one per core; the search tree of the last move is reused
// when the game goes on from it). -bot hex plays Hex with the Hex bot of
// hex/hexbot (virtual connections, inferior cells, a solver; boards of
// up to 380 cells; it keeps its tree from move to move too, unless
// -noreuse, and is guided by the move priors of hex/patterns, unless
// -nopatterns; -playoutpatterns draws its rollouts' moves by the playout
// model of hex/patterns; -notreefill keeps its tree nodes' fill-in off
// the rollouts' board) and every other game, and larger Hex boards, with the MCTS
// bot. The
// protocol is in the doc of examples/protocol (go doc
// ./examples/protocol); a session looks like
//
//	game hex(size=5)
//	=
//
//	play b c3
//	=
//
//	genmove w
//	= c2
//
// Exit status: 0 at quit or the end of the input, 1 if the output
// cannot be written, 2 for bad flags.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	_ "github.com/tabletop-go/rules/examples/internal/games" // the games it serves, with the bots' typed hooks
	"github.com/tabletop-go/rules/examples/protocol"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/hexbot"
	"github.com/tabletop-go/rules/hex/patterns"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("engine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "the game to start with, e.g. 'hex(size=9)' (none: the controller sends game SPEC)")
	moveTime := fs.Duration("movetime", 0, "time per move, e.g. 2s (0: no limit; the iterations still cap it)")
	iterations := fs.Int("iterations", 3000, "MCTS playouts per move at most")
	maxNodes := fs.Int("maxnodes", 0, "MCTS tree nodes at most, all workers together (0: the default budget)")
	workers := fs.Int("workers", 0, "MCTS goroutines searching at once, up to "+strconv.Itoa(bot.MaxWorkers)+" (0: one per core)")
	seed := fs.Uint64("seed", 1, "random seed")
	name := fs.String("bot", "mcts", "the bot: "+strings.Join(bot.Names, ", ")+", or hex (the Hex bot for hex games, mcts for the others)")
	noReuse := fs.Bool("noreuse", false, "the Hex bot (-bot hex) starts every search from an empty tree, for comparisons")
	noPatterns := fs.Bool("nopatterns", false, "the Hex bot (-bot hex) plays without the learned move priors (hex/patterns), for comparisons")
	playoutPatterns := fs.Bool("playoutpatterns", false, "the Hex bot's (-bot hex) rollouts draw their moves by the playout model of hex/patterns, for comparisons")
	noTreeFill := fs.Bool("notreefill", false, "the Hex bot (-bot hex) keeps its tree nodes' fill-in off the rollouts' board, for comparisons")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "engine: unexpected argument %q (requests are read from standard input)\n", fs.Arg(0))
		return 2
	case *iterations <= 0:
		fmt.Fprintf(stderr, "engine: -iterations must be 1 or more, not %d\n", *iterations)
		return 2
	case *moveTime < 0:
		fmt.Fprintf(stderr, "engine: -movetime must be 0 (no limit) or more, not %v\n", *moveTime)
		return 2
	case *maxNodes < 0:
		fmt.Fprintf(stderr, "engine: -maxnodes must be 0 (the default budget) or more, not %d\n", *maxNodes)
		return 2
	case *workers < 0 || *workers > bot.MaxWorkers:
		fmt.Fprintf(stderr, "engine: -workers must be from 0 (one per core) to %d, not %d\n", bot.MaxWorkers, *workers)
		return 2
	}
	if *workers == 0 {
		*workers = runtime.GOMAXPROCS(0)
	}
	if *game != "" {
		if _, err := rules.Open(*game); err != nil {
			fmt.Fprintf(stderr, "engine: -game: %v\n", err)
			return 2
		}
	}
	opts := bot.Options{Iterations: *iterations, MaxNodes: *maxNodes, Seed: *seed, Workers: *workers}
	newBot := protocol.BotFactory(*name, opts)
	if *name == "hex" {
		hexOpts := opts
		timed := *moveTime > 0
		fs.Visit(func(f *flag.Flag) { timed = timed && f.Name != "iterations" })
		if timed {
			hexOpts.Iterations = math.MaxInt32
		}
		flags := hexbot.Options{NoReuse: *noReuse, NoPatterns: *noPatterns, NoTreeFill: *noTreeFill}
		if *playoutPatterns {
			flags.PlayoutPatterns = patterns.Playout()
		}
		newBot = hexFactory(hexOpts, flags)
	} else if _, err := bot.NewDynamic(*name, bot.Options{}); err != nil { // any game's bots: a check of the name
		fmt.Fprintf(stderr, "engine: -bot: %v\n", err)
		return 2
	}
	srv := &protocol.Server{
		Name:     "tabletop-go " + *name,
		Version:  "1",
		Game:     *game,
		NewBot:   newBot,
		MoveTime: *moveTime,
	}
	if err := srv.Serve(context.Background(), stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "engine: %v\n", err)
		return 1
	}
	return 0
}

// hexFactory returns a Server.NewBot that plays Hex with the Hex bot
// (on the boards it takes; its switches from flags, the rest from opts)
// and everything else with MCTS, a new seed per game as
// protocol.BotFactory gives.
func hexFactory(opts bot.Options, flags hexbot.Options) func(start rules.Dynamic) (bot.Dynamic, error) {
	var games atomic.Uint64
	return func(start rules.Dynamic) (bot.Dynamic, error) {
		o := opts
		o.Seed += games.Add(1) - 1
		if p, ok := start.Typed().(hex.Position); ok && hexbot.Supports(p.Size()) {
			h := flags
			h.Iterations, h.MaxNodes, h.Seed, h.Workers = o.Iterations, o.MaxNodes, o.Seed, o.Workers
			return bot.Erase[hex.Position, hex.Move](hexbot.New(h)), nil
		}
		return bot.ForDynamic("mcts", start, o)
	}
}
