//go:build js && wasm

//lint:file-ignore U1000 the go:wasmexport functions are called by JavaScript, which staticcheck does not see

package main

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/binding"
)

// positions are the positions JavaScript holds, by handle. A handle freed
// is not given again until the handles have gone round all 2^31 - 1, so
// that a stale copy names nothing for as long as can be; then the free
// ones are given again, so that a page that plays for days keeps working.
var (
	positions = map[int32]rules.Dynamic{}
	lastID    int32
)

func hold(d rules.Dynamic) int32 {
	id, ok := binding.NextHandle(lastID, len(positions), func(h int32) bool { _, held := positions[h]; return held })
	if !ok {
		return fail(badArgument{"no handles left: the module holds 2^31 - 1 positions"})
	}
	lastID = id
	positions[id] = d
	return id
}

func position(h int32) (rules.Dynamic, error) {
	d, ok := positions[h]
	if !ok {
		return nil, badHandle{h}
	}
	return d, nil
}

// tr_games writes the registered games' names, one per line.
//
//go:wasmexport tr_games
func trGames() (ret int32) {
	defer guard(&ret)
	return text(strings.Join(rules.Games(), "\n"))
}

// tr_live counts the positions held, for the leak tests.
//
//go:wasmexport tr_live
func trLive() int32 { return int32(len(positions)) }

// tr_open opens the start of the spec at [0, n) of the input.
//
//go:wasmexport tr_open
func trOpen(n int32) (ret int32) {
	defer guard(&ret)
	spec, err := input(0, n)
	if err != nil {
		return fail(err)
	}
	d, err := rules.Open(spec)
	if err != nil {
		return fail(err)
	}
	return hold(d)
}

// tr_open_position opens the position text at [n, n+m) of the input in
// the spec at [0, n).
//
//go:wasmexport tr_open_position
func trOpenPosition(n, m int32) (ret int32) {
	defer guard(&ret)
	spec, err := input(0, n)
	if err != nil {
		return fail(err)
	}
	pos, err := input(n, m)
	if err != nil {
		return fail(err)
	}
	d, err := rules.OpenPosition(spec, pos)
	if err != nil {
		return fail(err)
	}
	return hold(d)
}

// tr_from_json opens the stored position, {"spec": ..., "position": ...},
// at [0, n) of the input.
//
//go:wasmexport tr_from_json
func trFromJSON(n int32) (ret int32) {
	defer guard(&ret)
	data, err := input(0, n)
	if err != nil {
		return fail(err)
	}
	d, err := rules.UnmarshalDynamic([]byte(data))
	if err != nil {
		return fail(err)
	}
	return hold(d)
}

// tr_free lets a position go: 1, or 0 for a handle not held (freeing
// twice is harmless).
//
//go:wasmexport tr_free
func trFree(h int32) int32 {
	if _, ok := positions[h]; !ok {
		return 0
	}
	delete(positions, h)
	return 1
}

// get calls f with the position of handle h.
func get(h int32, f func(rules.Dynamic) int32) (ret int32) {
	defer guard(&ret)
	d, err := position(h)
	if err != nil {
		return fail(err)
	}
	return f(d)
}

//go:wasmexport tr_spec
func trSpec(h int32) int32 { return get(h, func(d rules.Dynamic) int32 { return text(d.Spec()) }) }

//go:wasmexport tr_text
func trText(h int32) int32 { return get(h, func(d rules.Dynamic) int32 { return text(d.String()) }) }

//go:wasmexport tr_seats
func trSeats(h int32) int32 { return get(h, func(d rules.Dynamic) int32 { return int32(d.Seats()) }) }

// tr_to_move returns the seat to move, rules.Chance (-1) or
// rules.Terminal (-2).
//
//go:wasmexport tr_to_move
func trToMove(h int32) int32 { return get(h, func(d rules.Dynamic) int32 { return int32(d.ToMove()) }) }

// tr_ply writes the plies played as one float64 (exact: a position
// counts at most 2^32 - 1, beyond int32) and returns 1.
//
//go:wasmexport tr_ply
func trPly(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 { return numbers([]float64{float64(d.Ply())}) })
}

// tr_hash writes the hash in hexadecimal, 16 digits (as Go's %016x).
//
//go:wasmexport tr_hash
func trHash(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		digits := strconv.FormatUint(d.Hash(), 16)
		return text(strings.Repeat("0", 16-len(digits)) + digits)
	})
}

//go:wasmexport tr_result
func trResult(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 { return text(d.Outcome().Result()) })
}

// tr_reason writes why the game ended, in the game's words; nothing
// while it goes on.
//
//go:wasmexport tr_reason
func trReason(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		if o := d.Outcome(); o.Over() {
			return text(o.Reason.String())
		}
		return text("")
	})
}

