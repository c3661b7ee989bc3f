package npz

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRoundTrip: arrays of every type and of several ranks, written a row
// at a time (a row in several calls too), read back with their shapes and
// values, and nothing left in the directory but the archive.
func TestRoundTrip(t *testing.T) {
	for _, deflate := range []bool{false, true} {
		t.Run(map[bool]string{false: "stored", true: "deflated"}[deflate], func(t *testing.T) { roundTrip(t, deflate) })
	}
}

func roundTrip(t *testing.T, deflate bool) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.npz")
	w, err := Create(path)
	require.NoError(t, err)
	w.Deflate = deflate
	obs, err := w.Add("observations", Float32, 2, 3, 4)
	require.NoError(t, err)
	mask, err := w.Add("masks", Bool, 5)
	require.NoError(t, err)
	u8, err := w.Add("u8", Uint8, 2)
	require.NoError(t, err)
	i8, err := w.Add("seats", Int8)
	require.NoError(t, err)
	i32, err := w.Add("actions", Int32)
	require.NoError(t, err)
	i64, err := w.Add("big", Int64)
	require.NoError(t, err)
	empty, err := w.Add("empty", Float32, 3)
	require.NoError(t, err)
	_ = empty
	const rows = 7
	for r := range rows {
		row := make([]float32, 24)
		for i := range row {
			row[i] = float32(r*100+i) / 4
		}
		require.NoError(t, obs.Float32(row[:10]...))
		require.NoError(t, obs.Float32(row[10:]...))
		require.NoError(t, mask.Bool(r%2 == 0, true, false, r%3 == 0, false))
		require.NoError(t, u8.Bool(true, false))
		require.NoError(t, i8.Int(-r))
		require.NoError(t, i32.Int(r*1000003))
		require.NoError(t, i64.Int(r<<40))
	}
	assert.Equal(t, int64(rows), obs.Rows())
	require.NoError(t, w.Close())

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "the temporary files are gone")

	got, err := Read(path)
	require.NoError(t, err)
	require.Len(t, got, 7)
	assert.Equal(t, []int{rows, 2, 3, 4}, got["observations"].Shape)
	assert.Equal(t, Float32, got["observations"].DType)
	values := got["observations"].Float32s()
	for r := range rows {
		for i := range 24 {
			assert.Equal(t, float32(r*100+i)/4, values[r*24+i])
		}
	}
	assert.Equal(t, []int{rows, 5}, got["masks"].Shape)
	assert.Equal(t, Bool, got["masks"].DType)
	assert.Equal(t, []int{1, 1, 0, 1, 0, 0, 1, 0, 0, 0}, got["masks"].Ints()[:10])
	assert.Equal(t, Uint8, got["u8"].DType)
	assert.Equal(t, []int{rows}, got["seats"].Shape)
	assert.Equal(t, []int{0, -1, -2, -3, -4, -5, -6}, got["seats"].Ints())
	assert.Equal(t, 6*1000003, got["actions"].Ints()[6])
	assert.Equal(t, 6<<40, got["big"].Ints()[6])
	assert.Equal(t, []int{0, 3}, got["empty"].Shape)

	// numpy.savez's layout (savez_compressed's when deflated): entries
	// named by the arrays, in the order they were added.
	z, err := zip.OpenReader(path)
	require.NoError(t, err)
	defer z.Close()
	var names []string
	for _, f := range z.File {
		names = append(names, f.Name)
		if deflate {
			assert.Equal(t, zip.Deflate, f.Method)
		} else {
			assert.Equal(t, zip.Store, f.Method)
		}
	}
	assert.Equal(t, []string{"observations.npy", "masks.npy", "u8.npy", "seats.npy", "actions.npy", "big.npy", "empty.npy"}, names)
}

// TestHeader: the .npy preamble as NumPy writes it, the data 64-aligned.
func TestHeader(t *testing.T) {
	h := Header(Float32, []int64{10, 3, 11, 11})
	assert.Equal(t, "\x93NUMPY\x01\x00", h[:8])
	assert.Zero(t, len(h)%64)
	assert.Equal(t, int(h[8])|int(h[9])<<8, len(h)-10)
	assert.Contains(t, h, "{'descr': '<f4', 'fortran_order': False, 'shape': (10, 3, 11, 11), }")
	assert.Equal(t, byte('\n'), h[len(h)-1])
	assert.Contains(t, Header(Bool, []int64{4}), "'shape': (4,), }", "a 1-tuple has its comma")
	for d := Bool; d <= Float32; d++ {
		tensor, err := ReadNPY([]byte(Header(d, []int64{0, 2})))
		require.NoError(t, err, d)
		assert.Equal(t, d, tensor.DType)
		assert.Equal(t, []int{0, 2}, tensor.Shape)
	}
}

