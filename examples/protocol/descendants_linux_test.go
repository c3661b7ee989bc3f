package protocol_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/protocol"
)

// childPidEnv names the file where an engine of the tests writes the pid
// of a child it starts in a session of its own.
const childPidEnv = "PROTOCOL_TEST_SETSID_CHILD"

func init() {
	startChild = func() {
		path := os.Getenv(childPidEnv)
		if path == "" {
			return
		}
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), sleepEnv+"=1")
		child.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := child.Start(); err != nil {
			os.Exit(3)
		}
		os.WriteFile(path, []byte(strconv.Itoa(child.Process.Pid)), 0o644)
	}
}

// dead reports whether a process has exited (it may be a zombie still,
// when its reaper is not this process).
func dead(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	i := strings.LastIndexByte(string(data), ')')
	return i > 0 && strings.HasPrefix(string(data[i+1:]), " Z")
}

// TestCloseKillsADescendantInAnotherSession: an engine that starts a
// child in a session of its own (setsid, out of reach of a kill of its
// process group) and quits politely leaves no child running after Close,
// nor after a failure.
func TestCloseKillsADescendantInAnotherSession(t *testing.T) {
	start, _ := rules.Open("hex(size=3)")
	for _, how := range []string{"polite quit", "killed"} {
		t.Run(how, func(t *testing.T) {
			pidFile := filepath.Join(t.TempDir(), "child")
			command, opts := goEngine(t)
			opts.Env = append(opts.Env, childPidEnv+"="+pidFile)
			e, err := protocol.StartEngine(context.Background(), command, opts)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.NewGame(context.Background(), start, 0); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(pidFile)
			if err != nil {
				t.Fatal(err)
			}
			child, _ := strconv.Atoi(string(data))
			if how == "killed" {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				e.Command(ctx, "name", 0) // a failure: the engine is killed
			}
			e.Close()
			deadline := time.Now().Add(2 * time.Second)
			for !dead(child) && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if !dead(child) {
				t.Errorf("the engine's child %d in another session runs on after Close", child)
				syscall.Kill(child, syscall.SIGKILL)
			}
		})
	}
}
