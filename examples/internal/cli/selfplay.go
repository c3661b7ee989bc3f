package cli

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/notation"
)

// Selfplay implements `selfplay -game SPEC [-games N] [-seed S] [-bot
// random|mcts] [-iterations N] [-movetime D] [-maxnodes N] [-workers N]
// [-noise F] [-temperature T] [-temperatureplies N] [-position TEXT]
// [-maxplies N] [-data FILE.npz [-compress]]`: it plays games and
// prints them as records that validate accepts, each followed by `#`
// comment lines with a picture of the final board and the result. Chance
// draws are sampled from the seed and written into the record. With -bot
// mcts, -movetime bounds the time of each move, -maxnodes the memory of
// the search tree and -workers the goroutines that search it (1 by
// default; 0: one per core). -bot guided is AlphaZero's search
// (bot.NewGuided) with random rollouts for values, exploring as
// AlphaZero's self-play does: Dirichlet noise of weight -noise (0.25) at
// the root, and each move drawn in proportion to the root's visits
// (-temperature 1) for the first -temperatureplies plies (30), the most
// visited after them; these three flags go with -bot guided only.
//
// -data FILE.npz also writes training data for a network (the records
// still go to stdout): a NumPy .npz archive, numpy.load(FILE), with a row
// for every decision position of the games (chance draws are not
// decisions and get none), in game and ply order. For N rows, a game
// whose observation shape is P×R×C (rules.Dynamic.ObservationShape) and
// whose variant has A actions (NumActions):
//
//   - observations, float32 N×P×R×C: Observation(mover), the position
//     from the view of the seat to move;
//   - masks, bool N×A: the legal actions (LegalActions);
//   - policies, float32 N×A: the search root's visit counts normalised
//     (bot.Searcher; for -bot mcts they include the visits kept from the
//     tree of the move before), or for -bot random the uniform distribution over the
//     legal actions; zero outside the mask, each row summing to 1;
//   - values, float32 N: the mover's return in the game's outcome
//     (Outcome.Return, in [-1, 1], the seats' returns summing to 0: +1
//     a win and -1 a loss with two seats, 0 a draw; with k seats and one
//     winner a loss is -1/(k-1); in four-seat team play a win is +2/3
//     and a loss -2/3), and 0 for every
//     position of a game that -maxplies stopped unfinished (its record
//     on stdout has the result *);
//   - actions, int32 N: the action index of the move played (ActionIndex);
//   - seats, int8 N: the mover (0 for seat A);
//   - games, int32 N: the game's number, from 0, to split data by game;
//   - plies, int32 N: the position's ply (rules.Dynamic.Ply: the moves
//     and chance draws played before it);
//   - finished, bool N: whether the game ended by its rules (false for
//     every row of a game -maxplies stopped, whose values are 0 though
//     no draw was reached).
//
// With -compress the arrays are deflated, at the fastest level (the zip
// method numpy.savez_compressed uses; numpy.load reads both): for Hex
// 11×11 the file is 25 times smaller.
//
// The rows are streamed through temporary files beside FILE (unlinked at
// once where the system allows), so memory does not grow with N; the
// archive is written once the games are over, into a temporary file
// beside FILE renamed to FILE at the end: a run that fails leaves FILE
// as it was, and so does one killed (with a hidden .npz-*.tmp beside
// it). The name must end in .npz, which also
// catches a -data whose value is missing and swallowed the next flag.
func Selfplay(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("selfplay", stderr)
	spec := fs.String("game", "hex", "game spec, e.g. hex(size=7,swap=pieces)")
	count := fs.Int("games", 1, "number of games")
	seed := fs.Uint64("seed", 1, "random seed; game i uses the PCG stream (seed, i)")
	botName := fs.String("bot", "random", "the bot playing every seat: random, mcts or guided")
	think := addThinking(fs, 300, 1)
	explore := addExploration(fs)
	position := fs.String("position", "", "start every game from this position text")
	maxPlies := fs.Int("maxplies", 1000, "stop a game after this many plies and leave it unfinished (*); random Focus games rarely end by themselves")
	dataFile := fs.String("data", "", "also write training data (observations, masks, policies, values, actions, ...) to this .npz file")
	compress := fs.Bool("compress", false, "deflate the -data arrays (the zip method of numpy.savez_compressed, at the fastest level): a smaller file, written slower")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	// -data first: a -data whose value is missing swallows the next flag
	// and leaves that flag's value as an argument, which is the clearer
	// message of the two.
	if err := dataFlagError(*dataFile); err != nil {
		fmt.Fprintf(stderr, "selfplay: %s\n", printable(err.Error()))
		return ExitBadArgs
	}
	if *compress && *dataFile == "" {
		fmt.Fprintf(stderr, "selfplay: -compress needs -data FILE.npz\n")
		return ExitBadArgs
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "selfplay: unexpected argument %q\n", fs.Arg(0))
		return ExitBadArgs
	case *count < 0:
		fmt.Fprintf(stderr, "selfplay: -games must be 0 or more, not %d\n", *count)
		return ExitBadArgs
	case *maxPlies < 0:
		fmt.Fprintf(stderr, "selfplay: -maxplies must be 0 or more, not %d\n", *maxPlies)
		return ExitBadArgs
	}
	if err := think.check(); err != nil {
		fmt.Fprintf(stderr, "selfplay: %v\n", err)
		return ExitBadArgs
	}
	if err := explore.check(fs, *botName); err != nil {
		fmt.Fprintf(stderr, "selfplay: %v\n", err)
		return ExitBadArgs
	}
	start, err := open(*spec, *position)
	if err != nil {
		fmt.Fprintf(stderr, "selfplay: %s\n", printable(err.Error()))
		return ExitBadArgs
	}
	if _, err := bot.ForDynamic(*botName, start, bot.Options{}); err != nil {
		fmt.Fprintf(stderr, "selfplay: %s\n", printable(err.Error()))
		return ExitBadArgs
	}
	var data *dataset
	if *dataFile != "" {
		if data, err = newDataset(*dataFile, start); err != nil {
			fmt.Fprintf(stderr, "selfplay: -data: %s\n", printable(err.Error()))
			return ExitBadArgs
		}
		defer data.abort() // a failed run leaves no file; after close, nothing
		data.w.Deflate = *compress
	}
	run := selfplayRun{start: start, botName: *botName, seed: *seed, think: think, explore: explore,
		position: *position, maxPlies: *maxPlies, data: data, stderr: stderr}
	for i := range *count {
		if i > 0 && *botName != "random" {
			// The last game's search tree (up to 256 MiB by default) is
			// garbage: collect it before this game's grows, so that
			// memory holds one tree, not two.
			runtime.GC()
		}
		rec, pos, ok := run.game(i)
		if !ok {
			return ExitFailed
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprint(stdout, rec.String())
		fmt.Fprint(stdout, comment(pos))
	}
	if data != nil {
		if err := data.close(); err != nil {
			fmt.Fprintf(stderr, "selfplay: -data: %s\n", printable(err.Error()))
			return ExitFailed
		}
	}
	return ExitOK
}

