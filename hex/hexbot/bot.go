package hexbot

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex/analysis"
	"github.com/tabletop-go/rules/hex/patterns"
	"github.com/tabletop-go/rules/hex/solve"
)

// Options configures a Bot. The zero value is usable.
type Options struct {
	// Iterations caps the new playouts of one move, all workers
	// together (default 100,000), besides those kept from the last
	// search's tree (see NoReuse). The context passed to Choose may stop the
	// search earlier; a search whose context has no deadline stops
	// after MaxUntimed playouts at most, so that a bot given a large
	// cap for play by time never searches without end.
	Iterations int
	// MaxNodes caps the nodes of the search trees, all workers
	// together, and so their memory (default: DefaultTreeBytes of
	// nodes, NodeBytes each; at least 1024 a worker, so that the root's
	// children fit; the fill-ins of the nodes analysed, two cell sets
	// each, come on top); unless NoReuse is set, an eighth of them are set
	// aside for what a search keeps of the last one's tree. A full tree
	// stops growing and the search goes on from its leaves.
	MaxNodes int
	// Workers is the number of goroutines searching at once, each with
	// its own tree (default 1).
	Workers int
	// Seed makes a search stopped by Iterations reproducible.
	Seed uint64
	// Knowledge is the number of visits after which a tree node gets the
	// analysis (fill-in, H-search for both players, must-play and
	// inferior-cell pruning); 0 takes the default (a number that grows
	// with the board), -1 turns it off below the root. A node is
	// analysed once it has children, which it gets at its tenth visit,
	// so values from 1 to 9 act as 10.
	Knowledge int
	// Plain turns off every piece of knowledge at the root as well
	// (no analysis, no solver): for comparisons.
	Plain bool
	// NoReuse starts every search from an empty tree and sets no nodes
	// aside. By default a search whose board is the last search's with
	// the bot's move and one opponent stone added starts, where it can,
	// from the subtree the last search grew under those two moves (see
	// the package doc).
	NoReuse bool
	// Patterns gives a new node's children the move probabilities of a
	// model learned from real games (package hex/patterns); nil takes
	// patterns.Default(). Selection adds PatternBias·P/sqrt(1+n) to the
	// score of a child of probability P and n visits (progressive bias:
	// it guides the first visits and fades as the child's own results
	// come in).
	Patterns *patterns.Model
	// PatternBias weighs the model's probabilities in selection
	// (default DefaultPatternBias; 0, a negative value, NaN or a value
	// above MaxSelectionWeight, +Inf too, takes the default).
	PatternBias float64
	// Exploration weighs UCT's exploration term, which adds
	// Exploration·sqrt(ln(1+N)/(1+n)) to the score of a child of n visits
	// under a node of N (default DefaultExploration). A negative value
	// turns the term off, since 0 stands for the default; NaN or a value
	// above MaxSelectionWeight, +Inf too, takes the default.
	Exploration float64
	// RaveVisits sets how long a child's all-moves-as-first (RAVE)
	// estimate weighs in its score: the estimate's a playouts count as
	// a/(1+a/RaveVisits) beside the child's n own (its ten prior visits
	// included). With many more AMAF playouts than own ones, the
	// estimate has most of the weight while n is small, half when n
	// reaches RaveVisits, and fades after (MoHex calls this weight's
	// limit rave_weight_final). Default DefaultRaveVisits; a negative
	// value turns RAVE off; NaN or a value above MaxSelectionWeight,
	// +Inf too, takes the default.
	RaveVisits float64
	// NoPatterns leaves the model out: the bot as it was before it, for
	// comparisons.
	NoPatterns bool
	// NoTreeFill keeps a tree node's fill-in to its analysis: its
	// dead and captured cells are pruned from its children but not put
	// on the board of the descents through it, so that their rollouts
	// may give a captured cell away (the bot as it was before, for
	// comparisons).
	NoTreeFill bool
	// PlayoutPatterns, when set, draws the rollouts' moves by this
	// model's small patterns and distance weights (the pattern playout
	// policy of the package doc; patterns.Playout() is the model made
	// for it; a model's large patterns and path classes are not used). nil, the
	// default, draws them uniformly: the policy's playouts are better
	// one for one but take 2.4 times as long, and at the same time a move
	// it lost (see the package doc).
	PlayoutPatterns *patterns.Model
}

// DefaultPatternBias is the default weight of the learned move
// probabilities in selection (Options.PatternBias).
const DefaultPatternBias = 3.0

