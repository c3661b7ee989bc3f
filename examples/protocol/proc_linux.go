//go:build linux

package protocol

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// On Linux an engine's descendants are found through /proc, wherever they
// are: in the engine's process group, or in a session of their own
// (setsid), which no kill of the group reaches. Stopping an engine kills
// every descendant it has (killProcess), and Close also those it had
// before a polite quit (which outlive it as orphans); a process that
// called AdoptOrphans becomes their reaper, and then no descendant can
// escape at all: every orphan it adopts is killed and reaped when an
// engine stops (reapOrphans).

// engines holds the pids of the engine processes started and not yet
// reaped. Its lock is held while an engine starts and while orphans are
// swept, so that a sweep never takes a starting engine for an orphan.
var engines = struct {
	sync.Mutex
	pids map[int]bool
}{pids: map[int]bool{}}

// adopting is set once AdoptOrphans has made this process a subreaper.
var adopting atomic.Bool

// AdoptOrphans makes this process the reaper of its orphaned descendants
// (Linux's PR_SET_CHILD_SUBREAPER), so that no descendant of an engine
// can escape: one that leaves the engine's process group and session
// (setsid) and outlives the engine becomes a child of this process, and
// every such orphan is killed and reaped whenever an engine stops (Close,
// or a failure). It is meant for a program whose children are all
// engines, as the arena's are: from then on, a child this process did not
// start as an Engine is taken for an engine's orphan. Where there is no
// such thing (every system but Linux) it returns an error, and a
// descendant in another session may outlive its engine.
func AdoptOrphans() error {
	const prSetChildSubreaper = 36 // PR_SET_CHILD_SUBREAPER, linux/prctl.h
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		return os.NewSyscallError("prctl(PR_SET_CHILD_SUBREAPER)", errno)
	}
	adopting.Store(true)
	return nil
}

// setProcessGroup puts the engine in a process group of its own, so that
// killing the group also kills what it started in it (a shell's child,
// say), and makes the context's cancellation kill the engine and its
// descendants.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		killProcess(cmd)
		return nil
	}
}

// startProcess starts an engine process and records it as an engine.
func startProcess(cmd *exec.Cmd) error {
	engines.Lock()
	defer engines.Unlock()
	if err := cmd.Start(); err != nil {
		return err
	}
	engines.pids[cmd.Process.Pid] = true
	return nil
}

// waitProcess waits for an engine process to exit, reaps it and forgets
// it.
func waitProcess(cmd *exec.Cmd) error {
	err := cmd.Wait()
	engines.Lock()
	delete(engines.pids, cmd.Process.Pid)
	engines.Unlock()
	return err
}

// killProcess kills an engine, its process group and, while the engine
// has not been reaped, every descendant of it (in any group or session).
func killProcess(cmd *exec.Cmd) {
	if cmd == nil || cmd.Process == nil {
		return
	}
	pid := cmd.Process.Pid
	engines.Lock()
	live := engines.pids[pid] // not reaped: the pid is still the engine's
	engines.Unlock()
	if live {
		killAll(descendants(pid))
	}
	// A pid stays taken while a process group of that id has members,
	// so the group is the engine's even once the engine is reaped.
	syscall.Kill(-pid, syscall.SIGKILL)
	cmd.Process.Kill()
}

// processID is a process that cannot be mistaken for a later one with
// the same pid: its start time is part of it.
type processID struct {
	pid   int
	start string
}

// descendantsOf returns the descendants an engine has now, to be killed
// once it has exited (killLeftovers): those that outlive a polite quit.
func descendantsOf(cmd *exec.Cmd) []processID {
	if cmd == nil || cmd.Process == nil {
		return nil
	}
	engines.Lock()
	live := engines.pids[cmd.Process.Pid]
	engines.Unlock()
	if !live {
		return nil
	}
	return descendants(cmd.Process.Pid)
}

// killLeftovers kills the processes of ids that still run (the same
// processes: their start times have not changed), then kills and reaps
// the orphans this process adopted, if it adopts them.
func killLeftovers(ids []processID) {
	killAll(ids)
	reapOrphans()
}

func killAll(ids []processID) {
	for _, p := range ids {
		if _, start, ok := readStat(p.pid); ok && start == p.start {
			syscall.Kill(p.pid, syscall.SIGKILL)
		}
	}
}

// reapOrphans kills and reaps every child of this process that is not an
// engine, when this process adopts orphans (AdoptOrphans): an engine's
// descendants that outlived it. An orphan's own children become orphans
// of this process in turn, so it sweeps again until none is left, at most
// 50 times.
func reapOrphans() {
	if !adopting.Load() {
		return
	}
	self := os.Getpid()
	for range 50 {
		var orphans []int
		engines.Lock()
		for pid, ppid := range processes() {
			if ppid == self && !engines.pids[pid] {
				syscall.Kill(pid, syscall.SIGKILL)
				orphans = append(orphans, pid)
			}
		}
		engines.Unlock()
		if len(orphans) == 0 {
			return
		}
		for _, pid := range orphans {
			reap(pid)
		}
	}
}

// reap waits, at most a second, for a killed child to exit and reaps it.
func reap(pid int) {
	deadline := time.Now().Add(time.Second)
	for {
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
		if got == pid || err != nil && err != syscall.EINTR || time.Now().After(deadline) {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// descendants returns every process below pid in the tree of parents.
func descendants(pid int) []processID {
	children := map[int][]int{}
	for p, ppid := range processes() {
		children[ppid] = append(children[ppid], p)
	}
	var out []processID
	queue := []int{pid}
	for len(queue) > 0 && len(out) < 1<<16 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range children[p] {
			if _, start, ok := readStat(c); ok {
				out = append(out, processID{c, start})
			}
			queue = append(queue, c)
		}
	}
	return out
}

// processes returns the parent of every process, read from /proc.
func processes() map[int]int {
	parents := map[int]int{}
	d, err := os.Open("/proc")
	if err != nil {
		return parents
	}
	defer d.Close()
	names, _ := d.Readdirnames(-1)
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		if ppid, _, ok := readStat(pid); ok {
			parents[pid] = ppid
		}
	}
	return parents
}

// readStat reads a process's parent and start time from /proc/PID/stat.
func readStat(pid int) (ppid int, start string, ok bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, "", false
	}
	// "pid (comm) state ppid ... starttime ...": comm may hold anything,
	// but it ends at the last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, "", false
	}
	fields := bytes.Fields(data[i+1:])
	// fields[0] is the state (field 3); ppid is field 4, starttime 22.
	if len(fields) < 20 {
		return 0, "", false
	}
	ppid, err = strconv.Atoi(string(fields[1]))
	if err != nil {
		return 0, "", false
	}
	return ppid, string(fields[19]), true
}
