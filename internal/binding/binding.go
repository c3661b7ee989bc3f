// Package binding holds what the language bindings (the Python package's
// C ABI in python/capi, the WebAssembly module in js/wasm) share: the
// description of an error they hand to their caller, with the SDK's
// stable code, the reason alone and, for text that cannot be read, the
// byte offset of the problem. The rules live in package rules and the
// games; a binding converts and checks, nothing more.
package binding

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// ErrorInfo describes an error for a binding's caller. Its JSON field
// names are the bindings' wire format.
type ErrorInfo struct {
	// Code is the stable code (rules.ErrorCode, or a binding's own, such
	// as "bad-handle" or "internal").
	Code string `json:"code"`
	// Message is the whole message, err.Error().
	Message string `json:"message"`
	// Reason is the reason alone: a syntax error's message without the
	// input, a move error's why.
	Reason string `json:"reason"`
	// Offset is the byte offset of the problem in text that cannot be
	// read (0 for a spec error: the spec, or the option at fault), -1
	// otherwise.
	Offset int `json:"offset"`
	// What names what could not be read: "spec", "move", or a
	// SyntaxError's What ("hex position", ...).
	What string `json:"what"`
	// Game is a batch's game at fault, -1 otherwise.
	Game int `json:"game"`
}

// Info describes err.
func Info(err error) ErrorInfo {
	e := ErrorInfo{Code: rules.ErrorCode(err), Message: err.Error(), Reason: err.Error(), Offset: -1, Game: -1}
	var syntax *rules.SyntaxError
	var spec *notation.SpecError
	var move *rules.MoveError
	var be *rules.BatchError
	var outside *rules.RangeError
	var unknown *rules.UnknownGameError
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
	case errors.As(err, &outside):
		e.Reason = strings.TrimPrefix(outside.Error(), "rules: ")
	case errors.As(err, &unknown):
		e.Offset, e.What = 0, "spec"
		name := unknown.Name
		if len(name) > 80 { // as the message shows it
			name = name[:80] + "..."
		}
		e.Reason = "unknown game " + strconv.Quote(name)
		if len(unknown.Known) > 0 {
			e.Reason += " (known: " + strings.Join(unknown.Known, ", ") + ")"
		}
	case errors.Is(err, rules.ErrUnknownGame):
		e.Offset, e.What = 0, "spec"
	}
	return e
}

// AppendJSON appends e as a JSON object with the fields and values
// encoding/json gives it, in the same order (a string's invalid UTF-8
// becomes U+FFFD), though not always the same bytes: control characters
// are written as \u00XX escapes, and <, >, &, U+2028 and U+2029 as
// themselves. It is written out so that a WebAssembly module that
// reports errors does not link encoding/json for it.
func (e ErrorInfo) AppendJSON(b []byte) []byte {
	b = append(b, `{"code":`...)
	b = appendString(b, e.Code)
	b = append(b, `,"message":`...)
	b = appendString(b, e.Message)
	b = append(b, `,"reason":`...)
	b = appendString(b, e.Reason)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, int64(e.Offset), 10)
	b = append(b, `,"what":`...)
	b = appendString(b, e.What)
	b = append(b, `,"game":`...)
	b = strconv.AppendInt(b, int64(e.Game), 10)
	return append(b, '}')
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, r := range s { // an invalid byte comes as U+FFFD
		switch {
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xf])
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}

// NextHandle returns the handle to give after last, counting up from 1
// and round again after math.MaxInt32, skipping those held says are
// taken; ok is false when all of them are (count is how many are held).
// A binding gives handles in this order so that a freed handle is not
// given again until every other has been, and yet never runs out while
// handles are being freed.
func NextHandle(last int32, count int, held func(int32) bool) (h int32, ok bool) {
	if count >= math.MaxInt32 {
		return 0, false
	}
	h = last
	for {
		if h == math.MaxInt32 {
			h = 0
		}
		h++
		if !held(h) {
			return h, true
		}
	}
}
