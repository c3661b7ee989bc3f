package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/stats"
	"github.com/tabletop-go/rules/examples/protocol"
	"github.com/tabletop-go/rules/notation"
)

// defaultEngineMoveTime is the time per move when a side is an external
// engine and -movetime is 0: a referee needs a clock to tell a slow
// engine from a silent one.
const defaultEngineMoveTime = time.Second

// Arena implements `arena -game SPEC -a PLAYER -b PLAYER [-games N]
// [-seed S] [-openings FILE] [-records FILE] [-concurrency N]
// [-iterations N] [-movetime D] [-margin D] [-maxnodes N] [-workers N]
// [-maxplies N] [-enginestderr]`: a referee. Player A and player B play N games (10
// by default), A taking seat (i mod seats) in game i (counting from 0)
// and B every other seat, so that the colours alternate game by game.
//
// A player is a built-in bot, mcts or random, or an external engine in
// any language: "exec:COMMAND", e.g. -a 'exec:python3 my_engine.py
// --seed 3', runs COMMAND (a program and its arguments, quoted as a shell
// would quote words, but with no other shell syntax: see
// protocol.SplitCommand) and speaks the text protocol of
// examples/protocol to it on its standard input and output. Both players
// may be engines. Every game starts one process for each external side
// (which plays all of that side's seats) and stops it at the end of the
// game, with every process it started (on Linux, where the arena command
// adopts the engines' orphans, even one in a session of its own: see
// protocol.AdoptOrphans); -enginestderr passes the engines' standard error to arena's (it
// is discarded otherwise, but for its last line, quoted when an engine
// crashes). An engine needs to know protocol_version, game, position
// (only for openings given as positions), play and genmove, and may
// refuse name and movetime (go doc ./examples/protocol).
//
// The arena trusts no player. Every move is checked by the library
// before anyone sees it, and a player that sends an illegal move or a
// malformed reply, replies to genmove later than the move time plus
// -margin (default 1s; other commands get 5s, the first 10s), crashes,
// floods its output (a reply over 64 KiB), refuses a command it must
// accept (game, a legal play) or resigns loses the game at once by
// forfeit: its process is killed and the match goes on. No engine can
// hang the arena or make it fail.
//
// -movetime is every player's time per move, the bots' included (0: no
// limit, the bots' -iterations alone; but when a side is an external
// engine, 0 means 1s, so that a silent engine is told from a slow one).
// -iterations, -maxnodes and -workers configure mcts (-workers: the
// goroutines each mcts side searches with, 1 by default, 0 for one per
// core; the node budget is theirs together). A game still going after
// -maxplies plies (default 2000) is stopped and scored as a draw. Chance
// nodes (Domination's draws) are played by the arena, drawn from the
// seed; the games of one round (the same opening, the colours swapped)
// get the same draws as far as their moves allow.
//
// -openings FILE gives the starts of the games: a file of game records
// (each an opening: its start and moves) or of positions, one a line, of
// the variant -game names (see protocol.ReadOpenings). Each opening is
// played once with A at every seat in turn (in a two-player game: twice,
// colours swapped) before the next: game i plays opening (i / seats) mod
// the number of openings. Without -games, the arena plays every opening
// that way once.
//
// -concurrency N plays N games at a time (default 1), each with its own
// engine processes. The output and the records are in game order and the
// same whatever N, as far as the players are deterministic: the bots
// are, for a seed, when -iterations rather than -movetime stops them.
// With N games at a time, memory holds N search trees per mcts side
// (-maxnodes bounds each).
//
// -records FILE writes every game as a record (notation.Record text, in
// game order, a blank line between them; validate reads them) with the
// tags Game, Position (for an opening of another start), Event "arena",
// Round (the game number), Opening (its number in the file), PlayerA,
// PlayerB, ... (the player at each seat: a bot name or exec:COMMAND),
// Result ("*" for a game stopped at -maxplies), and Termination for a
// forfeit ("forfeit: B sent an illegal move ...", "B resigned") or a
// stopped game ("unfinished: stopped after 2000 plies").
//
// It prints a line per game, in game order (NAME is player A's):
//
//	game 1: NAME is seat A: 1-0 (connection) in 13 plies
//	game 2: NAME is seat B: 1-0 (forfeit) in 4 plies; forfeit: B sent an illegal move "c3": ...
//	game 3: NAME is seat A: unfinished after 2000 plies: scored as a draw in 2000 plies
//
// then a summary: each player's points by seat and in all; each
// player's forfeits, in all and by kind in the order of protocol.Kinds
// (illegal move, malformed reply, timeout, crash, output flood, refused,
// resigned; kinds with none left out); A's share of the points with its
// 95% interval; the Elo difference that share implies, with its
// interval; and last `score A B`, the two players' total points (a draw
// gives each ½):
//
//	mcts (A): seat A 4/5 seat B 3.5/5, total 7.5
//	exec:python3 e.py (B): seat A 1.5/5 seat B 1/5, total 2.5
//	forfeits by A: none
//	forfeits by B: 2 (illegal move 1, timeout 1)
//	share of A: 0.750 of 10 games, 95% interval 0.442 to 0.919 (Wilson)
//	Elo of A over B: +191, 95% interval -40 to +422
//	score 7.5 2.5
//
// A's share of a game is A's points over both players' points in it (in
// a two-player game simply A's points: 1, ½ or 0). The interval is the
// Wilson score interval, z = 1.96, of the mean share p over the n games:
// it takes the variance of a game's share to be p(1−p), as if every game
// were won or lost, which draws only make smaller, so with draws the
// interval errs on the wide side. The Elo difference of a share p is
// 400·log10(p/(1−p)), and its interval is that of the share's bounds
// (±inf at a share of 0 or 1). With no games, the two lines are left
// out.
//
// The exit status is 0 when every game was played (forfeits included), 2
// for bad flags, and 1 when the arena itself could not go on (an engine
// program that cannot be started, a records file that cannot be written,
// an interruption).
func Arena(args []string, stdout, stderr io.Writer) int {
	return ArenaContext(context.Background(), args, stdout, stderr)
}

