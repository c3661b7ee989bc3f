package hexbot

import (
	"math/rand/v2"
	"sync"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/patterns"
)

// This file is the pattern playout policy: a rollout that draws each
// move with probability proportional to its weight under a model of
// small patterns (a cell's six neighbours) and its distance to the last
// two stones, as MoHex 2.0's softmax playouts do. Each cell keeps its
// neighbours as a ring code (patterns.RingWeights), so a stone updates
// the weights of its six neighbours only.

// playoutTable is a model's ring weights for each mover, compacted for
// speed, and its distance weights. A cell's code here is its side mask
// (the sides of the board it touches, which fix its off-board
// neighbours) times 729 plus its neighbours' stones in base 3 (0 empty,
// 1 Black, 2 White; direction d at place 3^d): 16·729 codes, 46 KB a
// mover, against the 6^6 of patterns.RingWeights.
type playoutTable struct {
	ring [2][]float32 // [colour][code]
	near [2][3]float32
	// boosts is whether every distance weight is 1 or more, so that
	// draw can add boosts to the ring weights (drawBoosted).
	boosts bool
}

// stoneCodes is the number of stone parts of a compact code.
const stoneCodes = 729

// playoutTable0 is patterns.Playout()'s table, built once.
var playoutTable0 = sync.OnceValue(func() *playoutTable { return newTable(patterns.Playout()) })

// tableOf returns m's table: patterns.Playout()'s, built once, or a new
// one for another model (93 KB, held by its bot).
func tableOf(m *patterns.Model) *playoutTable {
	if m == patterns.Playout() {
		return playoutTable0()
	}
	return newTable(m)
}

// newTable builds m's table.
func newTable(m *patterns.Model) *playoutTable {
	t := &playoutTable{near: m.NearWeights()}
	t.boosts = boosts(t.near)
	full := make([]float32, patterns.RingCodes)
	for c, mover := range [2]hex.Color{hex.Black, hex.White} {
		_ = m.RingWeights(full, mover) // a right length and mover: no error
		t.ring[c] = make([]float32, 16*stoneCodes)
		for mask := range 16 {
			for stones := range stoneCodes {
				code, s := 0, stones
				for d := range 6 {
					digit := sideDigit(uint8(mask), d)
					if digit == patterns.RingEmpty {
						digit = s % 3 // RingEmpty, RingBlack or RingWhite
					}
					code += digit * int(ringPow[d])
					s /= 3
				}
				t.ring[c][mask*stoneCodes+stones] = full[code]
			}
		}
	}
	return t
}

// boosts reports whether every distance weight is 1 or more (see
// playoutTable.boosts).
func boosts(near [2][3]float32) bool {
	for _, n := range near {
		for _, f := range n {
			if f < 1 {
				return false
			}
		}
	}
	return true
}

// sideDigit is the ring digit of direction d of a cell touching the
// sides in mask: off the board beyond a row side, a column side or both,
// or RingEmpty for a neighbour on the board.
func sideDigit(mask uint8, d int) int {
	dc, dr := ringDirs[d][0], ringDirs[d][1]
	rows := dr < 0 && mask&(1<<analysis.Top) != 0 || dr > 0 && mask&(1<<analysis.Bottom) != 0
	cols := dc < 0 && mask&(1<<analysis.Left) != 0 || dc > 0 && mask&(1<<analysis.Right) != 0
	switch {
	case rows && cols:
		return patterns.RingOffCorner
	case rows:
		return patterns.RingOffBlack
	case cols:
		return patterns.RingOffWhite
	}
	return patterns.RingEmpty
}

