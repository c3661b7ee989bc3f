package main

// The tables of handles: the positions, batches and errors the library
// holds for its caller.

import (
	"errors"
	"sync"

	"github.com/tabletop-go/rules"
)

// table maps handles to values: positions (rules.Dynamic), batches and
// errors. A handle freed is given again, so that handles stay small: the
// hot functions take them as 32-bit ints (ctypes passes a Python int as
// a C int fastest, with no conversion declared).
type table[V any] struct {
	mu      sync.Mutex
	next    int32
	free    []int32
	m       map[int32]V
	noReuse bool // batches: a stale copy of a handle must name nothing
}

// maxHandles bounds the values a table holds at once.
const maxHandles = 1<<31 - 1

var errTooMany = errors.New("too many positions held at once (2^31 - 1)")

func (t *table[V]) put(v V) (int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = make(map[int32]V)
	}
	var h int32
	if k := len(t.free); k > 0 && !t.noReuse {
		h = t.free[k-1]
		t.free = t.free[:k-1]
	} else {
		if t.next == maxHandles {
			return 0, errTooMany
		}
		t.next++
		h = t.next
	}
	t.m[h] = v
	return int64(h), nil
}

func (t *table[V]) get(h int64) (V, bool) {
	var zero V
	if h != int64(int32(h)) {
		return zero, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	v, ok := t.m[int32(h)]
	return v, ok
}

func (t *table[V]) remove(h int64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if h != int64(int32(h)) {
		return false
	}
	_, ok := t.m[int32(h)]
	if ok {
		delete(t.m, int32(h))
		if !t.noReuse {
			t.free = append(t.free, int32(h))
		}
	}
	return ok
}

func (t *table[V]) len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m)
}

var (
	states  table[rules.Dynamic]
	batches = table[*batch]{noReuse: true}
	errs    table[error]
)
