// Command capi is the C ABI of the Python package tabletop_rules: built
// with go build -buildmode=c-shared, it exports the functions the
// package's ctypes layer calls (tr_...), over every game of the module.
//
// Positions and batches live in Go, in tables keyed by handles: the
// positive integers the functions return. A function that fails returns
// a negative number, -id, where id names an error kept until tr_error
// reads it. Text comes in as (pointer, length) and goes out into the
// caller's buffer (pointer, capacity): the function returns the length
// of the whole text and writes it only if it fits, so that the caller
// can call again with room enough. No function panics into its caller:
// a Go panic comes back as an error of code "internal".
//
// The binding is thin: it converts and checks, and the rules live in
// package rules and the games.
package main

/*
#include <stdint.h>
#include <stdbool.h>
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
)

func main() {} // a c-shared library has no main of its own

// abiVersion changes whenever a function is added or a function's
// arguments or the layout of what it writes change; the binding refuses
// a library of another (2: the guided search, tr_search_...; 3:
// tr_search_new's keep tree).
const abiVersion = 3

//export tr_abi
func tr_abi() C.int64_t { return abiVersion }

// errBadHandle is the error of a handle that names nothing: freed, or
// never given.
var errBadHandle = errors.New("no such handle (freed, or never given)")

// fail keeps err and returns its id, negated.
func fail(err error) C.int64_t {
	id, e := errs.put(err)
	if e != nil {
		return -maxHandles - 1 // no room for the error: an id no table gives
	}
	return C.int64_t(-id)
}

// hold keeps d and returns its handle.
func hold(d rules.Dynamic) C.int64_t {
	h, err := states.put(d)
	if err != nil {
		return fail(err)
	}
	return C.int64_t(h)
}

// guard turns a panic into an error of code "internal", returned through
// *ret: nothing a caller passes crashes its interpreter.
func guard(ret *C.int64_t) {
	if r := recover(); r != nil {
		*ret = fail(&internalError{fmt.Sprint(r)})
	}
}

type internalError struct{ msg string }

func (e *internalError) Error() string { return "internal error (a bug; please report it): " + e.msg }

// goString copies the caller's bytes.
func goString(p *C.char, n C.int64_t) (string, error) {
	if n < 0 || n > 1<<30 || p == nil && n > 0 {
		return "", fmt.Errorf("bad text argument of length %d", n)
	}
	if n == 0 {
		return "", nil
	}
	return C.GoStringN(p, C.int(n)), nil
}

// out writes s into the caller's buffer if it fits and returns its
// length.
func out(s string, buf *C.char, capacity C.int64_t) C.int64_t {
	if int64(len(s)) <= int64(capacity) && len(s) > 0 && buf != nil {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(buf)), len(s)), s)
	}
	return C.int64_t(len(s))
}

func state(h C.int64_t) (rules.Dynamic, error) {
	d, ok := states.get(int64(h))
	if !ok {
		return nil, errBadHandle
	}
	return d, nil
}
