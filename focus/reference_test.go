package focus

// A deliberately naive Focus used only to check the fast one: stacks are
// byte slices, squares are (file, rank) pairs, and moves are found by
// trying every square, direction and count. It shares no tables with the
// package.

type refGame struct {
	stacks   map[[2]int][]byte // bottom to top, 'A' or 'B'
	reserve  [2]int
	captured [2]int
	turn     int
}

func refOnBoard(f, r int) bool {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return false
	}
	cornerF, cornerR := min(f, 7-f), min(r, 7-r)
	return cornerF+cornerR >= 2 // the three squares at each corner are removed
}

func refFromPosition(p Position) refGame {
	g := refGame{stacks: map[[2]int][]byte{}, turn: int(p.turn)}
	for sq := Square(0); sq < 64; sq++ {
		if s := p.board[sq]; s.Height() > 0 {
			g.stacks[[2]int{sq.File(), sq.Rank()}] = []byte(stackText(s))
		}
	}
	for s := range 2 {
		g.reserve[s] = int(p.reserve[s])
		g.captured[s] = p.Captured(rulesPlayer(s))
	}
	return g
}

type refMove struct {
	drop     bool
	from, to [2]int
}

func (g refGame) moves() []refMove {
	var out []refMove
	me := byte('A' + g.turn)
	for f := range 8 {
		for r := range 8 {
			s := g.stacks[[2]int{f, r}]
			if len(s) == 0 || s[len(s)-1] != me {
				continue
			}
			for k := 1; k <= len(s); k++ {
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					ok := true
					for i := 1; i <= k; i++ {
						if !refOnBoard(f+d[0]*i, r+d[1]*i) {
							ok = false
						}
					}
					if ok {
						out = append(out, refMove{from: [2]int{f, r}, to: [2]int{f + d[0]*k, r + d[1]*k}})
					}
				}
			}
		}
	}
	if g.reserve[g.turn] > 0 {
		for f := range 8 {
			for r := range 8 {
				if refOnBoard(f, r) {
					out = append(out, refMove{drop: true, to: [2]int{f, r}})
				}
			}
		}
	}
	return out
}

func (g refGame) play(m refMove) refGame {
	next := refGame{stacks: map[[2]int][]byte{}, reserve: g.reserve, captured: g.captured, turn: 1 - g.turn}
	for k, v := range g.stacks {
		next.stacks[k] = append([]byte(nil), v...)
	}
	me := byte('A' + g.turn)
	var moving []byte
	if m.drop {
		next.reserve[g.turn]--
		moving = []byte{me}
	} else {
		src := next.stacks[m.from]
		k := abs(m.to[0]-m.from[0]) + abs(m.to[1]-m.from[1])
		moving = src[len(src)-k:]
		next.stacks[m.from] = src[:len(src)-k]
		if len(next.stacks[m.from]) == 0 {
			delete(next.stacks, m.from)
		}
	}
	dst := append(next.stacks[m.to], moving...)
	for len(dst) > 5 {
		if dst[0] == me {
			next.reserve[g.turn]++
		} else {
			next.captured[g.turn]++
		}
		dst = dst[1:]
	}
	next.stacks[m.to] = dst
	return next
}

func abs(x int) int { return max(x, -x) }

func refPerft(g refGame, depth int) uint64 {
	moves := g.moves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += refPerft(g.play(m), depth-1)
	}
	return n
}
