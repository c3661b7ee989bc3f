package protocol_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
)

// serveEnv, set in a test binary's environment, makes it a protocol
// engine (the MCTS bot, a few playouts a move) instead of running tests:
// the tests start it as an external engine process.
const serveEnv = "PROTOCOL_TEST_SERVE"

// sleepEnv, set in a test binary's environment, makes it sleep: a
// process an engine starts and leaves behind.
const sleepEnv = "PROTOCOL_TEST_SLEEP"

// startChild, if set, runs in the engine before it serves (a test of
// descendants sets it).
var startChild func()

func TestMain(m *testing.M) {
	if os.Getenv(sleepEnv) != "" {
		time.Sleep(2 * time.Minute) // a descendant left behind; bounded
		os.Exit(0)
	}
	if os.Getenv(serveEnv) != "" {
		if startChild != nil {
			startChild()
		}
		srv := &protocol.Server{Name: "go-test-engine", NewBot: protocol.BotFactory("mcts", bot.Options{Iterations: 40, Seed: 5})}
		if err := srv.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// goEngine returns the command line and options that start this test
// binary as an engine.
func goEngine(t testing.TB) (string, protocol.EngineOptions) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return "'" + strings.ReplaceAll(exe, "'", `'\''`) + "'", protocol.EngineOptions{Env: append(os.Environ(), serveEnv+"=1")}
}

var (
	pythonOnce sync.Once
	pythonPath string
)

// python returns the Python 3 interpreter, or skips the test if there is
// none (and fails it under CI, that is with CI set to anything, where
// the cross-language tests must run).
func python(t testing.TB) string {
	t.Helper()
	pythonOnce.Do(func() {
		p, err := exec.LookPath("python3")
		if err != nil {
			return
		}
		// Resolve a version manager's shim to the interpreter itself:
		// the engine starts faster and is the process the tests watch.
		out, err := exec.Command(p, "-c", "import sys; print(sys.executable)").Output()
		if exe := strings.TrimSpace(string(out)); err == nil && exe != "" {
			p = exe
		}
		pythonPath = p
	})
	if pythonPath == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("python3 is not installed; the cross-language tests need it under CI")
		}
		t.Skip("python3 is not installed")
	}
	return pythonPath
}

// pythonEngine returns the command line of the Python random engine with
// extra flags.
func pythonEngine(t testing.TB, flags ...string) string {
	py := python(t)
	return strings.Join(append([]string{quoteArg(py), quoteArg("testdata/random_engine.py")}, flags...), " ")
}

func quoteArg(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
