package rules

import (
	"reflect"
	"sync"
)

// kitBox lends a Dynamic's methods the kit of their position. A Dynamic
// is a value (so that == compares positions), and the kit of a value on
// the stack, taken through a pointer in an interface, would move it to
// the heap at every call; the box is on the heap already, and pooled per
// position type.
type kitBox[P Position[P, M], M Move] struct {
	at   P
	kit  KitMethods[P, M] // at's kit, through &at; nil for a game with only the rules
	pool *sync.Pool
}

// kitPools holds one *sync.Pool of *kitBox[P, M] per position type.
var kitPools sync.Map // reflect.Type → *sync.Pool

// borrowKit returns a box holding p and its kit; release it after use.
func borrowKit[P Position[P, M], M Move](p P) *kitBox[P, M] {
	key := reflect.TypeFor[P]()
	pool, ok := kitPools.Load(key)
	if !ok {
		pool, _ = kitPools.LoadOrStore(key, new(sync.Pool))
	}
	b, _ := pool.(*sync.Pool).Get().(*kitBox[P, M])
	if b == nil {
		b = &kitBox[P, M]{pool: pool.(*sync.Pool)}
		if k, ok := KitOf[P, M](&b.at); ok {
			b.kit = k
		}
	}
	b.at = p
	return b
}

// release returns the box to its pool.
func (b *kitBox[P, M]) release() { b.pool.Put(b) }
