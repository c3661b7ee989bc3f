package hexbot

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/patterns"
)

// BenchmarkPlayouts: one op is one search of 20,000 playouts from the
// empty board (9×9 and 11×11), with the knowledge (tree nodes analysed
// after the default number of visits) and without it (-plain: no
// analysis, the same tree and rollouts with bridge replies), and with
// the pattern playout policy (-playoutpatterns). It reports playouts
// per second.
func BenchmarkPlayouts(b *testing.B) {
	for _, n := range []int{9, 11} {
		for _, v := range []struct {
			suffix          string
			plain, patterns bool
		}{{"", false, false}, {"-playoutpatterns", false, true}, {"-plain", true, false}} {
			plain := v.plain
			name := "size=" + strconv.Itoa(n) + v.suffix
			b.Run(name, func(b *testing.B) {
				g, _ := analysis.NewGeometry(n, n)
				start := analysis.NewBoard(g, analysis.Black)
				const iterations = 20000
				opts := Options{Iterations: iterations, Plain: plain, MaxNodes: 1 << 20}
				if v.patterns {
					opts.PlayoutPatterns = patterns.Playout()
				}
				bot := New(opts)
				t0 := time.Now()
				for b.Loop() {
					if _, err := bot.ChooseCell(context.Background(), start, -1); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N*iterations)/time.Since(t0).Seconds(), "playouts/s")
			})
		}
	}
}