// TestAppendAllocatesNothing: once warm, a row costs no allocation, so
// that a long run's garbage does not grow with its rows.
func TestAppendAllocatesNothing(t *testing.T) {
	w, err := Create(filepath.Join(t.TempDir(), "a.npz"))
	require.NoError(t, err)
	defer w.Abort()
	f, _ := w.Add("f", Float32, 100)
	b, _ := w.Add("b", Bool, 100)
	i, _ := w.Add("i", Int32)
	row := make([]float32, 100)
	mask := make([]bool, 100)
	allocs := testing.AllocsPerRun(100, func() {
		_ = f.Float32(row...)
		_ = b.Bool(mask...)
		_ = i.Int(42)
	})
	assert.Zero(t, allocs)
}

// TestErrors: misuse and bad paths give errors, never panics, and a
// failed or aborted archive leaves no file.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := Create(filepath.Join(dir, "no", "such", "dir.npz"))
	assert.Error(t, err)
	_, err = Create(dir) // a directory
	assert.Error(t, err)

	path := filepath.Join(dir, "x.npz")
	w, err := Create(path)
	require.NoError(t, err)
	a, err := w.Add("a", Float32, 3)
	require.NoError(t, err)
	_, err = w.Add("a", Float32)
	assert.ErrorContains(t, err, "twice")
	_, err = w.Add("b/c", Float32)
	assert.Error(t, err)
	_, err = w.Add("d", DType(99))
	assert.Error(t, err)
	assert.ErrorContains(t, a.Int(1), "float32, not int")
	assert.ErrorContains(t, a.Bool(true), "not bool")
	i8, _ := w.Add("i8", Int8)
	assert.ErrorContains(t, i8.Int(200), "does not fit")
	require.NoError(t, a.Float32(1, 2)) // not a whole row
	assert.ErrorContains(t, w.Close(), "not whole rows")
	assert.NoFileExists(t, path)
	assert.Error(t, a.Float32(1), "a write after Close")
	assert.Error(t, w.Close())

	w, err = Create(path)
	require.NoError(t, err)
	_, _ = w.Add("a", Float32)
	w.Abort()
	w.Abort()
	assert.NoFileExists(t, path)
	entries, _ := os.ReadDir(dir)
	assert.Empty(t, entries, "no temporary file left")
}

// TestAFileAlreadyThereStaysUntilTheArchiveIsComplete: a run that fails
// or gives up leaves the file at path as it was; a complete one replaces
// it. A name as long as the system allows works (the temporary files'
// names do not grow with it), and a device is refused at once.
func TestAFileAlreadyThereStaysUntilTheArchiveIsComplete(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, strings.Repeat("n", 251)+".npz")
	require.NoError(t, os.WriteFile(path, []byte("precious"), 0o644))

	w, err := Create(path)
	require.NoError(t, err)
	a, err := w.Add("a", Float32, 2)
	require.NoError(t, err)
	require.NoError(t, a.Float32(1))
	assert.Error(t, w.Close(), "half a row")
	data, _ := os.ReadFile(path)
	assert.Equal(t, "precious", string(data), "after a failed Close")

	w, err = Create(path)
	require.NoError(t, err)
	w.Abort()
	data, _ = os.ReadFile(path)
	assert.Equal(t, "precious", string(data), "after Abort")

	w, err = Create(path)
	require.NoError(t, err)
	a, err = w.Add("a", Float32, 2)
	require.NoError(t, err)
	require.NoError(t, a.Float32(1, 2))
	require.NoError(t, w.Close())
	data, _ = os.ReadFile(path)
	assert.True(t, strings.HasPrefix(string(data), "PK"), "the archive replaced the old file")
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm())
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "no temporary file left")

	_, err = Create(os.DevNull)
	assert.ErrorContains(t, err, "not a regular file")
}
