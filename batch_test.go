package rules_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
)

// batchSpecs lists every registered game's variants, the bare name first.
func batchSpecs(t testing.TB) []string {
	var specs []string
	for _, name := range rules.Games() {
		g, err := rules.Lookup(name)
		require.NoError(t, err)
		if !g.Kit {
			continue // see TestBatchRefusesAGameWithoutTheKit
		}
		specs = append(specs, name)
		for _, v := range g.Variants {
			specs = append(specs, v.Spec)
		}
	}
	return specs
}

func TestBatchRefusesAGameWithoutTheKit(t *testing.T) {
	g, err := rules.Lookup("tictactoe")
	require.NoError(t, err)
	assert.False(t, g.Kit, "the test game implements the rules alone")
	start, err := rules.Open("tictactoe")
	require.NoError(t, err)
	_, err = rules.NewBatch(start, 4, rules.BatchOptions{})
	assert.ErrorIs(t, err, rules.ErrNotSupported)
	assert.Equal(t, "not-supported", rules.ErrorCode(err))
}

// pickActions picks a uniformly random action from each game's mask.
func pickActions(r *rand.Rand, b *rules.Batch, actions []int32) {
	a := b.NumActions()
	for i := range actions {
		var legal []int32
		for k, ok := range b.LegalActionMask[i*a : (i+1)*a] {
			if ok {
				legal = append(legal, int32(k))
			}
		}
		actions[i] = legal[r.IntN(len(legal))]
	}
}

// TestBatchAgreesWithDynamic plays random batches of every variant and
// checks each game's row of every array against its position, seen
// through Dynamic, and that each step's position is reached from the
// one before by the action and chance outcomes alone.
func TestBatchAgreesWithDynamic(t *testing.T) {
	for _, spec := range batchSpecs(t) {
		t.Run(spec, func(t *testing.T) {
			start, err := rules.Open(spec)
			require.NoError(t, err)
			const n = 6
			b, err := rules.NewBatch(start, n, rules.BatchOptions{Seed: 3, MaxPlies: 60, Workers: 2})
			require.NoError(t, err)
			require.NoError(t, b.Reset())
			r := rand.New(rand.NewPCG(1, 2))
			actions := make([]int32, n)
			before := make([]rules.Dynamic, n)
			ended := 0
			for step := range 150 {
				for i := range n {
					before[i], err = b.State(i)
					require.NoError(t, err)
				}
				finished := slices.Clone(b.Terminated)
				for i, tr := range b.Truncated {
					finished[i] = finished[i] || tr
				}
				pickActions(r, b, actions)
				require.NoError(t, b.Step(actions), "step %d", step)
				checkStep(t, b, start, before, actions, finished, 60+start.Ply())
				for i := range n {
					if b.Terminated[i] {
						ended++
					}
				}
			}
			t.Logf("%d games ended", ended)
		})
	}
}

