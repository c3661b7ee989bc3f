//go:build js && wasm

//lint:file-ignore U1000 the go:wasmexport functions are called by JavaScript, which staticcheck does not see

package main

import (
	"fmt"
	"strings"

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

// tr_svg writes the position drawn as an SVG document (picture.Render):
// size is its width in pixels (0 or less: the default), coordinates is 1
// to label the board, the input holds the move to tint at [0, n) and the
// squares to highlight, one per line, at [n, n+m).
//
//go:wasmexport tr_svg
func trSVG(h, size, coordinates, n, m int32) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		last, err := input(0, n)
		if err != nil {
			return fail(err)
		}
		marks, err := input(n, m)
		if err != nil {
			return fail(err)
		}
		if coordinates != 0 && coordinates != 1 {
			return fail(badArgument{fmt.Sprintf("coordinates must be 0 or 1, not %d", coordinates)})
		}
		var highlight []string
		if marks != "" {
			highlight = strings.Split(marks, "\n")
		}
		doc, err := picture.Render(d, picture.Options{Size: int(size), Coordinates: coordinates == 1, LastMove: last, Highlight: highlight})
		if err != nil {
			return fail(err)
		}
		return text(string(doc))
	})
}
