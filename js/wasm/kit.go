//go:build js && wasm

//lint:file-ignore U1000 the go:wasmexport functions are called by JavaScript, which staticcheck does not see

package main

import (
	"encoding/json"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/picture"
)

// The kit: action spaces, observations, symmetries; and the pictures.

//go:wasmexport tr_num_actions
func trNumActions(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 { return int32(d.NumActions()) })
}

//go:wasmexport tr_num_chance_actions
func trNumChanceActions(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 { return int32(d.NumChanceActions()) })
}

//go:wasmexport tr_symmetries
func trSymmetries(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 { return int32(d.Symmetries()) })
}

// tr_observation_shape writes [planes, rows, cols] as int32.
//
//go:wasmexport tr_observation_shape
func trObservationShape(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		s := d.ObservationShape()
		return numbers([]int32{int32(s[0]), int32(s[1]), int32(s[2])})
	})
}

// actions is the buffer of tr_legal_actions.
var actions []int

// tr_legal_actions writes the legal actions' indices, ascending, as int32.
//
//go:wasmexport tr_legal_actions
func trLegalActions(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		actions = d.AppendLegalActions(actions[:0])
		v := make([]int32, len(actions))
		for i, a := range actions {
			v[i] = int32(a)
		}
		return numbers(v)
	})
}

// withIndex calls f with the position of handle h and i.
func withIndex(h, i int32, f func(d rules.Dynamic, i int) int32) int32 {
	return get(h, func(d rules.Dynamic) int32 { return f(d, int(i)) })
}

//go:wasmexport tr_action_move
func trActionMove(h, i int32) int32 {
	return withIndex(h, i, func(d rules.Dynamic, i int) int32 {
		m, err := d.ActionMove(i)
		if err != nil {
			return fail(err)
		}
		return text(m)
	})
}

// tr_chance_move writes the chance outcome of index i.
//
//go:wasmexport tr_chance_move
func trChanceMove(h, i int32) int32 {
	return withIndex(h, i, func(d rules.Dynamic, i int) int32 {
		m, err := d.ChanceMove(i)
		if err != nil {
			return fail(err)
		}
		return text(m)
	})
}

//go:wasmexport tr_play_action
func trPlayAction(h, i int32) int32 {
	return withIndex(h, i, func(d rules.Dynamic, i int) int32 {
		next, err := d.PlayAction(i)
		if err != nil {
			return fail(err)
		}
		return hold(next)
	})
}

//go:wasmexport tr_transform
func trTransform(h, k int32) int32 {
	return withIndex(h, k, func(d rules.Dynamic, k int) int32 {
		next, err := d.Transform(k)
		if err != nil {
			return fail(err)
		}
		return hold(next)
	})
}

// obs is the buffer of tr_observation.
var obs []float32

// tr_observation writes the position seen by seat as float32 (planes ×
// rows × cols, row-major).
//
//go:wasmexport tr_observation
func trObservation(h, seat int32) int32 {
	return withIndex(h, seat, func(d rules.Dynamic, seat int) int32 {
		if seat < 0 || seat >= d.Seats() {
			return fail(&rules.RangeError{What: "seat", Index: seat, N: d.Seats()})
		}
		if d.NumActions() == 0 {
			return fail(rules.ErrNotSupported)
		}
		obs = d.AppendObservation(obs[:0], rules.Player(seat))
		return numbers(obs)
	})
}

// svgOptions is picture.Options as the wrapper sends it, in JSON.
type svgOptions struct {
	Size        int      `json:"size"`
	Coordinates bool     `json:"coordinates"`
	LastMove    string   `json:"lastMove"`
	Highlight   []string `json:"highlight"`
}

// tr_svg writes the position drawn as an SVG document, with the options
// at [0, n) of the input (a JSON text of svgOptions).
//
//go:wasmexport tr_svg
func trSVG(h, n int32) int32 {
	return withMove(h, n, func(d rules.Dynamic, opts string) int32 {
		var o svgOptions
		if err := json.Unmarshal([]byte(opts), &o); err != nil {
			return fail(badArgument{"the options: " + err.Error()})
		}
		doc, err := picture.Render(d, picture.Options{Size: o.Size, Coordinates: o.Coordinates, LastMove: o.LastMove, Highlight: o.Highlight})
		if err != nil {
			return fail(err)
		}
		return text(string(doc))
	})
}
