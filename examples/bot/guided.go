package bot

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// This file holds the guided search's options and its bot; the search
// itself is in guided_search.go.

// Guide configures the guided search (NewGuided, and New's "guided"):
// AlphaZero's MCTS, whose selection follows an evaluator's priors and
// whose leaves take the evaluator's values instead of a rollout's. The
// zero value is AlphaZero's search for play: its PUCT constants, no
// noise, the most visited move, one leaf an evaluation.
type Guide struct {
	// PUCT is c_init in AlphaZero's exploration weight,
	// C(N) = log((1 + N + PUCTBase) / PUCTBase) + PUCT, of the selection
	// score Q + C(N)·P·sqrt(N)/(1 + n), for a child of prior P, n visits
	// and mean value Q under a node of N visits. The default is 1.25,
	// AlphaZero's, for an evaluator with priors of its own, and
	// RolloutPUCT with the Rollouts evaluator, whose uniform prior would
	// otherwise explore too little for its noisy values.
	PUCT float64
	// PUCTBase is c_base (default 19652); the weight grows with the
	// visits once they are of its order.
	PUCTBase float64
	// FirstPlay is Q for a child not yet visited (default 0, AlphaZero's:
	// the value of a draw, with returns in [-1, 1]).
	FirstPlay float64
	// NoiseFraction is the weight ε of the Dirichlet noise mixed into
	// the root's priors, P ← (1-ε)·P + ε·η with η ~ Dir(NoiseAlpha), as
	// AlphaZero's self-play does (0.25 there; default 0: no noise).
	NoiseFraction float64
	// NoiseAlpha is the concentration of the noise (AlphaZero: 0.3 in
	// chess, 0.03 in Go); 0 takes 10 divided by the root's number of
	// moves.
	NoiseAlpha float64
	// Temperature τ > 0 makes Choose draw its move with probability
	// proportional to visits^(1/τ) (self-play's exploration, AlphaZero's
	// τ = 1), instead of taking the most visited; TemperaturePlies, when
	// above 0, limits it to positions before that ply (Position.Ply).
	Temperature      float64
	TemperaturePlies int
	// Batch is the most leaves handed to the evaluator in one call
	// (default 1). Above 1, the search selects Batch paths before it
	// evaluates, each leaving a virtual loss on its nodes so that the
	// next takes another path (a path that meets a leaf already chosen
	// is dropped); each evaluated leaf counts as one of Iterations.
	Batch int
	// Network, when set, evaluates the leaves of the bots New and
	// ForDynamic make (WithNetwork). Unset, they use NewRollouts.
	Network Network
}

// RolloutPUCT is the default PUCT constant of a guided search whose
// evaluator is Rollouts. With a uniform prior over k moves, AlphaZero's
// 1.25 weighs exploration about k/4 times less than UCT's constant 1
// does over the visits of a search: on hex(size=4) after b2, with 10,000
// iterations, it found the one winning reply in 63 of 100 seeds where
// UCT found it in 97; with 4, in 97 (TestGuidedWithRolloutsChoosesAsUCTDoes
// holds the two to the same choices).
const RolloutPUCT = 4.0

func (g Guide) withDefaults(rollouts bool) Guide {
	if g.PUCT <= 0 {
		g.PUCT = 1.25
		if rollouts {
			g.PUCT = RolloutPUCT
		}
	}
	if g.PUCTBase <= 0 {
		g.PUCTBase = 19652
	}
	g.Batch = max(g.Batch, 1)
	return g
}

// Guided is a Monte Carlo tree search guided by an Evaluator: PUCT
// selection over the evaluator's priors, the evaluator's values backed
// up from each new leaf (AlphaZero's search). It plays every game of the
// contract: any number of seats (each node keeps the returns of the seat
// that chose it), chance nodes (outcomes drawn by their probabilities,
// their nodes expanded without the evaluator) and the node budget of
// Options.MaxNodes (a full tree stops growing; its leaves are still
// evaluated and backed up).
//
// Of Options, it uses Iterations (evaluations a search: leaves
// evaluated and finished games reached), Seed (the noise and the
// temperature's draws; the evaluator has its own), MaxNodes and Guide;
// it searches on one goroutine (batches are its parallelism), builds a
// new tree for every search, and ignores the rest. A search stopped by
// Iterations is reproducible for a seed and a deterministic evaluator.
// It is not safe for concurrent use.
type Guided[P rules.Position[P, M], M rules.Move] struct {
	opts  Options
	guide Guide
	eval  Evaluator[P, M]
	rng   *rand.Rand
	search[P, M]
	// searched says whether the last Choose searched; root is the
	// position it searched, for the action indices of its visits.
	searched bool
	root     P
	rootKit  rules.KitMethods[P, M]
}

