//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"
	"unsafe"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/picture"
)

// The kit: action spaces, observations, symmetries; and the pictures.

var (
	numActions       = get(func(d rules.Dynamic) any { return d.NumActions() })
	numChanceActions = get(func(d rules.Dynamic) any { return d.NumChanceActions() })
	symmetries       = get(func(d rules.Dynamic) any { return d.Symmetries() })
	observationShape = get(func(d rules.Dynamic) any {
		s := d.ObservationShape()
		return []any{s[0], s[1], s[2]}
	})
	// legalActions is an Int32Array of the legal actions' indices,
	// ascending.
	legalActions = get(func(d rules.Dynamic) any {
		list := d.LegalActions()
		v := make([]int32, len(list))
		for i, a := range list {
			v[i] = int32(a)
		}
		return typedArray("Int32Array", len(v), unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(v))), 4*len(v)))
	})
)

// withIndex wraps a function of a position and a whole number.
func withIndex(what string, f func(d rules.Dynamic, i int) (any, error)) fn {
	return func(args []js.Value) (any, error) {
		d, err := position(args)
		if err != nil {
			return nil, err
		}
		i, err := integer(args, 1, what)
		if err != nil {
			return nil, err
		}
		return f(d, i)
	}
}

var (
	actionMove = withIndex("the action", func(d rules.Dynamic, i int) (any, error) { return d.ActionMove(i) })
	playAction = withIndex("the action", func(d rules.Dynamic, i int) (any, error) {
		next, err := d.PlayAction(i)
		if err != nil {
			return nil, err
		}
		return hold(next)
	})
	transform = withIndex("the symmetry", func(d rules.Dynamic, k int) (any, error) {
		next, err := d.Transform(k)
		if err != nil {
			return nil, err
		}
		return hold(next)
	})
	// observation is a Float32Array of the position seen by the seat
	// (planes × rows × cols, row-major); the wrapper passes the seat to
	// move when none is given.
	observation = withIndex("the seat", func(d rules.Dynamic, seat int) (any, error) {
		if seat < 0 || seat >= d.Seats() {
			return nil, &rules.RangeError{What: "seat", Index: seat, N: d.Seats()}
		}
		obs := d.Observation(rules.Player(seat))
		if len(obs) == 0 && d.NumActions() == 0 {
			return nil, rules.ErrNotSupported
		}
		return typedArray("Float32Array", len(obs), unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(obs))), 4*len(obs))), nil
	})
)

// typedArray returns a new JavaScript typed array of n elements holding
// the bytes b.
func typedArray(kind string, n int, b []byte) js.Value {
	a := js.Global().Get(kind).New(n)
	if len(b) > 0 {
		js.CopyBytesToJS(js.Global().Get("Uint8Array").New(a.Get("buffer"), a.Get("byteOffset"), a.Get("byteLength")), b)
	}
	return a
}

// svgOptions is picture.Options as the wrapper sends it, in JSON.
type svgOptions struct {
	Size        int      `json:"size"`
	Coordinates bool     `json:"coordinates"`
	LastMove    string   `json:"lastMove"`
	Highlight   []string `json:"highlight"`
}

// svg draws the position with the options, a JSON text of svgOptions.
func svg(args []js.Value) (any, error) {
	d, err := position(args)
	if err != nil {
		return nil, err
	}
	s, err := str(args, 1, "the options")
	if err != nil {
		return nil, err
	}
	var o svgOptions
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return nil, badArgument{"the options: " + err.Error()}
	}
	doc, err := picture.Render(d, picture.Options{Size: o.Size, Coordinates: o.Coordinates, LastMove: o.LastMove, Highlight: o.Highlight})
	if err != nil {
		return nil, err
	}
	return string(doc), nil
}
