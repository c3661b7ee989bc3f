package focus

import (
	"math/rand/v2"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/testkit"
)

// The kit's benchmarks run over the positions of random games
// (midgame, plies 50 to 800) beside BenchmarkPlay, each op one call on
// the next position: compare their ns/op within one run.

// kitMidgame returns midgame positions, each with a random legal move.
func kitMidgame() ([]Position, []Move) {
	ps := midgame()
	moves := make([]Move, len(ps))
	r := rand.New(rand.NewPCG(1, 1))
	for i, p := range ps {
		ms := p.AppendMoves(nil)
		moves[i] = ms[r.IntN(len(ms))]
	}
	return ps, moves
}

// BenchmarkPlay: one checked Play of a legal move.
func BenchmarkPlay(b *testing.B) {
	ps, moves := kitMidgame()
	i := 0
	var sink Position
	for b.Loop() {
		k := i % len(ps)
		sink, _ = ps[k].Play(moves[k])
		i++
	}
	_ = sink
}

// BenchmarkEvaluate: one Evaluate for the seat to move.
func BenchmarkEvaluate(b *testing.B) {
	ps, _ := kitMidgame()
	i := 0
	var sink float64
	for b.Loop() {
		p := &ps[i%len(ps)]
		v, _ := p.Evaluate(rules.Player(i & 1))
		sink += v
		i++
	}
	_ = sink
}

// BenchmarkActionIndex: the index of one legal move.
func BenchmarkActionIndex(b *testing.B) {
	ps, moves := kitMidgame()
	i := 0
	sink := 0
	for b.Loop() {
		k := i % len(ps)
		sink += ps[k].ActionIndex(moves[k])
		i++
	}
	_ = sink
}

// BenchmarkActionMove: the move of one index.
func BenchmarkActionMove(b *testing.B) {
	ps, moves := kitMidgame()
	idx := make([]int, len(ps))
	for k, p := range ps {
		idx[k] = p.ActionIndex(moves[k])
	}
	i := 0
	var sink Move
	for b.Loop() {
		k := i % len(ps)
		m, _ := ps[k].ActionMove(idx[k])
		sink ^= m
		i++
	}
	_ = sink
}

// BenchmarkObservation: one observation (17 planes of 8×8) into a
// buffer with room.
func BenchmarkObservation(b *testing.B) {
	ps, _ := kitMidgame()
	planes, rows, cols := ps[0].ObservationShape()
	buf := make([]float32, 0, planes*rows*cols)
	i := 0
	for b.Loop() {
		p := &ps[i%len(ps)]
		buf = p.AppendObservation(buf[:0], p.Turn())
		i++
	}
}

// BenchmarkTransform: one symmetry (1 to 7 in turn) of a position.
func BenchmarkTransform(b *testing.B) {
	ps, _ := kitMidgame()
	i := 0
	var sink Position
	for b.Loop() {
		sink = ps[i%len(ps)].Transform(1 + i%7)
		i++
	}
	_ = sink
}

// BenchmarkTransformMove: one legal move under a symmetry.
func BenchmarkTransformMove(b *testing.B) {
	ps, moves := kitMidgame()
	i := 0
	var sink Move
	for b.Loop() {
		k := i % len(ps)
		sink ^= ps[k].TransformMove(1+i%7, moves[k])
		i++
	}
	_ = sink
}

// BenchmarkKitVsPlay measures each kit call against a checked Play of a
// legal move in the same run (testkit.VsPlay: play-ns, kit-ns and their
// ratio), on one midgame position: the steady way to compare them.
func BenchmarkKitVsPlay(b *testing.B) {
	ps, moves := kitMidgame()
	p, m := ps[len(ps)/2], moves[len(ps)/2]
	planes, rows, cols := p.ObservationShape()
	obs := make([]float32, 0, planes*rows*cols)
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
			sink += int(p.Transform(k).ply)
		}},
		{"TransformMove", func() {
			k = k%7 + 1
			sink += int(p.TransformMove(k, m))
		}},
	} {
		b.Run(kit.name, func(b *testing.B) {
			testkit.VsPlay(b, func() {
				q, _ := p.Play(m)
				sink += int(q.ply)
			}, kit.call)
		})
	}
	_ = sink
}
