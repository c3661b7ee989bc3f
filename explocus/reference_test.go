package explocus

import "math/rand/v2"

// A deliberately naive Explocus used only to check the fast one: a grid
// of (colour, height) cells, and cascades resolved one firing at a time,
// always at the first unstable square found, or at a random one.

type refCell struct{ color, h int }

type refGame struct {
	rows, cols int
	cells      [][]refCell // [rank][file]
	turn       int
}

func refFrom(p state) refGame {
	g := refGame{rows: int(p.rows), cols: int(p.cols), turn: int(p.turn)}
	g.cells = make([][]refCell, g.rows)
	for r := range g.rows {
		g.cells[r] = make([]refCell, g.cols)
		for f := range g.cols {
			owner, h := p.At(sq(f, r))
			g.cells[r][f] = refCell{int(owner), h}
		}
	}
	return g
}

func (g refGame) clone() refGame {
	c := g
	c.cells = make([][]refCell, g.rows)
	for r := range g.rows {
		c.cells[r] = append([]refCell(nil), g.cells[r]...)
	}
	return c
}

func (g refGame) capacity(r, f int) int {
	n := 0
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		if rr, ff := r+d[0], f+d[1]; rr >= 0 && rr < g.rows && ff >= 0 && ff < g.cols {
			n++
		}
	}
	return n
}

func (g refGame) men(color int) int {
	n := 0
	for r := range g.rows {
		for f := range g.cols {
			if c := g.cells[r][f]; c.h > 0 && c.color == color {
				n += c.h
			}
		}
	}
	return n
}

type refMove struct{ fr, ff, tr, tf int }

// ref is m as a refMove.
func ref(m Move) refMove {
	return refMove{m.From().Rank(), m.From().File(), m.To().Rank(), m.To().File()}
}

func (g refGame) moves() []refMove {
	if g.men(g.turn) == 0 {
		return nil
	}
	var out []refMove
	for r := range g.rows {
		for f := range g.cols {
			c := g.cells[r][f]
			if c.h == 0 || c.color != g.turn {
				continue
			}
			for k := 1; k <= c.h; k++ {
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if tr, tf := r+d[0]*k, f+d[1]*k; tr >= 0 && tr < g.rows && tf >= 0 && tf < g.cols {
						out = append(out, refMove{r, f, tr, tf})
					}
				}
			}
		}
	}
	return out
}

// play makes a move; rng nil resolves the cascade first-found, otherwise
// in a random order.
func (g refGame) play(m refMove, rng *rand.Rand) refGame {
	n := g.clone()
	k := max(m.fr-m.tr, m.tr-m.fr, m.ff-m.tf, m.tf-m.ff)
	n.cells[m.fr][m.ff].h -= k
	dst := &n.cells[m.tr][m.tf]
	dst.h += k
	dst.color = g.turn
	n.cascade(g.turn, rng)
	n.turn = 1 - g.turn
	return n
}

func (g refGame) cascade(mover int, rng *rand.Rand) {
	for {
		var unstable [][2]int
		for r := range g.rows {
			for f := range g.cols {
				if g.cells[r][f].h >= g.capacity(r, f) {
					unstable = append(unstable, [2]int{r, f})
				}
			}
		}
		if len(unstable) == 0 {
			return
		}
		pick := unstable[0]
		if rng != nil {
			pick = unstable[rng.IntN(len(unstable))]
		}
		r, f := pick[0], pick[1]
		g.cells[r][f].h -= g.capacity(r, f)
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if rr, ff := r+d[0], f+d[1]; rr >= 0 && rr < g.rows && ff >= 0 && ff < g.cols {
				g.cells[rr][ff].h++
				g.cells[rr][ff].color = mover
			}
		}
	}
}

func (g refGame) text() string {
	var b []byte
	for r := g.rows - 1; r >= 0; r-- {
		for f := range g.cols {
			c := g.cells[r][f]
			switch {
			case c.h == 0:
				b = append(b, '.')
			case c.h == 1:
				b = append(b, byte('A'+c.color))
			default:
				b = append(b, byte('A'+c.color), byte('0'+c.h))
			}
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	return string(b)
}

func refPerft(g refGame, depth int) uint64 {
	moves := g.moves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += refPerft(g.play(m, nil), depth-1)
	}
	return n
}
