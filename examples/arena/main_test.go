package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
)

// The test binary is also the engine the test referees and the process
// that engine leaves behind: with the first argument "engine" it serves
// the random bot on standard input and output after starting a child in a
// session of its own; with "sleep", it is that child.
const pidsEnv = "ARENA_TEST_PIDS" // the directory where the engine writes its child's pid

func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "engine":
			serveEngine()
			os.Exit(0)
		case "sleep":
			time.Sleep(2 * time.Minute) // bounded: outlives any test
			os.Exit(0)
		}
	}
	os.Exit(m.Run())
}

// serveEngine starts a child in a new session (setsid: out of the
// engine's process group, which a kill of the group does not reach),
// writes its pid under $ARENA_TEST_PIDS, and serves the random bot.
func serveEngine() {
	child := exec.Command(os.Args[0], "sleep")
	child.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := child.Start(); err != nil {
		os.Exit(3)
	}
	pid := strconv.Itoa(child.Process.Pid)
	os.WriteFile(filepath.Join(os.Getenv(pidsEnv), pid), []byte(pid), 0o644)
	srv := &protocol.Server{Name: "setsid-engine", NewBot: protocol.BotFactory("random", bot.Options{Seed: 1})}
	srv.Serve(context.Background(), os.Stdin, os.Stdout)
}

// TestNoEngineDescendantOutlivesTheArena reproduces item 12 of issue #21:
// an engine that starts a child in a session of its own (setsid) left it
// running after the arena was done. The arena kills every descendant of
// its engines and, as their reaper, reaps them: once it returns, not even
// a zombie is left.
func TestNoEngineDescendantOutlivesTheArena(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc: the arena adopts orphans on Linux only")
	}
	dir := t.TempDir()
	t.Setenv(pidsEnv, dir)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	engine := "exec:'" + strings.ReplaceAll(exe, "'", `'\''`) + "' engine"
	var out, errs bytes.Buffer
	code := arena(context.Background(), []string{"-game", "hex(size=3)", "-a", engine, "-b", "random", "-games", "3"}, &out, &errs)
	if code != 0 {
		t.Fatalf("arena: exit %d\n%s%s", code, out.String(), errs.String())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Fatalf("%d engine children recorded, want one per game (3):\n%s", len(entries), out.String())
	}
	for _, e := range entries {
		pid, _ := strconv.Atoi(e.Name())
		if err := syscall.Kill(pid, 0); err != syscall.ESRCH {
			state, _ := os.ReadFile("/proc/" + e.Name() + "/stat")
			t.Errorf("the engine's child %d is still there after the arena (kill: %v; %s)", pid, err, bytes.TrimSpace(state))
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}