// FuzzBatch steps a batch of a fuzzed variant, size, seed, ply limit and
// worker count with fuzzed actions: legal ones picked from the masks, and
// raw values that may be out of range, illegal or meant for a finished
// game. A step either refuses with a *BatchError naming a game whose
// action its position refuses (and changes nothing), or every game's row
// agrees with its position and the position follows from the last by the
// action and chance outcomes alone.
func FuzzBatch(f *testing.F) {
	specs := batchSpecs(f)
	for i := range specs {
		f.Add(uint8(i), uint8(5), uint64(i), uint8(30), uint8(2), []byte{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22})
	}
	f.Add(uint8(0), uint8(3), uint64(1), uint8(0), uint8(1), []byte{1, 0xff, 0xff, 0xff, 0x7f, 3, 0, 0, 0, 0, 2, 2})
	f.Fuzz(func(t *testing.T, which, size uint8, seed uint64, maxPlies, workers uint8, data []byte) {
		spec := specs[int(which)%len(specs)]
		n := 1 + int(size%8)
		start, err := rules.Open(spec)
		require.NoError(t, err)
		limit := int(maxPlies % 80)
		b, err := rules.NewBatch(start, n, rules.BatchOptions{Seed: seed, MaxPlies: limit, Workers: 1 + int(workers%3)})
		require.NoError(t, err)
		require.NoError(t, b.Reset())
		actions := make([]int32, n)
		before := make([]rules.Dynamic, n)
		for step := 0; len(data) >= 2*n && step < 40; step++ {
			finished := make([]bool, n)
			for i := range n {
				before[i], err = b.State(i)
				require.NoError(t, err)
				finished[i] = b.Terminated[i] || b.Truncated[i]
				raw := data[2*i : 2*i+2]
				if raw[0]%2 == 0 { // a legal action, the raw[1]-th of the mask
					var legal []int32
					for k, ok := range b.LegalActionMask[i*b.NumActions() : (i+1)*b.NumActions()] {
						if ok {
							legal = append(legal, int32(k))
						}
					}
					actions[i] = legal[int(raw[1])%len(legal)]
				} else {
					actions[i] = int32(int8(raw[1])) * int32(raw[0]) // negative, past the space, or any
				}
			}
			data = data[2*n:]
			arrays := fmt.Sprint(b.Observation, b.LegalActionMask, b.CurrentPlayer, b.Rewards, b.Terminated, b.Truncated)
			if err := b.Step(actions); err != nil {
				var be *rules.BatchError
				require.ErrorAs(t, err, &be)
				a := be.Game
				require.False(t, finished[a], "step %d: game %d is finished; its action is ignored", step, a)
				_, perr := before[a].PlayAction(int(actions[a]))
				require.Error(t, perr, "step %d: game %d's action %d refused (%v), but its position plays it", step, a, actions[a], err)
				require.Equal(t, arrays, fmt.Sprint(b.Observation, b.LegalActionMask, b.CurrentPlayer, b.Rewards, b.Terminated, b.Truncated),
					"a refused step changed the arrays")
				continue
			}
			truncateAt := math.MaxInt
			if limit > 0 {
				truncateAt = limit + start.Ply()
			}
			checkStep(t, b, start, before, actions, finished, truncateAt)
		}
	})
}

// checkStep checks every game after a step: its position follows from
// the one before (before[i], or start for a game that finished) by its
// action and chance outcomes alone, and its rows agree with it.
func checkStep(t *testing.T, b *rules.Batch, start rules.Dynamic, before []rules.Dynamic, actions []int32, finished []bool, truncateAt int) {
	t.Helper()
	for i := range b.Len() {
		d, err := b.State(i)
		require.NoError(t, err)
		if finished[i] {
			reachFrom(t, start, d, -1)
		} else {
			reachFrom(t, before[i], d, int(actions[i]))
		}
		checkRow(t, b, i, d, before[i], finished[i], truncateAt)
	}
}

// reachFrom checks that to is from after action (none for -1) and chance
// outcomes.
func reachFrom(t *testing.T, from, to rules.Dynamic, action int) {
	t.Helper()
	p := from
	if action >= 0 {
		var err error
		p, err = p.PlayAction(action)
		require.NoError(t, err)
	}
	for p.Node() == rules.ChanceNode && p.Typed() != to.Typed() {
		var next rules.Dynamic
		for _, c := range p.Chances() {
			q, err := p.Play(c.Move)
			require.NoError(t, err)
			if q.Ply() <= to.Ply() { // the draws are each a ply: try each
				if reaches(q, to) {
					next = q
					break
				}
			}
		}
		require.NotNil(t, next, "no chance outcome of %v reaches %v", p, to)
		p = next
	}
	require.Equal(t, to.Typed(), p.Typed())
}

// reaches reports whether chance outcomes alone lead from p to to.
func reaches(p, to rules.Dynamic) bool {
	if p.Typed() == to.Typed() {
		return true
	}
	if p.Node() != rules.ChanceNode || p.Ply() >= to.Ply() {
		return false
	}
	for _, c := range p.Chances() {
		if q, err := p.Play(c.Move); err == nil && reaches(q, to) {
			return true
		}
	}
	return false
}

