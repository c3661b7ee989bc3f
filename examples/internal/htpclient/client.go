// Package htpclient drives a Hex engine that speaks HTP, the Hex Text
// Protocol of HexGui, MoHex and examples/htp (GTP's commands with Hex
// cells): it starts the engine's process, sends it commands one at a
// time and reads each reply, with a time limit. The referee
// examples/hexmatch and the test-suite runner examples/hexsuite share
// it.
package htpclient

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// SetupTime bounds an engine's answer to a command other than genmove
// (MoHex's first boardsize loads its patterns for several seconds).
const SetupTime = time.Minute

// Ask's errors: ErrRefused is an engine's failure reply ("? ..."),
// ErrGarbled a reply that is neither a success nor a failure, a reply
// with another command's id, or output nobody asked for, ErrLate no
// reply in time (after the last two the conversation is out of step:
// Restart the engine before asking it more).
var (
	ErrRefused = errors.New("refused")
	ErrGarbled = errors.New("garbled reply")
	ErrLate    = errors.New("no reply in time")
)

// An Engine is one HTP engine's process.
type Engine struct {
	// Name names the engine in errors ("a", "b", "engine").
	Name string
	// Command is the engine's command line, split at spaces (no
	// quoting); Dir its working directory ("" for the caller's); Setup
	// a file of HTP commands, one a line ('#' starts a comment line),
	// sent before anything else ("" for none).
	Command, Dir, Setup string

	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // the engine's output, line by line; closed at its end
	id    int         // the last command's id
}

// Start starts the engine's process and sends its setup commands.
func Start(name, command, dir, setup string) (*Engine, error) {
	e := &Engine{Name: name, Command: command, Dir: dir, Setup: setup}
	return e, e.launch()
}

// launch starts the engine's process and sends its setup commands.
func (e *Engine) launch() error {
	words := strings.Fields(e.Command)
	if len(words) == 0 {
		return fmt.Errorf("-%s: no command", e.Name)
	}
	var setup []string
	if e.Setup != "" {
		data, err := os.ReadFile(e.Setup)
		if err != nil {
			return fmt.Errorf("engine %s's setup: %w", e.Name, err)
		}
		for line := range strings.SplitSeq(string(data), "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
				setup = append(setup, line)
			}
		}
	}
	cmd := exec.Command(words[0], words[1:]...)
	cmd.Dir = e.Dir
	// The engine's stderr goes to the null device: a pipe would make
	// Wait wait for every process holding it, such as a child of a
	// wrapper script that hangs. WaitDelay bounds Wait should output
	// ever be copied again.
	cmd.Stderr = nil
	cmd.WaitDelay = 2 * time.Second
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("engine %s: %w", e.Name, err)
	}
	e.cmd, e.in, e.lines = cmd, in, make(chan string, 64)
	go func(lines chan<- string) {
		r := bufio.NewReader(out)
		for {
			line, err := r.ReadString('\n')
			if line != "" {
				lines <- line
			}
			if err != nil {
				close(lines)
				return
			}
		}
	}(e.lines)
	for _, line := range setup {
		if _, err := e.Ask(line, SetupTime); err != nil {
			e.kill()
			return fmt.Errorf("engine %s's setup %s: %q: %w", e.Name, e.Setup, line, err)
		}
	}
	return nil
}

// Ask sends one command, with an id (GTP's command number), and returns
// the reply's text (without its "=" and id), waiting at most limit for
// it. The reply must repeat the id or leave it out.
func (e *Engine) Ask(command string, limit time.Duration) (string, error) {
	// Output nobody asked for (a second reply, a stray line) would put
	// every later reply out of step: refuse it. Blank lines are the end
	// of a reply already read.
	for pending := true; pending; {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return "", fmt.Errorf("engine %s stopped before %q", e.Name, command)
			}
			if line = strings.TrimSpace(line); line != "" {
				return "", fmt.Errorf("engine %s: %w: unrequested output %q before %q", e.Name, ErrGarbled, line, command)
			}
		default:
			pending = false
		}
	}
	// Each command carries an id, which the reply repeats: a reply to
	// another command (a second reply to an earlier one) is refused.
	e.id++
	if _, err := fmt.Fprintf(e.in, "%d %s\n", e.id, command); err != nil {
		return "", fmt.Errorf("engine %s: %q: %w", e.Name, command, err)
	}
	timer := time.NewTimer(limit)
	defer timer.Stop()
	var reply strings.Builder
	for {
		var line string
		var ok bool
		select {
		case line, ok = <-e.lines:
		case <-timer.C:
			return "", fmt.Errorf("engine %s: %w to %q (%v)", e.Name, ErrLate, command, limit)
		}
		if !ok {
			return "", fmt.Errorf("engine %s stopped answering %q", e.Name, command)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if reply.Len() == 0 {
				continue // a blank line before the reply
			}
			break
		}
		reply.WriteString(line + "\n")
	}
	text := strings.TrimSpace(reply.String())
	if text == "" || text[0] != '=' && text[0] != '?' {
		return "", fmt.Errorf("engine %s: %w %q to %q", e.Name, ErrGarbled, text, command)
	}
	// A reply may leave the id out (some engines do); one with another
	// id answers another command.
	rest := text[1:]
	if digits := len(rest) - len(strings.TrimLeft(rest, "0123456789")); digits > 0 {
		if id := strconv.Itoa(e.id); rest[:digits] != id {
			return "", fmt.Errorf("engine %s: %w %q to %q, whose id is %s", e.Name, ErrGarbled, text, command, id)
		}
		rest = rest[digits:]
	}
	if rest != "" && rest[0] != ' ' && rest[0] != '\n' {
		return "", fmt.Errorf("engine %s: %w %q to %q", e.Name, ErrGarbled, text, command)
	}
	if text[0] == '?' {
		return "", fmt.Errorf("engine %s: %w %q: ? %s", e.Name, ErrRefused, command, strings.Join(strings.Fields(rest), " "))
	}
	return strings.TrimSpace(rest), nil
}

// Restart ends the engine's process and starts it again: after a reply
// that came too late, its conversation is out of step.
func (e *Engine) Restart() error {
	e.kill()
	return e.launch()
}

// kill ends the process at once.
func (e *Engine) kill() {
	e.in.Close()
	e.cmd.Process.Kill()
	e.cmd.Wait()
}

// Stop asks the engine to quit and ends its process, killing it if it
// has not ended five seconds later.
func (e *Engine) Stop() {
	e.Ask("quit", 5*time.Second)
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		e.cmd.Process.Kill()
	}
}