// tr_returns writes each seat's return, as float64.
//
//go:wasmexport tr_returns
func trReturns(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		r := d.Outcome().Returns()
		return numbers(r[:d.Seats()])
	})
}

//go:wasmexport tr_diagram
func trDiagram(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 { return text(d.Diagram()) })
}

// tr_moves writes the legal moves, one per line.
//
//go:wasmexport tr_moves
func trMoves(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 { return text(strings.Join(d.Moves(), "\n")) })
}

// tr_chances writes a chance node's outcomes, one per line: the move, the
// numerator and the denominator of its probability, separated by tabs.
//
//go:wasmexport tr_chances
func trChances(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		var b strings.Builder
		for i, c := range d.Chances() {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(c.Move + "\t" + strconv.FormatUint(c.Prob.Num, 10) + "\t" + strconv.FormatUint(c.Prob.Den, 10))
		}
		return text(b.String())
	})
}

// tr_random_move writes a uniformly random legal move (a chance outcome
// by its probability), or nothing once the game is over.
//
//go:wasmexport tr_random_move
func trRandomMove(h int32) int32 {
	return get(h, func(d rules.Dynamic) int32 { return text(d.RandomMove(nil)) })
}

// withMove calls f with the position of handle h and the move at [0, n)
// of the input.
func withMove(h, n int32, f func(d rules.Dynamic, move string) int32) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		m, err := input(0, n)
		if err != nil {
			return fail(err)
		}
		return f(d, m)
	})
}

// tr_legal returns 1 for a legal move, or fails with the reason.
//
//go:wasmexport tr_legal
func trLegal(h, n int32) int32 {
	return withMove(h, n, func(d rules.Dynamic, m string) int32 {
		if err := d.Legal(m); err != nil {
			return fail(err)
		}
		return 1
	})
}

//go:wasmexport tr_canonical
func trCanonical(h, n int32) int32 {
	return withMove(h, n, func(d rules.Dynamic, m string) int32 {
		c, err := d.Canonical(m)
		if err != nil {
			return fail(err)
		}
		return text(c)
	})
}

//go:wasmexport tr_play
func trPlay(h, n int32) int32 {
	return withMove(h, n, func(d rules.Dynamic, m string) int32 {
		next, err := d.Play(m)
		if err != nil {
			return fail(err)
		}
		return hold(next)
	})
}

//go:wasmexport tr_action_index
func trActionIndex(h, n int32) int32 {
	return withMove(h, n, func(d rules.Dynamic, m string) int32 {
		i, err := d.ActionIndex(m)
		if err != nil {
			return fail(err)
		}
		return int32(i)
	})
}

// tr_playout plays random moves from the position until the game ends
// or maxPlies plies are played (maxPlies < 0: no bound), with a generator
// seeded with seed (a whole number below 2^53), or the module's own when
// seed is negative; it returns the handle of the position reached.
//
//go:wasmexport tr_playout
func trPlayout(h, maxPlies int32, seed float64) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		r, err := seeded(seed)
		if err != nil {
			return fail(err)
		}
		end, _ := d.Playout(r, int(maxPlies))
		return hold(end)
	})
}

// rolled is the outcome of the last tr_rollout, for tr_rollout_result.
var rolled rules.Outcome

// seeded returns the generator of a seed the wrapper passes: nil (the
// module's own) for a negative one.
func seeded(seed float64) (*rand.Rand, error) {
	if seed < 0 {
		return nil, nil
	}
	if seed >= 1<<53 || seed != math.Trunc(seed) {
		return nil, badArgument{"the seed must be a whole number below 2^53"}
	}
	return rand.New(rand.NewPCG(uint64(seed), 0)), nil
}

// tr_rollout plays a random game from the position, cut after maxPlies
// plies (maxPlies < 0: no cut), through the game's fast path when it has
// one (Dynamic.Rollout), with a generator seeded as tr_playout's: it
// writes each seat's return as float64 (0 for a cut game) and returns
// their count; tr_rollout_result then writes the result.
//
//go:wasmexport tr_rollout
func trRollout(h, maxPlies int32, seed float64) int32 {
	return get(h, func(d rules.Dynamic) int32 {
		r, err := seeded(seed)
		if err != nil {
			return fail(err)
		}
		rolled = d.Rollout(r, int(maxPlies))
		ret := rolled.Returns()
		return numbers(ret[:d.Seats()])
	})
}

// tr_rollout_result writes the result of the last tr_rollout in record
// notation ("*" for a cut game).
//
//go:wasmexport tr_rollout_result
func trRolloutResult() int32 { return text(rolled.Result()) }
