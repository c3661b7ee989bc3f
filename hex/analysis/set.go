package analysis

import (
	"iter"
	"math/bits"
)

// MaxCells is the largest number of cells of a board the package
// analyses: every board up to 19×19 (361 cells), and any other whose
// columns times rows is at most 380. The four edges take four more
// node numbers, so nodes fit the 384 bits of a Set.
const MaxCells = 380

// setWords is the number of 64-bit words of a Set.
const setWords = 6

// Set is a set of cells (or of nodes: cells and edges), one bit each.
// The zero value is the empty set; a Set is a value, copied by
// assignment.
type Set [setWords]uint64

// Add adds i to s.
func (s *Set) Add(i int) { s[i>>6] |= 1 << (i & 63) }

// Remove removes i from s.
func (s *Set) Remove(i int) { s[i>>6] &^= 1 << (i & 63) }

// Has reports whether i is in s.
func (s *Set) Has(i int) bool { return s[i>>6]>>(i&63)&1 != 0 }

// Or returns the union of s and t.
func (s Set) Or(t Set) Set {
	for i := range s {
		s[i] |= t[i]
	}
	return s
}

// And returns the intersection of s and t.
func (s Set) And(t Set) Set {
	for i := range s {
		s[i] &= t[i]
	}
	return s
}

// AndNot returns the cells of s that are not in t.
func (s Set) AndNot(t Set) Set {
	for i := range s {
		s[i] &^= t[i]
	}
	return s
}

// Meets reports whether s and t have a cell in common.
func (s Set) Meets(t *Set) bool {
	var x uint64
	for i := range s {
		x |= s[i] & t[i]
	}
	return x != 0
}

// Within reports whether every cell of s is in t.
func (s Set) Within(t *Set) bool {
	var x uint64
	for i := range s {
		x |= s[i] &^ t[i]
	}
	return x == 0
}

// Empty reports whether s has no cell.
func (s Set) Empty() bool {
	var x uint64
	for i := range s {
		x |= s[i]
	}
	return x == 0
}

// Len returns the number of cells in s.
func (s Set) Len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// First returns the smallest cell of s, or -1 if s is empty.
func (s Set) First() int {
	for i, w := range s {
		if w != 0 {
			return i<<6 | bits.TrailingZeros64(w)
		}
	}
	return -1
}

// All returns the cells of s in increasing order.
func (s Set) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		for i, w := range s {
			for w != 0 {
				if !yield(i<<6 | bits.TrailingZeros64(w)) {
					return
				}
				w &= w - 1
			}
		}
	}
}

// AppendTo appends the cells of s to dst in increasing order.
func (s Set) AppendTo(dst []int16) []int16 {
	for i, w := range s {
		for w != 0 {
			dst = append(dst, int16(i<<6|bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
	return dst
}

// Equal reports whether s and t hold the same cells.
func (s *Set) Equal(t *Set) bool {
	var x uint64
	for i := range s {
		x |= s[i] ^ t[i]
	}
	return x == 0
}
