package rules

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// This file holds the helper goroutines that Batch spreads its games
// over. They spin a while for the next job before they sleep: on a
// virtual machine a sleeping thread can take 100 µs or more to wake, as
// long as a whole step of a thousand games, and a step would then run on
// the caller alone.

// A helper looks for the next job for three times the last gap between
// two jobs before it sleeps, within these bounds: a caller that steps
// again soon (a Python loop that picks actions with numpy) finds it
// awake, and one that computes long between steps (a network) does not
// keep a core spinning for long.
const (
	minSpin = 200 * time.Microsecond
	maxSpin = 10 * time.Millisecond
)

// job is one call of parallel. Its blocks are cut into one range per
// participant (the caller first, then the helpers in the order they
// join): each takes the blocks of its own range, then what is left of the
// others'. A game thus stays on the same core from step to step, with
// its position and rows in that core's cache, unless a core falls behind.
type job struct {
	f      func(lo, hi int)
	n      int
	parts  int
	next   [maxParts]atomic.Int64 // the next block of each range
	end    [maxParts]int64        // the block each range ends before
	left   atomic.Int64           // the blocks not yet done
	joined atomic.Int32           // helpers that joined
}

// blockSize is the number of games in a block; maxParts bounds the
// participants of a job.
const (
	blockSize = 32
	maxParts  = 16
)

func newJob(n, workers int, f func(lo, hi int)) *job {
	blocks := (n + blockSize - 1) / blockSize
	j := &job{f: f, n: n, parts: min(workers, maxParts, blocks)}
	for p := range j.parts {
		j.next[p].Store(int64(p * blocks / j.parts))
		j.end[p] = int64((p + 1) * blocks / j.parts)
	}
	j.left.Store(int64(blocks))
	return j
}

// work does the blocks of range home, then those left in the others.
func (j *job) work(home int) {
	for r := range j.parts {
		p := (home + r) % j.parts
		for {
			k := j.next[p].Add(1) - 1
			if k >= j.end[p] {
				break
			}
			lo := int(k) * blockSize
			j.f(lo, min(lo+blockSize, j.n))
			j.left.Add(-1)
		}
	}
}

var helpers struct {
	once     sync.Once
	offer    atomic.Pointer[job]
	lastEnd  atomic.Int64 // when the last job ended, in time.Now's UnixNano
	spin     atomic.Int64 // how long a helper spins, in nanoseconds
	mu       sync.Mutex
	wake     sync.Cond
	sleeping int
}

// parallel runs f over [0, n) in blocks, on the caller and on at most
// workers-1 helpers, and returns when every block is done.
func parallel(n, workers int, f func(lo, hi int)) {
	if workers <= 1 || n <= blockSize {
		f(0, n)
		return
	}
	helpers.once.Do(startHelpers)
	now := time.Now().UnixNano()
	if last := helpers.lastEnd.Load(); last > 0 {
		helpers.spin.Store(int64(min(max(3*time.Duration(now-last), minSpin), maxSpin)))
	}
	j := newJob(n, workers, f)
	helpers.offer.Store(j)
	helpers.mu.Lock()
	if helpers.sleeping > 0 {
		helpers.wake.Broadcast()
	}
	helpers.mu.Unlock()
	j.work(0)
	for spins := 0; j.left.Load() > 0; spins++ {
		if spins > 64 {
			runtime.Gosched() // a helper is finishing its last block
		}
	}
	helpers.offer.CompareAndSwap(j, nil)
	helpers.lastEnd.Store(time.Now().UnixNano())
}

func startHelpers() {
	helpers.wake.L = &helpers.mu
	for range runtime.GOMAXPROCS(0) - 1 {
		go helper()
	}
}

// helper takes the blocks of each job on offer.
func helper() {
	var last *job
	for {
		j := nextJob(last)
		last = j
		if home := int(j.joined.Add(1)); home < j.parts {
			j.work(home)
		}
	}
}

// nextJob waits for a job other than last: spinning for spinFor, then
// asleep.
func nextJob(last *job) *job {
	start := time.Now()
	spin := time.Duration(max(helpers.spin.Load(), int64(minSpin)))
	for spins := 0; ; spins++ {
		if j := helpers.offer.Load(); j != nil && j != last {
			return j
		}
		if spins%64 == 63 {
			if time.Since(start) > spin {
				break
			}
			runtime.Gosched()
		}
	}
	helpers.mu.Lock()
	defer helpers.mu.Unlock()
	helpers.sleeping++
	for {
		if j := helpers.offer.Load(); j != nil && j != last {
			helpers.sleeping--
			return j
		}
		helpers.wake.Wait()
	}
}