// MaxSelectionWeight bounds the selection's weights (Options.PatternBias,
// Exploration, RaveVisits): larger ones take the default, for a score
// summed from them could overflow to +Inf and tie every child.
const MaxSelectionWeight = 1e6

// DefaultExploration is the default weight of UCT's exploration term
// (Options.Exploration): small, since RAVE and the learned priors
// spread the visits.
const DefaultExploration = 0.1

// DefaultRaveVisits is the default number of own visits at which a
// child's RAVE estimate has about half the weight (Options.RaveVisits).
const DefaultRaveVisits = 500.0

// MaxUntimed caps the new playouts of a search without a deadline.
const MaxUntimed = 1_000_000

// DefaultTreeBytes is the memory the default MaxNodes gives the trees:
// 256 MiB.
const DefaultTreeBytes = 256 << 20

// NodeBytes is the size of one tree node in bytes.
const NodeBytes = int(unsafe.Sizeof(node{}))

// MaxWorkers bounds Options.Workers.
const MaxWorkers = 64

// ErrGameOver is returned when the bot is asked to move in a finished
// game. It matches rules.ErrGameOver too (errors.Is), so that
// rules.ErrorCode gives it the code "game-over" of a move after the end.
var ErrGameOver error = gameOver{}

// gameOver is ErrGameOver's type: its own message, rules.ErrGameOver's
// meaning.
type gameOver struct{}

func (gameOver) Error() string        { return "hexbot: the game is over" }
func (gameOver) Is(target error) bool { return target == rules.ErrGameOver }

// Bot is a Monte Carlo tree search player of Hex that uses the analysis
// of package hex/analysis and the solver of hex/solve (see the package
// doc). The zero Bot plays as New(Options{}) does. It is not safe for
// concurrent use.
type Bot struct {
	opts   Options
	limits analysis.Limits
	// rootLimits are rootHS's limits.
	rootLimits analysis.Limits
	workers    []*worker
	hs         [2]*analysis.HSearch
	// rootHS runs H-search at the root with rootLimitsFor's limits.
	rootHS [2]*analysis.HSearch
	prev   previous // the last search, for tree reuse
	// solver is the root's solver (solverFor), made for solverLimits
	// and a node budget of solverNodes.
	solver       *solve.Solver
	solverLimits analysis.Limits
	solverNodes  int
	// playout is the rollouts' pattern policy (nil: uniform).
	playout *playoutTable
	// Last holds what the last search found, for tools and tests.
	Last Report
}

// Report says how the last move was chosen.
type Report struct {
	// Reason is one of "win" (a proven win: a connection found by
	// H-search, or the solver's), "forced" (one move left after
	// pruning), "search".
	Reason string
	// MustPlay is the must-play region at the root (empty if none),
	// and Candidates the moves the search considered.
	MustPlay, Candidates analysis.Set
	// HasMustPlay reports whether the opponent had a winning semi
	// connection.
	HasMustPlay bool
	// Lost holds the moves the solver at the root proved losing and the
	// search left out of Candidates: empty when it proved none, every
	// candidate or the root lost (then the bot resists among them all).
	Lost analysis.Set
	// Iterations is the number of playouts through the root's moves,
	// those kept from the last search's tree included (so it may exceed
	// Options.Iterations).
	Iterations int
	// Reused is the number of playouts kept from the last search's
	// tree (0 when the search started from an empty tree).
	Reused int
}

// New returns a bot with the given options.
func New(opts Options) *Bot {
	if opts.Iterations <= 0 {
		opts.Iterations = 100000
	}
	opts.Workers = min(max(opts.Workers, 1), MaxWorkers)
	if opts.MaxNodes <= 0 {
		opts.MaxNodes = DefaultTreeBytes / NodeBytes
	}
	if !(opts.PatternBias > 0 && opts.PatternBias <= MaxSelectionWeight) {
		opts.PatternBias = DefaultPatternBias
	}
	// A negative Exploration or RaveVisits turns its term off.
	if opts.Exploration == 0 || !(opts.Exploration <= MaxSelectionWeight) {
		opts.Exploration = DefaultExploration
	}
	if opts.RaveVisits == 0 || !(opts.RaveVisits <= MaxSelectionWeight) {
		opts.RaveVisits = DefaultRaveVisits
	}
	if opts.NoPatterns {
		opts.Patterns = nil
	} else if opts.Patterns == nil {
		opts.Patterns = patterns.Default()
	}
	b := &Bot{opts: opts}
	if opts.PlayoutPatterns != nil {
		b.playout = tableOf(opts.PlayoutPatterns)
	}
	return b
}

