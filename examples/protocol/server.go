package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
)

// Version is the protocol_version reply: the protocol derives from
// version 2 of GTP.
const Version = "2"

// maxHistory bounds the moves, and so the positions, a session keeps for
// undo: past it the older half is forgotten (History.Forget), so that a
// controller that plays without end does not grow the session without
// end.
const maxHistory = 1 << 16

// Server serves a bot over the protocol: it reads requests from a
// controller and writes the replies (see the package doc). The zero
// Server is usable: it has no game until the controller sends one and
// no bot (genmove fails), which makes it a rules oracle. A Server holds
// only configuration; each call of Serve is a session of its own, so one
// Server may serve several connections at once.
type Server struct {
	// Name and Version are the replies to name and version (defaults
	// "tabletop-go" and "1").
	Name, Version string
	// Game is the spec of the game a session starts with; "" starts with
	// no game, so that the controller must send one.
	Game string
	// NewBot returns the bot that plays a game whose start is start. A
	// session calls it at the first genmove after each game command
	// (and after the start with Game), so every game gets a fresh bot
	// built for its own game. Nil: genmove fails.
	NewBot func(start rules.Dynamic) (bot.Dynamic, error)
	// MoveTime is the time per move a session starts with (0: no limit,
	// the bot's own budget alone); the movetime command changes it.
	MoveTime time.Duration
}

// BotFactory returns a Server.NewBot that builds the bot called name
// ("mcts" or "random", see bot.ForDynamic) for any game of the module,
// with opts; the n-th bot it builds gets the seed opts.Seed+n, so that
// the games of a session differ and a session is reproducible.
func BotFactory(name string, opts bot.Options) func(start rules.Dynamic) (bot.Dynamic, error) {
	var n atomic.Uint64
	return func(start rules.Dynamic) (bot.Dynamic, error) {
		o := opts
		o.Seed += n.Add(1) - 1
		return bot.ForDynamic(name, start, o)
	}
}

// FixedBot returns a Server.NewBot that always gives b, for a bot that
// plays every game the controller may choose (or a session that sticks
// to one game).
func FixedBot(b bot.Dynamic) func(start rules.Dynamic) (bot.Dynamic, error) {
	return func(rules.Dynamic) (bot.Dynamic, error) { return b, nil }
}

// Serve runs one session: it reads requests from r and writes the
// replies to w until quit, the end of r, or an error reading r or
// writing w, which it returns (quit and the end of r give nil). ctx
// bounds the bot's thinking (a genmove under a cancelled context fails),
// but cannot interrupt a read of r: close r to end a session early. A
// spec in s.Game that no registered game reads is an error before any
// request is read.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	ss := &session{srv: s, ctx: ctx, moveTime: s.MoveTime}
	if s.Game != "" {
		if err := ss.setGame(s.Game); err != nil {
			return err
		}
	}
	in := NewLineReader(r)
	for {
		line, err := in.Next()
		if err == ErrLineTooLong {
			id, _ := ParseRequest(line)
			if err := reply(w, false, id, "line too long (more than "+strconv.Itoa(MaxLine)+" bytes)"); err != nil {
				return err
			}
			continue
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		id, fields := ParseRequest(line)
		if len(fields) == 0 {
			if id != "" {
				if err := reply(w, false, id, "missing command"); err != nil {
					return err
				}
			}
			continue
		}
		text, err := ss.do(fields[0], fields[1:])
		if err != nil {
			err = reply(w, false, id, oneLine(err.Error()))
		} else {
			err = reply(w, true, id, body(text))
		}
		if err != nil {
			return err
		}
		if fields[0] == "quit" {
			return nil
		}
	}
}

// reply writes one reply: "=id text" or "?id text", then a blank line.
func reply(w io.Writer, ok bool, id, text string) error {
	mark := "?"
	if ok {
		mark = "="
	}
	if (text != "" || !ok) && !strings.HasPrefix(text, "\n") {
		text = " " + text
	}
	_, err := io.WriteString(w, mark+id+text+"\n\n")
	return err
}

// commands lists the commands a server knows, sorted.
var commands = []string{
	"clear_board", "final_result", "game", "games", "genmove", "known_command", "legal_moves",
	"list_commands", "movetime", "name", "play", "position", "protocol_version", "quit",
	"showboard", "time_left", "to_move", "undo", "version",
}

