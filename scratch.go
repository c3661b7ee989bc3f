package rules

import (
	"reflect"
	"sync"
)

// scratch is a move buffer that Dynamic's allocation-free methods borrow:
// a Dynamic is a value with nowhere to keep one, and a buffer made per
// call would escape to the heap.
type scratch[M Move] struct {
	moves   []M
	chances []ChanceOutcome[M]
}

// scratchPools holds one *sync.Pool of *scratch[M] per move type.
var scratchPools sync.Map // reflect.Type → *sync.Pool

func getScratch[M Move](capacity int) *scratch[M] {
	key := reflect.TypeFor[M]()
	pool, ok := scratchPools.Load(key)
	if !ok {
		pool, _ = scratchPools.LoadOrStore(key, &sync.Pool{New: func() any { return new(scratch[M]) }})
	}
	s := pool.(*sync.Pool).Get().(*scratch[M])
	if cap(s.moves) < capacity {
		s.moves = make([]M, 0, capacity)
	}
	return s
}

func putScratch[M Move](s *scratch[M]) {
	pool, _ := scratchPools.Load(reflect.TypeFor[M]())
	pool.(*sync.Pool).Put(s)
}
