// Command hexmatch referees a match between two Hex engines that speak
// HTP (the Hex Text Protocol of HexGui, MoHex and examples/htp):
//
//	go run ./examples/hexmatch -a 'CMD ARGS' -b 'CMD ARGS' [-size 9] [-openings 20 | -at CELLS]
//	    [-sides both] [-repeat 1] [-from 1] [-movetime 1s] [-grace 10s]
//	    [-adir DIR] [-bdir DIR] [-asetup FILE] [-bsetup FILE] [-records FILE]
//
// Each game starts from an opening, Black's first stone, placed by the
// referee (no swap), and by default every opening is played twice, each
// engine answering it once as White and once taking Black's side; so a
// match of -openings N is 2N games. The openings are N cells spread over
// the board in reading order (cell k·C/N + C/(2N) of the C cells, for k
// from 0), and on a board of fewer than N cells each cell once.
//
// A match can be narrowed to the openings and sides that measure one
// skill. -at names the openings instead of -openings (naming both is an
// error), as cells in a comma-separated list played in its order (-at
// b2,e3,d4; spaces around a cell and upper case are allowed, a cell named
// twice is not). -sides black plays only the games in which A takes the
// opening's side (Black), -sides white only those in which it answers
// (with -sides both, the default, each opening is two games). -repeat R
// plays the list of openings, named or spread, R times over. The match is
// then the list's openings, R times in a row, each with its sides. -from
// K starts at the K-th opening of that sequence (with both sides, game
// 2K-1), so that a long match can be played in parts: the parts' games
// are those of the whole match, numbered as in it.
//
// The referee sends each engine boardsize, clear_board, the moves with
// play, and genmove for its own moves, each command with a number (GTP's
// id) that a reply repeats or leaves out; it checks every move against the
// rules of package hex, and a move that is illegal, unreadable, a
// resignation, a failure reply or later than -movetime plus -grace loses
// the game for its engine (a late engine, or one whose reply was
// garbled, is started again, with its setup, for the next game).
// -asetup and -bsetup name files of HTP commands sent to the engine
// before the first game (e.g. MoHex's param settings), one a line;
// -adir and -bdir are the engines' working directories. The command
// words are split at spaces (no quoting).
//
// It prints a line for each game and then A's score with its Wilson 95%
// interval and each engine's mean and longest time a move, with the
// moves it made in under a tenth of -movetime (a proven win, a forced
// move) and the mean of the others (the time its searches used). Exit status:
// 0 when the match was played, 1 when an engine could not be started,
// stopped, or gave no answer within a minute, a failure or a garbled
// answer to a command other than genmove, 2 for bad flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/internal/htpclient"
	"github.com/tabletop-go/rules/examples/internal/stats"
	"github.com/tabletop-go/rules/hex"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// engine is one of the match's engines with its time statistics.