// limitsFor returns the H-search limits the bot uses on a board of
// cells cells: smaller on larger boards, where H-search costs more.
func limitsFor(cells int) analysis.Limits {
	if cells <= 81 {
		return analysis.Limits{Full: 4, Semi: 8, Ors: 3}
	}
	return analysis.Limits{Full: 3, Semi: 6, Ors: 2}
}

// rootLimitsFor returns the H-search limits of the analysis at the root,
// which runs once a move and so can afford more than the tree's: the
// package's defaults up to 11×11 (H-search for both colours takes about
// 15 ms on a 9×9 middle game, 55 ms on 11×11), the tree's above. More
// connections make a smaller must-play region and find proven wins
// earlier.
func rootLimitsFor(cells int) analysis.Limits {
	if cells <= 121 {
		return analysis.Limits{}
	}
	return limitsFor(cells)
}

// rootLimitsTime returns the least time left for a move on a board of
// cells cells in which the root's analysis uses rootLimitsFor's limits
// rather than the tree's: 5 ms a cell (about 0.4 s on 9×9, 0.6 s on
// 11×11), so that it takes a modest share of the move even on the
// positions where it is slowest (some 150 ms on 11×11).
func rootLimitsTime(cells int) time.Duration {
	return time.Duration(cells) * 5 * time.Millisecond
}

// setup sizes the bot's tools for a board of cells cells.
func (b *Bot) setup(cells int) {
	if b.opts.Workers == 0 { // a Bot not made by New: New's defaults
		nb := New(b.opts)
		b.opts, b.playout = nb.opts, nb.playout
	}
	l, rl := limitsFor(cells), rootLimitsFor(cells)
	if l == b.limits && rl == b.rootLimits && b.workers != nil {
		return
	}
	b.limits, b.rootLimits = l, rl
	b.hs = [2]*analysis.HSearch{analysis.NewHSearch(l), analysis.NewHSearch(l)}
	b.rootHS = [2]*analysis.HSearch{analysis.NewHSearch(rl), analysis.NewHSearch(rl)}
	b.workers = b.workers[:0]
	for i := range b.opts.Workers {
		b.workers = append(b.workers, newWorker(b, b.opts.Seed+uint64(i)*0x9e3779b97f4a7c15, b.opts.MaxNodes/b.opts.Workers))
	}
}

// errZeroBoard is ChooseCell's error for the zero analysis.Board, which
// is no board (FromPosition returns it with its error).
var errZeroBoard = errors.New("hexbot: the board is the zero analysis.Board, which has no geometry")

// ChooseCell returns the cell the bot plays on board: a proven win at
// once, else the most visited move of its search. last is the
// opponent's last move (-1 if unknown; a value that is no cell of the
// board is taken as unknown), for the priors and the first rollout
// reply.
func (b *Bot) ChooseCell(ctx context.Context, board analysis.Board, last int) (int, error) {
	g := board.Geometry()
	if g == nil {
		return -1, errZeroBoard
	}
	if _, over := board.Winner(); over || board.EmptyCells().Empty() {
		return -1, ErrGameOver
	}
	if last < 0 || last >= g.Cells() {
		last = -1 // unknown: not a cell of this board
	}
	b.setup(g.Cells())
	b.Last = Report{}
	// The trees stay those of the last search through calls that return
	// before searching (a proven win, a forced move): b.prev stays too.
	reply, follows := b.reply(&board)
	if follows && last < 0 {
		last = reply // known from the last search's board
	}
	me := board.Turn()
	empty := board.EmptyCells()
	root := board
	cands := empty
	if !b.opts.Plain {
		var inf analysis.Inferior
		analysis.FillIn(&root, &inf)
		rootEmpty := root.EmptyCells()
		if win, over := root.Winner(); over {
			if win == me {
				// The mover's captured cells join it: play one.
				b.Last.Reason = "win"
				return empty.AndNot(rootEmpty).And(root.Stones(me)).First(), nil
			}
			// Lost whatever it plays: search the real board.
			root = board
		} else {
			hs := b.hs
			if d, ok := ctx.Deadline(); !ok || time.Until(d) >= rootLimitsTime(g.Cells()) {
				hs = b.rootHS
			}
			h := hs[me]
			h.Run(&root, me)
			if semis := h.WinningSemis(); len(semis) > 0 {
				b.Last.Reason = "win"
				return int(semis[0].Key), nil
			}
			if c, ok := h.Won(); ok {
				b.Last.Reason = "win"
				if x := c.First(); x >= 0 {
					return x, nil
				}
				return rootEmpty.First(), nil
			}
			o := hs[me.Other()]
			o.Run(&root, me.Other())
			_, lost := o.Won()
			cands = rootEmpty
			if must, ok := o.MustPlay(); ok && !lost {
				b.Last.MustPlay, b.Last.HasMustPlay = must, true
				if !must.And(rootEmpty).Empty() {
					cands = must.And(rootEmpty)
				}
			}
			if lost {
				root = board // lost anyway: resist on the real board
				cands = empty
			} else {
				var dom analysis.Domination
				cands = pruneInferior(cands, &root, &inf, &dom, me)
				cell, ok, rest := b.trySolver(ctx, root, cands)
				if ok {
					b.Last.Reason, b.Last.Candidates = "win", cands
					return cell, nil
				}
				b.Last.Lost = cands.AndNot(rest)
				cands = rest
			}
		}
	}
	b.Last.Candidates = cands
	if cands.Len() == 1 {
		b.Last.Reason = "forced"
		return cands.First(), nil
	}
	b.Last.Reason = "search"
	own, mine := -1, -1 // the bot's last move, and that for reuse
	if follows {
		own = b.prev.move
		if !b.opts.NoReuse {
			mine = own
		}
	}
	cell := b.search(ctx, root, cands, last, own, mine, reply)
	b.prev = previous{board: board, move: cell, ok: true}
	return cell, nil
}