// session is the state of one Serve call.
type session struct {
	srv      *Server
	ctx      context.Context
	start    rules.Dynamic  // what clear_board goes back to; nil: no game yet
	game     *rules.History // from start, or its later part (maxHistory)
	bot      bot.Dynamic
	moveTime time.Duration
	timeLeft [rules.MaxSeats]clock
}

// clock is what time_left said of a seat.
type clock struct {
	set    bool
	left   time.Duration
	stones int
}

var errNoGame = errors.New("no game: send game SPEC first")

func usage(u string) error { return errors.New("usage: " + u) }

// do runs one command and returns the text of its success reply or the
// error of its failure reply. A panic of the bot is a failure reply.
func (s *session) do(cmd string, args []string) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			text, err = "", fmt.Errorf("internal error: %v", r)
		}
	}()
	if text, ok, err := s.doSession(cmd, args); ok {
		return text, err
	}
	if s.start == nil {
		if !known(cmd) {
			return "", errors.New("unknown command")
		}
		return "", errNoGame
	}
	return s.doGame(cmd, args)
}

// doSession runs a command that needs no game (the protocol's own, game
// and movetime); ok is false for any other command, which it leaves to
// the caller.
func (s *session) doSession(cmd string, args []string) (text string, ok bool, err error) {
	switch cmd {
	case "protocol_version":
		return Version, true, nil
	case "name":
		return cmp(s.srv.Name, "tabletop-go"), true, nil
	case "version":
		return cmp(s.srv.Version, "1"), true, nil
	case "list_commands":
		return strings.Join(commands, "\n"), true, nil
	case "known_command":
		if len(args) != 1 {
			return "", true, usage("known_command NAME")
		}
		for _, c := range commands {
			if c == args[0] {
				return "true", true, nil
			}
		}
		return "false", true, nil
	case "quit":
		return "", true, nil
	case "games":
		return strings.Join(rules.Games(), " "), true, nil
	case "game":
		switch len(args) {
		case 0:
			if s.start == nil {
				return "", true, errNoGame
			}
			return s.start.Spec(), true, nil
		case 1:
			return "", true, s.setGame(args[0])
		}
		return "", true, usage("game SPEC (a spec holds no spaces)")
	case "movetime":
		switch len(args) {
		case 0:
			return strconv.FormatFloat(s.moveTime.Seconds(), 'f', -1, 64), true, nil
		case 1:
			d, err := seconds(args[0])
			if err != nil {
				return "", true, err
			}
			s.moveTime = d
			return "", true, nil
		}
		return "", true, usage("movetime SECONDS")
	}
	return "", false, nil
}

// doGame runs a command of the game set by game SPEC, which must be set.
func (s *session) doGame(cmd string, args []string) (text string, err error) {
	switch cmd {
	case "position":
		if len(args) == 0 {
			return s.pos().String(), nil
		}
		p, err := rules.OpenPosition(s.start.Spec(), strings.Join(args, " "))
		if err != nil {
			return "", err
		}
		s.start, s.game = p, rules.NewHistory(p)
		return "", nil
	case "clear_board":
		if len(args) != 0 {
			return "", usage("clear_board")
		}
		s.game = rules.NewHistory(s.start)
		return "", nil
	case "play":
		return "", s.play(args)
	case "genmove":
		return s.genmove(args)
	case "legal_moves":
		return strings.Join(s.pos().Moves(), " "), nil
	case "to_move":
		return s.pos().ToMove().String(), nil
	case "undo":
		if !s.game.Undo() {
			return "", errors.New("cannot undo")
		}
		return "", nil
	case "final_result":
		o := s.pos().Outcome()
		if !o.Over() {
			return "*", nil
		}
		return o.Result() + " " + o.Reason.String(), nil
	case "showboard":
		if d := s.pos().Diagram(); d != "" {
			return "\n" + d, nil
		}
		return "\n" + s.pos().String(), nil
	case "time_left":
		return "", s.timeLeftCmd(args)
	}
	return "", errors.New("unknown command")
}

func known(cmd string) bool {
	for _, c := range commands {
		if c == cmd {
			return true
		}
	}
	return false
}

func cmp(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// seconds reads a time in seconds: a decimal number from 0 to a million.
func seconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > 1e6 {
		return 0, fmt.Errorf("invalid time %s (seconds, from 0 to 1000000)", quote(s))
	}
	return time.Duration(f * float64(time.Second)), nil
}

