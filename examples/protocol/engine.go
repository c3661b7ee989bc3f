package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// EngineOptions configures an external engine process. The zero value
// gives the defaults.
type EngineOptions struct {
	// Dir is the engine's working directory ("" for the caller's).
	Dir string
	// Env is the engine's environment (nil for the caller's).
	Env []string
	// Stderr receives the engine's standard error (nil: discarded;
	// the end of it is kept for the message of a crash either way).
	Stderr io.Writer
	// StartTimeout bounds the first reply, which waits for the process
	// to start (default 10s).
	StartTimeout time.Duration
	// Timeout bounds every other reply but genmove's (default 5s).
	Timeout time.Duration
	// Margin is the time a genmove reply may take beyond the move time
	// (default 1s): the engine's clock is not the referee's, and the
	// reply must travel.
	Margin time.Duration
	// NoTimeLimit bounds a genmove reply when the game has no move time
	// (default 1 minute).
	NoTimeLimit time.Duration
	// MaxReply caps the bytes of one reply (default MaxReply, 64 KiB):
	// more is an output flood, a failure, and the engine is stopped, so
	// an engine can never make the client hold more than this.
	MaxReply int
	// Grace is how long Close waits for the engine to exit after quit
	// before it kills it (default 1s).
	Grace time.Duration
}

func (o EngineOptions) withDefaults() EngineOptions {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.StartTimeout, 10*time.Second)
	def(&o.Timeout, 5*time.Second)
	def(&o.Margin, time.Second)
	def(&o.NoTimeLimit, time.Minute)
	def(&o.Grace, time.Second)
	if o.MaxReply <= 0 {
		o.MaxReply = MaxReply
	}
	return o
}

// Engine is an external engine process that speaks the protocol on its
// standard input and output, driven as a Player: every reply is awaited
// with a timeout and read up to a cap, and any failure (see Failure)
// stops the process and is returned by every later call. Its methods are
// meant for one goroutine, except Close, which may be called at any time
// and interrupts a command in progress.
type Engine struct {
	argv []string
	opts EngineOptions
	cmd  *exec.Cmd

	stdin      *os.File // our end of the engine's standard input
	stdout     *os.File // our end of the engine's standard output
	replies    chan readResult
	done       chan struct{} // closed by Close: the reader gives up
	exited     chan struct{} // closed once the process is reaped
	waitErr    error         // the process's exit, once exited is closed
	stderr     *tail
	errPipe    *os.File      // our end of the engine's standard error
	stderrDone chan struct{} // closed when its standard error ends

	mu       sync.Mutex
	failure  error // the first failure; every later call returns it
	greeted  bool
	name     string
	moveTime time.Duration
	nextID   int
	busy     bool // a command is in progress

	closeOnce sync.Once
}

type readResult struct {
	r   replyMsg
	err error
}

// StartEngine starts the engine that command runs: a program and its
// arguments separated by spaces, with quotes as SplitCommand reads them
// ("python3 my_engine.py --seed 3"). ctx bounds the process's life: when
// it is done the process is killed. The process is only started; the
// first exchange (protocol_version, at the first NewGame or Command)
// tells whether it speaks the protocol. An error is returned for a
// command that cannot be started (no such program).
func StartEngine(ctx context.Context, command string, opts EngineOptions) (*Engine, error) {
	argv, err := SplitCommand(command)
	if err != nil {
		return nil, err
	}
	return StartEngineArgs(ctx, argv, opts)
}