// checkRow checks game i's values in every array of b against d.
func checkRow(t *testing.T, b *rules.Batch, i int, d, before rules.Dynamic, restarted bool, truncateAt int) {
	t.Helper()
	a, s, o := b.NumActions(), b.Seats(), b.ObservationSize()
	assert.Equal(t, int32(d.ToMove()), b.CurrentPlayer[i])
	assert.NotEqual(t, rules.ChanceNode, d.Node())
	terminated := d.Node() == rules.TerminalNode
	assert.Equal(t, terminated, b.Terminated[i])
	assert.Equal(t, !terminated && !restarted && d.Ply() >= truncateAt, b.Truncated[i], "a game is truncated by a step that played, never at its start")
	var want [rules.MaxSeats]float64
	if terminated {
		want = d.Outcome().Returns()
	}
	for k := range s {
		assert.Equal(t, float32(want[k]), b.Rewards[i*s+k])
	}
	mask := make([]bool, a)
	if terminated || b.Truncated[i] {
		for k := range mask {
			mask[k] = true
		}
	} else {
		require.NoError(t, d.LegalActionMask(mask))
	}
	assert.Equal(t, mask, b.LegalActionMask[i*a:(i+1)*a])
	seat := d.ToMove()
	if terminated {
		seat = before.ToMove() // the last mover: no game here ends on a draw
		if restarted {
			seat = rules.Terminal
		}
	}
	want32 := make([]float32, o)
	copy(want32, d.Observation(seat))
	assert.Equal(t, want32, b.Observation[i*o:(i+1)*o])
}

func TestBatchSameGamesWhateverTheWorkers(t *testing.T) {
	for _, spec := range []string{"hex(size=5)", "domination", "focus(players=4,teams=true)"} {
		var runs [][]float32
		for _, workers := range []int{1, 2, 3, 7} {
			start, err := rules.Open(spec)
			require.NoError(t, err)
			b, err := rules.NewBatch(start, 100, rules.BatchOptions{Seed: 9, Workers: workers})
			require.NoError(t, err)
			require.NoError(t, b.Reset())
			r := rand.New(rand.NewPCG(5, 5))
			actions := make([]int32, 100)
			var trace []float32
			for range 80 {
				pickActions(r, b, actions)
				require.NoError(t, b.Step(actions))
				trace = append(trace, b.Observation...)
				trace = append(trace, b.Rewards...)
			}
			runs = append(runs, trace)
		}
		for _, run := range runs[1:] {
			assert.Equal(t, runs[0], run, spec)
		}
	}
}

func TestBatchSeedsDiffer(t *testing.T) {
	start, err := rules.Open("domination")
	require.NoError(t, err)
	var obs [][]float32
	for seed := range uint64(2) {
		b, err := rules.NewBatch(start, 4, rules.BatchOptions{Seed: seed})
		require.NoError(t, err)
		require.NoError(t, b.Reset())
		obs = append(obs, slices.Clone(b.Observation))
	}
	assert.NotEqual(t, obs[0], obs[1], "the first draws of two seeds")
}

func TestBatchIllegalActionChangesNothing(t *testing.T) {
	start, err := rules.Open("hex(size=3,swap=none)")
	require.NoError(t, err)
	b, err := rules.NewBatch(start, 64, rules.BatchOptions{Workers: 2})
	require.NoError(t, err)
	require.NoError(t, b.Reset())
	actions := make([]int32, 64)
	require.NoError(t, b.Step(actions)) // a1 everywhere
	obs := slices.Clone(b.Observation)
	mask := slices.Clone(b.LegalActionMask)
	for i := range actions {
		actions[i] = 1
	}
	actions[40] = 0 // a1 again: occupied
	err = b.Step(actions)
	var be *rules.BatchError
	require.ErrorAs(t, err, &be)
	assert.Equal(t, 40, be.Game)
	assert.Equal(t, 0, be.Action)
	assert.ErrorIs(t, err, rules.ErrIllegal)
	assert.Equal(t, "illegal", rules.ErrorCode(err))
	actions[40] = 9
	err = b.Step(actions)
	assert.ErrorIs(t, err, rules.ErrOutOfRange)
	assert.Equal(t, "out-of-range", rules.ErrorCode(err))
	assert.EqualError(t, err, "game 40: action 9: rules: action index 9 is outside [0, 9)")
	actions[40] = -1
	assert.ErrorIs(t, b.Step(actions), rules.ErrOutOfRange)
	assert.Equal(t, obs, b.Observation)
	assert.Equal(t, mask, b.LegalActionMask)
	d, err := b.State(40)
	require.NoError(t, err)
	assert.Equal(t, 1, d.Ply())
	assert.Error(t, b.Step(actions[:63]), "one action short")
}