// setGame starts the game spec names, with a fresh bot and no clocks.
func (s *session) setGame(spec string) error {
	d, err := rules.Open(spec)
	if err != nil {
		return err
	}
	s.start, s.game, s.bot = d, rules.NewHistory(d), nil
	s.timeLeft = [rules.MaxSeats]clock{}
	return nil
}

// checkTurn checks the COLOR argument of play or genmove against the
// player to move.
func (s *session) checkTurn(color string) error {
	who, err := ParseColor(s.pos(), color)
	if err != nil {
		return err
	}
	mover := s.pos().ToMove()
	switch {
	case mover == rules.Terminal:
		return rules.ErrGameOver
	case who != mover:
		if mover == rules.Chance {
			return errors.New("it is a chance node: play the chance outcome")
		}
		return fmt.Errorf("it is %v's turn", mover)
	}
	return nil
}

func (s *session) play(args []string) error {
	var move string
	switch len(args) {
	case 1:
		move = args[0]
	case 2:
		if err := s.checkTurn(args[0]); err != nil {
			return err
		}
		move = args[1]
	default:
		return usage("play [COLOR] MOVE")
	}
	return s.push(move)
}

// pos returns the current position. The caller has checked that there
// is a game.
func (s *session) pos() rules.Dynamic { return s.game.Position() }

// push plays move, keeping the position before it for undo: past
// maxHistory moves the older half is forgotten.
func (s *session) push(move string) error {
	if err := s.game.Play(move); err != nil {
		return err
	}
	if s.game.Len() > maxHistory {
		s.game.Forget(maxHistory / 2)
	}
	return nil
}

func (s *session) genmove(args []string) (string, error) {
	switch len(args) {
	case 0:
	case 1:
		if err := s.checkTurn(args[0]); err != nil {
			return "", err
		}
	default:
		return "", usage("genmove [COLOR]")
	}
	switch s.pos().ToMove() {
	case rules.Terminal:
		return "", rules.ErrGameOver
	case rules.Chance:
		return "", errors.New("it is a chance node: the controller plays the chance outcome (play MOVE)")
	}
	if s.bot == nil {
		if s.srv.NewBot == nil {
			return "", errors.New("this engine has no bot")
		}
		b, err := s.srv.NewBot(s.pos())
		if err != nil {
			return "", err
		}
		if b == nil {
			return "", errors.New("this engine has no bot for the game")
		}
		s.bot = b
	}
	ctx, cancel := s.ctx, context.CancelFunc(func() {})
	if budget := s.budget(); budget > 0 {
		ctx, cancel = context.WithTimeout(ctx, budget)
	}
	move, err := s.bot.Choose(ctx, s.pos())
	cancel()
	if err != nil {
		return "", fmt.Errorf("the bot failed: %v", err)
	}
	if err := s.push(move); err != nil {
		return "", fmt.Errorf("the bot chose a move it may not play: %v", err)
	}
	return s.game.Move(s.game.Len() - 1), nil
}

// budget returns the time of a genmove: the move time, and no more than
// the mover's share of what time_left said is left (the remaining time
// over the moves to play, or a twentieth of it when time_left gave no
// moves), whichever is shorter; 0 for no limit.
func (s *session) budget() time.Duration {
	budget := s.moveTime
	if c := s.timeLeft[s.pos().ToMove()]; c.set {
		share := c.left / 20
		if c.stones > 0 {
			share = c.left / time.Duration(c.stones)
		}
		share = max(share, time.Millisecond)
		if budget == 0 || share < budget {
			budget = share
		}
	}
	return budget
}

func (s *session) timeLeftCmd(args []string) error {
	if len(args) != 3 {
		return usage("time_left COLOR SECONDS MOVES")
	}
	who, err := ParseColor(s.pos(), args[0])
	if err != nil {
		return err
	}
	if !who.IsSeat() {
		return fmt.Errorf("invalid color %s", quote(args[0]))
	}
	left, err := seconds(args[1])
	if err != nil {
		return err
	}
	stones, err := strconv.Atoi(args[2])
	if err != nil || stones < 0 {
		return fmt.Errorf("invalid number of moves %s", quote(args[2]))
	}
	s.timeLeft[who] = clock{set: true, left: left, stones: stones}
	return nil
}
