package explocus

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/testkit"
)

// BenchmarkRandomPlayout: one op is one uniformly random game from the
// start with plylimit=1000, through the contract with a reused buffer:
// Explocus on 8×8 (BenchmarkRandomPlayout) and Hexplocus on the hexagon
// of side 6 (BenchmarkRandomPlayoutHexplocus).
// The loops are written out for each type, as a caller's code is: generic
// code would call the methods through a dictionary.
func BenchmarkRandomPlayout(b *testing.B) {
	start := Config{Rows: 8, Cols: 8, PlyLimit: 1000}.Start()
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]Move, 0, MaxMoves)
	plies := 0
	t0 := time.Now()
	for b.Loop() {
		p := start
		for p.ToMove() != rules.Terminal {
			buf = p.AppendMoves(buf[:0])
			p = p.PlayUnchecked(buf[r.IntN(len(buf))])
			plies++
		}
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
	b.ReportMetric(float64(plies)/time.Since(t0).Seconds(), "plies/s")
}

func BenchmarkRandomPlayoutHexplocus(b *testing.B) {
	start := Config{Side: 6, PlyLimit: 1000}.StartHex()
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]Move, 0, MaxMoves)
	plies := 0
	t0 := time.Now()
	for b.Loop() {
		p := start
		for p.ToMove() != rules.Terminal {
			buf = p.AppendMoves(buf[:0])
			p = p.PlayUnchecked(buf[r.IntN(len(buf))])
			plies++
		}
	}
	b.ReportMetric(float64(plies)/float64(b.N), "plies/op")
	b.ReportMetric(float64(plies)/time.Since(t0).Seconds(), "plies/s")
}

// BenchmarkPerft: perft(4) from the Explocus start; BenchmarkPerftHexplocus
// from the Hexplocus start.
func BenchmarkPerft(b *testing.B) {
	p := New()
	var nodes uint64
	t0 := time.Now()
	for b.Loop() {
		nodes += rules.Perft(p, 4)
	}
	b.ReportMetric(float64(nodes)/time.Since(t0).Seconds(), "nodes/s")
}

func BenchmarkPerftHexplocus(b *testing.B) {
	p := HexDefault.StartHex()
	var nodes uint64
	t0 := time.Now()
	for b.Loop() {
		nodes += rules.Perft(p, 4)
	}
	b.ReportMetric(float64(nodes)/time.Since(t0).Seconds(), "nodes/s")
}

// midgame returns the board after 20 random plies (a fixed seed) from
// the start of c, for the benchmarks of Play and the kit.
func midgame(c Config) state {
	r := rand.New(rand.NewPCG(3, 4))
	p := startState(c)
	for range 20 {
		moves := p.AppendMoves(nil)
		p.apply(moves[r.IntN(len(moves))])
	}
	return p
}

// midSquare and midHex are the middle game positions of the kit's
// benchmarks: on the standard square board and the standard hexagon.
// Each benchmark runs the same calls on both, written out for each type.
func midSquare() Position { return Position{state: midgame(Default)} }

func midHex() HexPosition { return HexPosition{state: midgame(HexDefault)} }

// BenchmarkPlay: one op is one Play of a legal move of a middle game
// position (cascades included, as they come), with which the kit's
// benchmarks below compare.
func BenchmarkPlay(b *testing.B) {
	b.Run("explocus", func(b *testing.B) {
		p := midSquare()
		moves := p.AppendMoves(nil)
		i := 0
		for b.Loop() {
			_, _ = p.Play(moves[i%len(moves)])
			i++
		}
	})
	b.Run("hexplocus", func(b *testing.B) {
		p := midHex()
		moves := p.AppendMoves(nil)
		i := 0
		for b.Loop() {
			_, _ = p.Play(moves[i%len(moves)])
			i++
		}
	})
}

// BenchmarkActionIndex: one op is the index of one legal move of a
// middle game position (index), or the move of one index (move).
func BenchmarkActionIndex(b *testing.B) {
	benchActionIndex(b, "explocus", midSquare().state)
	benchActionIndex(b, "hexplocus", midHex().state)
}

