package bot

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

// A contender is a bot configuration in a self-play match. With
// iterations set it searches that many iterations a move, whatever the
// time.
type contender struct {
	name       string
	opts       Options
	tune       tuning
	iterations int
}

// matches are the self-play experiments behind the defaults (see the
// package doc): BOT_MATCH=name go test -run TestSelfPlay -v -timeout 0
// ./examples/bot plays one, BOT_GAMES games (default 200) at BOT_MOVETIME
// per move (default 50ms) on BOT_GAME (default hex(size=9)). Each side
// plays each seat in half the games. The first contender's score is
// printed with its Wilson 95% interval.
//
// The scores measured (a 2-core machine shared with other work, which
// slows both sides of a game alike; hex(size=9) at 50 ms a move unless
// said otherwise):
//
//	rave                RAVE vs plain UCT               136/200  0.680 [0.612, 0.741]  kept
//	reuse               tree kept vs discarded          107/200  0.535 [0.466, 0.603]  kept
//	tree-vs-root        2 workers, one tree vs a tree each  112/200  0.560 [0.491, 0.627]  (a busy machine)
//	                                                     92/200  0.460 [0.392, 0.529]  (a quieter one)
//	                                           together 204/400  0.510 [0.461, 0.559]  root kept
//	tree-vs-sequential  2 workers x 5000 it vs 1 x 10000  56/100  0.560 [0.462, 0.653]
//	root-vs-sequential  2 workers x 5000 it vs 1 x 10000  40/100  0.400 [0.309, 0.498]
//	explore0            RAVE, c = 0 vs 0.1               43/100  0.430 [0.337, 0.528]
//	explore3            RAVE, c = 0.3 vs 0.1             45/100  0.450 [0.356, 0.548]
//	bias                4b² = 0.02 vs 0.002              49/100  0.490 [0.394, 0.587]
//	fpu                 first-play urgency 0.5 vs 1      38/100  0.380 [0.291, 0.478]
//	expand4             expand after 4 visits vs 1       49/100  0.490 [0.394, 0.587]
//	prior               focus(plylimit=300): prior 5 vs none   54.5/100  0.545 [0.448, 0.639]
//	prior20             focus(plylimit=300): prior 20 vs none  119/200  0.595 [0.526, 0.661]  kept
//	prior20             explocus(plylimit=300): the same        54/100   0.540 [0.443, 0.634]
//	rave-domination     domination: RAVE vs plain UCT        48/100   0.480 [0.385, 0.577]
var matches = map[string][2]contender{
	"rave": {{name: "rave", opts: Options{RAVE: RAVEOn}, tune: defaultTuning},
		{name: "uct", opts: Options{RAVE: RAVEOff}, tune: defaultTuning}},
	// Games that evaluate: the prior against none, and RAVE.
	"reuse": {{name: "reuse", tune: defaultTuning},
		{name: "discard", opts: Options{DiscardTree: true}, tune: defaultTuning}},
	"workers": {{name: "workers=2", opts: Options{Workers: 2}, tune: defaultTuning},
		{name: "workers=1", tune: defaultTuning}},
	// Root parallelism against the ideal of tree parallelism at equal
	// iterations: two workers of 5,000 iterations each against one
	// worker of 10,000 (a tree-parallel search is at best a sequential
	// search of as many iterations).
	"root-vs-sequential": {{name: "root 2 workers x 5000", opts: Options{Workers: 2, Parallelism: RootParallel}, tune: defaultTuning, iterations: 10000},
		{name: "1 worker x 10000", tune: defaultTuning, iterations: 10000}},
	// The two parallelisms at equal time, two workers each; and tree
	// parallelism against its ideal, a sequential search of as many
	// iterations.
	"tree-vs-root": {{name: "tree x2", opts: Options{Workers: 2, Parallelism: TreeParallel}, tune: defaultTuning},
		{name: "root x2", opts: Options{Workers: 2, Parallelism: RootParallel}, tune: defaultTuning}},
	"tree-vs-sequential": {{name: "tree 2 workers x 5000", opts: Options{Workers: 2, Parallelism: TreeParallel}, tune: defaultTuning, iterations: 10000},
		{name: "1 worker x 10000", tune: defaultTuning, iterations: 10000}},
	"expand4": {{name: "expand after 4", tune: tuning{raveBias, fpu, raveExploration, 4, 0}},
		{name: "expand after 1", tune: defaultTuning}},
	"explore0": {{name: "rave c=0", tune: tuning{raveBias, fpu, 0.0001, expandAfter, 0}},
		{name: "rave c=0.1", tune: defaultTuning}},
	"explore3": {{name: "rave c=0.3", tune: tuning{raveBias, fpu, 0.3, expandAfter, 0}},
		{name: "rave c=0.1", tune: defaultTuning}},
	"bias": {{name: "bias 0.02", tune: tuning{0.02, fpu, raveExploration, expandAfter, 0}},
		{name: "bias 0.002", tune: defaultTuning}},
	"prior": {{name: "prior 5", tune: tuning{raveBias, fpu, raveExploration, expandAfter, 5}},
		{name: "uct", tune: noPrior}},
	"prior20": {{name: "prior 20", tune: tuning{raveBias, fpu, raveExploration, expandAfter, 20}},
		{name: "uct", tune: noPrior}},
	"rave-focus": {{name: "rave", opts: Options{RAVE: RAVEOn}, tune: noPrior},
		{name: "uct", tune: noPrior}},
	"rave-domination": {{name: "rave", opts: Options{RAVE: RAVEOn}, tune: defaultTuning},
		{name: "uct", opts: Options{RAVE: RAVEOff}, tune: defaultTuning}},
	"fpu": {{name: "fpu 0.5", tune: tuning{raveBias, 0.5, raveExploration, expandAfter, 0}},
		{name: "fpu 1", tune: defaultTuning}},
}

