//go:build unix

package protocol_test

import (
	"syscall"
	"testing"
	"time"
)

// assertReaped checks that no process (not even a zombie) has the pid,
// and that none is left in the process group it led.
func assertReaped(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, 0); err != syscall.ESRCH {
		t.Errorf("process %d is still there after Close (kill: %v)", pid, err)
	}
	// A killed child of the engine is reaped by whoever adopted it, soon.
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		err := syscall.Kill(-pid, 0)
		if err == syscall.ESRCH {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("process group %d still has processes after Close (kill: %v)", pid, err)
			return
		}
	}
}
