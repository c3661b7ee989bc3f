//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/tabletop-go/rules"
)

// badHandle is an error for a handle the table does not hold: never
// given, or freed.
type badHandle struct{ h int }

func (e badHandle) Error() string {
	return "no position has handle " + strconv.Itoa(e.h) + " (never given, or freed)"
}

// badArgument is an error for an argument of the wrong kind: the wrapper
// checks its arguments, so this is its bug or a caller of the raw module.
type badArgument struct{ msg string }

func (e badArgument) Error() string { return e.msg }

// positions are the positions JavaScript holds, by handle. A handle freed
// is not given again, so that a stale copy names nothing.
var (
	positions = map[int]rules.Dynamic{}
	lastID    int
)

const maxHandle = 1<<53 - 1 // the largest integer a JavaScript number holds exactly

func hold(d rules.Dynamic) (any, error) {
	if lastID == maxHandle {
		return nil, badArgument{"no handles left"}
	}
	lastID++
	positions[lastID] = d
	return lastID, nil
}

// arg returns args[i], or undefined past the end.
func arg(args []js.Value, i int) js.Value {
	if i < len(args) {
		return args[i]
	}
	return js.Undefined()
}

// str reads args[i] as a string.
func str(args []js.Value, i int, what string) (string, error) {
	v := arg(args, i)
	if v.Type() != js.TypeString {
		return "", badArgument{what + " must be a string, not " + v.Type().String()}
	}
	return v.String(), nil
}

// integer reads args[i] as a whole number that an int holds exactly.
func integer(args []js.Value, i int, what string) (int, error) {
	v := arg(args, i)
	if v.Type() != js.TypeNumber {
		return 0, badArgument{what + " must be a number, not " + v.Type().String()}
	}
	f := v.Float()
	if f != f || f < -maxHandle || f > maxHandle || f != float64(int64(f)) {
		return 0, badArgument{what + " must be a whole number, not " + strconv.FormatFloat(f, 'g', -1, 64)}
	}
	return int(f), nil
}

// position reads args[0] as a handle.
func position(args []js.Value) (rules.Dynamic, error) {
	h, err := integer(args, 0, "the handle")
	if err != nil {
		return nil, err
	}
	d, ok := positions[h]
	if !ok {
		return nil, badHandle{h}
	}
	return d, nil
}

// strings converts a Go slice to a JavaScript array of strings.
func stringArray(list []string) any {
	a := make([]any, len(list))
	for i, s := range list {
		a[i] = s
	}
	return a
}
