package bot

import (
	"unsafe"

	"github.com/tabletop-go/rules"
)

// This file holds the options of MCTS and the constants of its tuning.

// Options configures MCTS. The zero value is usable.
type Options struct {
	// Iterations is the number of playouts per decision (default 1000),
	// shared among the workers. A deadline or cancellation of the
	// context passed to Choose stops the search earlier, after at least
	// one playout.
	Iterations int
	// Exploration is the UCT constant c in value + c·sqrt(ln N / n)
	// (returns range over [-1, 1]). The default is 1.0 for plain UCT and
	// 0.1 with RAVE, whose all-moves-as-first statistics explore for it.
	Exploration float64
	// RolloutDepth is the number of random plies played before a position
	// of a game that evaluates (Evaluate reports ok) is scored by its
	// evaluation (default 12). Games without an evaluation always play rollouts to the end.
	RolloutDepth int
	// MaxRollout stops a rollout of a game without an evaluation after
	// this many plies, scoring it as a draw (default 10000).
	MaxRollout int
	// Seed makes the search reproducible.
	Seed uint64
	// MaxNodes caps the nodes of the search tree, and with them its
	// memory: once the tree holds MaxNodes nodes (or expanding a leaf
	// would take it past them) the search stops growing the tree and goes
	// on with playouts from its leaves, so Iterations and the context
	// still bound the time and MaxNodes the memory. The root and its
	// children are kept whatever MaxNodes says. With several workers,
	// MaxNodes is the budget of all their trees together, split evenly,
	// or of their shared tree (TreeParallel).
	//
	// The default (0) is as many nodes as fit in DefaultTreeBytes: a node
	// takes 64 bytes in every game of this module (NodeBytes), so
	// 4,194,304 nodes. The tree grows a block of 65,536 nodes at a time,
	// never past MaxNodes, and is never copied whole, so its memory peaks
	// at MaxNodes × NodeBytes.
	MaxNodes int
	// Workers is the number of goroutines that search at once, at most
	// MaxWorkers, each with its own random numbers and its share of
	// Iterations. The default (0) is 1: a library bot uses one core
	// unless told otherwise, which suits a server running many games at
	// once, and a search of one worker stopped by Iterations is
	// reproducible for a seed (with RootParallel, the default, so is
	// one of several workers). Pass runtime.GOMAXPROCS(0) to use every
	// core.
	Workers int
	// Parallelism says how several workers share a search: RootParallel
	// (the default: a tree each) or TreeParallel (one tree).
	Parallelism Parallelism
	// RAVE selects the all-moves-as-first heuristic (Rapid Action Value
	// Estimation): every move a seat played later in an iteration, in the
	// tree or the rollout, counts as a trial of that move wherever the
	// seat could have played it first, and a move's value blends its own
	// mean with that estimate, the estimate's weight fading as the move's
	// own visits grow. It helps where a move's worth depends little on
	// when it is played (Hex) and costs time per iteration. RAVEAuto (the
	// default) uses it in games without an evaluation (Hex, Domination)
	// and not in games that evaluate (Focus, Explocus), whose rollouts
	// are short and whose moves depend on the moment; RAVEOn and RAVEOff
	// force it.
	RAVE RAVEMode
	// DiscardTree makes every search start from an empty tree. By
	// default, a search whose position the last search's tree holds
	// within a few plies (the moves played since, the bot's own and the
	// others') keeps that subtree and its statistics, and adds
	// Iterations to them; the guided search too.
	DiscardTree bool
	// Guide configures the guided search (NewGuided; New's "guided"),
	// which ignores the options above but Iterations, Seed, MaxNodes,
	// RolloutDepth, MaxRollout and DiscardTree.
	Guide Guide
}

// Parallelism says how the workers of a search share it.
type Parallelism uint8

const (
	// RootParallel gives each worker its own tree from the same root
	// (with its share of MaxNodes) and sums the root's visits at the
	// end. The workers share no memory, so two of them run about twice
	// the iterations a second of one, and a search stopped by Iterations
	// is reproducible for a seed.
	RootParallel Parallelism = iota
	// TreeParallel grows one tree with every worker: a worker going
	// through a node adds a virtual loss to it, taken back at the
	// backup, so that the others explore elsewhere meanwhile; the node
	// statistics change by atomic operations. It makes better use of an
	// iteration (two workers played even with one worker given their
	// iterations together, where root parallelism lost 60% of the time),
	// but the workers contend for the nodes they share, and at equal time
	// on two cores it played even with RootParallel.
	TreeParallel
)

// RAVEMode says when MCTS uses RAVE (see Options.RAVE).
type RAVEMode uint8

const (
	// RAVEAuto uses RAVE in games without an evaluation.
	RAVEAuto RAVEMode = iota
	// RAVEOn always uses RAVE.
	RAVEOn
	// RAVEOff never uses RAVE: plain UCT.
	RAVEOff
)

// DefaultTreeBytes is the memory the default MaxNodes gives the search
// tree: 256 MiB, so that a search fits a 1 GB server with room to spare
// (selfplay on hex(size=26) with a full default tree peaks at 263 MB of
// resident memory).
const DefaultTreeBytes = 256 << 20

// Tuning of RAVE and of tree growth, measured by self-play at equal time
// on hex(size=9) at 50 ms a move (see the package doc). Other values
// tried, 100 games each: raveBias 0.02 (49%), fpu 0.5 (38%), an
// exploration constant of 0 (43%) or 0.3 (45%) with RAVE.
const (
	// raveBias is 4b² in Silver's weight of the AMAF estimate,
	// β = ñ / (n + ñ + 4b²·n·ñ), for n visits and ñ AMAF trials.
	raveBias = 0.002
	// fpu is the value of a move with neither visits nor AMAF trials
	// when RAVE is on (first-play urgency): above any mean, so that every
	// move gets tried or at least an AMAF estimate.
	fpu = 1.0
	// raveExploration is the default exploration constant with RAVE.
	raveExploration = 0.1
	// prior is the weight, in trials, of a new child's evaluation in a
	// game that evaluates: its value starts there and blends into its
	// mean as RAVE's estimate does (Silver's β with the same raveBias).
	// It scored 59.5% against no prior on focus(plylimit=300) over 200
	// games (5 scored 54.5% over 100).
	prior = 20
	// expandAfter is the number of visits a leaf gets (rollouts from the
	// leaf itself) before it is expanded. Expanding after 4 (fewer nodes
	// for the same iterations) played even with 1 in self-play.
	expandAfter = 1
	// reuseDepth bounds, in plies per seat, how far below the last
	// search's root the new position is looked for, and reuseNodes the
	// nodes examined.
	reuseDepth = 2
	reuseNodes = 1 << 17
)

func (o Options) withDefaults() Options {
	if o.Iterations <= 0 {
		o.Iterations = 1000
	}
	if o.RolloutDepth <= 0 {
		o.RolloutDepth = 12
	}
	if o.MaxRollout <= 0 {
		o.MaxRollout = 10000
	}
	o.Workers = min(max(o.Workers, 1), MaxWorkers)
	return o
}

// MaxWorkers bounds Options.Workers: more are searched with this many.
const MaxWorkers = 256

// NodeBytes returns the size in bytes of one node of the search tree for
// moves of type M: 64 for every game of this module (a move of at most 8
// bytes, child links, visits, the mover's total, the AMAF statistics and
// two cached terms of the selection formula).
func NodeBytes[M rules.Move]() int { return int(unsafe.Sizeof(node[M]{})) }
