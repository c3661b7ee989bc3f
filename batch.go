package rules

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

// Batch runs many games of one variant side by side for training, as
// pgx's batched environments do: one Step plays one action in every
// game, in Go, spread over the cores, and leaves the result in plain
// arrays, game i's values at [i] (or its row of a flattened matrix):
//
//   - Observation: N × planes × rows × cols values, each game's from the
//     view of the seat to move (at a terminal position, of the seat that
//     moved last);
//   - LegalActionMask: N × NumActions, the actions Step takes for each
//     game; all true for a finished game, as pgx has it at a terminal
//     state, since its next action is ignored;
//   - CurrentPlayer: the seat to move, or Terminal;
//   - Rewards: N × Seats, the returns (Outcome.Returns) of the games that
//     ended on this step, 0 elsewhere;
//   - Terminated: the game ended by its rules on this step;
//   - Truncated: the game reached BatchOptions.MaxPlies unfinished on
//     this step.
//
// A game that ended (terminated or truncated) restarts from the start
// position on the next Step, which ignores its action and reports it
// restarted: flags false, rewards 0, the start's observation. Chance
// nodes never show: Reset and Step draw every chance outcome inside, with
// its exact probability, from game i's own generator, seeded by
// BatchOptions.Seed and i; so a seed gives the same games whatever the
// number of workers.
//
// The arrays are rewritten in place by every Reset and Step; copy what
// you keep. A caller may point them at memory of its own (the Python
// package points them at numpy's) before the first Reset, as long as the
// lengths stay those NewBatch gave; Reset and Step refuse other lengths.
// A Batch is not safe for concurrent use: a call made while another is
// under way returns an error matching ErrBusy. Step copies its actions
// before it checks them, and keeps its own masks, seats and flags, so
// that what a caller writes to its arrays changes nothing but its view.
//
// The helper goroutines a Step spreads the games over spin after it for
// the next step (three times the last gap between steps, from 0.2 to 10
// ms), taking a core meanwhile, then sleep: a sleeping thread can take
// longer to wake than a step takes.
type Batch struct {
	Observation     []float32
	LegalActionMask []bool
	CurrentPlayer   []int32
	Rewards         []float32
	Terminated      []bool
	Truncated       []bool

	n, actions, seats, obsSize int
	workers                    int
	// legal and finished are the batch's own copies of the legal-action
	// masks, which Step checks actions against, and of which games ended
	// (terminated or truncated): the caller may write to the arrays.
	legal, finished []bool
	acts            []int32 // Step's copy of its actions
	busy            atomic.Bool
	engine          batchEngine
}

// BatchOptions configures NewBatch.
type BatchOptions struct {
	// Seed seeds the chance draws: game i draws from a PCG generator
	// seeded with (Seed, i).
	Seed uint64
	// MaxPlies, if positive, truncates a game that has played that many
	// plies (Position.Ply, chance outcomes included, counted from the
	// start position) and has not ended: the step whose action (and the
	// draws after it) reach the bound reports it. A game is never
	// truncated at its start, whatever the draws there.
	MaxPlies int
	// Workers is the number of goroutines a Step spreads the games over;
	// 0 means runtime.GOMAXPROCS(0). The games played do not depend on
	// it.
	Workers int
}

// ErrBusy is matched (with errors.Is) by the error of a Batch call made
// while another call on the same Batch is under way.
var ErrBusy = errors.New("batch is in use by another call")

// batchEngine is the typed half of a Batch: the games and their
// generators.
type batchEngine interface {
	restart(b *Batch, lo, hi int)
	step(b *Batch, actions []int32, lo, hi int)
	refuse(i, action int) error
	state(i int) Dynamic
}

// batcher is implemented by every Dynamic that Erase makes.
type batcher interface {
	newBatchEngine(n int, o BatchOptions) (batchEngine, error)
}

