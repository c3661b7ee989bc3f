//go:build !race

package python_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

func init() {
	// The typed searches, as the library registers them (python/capi):
	// NewDynamic's search through rules.Dynamic alone orders moves by
	// its own numbers and may break ties otherwise.
	bot.Register[hex.Position, hex.Move]()
	bot.Register[focus.Position, focus.Move]()
	bot.Register[focus.NowakPosition, focus.Move]()
	bot.Register[domination.Position, domination.Move]()
	bot.Register[explocus.Position, explocus.Move]()
	bot.Register[explocus.HexPosition, explocus.Move]()
}

// countNet is the network both sides of the search fixtures compute, in
// exact arithmetic so that Go and numpy agree to the bit: with s the
// number of non-zero values of a leaf's observation, action a weighs
// 1 + (7a + s) mod 11 and the mover's value is
// ((37s + 11·mover) mod 201 − 100) / 100.
type countNet struct{}

func (countNet) EvaluateBatch(b *bot.Batch) error {
	size := b.Planes * b.Rows * b.Cols
	for i := range b.Size {
		s := 0
		for _, x := range b.Observations[i*size : (i+1)*size] {
			if x != 0 {
				s++
			}
		}
		for a := range b.NumActions {
			b.Policy[i*b.NumActions+a] = float32(1 + (a*7+s)%11)
		}
		b.Values[i] = float32(float64((s*37+b.Movers[i]*11)%201-100) / 100)
	}
	return nil
}

// searchFixture is a guided search Go ran with countNet, for the Python
// tests to run again through tabletop_rules.Search.
type searchFixture struct {
	Spec             string  `json:"spec"`
	Text             string  `json:"text"`
	Simulations      int     `json:"simulations"`
	Batch            int     `json:"batch"`
	Seed             uint64  `json:"seed"`
	Noise            float64 `json:"noise"`
	Temperature      float64 `json:"temperature"`
	TemperaturePlies int     `json:"temperature_plies"`
	Move             string  `json:"move"`
	Visits           []int   `json:"visits"` // by action index
}

// writeSearches writes guided searches of positions of random games of
// several games (two and four seats, chance), with and without batches,
// noise and temperature.
func writeSearches(t *testing.T, path string) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	r := rand.New(rand.NewPCG(32, 1))
	for i, spec := range []string{"hex(size=5)", "hex(size=7,swap=none)", "focus(plylimit=40)",
		"focus(players=4,plylimit=30)", "domination", "explocus(rows=5,cols=5,plylimit=30)", "hexplocus(size=3)"} {
		d, err := rules.Open(spec)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 4+i || d.Node() != rules.DecisionNode; ply++ {
			if d.Node() == rules.TerminalNode {
				t.Fatalf("%s ended before the fixture's position", spec)
			}
			if d, err = d.Play(d.RandomMove(r)); err != nil {
				t.Fatal(err)
			}
		}
		for k, c := range []searchFixture{
			{Simulations: 50, Batch: 1},
			{Simulations: 120, Batch: 8, Seed: 5},
			{Simulations: 80, Batch: 3, Seed: 9, Noise: 0.25, Temperature: 1, TemperaturePlies: 1000},
		} {
			c.Spec, c.Text = d.Spec(), d.String()
			c.Seed += uint64(k)
			player, err := bot.ForDynamic("guided", d, bot.Options{Iterations: c.Simulations, Seed: c.Seed, Guide: bot.Guide{
				Batch: c.Batch, NoiseFraction: c.Noise, Temperature: c.Temperature, TemperaturePlies: c.TemperaturePlies, Network: countNet{}}})
			if err != nil {
				t.Fatal(err)
			}
			if c.Move, err = player.Choose(context.Background(), d); err != nil {
				t.Fatal(err)
			}
			c.Visits = make([]int, d.NumActions())
			for _, v := range player.(bot.Searcher).AppendRootVisits(nil) {
				c.Visits[v.Action] = v.Visits
			}
			if err := enc.Encode(c); err != nil {
				t.Fatal(err)
			}
		}
	}
}