// benchActionIndex runs on the state the methods both types share.
func benchActionIndex(b *testing.B, name string, p state) {
	moves := p.AppendMoves(nil)
	b.Run(name+"/index", func(b *testing.B) {
		i, sum := 0, 0
		for b.Loop() {
			sum += p.ActionIndex(moves[i%len(moves)])
			i++
		}
		_ = sum
	})
	b.Run(name+"/move", func(b *testing.B) {
		i, n := 0, p.NumActions()
		for b.Loop() {
			_, _ = p.ActionMove(i % n)
			i++
		}
	})
}

// BenchmarkObservation: one op is one observation of a middle game
// position from the mover's view, into a reused buffer.
func BenchmarkObservation(b *testing.B) {
	for _, bb := range []struct {
		name string
		p    state
	}{{"explocus", midSquare().state}, {"hexplocus", midHex().state}} {
		b.Run(bb.name, func(b *testing.B) {
			p := bb.p
			planes, rows, cols := p.ObservationShape()
			buf := make([]float32, 0, planes*rows*cols)
			for b.Loop() {
				buf = p.AppendObservation(buf[:0], p.ToMove())
			}
		})
	}
}

// BenchmarkTransform: one op is one Transform of a middle game position
// by a symmetry other than the identity (position), or one
// TransformMove of a legal move (move).
func BenchmarkTransform(b *testing.B) {
	b.Run("explocus/position", func(b *testing.B) {
		p := midSquare()
		n, k := p.Symmetries(), 0
		for b.Loop() {
			_ = p.Transform(1 + k%(n-1))
			k++
		}
	})
	b.Run("hexplocus/position", func(b *testing.B) {
		p := midHex()
		n, k := p.Symmetries(), 0
		for b.Loop() {
			_ = p.Transform(1 + k%(n-1))
			k++
		}
	})
	for _, bb := range []struct {
		name string
		p    state
	}{{"explocus", midSquare().state}, {"hexplocus", midHex().state}} {
		b.Run(bb.name+"/move", func(b *testing.B) {
			p := bb.p
			moves := p.AppendMoves(nil)
			n, k := p.Symmetries(), 0
			for b.Loop() {
				_ = p.TransformMove(1+k%(n-1), moves[k%len(moves)])
				k++
			}
		})
	}
}

// BenchmarkKitVsPlay measures each kit call against a checked Play of a
// legal move in the same run (testkit.VsPlay: play-ns, kit-ns and their
// ratio), on the middle game position of each board: the steady way to
// compare them.
func BenchmarkKitVsPlay(b *testing.B) {
	sq, hex := midSquare(), midHex()
	kitVsPlay(b, "explocus", sq.state, func(m Move) int { q, _ := sq.Play(m); return int(q.ply) },
		func(k int) int { return int(sq.Transform(k).ply) })
	kitVsPlay(b, "hexplocus", hex.state, func(m Move) int { q, _ := hex.Play(m); return int(q.ply) },
		func(k int) int { return int(hex.Transform(k).ply) })
}

// kitVsPlay runs BenchmarkKitVsPlay on one board: play and transform are
// the calls that return a position of its type.
func kitVsPlay(b *testing.B, name string, p state, play func(Move) int, transform func(int) int) {
	m := p.AppendMoves(nil)[0]
	planes, rows, cols := p.ObservationShape()
	obs := make([]float32, 0, planes*rows*cols)
	seat := p.ToMove()
	n := p.Symmetries()
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
			k = k%(n-1) + 1
			sink += transform(k)
		}},
		{"TransformMove", func() {
			k = k%(n-1) + 1
			sink += int(p.TransformMove(k, m))
		}},
	} {
		b.Run(name+"/"+kit.name, func(b *testing.B) {
			testkit.VsPlay(b, func() { sink += play(m) }, kit.call)
		})
	}
	_ = sink
}