// NewGuided returns a guided search with the options (opts.Guide among
// them) and eval; a nil eval is NewRollouts(opts).
func NewGuided[P rules.Position[P, M], M rules.Move](opts Options, eval Evaluator[P, M]) *Guided[P, M] {
	opts = opts.withDefaults()
	if opts.MaxNodes <= 0 {
		opts.MaxNodes = DefaultTreeBytes / guidedNodeBytes[M]()
	}
	if eval == nil {
		eval = NewRollouts[P, M](opts)
	}
	_, rollouts := eval.(*Rollouts[P, M])
	g := &Guided[P, M]{opts: opts, guide: opts.Guide.withDefaults(rollouts), eval: eval}
	g.rng = rand.New(rand.NewPCG(opts.Seed, 0x9a1de))
	g.search.init(&g.guide, g.rng, opts.MaxNodes)
	if k, ok := rules.KitOf[P, M](&g.root); ok {
		g.rootKit = k
	}
	return g
}

// Choose searches from p and returns the most visited move, or with a
// temperature one drawn by its visits. At a chance node it draws an
// outcome by its probability instead. It refuses a position that is no
// game (rules.ErrNoGame), a finished game (ErrGameOver), a seat with no
// legal move (ErrNoMoves), and returns the evaluator's error, or one for
// an answer of the evaluator out of bounds (see Leaf).
func (g *Guided[P, M]) Choose(ctx context.Context, p P) (M, error) {
	var zero M
	g.searched = false
	if !p.IsValid() {
		return zero, noGame(p)
	}
	switch p.ToMove() {
	case rules.Terminal:
		return zero, ErrGameOver
	case rules.Chance:
		m, _ := g.sampler.Move(p)
		return m, nil
	}
	if err := g.run(ctx, p, g.eval, g.opts.Iterations); err != nil {
		return zero, err
	}
	kids := g.kids(0)
	if len(kids) == 0 {
		return zero, ErrNoMoves
	}
	g.searched, g.root = true, p
	return kids[g.pickMove(p)].move, nil
}

// pickMove returns the index among the root's children of the move
// Choose plays: the most visited (the first of them), or with a
// temperature one drawn with probability visits^(1/τ).
func (g *Guided[P, M]) pickMove(p P) int {
	kids := g.kids(0)
	t := g.guide.Temperature
	if t > 0 && (g.guide.TemperaturePlies <= 0 || p.Ply() < g.guide.TemperaturePlies) {
		most := 0.0
		for _, k := range kids {
			most = max(most, float64(k.visits))
		}
		// Weights relative to the most visited, so that a low
		// temperature does not overflow.
		sum := 0.0
		for _, k := range kids {
			sum += math.Pow(float64(k.visits)/most, 1/t)
		}
		x := g.rng.Float64() * sum
		for i, k := range kids {
			if x -= math.Pow(float64(k.visits)/most, 1/t); x < 0 {
				return i
			}
		}
	}
	best := 0
	for i, k := range kids {
		if k.visits > kids[best].visits {
			best = i
		}
	}
	return best
}

// AppendRootVisits appends the root's moves of the last search with
// their visits, as MCTS.AppendRootVisits does: the moves in the order of
// AppendMoves; nothing when the last Choose did not search.
func (g *Guided[P, M]) AppendRootVisits(buf []Visit[M]) []Visit[M] {
	if !g.searched {
		return buf
	}
	for _, k := range g.kids(0) {
		buf = append(buf, Visit[M]{Move: k.move, Visits: int(k.visits)})
	}
	return buf
}

// appendActionVisits is AppendRootVisits by action index, for Searcher.
func (g *Guided[P, M]) appendActionVisits(buf []ActionVisit) []ActionVisit {
	if !g.searched || g.rootKit == nil {
		return buf
	}
	for _, k := range g.kids(0) {
		buf = append(buf, ActionVisit{Action: g.rootKit.ActionIndex(k.move), Visits: int(k.visits)})
	}
	return buf
}

// GuidedNodeBytes is the size in bytes of a node of the guided search's
// tree for moves of type M: 40 for every game of this module.
func guidedNodeBytes[M rules.Move]() int { return int(sizeofGuidedNode[M]()) }

// errEvaluator wraps an evaluator's error.
func errEvaluator(err error) error { return fmt.Errorf("bot: guided search: %w", err) }
