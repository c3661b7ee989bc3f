package dist

import (
	"encoding/json"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
)

// BenchmarkNode runs js/bench.mjs (random Focus playouts in Node, move by
// move through the JavaScript API and whole games in the module; the
// module's load time) beside the same loops in native Go in the same run:
// rules.Dynamic's RandomMove and Play, a new position each ply;
// Dynamic.Playout; Dynamic.Rollout (games/s).
func BenchmarkNode(b *testing.B) {
	node, err := exec.LookPath("node")
	if err != nil {
		b.Skip("node is not installed")
	}
	const spec = "focus(plylimit=200)"
	b.Run("go/move-by-move", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		start, err := rules.Open(spec)
		if err != nil {
			b.Fatal(err)
		}
		plies := 0
		t0 := time.Now()
		for b.Loop() {
			d := start
			for {
				m := d.RandomMove(r)
				if m == "" {
					break
				}
				if d, err = d.Play(m); err != nil {
					b.Fatal(err)
				}
				plies++
			}
		}
		b.ReportMetric(float64(plies)/time.Since(t0).Seconds(), "plies/s")
	})
	b.Run("go/playout", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		start, err := rules.Open(spec)
		if err != nil {
			b.Fatal(err)
		}
		plies := 0
		t0 := time.Now()
		for b.Loop() {
			_, n := start.Playout(r, -1)
			plies += n
		}
		b.ReportMetric(float64(plies)/time.Since(t0).Seconds(), "plies/s")
	})
	b.Run("go/rollout", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		start, err := rules.Open(spec)
		if err != nil {
			b.Fatal(err)
		}
		games := 0
		t0 := time.Now()
		for b.Loop() {
			start.Rollout(r, -1)
			games++
		}
		b.ReportMetric(float64(games)/time.Since(t0).Seconds(), "games/s")
	})
	b.Run("node", func(b *testing.B) {
		var last struct {
			LoadMs     float64 `json:"loadMs"`
			MoveByMove float64 `json:"moveByMove"`
			Playout    float64 `json:"playout"`
			Rollout    float64 `json:"rolloutGames"`
		}
		for b.Loop() {
			out, err := exec.Command(node, filepath.Join(root, "js", "bench.mjs"), "2").Output()
			if err != nil {
				b.Fatal(err)
			}
			if err := json.Unmarshal(out, &last); err != nil {
				b.Fatalf("%v: %s", err, out)
			}
		}
		b.ReportMetric(last.MoveByMove, "move-by-move-plies/s")
		b.ReportMetric(last.Playout, "playout-plies/s")
		b.ReportMetric(last.Rollout, "rollout-games/s")
		b.ReportMetric(last.LoadMs, "load-ms")
	})
}
