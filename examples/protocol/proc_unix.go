//go:build unix

package protocol

import (
	"os/exec"
	"syscall"
)

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

// killProcess kills the engine's process group and the engine itself.
func killProcess(cmd *exec.Cmd) {
	if cmd == nil || cmd.Process == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Process.Kill()
}
