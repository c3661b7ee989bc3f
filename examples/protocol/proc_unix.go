//go:build unix && !linux

package protocol

import (
	"errors"
	"os/exec"
	"syscall"
)

// AdoptOrphans makes this process the reaper of its orphaned descendants
// where the system allows it (Linux); here it returns an error, and a
// descendant of an engine that leaves the engine's process group (setsid)
// may outlive it. See the Linux version.
func AdoptOrphans() error {
	return errors.New("protocol: adopting orphans (a child subreaper) needs Linux")
}

// setProcessGroup puts the engine in a process group of its own, so that
// killing it also kills whatever it started (a shell's child, say), and
// makes the context's cancellation kill that group.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		killProcess(cmd)
		return nil
	}
}

func startProcess(cmd *exec.Cmd) error { return cmd.Start() }
func waitProcess(cmd *exec.Cmd) error  { return cmd.Wait() }

// killProcess kills the engine's process group and the engine itself.
func killProcess(cmd *exec.Cmd) {
	if cmd == nil || cmd.Process == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Process.Kill()
}

// processID is a process; descendants are not looked for here.
type processID struct{}

func descendantsOf(*exec.Cmd) []processID { return nil }
func killLeftovers([]processID)           {}