func TestBatchRestartsTheStepAfterTheEnd(t *testing.T) {
	start, err := rules.Open("hex(size=1)")
	require.NoError(t, err)
	b, err := rules.NewBatch(start, 2, rules.BatchOptions{})
	require.NoError(t, err)
	require.NoError(t, b.Reset())
	assert.Equal(t, []int32{0, 0}, b.CurrentPlayer)
	actions := []int32{0, 0}
	require.NoError(t, b.Step(actions)) // a1 wins
	assert.Equal(t, []bool{true, true}, b.Terminated)
	assert.Equal(t, []float32{1, -1, 1, -1}, b.Rewards)
	assert.Equal(t, []int32{int32(rules.Terminal), int32(rules.Terminal)}, b.CurrentPlayer)
	assert.Equal(t, []bool{true, true, true, true}, b.LegalActionMask, "1×1 has a1 and swap, both accepted once over")
	actions = []int32{1, 1} // ignored: the games restart
	require.NoError(t, b.Step(actions))
	assert.Equal(t, []bool{false, false}, b.Terminated)
	assert.Equal(t, []float32{0, 0, 0, 0}, b.Rewards)
	assert.Equal(t, []bool{true, false, true, false}, b.LegalActionMask)
}

func TestBatchTruncates(t *testing.T) {
	start, err := rules.Open("hex(size=9)")
	require.NoError(t, err)
	b, err := rules.NewBatch(start, 1, rules.BatchOptions{MaxPlies: 2})
	require.NoError(t, err)
	require.NoError(t, b.Reset())
	require.NoError(t, b.Step([]int32{0}))
	assert.False(t, b.Truncated[0])
	require.NoError(t, b.Step([]int32{1}))
	assert.True(t, b.Truncated[0])
	assert.False(t, b.Terminated[0])
	require.NoError(t, b.Step([]int32{5}))
	assert.False(t, b.Truncated[0])
	d, err := b.State(0)
	require.NoError(t, err)
	assert.Equal(t, 0, d.Ply())
}

func TestBatchRefusesBadArguments(t *testing.T) {
	start, err := rules.Open("hex(size=3)")
	require.NoError(t, err)
	for _, n := range []int{0, -1, 1<<24 + 1} {
		_, err := rules.NewBatch(start, n, rules.BatchOptions{})
		assert.Error(t, err, n)
	}
	_, err = rules.NewBatch(start, 1, rules.BatchOptions{MaxPlies: -1})
	assert.Error(t, err)
	_, err = rules.NewBatch(start, 1, rules.BatchOptions{Workers: -1})
	assert.Error(t, err)
	_, err = rules.NewBatch(nil, 1, rules.BatchOptions{})
	assert.ErrorIs(t, err, rules.ErrNoGame)
	_, err = rules.NewBatch(rules.State{}, 1, rules.BatchOptions{})
	assert.ErrorIs(t, err, rules.ErrNoGame)
	over, err := rules.OpenPosition("hex(size=1,swap=none)", "B w -")
	require.NoError(t, err)
	_, err = rules.NewBatch(over, 1, rules.BatchOptions{})
	assert.ErrorIs(t, err, rules.ErrGameOver)

	var zero rules.Batch
	assert.ErrorIs(t, zero.Reset(), rules.ErrNoGame)
	assert.ErrorIs(t, zero.Step(nil), rules.ErrNoGame)
	_, err = zero.State(0)
	assert.ErrorIs(t, err, rules.ErrNoGame)

	b, err := rules.NewBatch(start, 2, rules.BatchOptions{})
	require.NoError(t, err)
	_, err = b.State(2)
	assert.ErrorIs(t, err, rules.ErrOutOfRange)
	_, err = b.State(-1)
	assert.ErrorIs(t, err, rules.ErrOutOfRange)
	b.Observation = b.Observation[:1]
	assert.EqualError(t, b.Reset(), "rules: the batch's Observation has length 1, not 180")
	assert.Error(t, b.Step([]int32{0, 0}))
}

func TestBatchStepAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops its items under the race detector")
	}
	for _, spec := range []string{"hex(size=11)", "focus", "domination", "explocus"} {
		start, err := rules.Open(spec)
		require.NoError(t, err)
		const n = 16
		b, err := rules.NewBatch(start, n, rules.BatchOptions{Workers: 1, MaxPlies: 100})
		require.NoError(t, err)
		require.NoError(t, b.Reset())
		r := rand.New(rand.NewPCG(1, 1))
		actions := make([]int32, n)
		a := b.NumActions()
		assert.Zero(t, testing.AllocsPerRun(500, func() {
			for i := range actions { // the first legal action from a random one on
				mask := b.LegalActionMask[i*a : (i+1)*a]
				for k, j := 0, r.IntN(a); k < a; k, j = k+1, (j+1)%a {
					if mask[j] {
						actions[i] = int32(j)
						break
					}
				}
			}
			if err := b.Step(actions); err != nil {
				t.Fatal(err)
			}
		}), spec)
	}
}

