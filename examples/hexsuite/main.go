// Command hexsuite builds suites of Hex positions whose winning moves
// are known, and scores Hex engines on them: how often an engine, given
// a won position, plays a move that keeps the win. A suite is a test
// set for one skill, finding the move that decides a game, that needs
// no opponent: where a match of 40 games against another program
// measures a bot's strength to within about 15 points, the same
// positions asked again of two versions tell apart what each finds.
//
//	go run ./examples/hexsuite -make -records FILE[,FILE...] -out SUITE [-scan 250ms] [-each 2s] [-back 3] [-per 2]
//	    [-table 256] [-timeout D]
//	go run ./examples/hexsuite -suite SUITE -engine 'CMD ARGS' [-dir DIR] [-setup FILE] [-movetime 1s]
//	    [-grace 10s] [-check 10s] [-first N] [-update] [-table 256] [-timeout D] [JUDGE]
//	go run ./examples/hexsuite -suite SUITE -moves RUN [-check 10s] [-first N] [-update] [-table 256] [-timeout D] [JUDGE]
//
// where JUDGE is -judge 'CMD ARGS' [-judgedir DIR] [-judgesetup FILE] [-judgetime 2m]
// [-judgecmd dfpn-solve-state].
//
// # Suite files
//
// A suite is a text file, one position a line; blank lines and lines
// starting with '#' are skipped. A line is fields separated by '|':
// first the game spec (a square board without the pie rule, swap=none,
// of at most the solver's cells) and the moves from the empty board that
// lead to the position, Black first; then
//
//	win CELL...    cells whose stone wins for the side to move (at least one)
//	loss CELL...   cells whose stone loses (none, or some)
//	id TEXT        where the position came from
//
// in any order, each at most once:
//
//	hex(size=9,swap=none) e5 c3 d4 | win f8 | loss c3 | id mohex-9x9.txt game 13 after 21 moves
//
// Every position is one the side to move wins; the cells under win and
// loss are those proven so far, not all of them. hexsuite trusts them
// as written: a suite is only as good as what made it (-make and the
// solver's proofs).
//
// # Making a suite
//
// -make reads the games of record files (as examples/hexmatch -records
// writes them) and solves, with the proof-number solver of package
// hex/solve, the position after each move from the start with -scan a
// position until it proves one; then, with -each a position, the
// positions before it, up to -back of them, while it proves them. From
// the earliest proven position on, it takes the first -per positions
// (at most) that the side to move wins, looking no further than 2·-per
// positions past the earliest (the proofs then belong to a game already
// decided), with the winning move the solver found and the move the
// game went on with when the solver settles it within -each. A position
// already in the suite, or the same up to the board's half turn, is
// taken once. The positions are added to the end of the -out file
// (created when there are some), and a line a game tells what was
// found. All the record files are read and replayed before any solving.
//
// # Scoring an engine
//
// -suite sends an HTP engine (the command's words are split at spaces)
// each position with boardsize, clear_board and play, then genmove for
// the side to move (each command with a number, GTP's id, that a reply
// repeats or leaves out; a genmove answered late, with another id or
// with garbage starts the engine again, a bad answer to another command
// stops the run), and prints a line a position: "right" when the move
// is under win, or the solver proves it wins within -check; "wrong"
// when it is under loss, the solver proves it loses, or the engine
// gave no legal move within -movetime and -grace (an engine that
// resigns a won position is wrong too); "unknown" otherwise. Then the
// share of right moves among the known, with its Wilson 95% interval,
// and the engine's mean time a move (of its genmoves alone). -update
// writes the moves the solver (or the judge) settled into the suite file, so that the
// next run knows them (also when the run stopped early); it writes the
// lines of the positions it was to score (all, or the first -first) in
// their canonical form (cells sorted).
// -moves RUN, instead of an engine, takes each position's move and time
// from the output of an earlier run on the same suite (its lines name
// the suite's lines and ids) and judges them again: with a longer
// -check it settles that run's unknowns.
// -setup is a file of HTP commands sent to the engine first (e.g.
// MoHex's param settings), -dir its working directory.
//
// # An outside judge
//
// The positions a strong engine decides are often beyond this
// project's solver. -judge names an HTP engine with a solver of its
// own, asked about each move the suite does not know and the solver
// leaves unsettled in -check: the position after the move is set up
// (boardsize, clear_board, play) and -judgecmd is sent with the colour
// to move ("dfpn-solve-state w": by default the command of MoHex and
// the other Benzene programs), which answers the winner's colour (black
// or white, b or w, in any case) or, when it cannot tell within its own
// time limit, something else ("empty"). The move is then right or wrong
// as for the solver, with the note "judged", and -update writes it into
// the suite as it does the solver's (the closing line says how many the
// judge settled). The judge is started first and asked known_command
// for -judgecmd's first word: one that does not know it stops the run
// at once. A judge that gives no answer within -judgetime (or before
// -timeout), or garbles its answer to the solving command, is started
// again and the move stays unknown, with the reason; one that refuses a
// command, garbles its answer to a command that sets the position up,
// or stops answering stops the run. For MoHex:
//
//	-judge ./mohex -judgedir DIR -judgesetup FILE
//
// with the line "param_dfpn timelimit 45" in FILE. A suite judged so is
// only as right as the judge: say which in the suite's header.
//
// # Exit status
//
// 0 when the run was done; 1 when an engine or the judge could not be
// started, stopped answering or answered boardsize, clear_board, play or
// a setup command badly, when the judge did not know or refused its
// solving command, or when -timeout ran out; 2 for bad flags, a bad
// suite or a bad record file.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tabletop-go/rules/examples/internal/htpclient"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// The flags of each mode, beside -table and -timeout, which both take.
var (
	makeFlags  = []string{"make", "records", "out", "scan", "each", "back", "per"}
	suiteFlags = []string{"suite", "engine", "moves", "dir", "setup", "movetime", "grace", "check", "first", "update",
		"judge", "judgedir", "judgesetup", "judgetime", "judgecmd"}
	replayOff  = []string{"dir", "setup", "movetime", "grace"}               // engine flags -moves has no use for
	judgeFlags = []string{"judgedir", "judgesetup", "judgetime", "judgecmd"} // -judge's own
)

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hexsuite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mk := fs.Bool("make", false, "make a suite from -records into -out")
	records := fs.String("records", "", "with -make, record files, separated by commas")
	out := fs.String("out", "", "with -make, the suite file to add the positions to")
	scan := fs.Duration("scan", 250*time.Millisecond, "with -make, the solver's time a position until it proves one")
	each := fs.Duration("each", 2*time.Second, "with -make, the solver's time a position before and after the first proof")
	back := fs.Int("back", 3, "with -make, how many positions before the first proof to try")
	per := fs.Int("per", 2, "with -make, the positions taken from a game at most")
	suite := fs.String("suite", "", "the suite to score the engine on")
	engine := fs.String("engine", "", "the HTP engine's command")
	replay := fs.String("moves", "", "judge the moves of an earlier run's output (a file) instead of an engine's")
	dir := fs.String("dir", "", "the engine's working directory")
	setup := fs.String("setup", "", "a file of HTP commands for the engine before the first position")
	moveTime := fs.Duration("movetime", time.Second, "the engine's nominal time a move (set it in its command too)")
	grace := fs.Duration("grace", 10*time.Second, "how late past -movetime a move may come before it is wrong")
	check := fs.Duration("check", 10*time.Second, "the solver's time for a move the suite does not know")
	first := fs.Int("first", 0, "score only the first N positions (0: all)")
	update := fs.Bool("update", false, "write the moves the solver (or the judge) settled into the suite")
	table := fs.Int("table", 256, "the solver's transposition table in MiB (1 to 16384)")
	timeout := fs.Duration("timeout", 0, "stop after this long (0: no limit)")
	judgeCmd := fs.String("judge", "", "an HTP engine whose solver settles the moves the solver does not in -check (e.g. MoHex)")
	judgeDir := fs.String("judgedir", "", "the judge's working directory")
	judgeSetup := fs.String("judgesetup", "", "a file of HTP commands for the judge first (e.g. param_dfpn timelimit 45)")
	judgeTime := fs.Duration("judgetime", 2*time.Minute, "how long the judge may take over a move before it stays unknown")
	solveCmd := fs.String("judgecmd", "dfpn-solve-state", "the judge's solving command: given the colour to move, it answers the winner (black or white), or anything else when it cannot tell")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	misplaced := func(names []string) string {
		for _, n := range names {
			if given[n] {
				return "-" + n
			}
		}
		return ""
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "hexsuite: "+format+"\n", a...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return bad("unexpected argument %q", fs.Arg(0))
	case *mk == (*suite != ""):
		return bad("want -make (with -records and -out) or -suite (with -engine or -moves)")
	case *mk && misplaced(suiteFlags) != "":
		return bad("%s is for scoring (-suite), not -make", misplaced(suiteFlags))
	case !*mk && misplaced(makeFlags) != "":
		return bad("%s is for -make, not scoring (-suite)", misplaced(makeFlags))
	case *mk && (*records == "" || *out == ""):
		return bad("-make needs -records and -out")
	case !*mk && (strings.TrimSpace(*engine) == "") == (*replay == "") || given["engine"] && *replay != "":
		return bad("-suite needs -engine (a command) or -moves")
	case *replay != "" && misplaced(replayOff) != "":
		return bad("%s is for an engine, not -moves", misplaced(replayOff))
	case *scan <= 0 || *each <= 0 || *moveTime <= 0 || *check <= 0 || *grace < 0 || *timeout < 0:
		return bad("-scan, -each, -movetime and -check must be more than 0; -grace and -timeout 0 or more")
	case *back < 0 || *per < 1 || *first < 0:
		return bad("-back and -first must be 0 or more, -per 1 or more")
	case *table < 1 || *table > 16384:
		return bad("-table must be from 1 to 16384 MiB, not %d", *table)
	case given["judge"] && strings.TrimSpace(*judgeCmd) == "":
		return bad("-judge needs a command")
	case *judgeCmd == "" && misplaced(judgeFlags) != "":
		return bad("%s needs -judge", misplaced(judgeFlags))
	case *judgeTime <= 0:
		return bad("-judgetime must be more than 0, not %v", *judgeTime)
	case len(strings.Fields(*solveCmd)) == 0:
		return bad("-judgecmd needs a command")
	}
	ctx := context.Background()
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	if *mk {
		return makeRun(ctx, strings.Split(*records, ","), *out, makeOptions{scan: *scan, each: *each, back: *back, per: *per, table: *table}, stdout, stderr)
	}
	data, err := os.ReadFile(*suite)
	if err != nil {
		return bad("-suite: %v", err)
	}
	entries, err := readSuite(bytes.NewReader(data))
	if err != nil {
		return bad("-suite: %s: %v", *suite, err)
	}
	if *first > 0 && *first < len(entries) {
		entries = entries[:*first]
	}
	if *judgeSetup != "" {
		if _, err := os.Stat(*judgeSetup); err != nil {
			return bad("-judgesetup: %v", err)
		}
	}
	o := scoreOptions{moveTime: *moveTime, grace: *grace, check: *check, table: *table}
	if strings.TrimSpace(*judgeCmd) != "" {
		// Before the engine: a judge that will not do fails at once.
		j, err := startOutside(*judgeCmd, *judgeDir, *judgeSetup, *solveCmd, *judgeTime)
		if err != nil {
			fmt.Fprintf(stderr, "hexsuite: -judge: %v\n", err)
			return 1
		}
		defer j.e.Stop()
		o.judge = j
	}
	var move mover
	if *replay != "" {
		f, err := os.Open(*replay)
		if err == nil {
			move, err = replayMover(f, entries)
			f.Close()
		}
		if err != nil {
			return bad("-moves: %s: %v", *replay, err)
		}
	} else {
		if *setup != "" {
			if _, err := os.Stat(*setup); err != nil {
				return bad("-setup: %v", err)
			}
		}
		e, err := htpclient.Start(filepath.Base(strings.Fields(*engine)[0]), *engine, *dir, *setup)
		if err != nil {
			fmt.Fprintf(stderr, "hexsuite: %v\n", err)
			return 1
		}
		defer e.Stop()
		move = engineMover(e, o)
	}
	t, err := scoreSuite(ctx, entries, move, o, stdout)
	status := 0
	if err != nil {
		fmt.Fprintf(stderr, "hexsuite: %v\n", err)
		status = 1
	}
	if *update && t.learned > 0 {
		if err := rewrite(*suite, data, entries); err != nil {
			fmt.Fprintf(stderr, "hexsuite: -update: %v\n", err)
			return 1
		}
		if t.judged == 0 {
			fmt.Fprintf(stdout, "wrote %s the solver settled into %s\n", count(t.learned, "move"), *suite)
		} else {
			fmt.Fprintf(stdout, "wrote %s into %s: %d the solver settled, %d the judge\n", count(t.learned, "move"), *suite, t.learned-t.judged, t.judged)
		}
	}
	return status
}

// count writes n things: "1 move", "2 moves".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