type engine struct {
	*htpclient.Engine

	spent time.Duration
	moves int
	worst time.Duration
	// quick counts the moves that took under a tenth of -movetime (a
	// proven win, a forced move) and quickSpent their time, so that the
	// report can tell the others' mean: the time a search used.
	quick      int
	quickSpent time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hexmatch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	a := fs.String("a", "", "engine A's command")
	b := fs.String("b", "", "engine B's command")
	adir := fs.String("adir", "", "engine A's working directory")
	bdir := fs.String("bdir", "", "engine B's working directory")
	asetup := fs.String("asetup", "", "file of HTP commands for engine A before the first game")
	bsetup := fs.String("bsetup", "", "file of HTP commands for engine B before the first game")
	size := fs.Int("size", 9, "board size")
	openings := fs.Int("openings", 20, "openings spread over the board, each played once a side (see -sides)")
	at := fs.String("at", "", "the openings as a comma-separated list of cells, in place of -openings (b2,e3,d4)")
	sides := fs.String("sides", "both", "the sides A plays in each opening: both, black (the opening's side) or white")
	repeat := fs.Int("repeat", 1, "how many times the list of openings is played")
	from := fs.Int("from", 1, "the first opening to play, from 1 to the openings times -repeat (to play a match in parts)")
	moveTime := fs.Duration("movetime", time.Second, "the engines' nominal time a move (set it in their commands too)")
	grace := fs.Duration("grace", 10*time.Second, "how late past -movetime a move may come before it loses")
	records := fs.String("records", "", "write the games as records to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := hex.ParseSpec(fmt.Sprintf("hex(size=%d,swap=none)", *size))
	if err != nil || *a == "" || *b == "" || *openings < 1 || *repeat < 1 || fs.NArg() > 0 {
		fmt.Fprintf(stderr, "hexmatch: want -a and -b commands, -size from 1 to %d, -openings and -repeat of 1 or more\n", hex.MaxSize)
		return 2
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	firsts, err := openingCells(cfg, *openings, *at, given["at"], given["openings"])
	if err != nil {
		fmt.Fprintf(stderr, "hexmatch: %v\n", err)
		return 2
	}
	aBlacks, ok := map[string][]int{"both": {0, 1}, "black": {1}, "white": {0}}[*sides]
	if !ok {
		fmt.Fprintf(stderr, "hexmatch: -sides %q: want both, black or white\n", *sides)
		return 2
	}
	// A bound far past any match that could be played, so that the
	// game numbers (openings × repeat × sides) cannot overflow.
	if *repeat > maxGames/(len(aBlacks)*len(firsts)) {
		fmt.Fprintf(stderr, "hexmatch: -repeat %d: more than %d games\n", *repeat, maxGames)
		return 2
	}
	if total := len(firsts) * *repeat; *from < 1 || *from > total {
		fmt.Fprintf(stderr, "hexmatch: -from %d: want 1 to %d (the openings times -repeat)\n", *from, total)
		return 2
	}
	var recs *os.File
	if *records != "" {
		if recs, err = os.Create(*records); err != nil {
			fmt.Fprintf(stderr, "hexmatch: %v\n", err)
			return 1
		}
		defer recs.Close()
	}
	engines := [2]*engine{}
	for k, c := range []struct{ name, cmd, dir, setup string }{{"a", *a, *adir, *asetup}, {"b", *b, *bdir, *bsetup}} {
		e, err := htpclient.Start(c.name, c.cmd, c.dir, c.setup)
		if err != nil {
			fmt.Fprintf(stderr, "hexmatch: %v\n", err)
			return 1
		}
		engines[k] = &engine{Engine: e}
		defer e.Stop()
	}
	score, games := 0.0, 0
	for o := *from - 1; o < len(firsts)**repeat; o++ {
		first := firsts[o%len(firsts)]
		for k, aBlack := range aBlacks {
			// Black's side is the side of the first stone: the engine
			// to play Black answers after White's reply.
			black, white := engines[1], engines[0]
			if aBlack == 1 {
				black, white = engines[0], engines[1]
			}
			winner, moves, why, err := play(cfg, first, black, white, *moveTime, *grace)
			if err != nil {
				fmt.Fprintf(stderr, "hexmatch: %v\n", err)
				return 1
			}
			games++
			number := o*len(aBlacks) + k + 1
			aWon := (winner == rules.Player(0)) == (aBlack == 1)
			if aWon {
				score++
			}
			fmt.Fprintf(stdout, "game %d: opening %v, A is %s: %s wins%s in %d moves\n", number, first,
				[]string{"White", "Black"}[aBlack], map[bool]string{true: "A", false: "B"}[aWon], why, len(moves))
			if recs != nil {
				result := "1-0"
				if winner == 1 {
					result = "0-1"
				}
				fmt.Fprintf(recs, "[Game %q]\n[PlayerA %q]\n[PlayerB %q]\n[Result %q]\n\n%s\n\n", cfg.Spec(),
					black.Name, white.Name, result, strings.Join(moves, " "))
			}
		}
	}
	lo, hi := stats.Wilson(score/float64(games), games)
	fmt.Fprintf(stdout, "A scored %.0f of %d (%.1f%%, Wilson 95%% interval %.1f–%.1f%%)\n", score, games, 100*score/float64(games), 100*lo, 100*hi)
	for _, e := range engines {
		fmt.Fprintln(stdout, e.summary())
	}
	return 0
}

// maxGames bounds a match's games: a million, more than a year of play
// at 1 s a move.
const maxGames = 1_000_000

// openingCells is the match's list of openings: the cells of at, in its
// order, when -at was given (atSet), or n cells spread over the board.
// Naming both -at and -openings is an error, as is an empty list or a
// cell that is not on the board or is named twice.
func openingCells(cfg hex.Config, n int, at string, atSet, openingsSet bool) ([]hex.Move, error) {
	if !atSet {
		cells := cfg.Cols * cfg.Rows
		n = min(n, cells)
		firsts := make([]hex.Move, n)
		for k := range firsts {
			cell := k*cells/n + cells/(2*n)
			firsts[k] = hex.Place(hex.NewSquare(cell%cfg.Cols, cell/cfg.Cols))
		}
		return firsts, nil
	}
	if openingsSet {
		return nil, errors.New("-at names the openings: leave out -openings")
	}
	start := cfg.Start()
	var firsts []hex.Move
	seen := map[hex.Move]bool{}
	for i, s := range strings.Split(at, ",") {
		m, err := start.ParseMove(strings.TrimSpace(s))
		if err == nil && m.IsSwap() {
			err = errors.New("the swap is no opening")
		}
		if err != nil {
			return nil, fmt.Errorf("-at: opening %d, %q: %v", i+1, s, err)
		}
		if seen[m] {
			return nil, fmt.Errorf("-at: opening %d, %q: named twice", i+1, s)
		}
		seen[m] = true
		firsts = append(firsts, m)
	}
	return firsts, nil
}

// record counts a move of the engine that took took, at moveTime a move.
func (e *engine) record(took, moveTime time.Duration) {
	e.spent += took
	e.moves++
	e.worst = max(e.worst, took)
	if took < moveTime/10 {
		e.quick++
		e.quickSpent += took
	}
}

// summary is the engine's line of the report: its moves, their mean and
// longest time, how many took under a tenth of -movetime and the
// others' mean.
func (e *engine) summary() string {
	return fmt.Sprintf("engine %s: %d moves, %.2fs a move on average, %.2fs at most; %d under a tenth of -movetime, the others %.2fs on average",
		e.Name, e.moves, e.spent.Seconds()/float64(max(e.moves, 1)), e.worst.Seconds(),
		e.quick, (e.spent-e.quickSpent).Seconds()/float64(max(e.moves-e.quick, 1)))
}

// play plays one game from Black's first stone and returns the winner's
// seat (0 for Black), the moves and why the game ended when it was no
// connection. err is for an engine that stopped answering.
func play(cfg hex.Config, first hex.Move, black, white *engine, moveTime, grace time.Duration) (rules.Player, []string, string, error) {
	limit := moveTime + grace
	both := []*engine{black, white}
	for _, e := range both {
		for _, c := range []string{fmt.Sprintf("boardsize %d", cfg.Cols), "clear_board", "play b " + first.String()} {
			if _, err := e.Ask(c, htpclient.SetupTime); err != nil {
				return 0, nil, "", err
			}
		}
	}
	p := cfg.Start().PlayUnchecked(first)
	moves := []string{first.String()}
	for p.ToMove() != rules.Terminal {
		seat := p.ToMove()
		e, other := both[seat], both[1-seat]
		colour := []string{"b", "w"}[seat]
		began := time.Now()
		reply, err := e.Ask("genmove "+colour, limit)
		took := time.Since(began)
		e.record(took, moveTime)
		loses := func(why string) (rules.Player, []string, string, error) {
			return 1 - seat, moves, " (" + e.Name + " " + why + ")", nil
		}
		switch {
		case errors.Is(err, htpclient.ErrLate):
			// Its answer may still come: start it again, in step.
			if err := e.Restart(); err != nil {
				return 0, moves, "", err
			}
			return loses(fmt.Sprintf("gave no move in %v", limit))
		case errors.Is(err, htpclient.ErrGarbled):
			// A reply to another command: out of step, as a late one.
			if err := e.Restart(); err != nil {
				return 0, moves, "", err
			}
			return loses("answered genmove with " + err.Error())
		case errors.Is(err, htpclient.ErrRefused):
			return loses("answered genmove with " + err.Error())
		case err != nil:
			return 0, moves, "", err
		}
		if took > limit {
			return loses(fmt.Sprintf("took %.1fs", took.Seconds()))
		}
		if strings.EqualFold(reply, "resign") {
			return loses("resigned")
		}
		m, err := p.ParseMove(strings.ToLower(reply))
		if err == nil {
			err = p.Legal(m)
		}
		if err != nil || m.IsSwap() {
			return loses(fmt.Sprintf("played %q: %v", reply, err))
		}
		if _, err := other.Ask(fmt.Sprintf("play %s %s", colour, m), htpclient.SetupTime); err != nil {
			return 0, moves, "", err
		}
		p = p.PlayUnchecked(m)
		moves = append(moves, m.String())
	}
	w, _ := p.Outcome().Winner()
	return w, moves, "", nil
}
