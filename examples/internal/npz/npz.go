// Package npz writes NumPy .npz archives (a zip of .npy arrays, what
// numpy.savez writes and numpy.load reads) as a stream, with the standard
// library alone: a program that produces rows as it goes (self-play
// writing training data) appends each array's rows to a temporary file,
// so that its memory does not grow with the number of rows, and Close
// writes the archive once the row counts are known.
//
// A .npy file (format version 1.0) is the magic "\x93NUMPY", the version
// bytes 1 and 0, a little-endian uint16 header length, a header that is a
// Python dict literal ({'descr': '<f4', 'fortran_order': False, 'shape':
// (N, 3, 11, 11), }) padded with spaces and a newline so that the data
// starts at a multiple of 64 bytes, then the values in C order. The .npy
// header holds N, so it can only be written at the end: hence the
// temporary files.
package npz

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// DType is the element type of an array.
type DType uint8

// The element types. Bool is NumPy's bool (one byte, 0 or 1); the
// integers and Float32 are little-endian.
const (
	Bool DType = iota + 1
	Uint8
	Int8
	Int32
	Int64
	Float32
)

// Descr returns the type as a .npy header spells it ("<f4").
func (d DType) Descr() string {
	switch d {
	case Bool:
		return "|b1"
	case Uint8:
		return "|u1"
	case Int8:
		return "|i1"
	case Int32:
		return "<i4"
	case Int64:
		return "<i8"
	case Float32:
		return "<f4"
	}
	return ""
}

// Size returns the bytes of one element (0 for an unknown type).
func (d DType) Size() int {
	switch d {
	case Bool, Uint8, Int8:
		return 1
	case Int32, Float32:
		return 4
	case Int64:
		return 8
	}
	return 0
}

// String returns NumPy's name of the type ("float32").
func (d DType) String() string {
	switch d {
	case Bool:
		return "bool"
	case Uint8:
		return "uint8"
	case Int8:
		return "int8"
	case Int32:
		return "int32"
	case Int64:
		return "int64"
	case Float32:
		return "float32"
	}
	return "DType(" + strconv.Itoa(int(d)) + ")"
}

// Writer writes one .npz file. Its arrays (Add) take rows until Close
// writes the archive; Abort gives up and removes what was written. It is
// not safe for concurrent use.
type Writer struct {
	// Deflate, set before Close, compresses the arrays as
	// numpy.savez_compressed does (at the fastest level): several times
	// smaller for planes of zeros and ones, at some time when Close
	// writes. By default they are stored, as numpy.savez does.
	Deflate bool
	path    string
	out     *os.File // a temporary file beside path, renamed to it by Close
	arrays  []*Array
	done    bool
}

// Create starts the .npz file at path. The archive is written into a
// temporary file beside it (".npz-*.tmp") that Close renames to path, so
// that a file already at path stays as it was until the new archive is
// complete, whether the run fails or is killed; creating the temporary
// file at once makes an unwritable directory fail before any work is
// done, and a path that is a directory or a device is refused. The rows
// of the arrays wait in temporary files in the same directory: the data
// ends there anyway, and a machine's temporary directory may be memory.
func Create(path string) (*Writer, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("npz: %s exists and is not a regular file", path)
	}
	out, err := os.CreateTemp(filepath.Dir(path), ".npz-*.tmp")
	if err != nil {
		return nil, err
	}
	return &Writer{path: path, out: out}, nil
}

// Array is one array of an archive, which grows a row at a time: its
// shape is (rows, shape...) for the row shape given to Add. It is
// written as name.npy, the key numpy.load gives it.
type Array struct {
	w       *Writer
	name    string
	dtype   DType
	shape   []int
	row     int64 // elements per row
	tmp     *os.File
	removed bool // tmp is unlinked already (it vanishes when closed)
	buf     *bufio.Writer
	n       int64 // elements written
	scratch []byte
}

