package main

// What a learner reads of a position: its legal-action mask, its
// observation, its symmetries, and equality.

/*
#include <stdint.h>
#include <stdbool.h>
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/tabletop-go/rules"
)

//export tr_legal_mask
func tr_legal_mask(h C.int64_t, dst *C.bool, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	if n < 0 || n > 1<<30 {
		return fail(fmt.Errorf("bad mask length %d", n))
	}
	if err := d.LegalActionMask(unsafe.Slice((*bool)(unsafe.Pointer(dst)), int(n))); err != nil {
		return fail(err)
	}
	return 0
}

// seatToMove is tr_observation's seat for "the seat to move".
const seatToMove = -1000

// tr_observation takes C ints: it is the hot path of a single position.
//
//export tr_observation
func tr_observation(h C.int32_t, seat C.int32_t, dst *C.float, n C.int32_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(C.int64_t(h))
	if err != nil {
		return fail(err)
	}
	if n <= 0 || dst == nil {
		return fail(fmt.Errorf("an observation buffer of %d values", n))
	}
	if seat == seatToMove {
		seat = C.int32_t(d.ToMove())
	}
	if seat < 0 || seat >= C.int32_t(d.Seats()) {
		return fail(&rules.RangeError{What: "seat", Index: int(seat), N: d.Seats()})
	}
	// The buffer's capacity is n: an observation of any other size would
	// not fit (append would move it elsewhere), which the length tells.
	buf := unsafe.Slice((*float32)(unsafe.Pointer(dst)), int(n))
	if got := d.AppendObservation(buf[:0], rules.Player(seat)); len(got) != int(n) {
		return fail(fmt.Errorf("an observation buffer of %d values for %d", n, len(got)))
	}
	return 0
}

//export tr_transform
func tr_transform(h C.int64_t, k C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	t, err := d.Transform(int(k))
	if err != nil {
		return fail(err)
	}
	return hold(t)
}

//export tr_action_permutation
func tr_action_permutation(h C.int64_t, k C.int64_t, dst *C.int64_t, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	if int64(n) != int64(d.NumActions()) {
		return fail(fmt.Errorf("a permutation buffer of %d values for %d actions", n, d.NumActions()))
	}
	perm, err := d.ActionPermutation(int(k))
	if err != nil {
		return fail(err)
	}
	v := unsafe.Slice((*int64)(unsafe.Pointer(dst)), len(perm))
	for i, p := range perm {
		v[i] = int64(p)
	}
	return 0
}

// tr_equal returns 1 if the positions are equal (the same position of
// the same variant, as == on the typed values), 0 if not.
//
//export tr_equal
func tr_equal(a, b C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	x, err := state(a)
	if err != nil {
		return fail(err)
	}
	y, err := state(b)
	if err != nil {
		return fail(err)
	}
	if x.Typed() == y.Typed() {
		return 1
	}
	return 0
}
