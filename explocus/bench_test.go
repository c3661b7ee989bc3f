package explocus

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
)

// BenchmarkRandomPlayout: one op is one uniformly random game from the
// start with plylimit=1000, through the contract with a reused buffer:
// Explocus on 8×8 (BenchmarkRandomPlayout) and Hexplocus on the hexagon
// of side 6 (BenchmarkRandomPlayoutHexplocus).
func BenchmarkRandomPlayout(b *testing.B) { playout(b, Config{Rows: 8, Cols: 8, PlyLimit: 1000}) }

func BenchmarkRandomPlayoutHexplocus(b *testing.B) { playout(b, Config{Side: 6, PlyLimit: 1000}) }

func playout(b *testing.B, c Config) {
	start := c.Start()
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
func BenchmarkPerft(b *testing.B) { perft(b, New()) }

func BenchmarkPerftHexplocus(b *testing.B) { perft(b, HexDefault.Start()) }

func perft(b *testing.B, p Position) {
	var nodes uint64
	t0 := time.Now()
	for b.Loop() {
		nodes += rules.Perft(p, 4)
	}
	b.ReportMetric(float64(nodes)/time.Since(t0).Seconds(), "nodes/s")
}
