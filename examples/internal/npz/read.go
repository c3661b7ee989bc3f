package npz

import (
	"archive/zip"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Tensor is an array read back by Read: its type, its shape and its
// bytes in C order.
type Tensor struct {
	DType DType
	Shape []int
	Data  []byte
}

// Len returns the number of elements.
func (t *Tensor) Len() int { return len(t.Data) / t.DType.Size() }

// Float32s returns the elements of a Float32 tensor.
func (t *Tensor) Float32s() []float32 {
	out := make([]float32, t.Len())
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(t.Data[4*i:]))
	}
	return out
}

// Ints returns the elements of an integer or Bool tensor.
func (t *Tensor) Ints() []int {
	out := make([]int, t.Len())
	for i := range out {
		switch t.DType {
		case Bool, Uint8:
			out[i] = int(t.Data[i])
		case Int8:
			out[i] = int(int8(t.Data[i]))
		case Int32:
			out[i] = int(int32(binary.LittleEndian.Uint32(t.Data[4*i:])))
		case Int64:
			out[i] = int(int64(binary.LittleEndian.Uint64(t.Data[8*i:])))
		}
	}
	return out
}

// Read reads every array of the .npz file at path into memory: for tests
// and small files (the writer streams; this reader does not). It knows
// the types of this package, C order and .npy versions 1.0 and 2.0.
func Read(path string) (map[string]*Tensor, error) {
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, err
	}
	defer z.Close()
	out := map[string]*Tensor{}
	for _, f := range z.File {
		name, ok := strings.CutSuffix(f.Name, ".npy")
		if !ok {
			return nil, fmt.Errorf("npz: %s: an entry that is no .npy file", f.Name)
		}
		r, err := f.Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			return nil, fmt.Errorf("npz: %s: %w", f.Name, err)
		}
		t, err := ReadNPY(data)
		if err != nil {
			return nil, fmt.Errorf("npz: %s: %w", f.Name, err)
		}
		out[name] = t
	}
	return out, nil
}

// ReadNPY reads one .npy file's bytes.
func ReadNPY(data []byte) (*Tensor, error) {
	if len(data) < 10 || string(data[:6]) != "\x93NUMPY" {
		return nil, fmt.Errorf("not a .npy file")
	}
	var hlen, start int
	switch data[6] {
	case 1:
		hlen, start = int(binary.LittleEndian.Uint16(data[8:])), 10
	case 2:
		if len(data) < 12 {
			return nil, fmt.Errorf("truncated header")
		}
		hlen, start = int(binary.LittleEndian.Uint32(data[8:])), 12
	default:
		return nil, fmt.Errorf(".npy version %d.%d", data[6], data[7])
	}
	if start+hlen > len(data) {
		return nil, fmt.Errorf("truncated header")
	}
	if (start+hlen)%16 != 0 {
		return nil, fmt.Errorf("data at offset %d, not a multiple of 16", start+hlen)
	}
	header := string(data[start : start+hlen])
	if !strings.HasSuffix(header, "\n") {
		return nil, fmt.Errorf("header %q does not end with a newline", header)
	}
	descr, ok := field(header, "descr")
	if !ok {
		return nil, fmt.Errorf("header %q: no descr", header)
	}
	t := &Tensor{}
	for d := Bool; d <= Float32; d++ {
		if "'"+d.Descr()+"'" == descr {
			t.DType = d
		}
	}
	if t.DType == 0 {
		return nil, fmt.Errorf("header %q: unknown descr", header)
	}
	if order, _ := field(header, "fortran_order"); order != "False" {
		return nil, fmt.Errorf("header %q: not C order", header)
	}
	shape, ok := field(header, "shape")
	if !ok || !strings.HasPrefix(shape, "(") || !strings.HasSuffix(shape, ")") {
		return nil, fmt.Errorf("header %q: no shape", header)
	}
	n := 1
	for dim := range strings.SplitSeq(strings.Trim(shape, "()"), ",") {
		dim = strings.TrimSpace(dim)
		if dim == "" {
			continue
		}
		k, err := strconv.Atoi(dim)
		if err != nil || k < 0 {
			return nil, fmt.Errorf("header %q: bad shape", header)
		}
		t.Shape = append(t.Shape, k)
		n *= k
	}
	t.Data = data[start+hlen:]
	if len(t.Data) != n*t.DType.Size() {
		return nil, fmt.Errorf("%d bytes of data for shape %v of %v", len(t.Data), t.Shape, t.DType)
	}
	return t, nil
}

// field returns the text of key's value in a header dict: up to the next
// ", '" or the closing brace, a tuple whole.
func field(header, key string) (string, bool) {
	_, rest, ok := strings.Cut(header, "'"+key+"': ")
	if !ok {
		return "", false
	}
	if strings.HasPrefix(rest, "(") {
		end := strings.Index(rest, ")")
		if end < 0 {
			return "", false
		}
		return rest[:end+1], true
	}
	end := strings.IndexAny(rest, ",}")
	if end < 0 {
		return "", false
	}
	return strings.TrimSpace(rest[:end]), true
}
