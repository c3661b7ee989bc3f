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
)

// Arena implements `arena -game SPEC -a BOT -b BOT -games N [-seed S]
// [-iterations N] [-movetime D] [-maxnodes N] [-maxplies N]`: bot A and
// bot B play N games, A taking seat (i mod seats) in game i and B every
// other seat. It prints a line per game, each bot's points by seat, and
// last `score A B`, the two bots' total points (a draw gives each ½).
func Arena(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("arena", stderr)
	spec := fs.String("game", "hex(size=7)", "game spec")
	nameA := fs.String("a", "mcts", "bot A: mcts or random")
	nameB := fs.String("b", "random", "bot B: mcts or random")
	count := fs.Int("games", 10, "number of games")
	seed := fs.Uint64("seed", 1, "random seed for the bots and the chance draws")
	think := addThinking(fs, 1500)
	maxPlies := fs.Int("maxplies", 2000, "stop a game after this many plies and score it as a draw")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "arena: unexpected argument %q\n", fs.Arg(0))
		return ExitBadArgs
	case *count < 0:
		fmt.Fprintf(stderr, "arena: -games must be 0 or more, not %d\n", *count)
		return ExitBadArgs
	case *maxPlies <= 0:
		fmt.Fprintf(stderr, "arena: -maxplies must be 1 or more, not %d\n", *maxPlies)
		return ExitBadArgs
	}
	if err := think.check(); err != nil {
		fmt.Fprintf(stderr, "arena: %v\n", err)
		return ExitBadArgs
	}
	start, err := open(*spec, "")
	if err != nil {
		fmt.Fprintf(stderr, "arena: %s\n", printable(err.Error()))
		return ExitBadArgs
	}
	for k, name := range []string{*nameA, *nameB} {
		if _, err := bot.ForDynamic(name, start, bot.Options{}); err != nil {
			fmt.Fprintf(stderr, "arena: -%c: %s\n", 'a'+k, printable(err.Error()))
			return ExitBadArgs
		}
	}
	seats := start.Seats()
	names := [2]string{*nameA, *nameB}
	var points [2]float64
	var bySeat [2][rules.MaxSeats]float64
	var played [2][rules.MaxSeats]int
	for i := range *count {
		if i > 0 && (*nameA == "mcts" || *nameB == "mcts") {
			// The last game's search trees (up to 256 MiB each by
			// default) are garbage: collect them before this game's
			// grow, so that memory holds one game's trees, not two.
			runtime.GC()
		}
		var bots [2]bot.Dynamic
		for k := range bots {
			bots[k], _ = bot.ForDynamic(names[k], start, think.options(*seed*1000003+uint64(i)*2+uint64(k)))
		}
		seatA := rules.Player(i % seats)
		who := func(s rules.Player) int {
			if s == seatA {
				return 0
			}
			return 1
		}
		chance := rand.New(rand.NewPCG(*seed, uint64(i)))
		pos, plies := start, 0
		for plies < *maxPlies {
			mover := pos.ToMove()
			if mover == rules.Terminal {
				break
			}
			var move string
			if mover == rules.Chance {
				move = pos.RandomMove(chance)
			} else {
				ctx, cancel := think.context()
				move, err = bots[who(mover)].Choose(ctx, pos)
				cancel()
				if err != nil {
					fmt.Fprintf(stderr, "arena: game %d: %v\n", i+1, err)
					return ExitFailed
				}
			}
			next, err := pos.Play(move)
			if err != nil {
				fmt.Fprintf(stderr, "arena: game %d: bot %s played %s: %v\n", i+1, names[who(mover)], move, err)
				return ExitFailed
			}
			pos = next
			plies++
		}
		outcome := pos.Outcome()
		result := outcome.String()
		if !outcome.Over() {
			outcome = rules.Draw(seats, rules.PlyLimit)
			result = "unfinished after " + strconv.Itoa(plies) + " plies: scored as a draw"
		}
		// A scores its seat; B plays every other seat and scores its best
		// (with two seats, simply the other one).
		scoreA, scoreB := outcome.Score(seatA), 0.0
		for s := range seats {
			if rules.Player(s) != seatA {
				scoreB = max(scoreB, outcome.Score(rules.Player(s)))
			}
		}
		points[0] += scoreA
		bySeat[0][seatA] += scoreA
		played[0][seatA]++
		points[1] += scoreB
		if seats == 2 {
			bySeat[1][1-seatA] += scoreB
			played[1][1-seatA]++
		}
		fmt.Fprintf(stdout, "game %d: %s is seat %v: %s in %d plies\n", i+1, names[0], seatA, result, plies)
	}
	for k, name := range names {
		var parts []string
		for s := range seats {
			if played[k][s] > 0 {
				parts = append(parts, fmt.Sprintf("seat %v %s/%d", rules.Player(s), strconv.FormatFloat(bySeat[k][s], 'f', -1, 64), played[k][s]))
			}
		}
		seatsText := ""
		if len(parts) > 0 {
			seatsText = strings.Join(parts, " ") + ","
		}
		fmt.Fprintf(stdout, "%s (%c): %s\n", name, 'A'+k, strings.TrimPrefix(seatsText+" total "+strconv.FormatFloat(points[k], 'f', -1, 64), " "))
	}
	fmt.Fprintf(stdout, "score %s %s\n", strconv.FormatFloat(points[0], 'f', -1, 64), strconv.FormatFloat(points[1], 'f', -1, 64))
	return ExitOK
}