// StartEngineArgs is StartEngine with the arguments already split.
func StartEngineArgs(ctx context.Context, argv []string, opts EngineOptions) (*Engine, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("protocol: empty engine command")
	}
	e := &Engine{
		argv:       argv,
		opts:       opts.withDefaults(),
		replies:    make(chan readResult),
		done:       make(chan struct{}),
		exited:     make(chan struct{}),
		stderrDone: make(chan struct{}),
		stderr:     &tail{max: 2048},
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = e.opts.Dir, e.opts.Env
	setProcessGroup(cmd)
	// The three pipes are the process's own files, so that Wait returns
	// as soon as it exits, even if a child of it holds them open.
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	for range 3 {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll()
			return nil, err
		}
		files = append(files, r, w)
	}
	inR, inW, outR, outW, errR, errW := files[0], files[1], files[2], files[3], files[4], files[5]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := startProcess(cmd); err != nil {
		closeAll()
		return nil, fmt.Errorf("protocol: starting engine %s: %w", quote(strings.Join(argv, " ")), err)
	}
	inR.Close() // the child holds its own copies
	outW.Close()
	errW.Close()
	e.cmd, e.stdin, e.stdout, e.errPipe = cmd, inW, outR, errR
	go func() {
		e.waitErr = waitProcess(cmd)
		close(e.exited)
	}()
	go e.read(outR)
	go func() {
		var w io.Writer = e.stderr
		if e.opts.Stderr != nil {
			w = io.MultiWriter(e.stderr, lenient{e.opts.Stderr})
		}
		io.Copy(w, errR)
		close(e.stderrDone)
	}()
	return e, nil
}

// read delivers the replies of the engine to replies until the output
// ends, fails or Close gives up.
func (e *Engine) read(r io.Reader) {
	br := bufio.NewReaderSize(r, 4096)
	for {
		rep, err := readReply(br, e.opts.MaxReply)
		select {
		case e.replies <- readResult{rep, err}:
		case <-e.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// Pid returns the process id of the engine.
func (e *Engine) Pid() int { return e.cmd.Process.Pid }

// Name returns what the engine answered to name, or its command line if
// it has not said (or not yet).
func (e *Engine) Name() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.name != "" {
		return e.name
	}
	return strings.Join(e.argv, " ")
}

// Err returns the failure that stopped the engine, or nil while it runs.
func (e *Engine) Err() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.failure
}

// fail records f as the engine's failure (the first one counts), stops
// the process and returns the failure.
func (e *Engine) fail(f error) error {
	e.mu.Lock()
	if e.failure == nil {
		e.failure = f
	}
	f = e.failure
	e.mu.Unlock()
	e.kill()
	return f
}

// kill kills the engine's process (its process group, where there is
// one).
func (e *Engine) kill() {
	killProcess(e.cmd)
}

// Close stops the engine: quit, then a kill if it has not exited within
// the grace period; it waits for the process, so none is left behind,
// and for the copy of its standard error, so that nothing is written to
// EngineOptions.Stderr after Close returns. On Linux it also kills every
// descendant the engine had, even one in a session of its own (setsid),
// and in a process that adopts orphans (AdoptOrphans) it kills and reaps
// any that escaped. It returns nil (Err says how an engine failed);
// calling it again does nothing.
func (e *Engine) Close() error {
	e.closeOnce.Do(func() {
		e.mu.Lock()
		polite := e.failure == nil && !e.busy
		e.greeted = true // quit gets the grace period, not the start timeout
		e.mu.Unlock()
		// What the engine started, which a polite quit would leave
		// running as orphans.
		leftovers := descendantsOf(e.cmd)
		if polite {
			e.Command(context.Background(), "quit", e.opts.Grace)
		} else {
			e.kill()
		}
		e.stdin.Close()
		select {
		case <-e.exited:
		case <-time.After(e.opts.Grace):
			e.kill()
			<-e.exited
		}
		e.kill() // children of the engine, if any are left in its group
		killLeftovers(leftovers)
		close(e.done)
		e.stdout.Close()
		e.errPipe.Close()
		<-e.stderrDone // nothing is written to Stderr after Close
	})
	return nil
}

// lenient passes writes on and ignores their errors, so that a failing
// Stderr never stops the draining of an engine's standard error.
type lenient struct{ w io.Writer }

func (l lenient) Write(p []byte) (int, error) {
	l.w.Write(p)
	return len(p), nil
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if len(p) > t.max {
		p = p[len(p)-t.max:]
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return n, nil
}

// lastLine returns the last line that is not blank.
func (t *tail) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimRight(string(t.buf), " \t\r\n"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