// noPrior is the default tuning without the prior.
var noPrior = tuning{raveBias, fpu, raveExploration, expandAfter, 0}

func TestSelfPlay(t *testing.T) {
	name := os.Getenv("BOT_MATCH")
	if name == "" {
		t.Skip("set BOT_MATCH to one of the self-play matches")
	}
	m, ok := matches[name]
	if !ok {
		t.Fatalf("no match %q", name)
	}
	games := envInt("BOT_GAMES", 200)
	moveTime := 50 * time.Millisecond
	if s := os.Getenv("BOT_MOVETIME"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		moveTime = d
	}
	spec := os.Getenv("BOT_GAME")
	if spec == "" {
		spec = "hex(size=9)"
	}
	d, err := rules.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	var score float64
	switch start := d.Typed().(type) {
	case hex.Position:
		score = match(t, start, m, games, moveTime)
	case focus.Position:
		score = match(t, start, m, games, moveTime)
	case focus.NowakPosition:
		score = match(t, start, m, games, moveTime)
	case domination.Position:
		score = match(t, start, m, games, moveTime)
	case explocus.Position:
		score = match(t, start, m, games, moveTime)
	case explocus.HexPosition:
		score = match(t, start, m, games, moveTime)
	default:
		t.Fatalf("no self-play for %s", spec)
	}
	lo, hi := wilson(score, games)
	fmt.Printf("%s: %s vs %s on %s at %v/move: %.1f/%d = %.3f, Wilson 95%% [%.3f, %.3f]\n",
		name, m[0].name, m[1].name, spec, moveTime, score, games, score/float64(games), lo, hi)
}

func match[P rules.Position[P, M], M rules.Move](t *testing.T, start P, m [2]contender, games int, moveTime time.Duration) float64 {
	score := 0.0
	for g := range games {
		var bots [2]*MCTS[P, M]
		for k, c := range m {
			opts := c.opts
			opts.Seed = uint64(g*2 + k + 1)
			opts.Iterations = 1 << 30
			if c.iterations > 0 {
				opts.Iterations = c.iterations
			}
			bots[k] = NewMCTS[P, M](opts)
			bots[k].tune = c.tune
		}
		first := g % 2 // contender 0 plays seat first
		// Chance draws from the game pair's seed: both colourings of a
		// pair get the same draws as far as their moves allow.
		chance := rules.Sampler[P, M]{Rand: rand.New(rand.NewPCG(uint64(g/2), 0xd1ce))}
		p := start
		for p.ToMove() != rules.Terminal {
			if p.ToMove() == rules.Chance {
				mv, _ := chance.Move(p)
				p = p.PlayUnchecked(mv)
				continue
			}
			k := int(p.ToMove()) ^ first
			ctx, cancel := context.WithTimeout(context.Background(), moveTime)
			if m[k].iterations > 0 {
				ctx, cancel = context.WithCancel(context.Background())
			}
			mv, err := bots[k].Choose(ctx, p)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			p = p.PlayUnchecked(mv)
		}
		score += p.Outcome().Score(rules.Player(first))
		if g%20 == 19 {
			fmt.Printf("  %d games: %.1f\n", g+1, score)
		}
	}
	return score
}

// wilson returns the Wilson score interval at 95% for score out of n.
func wilson(score float64, n int) (lo, hi float64) {
	const z = 1.959964
	p, nf := score/float64(n), float64(n)
	c := (p + z*z/(2*nf)) / (1 + z*z/nf)
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / (1 + z*z/nf)
	return c - h, c + h
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}
