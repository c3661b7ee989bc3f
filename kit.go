package rules

import (
	"reflect"
	"sync"
)

// kitBox lends a Dynamic's methods the kit of their position. A Dynamic
// is a value (so that == compares positions), and the kit of a value on
// the stack, taken through a pointer in an interface, would move it to
// the heap at every call; a box is on the heap already, and pooled.
type kitBox[P Position[P, M], M Move] struct {
	at  P
	kit KitMethods[P, M] // at's kit, through &at; nil for a game with only the rules
}

// kitPool is the pool of boxes of one position type, which every erased
// value of the type points to.
type kitPool[P Position[P, M], M Move] struct {
	sync.Pool
	exact bool // P is an ExactRollout
}

// kitPools holds the *kitPool[P, M] of each position type.
var kitPools sync.Map // reflect.Type → *kitPool[P, M]

// kitPoolFor returns P's pool.
func kitPoolFor[P Position[P, M], M Move]() *kitPool[P, M] {
	key := reflect.TypeFor[P]()
	if kp, ok := kitPools.Load(key); ok {
		return kp.(*kitPool[P, M])
	}
	kp, _ := kitPools.LoadOrStore(key, &kitPool[P, M]{exact: key.Implements(reflect.TypeFor[ExactRollout]())})
	return kp.(*kitPool[P, M])
}

// borrow returns a box holding p and its kit; release it after use.
func (kp *kitPool[P, M]) borrow(p P) *kitBox[P, M] {
	b, _ := kp.Get().(*kitBox[P, M])
	if b == nil {
		b = new(kitBox[P, M])
		if k, ok := KitOf[P, M](&b.at); ok {
			b.kit = k
		}
	}
	b.at = p
	return b
}

// release returns b to the pool.
func (kp *kitPool[P, M]) release(b *kitBox[P, M]) { kp.Put(b) }
