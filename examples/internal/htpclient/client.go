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
	"strings"
	"time"
)

// SetupTime bounds an engine's answer to a command other than genmove
// (MoHex's first boardsize loads its patterns for several seconds).
const SetupTime = time.Minute

// Ask's errors: ErrRefused is an engine's failure reply ("? ..."),
// ErrGarbled a reply that is neither a success nor a failure, ErrLate no
// reply in time (the conversation is then out of step: Restart the
// engine before asking it more).
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
	cmd := exec.Command(words[0], words[1:]...)
	cmd.Dir = e.Dir
	cmd.Stderr = io.Discard
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("-%s: %w", e.Name, err)
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
	if e.Setup != "" {
		data, err := os.ReadFile(e.Setup)
		if err != nil {
			return err
		}
		for line := range strings.SplitSeq(string(data), "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
				if _, err := e.Ask(line, SetupTime); err != nil {
					return fmt.Errorf("-%ssetup: %s: %w", e.Name, line, err)
				}
			}
		}
	}
	return nil
}

// Ask sends one command and returns the reply's text (without its "="),
// waiting at most limit for it.
func (e *Engine) Ask(command string, limit time.Duration) (string, error) {
	if _, err := fmt.Fprintf(e.in, "%s\n", command); err != nil {
		return "", err
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
	switch {
	case strings.HasPrefix(text, "="):
		return strings.TrimSpace(text[1:]), nil
	case strings.HasPrefix(text, "?"):
		return "", fmt.Errorf("%w: %s", ErrRefused, text)
	}
	return "", fmt.Errorf("engine %s: %w %q to %q", e.Name, ErrGarbled, text, command)
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