func TestBatchStepOverTheCoresAllocatesTwiceAStep(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops its items under the race detector")
	}
	start, err := rules.Open("hex(size=11)")
	require.NoError(t, err)
	const n = 1024
	b, err := rules.NewBatch(start, n, rules.BatchOptions{Workers: 2})
	require.NoError(t, err)
	require.NoError(t, b.Reset())
	actions := make([]int32, n)
	a := b.NumActions()
	assert.LessOrEqual(t, testing.AllocsPerRun(100, func() {
		for i := range actions {
			actions[i] = int32(slices.Index(b.LegalActionMask[i*a:(i+1)*a], true))
		}
		if err := b.Step(actions); err != nil {
			t.Fatal(err)
		}
	}), 2.0, "a job and its closure, whatever the number of games")
}

func TestDynamicActionBuffersAllocateNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops its items under the race detector")
	}
	for _, spec := range []string{"hex(size=11)", "focus", "domination", "explocus"} {
		d, err := rules.Open(spec)
		require.NoError(t, err)
		d, err = d.Play(d.RandomMove(rand.New(rand.NewPCG(1, 1))))
		require.NoError(t, err)
		mask := make([]bool, d.NumActions())
		if d.Node() == rules.ChanceNode {
			mask = make([]bool, d.NumChanceActions())
		}
		shape := d.ObservationShape()
		obs := make([]float32, 0, shape[0]*shape[1]*shape[2])
		actions := make([]int, 0, len(mask))
		assert.Zero(t, testing.AllocsPerRun(100, func() {
			_ = d.LegalActionMask(mask)
			obs = d.AppendObservation(obs[:0], d.ToMove())
			actions = d.AppendLegalActions(actions[:0])
		}), spec)
		assert.Equal(t, d.LegalActions(), actions)
		for k, a := range actions {
			assert.True(t, mask[a], k)
		}
		assert.Equal(t, len(actions), count(mask))
		assert.Equal(t, d.Observation(d.ToMove()), obs)
		assert.Error(t, d.LegalActionMask(mask[1:]))
	}
}

func count(mask []bool) int {
	n := 0
	for _, ok := range mask {
		if ok {
			n++
		}
	}
	return n
}

func TestBatchErrBusy(t *testing.T) {
	start, err := rules.Open("hex(size=11)")
	require.NoError(t, err)
	b, err := rules.NewBatch(start, 4096, rules.BatchOptions{})
	require.NoError(t, err)
	require.NoError(t, b.Reset())
	done := make(chan error)
	go func() {
		actions := make([]int32, 4096)
		var err error
		for k := range 50 {
			for i := range actions {
				actions[i] = int32(k)
			}
			for err = rules.ErrBusy; errors.Is(err, rules.ErrBusy); {
				err = b.Step(actions) // busy while the test's State runs
			}
			if err != nil {
				break
			}
		}
		done <- err
	}()
	busy := false
	for !busy {
		select {
		case err := <-done:
			require.NoError(t, err)
			t.Skip("the steps ended before a call met one") // cannot be failed by the code, only by timing
		default:
		}
		_, err := b.State(0)
		busy = errors.Is(err, rules.ErrBusy)
	}
	require.NoError(t, <-done)
}

