package explocus

import (
	"math/rand/v2"
	"slices"
)

// A deliberately plain Hexplocus used only to check the fast one, written
// from R-E4 alone: a map from cell to (colour, height) with every cell of
// the hexagon as a key, the six directions as a list, a cell's capacity as
// the length of its list of neighbours, and cascades resolved one firing
// at a time, at the first unstable cell found or at a random one. It
// shares refCell and refMove with the square reference.

type hexCell struct{ f, r int }

type hexGame struct {
	n     int // the side
	cells map[hexCell]refCell
	turn  int
}

// hexDirections are R-E4's neighbours of (f, r): (f±1, r), (f, r±1),
// (f+1, r+1) and (f−1, r−1).
var hexDirections = []hexCell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}}

func absInt(x int) int { return max(x, -x) }

// hexBoard lists the cells of the hexagon of side n, rank by rank.
func hexBoard(n int) []hexCell {
	var out []hexCell
	for r := 0; r <= 2*n-2; r++ {
		for f := 0; f <= 2*n-2; f++ {
			if absInt(f-r) <= n-1 {
				out = append(out, hexCell{f, r})
			}
		}
	}
	return out
}

func newHexGame(n int) hexGame {
	g := hexGame{n: n, cells: map[hexCell]refCell{}}
	for _, c := range hexBoard(n) {
		g.cells[c] = refCell{}
	}
	return g
}

// hexDistance is the number of steps between two cells: with the
// diagonal step (1, 1), a difference whose coordinates have the same sign
// takes max(|df|, |dr|) steps, opposite signs |df| + |dr|.
func hexDistance(a, b hexCell) int {
	df, dr := b.f-a.f, b.r-a.r
	if df*dr >= 0 {
		return max(absInt(df), absInt(dr))
	}
	return absInt(df) + absInt(dr)
}

// hexRefStart builds the start from R-E4's words: every cell at distance
// 1 to min(3, n−1) from the centre gets a man, whose colour is that of
// the segment d·u_j + t·(u_{j+1} − u_j) it is found in (searched for).
func hexRefStart(n int) hexGame {
	g := newHexGame(n)
	u := []hexCell{{1, 0}, {1, 1}, {0, 1}, {-1, 0}, {-1, -1}, {0, -1}}
	centre := hexCell{n - 1, n - 1}
	for c := range g.cells {
		d := hexDistance(centre, c)
		if d < 1 || d > min(3, n-1) {
			continue
		}
		found := 0
		for j := range 6 {
			a, b := u[j], u[(j+1)%6]
			for t := 0; t < d; t++ {
				if c.f-centre.f == d*a.f+t*(b.f-a.f) && c.r-centre.r == d*a.r+t*(b.r-a.r) {
					g.cells[c] = refCell{color: j % 2, h: 1}
					found++
				}
			}
		}
		if found != 1 {
			panic("a ring cell in no segment, or in two")
		}
	}
	return g
}

func hexRefFrom(p state) hexGame {
	g := newHexGame(p.Config().Side)
	for c := range g.cells {
		owner, h := p.At(sq(c.f, c.r))
		g.cells[c] = refCell{int(owner), h}
	}
	g.turn = int(p.turn)
	return g
}

func (g hexGame) clone() hexGame {
	c := g
	c.cells = make(map[hexCell]refCell, len(g.cells))
	for k, v := range g.cells {
		c.cells[k] = v
	}
	return c
}

func (g hexGame) neighbours(c hexCell) []hexCell {
	var out []hexCell
	for _, d := range hexDirections {
		if _, ok := g.cells[hexCell{c.f + d.f, c.r + d.r}]; ok {
			out = append(out, hexCell{c.f + d.f, c.r + d.r})
		}
	}
	return out
}

func (g hexGame) capacity(c hexCell) int { return len(g.neighbours(c)) }

func (g hexGame) men(color int) int {
	n := 0
	for _, c := range g.cells {
		if c.h > 0 && c.color == color {
			n += c.h
		}
	}
	return n
}

// moves lists every move in canonical order: by origin, then
// destination, cells ordered by rank, then file.
func (g hexGame) moves() []refMove {
	if g.men(g.turn) == 0 {
		return nil
	}
	var out []refMove
	for from, c := range g.cells {
		if c.h == 0 || c.color != g.turn {
			continue
		}
		for k := 1; k <= c.h; k++ {
			for _, d := range hexDirections {
				to := hexCell{from.f + k*d.f, from.r + k*d.r}
				if _, ok := g.cells[to]; ok {
					out = append(out, refMove{from.r, from.f, to.r, to.f})
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b refMove) int {
		return slices.Compare([]int{a.fr, a.ff, a.tr, a.tf}, []int{b.fr, b.ff, b.tr, b.tf})
	})
	return out
}

// play makes a move; rng nil resolves the cascade first-found (by rank,
// then file), otherwise in a random order.
func (g hexGame) play(m refMove, rng *rand.Rand) hexGame {
	n := g.clone()
	k := max(absInt(m.tr-m.fr), absInt(m.tf-m.ff))
	from, to := hexCell{m.ff, m.fr}, hexCell{m.tf, m.tr}
	src := n.cells[from]
	src.h -= k
	n.cells[from] = src
	dst := n.cells[to]
	dst.h += k
	dst.color = g.turn
	n.cells[to] = dst
	n.cascade(g.turn, rng)
	n.turn = 1 - g.turn
	return n
}

func (g hexGame) cascade(mover int, rng *rand.Rand) {
	board := hexBoard(g.n)
	for {
		var unstable []hexCell
		for _, c := range board {
			if g.cells[c].h >= g.capacity(c) {
				unstable = append(unstable, c)
			}
		}
		if len(unstable) == 0 {
			return
		}
		pick := unstable[0]
		if rng != nil {
			pick = unstable[rng.IntN(len(unstable))]
		}
		c := g.cells[pick]
		c.h -= g.capacity(pick)
		g.cells[pick] = c
		for _, nb := range g.neighbours(pick) {
			g.cells[nb] = refCell{color: mover, h: g.cells[nb].h + 1}
		}
	}
}

// text writes the board as the position text does: ranks top first, each
// listing only its cells.
func (g hexGame) text() string {
	var b []byte
	for r := 2*g.n - 2; r >= 0; r-- {
		for f := 0; f <= 2*g.n-2; f++ {
			c, ok := g.cells[hexCell{f, r}]
			switch {
			case !ok:
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

func hexRefPerft(g hexGame, depth int) uint64 {
	moves := g.moves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += hexRefPerft(g.play(m, nil), depth-1)
	}
	return n
}
