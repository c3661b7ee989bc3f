package main

// Opening, freeing and reading positions: the games, the handles held,
// a position's numbers, texts and returns.

/*
#include <stdint.h>
#include <stdbool.h>
*/
import "C"

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/tabletop-go/rules"
)

//export tr_games
func tr_games(buf *C.char, capacity C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	return out(strings.Join(rules.Games(), "\n"), buf, capacity)
}

// tr_live counts the positions and batches held, for the leak tests.
//
//export tr_live
func tr_live() (ret C.int64_t) {
	defer guard(&ret)
	return C.int64_t(states.len() + batches.len())
}

//export tr_open
func tr_open(spec *C.char, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	s, err := goString(spec, n)
	if err != nil {
		return fail(err)
	}
	d, err := rules.Open(s)
	if err != nil {
		return fail(err)
	}
	return hold(d)
}

//export tr_open_position
func tr_open_position(spec *C.char, n C.int64_t, text *C.char, m C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	s, err := goString(spec, n)
	if err != nil {
		return fail(err)
	}
	t, err := goString(text, m)
	if err != nil {
		return fail(err)
	}
	d, err := rules.OpenPosition(s, t)
	if err != nil {
		return fail(err)
	}
	return hold(d)
}

//export tr_from_json
func tr_from_json(data *C.char, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	s, err := goString(data, n)
	if err != nil {
		return fail(err)
	}
	d, err := rules.UnmarshalDynamic([]byte(s))
	if err != nil {
		return fail(err)
	}
	return hold(d)
}

//export tr_free
func tr_free(h C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	if !states.remove(int64(h)) {
		return fail(errBadHandle)
	}
	return 0
}

// The fields tr_info writes, in order.
const (
	infoSeats = iota
	infoToMove
	infoPly
	infoNumActions
	infoNumChanceActions
	infoSymmetries
	infoPlanes
	infoRows
	infoCols
	infoHashHigh // the hash's upper and lower 32 bits
	infoHashLow
	infoLen
)

//export tr_info
func tr_info(h C.int64_t, dst *C.int64_t, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	if n != infoLen || dst == nil {
		return fail(fmt.Errorf("an info buffer of %d values for %d", n, infoLen))
	}
	v := unsafe.Slice((*int64)(unsafe.Pointer(dst)), infoLen)
	shape := d.ObservationShape()
	hash := d.Hash()
	v[infoSeats], v[infoToMove], v[infoPly] = int64(d.Seats()), int64(d.ToMove()), int64(d.Ply())
	v[infoNumActions], v[infoNumChanceActions], v[infoSymmetries] = int64(d.NumActions()), int64(d.NumChanceActions()), int64(d.Symmetries())
	v[infoPlanes], v[infoRows], v[infoCols] = int64(shape[0]), int64(shape[1]), int64(shape[2])
	v[infoHashHigh], v[infoHashLow] = int64(hash>>32), int64(hash&0xffffffff)
	return 0
}

// The texts tr_text writes.
const (
	textPosition = iota
	textSpec
	textResult
	textJSON
	textMoves   // the legal moves, a line each
	textChances // "move num/den", a line each
	textReason  // why the game ended, "" while it goes on
	textDiagram
)

//export tr_text
func tr_text(h C.int64_t, what C.int64_t, buf *C.char, capacity C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	var s string
	switch what {
	case textPosition:
		s = d.String()
	case textSpec:
		s = d.Spec()
	case textResult:
		s = d.Outcome().Result()
	case textJSON:
		data, err := d.MarshalJSON()
		if err != nil {
			return fail(err)
		}
		s = string(data)
	case textMoves:
		s = strings.Join(d.Moves(), "\n")
	case textChances:
		var b strings.Builder
		for i, c := range d.Chances() {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(c.Move + " " + c.Prob.String())
		}
		s = b.String()
	case textReason:
		if o := d.Outcome(); o.Over() {
			s = o.Reason.String()
		}
	case textDiagram:
		s = d.Diagram()
	default:
		return fail(fmt.Errorf("no text %d", what))
	}
	return out(s, buf, capacity)
}

//export tr_returns
func tr_returns(h C.int64_t, dst *C.double, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	if n < C.int64_t(d.Seats()) || dst == nil {
		return fail(fmt.Errorf("a returns buffer of %d values for %d seats", n, d.Seats()))
	}
	v := unsafe.Slice((*float64)(unsafe.Pointer(dst)), d.Seats())
	r := d.Outcome().Returns()
	copy(v, r[:])
	return C.int64_t(d.Seats())
}
