package analysis

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// benchBoards returns random positions of an n×n board with about a
// quarter of the cells filled, nobody joined.
func benchBoards(n, count int) []Board {
	g, _ := NewGeometry(n, n)
	r := rand.New(rand.NewPCG(7, uint64(n)))
	var out []Board
	for len(out) < count {
		if b, ok := randomBoard(r, g, n*n/4); ok {
			out = append(out, b)
		}
	}
	return out
}

// BenchmarkHSearch: one op is H-search for both colours (the work a
// knowledge node or the solver does) on a random position of 9×9 or
// 11×11 with a quarter of the cells filled, after fill-in, with the
// default limits and with the smaller ones the Hex bot uses (full 4,
// semi 8, OR 3 on 9×9; 3, 6, 2 on 11×11).
func BenchmarkHSearch(b *testing.B) {
	for _, c := range []struct {
		n      int
		name   string
		limits Limits
	}{
		{9, "", Limits{}}, {11, "", Limits{}},
		{9, "-bot", Limits{Full: 4, Semi: 8, Ors: 3}}, {11, "-bot", Limits{Full: 3, Semi: 6, Ors: 2}},
	} {
		n := c.n
		b.Run("size="+strconv.Itoa(n)+c.name, func(b *testing.B) {
			boards := benchBoards(n, 32)
			for i := range boards {
				FillIn(&boards[i], nil)
			}
			h := NewHSearch(c.limits)
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				bd := &boards[i%len(boards)]
				h.Run(bd, Black)
				h.Run(bd, White)
				i++
			}
		})
	}
}

// BenchmarkFillIn: one op is the fill-in of a random position of 11×11
// with a quarter of the cells filled.
func BenchmarkFillIn(b *testing.B) {
	boards := benchBoards(11, 32)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		bd := boards[i%len(boards)]
		FillIn(&bd, nil)
		i++
	}
}

// BenchmarkFindDominated: one op finds the dominated cells of the colour
// to move on a random position of 9×9 or 11×11 with a quarter of the
// cells filled.
func BenchmarkFindDominated(b *testing.B) {
	for _, n := range []int{9, 11} {
		b.Run("size="+strconv.Itoa(n), func(b *testing.B) {
			boards := benchBoards(n, 32)
			for i := 0; b.Loop(); i++ {
				bd := &boards[i%len(boards)]
				FindDominated(bd, bd.Turn())
			}
		})
	}
}