// selfplayRun is what every game of a selfplay run shares: the start,
// the bot and its thinking, the limits, the -data dataset (nil: none) and
// where errors go.
type selfplayRun struct {
	start    rules.Dynamic
	botName  string
	seed     uint64
	think    thinking
	explore  exploration
	position string
	maxPlies int
	data     *dataset
	stderr   io.Writer
}

// game plays game i of the run (its chance draws and bot seeded from the
// run's seed and i), adding its decisions to the dataset, and returns its
// record and final position. On a failure it prints the message to
// stderr and returns ok false: the run fails.
func (run selfplayRun) game(i int) (notation.Record, rules.Dynamic, bool) {
	r := rand.New(rand.NewPCG(run.seed, uint64(i)))
	opts := run.think.options(run.seed*1000003 + uint64(i))
	opts.Guide = run.explore.guide()
	player, _ := bot.ForDynamic(run.botName, run.start, opts)
	rec := notation.Record{Tags: []notation.Tag{
		{Name: "Game", Value: run.start.Spec()},
		{Name: "Round", Value: strconv.Itoa(i + 1)},
		{Name: "Seed", Value: strconv.FormatUint(run.seed, 10)},
	}}
	if run.position != "" {
		rec.SetTag("Position", run.start.String())
	}
	pos := run.start
	for len(rec.Moves) < run.maxPlies {
		var move string
		switch pos.ToMove() {
		case rules.Terminal:
		case rules.Chance:
			move = pos.RandomMove(r)
		default:
			ctx, cancel := run.think.context()
			var err error
			move, err = player.Choose(ctx, pos)
			cancel()
			if err != nil {
				fmt.Fprintf(run.stderr, "selfplay: %v\n", err)
				return rec, pos, false
			}
			if run.data != nil {
				if err := run.data.record(pos, player, move, i); err != nil {
					fmt.Fprintf(run.stderr, "selfplay: -data: %s\n", printable(err.Error()))
					return rec, pos, false
				}
			}
		}
		if move == "" {
			break
		}
		next, err := pos.Play(move)
		if err != nil { // a bug in the game package: say so loudly
			fmt.Fprintf(run.stderr, "selfplay: the game refused its own move %s: %v\n", move, err)
			return rec, pos, false
		}
		pos = next
		rec.Moves = append(rec.Moves, move)
	}
	rec.SetTag("Result", pos.Outcome().Result())
	if run.data != nil {
		if err := run.data.endGame(pos); err != nil {
			fmt.Fprintf(run.stderr, "selfplay: -data: %s\n", printable(err.Error()))
			return rec, pos, false
		}
	}
	return rec, pos, true
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
