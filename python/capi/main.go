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
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

func main() {} // a c-shared library has no main of its own

// table maps handles to values: positions (rules.Dynamic), batches and
// errors. A handle freed is given again, so that handles stay small: the
// hot functions take them as 32-bit ints (ctypes passes a Python int as
// a C int fastest, with no conversion declared).
type table[V any] struct {
	mu      sync.Mutex
	next    int32
	free    []int32
	m       map[int32]V
	noReuse bool // batches: a stale copy of a handle must name nothing
}

// maxHandles bounds the values a table holds at once.
const maxHandles = 1<<31 - 1

var errTooMany = errors.New("too many positions held at once (2^31 - 1)")

func (t *table[V]) put(v V) (int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil {
		t.m = make(map[int32]V)
	}
	var h int32
	if k := len(t.free); k > 0 && !t.noReuse {
		h = t.free[k-1]
		t.free = t.free[:k-1]
	} else {
		if t.next == maxHandles {
			return 0, errTooMany
		}
		t.next++
		h = t.next
	}
	t.m[h] = v
	return int64(h), nil
}

func (t *table[V]) get(h int64) (V, bool) {
	var zero V
	if h != int64(int32(h)) {
		return zero, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	v, ok := t.m[int32(h)]
	return v, ok
}

func (t *table[V]) remove(h int64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if h != int64(int32(h)) {
		return false
	}
	_, ok := t.m[int32(h)]
	if ok {
		delete(t.m, int32(h))
		if !t.noReuse {
			t.free = append(t.free, int32(h))
		}
	}
	return ok
}

func (t *table[V]) len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m)
}

var (
	states  table[rules.Dynamic]
	batches = table[*batch]{noReuse: true}
	errs    table[error]
)

// abiVersion changes whenever a function's arguments or the layout of
// what it writes change; the binding refuses a library of another.
const abiVersion = 1

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

// errorInfo is what tr_error writes: the error's stable code, its whole
// message, the reason alone, and for text that cannot be read the byte
// offset of the problem (-1 otherwise).
type errorInfo struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Reason  string `json:"reason"`
	Offset  int    `json:"offset"`
	What    string `json:"what"`
	Game    int    `json:"game"` // a batch's game at fault, -1 otherwise
}

func info(err error) errorInfo {
	e := errorInfo{Code: rules.ErrorCode(err), Message: err.Error(), Reason: err.Error(), Offset: -1, Game: -1}
	var syntax *rules.SyntaxError
	var spec *notation.SpecError
	var move *rules.MoveError
	var be *rules.BatchError
	var internal *internalError
	switch {
	case errors.Is(err, errBadHandle):
		e.Code = "bad-handle"
	case errors.As(err, &internal):
		e.Code = "internal"
	}
	if errors.As(err, &be) {
		e.Game = be.Game
	}
	switch {
	case errors.As(err, &syntax):
		e.Offset, e.Reason, e.What = syntax.Offset, syntax.Msg, syntax.What
	case errors.As(err, &spec):
		e.Reason, e.What = spec.Msg, "spec"
		e.Offset = 0
		if spec.Option != "" {
			if i := strings.Index(spec.Spec, spec.Option+"="); i >= 0 {
				e.Offset = i
			} else if i := strings.Index(spec.Spec, spec.Option); i >= 0 {
				e.Offset = i
			}
		}
	case errors.As(err, &move):
		e.Reason, e.What = move.Why(), "move"
	case errors.Is(err, rules.ErrUnknownGame):
		e.Offset, e.What = 0, "spec"
	}
	return e
}

//export tr_error
func tr_error(id C.int64_t, buf *C.char, capacity C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	err, ok := errs.get(int64(id))
	if !ok {
		return out(`{"code":"internal","message":"no such error","reason":"no such error","offset":-1,"what":"","game":-1}`, buf, capacity)
	}
	data, _ := json.Marshal(info(err))
	n := out(string(data), buf, capacity)
	if int64(n) <= int64(capacity) {
		errs.remove(int64(id))
	}
	return n
}

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

//export tr_legal_mask
func tr_legal_mask(h C.int64_t, dst *C.bool, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	if n < 0 || n > 1<<30 {
		return fail(fmt.Errorf("bad mask length %d", n))
	}
	if err := d.LegalActionMask(unsafe.Slice((*bool)(unsafe.Pointer(dst)), int(n))); err != nil {
		return fail(err)
	}
	return 0
}

// seatToMove is tr_observation's seat for "the seat to move".
const seatToMove = -1000

// tr_observation takes C ints: it is the hot path of a single position.
//
//export tr_observation
func tr_observation(h C.int32_t, seat C.int32_t, dst *C.float, n C.int32_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(C.int64_t(h))
	if err != nil {
		return fail(err)
	}
	if n <= 0 || dst == nil {
		return fail(fmt.Errorf("an observation buffer of %d values", n))
	}
	if seat == seatToMove {
		seat = C.int32_t(d.ToMove())
	}
	if seat < 0 || seat >= C.int32_t(d.Seats()) {
		return fail(&rules.RangeError{What: "seat", Index: int(seat), N: d.Seats()})
	}
	// The buffer's capacity is n: an observation of any other size would
	// not fit (append would move it elsewhere), which the length tells.
	buf := unsafe.Slice((*float32)(unsafe.Pointer(dst)), int(n))
	if got := d.AppendObservation(buf[:0], rules.Player(seat)); len(got) != int(n) {
		return fail(fmt.Errorf("an observation buffer of %d values for %d", n, len(got)))
	}
	return 0
}

//export tr_transform
func tr_transform(h C.int64_t, k C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	t, err := d.Transform(int(k))
	if err != nil {
		return fail(err)
	}
	return hold(t)
}

//export tr_action_permutation
func tr_action_permutation(h C.int64_t, k C.int64_t, dst *C.int64_t, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(h)
	if err != nil {
		return fail(err)
	}
	if int64(n) != int64(d.NumActions()) {
		return fail(fmt.Errorf("a permutation buffer of %d values for %d actions", n, d.NumActions()))
	}
	perm, err := d.ActionPermutation(int(k))
	if err != nil {
		return fail(err)
	}
	v := unsafe.Slice((*int64)(unsafe.Pointer(dst)), len(perm))
	for i, p := range perm {
		v[i] = int64(p)
	}
	return 0
}

// tr_equal returns 1 if the positions are equal (the same position of
// the same variant, as == on the typed values), 0 if not.
//
//export tr_equal
func tr_equal(a, b C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	x, err := state(a)
	if err != nil {
		return fail(err)
	}
	y, err := state(b)
	if err != nil {
		return fail(err)
	}
	if x.Typed() == y.Typed() {
		return 1
	}
	return 0
}
