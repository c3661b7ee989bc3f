package cli

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/hexbot"
	"github.com/tabletop-go/rules/hex/patterns"
	"github.com/tabletop-go/rules/notation"
)

// HTP implements `htp [-swap sides|pieces|none] [-bot hex|mcts] [-nopatterns | -patterns FILE]
// [-playoutpatterns] [-notreefill] [-exploration X] [-ravevisits X] [-patternbias X]
// [-iterations N] [-movetime D] [-maxnodes N] [-workers N] [-seed S]`:
// a Hex engine speaking the Hex Text Protocol (HTP, the GTP dialect of
// HexGui and MoHex) on standard input and output. Its moves come from
// the Hex bot of hex/hexbot (-bot hex, the default: MCTS with virtual
// connections, inferior cells and the solver; on boards of more than
// 380 cells, which it does not take, the generic MCTS plays; -nopatterns
// takes away its learned move priors, hex/patterns, -patterns takes them
// from a model file (examples/hexpatterns -out) instead of the embedded
// model, -playoutpatterns
// draws its rollouts' moves by the playout model of hex/patterns,
// -notreefill keeps a tree node's fill-in off the board of its rollouts
// (hexbot.Options.NoTreeFill);
// -exploration, -ravevisits and -patternbias set its selection's
// weights, hexbot.Options' Exploration, RaveVisits and PatternBias, 0
// turning the first two off) or from the generic MCTS bot of
// examples/bot (-bot mcts, which takes none of the Hex bot's flags).
// -iterations caps the playouts of a genmove (the Hex bot given -movetime but no -iterations
// has no cap but the time), -movetime bounds its time, -maxnodes the nodes
// of the search trees, -workers the goroutines searching (by default
// one per core). Each
// command is "[id] name args"; the reply is "=[id] result" or "?[id]
// error", then a blank line.
//
// As GTP says, control characters other than tabs are removed from a
// command, and "#" starts a comment. A line longer than 64 KiB gets the
// failure reply "? line too long" (with the id if the line starts with
// one) and the engine reads on.
//
// Colours are stone colours: b (black, top to bottom) and w. The swap is
// the move "swap", "swap-pieces" or "swap-sides" (in any case; HexGui
// writes "swap-pieces"), which plays the engine's swap; genmove writes
// "swap-pieces" or "swap-sides" by the -swap mode.
func HTP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e, ok := newEngine(args, stderr)
	if !ok {
		return ExitBadArgs
	}
	in := protocol.NewLineReader(stdin)
	for {
		line, err := in.Next()
		if err == protocol.ErrLineTooLong {
			id, _ := protocol.ParseRequest(line)
			fmt.Fprintf(stdout, "?%s line too long (more than %d bytes)\n\n", id, maxInputLine)
			continue
		}
		if err != nil {
			return ExitOK // the end of the input, or an error reading it: the session is over
		}
		id, fields := protocol.ParseRequest(line)
		if len(fields) == 0 {
			if id != "" {
				fmt.Fprintf(stdout, "?%s missing command\n\n", id)
			}
			continue
		}
		reply, err := e.do(fields[0], fields[1:])
		if err != nil {
			fmt.Fprintf(stdout, "?%s %s\n\n", id, printable(err.Error()))
			continue
		}
		if reply != "" {
			reply = " " + reply
		}
		fmt.Fprintf(stdout, "=%s%s\n\n", id, reply)
		if fields[0] == "quit" {
			return ExitOK
		}
	}
}

