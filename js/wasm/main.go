//go:build js && wasm

// Command wasm is the WebAssembly module of the JavaScript package in
// js/: built with GOOS=js GOARCH=wasm, it plays every game of the module
// and its pictures for the package's wrapper (js/src/index.js), which
// hides syscall/js.
//
// At start it puts one object on globalThis, __tabletopRules, whose
// functions take and return plain JavaScript values: strings, numbers,
// booleans, arrays, typed arrays. Positions live in Go, in a table keyed
// by handles (positive integers); free(h) lets one go. A function that
// fails returns null and keeps the error, which lastError() returns (a
// JSON text: code, message, reason, offset, what) and forgets. No
// function panics into the page: a Go panic comes back as an error of
// code "internal", and the module serves the next call.
//
// The binding is thin: it converts and checks; the rules live in package
// rules and the games.
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/tabletop-go/rules/internal/binding"
)

// abiVersion changes whenever a function's arguments or results change;
// the wrapper refuses a module of another.
const abiVersion = 1

func main() {
	api := js.Global().Get("Object").New()
	for name, f := range functions {
		api.Set(name, js.FuncOf(guarded(f)))
	}
	api.Set("abi", abiVersion)
	js.Global().Set("__tabletopRules", api)
	select {} // serve calls until the page goes
}

// fn is an exported function: its arguments, and its result or an error.
type fn func(args []js.Value) (any, error)

// functions are the module's exports, by the name the wrapper calls.
var functions = map[string]fn{
	"games":        games,
	"live":         live,
	"lastError":    lastError,
	"open":         open,
	"openPosition": openPosition,
	"fromJSON":     fromJSON,
	"free":         free,

	"spec": spec, "text": text, "json": toJSON, "seats": seats, "toMove": toMove, "ply": ply,
	"hash": hash, "result": result, "reason": reason, "returns": returns, "diagram": diagram,
	"moves": moves, "chances": chances, "legal": legal, "canonical": canonical, "play": play,
	"playCanonical": playCanonical, "randomMove": randomMove,

	"numActions": numActions, "numChanceActions": numChanceActions, "legalActions": legalActions,
	"actionIndex": actionIndex, "actionMove": actionMove, "playAction": playAction,
	"observationShape": observationShape, "observation": observation,
	"symmetries": symmetries, "transform": transform,
	"svg": svg,
}

// pending is the error of the last call that failed, until lastError
// reads it. JavaScript calls the module from one thread, one call at a
// time.
var pending *binding.ErrorInfo

// guarded turns f into a js.Func body: its result, or null with the error
// kept for lastError; a panic becomes an error of code "internal".
func guarded(f fn) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) (ret any) {
		defer func() {
			if r := recover(); r != nil {
				keep(binding.ErrorInfo{Code: "internal", Message: fmt.Sprintf("internal error: %v", r),
					Reason: fmt.Sprint(r), Offset: -1, Game: -1})
				ret = js.Null()
			}
		}()
		v, err := f(args)
		if err != nil {
			keep(info(err))
			return js.Null()
		}
		return v
	}
}

func keep(e binding.ErrorInfo) { pending = &e }

// info describes err: binding.Info, with the module's own codes for a
// handle it does not hold and an argument the wrapper should have
// refused.
func info(err error) binding.ErrorInfo {
	e := binding.Info(err)
	switch err.(type) {
	case badHandle:
		e.Code = "bad-handle"
	case badArgument:
		e.Code = "bad-argument"
	}
	return e
}

func lastError([]js.Value) (any, error) {
	if pending == nil {
		return "", nil
	}
	data, err := json.Marshal(pending)
	pending = nil
	return string(data), err
}