// Add adds an array called name whose rows have the given shape (none
// for an array of scalars, one value a row), of type dtype. Arrays are
// written in the order they are added.
func (w *Writer) Add(name string, dtype DType, shape ...int) (*Array, error) {
	if w.done {
		return nil, errors.New("npz: Add after Close or Abort")
	}
	if dtype.Size() == 0 {
		return nil, fmt.Errorf("npz: array %s: unknown type %v", name, dtype)
	}
	if name == "" || strings.ContainsAny(name, "/\\") {
		return nil, fmt.Errorf("npz: bad array name %q", name)
	}
	for _, a := range w.arrays {
		if a.name == name {
			return nil, fmt.Errorf("npz: array %s added twice", name)
		}
	}
	row := int64(1)
	for _, s := range shape {
		if s < 0 {
			return nil, fmt.Errorf("npz: array %s: negative dimension in %v", name, shape)
		}
		row *= int64(s)
	}
	// A short name whatever path's length: a name of its own would
	// reach the system's limit of 255 bytes before path's does.
	tmp, err := os.CreateTemp(filepath.Dir(w.path), ".npz-*.tmp")
	if err != nil {
		return nil, err
	}
	// Unlinked at once where the system allows an open file to be (not
	// Windows): a killed program then leaves no temporary file behind.
	removed := os.Remove(tmp.Name()) == nil
	a := &Array{w: w, name: name, dtype: dtype, shape: append([]int(nil), shape...), row: row,
		tmp: tmp, removed: removed, buf: bufio.NewWriterSize(tmp, 1<<16)}
	w.arrays = append(w.arrays, a)
	return a, nil
}