// newEngine makes the engine of htp's flags, or writes what is wrong with
// them to stderr and reports false.
func newEngine(args []string, stderr io.Writer) (*engine, bool) {
	fs := newFlagSet("htp", stderr)
	swap := fs.String("swap", "sides", "the pie rule: sides, pieces or none")
	think := addThinking(fs, 3000, 0)
	// The Hex bot's nodes are smaller than the generic MCTS's that
	// addThinking's text gives (both default to the same memory).
	fs.Lookup("maxnodes").Usage = fmt.Sprintf("MCTS tree nodes at most, all workers together: nodes of %d bytes for the Hex bot, "+
		"%d for the generic MCTS (0: the default, %d MiB of tree)", hexbot.NodeBytes, bot.NodeBytes[hex.Move](), hexbot.DefaultTreeBytes>>20)
	seed := fs.Uint64("seed", 1, "random seed")
	botName := fs.String("bot", "hex", "the bot: hex (the Hex bot with virtual connections and a solver) or mcts (the generic MCTS)")
	noPatterns := fs.Bool("nopatterns", false, "the Hex bot plays without the learned move priors (hex/patterns), for comparisons")
	playoutPatterns := fs.Bool("playoutpatterns", false, "the Hex bot's rollouts draw their moves by the playout model of hex/patterns, for comparisons")
	noTreeFill := fs.Bool("notreefill", false, "the Hex bot keeps a tree node's fill-in off its rollouts' board (the bot as it was), for comparisons")
	patternsFile := fs.String("patterns", "", "the Hex bot's move priors from this model file (examples/hexpatterns -out) instead of the embedded model, for comparisons")
	weights := addWeights(fs)
	if err := fs.Parse(args); err != nil {
		return nil, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "htp: unexpected argument %q (commands are read from standard input)\n", fs.Arg(0))
		return nil, false
	}
	cfg, err := hex.ParseSpec("hex(size=11,swap=" + *swap + ")")
	if err != nil {
		fmt.Fprintf(stderr, "htp: -swap must be sides, pieces or none, not %q\n", *swap)
		return nil, false
	}
	if err := think.check(); err != nil {
		fmt.Fprintf(stderr, "htp: %v\n", err)
		return nil, false
	}
	if err := weights.check(); err != nil {
		fmt.Fprintf(stderr, "htp: %v\n", err)
		return nil, false
	}
	if *botName != "hex" && *botName != "mcts" {
		fmt.Fprintf(stderr, "htp: -bot must be hex or mcts, not %q\n", *botName)
		return nil, false
	}
	given := map[string]bool{} // the flags set on the command line
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if *botName == "mcts" {
		// The first set in lexical order is named, the order of fs.Visit.
		for _, name := range []string{"exploration", "nopatterns", "notreefill", "patternbias", "patterns", "playoutpatterns", "ravevisits"} {
			if given[name] {
				fmt.Fprintf(stderr, "htp: -%s is the Hex bot's, and -bot mcts plays\n", name)
				return nil, false
			}
		}
	}
	if *noPatterns && given["patternbias"] {
		fmt.Fprintf(stderr, "htp: -patternbias weighs the learned priors, which -nopatterns leaves out\n")
		return nil, false
	}
	var model *patterns.Model // nil: the bot's default, the embedded model
	if given["patterns"] {
		if *noPatterns {
			fmt.Fprintf(stderr, "htp: -patterns gives the learned priors, which -nopatterns leaves out\n")
			return nil, false
		}
		data, err := os.ReadFile(*patternsFile)
		if err == nil {
			model, err = patterns.Parse(data)
		}
		if err != nil {
			fmt.Fprintf(stderr, "htp: -patterns %q: %v\n", *patternsFile, err)
			return nil, false
		}
	}
	e := &engine{cfg: cfg, pos: cfg.Start(), think: think, seed: *seed, botName: *botName, noPatterns: *noPatterns, patterns: model,
		playoutPatterns: *playoutPatterns, noTreeFill: *noTreeFill, weights: weights}
	e.timed = *think.moveTime > 0 && !given["iterations"]
	e.newBot()
	return e, true
}

type engine struct {
	cfg     hex.Config
	pos     hex.Position
	history []hex.Position
	bot     bot.Bot[hex.Position, hex.Move]
	botName string
	// noPatterns: the Hex bot without its learned priors.
	noPatterns bool
	// patterns: the Hex bot's model of priors (-patterns), nil for the
	// embedded one.
	patterns *patterns.Model
	// playoutPatterns: the Hex bot's rollouts by the pattern policy.
	playoutPatterns bool
	// noTreeFill: the Hex bot's tree nodes keep their fill-in off the
	// rollouts' board.
	noTreeFill bool
	// weights are the Hex bot's selection weights.
	weights weights
	seed    uint64
	think   thinking
	timed   bool // -movetime without -iterations: the Hex bot plays by time alone
}

// newBot makes the bot for the board size: the Hex bot where it plays
// the board, else the generic MCTS.
func (e *engine) newBot() {
	o := e.think.options(e.seed)
	if e.botName == "hex" && hexbot.Supports(e.cfg.Cols, e.cfg.Rows) {
		if e.timed {
			o.Iterations = math.MaxInt32
		}
		e.bot = hexbot.New(e.hexOptions(o))
		return
	}
	e.bot = bot.NewMCTS[hex.Position, hex.Move](o)
}

// hexOptions returns the Hex bot's options: o's search budget and the
// Hex bot's own flags.
func (e *engine) hexOptions(o bot.Options) hexbot.Options {
	opts := hexbot.Options{Iterations: o.Iterations, MaxNodes: o.MaxNodes, Workers: o.Workers, Seed: o.Seed,
		NoPatterns: e.noPatterns, Patterns: e.patterns, PlayoutPatterns: e.playoutModel(), NoTreeFill: e.noTreeFill}
	e.weights.set(&opts)
	return opts
}

