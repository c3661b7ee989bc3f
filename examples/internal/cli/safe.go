package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
	"github.com/tabletop-go/rules/hex"
)

// The tools read input from strangers: records, SGF, protocol commands,
// a person's typing. Whatever of it they echo goes through printable or
// token, so that no output holds a raw control character (an escape
// sequence would act on the terminal) or more than a short piece of the
// input.

// maxShownBytes bounds the text of one error or message the tools write.
const maxShownBytes = 300

// printable returns s with every character that is not printable (control
// characters, C1 controls, bidirectional overrides, invalid UTF-8)
// escaped as in a Go string literal ("\x1b", "\n", "\u202e"), cut to
// maxShownBytes with "..." after.
func printable(s string) string {
	e := protocol.Escape(s)
	if len(e) <= maxShownBytes {
		return e
	}
	cut := maxShownBytes
	for cut > 0 && !utf8.RuneStart(e[cut]) {
		cut--
	}
	return e[:cut] + "..."
}

// maxTokenBytes bounds a move token echoed in an output line.
const maxTokenBytes = 40

// token returns a move token for an output line: as written when it is
// short and every character printable and not a space, else quoted as a
// Go string (escapes and all) and cut to maxTokenBytes with "..." after.
func token(s string) string {
	plain := len(s) <= maxTokenBytes && s != ""
	for _, r := range s {
		if r == utf8.RuneError || r == ' ' || r == '"' || !strconv.IsPrint(r) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	if len(s) > maxTokenBytes {
		return strconv.Quote(s[:maxTokenBytes]) + "..."
	}
	return strconv.Quote(s)
}

// safeWriter escapes every control character but line breaks and tabs
// on its way to w: the flag package echoes an unknown flag's name raw.
type safeWriter struct{ w io.Writer }

func (s safeWriter) Write(p []byte) (int, error) {
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(p), "\n") {
		body := strings.TrimSuffix(line, "\n")
		for _, part := range strings.SplitAfter(body, "\t") {
			b.WriteString(protocol.Escape(strings.TrimSuffix(part, "\t")))
			if strings.HasSuffix(part, "\t") {
				b.WriteByte('\t')
			}
		}
		if strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	if _, err := io.WriteString(s.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// newFlagSet returns a flag set for a tool that writes its complaints
// escaped to stderr.
func newFlagSet(tool string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(tool, flag.ContinueOnError)
	fs.SetOutput(safeWriter{stderr})
	return fs
}

// maxInputLine is the longest line, its line break included, that play
// and htp read (protocol.LineReader's limit); bufio.Scanner's limit (64
// KiB) used to end them silently.
const maxInputLine = protocol.MaxLine

// thinking holds the flags of a tool whose bot searches: the MCTS
// iterations, the time per move, the node budget and the workers.
type thinking struct {
	iterations *int
	moveTime   *time.Duration
	maxNodes   *int
	workers    *int
}

// addThinking adds the flags; workers is -workers' default (0: every
// core).
func addThinking(fs *flag.FlagSet, iterations, workers int) thinking {
	return thinking{
		iterations: fs.Int("iterations", iterations, "MCTS playouts per move"),
		moveTime:   fs.Duration("movetime", 0, "MCTS time per move, e.g. 2s (0: no limit; the iterations still cap it)"),
		maxNodes: fs.Int("maxnodes", 0, "MCTS tree nodes at most, "+strconv.Itoa(bot.NodeBytes[hex.Move]())+
			" bytes each, all workers together (0: the default, "+strconv.Itoa(bot.DefaultTreeBytes>>20)+" MiB of tree)"),
		workers: fs.Int("workers", workers, "MCTS goroutines searching at once, up to "+strconv.Itoa(bot.MaxWorkers)+
			" (0: one per core, GOMAXPROCS)"),
	}
}

// check names the first flag with a bad value.
func (t thinking) check() error {
	switch {
	case *t.iterations <= 0:
		return fmt.Errorf("-iterations must be 1 or more, not %d", *t.iterations)
	case *t.moveTime < 0:
		return fmt.Errorf("-movetime must be 0 (no limit) or more, not %v", *t.moveTime)
	case *t.maxNodes < 0:
		return fmt.Errorf("-maxnodes must be 0 (the default budget) or more, not %d", *t.maxNodes)
	case *t.workers < 0 || *t.workers > bot.MaxWorkers:
		return fmt.Errorf("-workers must be from 0 (one per core) to %d, not %d", bot.MaxWorkers, *t.workers)
	}
	return nil
}

func (t thinking) options(seed uint64) bot.Options {
	workers := *t.workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return bot.Options{Iterations: *t.iterations, MaxNodes: *t.maxNodes, Seed: seed, Workers: workers}
}

// context returns the context of one move: with -movetime, a deadline.
func (t thinking) context() (context.Context, context.CancelFunc) {
	if *t.moveTime > 0 {
		return context.WithTimeout(context.Background(), *t.moveTime)
	}
	return context.Background(), func() {}
}

// exploration holds selfplay's flags for the guided search's self-play
// exploration: the root's Dirichlet noise and the visit temperature.
type exploration struct {
	noise, temperature *float64
	temperaturePlies   *int
}

// addExploration adds the flags, with AlphaZero's self-play values as
// their defaults.
func addExploration(fs *flag.FlagSet) exploration {
	return exploration{
		noise:            fs.Float64("noise", 0.25, "-bot guided: the weight of the Dirichlet noise mixed into the root's priors, from 0 (none) to 1"),
		temperature:      fs.Float64("temperature", 1, "-bot guided: draw each move with probability visits^(1/T) (0: the most visited)"),
		temperaturePlies: fs.Int("temperatureplies", 30, "-bot guided: draw moves by -temperature before this ply only (0: every ply)"),
	}
}

// check names the first flag with a bad value, or one set for a bot
// other than guided.
func (e exploration) check(fs *flag.FlagSet, botName string) error {
	var set string
	fs.Visit(func(f *flag.Flag) {
		if set == "" && (f.Name == "noise" || f.Name == "temperature" || f.Name == "temperatureplies") {
			set = f.Name
		}
	})
	switch {
	case set != "" && botName != "guided":
		return fmt.Errorf("-%s goes with -bot guided, not -bot %s", set, printable(botName))
	case !(*e.noise >= 0 && *e.noise <= 1):
		return fmt.Errorf("-noise must be from 0 to 1, not %v", *e.noise)
	case !(*e.temperature >= 0) || math.IsInf(*e.temperature, 1):
		return fmt.Errorf("-temperature must be 0 or more and finite, not %v", *e.temperature)
	case *e.temperaturePlies < 0:
		return fmt.Errorf("-temperatureplies must be 0 (every ply) or more, not %d", *e.temperaturePlies)
	}
	return nil
}

// guide returns the guided search's settings the flags give.
func (e exploration) guide() bot.Guide {
	return bot.Guide{NoiseFraction: *e.noise, Temperature: *e.temperature, TemperaturePlies: *e.temperaturePlies}
}
