package hex

// A deliberately naive Hex used only to check the fast one: a board of
// ints, a flood fill from scratch after every move, and the swap rules
// written out directly. It shares no code with the package.

type refGame struct {
	n, m    int   // cols, rows
	cells   []int // 0 empty, 1 black, 2 white
	turn    int   // colour to move
	ply     int
	swapped bool
	mode    SwapMode
	over    bool
}

func newRef(cols, rows int, mode SwapMode) refGame {
	return refGame{n: cols, m: rows, cells: make([]int, cols*rows), turn: 1, mode: mode}
}

// moves returns the legal moves as (col, row) pairs, with (-1, -1) for swap.
func (g refGame) moves() [][2]int {
	if g.over {
		return nil
	}
	var out [][2]int
	for r := 0; r < g.m; r++ {
		for c := 0; c < g.n; c++ {
			if g.cells[r*g.n+c] == 0 {
				out = append(out, [2]int{c, r})
			}
		}
	}
	if g.mode != SwapNone && g.ply == 1 && !g.swapped {
		out = append(out, [2]int{-1, -1})
	}
	return out
}

func (g refGame) play(mv [2]int) refGame {
	next := g
	next.cells = append([]int(nil), g.cells...)
	next.ply++
	if mv[0] < 0 {
		next.swapped = true
		if g.mode == SwapPieces {
			for i, v := range next.cells {
				if v == 1 {
					c, r := i%g.n, i/g.n
					next.cells[i] = 0
					next.cells[c*g.n+r] = 2
					break
				}
			}
			next.turn = 1
		}
		return next
	}
	next.cells[mv[1]*g.n+mv[0]] = g.turn
	next.over = next.wins(g.turn)
	next.turn = 3 - g.turn
	return next
}

func (g refGame) wins(color int) bool {
	seen := make([]bool, len(g.cells))
	var stack []int
	for i, v := range g.cells {
		c, r := i%g.n, i/g.n
		if v == color && (color == 1 && r == 0 || color == 2 && c == 0) {
			seen[i] = true
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c, r := i%g.n, i/g.n
		if color == 1 && r == g.m-1 || color == 2 && c == g.n-1 {
			return true
		}
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}} {
			cc, rr := c+d[0], r+d[1]
			if cc < 0 || cc >= g.n || rr < 0 || rr >= g.m {
				continue
			}
			j := rr*g.n + cc
			if !seen[j] && g.cells[j] == color {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return false
}

func refPerft(g refGame, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, mv := range g.moves() {
		n += refPerft(g.play(mv), depth-1)
	}
	return n
}
