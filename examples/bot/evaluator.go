package bot

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/tabletop-go/rules"
)

// This file holds what guides the guided search: the Evaluator of its
// leaves, the default one (random rollouts, uniform priors) and the
// adapter that hands leaves to a network as plain arrays.

// Leaf is a position the guided search wants evaluated: a decision node
// of the tree that it is about to expand.
type Leaf[P rules.Position[P, M], M rules.Move] struct {
	// Position is the leaf's position; a seat is to move.
	Position P
	// Moves are its legal moves, in the order of AppendMoves.
	Moves []M
	// Prior is for the evaluator to fill: a weight for each move of
	// Moves (Prior[i] for Moves[i]), finite and at least 0, not all 0.
	// The search normalises them. It comes filled with 1s: a uniform
	// prior.
	Prior []float32
	// Values is for the evaluator to fill: each seat's expected return
	// at the leaf, in [-1, 1] (a win is 1), for seats 0 to Seats()-1.
	// It comes as 0s. SetValue fills it from the mover's value alone.
	Values [rules.MaxSeats]float64
}

// SetValue sets Values from the value v of the seat to move: v for the
// mover and, in a game of two seats, -v for the other; in a game of more
// seats, -v/(seats-1) for each other seat, so that the returns sum to 0
// as a win against the field would. It knows no partners: in a team game
// (four-seat Focus with teams), where partners share the outcome, it
// counts the mover's partner as an opponent, and so does WithNetwork,
// which uses it; an evaluator for team play sets Values itself.
func (l *Leaf[P, M]) SetValue(v float64) {
	seats := min(l.Position.Seats(), rules.MaxSeats)
	mover := l.Position.ToMove()
	for s := range seats {
		if rules.Player(s) == mover {
			l.Values[s] = v
		} else {
			l.Values[s] = -v / float64(seats-1)
		}
	}
}

// Evaluator gives the guided search its knowledge: for each leaf, a
// prior over its moves and the seats' values. The search hands it up to
// Guide.Batch leaves a call, so that a network evaluates them at once.
// An error stops the search: Choose returns it.
type Evaluator[P rules.Position[P, M], M rules.Move] interface {
	Evaluate(leaves []Leaf[P, M]) error
}

// EvaluatorFunc is a function that is an Evaluator.
type EvaluatorFunc[P rules.Position[P, M], M rules.Move] func(leaves []Leaf[P, M]) error

// Evaluate calls f.
func (f EvaluatorFunc[P, M]) Evaluate(leaves []Leaf[P, M]) error { return f(leaves) }

// Rollouts is the default Evaluator: a uniform prior (the one a leaf
// comes with), and the value of one random game from the leaf, played as
// MCTS plays its rollouts: to the end in a game without an evaluation
// (cut after MaxRollout plies and scored as a draw), and scored by the
// evaluation after RolloutDepth plies in a game that evaluates.
type Rollouts[P rules.Position[P, M], M rules.Move] struct {
	sampler           rules.Sampler[P, M]
	depth, maxRollout int
	at                P
	kit               rules.KitMethods[P, M]
}

// NewRollouts returns the default evaluator with the rollout settings
// of opts (RolloutDepth, MaxRollout) and random numbers seeded by
// opts.Seed.
func NewRollouts[P rules.Position[P, M], M rules.Move](opts Options) *Rollouts[P, M] {
	opts = opts.withDefaults()
	r := &Rollouts[P, M]{depth: opts.RolloutDepth, maxRollout: opts.MaxRollout}
	r.sampler.Rand = rand.New(rand.NewPCG(opts.Seed, 0x5eed_0f_a11))
	if k, ok := rules.KitOf[P, M](&r.at); ok {
		r.kit = k
	}
	return r
}

// Evaluate plays one random game from each leaf.
func (r *Rollouts[P, M]) Evaluate(leaves []Leaf[P, M]) error {
	for i := range leaves {
		r.evaluate(&leaves[i])
	}
	return nil
}