// ArenaContext is Arena under ctx: when ctx is done (an interrupt, in
// the arena command), the games stop, the engines are stopped and the
// arena exits with status 1 after the games it has reported.
func ArenaContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("arena", stderr)
	spec := fs.String("game", "hex(size=7)", "game spec")
	nameA := fs.String("a", "mcts", "player A: mcts, random or exec:COMMAND (an external engine)")
	nameB := fs.String("b", "random", "player B: mcts, random or exec:COMMAND (an external engine)")
	count := fs.Int("games", 10, "number of games (with -openings, by default: each opening once per seat)")
	seed := fs.Uint64("seed", 1, "random seed for the bots and the chance draws")
	think := addThinking(fs, 1500, 1)
	fs.Lookup("movetime").Usage = "time per move of every player, e.g. 2s (0: no limit, the bots' iterations alone; " +
		defaultEngineMoveTime.String() + " when a side is an external engine)"
	margin := fs.Duration("margin", time.Second, "how late past the move time a move may come before it is a forfeit")
	maxPlies := fs.Int("maxplies", 2000, "stop a game after this many plies and score it as a draw")
	openingsFile := fs.String("openings", "", "file of openings (game records or positions, one a line)")
	recordsFile := fs.String("records", "", "write every game as a record to this file")
	concurrency := fs.Int("concurrency", 1, "games played at a time")
	engineStderr := fs.Bool("enginestderr", false, "pass the engines' standard error to arena's")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	gamesSet := false
	fs.Visit(func(f *flag.Flag) { gamesSet = gamesSet || f.Name == "games" })
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
	case *concurrency <= 0:
		fmt.Fprintf(stderr, "arena: -concurrency must be 1 or more, not %d\n", *concurrency)
		return ExitBadArgs
	case *margin <= 0:
		fmt.Fprintf(stderr, "arena: -margin must be more than 0, not %v\n", *margin)
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
	names := [2]string{*nameA, *nameB}
	external := false
	for k, name := range names {
		if err := protocol.CheckPlayer(name, start); err != nil {
			fmt.Fprintf(stderr, "arena: -%c: %s\n", 'a'+k, printable(err.Error()))
			return ExitBadArgs
		}
		external = external || strings.HasPrefix(name, protocol.ExecPrefix)
	}
	var openings []protocol.Opening
	if *openingsFile != "" {
		if openings, err = readOpenings(*openingsFile, start.Spec()); err != nil {
			fmt.Fprintf(stderr, "arena: -openings: %s\n", printable(err.Error()))
			return ExitBadArgs
		}
		if !gamesSet {
			*count = len(openings) * start.Seats()
		}
	}
	var records *os.File
	if *recordsFile != "" {
		if records, err = os.Create(*recordsFile); err != nil {
			fmt.Fprintf(stderr, "arena: -records: %s\n", printable(err.Error()))
			return ExitBadArgs
		}
	}
	a := newMatch(start, names, *seed, think, openings, *margin, *maxPlies, external)
	if *engineStderr {
		a.engine.Stderr = &lockedWriter{w: safeWriter{stderr}}
	}
	err = a.runRecorded(ctx, *count, *concurrency, stdout, records)
	if err != nil {
		fmt.Fprintf(stderr, "arena: %s\n", printable(err.Error()))
		return ExitFailed
	}
	return ExitOK
}

