package cli

import (
	"flag"
	"fmt"

	"github.com/tabletop-go/rules/hex/hexbot"
)

// weights holds htp's flags for the Hex bot's selection weights, which
// are there for tuning the bot against other engines.
type weights struct {
	exploration, raveVisits, patternBias *float64
}

// addWeights adds the flags, each with the bot's default.
func addWeights(fs *flag.FlagSet) weights {
	return weights{
		exploration: fs.Float64("exploration", hexbot.DefaultExploration,
			"the Hex bot's UCT exploration weight (0: no exploration term)"),
		raveVisits: fs.Float64("ravevisits", hexbot.DefaultRaveVisits,
			"the Hex bot's own visits of a move at which its RAVE estimate has about half the weight (0: no RAVE)"),
		patternBias: fs.Float64("patternbias", hexbot.DefaultPatternBias,
			"the Hex bot's weight of the learned move priors in selection (more than 0; -nopatterns leaves them out)"),
	}
}

// check names the first weight with a bad value: the exploration and
// RAVE weights are from 0 to hexbot.MaxSelectionWeight, the pattern bias
// more than 0 and at most that.
func (w weights) check() error {
	const most = hexbot.MaxSelectionWeight
	for _, f := range []struct {
		name string
		x    float64
	}{{"exploration", *w.exploration}, {"ravevisits", *w.raveVisits}} {
		if !(f.x >= 0 && f.x <= most) {
			return fmt.Errorf("-%s must be from 0 to %g, not %v", f.name, most, f.x)
		}
	}
	if x := *w.patternBias; !(x > 0 && x <= most) {
		return fmt.Errorf("-patternbias must be more than 0 and at most %g, not %v (-nopatterns plays without the priors)", most, x)
	}
	return nil
}

// set puts the weights in opts, where 0 stands for the default and a
// negative value turns a term off.
func (w weights) set(opts *hexbot.Options) {
	off := func(x float64) float64 {
		if x == 0 {
			return -1
		}
		return x
	}
	opts.Exploration = off(*w.exploration)
	opts.RaveVisits = off(*w.raveVisits)
	opts.PatternBias = *w.patternBias
}