var htpCommands = []string{"all_legal_moves", "boardsize", "clear_board", "final_score", "genmove",
	"known_command", "list_commands", "name", "play", "protocol_version", "quit", "showboard", "undo", "version"}

func (e *engine) do(cmd string, args []string) (string, error) {
	switch cmd {
	case "name":
		return "tabletop-go rules", nil
	case "version":
		return "1.0", nil
	case "protocol_version":
		return "2", nil
	case "list_commands":
		return strings.Join(htpCommands, "\n"), nil
	case "known_command":
		if len(args) != 1 {
			return "", fmt.Errorf("usage: known_command NAME")
		}
		for _, c := range htpCommands {
			if c == args[0] {
				return "true", nil
			}
		}
		return "false", nil
	case "quit":
		return "", nil
	case "boardsize":
		return "", e.boardsize(args)
	case "clear_board":
		e.pos, e.history = e.cfg.Start(), nil
		return "", nil
	case "play":
		return "", e.play(args)
	case "genmove":
		return e.genmove(args)
	case "undo":
		if len(e.history) == 0 {
			return "", fmt.Errorf("cannot undo")
		}
		e.pos = e.history[len(e.history)-1]
		e.history = e.history[:len(e.history)-1]
		return "", nil
	case "showboard":
		return "\n" + e.pos.Diagram(), nil
	case "all_legal_moves":
		var out []string
		for _, m := range e.pos.AppendMoves(nil) {
			out = append(out, e.moveText(m))
		}
		return strings.Join(out, " "), nil
	case "final_score":
		switch e.pos.Winner() {
		case hex.Black:
			return "B+", nil
		case hex.White:
			return "W+", nil
		}
		return "", fmt.Errorf("the game is not over")
	}
	return "", fmt.Errorf("unknown command")
}

func (e *engine) boardsize(args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return fmt.Errorf("usage: boardsize N or boardsize COLS ROWS")
	}
	cols, ok := notation.ParseNatural(args[0])
	rows := cols
	if ok && len(args) == 2 {
		rows, ok = notation.ParseNatural(args[1])
	}
	cfg := hex.Config{Cols: cols, Rows: rows, Swap: e.cfg.Swap}
	if !ok || cfg.Validate() != nil {
		return fmt.Errorf("unacceptable size")
	}
	e.cfg, e.pos, e.history = cfg, cfg.Start(), nil
	e.newBot()
	return nil
}

func parseColor(s string) (hex.Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return hex.Black, nil
	case "w", "white":
		return hex.White, nil
	}
	return hex.Empty, fmt.Errorf("invalid color %q", s)
}

func (e *engine) checkTurn(c hex.Color) error {
	switch {
	case e.pos.ToMove() == rules.Terminal:
		return fmt.Errorf("the game is over")
	case c != e.pos.ColorOf(e.pos.Turn()):
		return fmt.Errorf("it is %s's turn", e.pos.ColorOf(e.pos.Turn()))
	}
	return nil
}

func (e *engine) play(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("usage: play COLOR MOVE")
	}
	c, err := parseColor(args[0])
	if err != nil {
		return err
	}
	if err := e.checkTurn(c); err != nil {
		return err
	}
	m := hex.Swap
	switch strings.ToLower(args[1]) {
	case "swap", "swap-pieces", "swap-sides":
	default:
		if m, err = e.pos.ParseMove(args[1]); err != nil {
			return fmt.Errorf("invalid move: %s", reason(err))
		}
	}
	next, err := e.pos.Play(m)
	if err != nil {
		return fmt.Errorf("illegal move: %s", reason(err))
	}
	e.history = append(e.history, e.pos)
	e.pos = next
	return nil
}

func (e *engine) genmove(args []string) (string, error) {
	if len(args) != 1 {
		return "", fmt.Errorf("usage: genmove COLOR")
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	if err := e.checkTurn(c); err != nil {
		return "", err
	}
	ctx, cancel := e.think.context()
	m, err := e.bot.Choose(ctx, e.pos)
	cancel()
	if err != nil {
		return "", err
	}
	e.history = append(e.history, e.pos)
	e.pos = e.pos.PlayUnchecked(m)
	return e.moveText(m), nil
}

func (e *engine) moveText(m hex.Move) string {
	if m == hex.Swap {
		return "swap-" + e.cfg.Swap.String()
	}
	return m.String()
}

// playoutModel is the Hex bot's playout model: patterns.Playout() with
// -playoutpatterns, else none (uniform rollouts).
func (e *engine) playoutModel() *patterns.Model {
	if e.playoutPatterns {
		return patterns.Playout()
	}
	return nil
}