func (r *Rollouts[P, M]) evaluate(l *Leaf[P, M]) {
	limit := r.maxRollout
	evaluates := false
	if r.kit != nil {
		r.at = l.Position
		_, evaluates = r.kit.Evaluate(l.Position.ToMove())
		if evaluates {
			limit = r.depth
		}
	}
	o, end, _ := r.sampler.Rollout(l.Position, limit, nil)
	seats := min(l.Position.Seats(), rules.MaxSeats)
	l.Values = [rules.MaxSeats]float64{}
	switch {
	case o.Over():
		for s := range seats {
			l.Values[s] = o.Return(rules.Player(s))
		}
	case evaluates:
		r.at = end
		for s := range seats {
			l.Values[s], _ = r.kit.Evaluate(rules.Player(s))
		}
	}
}

// Batch holds leaves of a guided search as the plain arrays a network
// reads and writes, row i for leaf i (row-major, as NumPy lays them
// out). The search fills the inputs; the network fills Policy and
// Values.
type Batch struct {
	// Size is the number of leaves, at most Guide.Batch.
	Size int
	// Planes, Rows and Cols are one observation's shape
	// (rules.Kit.ObservationShape), NumActions the variant's action
	// space.
	Planes, Rows, Cols, NumActions int
	// Observations holds Size observations of Planes×Rows×Cols values,
	// each from the view of the leaf's seat to move
	// (rules.Kit.AppendObservation).
	Observations []float32
	// Masks holds Size rows of NumActions: true at the legal actions.
	Masks []bool
	// Movers holds the seat to move at each leaf.
	Movers []int
	// Policy is for the network: Size rows of NumActions weights (not
	// logits: at least 0, finite), read at the legal actions only.
	Policy []float32
	// Values is for the network: the value of each leaf for its seat to
	// move, in [-1, 1].
	Values []float32
}

// Network evaluates a Batch: a policy and a value network in Go, or one
// reached through a binding.
type Network interface {
	EvaluateBatch(b *Batch) error
}

// WithNetwork returns an Evaluator that hands the leaves to net as a
// Batch: their observations and legal-action masks in, priors and values
// (the mover's, spread by Leaf.SetValue) out. Its buffers are reused from
// call to call. In a game without the search-and-learning kit it returns
// a *rules.NotSupportedError (rules.ErrNotSupported).
func WithNetwork[P rules.Position[P, M], M rules.Move](net Network) Evaluator[P, M] {
	return &networkEvaluator[P, M]{net: net}
}

type networkEvaluator[P rules.Position[P, M], M rules.Move] struct {
	net   Network
	batch Batch
	at    P
}

func (e *networkEvaluator[P, M]) Evaluate(leaves []Leaf[P, M]) error {
	if len(leaves) == 0 {
		return nil
	}
	if err := e.fill(leaves); err != nil {
		return err
	}
	if err := e.net.EvaluateBatch(&e.batch); err != nil {
		return err
	}
	return e.read(leaves)
}