// NewBatch returns n games that start, and restart, from start, a
// decision or chance node of any game (Open gives a variant's start), with
// arrays of the lengths the type's doc lists. Call Reset before the first
// Step.
func NewBatch(start Dynamic, n int, o BatchOptions) (*Batch, error) {
	for {
		s, ok := start.(State)
		if !ok {
			break
		}
		start = s.Dynamic
	}
	if !IsGame(start) {
		return nil, &NoGameError{Type: "the start of a batch"}
	}
	if start.ToMove() == Terminal {
		return nil, &MoveError{Move: "the start of a batch", Kind: ErrGameOver}
	}
	bt, ok := start.(batcher)
	if !ok {
		return nil, errors.New("rules: NewBatch needs a Dynamic made by Erase (or Open), not a " + typeName(start))
	}
	const maxGames = 1 << 24
	if n <= 0 || n > maxGames {
		return nil, errors.New("rules: a batch of " + strconv.Itoa(n) + " games (want 1 to " + strconv.Itoa(maxGames) + ")")
	}
	if o.MaxPlies < 0 {
		return nil, errors.New("rules: MaxPlies " + strconv.Itoa(o.MaxPlies) + " is negative")
	}
	if o.Workers < 0 {
		return nil, errors.New("rules: Workers " + strconv.Itoa(o.Workers) + " is negative")
	}
	shape := start.ObservationShape()
	b := &Batch{
		n:       n,
		actions: start.NumActions(),
		seats:   start.Seats(),
		obsSize: shape[0] * shape[1] * shape[2],
		workers: o.Workers,
	}
	if b.workers == 0 {
		b.workers = runtime.GOMAXPROCS(0)
	}
	if int64(n)*int64(max(b.obsSize, b.actions)) > 1<<31 {
		return nil, errors.New("rules: a batch of " + strconv.Itoa(n) + " games of " + start.Spec() + " needs arrays of more than 2^31 values")
	}
	b.Observation = make([]float32, n*b.obsSize)
	b.LegalActionMask = make([]bool, n*b.actions)
	b.legal = make([]bool, n*b.actions)
	b.finished = make([]bool, n)
	b.acts = make([]int32, n)
	b.CurrentPlayer = make([]int32, n)
	b.Rewards = make([]float32, n*b.seats)
	b.Terminated = make([]bool, n)
	b.Truncated = make([]bool, n)
	engine, err := bt.newBatchEngine(n, o)
	if err != nil {
		return nil, err
	}
	b.engine = engine
	return b, nil
}

// Len returns the number of games.
func (b *Batch) Len() int { return b.n }

// NumActions returns the size of the decision action space, the width of
// LegalActionMask.
func (b *Batch) NumActions() int { return b.actions }

// Seats returns the number of seats, the width of Rewards.
func (b *Batch) Seats() int { return b.seats }

// ObservationSize returns planes × rows × cols, the values of one game's
// observation.
func (b *Batch) ObservationSize() int { return b.obsSize }

// Reset restarts every game from the start position.
func (b *Batch) Reset() error {
	if err := b.enter(); err != nil {
		return err
	}
	defer b.busy.Store(false)
	b.run(opRestart, nil)
	return nil
}

// Step plays actions[i] (an index in [0, NumActions)) in game i, for
// every game, and draws the chance outcomes that follow. A game that
// ended on the step before restarts instead, whatever its action. If
// any action is outside the space or illegal in its game, Step changes
// nothing and returns the first such game's error: a *BatchError around
// the error PlayAction gives for it.
func (b *Batch) Step(actions []int32) error {
	if err := b.enter(); err != nil {
		return err
	}
	defer b.busy.Store(false)
	if len(actions) != b.n {
		return errors.New("rules: " + strconv.Itoa(len(actions)) + " actions for a batch of " + strconv.Itoa(b.n) + " games")
	}
	// The actions are copied first: the caller's array may change under
	// a step (another thread, numpy memory), and what is checked must be
	// what is played. The check is a look-up in the batch's masks, made
	// from the legal moves; only a refusal asks the game why.
	copy(b.acts, actions)
	actions = b.acts
	for i, a := range actions {
		if b.finished[i] {
			continue
		}
		if a < 0 || int(a) >= b.actions || !b.legal[i*b.actions+int(a)] {
			return b.engine.refuse(i, int(a))
		}
	}
	b.run(opStep, actions)
	return nil
}

// State returns game i's position, or an error for i outside [0, Len).
func (b *Batch) State(i int) (Dynamic, error) {
	if err := b.enter(); err != nil {
		return nil, err
	}
	defer b.busy.Store(false)
	if i < 0 || i >= b.n {
		return nil, indexError("game", i, b.n)
	}
	return b.engine.state(i), nil
}

