package focus

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkTmpNowakApplyHot(b *testing.B) {
	cfg, _ := ParseSpec("focus(nowak=true,plylimit=1000)")
	r := rand.New(rand.NewPCG(9, 9))
	var ps []Position
	var moves []Move
	buf := make([]Move, 0, NowakMaxMoves)
	p := cfg.Start()
	for ply := 0; ply < 1000; ply++ {
		buf = p.AppendMoves(buf[:0])
		m := buf[r.IntN(len(buf))]
		ps, moves = append(ps, p), append(moves, m)
		p = p.PlayUnchecked(m)
	}
	i := 0
	var sink Position
	for b.Loop() {
		k := i & 511
		sink = ps[k].PlayUnchecked(moves[k])
		i++
	}
	_ = sink
}

func BenchmarkTmpNowakGenSet(b *testing.B) {
	cfg, _ := ParseSpec("focus(nowak=true,plylimit=1000)")
	r := rand.New(rand.NewPCG(9, 9))
	var ps []Position
	buf := make([]Move, 0, NowakMaxMoves)
	p := cfg.Start()
	for ply := 0; ply < 990; ply++ {
		buf = p.AppendMoves(buf[:0])
		if p.reserve[p.turn] == 0 {
			ps = append(ps, p)
		}
		p = p.PlayUnchecked(buf[r.IntN(len(buf))])
	}
	for _, n := range []int{1, 2, 8, 64, 512} {
		b.Run(string(rune('A'+n%26)), func(b *testing.B) {
			i := 0
			for b.Loop() {
				buf = ps[(i&(n-1))*(len(ps)/n)].AppendMoves(buf[:0])
				i++
			}
		})
	}
}

func BenchmarkTmpNowakStartGen(b *testing.B) {
	cfg, _ := ParseSpec("focus(nowak=true,plylimit=1000)")
	p := cfg.Start()
	buf := make([]Move, 0, NowakMaxMoves)
	for b.Loop() {
		buf = p.AppendMoves(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

func BenchmarkTmpNowakParts(b *testing.B) {
	spec := "focus(nowak=true,plylimit=1000)"
	if testing.Short() {
		spec = "focus(plylimit=1000)"
	}
	cfg, _ := ParseSpec(spec)
	for _, mode := range []string{"base", "gen2", "apply2", "base", "gen2", "apply2"} {
		b.Run(mode, func(b *testing.B) {
			start := cfg.Start()
			r := rand.New(rand.NewPCG(1, 2))
			buf := make([]Move, 0, NowakMaxMoves)
			buf2 := make([]Move, 0, NowakMaxMoves)
			var sink Position
			for b.Loop() {
				p := start
				for !p.Outcome().Over() {
					buf = p.AppendMoves(buf[:0])
					if mode == "gen2" {
						buf2 = p.AppendMoves(buf2[:0])
					}
					m := buf[r.IntN(len(buf))]
					if mode == "apply2" {
						sink = p.PlayUnchecked(m)
					}
					p = p.PlayUnchecked(m)
				}
			}
			_ = sink
		})
	}
}
