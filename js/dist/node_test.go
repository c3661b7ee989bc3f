package dist

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
)

// need skips the test outside CI, and fails it under CI, which installs
// Node.
func need(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("CI runs the JavaScript tests: "+format, args...)
	}
	t.Skipf(format, args...)
}

// ply is one position of a game Go played, as the Node tests replay it.
type ply struct {
	Text         string   `json:"text"`
	ToMove       int      `json:"toMove"`
	Ply          int      `json:"ply"`
	Hash         string   `json:"hash"`
	Moves        []string `json:"moves"`
	LegalActions []int    `json:"legalActions"`
	// Observation is the sum of i·obs[i] over the mover's observation
	// (none at a chance or terminal node), in float64: the same in both.
	Observation float64 `json:"observation"`
	Played      string  `json:"played"` // the move played from here, "" at the end
}

// game is a random game of a variant, ply by ply, and how it ended.
type game struct {
	Spec    string    `json:"spec"`
	Plies   []ply     `json:"plies"`
	Result  string    `json:"result"`
	Reason  string    `json:"reason"`
	Returns []float64 `json:"returns"`
}

// playout is the end of a random playout Go played from a variant's
// start with a seeded generator (Dynamic.Playout).
type playout struct {
	Spec     string `json:"spec"`
	Seed     uint64 `json:"seed"`
	MaxPlies int    `json:"maxPlies"`
	End      string `json:"end"`
	// Result and Returns are the outcome Dynamic.Rollout finds with the
	// same seed and bound.
	Result  string    `json:"result"`
	Returns []float64 `json:"returns"`
}

// playouts plays seeded random playouts of every registered variant,
// whole and cut.
func playouts(t *testing.T) []playout {
	var out []playout
	for _, name := range rules.Games() {
		g, err := rules.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range g.Variants {
			d, err := rules.Open(v.Spec)
			if err != nil {
				t.Fatal(err)
			}
			for _, maxPlies := range []int{-1, 5} {
				p := playout{Spec: v.Spec, Seed: uint64(i*7 + 3), MaxPlies: maxPlies}
				if maxPlies < 0 && (name == "focus" || name == "explocus" || name == "hexplocus") {
					p.MaxPlies = 300 // their random games rarely end
				}
				end, _ := d.Playout(rand.New(rand.NewPCG(p.Seed, 0)), p.MaxPlies)
				p.End = end.String()
				o := d.Rollout(rand.New(rand.NewPCG(p.Seed, 0)), p.MaxPlies)
				ret := o.Returns()
				p.Result, p.Returns = o.Result(), ret[:d.Seats()]
				out = append(out, p)
			}
		}
	}
	return out
}

// randomGames plays seeded random games of every variant of every
// registered game, up to maxPlies plies each.
func randomGames(t *testing.T, perVariant, maxPlies int) []game {
	var games []game
	r := rand.New(rand.NewPCG(7, 11))
	for _, name := range rules.Games() {
		g, err := rules.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range g.Variants {
			for range perVariant {
				games = append(games, randomGame(t, v.Spec, r, maxPlies))
			}
		}
	}
	return games
}

func randomGame(t *testing.T, spec string, r *rand.Rand, maxPlies int) game {
	d, err := rules.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	gm := game{Spec: spec}
	for {
		p := ply{Text: d.String(), ToMove: int(d.ToMove()), Ply: d.Ply(), Moves: d.Moves(), LegalActions: d.LegalActions()}
		p.Hash = fmt.Sprintf("%016x", d.Hash())
		if d.ToMove().IsSeat() {
			for i, v := range d.Observation(d.ToMove()) {
				p.Observation += float64(i) * float64(v)
			}
		}
		if len(gm.Plies) < maxPlies {
			p.Played = d.RandomMove(r)
		}
		gm.Plies = append(gm.Plies, p)
		if p.Played == "" {
			break
		}
		if d, err = d.Play(p.Played); err != nil {
			t.Fatal(err)
		}
	}
	o := d.Outcome()
	gm.Result = o.Result()
	if o.Over() {
		gm.Reason = o.Reason.String()
	}
	ret := o.Returns()
	gm.Returns = ret[:d.Seats()]
	return gm
}

// TestNode runs the JavaScript package's tests (js/test, node --test)
// on the built js/dist, with random games Go played of every registered
// variant for them to replay.
func TestNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		need(t, "node is not installed (Debian's nodejs): %v", err)
	}
	plies := 60
	if testing.Short() {
		plies = 20
	}
	fixture := filepath.Join(t.TempDir(), "games.json")
	data, err := json.Marshal(map[string]any{"games": randomGames(t, 2, plies), "playouts": playouts(t)})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fixture, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tests, err := filepath.Glob(filepath.Join(root, "js", "test", "*.test.js"))
	if err != nil || len(tests) == 0 {
		t.Fatalf("no tests in js/test: %v", err)
	}
	cmd := exec.Command(node, append([]string{"--expose-gc", "--test", "--test-reporter=spec"}, tests...)...)
	cmd.Env = append(os.Environ(), "TABLETOP_RULES_GAMES="+fixture)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