// enter takes the batch for one call, and checks its arrays.
func (b *Batch) enter() error {
	if b == nil || b.engine == nil {
		return &NoGameError{Type: "a zero Batch"}
	}
	if !b.busy.CompareAndSwap(false, true) {
		return ErrBusy
	}
	bad := func(name string, got, want int) error {
		b.busy.Store(false)
		return errors.New("rules: the batch's " + name + " has length " + strconv.Itoa(got) + ", not " + strconv.Itoa(want))
	}
	switch {
	case len(b.Observation) != b.n*b.obsSize:
		return bad("Observation", len(b.Observation), b.n*b.obsSize)
	case len(b.LegalActionMask) != b.n*b.actions:
		return bad("LegalActionMask", len(b.LegalActionMask), b.n*b.actions)
	case len(b.CurrentPlayer) != b.n:
		return bad("CurrentPlayer", len(b.CurrentPlayer), b.n)
	case len(b.Rewards) != b.n*b.seats:
		return bad("Rewards", len(b.Rewards), b.n*b.seats)
	case len(b.Terminated) != b.n:
		return bad("Terminated", len(b.Terminated), b.n)
	case len(b.Truncated) != b.n:
		return bad("Truncated", len(b.Truncated), b.n)
	}
	return nil
}

// The operations run splits over the workers.
const (
	opRestart = iota
	opStep
)

// run does op over every game, spread over the workers.
func (b *Batch) run(op int, actions []int32) {
	if b.workers <= 1 || b.n <= blockSize { // no closure: no allocation
		if op == opRestart {
			b.engine.restart(b, 0, b.n)
		} else {
			b.engine.step(b, actions, 0, b.n)
		}
		return
	}
	parallel(b.n, b.workers, func(lo, hi int) { // a job and its closure: two allocations a step
		if op == opRestart {
			b.engine.restart(b, lo, hi)
		} else {
			b.engine.step(b, actions, lo, hi)
		}
	})
}

// BatchError is Step's error for one game's action: which game, which
// action, and why (the error PlayAction gives for it).
type BatchError struct {
	Game, Action int
	Err          error
}

// Error returns e.g. "game 3: action 500: rules: action index 500 is
// outside [0, 122)".
func (e *BatchError) Error() string {
	return "game " + strconv.Itoa(e.Game) + ": action " + strconv.Itoa(e.Action) + ": " + e.Err.Error()
}

// Unwrap returns the game's error, so errors.Is sees ErrIllegal through it.
func (e *BatchError) Unwrap() error { return e.Err }

func (e erased[P, M]) newBatchEngine(n int, o BatchOptions) (batchEngine, error) {
	if _, ok := KitOf[P, M](&e.p); !ok {
		return nil, e.noKitFor("NewBatch")
	}
	g := &batchGames[P, M]{
		start:     e.p,
		startTurn: e.p.ToMove(),
		startPly:  e.p.Ply(),
		games:     make([]P, n),
		kits:      make([]KitMethods[P, M], n),
		kitPool:   e.kits,
		turn:      make([]Player, n),
		last:      make([]Player, n),
		pcg:       make([]rand.PCG, n),
		rands:     make([]*rand.Rand, n),
		maxPlies:  o.MaxPlies,
	}
	for i := range n {
		g.pcg[i] = *rand.NewPCG(o.Seed, uint64(i))
		g.rands[i] = rand.New(&g.pcg[i])
		g.games[i] = e.p
		g.kits[i], _ = KitOf[P, M](&g.games[i])
	}
	return g, nil
}

// batchGames is a Batch's games of one position type. Its loops call as
// few methods of P as they can: through the generic code each call
// copies the position (440 bytes for Hex).
type batchGames[P Position[P, M], M Move] struct {
	start     P
	startTurn Player
	startPly  int
	games     []P
	kits      []KitMethods[P, M] // kits[i] is game i's kit, through &games[i]
	kitPool   *kitPool[P, M]     // for the Dynamic values of State
	turn      []Player           // the seat to move in each game
	last      []Player           // the seat that made each game's last decision
	pcg       []rand.PCG
	rands     []*rand.Rand
	maxPlies  int
	scratch   sync.Pool // *scratch[M]
}

func (g *batchGames[P, M]) buffer() *scratch[M] {
	if s, ok := g.scratch.Get().(*scratch[M]); ok {
		return s
	}
	return &scratch[M]{moves: make([]M, 0, g.start.MaxMoves())}
}