// defaultKnowledge is the visits after which a tree node gets the
// analysis by default: three per cell (243 on 9×9, 363 on 11×11), so
// that H-search, which costs milliseconds, takes a modest share of the
// time.
func defaultKnowledge(cells int) int { return max(3*cells, 100) }

// solveCells is the number of empty cells (after fill-in) from which
// the bot runs the solver at the root, whatever the board. Run from
// seven tenths of the cells (56 on 9×9, 84 on 11×11), where it settles a
// good share of positions in a quarter of a second, the bot scored 16
// of 40 games against MoHex on 9×9, as from 40, and 5 of 40 on 11×11,
// against 10: the time the solver takes from the search when it fails
// costs more than its proofs bring (the package doc).
const solveCells = 40

// solveLimitsFor returns the H-search limits of the solver at the root
// of a board of cells cells: (8, 16, 3) up to 11×11, which on those
// positions settle as many as the package's defaults in less time, and
// the tree's above.
func solveLimitsFor(cells int) analysis.Limits {
	if cells <= 121 {
		return analysis.Limits{Full: 8, Semi: 16, Ors: 3}
	}
	return limitsFor(cells)
}

// solveTime is the least time left for a move in which the bot runs the
// solver: a quarter of it, 10 ms, is a few of the solver's nodes (it
// checks the clock at each, and one can take milliseconds).
const solveTime = 40 * time.Millisecond

// trySolver runs the solver on the root, of two or more candidates,
// when few enough cells are left (solveCells) and, with a deadline,
// solveTime or more is left; on a quarter of the time, or a node
// budget when the context has no deadline. It returns a winning move if
// it proves one among cands; else cands less the moves after which it
// proved the opponent won, or all of cands if that is every one or the
// root is proven lost (the search then picks the move that resists
// best).
func (b *Bot) trySolver(ctx context.Context, root analysis.Board, cands analysis.Set) (int, bool, analysis.Set) {
	cells := root.Geometry().Cells()
	if cands.Len() < 2 || root.EmptyCells().Len() > solveCells {
		return 0, false, cands
	}
	sctx := ctx
	var cancel context.CancelFunc = func() {}
	nodes := 0
	if deadline, ok := ctx.Deadline(); ok {
		left := time.Until(deadline)
		if left < solveTime {
			return 0, false, cands
		}
		sctx, cancel = context.WithTimeout(ctx, left/4)
	} else {
		nodes = max(min(b.opts.Iterations, MaxUntimed)/50, 100)
	}
	defer cancel()
	s := b.solverFor(cells, nodes)
	r, err := s.Solve(sctx, root)
	if err == nil {
		if r.Win && r.Move >= 0 && cands.Has(r.Move) {
			return r.Move, true, cands
		}
		if !r.Win {
			return 0, false, cands
		}
	}
	rest := cands
	for c := range cands.All() {
		next := root
		next.Play(c)
		if win, ok := s.Known(next); ok && win {
			rest.Remove(c) // the opponent wins after c
		}
	}
	if rest.Empty() {
		return 0, false, cands
	}
	return 0, false, rest
}

