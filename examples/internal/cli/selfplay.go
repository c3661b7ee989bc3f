package cli

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/games"
	"github.com/tabletop-go/rules/notation"
)

// Selfplay implements `selfplay -game SPEC [-games N] [-seed S] [-bot
// random] [-position TEXT] [-maxplies N]`: it plays games and prints them
// as records that validate accepts, each followed by `#` comment lines
// with a picture of the final board and the result.
func Selfplay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	spec := fs.String("game", "hex", "game spec, e.g. hex(size=7,swap=pieces)")
	count := fs.Int("games", 1, "number of games")
	seed := fs.Uint64("seed", 1, "random seed; game i uses the PCG stream (seed, i)")
	bot := fs.String("bot", "random", "the bot playing every seat: random")
	position := fs.String("position", "", "start every game from this position text")
	maxPlies := fs.Int("maxplies", 1000, "stop a game after this many plies and leave it unfinished (*); random Focus games rarely end by themselves")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "selfplay: unexpected argument %q\n", fs.Arg(0))
		return ExitBadArgs
	case *bot != "random":
		fmt.Fprintf(stderr, "selfplay: unknown bot %q (known: random)\n", *bot)
		return ExitBadArgs
	case *count < 0 || *maxPlies < 0:
		fmt.Fprintln(stderr, "selfplay: -games and -maxplies must be 0 or more")
		return ExitBadArgs
	}
	start, err := games.Start(*spec, *position)
	if err != nil {
		fmt.Fprintf(stderr, "selfplay: %v\n", err)
		return ExitBadArgs
	}
	for i := range *count {
		r := rand.New(rand.NewPCG(*seed, uint64(i)))
		rec := notation.Record{Tags: []notation.Tag{
			{Name: "Game", Value: start.Spec()},
			{Name: "Round", Value: strconv.Itoa(i + 1)},
			{Name: "Seed", Value: strconv.FormatUint(*seed, 10)},
		}}
		if *position != "" {
			rec.SetTag("Position", start.String())
		}
		pos := start
		for len(rec.Moves) < *maxPlies {
			move := pos.RandomMove(r)
			if move == "" {
				break
			}
			next, err := pos.Play(move)
			if err != nil { // a bug in the game package: say so loudly
				fmt.Fprintf(stderr, "selfplay: the game refused its own move %s: %v\n", move, err)
				return ExitFailed
			}
			pos = next
			rec.Moves = append(rec.Moves, move)
		}
		rec.SetTag("Result", pos.Outcome().Result())
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprint(stdout, rec.String())
		fmt.Fprint(stdout, comment(pos))
	}
	return ExitOK
}

// comment returns the final board and result as # lines.
func comment(pos rules.Dynamic) string {
	var b strings.Builder
	if d := pos.Diagram(); d != "" {
		for line := range strings.SplitSeq(d, "\n") {
			b.WriteString("# " + line + "\n")
		}
	}
	b.WriteString("# result " + pos.Outcome().String() + "\n")
	return b.String()
}