func (g *batchGames[P, M]) restart(b *Batch, lo, hi int) {
	s := g.buffer()
	defer g.scratch.Put(s)
	for i := lo; i < hi; i++ {
		g.last[i] = g.startTurn
		g.games[i] = g.start
		g.write(b, i, g.resolve(i, g.startTurn, s), false, s)
	}
}

// refuse returns the error of game i's action, which its mask refused.
func (g *batchGames[P, M]) refuse(i, a int) error {
	m, ok := g.kits[i].ActionMove(a)
	if !ok {
		return &BatchError{Game: i, Action: a, Err: indexError("action", a, g.kits[i].NumActions())}
	}
	err := g.games[i].Legal(m)
	if err == nil { // a mask that disagrees with Legal: the game's bug
		err = errors.New("rules: the legal-action mask refuses " + m.String() + ", which Legal allows")
	}
	return &BatchError{Game: i, Action: a, Err: err}
}

func (g *batchGames[P, M]) step(b *Batch, actions []int32, lo, hi int) {
	s := g.buffer()
	defer g.scratch.Put(s)
	for i := lo; i < hi; i++ {
		var turn Player
		played := !b.finished[i]
		if !played {
			g.last[i] = g.startTurn
			g.games[i] = g.start
			turn = g.startTurn
		} else {
			g.last[i] = g.turn[i]
			m, _ := g.kits[i].ActionMove(int(actions[i])) // check made sure
			g.games[i] = g.games[i].PlayUnchecked(m)
			turn = g.games[i].ToMove()
		}
		g.write(b, i, g.resolve(i, turn, s), played, s)
	}
}

// resolve plays game i's chance outcomes from turn, the seat to move in
// g.games[i], and returns the seat to move after them.
func (g *batchGames[P, M]) resolve(i int, turn Player, s *scratch[M]) Player {
	for turn == Chance {
		s.chances = g.games[i].AppendChances(s.chances[:0])
		m, _ := SampleChance(s.chances, g.rands[i])
		g.games[i] = g.games[i].PlayUnchecked(m)
		turn = g.games[i].ToMove()
	}
	return turn
}

// write fills game i's row of every array; seat is the seat to move, and
// played whether the game played an action on this call (a game is
// truncated by a step that played, never at its start).
func (g *batchGames[P, M]) write(b *Batch, i int, seat Player, played bool, s *scratch[M]) {
	rewards := b.Rewards[i*b.seats : (i+1)*b.seats]
	mask := b.LegalActionMask[i*b.actions : (i+1)*b.actions]
	obs := b.Observation[i*b.obsSize : (i+1)*b.obsSize]
	b.CurrentPlayer[i] = int32(seat)
	g.turn[i] = seat
	terminated := seat == Terminal
	truncated := played && !terminated && g.maxPlies > 0 && g.games[i].Ply()-g.startPly >= g.maxPlies
	b.Terminated[i], b.Truncated[i] = terminated, truncated
	b.finished[i] = terminated || truncated
	if terminated {
		r := g.games[i].Outcome().Returns()
		for k := range rewards {
			rewards[k] = float32(r[k])
		}
		seat = g.last[i]
	} else {
		clear(rewards)
	}
	legal := b.legal[i*b.actions : (i+1)*b.actions]
	switch masker, ok := any(&g.games[i]).(ActionMasker); {
	case terminated || truncated:
		for k := range mask {
			mask[k] = true
		}
		clear(legal) // a finished game takes no action: the next step restarts it
	case ok:
		masker.LegalActionMask(legal) // a pointer in an interface: no allocation
		copy(mask, legal)
	default:
		clear(legal)
		s.moves = g.games[i].AppendMoves(s.moves[:0])
		for _, m := range s.moves {
			if a := g.kits[i].ActionIndex(m); a >= 0 && a < len(legal) {
				legal[a] = true
			}
		}
		copy(mask, legal)
	}
	if got := g.kits[i].AppendObservation(obs[:0:len(obs)], seat); len(got) != len(obs) {
		clear(obs) // a seat the game does not observe for: no stale values
	}
}

func (g *batchGames[P, M]) state(i int) Dynamic {
	return erased[P, M]{p: g.games[i], kits: g.kitPool}
}
