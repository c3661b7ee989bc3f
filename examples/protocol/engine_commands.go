package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Refusal is the error of a failure reply ("? reason") to Command.
type Refusal struct {
	// Command is the request the engine refused; Reason its reply's text.
	Command string
	Reason  string
}

// Error returns e.g. `engine refused "play a1": "illegal move"`.
func (r *Refusal) Error() string {
	return "engine refused " + quote(r.Command) + ": " + quote(r.Reason)
}

// Command sends one request (the command and its arguments, without id:
// Command numbers the requests itself, and a reply must carry the
// request's id) and returns the text of the success reply, its lines
// joined by "\n". A failure reply is a
// *Refusal, which leaves the engine running; anything else (timeout,
// malformed reply, flood, crash, ctx done) is a *Failure that stops the
// engine. The reply is awaited for at most timeout (0: the default
// EngineOptions.Timeout), or StartTimeout for the first request.
func (e *Engine) Command(ctx context.Context, command string, timeout time.Duration) (string, error) {
	if timeout <= 0 {
		timeout = e.opts.Timeout
	}
	if strings.ContainsAny(command, "\r\n") {
		return "", fmt.Errorf("protocol: a command holds no line break: %s", quote(command))
	}
	if err := e.Err(); err != nil {
		return "", err
	}
	e.mu.Lock()
	if e.busy {
		e.mu.Unlock()
		return "", errors.New("protocol: Engine.Command called while another command is in progress")
	}
	e.busy = true
	if !e.greeted {
		e.greeted = true
		timeout = max(timeout, e.opts.StartTimeout)
	}
	e.nextID++
	id := strconv.Itoa(e.nextID)
	e.mu.Unlock()
	defer func() {
		e.mu.Lock()
		e.busy = false
		e.mu.Unlock()
	}()
	if d, ok := ctx.Deadline(); ok && time.Until(d) < timeout {
		timeout = max(time.Until(d), 0)
	}
	select {
	case res := <-e.replies: // output nobody asked for
		if res.err != nil {
			return "", e.fail(e.readFailure(res.err, ""))
		}
		return "", e.fail(&Failure{Kind: ErrMalformed, Detail: "output without a request: " + quote(replyText(res.r))})
	default:
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	// A process that exits without closing its output (a child of it
	// holds the pipe) is a crash too, once what it wrote has been read.
	exited := e.exited
	var drained <-chan time.Time
	written := make(chan error, 1)
	go func() {
		_, err := io.WriteString(e.stdin, id+" "+command+"\n")
		written <- err
	}()
	for {
		select {
		case err := <-written:
			written = nil
			if err != nil {
				return "", e.fail(e.crashFailure(command))
			}
		case res := <-e.replies:
			if res.err != nil {
				return "", e.fail(e.readFailure(res.err, command))
			}
			if res.r.id != id {
				got := "no id"
				if res.r.id != "" {
					got = "id " + res.r.id
				}
				return "", e.fail(&Failure{Kind: ErrMalformed, Command: command,
					Detail: "the reply has " + got + ", the request " + id})
			}
			if !res.r.ok {
				return "", &Refusal{Command: command, Reason: res.r.text}
			}
			return res.r.text, nil
		case <-exited:
			exited = nil
			drained = time.After(100 * time.Millisecond)
		case <-drained:
			return "", e.fail(e.crashFailure(command))
		case <-timer.C:
			return "", e.fail(&Failure{Kind: ErrTimeout, Command: command, Limit: timeout})
		case <-ctx.Done():
			return "", e.fail(&Failure{Kind: ErrTimeout, Command: command, Limit: timeout, Err: ctx.Err()})
		case <-e.done:
			return "", e.fail(&Failure{Kind: ErrCrash, Command: command, Detail: "the engine was closed"})
		}
	}
}

// replyText is a reply as the engine wrote it, for a message.
func replyText(r replyMsg) string {
	mark := "?"
	if r.ok {
		mark = "="
	}
	return mark + r.id + " " + r.text
}

// readFailure turns an error of the reader into a failure.
func (e *Engine) readFailure(err error, command string) error {
	var m *malformedError
	switch {
	case errors.As(err, &m):
		return &Failure{Kind: ErrMalformed, Command: command, Detail: quote(m.line)}
	case errors.Is(err, errFlood):
		return &Failure{Kind: ErrFlood, Command: command, Cap: e.opts.MaxReply}
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return e.crashFailure(command)
	}
	return &Failure{Kind: ErrCrash, Command: command, Err: err}
}

// crashFailure waits a little for the process to end, and describes its
// end with the last line of its standard error.
func (e *Engine) crashFailure(command string) *Failure {
	f := &Failure{Kind: ErrCrash, Command: command}
	select {
	case <-e.exited:
		f.Err = e.waitErr
		if f.Err == nil {
			f.Err = errors.New("exit status 0")
		}
	case <-time.After(e.opts.Grace):
		f.Err = errors.New("its output closed")
	}
	select { // what it wrote last, unless a child holds its standard error
	case <-e.stderrDone:
	case <-time.After(100 * time.Millisecond):
	}
	if last := e.stderr.lastLine(); last != "" {
		f.Detail = "stderr: " + quote(last)
	}
	return f
}
