// Package globalrand gives a nil *rand.Rand its meaning in the library's
// entry points that take one (Rollout, SampleChance, Sampler,
// Dynamic.RandomMove): draw from math/rand/v2's global generator, rather
// than dereference nil.
package globalrand

import "math/rand/v2"

// source draws from math/rand/v2's global generator, which is safe for
// concurrent use; a Rand holds no state but its source, so the Rand over
// it is safe for concurrent use too.
type source struct{}

func (source) Uint64() uint64 { return rand.Uint64() }

var global = rand.New(source{})

// Or returns r, or for nil a generator that draws from math/rand/v2's
// global one: random, not reproducible, and safe for concurrent use.
func Or(r *rand.Rand) *rand.Rand {
	if r == nil {
		return global
	}
	return r
}
