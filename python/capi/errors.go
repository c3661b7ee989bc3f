package main

// The errors tr_error reports, with their codes and offsets.

/*
#include <stdint.h>
#include <stdbool.h>
*/
import "C"

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

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