// solverFor returns the bot's root solver for boards of cells cells and
// a node budget of nodes (0: none), kept from move to move so that its
// table's proofs serve the next moves: 8 MiB.
func (b *Bot) solverFor(cells, nodes int) *solve.Solver {
	limits := solveLimitsFor(cells)
	if b.solver == nil || b.solverLimits != limits || b.solverNodes != nodes {
		b.solver = solve.New(solve.Options{TableBytes: 8 << 20, Limits: limits, Vulnerable: true, MaxNodes: nodes})
		b.solverLimits, b.solverNodes = limits, nodes
	}
	return b.solver
}

// search runs the MCTS from root over the moves cands and returns the
// best. last and own are the last stones of the opponent and of the
// mover (-1: unknown). When mine is a cell, the last search's board with
// mine and reply played is root's board, and each worker keeps what it
// can of its tree.
func (b *Bot) search(ctx context.Context, root analysis.Board, cands analysis.Set, last, own, mine, reply int) int {
	var deadline time.Time
	iterations := b.opts.Iterations
	if d, ok := ctx.Deadline(); !ok {
		iterations = min(iterations, MaxUntimed)
	} else {
		// Stop a little early, so that the reply is in time on a busy
		// machine: a fortieth of the time, at most 25 ms.
		deadline = d.Add(-min(time.Until(d)/40, 25*time.Millisecond))
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	done := ctx.Done()
	n := len(b.workers)
	knowledge := b.opts.Knowledge
	if knowledge == 0 {
		knowledge = defaultKnowledge(root.Geometry().Cells())
	}
	if b.opts.Plain || knowledge < 0 {
		knowledge = 0
	}
	var wg sync.WaitGroup
	for i, w := range b.workers {
		share := iterations / n
		if i < iterations%n {
			share++
		}
		kept, ok := 0, false
		if mine >= 0 {
			kept, ok = w.reuse(root, cands, mine, reply)
		}
		if ok {
			b.Last.Reused += kept
		} else {
			w.reset(root, cands, last, own)
		}
		w.knowAt = uint32(knowledge)
		w.treeFill = !b.opts.NoTreeFill
		w.deadline = deadline
		if i > 0 {
			wg.Go(func() { w.run(share, done) })
		}
	}
	b.workers[0].run(iterations/n+min(1, iterations%n), done)
	wg.Wait()
	return b.best()
}

// run runs up to iterations iterations (at least one) until done is
// closed or the root is solved.
func (w *worker) run(iterations int, done <-chan struct{}) {
	for it := range max(iterations, 1) {
		if it > 0 && done != nil {
			select {
			case <-done:
				return
			default:
			}
		}
		w.iterate()
		if w.nodes[0].proof != 0 {
			return
		}
	}
}

// best returns the root move with a proof of a win in any tree, else the
// one with the most visits summed over the trees: among the moves not
// pruned nor proven lost, or among all when every move is.
func (b *Bot) best() int {
	w0 := b.workers[0]
	root := w0.nodes[0]
	kids := w0.nodes[root.first : root.first+int32(root.kids)]
	visits := make([]float64, len(kids))
	all := make([]float64, len(kids)) // lost and pruned moves too
	proven := -1
	for _, w := range b.workers {
		r := w.nodes[0]
		other := w.nodes[r.first : r.first+int32(r.kids)]
		for j := range other {
			if other[j].proof > 0 && proven < 0 {
				proven = int(other[j].move)
			}
			if j < len(visits) && !other[j].pruned && other[j].proof >= 0 {
				visits[j] += float64(other[j].hits)
			}
			if j < len(all) {
				all[j] += float64(other[j].hits)
			}
			b.Last.Iterations += int(other[j].hits)
		}
	}
	if proven >= 0 {
		return proven // counted all the same, for Report.Iterations
	}
	if len(visits) > 0 && slices.Max(visits) == 0 {
		// Every move is proven lost (or pruned): the one searched most
		// resists longest.
		visits = all
	}
	best, bestV := 0, -1.0
	for j, v := range visits {
		if v > bestV {
			best, bestV = j, v
		}
	}
	return int(kids[best].move)
}
