package main

/*
#include <stdint.h>
#include <stdbool.h>
*/
import "C"

import (
	"errors"
	"math/rand/v2"
	"time"
	"unsafe"

	"github.com/tabletop-go/rules"
)

// batch is a rules.Batch whose arrays are numpy's: the caller allocates
// them, passes their addresses once, and keeps them alive until it frees
// the batch.
type batch struct {
	*rules.Batch
}

func getBatch(h C.int64_t) (*batch, error) {
	b, ok := batches.get(int64(h))
	if !ok {
		return nil, errBadHandle
	}
	return b, nil
}

// tr_env_new makes a batch of n games starting from the position of
// handle start, its arrays at the addresses given: observation (n ×
// planes × rows × cols float32), mask (n × actions bool), player (n
// int32), rewards (n × seats float32), terminated and truncated (n bool).
//
//export tr_env_new
func tr_env_new(start C.int64_t, n C.int64_t, seed C.uint64_t, maxPlies C.int64_t, workers C.int64_t,
	obs *C.float, mask *C.bool, player *C.int32_t, rewards *C.float, terminated *C.bool, truncated *C.bool,
) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(start)
	if err != nil {
		return fail(err)
	}
	if n <= 0 || n > 1<<24 || maxPlies < 0 || maxPlies > 1<<30 || workers < 0 || workers > 1<<10 {
		return fail(errors.New("bad batch arguments"))
	}
	b, err := rules.NewBatch(d, int(n), rules.BatchOptions{Seed: uint64(seed), MaxPlies: int(maxPlies), Workers: int(workers)})
	if err != nil {
		return fail(err)
	}
	if obs == nil || mask == nil || player == nil || rewards == nil || terminated == nil || truncated == nil {
		return fail(errors.New("a batch array is missing"))
	}
	b.Observation = unsafe.Slice((*float32)(unsafe.Pointer(obs)), len(b.Observation))
	b.LegalActionMask = unsafe.Slice((*bool)(unsafe.Pointer(mask)), len(b.LegalActionMask))
	b.CurrentPlayer = unsafe.Slice((*int32)(unsafe.Pointer(player)), len(b.CurrentPlayer))
	b.Rewards = unsafe.Slice((*float32)(unsafe.Pointer(rewards)), len(b.Rewards))
	b.Terminated = unsafe.Slice((*bool)(unsafe.Pointer(terminated)), len(b.Terminated))
	b.Truncated = unsafe.Slice((*bool)(unsafe.Pointer(truncated)), len(b.Truncated))
	id, err := batches.put(&batch{b})
	if err != nil {
		return fail(err)
	}
	return C.int64_t(id)
}

//export tr_env_free
func tr_env_free(h C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	b, err := getBatch(h)
	if err != nil {
		return fail(err)
	}
	// A batch under way in another thread keeps its arrays in use: refuse.
	if _, err := b.State(0); errors.Is(err, rules.ErrBusy) {
		return fail(err)
	}
	batches.remove(int64(h))
	return 0
}

//export tr_env_reset
func tr_env_reset(h C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	b, err := getBatch(h)
	if err != nil {
		return fail(err)
	}
	if err := b.Reset(); err != nil {
		return fail(err)
	}
	return 0
}

//export tr_env_step
func tr_env_step(h C.int64_t, actions *C.int32_t, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	b, err := getBatch(h)
	if err != nil {
		return fail(err)
	}
	if int64(n) != int64(b.Len()) || actions == nil {
		return fail(errors.New("an actions array of the wrong length"))
	}
	if err := b.Step(unsafe.Slice((*int32)(unsafe.Pointer(actions)), b.Len())); err != nil {
		return fail(err)
	}
	return 0
}

//export tr_env_state
func tr_env_state(h C.int64_t, i C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	b, err := getBatch(h)
	if err != nil {
		return fail(err)
	}
	d, err := b.State(int(i))
	if err != nil {
		return fail(err)
	}
	return hold(d)
}

// tr_bench_go_loop steps the batch steps times with random legal actions
// picked in Go from its masks and returns the nanoseconds spent inside
// Step alone: the Go loop a VectorEnv's step is measured against, in the
// same process and run.
//
//export tr_bench_go_loop
func tr_bench_go_loop(h C.int64_t, steps C.int64_t, seed C.uint64_t) (ret C.int64_t) {
	defer guard(&ret)
	b, err := getBatch(h)
	if err != nil {
		return fail(err)
	}
	r := rand.New(rand.NewPCG(uint64(seed), 0))
	actions := make([]int32, b.Len())
	a := b.NumActions()
	var inside time.Duration
	for range steps {
		for i := range actions {
			mask := b.LegalActionMask[i*a : (i+1)*a]
			for k, j := 0, r.IntN(a); k < a; k, j = k+1, (j+1)%a {
				if mask[j] {
					actions[i] = int32(j)
					break
				}
			}
		}
		t0 := time.Now()
		if err := b.Step(actions); err != nil {
			return fail(err)
		}
		inside += time.Since(t0)
	}
	return C.int64_t(inside.Nanoseconds())
}