// Float32 appends values to a Float32 array.
func (a *Array) Float32(v ...float32) error {
	if a.dtype != Float32 {
		return a.typeError("float32")
	}
	b := a.grow(len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return a.write(b, len(v))
}

// Bool appends values to a Bool or Uint8 array, as 1 and 0.
func (a *Array) Bool(v ...bool) error {
	if a.dtype != Bool && a.dtype != Uint8 {
		return a.typeError("bool")
	}
	b := a.grow(len(v))
	for i, x := range v {
		b[i] = 0
		if x {
			b[i] = 1
		}
	}
	return a.write(b, len(v))
}

// Int appends values to an integer array (Uint8, Int8, Int32, Int64),
// or fails for a value the type cannot hold.
func (a *Array) Int(v ...int) error {
	var lo, hi int64
	switch a.dtype {
	case Uint8:
		lo, hi = 0, math.MaxUint8
	case Int8:
		lo, hi = math.MinInt8, math.MaxInt8
	case Int32:
		lo, hi = math.MinInt32, math.MaxInt32
	case Int64:
		lo, hi = math.MinInt64, math.MaxInt64
	default:
		return a.typeError("int")
	}
	size := a.dtype.Size()
	b := a.grow(len(v))
	for i, x := range v {
		if int64(x) < lo || int64(x) > hi {
			return fmt.Errorf("npz: array %s: %d does not fit %v", a.name, x, a.dtype)
		}
		switch size {
		case 1:
			b[i] = byte(x)
		case 4:
			binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
		case 8:
			binary.LittleEndian.PutUint64(b[8*i:], uint64(x))
		}
	}
	return a.write(b, len(v))
}

// Rows returns the rows appended so far (whole rows: a row's values may
// come in several calls).
func (a *Array) Rows() int64 {
	if a.row == 0 {
		return 0
	}
	return a.n / a.row
}

func (a *Array) typeError(what string) error {
	return fmt.Errorf("npz: array %s holds %v, not %s", a.name, a.dtype, what)
}

// grow returns the scratch space for k elements, reused from call to
// call so that appending allocates nothing once warm.
func (a *Array) grow(k int) []byte {
	need := k * a.dtype.Size()
	if cap(a.scratch) < need {
		a.scratch = make([]byte, need)
	}
	return a.scratch[:need]
}

func (a *Array) write(b []byte, k int) error {
	if a.w.done {
		return errors.New("npz: write after Close or Abort")
	}
	if _, err := a.buf.Write(b); err != nil {
		return fmt.Errorf("npz: array %s: %w", a.name, err)
	}
	a.n += int64(k)
	return nil
}

// Close writes the archive, every array with the rows it holds, and
// renames it to the path given to Create, replacing any file there. An
// array's values must make whole rows. On error nothing is left but what
// was at path before: no truncated archive for a reader.
func (w *Writer) Close() error {
	if w.done {
		return errors.New("npz: Close after Close or Abort")
	}
	err := w.write()
	if err == nil {
		// CreateTemp's 0600 is for a file in the making; the archive is
		// readable as a file os.Create made would be.
		err = w.out.Chmod(0o644)
	}
	if cerr := w.out.Close(); err == nil {
		err = cerr
	}
	w.release()
	if err == nil {
		err = os.Rename(w.out.Name(), w.path)
	}
	if err != nil {
		os.Remove(w.out.Name())
		return err
	}
	return nil
}

// Abort gives up: it closes and removes the temporary files, leaving
// what was at path before. It does nothing after Close or Abort.
func (w *Writer) Abort() {
	if w.done {
		return
	}
	w.out.Close()
	w.release()
	os.Remove(w.out.Name())
}

// release closes the temporary files and removes those still linked.
func (w *Writer) release() {
	w.done = true
	for _, a := range w.arrays {
		a.tmp.Close()
		if !a.removed {
			os.Remove(a.tmp.Name())
		}
	}
}

// stamp is the time written into the archive's entries: a fixed one, so
// that the same rows make the same file.
var stamp = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

func (w *Writer) write() error {
	z := zip.NewWriter(w.out)
	method := zip.Store
	if w.Deflate {
		method = zip.Deflate
		z.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
			return flate.NewWriter(out, flate.BestSpeed)
		})
	}
	for _, a := range w.arrays {
		if a.row > 0 && a.n%a.row != 0 {
			return fmt.Errorf("npz: array %s: %d values are not whole rows of %d", a.name, a.n, a.row)
		}
		if err := a.buf.Flush(); err != nil {
			return fmt.Errorf("npz: array %s: %w", a.name, err)
		}
		if _, err := a.tmp.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("npz: array %s: %w", a.name, err)
		}
		f, err := z.CreateHeader(&zip.FileHeader{Name: a.name + ".npy", Method: method, Modified: stamp})
		if err != nil {
			return err
		}
		if _, err := io.WriteString(f, Header(a.dtype, append([]int64{a.Rows()}, toInt64(a.shape)...))); err != nil {
			return err
		}
		size := a.n * int64(a.dtype.Size())
		if n, err := io.Copy(f, io.LimitReader(a.tmp, size)); err != nil {
			return fmt.Errorf("npz: array %s: %w", a.name, err)
		} else if n != size {
			return fmt.Errorf("npz: array %s: %d bytes of %d in its temporary file", a.name, n, size)
		}
	}
	return z.Close()
}

func toInt64(s []int) []int64 {
	out := make([]int64, len(s))
	for i, x := range s {
		out[i] = int64(x)
	}
	return out
}

// Header returns the .npy (version 1.0) preamble of a C-order array of
// the given type and shape: magic, version, header length and the padded
// header dict, 64 bytes or a multiple.
func Header(dtype DType, shape []int64) string {
	var dims strings.Builder
	for i, s := range shape {
		if i > 0 {
			dims.WriteString(", ")
		}
		dims.WriteString(strconv.FormatInt(s, 10))
	}
	if len(shape) == 1 {
		dims.WriteString(",") // (N,) is a tuple, (N) is not
	}
	dict := "{'descr': '" + dtype.Descr() + "', 'fortran_order': False, 'shape': (" + dims.String() + "), }"
	const preamble = 10 // magic (6), version (2), header length (2)
	total := preamble + len(dict) + 1
	pad := (64 - total%64) % 64
	header := dict + strings.Repeat(" ", pad) + "\n"
	var lenBytes [2]byte
	binary.LittleEndian.PutUint16(lenBytes[:], uint16(len(header)))
	return "\x93NUMPY\x01\x00" + string(lenBytes[:]) + header
}
