//go:build unix

package site

import "syscall"

// descriptorLimit returns how many descriptors the process may open (the
// soft RLIMIT_NOFILE, which the Go runtime raises to the hard limit at
// start).
func descriptorLimit() uint64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 1024
	}
	return r.Cur
}
