package main

// The errors tr_error reports, with their codes and offsets.

/*
#include <stdint.h>
#include <stdbool.h>
*/
import "C"

import (
	"errors"

	"github.com/tabletop-go/rules/internal/binding"
)

// info describes err as tr_error writes it: binding.Info, with the
// library's own codes for a handle it does not hold and a panic.
func info(err error) binding.ErrorInfo {
	e := binding.Info(err)
	var internal *internalError
	switch {
	case errors.Is(err, errBadHandle):
		e.Code = "bad-handle"
	case errors.As(err, &internal):
		e.Code = "internal"
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
	data := info(err).AppendJSON(nil)
	n := out(string(data), buf, capacity)
	if int64(n) <= int64(capacity) {
		errs.remove(int64(id))
	}
	return n
}