// BenchmarkBatch is the Go loop the Python package's VectorEnv is
// measured against: random self-play with observations and masks,
// counting the time inside Step alone.
func BenchmarkBatch(b *testing.B) {
	for _, spec := range []string{"hex(size=11)", "focus"} {
		b.Run(spec, func(b *testing.B) {
			start, err := rules.Open(spec)
			require.NoError(b, err)
			const n = 1024
			batch, err := rules.NewBatch(start, n, rules.BatchOptions{})
			require.NoError(b, err)
			require.NoError(b, batch.Reset())
			r := rand.New(rand.NewPCG(1, 1))
			actions := make([]int32, n)
			for b.Loop() {
				b.StopTimer()
				pickActions(r, batch, actions)
				b.StartTimer()
				if err := batch.Step(actions); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

func TestBatchGamesDrawTheirOwnChances(t *testing.T) {
	start, err := rules.Open("domination")
	require.NoError(t, err)
	b, err := rules.NewBatch(start, 8, rules.BatchOptions{Seed: 1})
	require.NoError(t, err)
	require.NoError(t, b.Reset())
	o := b.ObservationSize()
	distinct := map[string]bool{}
	for i := range 8 {
		distinct[fmt.Sprint(b.Observation[i*o:(i+1)*o])] = true
	}
	assert.Greater(t, len(distinct), 4, "eight games' first draws, from their own generators")
}

func TestBatchChecksActionsAgainstItsOwnMasks(t *testing.T) {
	start, err := rules.Open("hex(size=3,swap=none)")
	require.NoError(t, err)
	b, err := rules.NewBatch(start, 2, rules.BatchOptions{})
	require.NoError(t, err)
	require.NoError(t, b.Reset())
	require.NoError(t, b.Step([]int32{0, 0}))
	for i := range b.LegalActionMask {
		b.LegalActionMask[i] = true // the caller writes its arrays
	}
	b.Terminated[0], b.CurrentPlayer[0] = true, 7
	assert.ErrorIs(t, b.Step([]int32{0, 1}), rules.ErrIllegal, "a1 is still taken")
	require.NoError(t, b.Step([]int32{1, 1}))
	d, err := b.State(0)
	require.NoError(t, err)
	assert.Equal(t, 2, d.Ply(), "game 0 played on: the batch keeps its own flags")
}

// TestBatchStepPlaysWhatItChecked changes the actions while steps run
// (as another thread may, over numpy's memory): each step must play the
// actions it checked, or refuse them all, and leave positions of the game.
func TestBatchStepPlaysWhatItChecked(t *testing.T) {
	if raceEnabled {
		t.Skip("the test writes the actions during a step on purpose")
	}
	start, err := rules.Open("hex(size=11,swap=none)")
	require.NoError(t, err)
	const n = 2048
	b, err := rules.NewBatch(start, n, rules.BatchOptions{Workers: 2})
	require.NoError(t, err)
	require.NoError(t, b.Reset())
	actions := make([]int32, n)
	require.NoError(t, b.Step(actions)) // a1 everywhere
	var flips atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { // 1 (legal) and 0 (taken) in turn, as fast as it can
		defer close(done)
		for k := int32(0); ; k++ {
			select {
			case <-stop:
				return
			default:
			}
			for i := range actions {
				atomicStore(&actions[i], k&1)
			}
			flips.Add(1)
		}
	}()
	for flips.Load() < 2 {
		runtime.Gosched()
	}
	played := 0
	for range 20000 {
		if b.Step(actions) == nil {
			played++
			break // a1 then b1: the next step would find b1 taken too
		}
	}
	close(stop)
	<-done
	for i := range n {
		d, err := b.State(i)
		require.NoError(t, err)
		back, err := rules.OpenPosition(d.Spec(), d.String())
		require.NoError(t, err, "game %d: %s", i, d)
		require.Equal(t, d.Typed(), back.Typed())
	}
	t.Logf("%d steps played among %d flips", played, flips.Load())
}

func TestBatchNeverTruncatesAtTheStart(t *testing.T) {
	start, err := rules.Open("domination")
	require.NoError(t, err)
	b, err := rules.NewBatch(start, 2, rules.BatchOptions{MaxPlies: 1})
	require.NoError(t, err)
	require.NoError(t, b.Reset())
	assert.Equal(t, []bool{false, false}, b.Truncated, "the opening draw is a ply, but no step played")
	actions := make([]int32, 2)
	a := b.NumActions()
	for i := range actions {
		actions[i] = int32(slices.Index(b.LegalActionMask[i*a:(i+1)*a], true))
	}
	require.NoError(t, b.Step(actions))
	assert.Equal(t, []bool{true, true}, b.Truncated)
	require.NoError(t, b.Step(actions)) // restarts, whatever the actions
	assert.Equal(t, []bool{false, false}, b.Truncated)
}

func TestDynamicLegalActionMaskTakesOnlyItsSpace(t *testing.T) {
	d, err := rules.Open("hex(size=3)")
	require.NoError(t, err)
	for _, n := range []int{0, 9, 11, 20} {
		assert.Error(t, d.LegalActionMask(make([]bool, n)), n)
	}
	mask := make([]bool, 10)
	require.NoError(t, d.LegalActionMask(mask))
	assert.Equal(t, 9, count(mask), "nine cells; the swap comes after the first stone")
}

func atomicStore(p *int32, v int32) { atomic.StoreInt32(p, v) }
