//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"

	"github.com/tabletop-go/rules"
)

func games([]js.Value) (any, error) { return stringArray(rules.Games()), nil }

// live counts the positions held, for the leak tests.
func live([]js.Value) (any, error) { return len(positions), nil }

func open(args []js.Value) (any, error) {
	s, err := str(args, 0, "the spec")
	if err != nil {
		return nil, err
	}
	d, err := rules.Open(s)
	if err != nil {
		return nil, err
	}
	return hold(d)
}

func openPosition(args []js.Value) (any, error) {
	s, err := str(args, 0, "the spec")
	if err != nil {
		return nil, err
	}
	t, err := str(args, 1, "the position text")
	if err != nil {
		return nil, err
	}
	d, err := rules.OpenPosition(s, t)
	if err != nil {
		return nil, err
	}
	return hold(d)
}

func fromJSON(args []js.Value) (any, error) {
	s, err := str(args, 0, "the JSON text")
	if err != nil {
		return nil, err
	}
	d, err := rules.UnmarshalDynamic([]byte(s))
	if err != nil {
		return nil, err
	}
	return hold(d)
}

// free lets a position go; freeing a handle twice is harmless (false).
func free(args []js.Value) (any, error) {
	h, err := integer(args, 0, "the handle")
	if err != nil {
		return nil, err
	}
	_, ok := positions[h]
	delete(positions, h)
	return ok, nil
}

// get wraps a function of a position that cannot fail.
func get(f func(rules.Dynamic) any) fn {
	return func(args []js.Value) (any, error) {
		d, err := position(args)
		if err != nil {
			return nil, err
		}
		return f(d), nil
	}
}

var (
	spec    = get(func(d rules.Dynamic) any { return d.Spec() })
	text    = get(func(d rules.Dynamic) any { return d.String() })
	seats   = get(func(d rules.Dynamic) any { return d.Seats() })
	toMove  = get(func(d rules.Dynamic) any { return int(d.ToMove()) })
	ply     = get(func(d rules.Dynamic) any { return d.Ply() })
	hash    = get(func(d rules.Dynamic) any { return strconv.FormatUint(d.Hash(), 16) })
	result  = get(func(d rules.Dynamic) any { return d.Outcome().Result() })
	diagram = get(func(d rules.Dynamic) any { return d.Diagram() })
	moves   = get(func(d rules.Dynamic) any { return stringArray(d.Moves()) })
	// reason is the outcome's reason in the game's words, "" while the
	// game goes on.
	reason = get(func(d rules.Dynamic) any {
		if o := d.Outcome(); o.Over() {
			return o.Reason.String()
		}
		return ""
	})
	returns = get(func(d rules.Dynamic) any {
		r := d.Outcome().Returns()
		out := make([]any, d.Seats())
		for i := range out {
			out[i] = r[i]
		}
		return out
	})
	// chances are a chance node's outcomes, each [move, numerator,
	// denominator]: exact, as two integers.
	chances = get(func(d rules.Dynamic) any {
		list := d.Chances()
		out := make([]any, len(list))
		for i, c := range list {
			out[i] = []any{c.Move, strconv.FormatUint(c.Prob.Num, 10), strconv.FormatUint(c.Prob.Den, 10)}
		}
		return out
	})
	randomMove = get(func(d rules.Dynamic) any { return d.RandomMove(nil) })
)

func toJSON(args []js.Value) (any, error) {
	d, err := position(args)
	if err != nil {
		return nil, err
	}
	data, err := d.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return string(data), nil
}

// withMove wraps a function of a position and a move text.
func withMove(f func(d rules.Dynamic, move string) (any, error)) fn {
	return func(args []js.Value) (any, error) {
		d, err := position(args)
		if err != nil {
			return nil, err
		}
		m, err := str(args, 1, "the move")
		if err != nil {
			return nil, err
		}
		return f(d, m)
	}
}

var (
	// legal is true for a legal move, else null with the error: the
	// wrapper tells an illegal move (false) from text that is no move
	// (thrown).
	legal = withMove(func(d rules.Dynamic, m string) (any, error) {
		if err := d.Legal(m); err != nil {
			return nil, err
		}
		return true, nil
	})
	canonical = withMove(func(d rules.Dynamic, m string) (any, error) { return d.Canonical(m) })
	play      = withMove(func(d rules.Dynamic, m string) (any, error) {
		next, err := d.Play(m)
		if err != nil {
			return nil, err
		}
		return hold(next)
	})
	// playCanonical returns [handle, the move in canonical notation].
	playCanonical = withMove(func(d rules.Dynamic, m string) (any, error) {
		next, c, err := d.PlayCanonical(m)
		if err != nil {
			return nil, err
		}
		h, err := hold(next)
		if err != nil {
			return nil, err
		}
		return []any{h, c}, nil
	})
	actionIndex = withMove(func(d rules.Dynamic, m string) (any, error) { return d.ActionIndex(m) })
)
