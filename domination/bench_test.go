package domination

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
)

// BenchmarkRandomPlayout: one op is one random game from the start, draws
// sampled uniformly from the pool and turns chosen uniformly, through the
// contract with a reused buffer.
func BenchmarkRandomPlayout(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]Move, 0, MaxMoves)
	plies := 0
	start := time.Now()
	for b.Loop() {
		p := New()
		for {
			who := p.ToMove()
			if who == rules.Terminal {
				break
			}
			buf = p.AppendMoves(buf[:0])
			p = p.PlayUnchecked(buf[r.IntN(len(buf))]) // draws are equally likely
			plies++
		}
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
	b.ReportMetric(float64(plies)/time.Since(start).Seconds(), "plies/s")
}

func BenchmarkPerft(b *testing.B) {
	var nodes uint64
	start := time.Now()
	for b.Loop() {
		nodes += rules.Perft(New(), 4)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

func BenchmarkAppendTurns(b *testing.B) {
	p := mustPlay(b, New(), "0-1")
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		buf = p.AppendMoves(buf[:0])
	}
}

// BenchmarkRollout: one op is one random game from the start to its end
// through the entry point the MCTS bot uses (rules.Sampler.Rollout),
// against the same game through the generic loop (Sampler.Playout).
func BenchmarkRollout(b *testing.B) {
	b.Run("playout", func(b *testing.B) {
		s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
		for b.Loop() {
			s.Playout(New(), -1)
		}
	})
	b.Run("rollout", func(b *testing.B) {
		s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(1, 2))}
		for b.Loop() {
			s.Rollout(New(), -1, nil)
		}
	})
}
