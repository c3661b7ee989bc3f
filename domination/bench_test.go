package domination

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/testkit"
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

// BenchmarkPlay: one op is one Play of a turn of the worked example's
// position (checked: Play lists the turns to find it), one PlayUnchecked
// of it, and one Play of a draw; the kit's benchmarks below compare with
// these.
func BenchmarkPlay(b *testing.B) {
	p := workedExample(b)
	moves := p.AppendMoves(nil)
	b.Run("turn", func(b *testing.B) {
		i := 0
		for b.Loop() {
			_, _ = p.Play(moves[i%len(moves)])
			i++
		}
	})
	b.Run("unchecked", func(b *testing.B) {
		i := 0
		for b.Loop() {
			_ = p.PlayUnchecked(moves[i%len(moves)])
			i++
		}
	})
	b.Run("draw", func(b *testing.B) {
		s := New()
		draws := s.AppendMoves(nil)
		i := 0
		for b.Loop() {
			_, _ = s.Play(draws[i%len(draws)])
			i++
		}
	})
}

// BenchmarkActionIndex: one op is the index of one legal turn of the
// worked example's position (ActionIndex), or the turn of one index
// (ActionMove).
func BenchmarkActionIndex(b *testing.B) {
	p := workedExample(b)
	moves := p.AppendMoves(nil)
	b.Run("index", func(b *testing.B) {
		i, sum := 0, 0
		for b.Loop() {
			sum += p.ActionIndex(moves[i%len(moves)])
			i++
		}
		_ = sum
	})
	b.Run("move", func(b *testing.B) {
		i := 0
		for b.Loop() {
			_, _ = p.ActionMove(i % NumActions)
			i++
		}
	})
}

// BenchmarkObservation: one op is one observation of the worked
// example's position from the mover's view, into a reused buffer.
func BenchmarkObservation(b *testing.B) {
	p := workedExample(b)
	buf := make([]float32, 0, ObservationPlanes*64)
	for b.Loop() {
		buf = p.AppendObservation(buf[:0], 1)
	}
}

// BenchmarkTransform: one op is one Transform of the worked example's
// position by a symmetry other than the identity, or one TransformMove
// of a legal turn.
func BenchmarkTransform(b *testing.B) {
	p := workedExample(b)
	moves := p.AppendMoves(nil)
	b.Run("position", func(b *testing.B) {
		k := 0
		for b.Loop() {
			_ = p.Transform(1 + k%(NumSymmetries-1))
			k++
		}
	})
	b.Run("move", func(b *testing.B) {
		k := 0
		for b.Loop() {
			_ = p.TransformMove(1+k%(NumSymmetries-1), moves[k%len(moves)])
			k++
		}
	})
}

// BenchmarkKitVsPlay measures each kit call against a checked Play of a
// legal turn in the same run (testkit.VsPlay: play-ns, kit-ns and their
// ratio), at the worked example's turn node: the steady way to compare
// them.
func BenchmarkKitVsPlay(b *testing.B) {
	p := workedExample(b)
	m := p.AppendMoves(nil)[0]
	obs := make([]float32, 0, ObservationPlanes*64)
	seat := p.ToMove()
	sink, k := 0, 0
	for _, kit := range []struct {
		name string
		call func()
	}{
		{"ActionIndex", func() {
			i := p.ActionIndex(m)
			back, _ := p.ActionMove(i)
			sink += i + int(back)
		}},
		{"Observation", func() { obs = p.AppendObservation(obs[:0], seat) }},
		{"Transform", func() {
			k = k%7 + 1
			sink += int(p.Transform(k).Ply())
		}},
		{"TransformMove", func() {
			k = k%7 + 1
			sink += int(p.TransformMove(k, m))
		}},
	} {
		b.Run(kit.name, func(b *testing.B) {
			testkit.VsPlay(b, func() {
				q, _ := p.Play(m)
				sink += q.Ply()
			}, kit.call)
		})
	}
	_ = sink
}