// fill writes the leaves' observations, masks and movers into e.batch
// and clears its Policy and Values for the network.
func (e *networkEvaluator[P, M]) fill(leaves []Leaf[P, M]) error {
	kit, ok := rules.KitOf[P, M](&e.at)
	e.at = leaves[0].Position
	if !ok || kit.NumActions() == 0 {
		// A game without the search-and-learning kit has no
		// observations or action indices to give a network.
		return &rules.NotSupportedError{Game: rules.SpecName(leaves[0].Position.Spec()), What: "a network's evaluation (the search-and-learning kit)"}
	}
	b := &e.batch
	b.Planes, b.Rows, b.Cols = kit.ObservationShape()
	b.NumActions = kit.NumActions()
	b.Size = len(leaves)
	obs, actions := b.Planes*b.Rows*b.Cols, b.NumActions
	b.Observations = b.Observations[:0]
	b.Masks = resize(b.Masks, b.Size*actions)
	clear(b.Masks)
	b.Movers = resize(b.Movers, b.Size)
	b.Policy = resize(b.Policy, b.Size*actions)
	clear(b.Policy)
	b.Values = resize(b.Values, b.Size)
	clear(b.Values)
	for i := range leaves {
		l := &leaves[i]
		e.at = l.Position
		mover := l.Position.ToMove()
		b.Movers[i] = int(mover)
		b.Observations = kit.AppendObservation(b.Observations, mover)
		if len(b.Observations) != (i+1)*obs {
			return fmt.Errorf("bot: the observation of %v has %d values, not %d×%d×%d", l.Position, len(b.Observations)-i*obs, b.Planes, b.Rows, b.Cols)
		}
		for _, m := range l.Moves {
			a := kit.ActionIndex(m)
			if a < 0 || a >= actions {
				return fmt.Errorf("bot: move %v of %v has action index %d, outside [0, %d)", m, l.Position, a, actions)
			}
			b.Masks[i*actions+a] = true
		}
	}
	return nil
}

// read sets the leaves' priors and values from the network's answer in
// e.batch, which fill prepared for the same leaves.
func (e *networkEvaluator[P, M]) read(leaves []Leaf[P, M]) error {
	kit, _ := rules.KitOf[P, M](&e.at)
	e.at = leaves[0].Position
	b := &e.batch
	actions := kit.NumActions() // not b.NumActions, which the network could change
	if b.Size != len(leaves) || len(b.Policy) != b.Size*actions || len(b.Values) != b.Size {
		return fmt.Errorf("bot: the network resized the batch: Size %d (want %d), Policy %d values (want %d), Values %d (want %d)",
			b.Size, len(leaves), len(b.Policy), len(leaves)*actions, len(b.Values), len(leaves))
	}
	for i := range leaves {
		l := &leaves[i]
		e.at = l.Position
		for j, m := range l.Moves {
			l.Prior[j] = b.Policy[i*actions+kit.ActionIndex(m)]
		}
		v := float64(b.Values[i])
		if !(v >= -1 && v <= 1) {
			return fmt.Errorf("bot: the network's value %v for leaf %d (%v) is outside [-1, 1]", v, i, l.Position)
		}
		l.SetValue(v)
	}
	return nil
}

// resize returns s with length n, reusing its array when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// checkLeaf reports what is wrong with an evaluator's answer for l, the
// leaf w of the batch: a Prior slice replaced rather than filled in
// place, a prior that is negative, not finite or all 0, or a value
// outside [-1, 1].
func (s *search[P, M]) checkLeaf(l *Leaf[P, M], w waitingLeaf) error {
	prior := s.prior[w.moves : w.moves+w.count]
	if len(l.Prior) != w.count || &l.Prior[0] != &prior[0] {
		return fmt.Errorf("bot: the evaluator replaced the Prior slice of a leaf (%d weights for %d moves); fill it in place", len(l.Prior), w.count)
	}
	sum := 0.0
	for i, x := range prior {
		if !(x >= 0) || math.IsInf(float64(x), 1) {
			return fmt.Errorf("bot: the evaluator's prior %v for move %v of %v is not a finite weight of at least 0", x, s.moveBuf[w.moves+i], l.Position)
		}
		sum += float64(x)
	}
	if !(sum > 0) || math.IsInf(sum, 1) {
		return fmt.Errorf("bot: the evaluator's priors for %v sum to %v; want a finite sum above 0", l.Position, sum)
	}
	for seat := range w.seats {
		if v := l.Values[seat]; !(v >= -1 && v <= 1) {
			return fmt.Errorf("bot: the evaluator's value %v for seat %v at %v is outside [-1, 1]", v, rules.Player(seat), l.Position)
		}
	}
	return nil
}