// readOpenings reads the openings file.
func readOpenings(name, spec string) ([]protocol.Opening, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	openings, err := protocol.ReadOpenings(f, spec)
	if err == nil && len(openings) == 0 {
		err = errors.New(name + ": no opening in the file")
	}
	return openings, err
}

// match is the configuration of a match.
type match struct {
	start    rules.Dynamic
	names    [2]string
	seed     uint64
	think    thinking
	openings []protocol.Opening
	referee  protocol.Referee
	engine   protocol.EngineOptions
}

// newMatch is the match the arena's flags give: the referee's move time
// (defaultEngineMoveTime when a side is an external engine and none is
// set), its margin and ply limit, and the engines' margin.
func newMatch(start rules.Dynamic, names [2]string, seed uint64, think thinking, openings []protocol.Opening,
	margin time.Duration, maxPlies int, external bool,
) *match {
	a := &match{
		start:    start,
		names:    names,
		seed:     seed,
		think:    think,
		openings: openings,
		referee: protocol.Referee{
			MoveTime: *think.moveTime,
			// Twice the engine's margin: the engine client's own
			// timer (the move time plus -margin) fires first, so that
			// a forfeit for a timeout says the time it allowed.
			Margin:   2 * margin,
			MaxPlies: maxPlies,
		},
		engine: protocol.EngineOptions{Margin: margin},
	}
	if external && a.referee.MoveTime == 0 {
		a.referee.MoveTime = defaultEngineMoveTime
	}
	return a
}

// runRecorded is run with the records written to the file records (nil:
// none), which it closes: a failure to close it is the error of a run
// that had none.
func (a *match) runRecorded(ctx context.Context, count, concurrency int, out io.Writer, records *os.File) error {
	var w io.Writer
	if records != nil {
		w = records
	}
	err := a.run(ctx, count, concurrency, out, w)
	if records != nil {
		if cerr := records.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("-records: %w", cerr)
		}
	}
	return err
}

// played is one game of the match: its result, or the error that
// stopped it.
type played struct {
	res protocol.Result
	err error
}

