// Command hexpatterns trains the move-prediction model of package
// hex/patterns from Hex game records and reports its accuracy on games
// it did not train on:
//
//	go run ./examples/hexpatterns [-games FILE] [-out FILE] [-holdout N] [-mincount N] [-sweeps N] [-small | -paths]
//
// It reads the games of FILE (any format package hex/sgf reads; by
// default ../shared/hexgames/littlegolem_zerohex.hsgf, the Little Golem
// games beside the repository), replays them, and splits them by game:
// every Nth game in the file's order (-holdout, default 10; the 10th,
// 20th, ...) is held out for measuring, the others are trained on. It
// prints the accuracy on the held-out games, by board size, as top-1 to
// top-10 rates, and writes the model (package patterns' file format) to
// -out (default hex/patterns/weights.bin, the model the package embeds),
// its description holding the same figures. -paths learns the path
// classes too (patterns.TrainOptions.Paths): a better predictor, but not
// a better prior for the Hex bot (see the package doc of hex/patterns).
// -small learns the small patterns alone (patterns.TrainOptions.Small):
// the playout model,
// hex/patterns/playout.bin, is made by
//
//	go run ./examples/hexpatterns -small -out hex/patterns/playout.bin
//
// The run is deterministic:
// the same file and flags give the same bytes.
//
// Games that cannot be read or replayed are counted and skipped, as are
// games without a move; the swap is replayed but not learned from.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/patterns"
	"github.com/tabletop-go/rules/hex/sgf"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hexpatterns", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.String("games", "../shared/hexgames/littlegolem_zerohex.hsgf", "the game records to learn from")
	out := fs.String("out", "hex/patterns/weights.bin", "where to write the model")
	holdout := fs.Int("holdout", 10, "hold out every Nth game for measuring (at least 2)")
	minCount := fs.Int("mincount", 5, "times a pattern must be played to be learned")
	sweeps := fs.Int("sweeps", 30, "minorization-maximization sweeps")
	small := fs.Bool("small", false, "learn the small patterns alone (a playout policy's model)")
	paths := fs.Bool("paths", false, "learn the path classes too (not with -small)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *holdout < 2 || *minCount < 1 || *sweeps < 1 || *small && *paths {
		fmt.Fprintln(stderr, "hexpatterns: want no arguments, -holdout of 2 or more, -mincount and -sweeps of 1 or more, and not both -small and -paths")
		return 2
	}
	f, err := os.Open(*games)
	if err != nil {
		fmt.Fprintf(stderr, "hexpatterns: %v\n", err)
		return 1
	}
	defer f.Close()
	began := time.Now()
	var train []patterns.Game
	test := map[int][]patterns.Game{} // by board size
	skipped, empty, n := 0, 0, 0
	_, records := sgf.ReadGames(f, sgf.FormatAuto)
	for rec, err := range records {
		if err != nil {
			skipped++
			continue
		}
		spec, _ := rec.Tag("Game")
		cfg, err := hex.ParseSpec(spec)
		if err != nil {
			skipped++
			continue
		}
		g := patterns.Game{Start: cfg.Start()}
		p := g.Start
		for _, s := range rec.Moves {
			m, err := p.ParseMove(s)
			if err == nil {
				p, err = p.Play(m)
			}
			if err != nil {
				break
			}
			g.Moves = append(g.Moves, m)
		}
		if len(g.Moves) < len(rec.Moves) {
			skipped++
			continue
		}
		if len(g.Moves) == 0 {
			empty++
			continue
		}
		n++
		if n%*holdout == 0 {
			cols, _ := g.Start.Size()
			test[cols] = append(test[cols], g)
		} else {
			train = append(train, g)
		}
	}
	fmt.Fprintf(stdout, "read %d games (%d without moves and %d unreadable skipped): %d to train on, %d held out\n",
		n, empty, skipped, len(train), n-len(train))
	model, err := patterns.Train(train, patterns.TrainOptions{MinCount: *minCount, Sweeps: *sweeps, Small: *small, Paths: *paths,
		Progress: func(sweep int, ll float64) { fmt.Fprintf(stderr, "sweep %d: mean log-likelihood %.4f\n", sweep+1, ll) }})
	if err != nil {
		fmt.Fprintf(stderr, "hexpatterns: %v\n", err)
		return 1
	}
	var about strings.Builder
	kind, withPaths := "", ""
	if *small {
		kind = " small"
	}
	if model.HasPaths() {
		withPaths = ", with path classes"
	}
	fmt.Fprintf(&about, "Trained by examples/hexpatterns on %s: %d games, every %dth held out; %d%s patterns%s (-mincount %d, -sweeps %d).\n",
		baseName(*games), n, *holdout, model.Len(), kind, withPaths, *minCount, *sweeps)
	sizes := make([]int, 0, len(test))
	for size := range test {
		sizes = append(sizes, size)
	}
	sort.Ints(sizes)
	for _, size := range sizes {
		a, err := model.Measure(test[size])
		if err != nil {
			fmt.Fprintf(stderr, "hexpatterns: %v\n", err)
			return 1
		}
		fmt.Fprintf(&about, "Held out, %d×%d: %d games, %d moves: top-1 %.1f%%, top-5 %.1f%%, top-10 %.1f%%, mean log-likelihood %.3f.\n",
			size, size, len(test[size]), a.Positions, 100*a.Rate(1), 100*a.Rate(5), 100*a.Rate(10), a.LogLikelihood)
	}
	model = model.WithAbout(about.String())
	fmt.Fprint(stdout, about.String())
	data, err := model.MarshalBinary()
	if err == nil {
		err = os.WriteFile(*out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "hexpatterns: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes) in %.0fs\n", *out, len(data), time.Since(began).Seconds())
	return 0
}

// baseName is the file name of a path, without its folders.
func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}
