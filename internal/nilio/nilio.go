// Package nilio gives a nil io.Reader its meaning in the library's
// readers: a stream whose first read fails with an error that says so,
// rather than a nil dereference.
package nilio

import (
	"errors"
	"io"
)

// Reader returns r, or for nil a reader whose every Read fails with the
// error "PKG: no reader (a nil io.Reader)".
func Reader(r io.Reader, pkg string) io.Reader {
	if r == nil {
		return failing{errors.New(pkg + ": no reader (a nil io.Reader)")}
	}
	return r
}

type failing struct{ err error }

func (f failing) Read([]byte) (int, error) { return 0, f.err }
