//go:build js && wasm

//lint:file-ignore U1000 the go:wasmexport functions are called by JavaScript, which staticcheck does not see

// Command wasm is the WebAssembly module of the JavaScript package in
// js/: built with GOOS=js GOARCH=wasm, it plays every game of the module
// and draws its pictures for the package's wrapper (js/src/index.js),
// which is the only code that should call it.
//
// The module exports plain functions (go:wasmexport) of 32-bit integers,
// which JavaScript calls directly: a call costs tens of nanoseconds, where
// one through syscall/js costs tens of microseconds. Text goes through
// the module's memory: the caller asks tr_in for room, writes UTF-8
// there and passes the lengths; a function that returns text writes it
// at tr_out and returns its length in bytes, one that returns numbers
// writes them there (int32, float32 or float64, aligned) and returns
// their count. Positions live in Go, in a table keyed by handles
// (positive integers); tr_free lets one go. A function that fails
// returns failed (math.MinInt32) and keeps the error, which tr_error
// writes (a JSON text: code, message, reason, offset, what). No function
// panics into the page: a Go panic comes back as an error of code
// "internal", and the module serves the next call.
//
// The binding is thin: it converts and checks; the rules live in package
// rules and the games.
package main

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/binding"
)

// abiVersion changes whenever a function's arguments or results change;
// the wrapper refuses a module of another.
const abiVersion = 4

// failed is what a function returns when it fails.
const failed = math.MinInt32

func main() { select {} } // serve calls until the page goes

// in is the room the caller writes its text into; out is where the
// functions write what they return. Each stays where it is until it must
// grow. JavaScript calls the module from one thread, one call at a time.
var in, out []byte

//go:wasmexport tr_abi
func trABI() int32 { return abiVersion }

// maxInput bounds the input room: no spec, move, position text or
// stored position needs 64 MiB.
const maxInput = 64 << 20

// tr_in returns the address of room for n bytes of input (at most
// maxInput).
//
//go:wasmexport tr_in
func trIn(n int32) int32 {
	if n < 0 || n > maxInput {
		return fail(&rules.RangeError{What: "input length in bytes", Index: int(n), N: maxInput + 1})
	}
	if int(n) > cap(in) {
		in = make([]byte, max(int(n), 2*cap(in), 4096))
	}
	return address(in[:cap(in)])
}

// tr_out returns the address of the last result.
//
//go:wasmexport tr_out
func trOut() int32 { return address(out[:cap(out)]) }

func address(b []byte) int32 {
	if cap(b) == 0 {
		return 0
	}
	return int32(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
}

// input returns the caller's text at [at, at+n) of the input room.
func input(at, n int32) (string, error) {
	if at < 0 || n < 0 || int(at)+int(n) > cap(in) {
		return "", badArgument{fmt.Sprintf("input bytes %d to %d, beyond the room asked for (%d)", at, int(at)+int(n), cap(in))}
	}
	return string(in[at : at+n]), nil
}

// text returns s as the result: its bytes in out, its length.
func text(s string) int32 {
	out = append(out[:0], s...)
	return int32(len(out))
}

// numbers returns the values as the result, in out, and their count.
func numbers[T int32 | float32 | float64](v []T) int32 {
	size := len(v) * int(unsafe.Sizeof(T(0)))
	if size > cap(out) {
		out = make([]byte, max(size, 2*cap(out)))
	}
	out = out[:size]
	if size > 0 {
		copy(out, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), size))
	}
	return int32(len(v))
}

// pending is the error of the last call that failed, until tr_error
// writes it.
var pending *binding.ErrorInfo

// tr_error writes the last error as JSON and forgets it: its length, 0
// if there is none.
//
//go:wasmexport tr_error
func trError() int32 {
	if pending == nil {
		return text("")
	}
	out = pending.AppendJSON(out[:0])
	pending = nil
	return int32(len(out))
}

// guard turns a panic of the function it is deferred in into an error of
// code "internal" and the result failed.
func guard(ret *int32) {
	if r := recover(); r != nil {
		pending = &binding.ErrorInfo{Code: "internal", Message: fmt.Sprintf("internal error: %v", r),
			Reason: fmt.Sprint(r), Offset: -1, Game: -1}
		*ret = failed
	}
}

// fail keeps err for tr_error and returns failed.
func fail(err error) int32 {
	e := binding.Info(err)
	switch err.(type) {
	case badHandle:
		e.Code = "bad-handle"
	case badArgument:
		e.Code = "bad-argument"
	}
	pending = &e
	return failed
}

// badHandle is an error for a handle the table does not hold: never
// given, or freed.
type badHandle struct{ h int32 }

func (e badHandle) Error() string {
	return fmt.Sprintf("no position has handle %d (never given, or freed)", e.h)
}

// badArgument is an error for an argument the wrapper should have
// refused: its bug, or a caller of the raw module.
type badArgument struct{ msg string }

func (e badArgument) Error() string { return e.msg }