// run plays count games, concurrency at a time, and reports them in
// game order: a line each on out and its record on records (if not
// nil), then the summary.
func (a *match) run(ctx context.Context, count, concurrency int, out, records io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait() // every engine is stopped before run returns
	}()
	results := make([]chan played, count)
	for i := range results {
		results[i] = make(chan played, 1)
	}
	jobs := make(chan int)
	go func() {
		defer close(jobs)
		for i := range count {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	mcts := a.names[0] == "mcts" || a.names[1] == "mcts"
	for range min(concurrency, count) {
		wg.Go(func() {
			for i := range jobs {
				if i > 0 && mcts {
					// Earlier games' search trees (up to 256 MiB each
					// by default) are garbage: collect them before this
					// game's grow.
					runtime.GC()
				}
				res, err := a.play(ctx, i)
				results[i] <- played{res, err}
			}
		})
	}
	var sum summary
	for i := range count {
		var g played
		select {
		case g = <-results[i]:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			return fmt.Errorf("stopped during game %d: %w", i+1, context.Cause(ctx))
		}
		if g.err != nil {
			return fmt.Errorf("game %d: %w", i+1, g.err)
		}
		seatA := a.seatA(i)
		line := sum.add(a.start.Seats(), seatA, g.res)
		fmt.Fprintf(out, "game %d: %s is seat %v: %s\n", i+1, printable(a.names[0]), seatA, line)
		if records != nil {
			text := g.res.Record.String()
			if i > 0 {
				text = "\n" + text
			}
			if _, err := io.WriteString(records, text); err != nil {
				return fmt.Errorf("-records: %w", err)
			}
		}
	}
	sum.print(out, a.names, a.start.Seats())
	return nil
}

// seatA is the seat player A takes in game i.
func (a *match) seatA(i int) rules.Player { return rules.Player(i % a.start.Seats()) }

// play plays game i: it starts the two players (an engine process for an
// external side), seats them and has the referee play the game.
func (a *match) play(ctx context.Context, i int) (protocol.Result, error) {
	if err := ctx.Err(); err != nil {
		return protocol.Result{}, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	seats := a.start.Seats()
	round := i / seats
	seatA := a.seatA(i)
	var sides [2]protocol.Player
	defer func() {
		for _, p := range sides {
			if p != nil {
				p.Close()
			}
		}
	}()
	for k, name := range a.names {
		p, err := protocol.NewPlayer(ctx, name, a.start, protocol.PlayerOptions{
			Bot:    a.think.options(a.seed*1000003 + uint64(i)*2 + uint64(k)),
			Engine: a.engine,
		})
		if err != nil {
			return protocol.Result{}, fmt.Errorf("-%c: %w", 'a'+k, err)
		}
		sides[k] = p
	}
	players := make([]protocol.Player, seats)
	ref := a.referee
	ref.Seed = a.seed*1000003 + uint64(round) // the same draws for the games of a round
	ref.Tags = []notation.Tag{{Name: "Event", Value: "arena"}, {Name: "Round", Value: strconv.Itoa(i + 1)}}
	open := protocol.Opening{Start: a.start}
	if len(a.openings) > 0 {
		k := round % len(a.openings)
		open = a.openings[k]
		ref.Tags = append(ref.Tags, notation.Tag{Name: "Opening", Value: strconv.Itoa(k + 1)})
	}
	for s := range players {
		k := 1
		if rules.Player(s) == seatA {
			k = 0
		}
		players[s] = sides[k]
		ref.Tags = append(ref.Tags, notation.Tag{Name: "Player" + rules.Player(s).String(), Value: a.names[k]})
	}
	return ref.Play(ctx, open, players)
}

// summary adds up the games of a match.
type summary struct {
	points   [2]float64
	bySeat   [2][rules.MaxSeats]float64
	played   [2][rules.MaxSeats]int
	forfeits [2]map[error]int
	shares   []float64 // A's share of each game's points
}

// add counts a game in which player A sat at seatA and returns the
// game's line: result, reason and plies, and the forfeit if any.
func (s *summary) add(seats int, seatA rules.Player, res protocol.Result) string {
	outcome := res.Outcome
	plies := len(res.Record.Moves)
	line := outcome.String()
	if !outcome.Over() {
		outcome = rules.Draw(seats, rules.PlyLimit)
		line = "unfinished after " + strconv.Itoa(plies) + " plies: scored as a draw"
	}
	line += " in " + strconv.Itoa(plies) + " plies"
	if f := res.Forfeit; f != nil {
		k := 1
		if f.Seat == seatA {
			k = 0
		}
		if s.forfeits[k] == nil {
			s.forfeits[k] = map[error]int{}
		}
		s.forfeits[k][f.Kind()]++
		term, _ := res.Record.Tag("Termination")
		line += "; " + printable(term)
	}
	// A scores its seat; B plays every other seat and scores its best
	// (with two seats, simply the other one).
	scoreA, scoreB := outcome.Score(seatA), 0.0
	for seat := range seats {
		if rules.Player(seat) != seatA {
			scoreB = max(scoreB, outcome.Score(rules.Player(seat)))
		}
	}
	s.points[0] += scoreA
	s.bySeat[0][seatA] += scoreA
	s.played[0][seatA]++
	s.points[1] += scoreB
	if seats == 2 {
		s.bySeat[1][1-seatA] += scoreB
		s.played[1][1-seatA]++
	}
	share := 0.5
	if scoreA+scoreB > 0 {
		share = scoreA / (scoreA + scoreB)
	}
	s.shares = append(s.shares, share)
	return line
}

// print writes the summary.
func (s *summary) print(out io.Writer, names [2]string, seats int) {
	for k, name := range names {
		var parts []string
		for seat := range seats {
			if s.played[k][seat] > 0 {
				parts = append(parts, fmt.Sprintf("seat %v %s/%d", rules.Player(seat), number(s.bySeat[k][seat]), s.played[k][seat]))
			}
		}
		seatsText := ""
		if len(parts) > 0 {
			seatsText = strings.Join(parts, " ") + ","
		}
		fmt.Fprintf(out, "%s (%c): %s\n", printable(name), 'A'+k, strings.TrimPrefix(seatsText+" total "+number(s.points[k]), " "))
	}
	for k := range names {
		total := 0
		var parts []string
		for _, kind := range protocol.Kinds {
			if n := s.forfeits[k][kind]; n > 0 {
				total += n
				parts = append(parts, kind.Error()+" "+strconv.Itoa(n))
			}
		}
		text := "none"
		if total > 0 {
			text = strconv.Itoa(total) + " (" + strings.Join(parts, ", ") + ")"
		}
		fmt.Fprintf(out, "forfeits by %c: %s\n", 'A'+k, text)
	}
	if n := len(s.shares); n > 0 {
		mean := 0.0
		for _, x := range s.shares {
			mean += x
		}
		mean /= float64(n)
		lo, hi := stats.Wilson(mean, n)
		fmt.Fprintf(out, "share of A: %.3f of %d games, 95%% interval %.3f to %.3f (Wilson)\n", mean, n, lo, hi)
		fmt.Fprintf(out, "Elo of A over B: %s, 95%% interval %s to %s\n", elo(mean), elo(lo), elo(hi))
	}
	fmt.Fprintf(out, "score %s %s\n", number(s.points[0]), number(s.points[1]))
}

// number writes a score as briefly as it can: 7, 7.5.
func number(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// elo returns the Elo difference a share p of the points implies, with
// its sign: "+191", "-31", "0", "+inf".
func elo(p float64) string {
	switch {
	case p <= 0:
		return "-inf"
	case p >= 1:
		return "+inf"
	}
	d := math.Round(400 * math.Log10(p/(1-p)))
	if d == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", d)
}

// lockedWriter serialises the writes of several engines' standard
// errors.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