// ringDirs are analysis.Geometry.Ring's directions, (column, row).
var ringDirs = [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// ringPow[d] is the place of direction d's digit in a ring code of
// patterns.RingWeights; stonePow in a compact code's stone part.
var (
	ringPow  = [6]uint16{1, 6, 36, 216, 1296, 7776}
	stonePow = [6]uint16{1, 3, 9, 27, 81, 243}
)

// playoutGeometry is what the policy precomputes for a board's shape:
// each cell's compact code on the empty board (its side mask's part),
// and the cells at distance 1 and 2 of each cell.
type playoutGeometry struct {
	g     *analysis.Geometry
	base  []uint16
	near2 [][]int16 // cells at distance 1, then 2
	dist1 []uint8   // how many of near2[i] are at distance 1
}

func newPlayoutGeometry(g *analysis.Geometry) *playoutGeometry {
	n := g.Cells()
	cols, rows := g.Size()
	pg := &playoutGeometry{g: g, base: make([]uint16, n), near2: make([][]int16, n), dist1: make([]uint8, n)}
	for i := range n {
		c, r := g.ColRow(i)
		var mask uint16
		if r == 0 {
			mask |= 1 << analysis.Top
		}
		if r == rows-1 {
			mask |= 1 << analysis.Bottom
		}
		if c == 0 {
			mask |= 1 << analysis.Left
		}
		if c == cols-1 {
			mask |= 1 << analysis.Right
		}
		pg.base[i] = mask * stoneCodes
		var list []int16
		for _, v := range g.Ring(i) {
			if v >= 0 {
				list = append(list, v)
			}
		}
		pg.dist1[i] = uint8(len(list))
		for _, v := range g.Ring(i)[:] {
			if v < 0 {
				continue
			}
			for _, u := range g.Ring(int(v)) {
				if u < 0 || int(u) == i || contains(list, u) {
					continue
				}
				list = append(list, u)
			}
		}
		pg.near2[i] = list
	}
	return pg
}

func contains(list []int16, v int16) bool {
	for _, u := range list {
		if u == v {
			return true
		}
	}
	return false
}

// policy is a worker's state for pattern rollouts: the table it draws
// by, and for the board of the rollout under way each cell's compact
// code and weights, the blocks' sums and the scratch space of draws.
type policy struct {
	t    *playoutTable
	rng  *rand.Rand
	pgeo *playoutGeometry // the board's shape, rebuilt when it changes
	code []uint16         // by cell: its compact code (stale on a stone)
	wt   [2][]float32     // by mover and cell: the ring weight, 0 on a stone
	bsum [2][]float64     // by mover and block of 1<<blockBits cells: wt's sum
	// draw's scratch: the cells near the last two stones (local), their
	// factors (fac) and marks (mark[c] == stamp: c is in local), and
	// the ring weights of local's cells by block (adj, drawExact).
	local []int16
	fac   []float32
	mark  []uint32
	stamp uint32
	adj   []float64
}

// blockBits sets the blocks of cells whose weights the policy sums, so
// that a draw scans the blocks' sums and then one block: 16 cells.
const blockBits = 4

// patternRollout plays the board to the end by the pattern policy,
// except that a player whose bridge the opponent has just intruded into
// saves it, and returns the winner. last is the move just played and
// before the one before it (-1: none). The board ends full.
func (w *worker) patternRollout(b *analysis.Board, last, before int) analysis.Color {
	p := &w.policy
	p.t, p.rng = w.bot.playout, w.rng
	for left := p.start(b); left > 0; left-- {
		mover := b.Turn()
		cell := -1
		if last >= 0 {
			cell = bridgeReply(b, last, mover, int(w.rng.Uint32()%6))
		}
		if cell < 0 {
			cell = p.draw(mover, last, before)
		}
		p.play(b, cell)
		before, last = last, cell
	}
	winner, _ := b.Winner()
	return winner
}

// start sets the policy's state for b: every cell's ring code,
// its weights for both movers (0 on a stone) and the blocks' sums. It
// returns the number of empty cells.
func (p *policy) start(b *analysis.Board) int {
	g := b.Geometry()
	if p.pgeo == nil || p.pgeo.g != g {
		p.pgeo = newPlayoutGeometry(g)
	}
	pg, t := p.pgeo, p.t
	n := g.Cells()
	blocks := (n + 1<<blockBits - 1) >> blockBits
	if cap(p.code) < n {
		p.code = make([]uint16, n)
		p.wt[0], p.wt[1] = make([]float32, n), make([]float32, n)
		p.mark = make([]uint32, n)
		p.fac = make([]float32, n)
	}
	if cap(p.bsum[0]) < blocks {
		p.bsum[0], p.bsum[1] = make([]float64, blocks), make([]float64, blocks)
		p.adj = make([]float64, blocks)
	}
	p.code, p.mark, p.fac = p.code[:n], p.mark[:n], p.fac[:n]
	p.wt[0], p.wt[1] = p.wt[0][:n], p.wt[1][:n]
	p.bsum[0], p.bsum[1], p.adj = p.bsum[0][:blocks], p.bsum[1][:blocks], p.adj[:blocks]
	clear(p.bsum[0])
	clear(p.bsum[1])
	left := 0
	for c := range n {
		if !b.IsEmpty(c) {
			p.wt[0][c], p.wt[1][c] = 0, 0
			continue
		}
		left++
		code := pg.base[c]
		for d, v := range g.Ring(c) {
			if v < 0 {
				continue
			}
			if col, ok := b.At(int(v)); ok {
				code += uint16(1+col) * stonePow[d]
			}
		}
		p.code[c] = code
		for m := range 2 {
			x := t.ring[m][code]
			p.wt[m][c] = x
			p.bsum[m][c>>blockBits] += float64(x)
		}
	}
	return left
}

// play plays cell (empty) on b for its mover and updates the
// policy's state: the cell weighs 0, and each empty neighbour's code
// gains the stone, digit 1+mover at the place of the direction back to
// cell.
func (p *policy) play(b *analysis.Board, cell int) {
	t, g := p.t, b.Geometry()
	mover := b.Turn()
	for m := range 2 {
		p.bsum[m][cell>>blockBits] -= float64(p.wt[m][cell])
		p.wt[m][cell] = 0
	}
	b.Play(cell)
	for d, v := range g.Ring(cell) {
		if v < 0 || !b.IsEmpty(int(v)) {
			continue
		}
		code := p.code[v] + uint16(1+mover)*stonePow[(d+3)%6]
		p.code[v] = code
		for m := range 2 {
			x := t.ring[m][code]
			p.bsum[m][v>>blockBits] += float64(x) - float64(p.wt[m][v])
			p.wt[m][v] = x
		}
	}
}

// draw picks an empty cell for mover with probability proportional to
// its ring weight times its distance weights to the opponent's last
// stone (last) and the mover's (before). It first sets the factor (the
// product of the distance weights) of each empty cell near either
// stone. A filled cell weighs 0.
func (p *policy) draw(mover analysis.Color, last, before int) int {
	t, pg := p.t, p.pgeo
	p.stamp++
	if p.stamp == 0 { // wrapped: clear the marks, those past this board's too
		clear(p.mark[:cap(p.mark)])
		p.stamp = 1
	}
	local := p.local[:0]
	for s, stone := range [2]int{last, before} {
		if stone < 0 {
			continue
		}
		near := &t.near[s]
		for j, v := range pg.near2[stone] {
			f := near[1]
			if j < int(pg.dist1[stone]) {
				f = near[0]
			}
			if p.mark[v] == p.stamp {
				p.fac[v] *= f
				continue
			}
			p.mark[v] = p.stamp
			p.fac[v] = f
			local = append(local, v)
		}
	}
	p.local = local
	if t.boosts {
		return p.drawBoosted(mover, local)
	}
	return p.drawExact(mover, local)
}

// drawBoosted is draw for distance weights of 1 or more: a cell's weight
// is its ring weight plus, near a last stone, the boost of its factor,
// ring weight·(factor-1). It draws among the boosts or among the ring
// weights (the blocks' sums, then a cell of the block).
func (p *policy) drawBoosted(mover analysis.Color, local []int16) int {
	wt, bsum := p.wt[mover], p.bsum[mover]
	var boost, sum float64
	for _, v := range local {
		boost += float64(wt[v] * (p.fac[v] - 1))
	}
	for _, x := range bsum {
		sum += x
	}
	r := p.rng.Float64() * (boost + sum)
	if r < boost {
		if pick := p.pickLocal(wt, local, 1, r); pick >= 0 {
			return pick
		}
	}
	r = max(r-boost, 0)
	pick := -1
	for k, x := range bsum {
		if r >= x {
			r -= x
			continue
		}
		lo := k << blockBits
		for c := lo; c < min(lo+1<<blockBits, len(wt)); c++ {
			y := float64(wt[c])
			if y <= 0 {
				continue
			}
			pick = c
			if r < y {
				return pick
			}
			r -= y
		}
	}
	if pick < 0 {
		pick = p.anyEmpty(mover)
	}
	return pick // rounding left r just above the sum
}

// pickLocal draws among the cells near the last stones, each weighing
// its ring weight times its factor less minus (1: the boost, 0: the
// whole weight), r in [0, their sum). It returns -1 when none weighs
// anything, else the last that does if rounding left r just above the
// sum.
func (p *policy) pickLocal(wt []float32, local []int16, minus float32, r float64) int {
	pick := -1
	for _, v := range local {
		x := float64(wt[v] * (p.fac[v] - minus))
		if x <= 0 {
			continue
		}
		pick = int(v)
		if r < x {
			return pick
		}
		r -= x
	}
	return pick
}

// anyEmpty returns the last cell of positive weight for mover: the
// draws' answer when rounding has carried them past every cell.
func (p *policy) anyEmpty(mover analysis.Color) int {
	pick := -1
	for c, x := range p.wt[mover] {
		if x > 0 {
			pick = c
		}
	}
	return pick
}

// drawExact is draw for any distance weights: the cells near a last
// stone are weighed apart, each with its factor; the others make up the
// blocks' sums less those cells' ring weights.
func (p *policy) drawExact(mover analysis.Color, local []int16) int {
	wt := p.wt[mover]
	clear(p.adj)
	var localSum float64
	for _, v := range local {
		x := wt[v]
		p.adj[v>>blockBits] += float64(x)
		localSum += float64(x * p.fac[v])
	}
	var rest float64
	bsum := p.bsum[mover]
	for k, x := range bsum {
		rest += max(x-p.adj[k], 0)
	}
	r := p.rng.Float64() * (localSum + rest)
	if r < localSum {
		if pick := p.pickLocal(wt, local, 0, r); pick >= 0 {
			return pick
		}
	}
	r = max(r-localSum, 0)
	pick := -1
	for k, x := range bsum {
		x = max(x-p.adj[k], 0)
		if r >= x {
			r -= x
			continue
		}
		lo := k << blockBits
		for c := lo; c < min(lo+1<<blockBits, len(wt)); c++ {
			if p.mark[c] == p.stamp || wt[c] <= 0 {
				continue
			}
			pick = c
			y := float64(wt[c])
			if r < y {
				return pick
			}
			r -= y
		}
	}
	if pick < 0 {
		pick = p.anyEmpty(mover)
	}
	return pick
}
