package focus

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
)

// BenchmarkPerft runs perft(4) from the start through the generic
// rules.Perft (bulk-counting the last ply) and reports nodes per second.
func BenchmarkPerft(b *testing.B) {
	p := New()
	var nodes uint64
	start := time.Now()
	for b.Loop() {
		nodes += rules.Perft(p, 4)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// BenchmarkRandomPlayout: one op is one uniformly random game from the
// start with plylimit=1000, through the contract: legal moves into a
// reused buffer, a PCG choice, the unchecked apply, until no move is left;
// then the outcome. One sub-benchmark per variant.
func BenchmarkRandomPlayout(b *testing.B) {
	for _, spec := range []string{"focus(plylimit=1000)", "focus(setup=drop,plylimit=1000)",
		"focus(drops=restricted,plylimit=1000)", "focus(swap=true,plylimit=1000)",
		"focus(players=3,plylimit=1000)", "focus(players=4,plylimit=1000)",
		"focus(players=4,teams=true,plylimit=1000)", "focus(players=3,short=true,plylimit=1000)",
		"focus(nowak=true,plylimit=1000)"} {
		b.Run(spec, func(b *testing.B) {
			cfg, err := ParseSpec(spec)
			if err != nil {
				b.Fatal(err)
			}
			if cfg.Nowak {
				randomPlayouts(b, cfg.StartNowak())
			} else {
				randomPlayouts(b, cfg.Start())
			}
		})
	}
}

// randomPlayouts is BenchmarkRandomPlayout's loop for one start.
func randomPlayouts[P anyPosition[P]](b *testing.B, start P) {
	if !start.IsValid() {
		b.Fatal("no game")
	}
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]Move, 0, NowakMaxMoves)
	plies := 0
	t0 := time.Now()
	for b.Loop() {
		p := start
		for {
			// No legal move exactly at the end (the contract): the
			// outcome is read once, when the game is over.
			buf = p.AppendMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			p = p.PlayUnchecked(buf[r.IntN(len(buf))])
			plies++
		}
		if !p.Outcome().Over() {
			b.Fatal("a playout stopped before the end")
		}
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
	b.ReportMetric(float64(plies)/time.Since(t0).Seconds(), "plies/s")
}

func BenchmarkAppendMoves(b *testing.B) {
	p := New()
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		buf = p.AppendMoves(buf[:0])
	}
}

func BenchmarkPlayUnchecked(b *testing.B) {
	p := New()
	m := StackMove(NewSquare(2, 2), NewSquare(2, 3))
	for b.Loop() {
		_ = p.PlayUnchecked(m)
	}
}

// midgame returns positions sampled from random games at plies 50..800,
// the mix a random playout sees.
func midgame() []Position {
	r := rand.New(rand.NewPCG(9, 9))
	var out []Position
	buf := make([]Move, 0, MaxMoves)
	for range 64 {
		p := New()
		for ply := 0; ply < 800 && p.ToMove() != rules.Terminal; ply++ {
			if ply >= 50 && ply%50 == 0 {
				out = append(out, p)
			}
			buf = p.AppendMoves(buf[:0])
			p = p.PlayUnchecked(buf[r.IntN(len(buf))])
		}
	}
	return out
}

func BenchmarkAppendMovesMidgame(b *testing.B) {
	ps := midgame()
	buf := make([]Move, 0, MaxMoves)
	i := 0
	for b.Loop() {
		buf = ps[i%len(ps)].AppendMoves(buf[:0])
		i++
	}
}

func BenchmarkPlayUncheckedMidgame(b *testing.B) {
	ps := midgame()
	moves := make([]Move, len(ps))
	r := rand.New(rand.NewPCG(1, 1))
	for i, p := range ps {
		ms := p.AppendMoves(nil)
		moves[i] = ms[r.IntN(len(ms))]
	}
	i := 0
	var sink Position
	for b.Loop() {
		k := i % len(ps)
		sink = ps[k].PlayUnchecked(moves[k])
		i++
	}
	_ = sink
}

// BenchmarkRollout: one op is one random game from the start through the
// entry point the MCTS bot uses (rules.Sampler.Rollout), against the same
// game through the generic loop (Sampler.Playout): whole games with
// plylimit=1000 (as BenchmarkRandomPlayout) and games cut at 12 plies and
// evaluated, as the bot plays them.
func BenchmarkRollout(b *testing.B) {
	for _, spec := range []string{"focus(plylimit=1000)", "focus(players=4,plylimit=1000)"} {
		cfg, err := ParseSpec(spec)
		if err != nil {
			b.Fatal(err)
		}
		start := cfg.Start()
		for _, depth := range []int{-1, 12} {
			name := spec + "/full"
			if depth > 0 {
				name = spec + "/depth=12"
			}
			b.Run(name+"/playout", func(b *testing.B) {
				s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
				for b.Loop() {
					end, _ := s.Playout(start, depth)
					end.Evaluate(0)
				}
			})
			b.Run(name+"/rollout", func(b *testing.B) {
				s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
				for b.Loop() {
					_, end, _ := s.Rollout(start, depth, nil)
					end.Evaluate(0)
				}
			})
		}
	}
}
