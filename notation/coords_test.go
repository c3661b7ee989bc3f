package notation

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFileNamesRunAToZThenAA(t *testing.T) {
	for i, want := range map[int]string{0: "a", 25: "z", 26: "aa", 27: "ab", 51: "az", 52: "ba", MaxFiles - 1: "zz", MaxFiles: "?", -1: "?"} {
		assert.Equal(t, want, FileName(i), i)
	}
	for i := range MaxFiles {
		got, n := ParseFile(FileName(i))
		require.Equal(t, i, got)
		require.Equal(t, len(FileName(i)), n)
	}
	got, n := ParseFile("AB12")
	assert.Equal(t, 27, got)
	assert.Equal(t, 2, n)
}

func TestGridOrientation(t *testing.T) {
	up := Grid{Files: 8, Ranks: 8, Orientation: RanksUp}
	down := Grid{Files: 8, Ranks: 8, Orientation: RowsDown}
	assert.Equal(t, "a1", up.Square(0, 7), "rank 1 is the bottom row")
	assert.Equal(t, "a1", down.Square(0, 0), "row 1 is the top row")
	x, y, err := up.ParseSquare("c3")
	require.NoError(t, err)
	assert.Equal(t, [2]int{2, 5}, [2]int{x, y})
	x, y, err = down.ParseSquare("c3")
	require.NoError(t, err)
	assert.Equal(t, [2]int{2, 2}, [2]int{x, y})
	for _, bad := range []string{"", "3", "c", "c0", "c9", "i1", "c3x", "c1000"} {
		_, _, err := up.ParseSquare(bad)
		assert.Error(t, err, bad)
	}
}

func FuzzParseSquareName(f *testing.F) {
	for _, s := range []string{"a1", "zz999", "A10", "a01", "", "1a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		file, rank, n, err := ParseSquareName(s)
		if err != nil {
			return
		}
		g := Grid{Files: MaxFiles, Ranks: 999, Orientation: RowsDown}
		again := g.Square(file, rank-1)
		f2, r2, n2, err := ParseSquareName(again)
		if err != nil || f2 != file || r2 != rank || n2 != len(again) || n < 2 {
			t.Fatalf("%q -> (%d,%d) -> %q -> (%d,%d), %v", s, file, rank, again, f2, r2, err)
		}
	})
}
