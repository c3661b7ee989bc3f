package cli

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
	"github.com/tabletop-go/rules/notation"
)

// Play implements `play -game SPEC [-seat N] [-bot mcts] [-iterations N]
// [-movetime D] [-maxnodes N] [-workers N] [-seed S] [-color
// auto|always|never]`: a person plays seat N against a bot in the
// terminal (which searches with one goroutine per core unless -workers
// says otherwise). After every move it draws the board and says whose
// turn it is. At the prompt it takes a
// move in the game's notation, "?" for the legal moves, "undo" to take
// back the person's last move and the replies to it, "save FILE" to
// write the game as a record, and "quit". A bad move gets the reason and
// a new prompt, and so does a line longer than 64 KiB. Chance draws are
// made by the program and shown. Whatever of the person's input it
// echoes (a file name, a reason quoting a move) has its control
// characters escaped.
func Play(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("play", stderr)
	spec := fs.String("game", "hex(size=7)", "game spec")
	seat := fs.Int("seat", 0, "the seat you play (0 moves first)")
	botName := fs.String("bot", "mcts", "the bot you play against: mcts or random")
	think := addThinking(fs, 1500, 0)
	seed := fs.Uint64("seed", 1, "random seed for the bot and the chance draws")
	color := fs.String("color", "auto", "colour the board: auto, always or never")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "play: unexpected argument %q (moves are read from standard input)\n", fs.Arg(0))
		return ExitBadArgs
	}
	if err := think.check(); err != nil {
		fmt.Fprintf(stderr, "play: %v\n", err)
		return ExitBadArgs
	}
	switch *color {
	case "auto", "always", "never":
	default:
		fmt.Fprintf(stderr, "play: -color must be auto, always or never, not %q\n", *color)
		return ExitBadArgs
	}
	start, err := open(*spec, "")
	if err != nil {
		fmt.Fprintf(stderr, "play: %s\n", printable(err.Error()))
		return ExitBadArgs
	}
	if *seat < 0 || *seat >= start.Seats() {
		fmt.Fprintf(stderr, "play: -seat must be from 0 to %d\n", start.Seats()-1)
		return ExitBadArgs
	}
	opponent, err := bot.ForDynamic(*botName, start, think.options(*seed))
	if err != nil {
		fmt.Fprintf(stderr, "play: %s\n", printable(err.Error()))
		return ExitBadArgs
	}
	s := &session{
		out: stdout, human: rules.Player(*seat), bot: opponent, botName: *botName, think: think,
		chance: rand.New(rand.NewPCG(*seed, 0xd1ce)), colored: useColor(*color, stdout), pieces: pieceLetters(start),
		game: rules.NewHistory(start),
	}
	return s.run(protocol.NewLineReader(stdin))
}

type session struct {
	out     io.Writer
	human   rules.Player
	bot     bot.Dynamic
	botName string
	think   thinking
	chance  *rand.Rand
	colored bool
	pieces  [2]byte        // the diagram's letters for the two sides, for colour
	game    *rules.History // every position and move, for undo and save
}

func (s *session) pos() rules.Dynamic { return s.game.Position() }

