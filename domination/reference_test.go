package domination

import (
	"sort"
	"strings"
)

// A deliberately naive Domination used only to check the fast one: an
// 8×8 array of cells, every (piece order, number split, direction,
// distance) tried by walking the board, turns deduplicated by their text.

type refGame struct {
	cells   [8][8]string // "", "X", "O" or a tile like "2-5"
	pool    []string
	pending string
	turn    int
}

func refFrom(p Position) refGame {
	var g refGame
	for sq := Square(0); sq < 64; sq++ {
		c := ""
		switch {
		case p.pieces[0]>>sq&1 != 0:
			c = "X"
		case p.pieces[1]>>sq&1 != 0:
			c = "O"
		case p.tiles[sq] != 0:
			c = Tile(p.tiles[sq] - 1).String()
		}
		g.cells[sq.File()][sq.Rank()] = c
	}
	for _, t := range p.Pool() {
		g.pool = append(g.pool, t.String())
	}
	if t, ok := p.Pending(); ok {
		g.pending = t.String()
	}
	g.turn = int(p.turn)
	return g
}

func name(f, r int) string { return string([]byte{byte('a' + f), byte('1' + r)}) }

func (g refGame) turns() []string {
	me := "XO"[g.turn : g.turn+1]
	var mine [][2]int
	for f := range 8 {
		for r := range 8 {
			if g.cells[f][r] == me {
				mine = append(mine, [2]int{f, r})
			}
		}
	}
	nums := func(c byte) []int {
		if c == '0' {
			return []int{1, 2, 3, 4, 5, 6}
		}
		return []int{int(c - '0')}
	}
	a, b := nums(g.pending[0]), nums(g.pending[2])
	dirs := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	// step tries to move the piece at from by n in direction d.
	step := func(cells *[8][8]string, from [2]int, n int, d [2]int) ([2]int, bool) {
		f, r := from[0], from[1]
		for range n {
			f, r = (f+d[0]+8)%8, (r+d[1]+8)%8
			if cells[f][r] != "" {
				return from, false
			}
		}
		return [2]int{f, r}, true
	}
	set := map[string]bool{}
	for i := range 2 {
		first, second := mine[i], mine[1-i]
		for _, split := range [][2][]int{{a, b}, {b, a}} {
			for _, n1 := range split[0] {
				for _, d1 := range dirs {
					to1, ok := step(&g.cells, first, n1, d1)
					if !ok {
						continue
					}
					after := g.cells
					after[first[0]][first[1]] = g.pending
					after[to1[0]][to1[1]] = me
					for _, n2 := range split[1] {
						for _, d2 := range dirs {
							to2, ok := step(&after, second, n2, d2)
							if ok {
								set[name(first[0], first[1])+"-"+name(to1[0], to1[1])+","+
									name(second[0], second[1])+"-"+name(to2[0], to2[1])] = true
							}
						}
					}
				}
			}
		}
	}
	out := make([]string, 0, len(set))
	for t := range set {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

func (g refGame) playTurn(t string) refGame {
	next := g
	steps := strings.Split(t, ",")
	me := "XO"[g.turn : g.turn+1]
	for i, s := range steps {
		from, to := s[:2], s[3:]
		next.cells[from[0]-'a'][from[1]-'1'] = ""
		if i == 0 {
			next.cells[from[0]-'a'][from[1]-'1'] = g.pending
		}
		next.cells[to[0]-'a'][to[1]-'1'] = me
	}
	next.pending = ""
	next.turn = 1 - g.turn
	return next
}

func (g refGame) draw(t string) refGame {
	next := g
	next.pool = nil
	for _, x := range g.pool {
		if x != t {
			next.pool = append(next.pool, x)
		}
	}
	next.pending = t
	return next
}

// refPerft counts like rules.Perft: draws and turns are both plies; a
// seat that draws a tile it cannot play has lost, and an empty pool at a
// draw ends the game.
func refPerft(g refGame, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	if g.pending == "" {
		for _, t := range g.pool {
			n += refPerft(g.draw(t), depth-1)
		}
		return n
	}
	for _, t := range g.turns() {
		n += refPerft(g.playTurn(t), depth-1)
	}
	return n
}
