package notation_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tabletop-go/rules/notation"
)

// readCells reads board with ranks, cells being 'x' or "y" followed by a
// digit (two bytes), and returns the cells read as "rank.file" and the
// reader's problem.
func readCells(board string, ranks *notation.Ranks) (cells []string, at int, msg string) {
	r := notation.NewRankReader(board, ranks)
	for r.Next() {
		cells = append(cells, fmt.Sprintf("%d.%d@%d", r.Rank(), r.File(), r.Offset()))
		if strings.HasPrefix(r.Rest(), "y") {
			r.Take(2)
		}
	}
	at, msg = r.Err()
	return cells, at, msg
}

func TestRankReaderReadsRanksRunsAndCells(t *testing.T) {
	ranks := &notation.Ranks{Count: 3, Cols: 12, Word: "row", Cells: "cells", Runs: true}
	cells, _, msg := readCells("x11/12/10y1x", ranks)
	assert.Empty(t, msg)
	assert.Equal(t, []string{"0.0@0", "2.10@9", "2.11@11"}, cells, "a count of two digits is one run; a cell of two bytes is one cell")
}

func TestRankReaderNamesTheRankItStopsAt(t *testing.T) {
	up := &notation.Ranks{Count: 3, Cols: 3, Word: "row", Cells: "cells", Runs: true}
	down := &notation.Ranks{Count: 3, Cols: 3, Word: "rank", Descending: true, Cells: "squares", Runs: true}
	for _, tc := range []struct {
		ranks  *notation.Ranks
		board  string
		offset int
		msg    string
	}{
		{up, "3/2/3", 3, "row 2 has 2 cells, want 3"},
		{down, "3/2/3", 3, "rank 2 has 2 squares, want 3"},
		{up, "3/4/3", 2, "row 2 has more than 3 cells"},
		{up, "3/1x2/3", 4, "row 2 has more than 3 cells"},
		{up, "3/xxxx/3", 5, "row 2 has more than 3 cells"},
		{up, "3/3/3/", 5, "more than 3 rows"},
		{up, "3/3", 3, "the board ends in row 2, want 3 rows"},
		{up, "", 0, "the board ends in row 1, want 3 rows"},
		{down, "3/3/2", 5, "rank 1 has 2 squares, want 3"},
		{up, "3/3/99999999999999999999", 4, "row 3 has more than 3 cells"},
	} {
		_, at, msg := readCells(tc.board, tc.ranks)
		assert.Equal(t, tc.msg, msg, tc.board)
		assert.Equal(t, tc.offset, at, tc.board)
	}
}

func TestRankReaderWithoutRunsReadsDigitsAsCells(t *testing.T) {
	ranks := &notation.Ranks{Count: 1, Cols: 2, Word: "rank", Cells: "cells"}
	cells, _, msg := readCells("12", ranks)
	assert.Empty(t, msg)
	assert.Equal(t, []string{"0.0@0", "0.1@1"}, cells)
}

func TestRankReaderTakesWidthsPerRank(t *testing.T) {
	ranks := &notation.Ranks{Count: 3, Width: func(i int) int { return i + 1 }, Word: "rank", Descending: true, Cells: "cells"}
	cells, _, msg := readCells("x/xx/xxx", ranks)
	assert.Empty(t, msg)
	assert.Len(t, cells, 6)
	_, at, msg := readCells("x/xxx/xxx", ranks)
	assert.Equal(t, "rank 2 has more than 2 cells", msg)
	assert.Equal(t, 4, at)
}

// TestRankReaderRefusesATakeOutsideTheCell: a game's reader that takes
// no bytes or more than are left gets an error, not a guess.
func TestRankReaderRefusesATakeOutsideTheCell(t *testing.T) {
	for _, n := range []int{0, -1, 3} {
		r := notation.NewRankReader("xx", &notation.Ranks{Count: 1, Cols: 2, Word: "rank", Cells: "cells"})
		assert.True(t, r.Next())
		r.Take(n)
		assert.False(t, r.Next(), "Take(%d)", n)
		at, msg := r.Err()
		assert.Equal(t, 0, at)
		assert.Contains(t, msg, "outside the cell", "Take(%d)", n)
	}
}

// FuzzRankReader: whatever the board, the reader ends, reports cells in
// order within the board, and an error offset within it.
func FuzzRankReader(f *testing.F) {
	for _, s := range []string{"x11/12/10y1x", "3/3/3", "y", "//", "0", "y9y9y9"} {
		f.Add(s)
	}
	ranks := &notation.Ranks{Count: 3, Cols: 12, Word: "row", Cells: "cells", Runs: true}
	f.Fuzz(func(t *testing.T, board string) {
		r := notation.NewRankReader(board, ranks)
		last := -1
		for n := 0; r.Next(); n++ {
			if n > len(board) || r.Offset() <= last || r.Rest() == "" || r.Rank() >= 3 || r.File() >= 12 {
				t.Fatalf("cell %d at %d (rank %d, file %d) after %d", n, r.Offset(), r.Rank(), r.File(), last)
			}
			last = r.Offset()
			if r.Rest()[0] == 'y' {
				r.Take(2)
			}
		}
		if at, msg := r.Err(); msg != "" && (at < 0 || at > len(board)) {
			t.Fatalf("error %q at %d of %d bytes", msg, at, len(board))
		}
	})
}

func ExampleRankReader() {
	ranks := notation.Ranks{Count: 2, Cols: 3, Word: "rank", Descending: true, Cells: "squares", Runs: true}
	r := notation.NewRankReader("1B1/W2", &ranks)
	for r.Next() {
		fmt.Printf("%c on rank %d, file %d\n", r.Rest()[0], 2-r.Rank(), r.File())
	}
	if _, msg := r.Err(); msg != "" {
		fmt.Println(msg)
	}
	r = notation.NewRankReader("1B1/W3", &ranks)
	for r.Next() {
	}
	at, msg := r.Err()
	fmt.Println(at, msg)
	// Output:
	// B on rank 2, file 1
	// W on rank 1, file 0
	// 5 rank 1 has more than 3 squares
}
