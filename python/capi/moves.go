package main

// Moves: checking, playing and naming them, by text or action index.

/*
#include <stdint.h>
#include <stdbool.h>
*/
import "C"

import (
	"unsafe"

	"github.com/tabletop-go/rules"
)

func move(h C.int64_t, m *C.char, n C.int64_t) (rules.Dynamic, string, error) {
	d, err := state(h)
	if err != nil {
		return nil, "", err
	}
	s, err := goString(m, n)
	return d, s, err
}

//export tr_legal
func tr_legal(h C.int64_t, m *C.char, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, s, err := move(h, m, n)
	if err != nil {
		return fail(err)
	}
	if err := d.Legal(s); err != nil {
		return fail(err)
	}
	return 0
}

//export tr_play
func tr_play(h C.int64_t, m *C.char, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, s, err := move(h, m, n)
	if err != nil {
		return fail(err)
	}
	next, err := d.Play(s)
	if err != nil {
		return fail(err)
	}
	return hold(next)
}

//export tr_canonical
func tr_canonical(h C.int64_t, m *C.char, n C.int64_t, buf *C.char, capacity C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, s, err := move(h, m, n)
	if err != nil {
		return fail(err)
	}
	c, err := d.Canonical(s)
	if err != nil {
		return fail(err)
	}
	return out(c, buf, capacity)
}

//export tr_action_index
func tr_action_index(h C.int64_t, m *C.char, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, s, err := move(h, m, n)
	if err != nil {
		return fail(err)
	}
	i, err := d.ActionIndex(s)
	if err != nil {
		return fail(err)
	}
	return C.int64_t(i)
}

//export tr_action_move
func tr_action_move(h C.int64_t, i C.int64_t, chance C.int64_t, buf *C.char, capacity C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	var s string
	if chance != 0 {
		s, err = d.ChanceMove(int(i))
	} else {
		s, err = d.ActionMove(int(i))
	}
	if err != nil {
		return fail(err)
	}
	return out(s, buf, capacity)
}

// tr_play_action takes C ints: it is the hot path of a single position.
//
//export tr_play_action
func tr_play_action(h C.int32_t, i C.int32_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(C.int64_t(h))
	if err != nil {
		return fail(err)
	}
	next, err := d.PlayAction(int(i))
	if err != nil {
		return fail(err)
	}
	return hold(next)
}

// tr_free_many frees n handles, C ints: a binding frees what its
// collector drops in bunches. A handle that names nothing is skipped.
//
//export tr_free_many
func tr_free_many(ids *C.int32_t, n C.int32_t) (ret C.int64_t) {
	defer guard(&ret)
	if n <= 0 || ids == nil {
		return 0
	}
	for _, h := range unsafe.Slice((*int32)(unsafe.Pointer(ids)), int(n)) {
		states.remove(int64(h))
	}
	return 0
}
