//go:build !unix

package protocol

import (
	"errors"
	"os/exec"
)

// AdoptOrphans makes this process the reaper of its orphaned descendants
// where the system allows it (Linux); here it returns an error. See the
// Linux version.
func AdoptOrphans() error {
	return errors.New("protocol: adopting orphans (a child subreaper) needs Linux")
}

// setProcessGroup does nothing where there are no process groups.
func setProcessGroup(*exec.Cmd) {}

func startProcess(cmd *exec.Cmd) error { return cmd.Start() }
func waitProcess(cmd *exec.Cmd) error  { return cmd.Wait() }

// killProcess kills the engine's process.
func killProcess(cmd *exec.Cmd) {
	if cmd == nil || cmd.Process == nil {
		return
	}
	cmd.Process.Kill()
}

// processID is a process; descendants are not looked for here.
type processID struct{}

func descendantsOf(*exec.Cmd) []processID { return nil }
func killLeftovers([]processID)           {}