func (s *session) run(in *protocol.LineReader) int {
	fmt.Fprintf(s.out, "You play seat %v against %s. Type a move, ? for the legal moves, undo, save FILE or quit.\n", s.human, s.botName)
	s.show()
	for {
		// Let the program play until it is the person's turn or the end.
		for s.pos().ToMove() != s.human && s.pos().ToMove() != rules.Terminal {
			if err := s.autoMove(); err != nil {
				fmt.Fprintf(s.out, "error: %v\n", err)
				return ExitFailed
			}
		}
		if s.pos().ToMove() == rules.Terminal {
			fmt.Fprintf(s.out, "Game over: %s\n", describe(s.pos().Outcome(), s.human))
			return ExitOK
		}
		fmt.Fprintf(s.out, "%v to move> ", s.human)
		line, err := in.Next()
		if err == protocol.ErrLineTooLong {
			fmt.Fprintf(s.out, "not played: the line is longer than %d bytes\n", maxInputLine)
			continue
		}
		if err != nil {
			fmt.Fprintln(s.out)
			return ExitOK
		}
		line = strings.TrimSpace(line)
		command, arg, _ := strings.Cut(strings.ReplaceAll(line, "\t", " "), " ")
		switch {
		case line == "":
		case line == "quit" || line == "exit":
			return ExitOK
		case line == "?" || line == "help":
			fmt.Fprintf(s.out, "legal: %s\n", strings.Join(s.pos().Moves(), " "))
		case line == "undo":
			s.undo()
		case command == "save":
			s.save(strings.TrimSpace(arg))
		default:
			if err := s.game.Play(line); err != nil {
				fmt.Fprintf(s.out, "not played: %s\n", printable(reason(err)))
				continue
			}
			s.show()
		}
	}
}

// autoMove plays the bot's move or a chance draw.
func (s *session) autoMove() error {
	pos := s.pos()
	var move string
	if pos.ToMove() == rules.Chance {
		move = pos.RandomMove(s.chance)
		fmt.Fprintf(s.out, "Drawn: %s\n", move)
	} else {
		var err error
		ctx, cancel := s.think.context()
		move, err = s.bot.Choose(ctx, pos)
		cancel()
		if err != nil {
			return err
		}
		fmt.Fprintf(s.out, "%s (seat %v) plays %s\n", s.botName, pos.ToMove(), move)
	}
	if err := s.game.Play(move); err != nil {
		return err
	}
	s.show()
	return nil
}

// undo takes back plies up to and including the person's last move.
func (s *session) undo() {
	for i := s.game.Len() - 1; i >= 0; i-- {
		if s.game.Mover(i) == s.human {
			for s.game.Len() > i {
				s.game.Undo()
			}
			fmt.Fprintln(s.out, "Taken back.")
			s.show()
			return
		}
	}
	fmt.Fprintln(s.out, "nothing to undo")
}

func (s *session) save(path string) {
	if path == "" {
		fmt.Fprintln(s.out, "usage: save FILE")
		return
	}
	rec := notation.FromHistory(s.game)
	if err := os.WriteFile(path, []byte(rec.String()), 0o644); err != nil {
		fmt.Fprintf(s.out, "not saved: %s\n", printable(err.Error()))
		return
	}
	fmt.Fprintf(s.out, "Saved %d plies to %s.\n", s.game.Len(), printable(path))
}

func (s *session) show() {
	d := s.pos().Diagram()
	if d == "" {
		d = s.pos().String()
	}
	if s.colored {
		d = colorize(d, s.pieces)
	}
	fmt.Fprintln(s.out, d)
}

func describe(o rules.Outcome, human rules.Player) string {
	switch w, ok := o.Winner(); {
	case ok && w == human:
		return "you win, " + o.String()
	case ok:
		return "you lose, " + o.String()
	}
	return o.String()
}

// useColor decides whether to colour the board: always, never, or when
// standard output is a terminal that is not "dumb" and NO_COLOR is unset.
func useColor(mode string, out io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	f, ok := out.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" || os.Getenv("TERM") == "" {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// colorize paints the first player's piece letter red and the second's
// blue on the board lines of a diagram: those that start with a rank
// number.
func colorize(d string, pieces [2]byte) string {
	lines := strings.Split(d, "\n")
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == "" || trimmed[0] < '0' || trimmed[0] > '9' {
			continue
		}
		var b strings.Builder
		for j := 0; j < len(line); j++ {
			switch c := line[j]; c {
			case pieces[0]:
				b.WriteString("\x1b[1;31m" + string(c) + "\x1b[0m")
			case pieces[1]:
				b.WriteString("\x1b[1;34m" + string(c) + "\x1b[0m")
			default:
				b.WriteByte(c)
			}
		}
		lines[i] = b.String()
	}
	return strings.Join(lines, "\n")
}
