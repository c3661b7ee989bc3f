package bot

import (
	"context"
	"errors"
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
	// RolloutPUCT when Choose evaluates with Rollouts, whose uniform
	// prior would otherwise explore too little for its noisy values (a
	// search driven through Guided.Begin takes 1.25 whatever the
	// evaluator).
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
// temperature's draws; the evaluator has its own), MaxNodes,
// DiscardTree and Guide; it searches on one goroutine (batches are its
// parallelism) and ignores the rest. As AlphaZero does, a search whose
// position the last search's tree holds within a few plies (the moves
// played since) keeps that subtree, its visits and values, adds
// Iterations to them and draws the root's noise anew; DiscardTree starts
// every search from an empty tree. A search stopped by Iterations is
// reproducible for a seed, a deterministic evaluator and the same
// sequence of searches. It is not safe for concurrent use.
type Guided[P rules.Position[P, M], M rules.Move] struct {
	opts Options
	// guide is the Guide of Choose, whose evaluator is eval; stepGuide
	// that of a search driven through Begin, whose answers come from
	// outside (PUCT defaults to AlphaZero's 1.25 there whatever eval).
	guide, stepGuide Guide
	eval             Evaluator[P, M]
	rng              *rand.Rand
	search[P, M]
	// searched says whether the last Choose searched; root is the
	// position it searched, for the action indices of its visits.
	searched bool
	root     P
	rootKit  rules.KitMethods[P, M]
	// stepping says a search begun by Begin is under way; chance, that
	// its root is a chance node.
	stepping, chance bool
	// evaluating says Choose is in its evaluator, which must not start
	// another search of g: that would take over the tree of Choose's.
	evaluating bool
}

// errReentrant refuses a search started by Choose's own evaluator.
var errReentrant = errors.New("bot: the guided search was started again by its own evaluator")

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
	g := &Guided[P, M]{opts: opts, guide: opts.Guide.withDefaults(rollouts), stepGuide: opts.Guide.withDefaults(false), eval: eval}
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
	if g.evaluating {
		return zero, errReentrant
	}
	g.searched, g.stepping = false, false
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
	g.search.guide = &g.guide
	if err := g.runEvaluating(ctx, p); err != nil {
		return zero, err
	}
	kids := g.kids(0)
	if len(kids) == 0 {
		return zero, ErrNoMoves
	}
	g.searched, g.root = true, p
	return kids[g.pickMove(p)].move, nil
}

// runEvaluating runs Choose's search, marked as under way until it
// returns or its evaluator panics; after a panic the tree is dropped, as
// after an evaluator's error, so that no later search keeps it.
func (g *Guided[P, M]) runEvaluating(ctx context.Context, p P) error {
	g.evaluating = true
	returned := false
	defer func() {
		g.evaluating = false
		if !returned {
			g.abandon()
		}
	}()
	err := g.run(ctx, p, g.eval, g.opts.Iterations, !g.opts.DiscardTree)
	returned = true
	return err
}

// Begin starts a search from p that its caller drives, for an evaluator
// the search cannot call (a network in another language or process, or
// one that batches the leaves of many searches):
//
//	if err := g.Begin(p); err != nil { ... }
//	for leaves := g.Leaves(); len(leaves) > 0; leaves = g.Leaves() {
//		// fill each leaf's Prior and Values, as an Evaluator does
//		if err := g.Feed(); err != nil { ... }
//	}
//	m, err := g.Result()
//
// It is the search Choose runs, step by step: the same batches, the
// same tree, the same move for the same answers; like Choose, it keeps
// the subtree of the last search's tree that p's node roots (unless
// Options.DiscardTree), and then the root needs no evaluation. Begin
// refuses what Choose refuses; at a chance node there is nothing to
// evaluate and Result draws the outcome. A new Begin or Choose ends a
// search under way; a batch handed out and not fed is dropped.
func (g *Guided[P, M]) Begin(p P) error {
	if g.evaluating {
		return errReentrant
	}
	g.searched, g.stepping, g.chance = false, false, false
	g.cancelBatch() // a batch handed out and not fed
	if !p.IsValid() {
		return noGame(p)
	}
	switch p.ToMove() {
	case rules.Terminal:
		return ErrGameOver
	case rules.Chance:
		g.stepping, g.chance, g.root = true, true, p
		return nil
	}
	g.search.guide = &g.stepGuide
	g.begin(p, g.opts.Iterations, !g.opts.DiscardTree)
	g.stepping, g.root = true, p
	return nil
}

// Leaves returns the leaves the search begun by Begin wants evaluated
// next, at most Guide.Batch of them; none when the search is done (its
// Iterations run). Until Feed, it returns the same leaves. The slice
// and the leaves' Moves and Prior belong to the search: fill Prior in
// place and Values, and change nothing else.
func (g *Guided[P, M]) Leaves() []Leaf[P, M] {
	if !g.stepping || g.chance || !g.next() {
		return nil
	}
	return g.leaves
}

// ErrNoLeaves is returned by Feed when no leaves await evaluation: no
// search was begun, it is done, or Leaves was not called since the last
// Feed.
var ErrNoLeaves = errors.New("bot: no leaves await evaluation (call Begin, then Leaves)")

// Feed backs up the answers filled into the leaves Leaves returned.
// An answer out of bounds (see Leaf) ends the search with the error.
func (g *Guided[P, M]) Feed() error {
	if !g.stepping || len(g.waiting) == 0 {
		return ErrNoLeaves
	}
	if err := g.complete(); err != nil {
		g.stepping = false
		return err
	}
	return nil
}

// fail ends the search under way after an error in its evaluation.
func (g *Guided[P, M]) fail() {
	g.abandon()
	g.stepping = false
}

// ErrNoSearch is returned by Result when there is no search to end: none
// was begun, it ended in an error, Result ended it already, or its root
// has not been evaluated yet.
var ErrNoSearch = errors.New("bot: no search to end (Begin one, and Feed its root's evaluation)")

// Result ends the search begun by Begin and returns its move: the most
// visited, or with a temperature one drawn by its visits; at a chance
// node an outcome drawn by its probability. It may end a search early
// (as a deadline does Choose's), once the root has been evaluated; ended
// before any move has a visit, it returns the move of highest prior (the
// root's, with its noise when Guide.NoiseFraction is set; the first of
// equals). AppendRootVisits then gives the root's visits (all 0 in that
// case).
func (g *Guided[P, M]) Result() (M, error) {
	var zero M
	if !g.stepping {
		return zero, ErrNoSearch
	}
	if g.chance {
		g.stepping = false
		m, _ := g.sampler.Move(g.root)
		return m, nil
	}
	if !g.started {
		return zero, ErrNoSearch
	}
	g.stepping = false
	g.cancelBatch()
	if len(g.kids(0)) == 0 {
		return zero, ErrNoMoves
	}
	g.searched = true
	return g.kids(0)[g.pickMove(g.root)].move, nil
}

// pickMove returns the index among the root's children of the move
// Choose plays: the most visited (the first of them), or with a
// temperature one drawn with probability visits^(1/τ); when no move has
// a visit yet, the one of highest prior (the first of them).
func (g *Guided[P, M]) pickMove(p P) int {
	kids := g.kids(0)
	most := 0.0
	for _, k := range kids {
		most = max(most, float64(k.visits))
	}
	if most == 0 {
		// Ended right after the root's evaluation: no move has a visit,
		// and the prior is all the search knows.
		best := 0
		for i, k := range kids {
			if k.prior > kids[best].prior {
				best = i
			}
		}
		return best
	}
	t := g.guide.Temperature // the same in stepGuide
	if t > 0 && (g.guide.TemperaturePlies <= 0 || p.Ply() < g.guide.TemperaturePlies) {
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
