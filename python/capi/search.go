package main

// The guided search (examples/bot's AlphaZero MCTS) driven from Python:
// the search hands out batches of leaves, Python's network answers them.

/*
#include <stdint.h>
#include <stdbool.h>
*/
import "C"

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"unsafe"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/hex"
)

func init() {
	// The typed searches of the module's games, at full speed (the
	// module's programs register them through examples/internal/games,
	// which this package cannot import); a game without a hook would be
	// searched through rules.Dynamic alone.
	bot.Register[hex.Position, hex.Move]()
	bot.Register[focus.Position, focus.Move]()
	bot.Register[focus.NowakPosition, focus.Move]()
	bot.Register[domination.Position, domination.Move]()
	bot.Register[explocus.Position, explocus.Move]()
	bot.Register[explocus.HexPosition, explocus.Move]()
}

// search is a guided search of one variant and the size of its batches.
type search struct {
	mu      sync.Mutex // held by a call under way: a second is refused
	stepper bot.Stepper
	spec    string
	batch   int
	actions int
	obs     int // values in one observation
	pending int // leaves of the batch handed out and not yet fed
}

var searches = table[*search]{noReuse: true}

var errBusy = fmt.Errorf("the search is in use by another call: %w", rules.ErrBusy)

// lock returns the search of handle h, locked, or an error.
func lockSearch(h C.int64_t) (*search, error) {
	s, ok := searches.get(int64(h))
	if !ok {
		return nil, errBadHandle
	}
	if !s.mu.TryLock() {
		return nil, errBusy
	}
	return s, nil
}

// tr_search_new makes a guided search for positions of the variant of
// the position start, with the options in order: simulations, batch,
// seed, temperature plies, keep tree (ints; keep tree 1 keeps the
// subtree of the last search's tree, 0 discards it), then PUCT, its
// base, the first-play value, the noise's fraction and alpha, the
// temperature (doubles; 0 or less for the defaults where Go has one).
//
//export tr_search_new
func tr_search_new(start C.int64_t, simulations, batch C.int64_t, seed C.uint64_t, temperaturePlies, keepTree C.int64_t,
	puct, puctBase, firstPlay, noise, noiseAlpha, temperature C.double,
) (ret C.int64_t) {
	defer guard(&ret)
	d, err := state(start)
	if err != nil {
		return fail(err)
	}
	if d.NumActions() == 0 {
		return fail(&rules.NotSupportedError{Game: rules.SpecName(d.Spec()), What: "the guided search (the search-and-learning kit)"})
	}
	floats := []C.double{puct, puctBase, firstPlay, noise, noiseAlpha, temperature}
	for _, f := range floats {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return fail(errors.New("a search option is not a finite number"))
		}
	}
	switch {
	case simulations < 1 || simulations > 1<<30:
		return fail(fmt.Errorf("simulations %d is not in [1, 2**30]", simulations))
	case batch < 1 || batch > 1<<16:
		return fail(fmt.Errorf("batch %d is not in [1, 65536]", batch))
	case temperaturePlies < 0 || temperaturePlies > 1<<30:
		return fail(fmt.Errorf("temperature plies %d is not in [0, 2**30]", temperaturePlies))
	case noise < 0 || noise > 1:
		return fail(fmt.Errorf("noise %v is not in [0, 1]", float64(noise)))
	case keepTree != 0 && keepTree != 1:
		return fail(fmt.Errorf("keep tree %d is neither 0 nor 1", keepTree))
	}
	opts := bot.Options{Iterations: int(simulations), Seed: uint64(seed), DiscardTree: keepTree == 0, Guide: bot.Guide{
		PUCT: float64(puct), PUCTBase: float64(puctBase), FirstPlay: float64(firstPlay),
		NoiseFraction: float64(noise), NoiseAlpha: float64(noiseAlpha),
		Temperature: float64(temperature), TemperaturePlies: int(temperaturePlies), Batch: int(batch),
	}}
	player, err := bot.ForDynamic("guided", d, opts)
	if err != nil {
		return fail(err)
	}
	stepper, ok := player.(bot.Stepper)
	if !ok {
		return fail(errors.New("the guided bot is no Stepper"))
	}
	shape := d.ObservationShape()
	s := &search{stepper: stepper, spec: d.Spec(), batch: int(batch), actions: d.NumActions(), obs: shape[0] * shape[1] * shape[2]}
	id, err := searches.put(s)
	if err != nil {
		return fail(err)
	}
	return C.int64_t(id)
}

//export tr_search_free
func tr_search_free(h C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	s, err := lockSearch(h)
	if err != nil {
		return fail(err)
	}
	defer s.mu.Unlock()
	searches.remove(int64(h))
	return 0
}

// tr_search_begin starts a search from the position of handle pos, of
// the search's variant.
//
//export tr_search_begin
func tr_search_begin(h, pos C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	s, err := lockSearch(h)
	if err != nil {
		return fail(err)
	}
	defer s.mu.Unlock()
	d, err := state(pos)
	if err != nil {
		return fail(err)
	}
	if d.Spec() != s.spec {
		return fail(fmt.Errorf("a search of %s cannot search a position of %s", s.spec, d.Spec()))
	}
	s.pending = 0
	if err := s.stepper.Begin(d); err != nil {
		return fail(err)
	}
	return 0
}

// tr_search_next writes the next batch's leaves into the caller's
// arrays, of room for the search's batch size: observations (batch ×
// obs float32), masks (batch × actions bool) and movers (batch int32);
// it returns the number of leaves, 0 when the search is done.
//
//export tr_search_next
func tr_search_next(h C.int64_t, obs *C.float, masks *C.bool, movers *C.int32_t) (ret C.int64_t) {
	defer guard(&ret)
	s, err := lockSearch(h)
	if err != nil {
		return fail(err)
	}
	defer s.mu.Unlock()
	if obs == nil || masks == nil || movers == nil {
		return fail(errors.New("a search array is missing"))
	}
	b, err := s.stepper.Next()
	if err != nil {
		return fail(err)
	}
	if b == nil {
		s.pending = 0
		return 0
	}
	if b.Size > s.batch || b.NumActions != s.actions || b.Planes*b.Rows*b.Cols != s.obs {
		return fail(fmt.Errorf("a batch of %d leaves, %d actions, %d-value observations for arrays of %d, %d, %d", b.Size, b.NumActions, b.Planes*b.Rows*b.Cols, s.batch, s.actions, s.obs))
	}
	copy(unsafe.Slice((*float32)(unsafe.Pointer(obs)), s.batch*s.obs), b.Observations)
	copy(unsafe.Slice((*bool)(unsafe.Pointer(masks)), s.batch*s.actions), b.Masks)
	m := unsafe.Slice((*int32)(unsafe.Pointer(movers)), s.batch)
	for i, mover := range b.Movers {
		m[i] = int32(mover)
	}
	s.pending = b.Size
	return C.int64_t(b.Size)
}

// tr_search_feed backs up the network's answer for the batch last handed
// out: policy (n × actions float32) and values (n float32, the movers'),
// n being the batch's size.
//
//export tr_search_feed
func tr_search_feed(h C.int64_t, policy *C.float, values *C.float, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	s, err := lockSearch(h)
	if err != nil {
		return fail(err)
	}
	defer s.mu.Unlock()
	if s.pending == 0 {
		return fail(bot.ErrNoLeaves)
	}
	if int64(n) != int64(s.pending) || policy == nil || values == nil {
		return fail(fmt.Errorf("an answer for %d leaves, not %d", n, s.pending))
	}
	b, err := s.stepper.Next() // the batch handed out, unchanged until Feed
	if err != nil || b == nil || b.Size != s.pending {
		return fail(errors.New("the search has no batch awaiting an answer"))
	}
	copy(b.Policy, unsafe.Slice((*float32)(unsafe.Pointer(policy)), s.pending*s.actions))
	copy(b.Values, unsafe.Slice((*float32)(unsafe.Pointer(values)), s.pending))
	s.pending = 0
	if err := s.stepper.Feed(); err != nil {
		return fail(err)
	}
	return 0
}

// tr_search_result ends the search and writes its move's text.
//
//export tr_search_result
func tr_search_result(h C.int64_t, buf *C.char, capacity C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	s, err := lockSearch(h)
	if err != nil {
		return fail(err)
	}
	defer s.mu.Unlock()
	move, err := s.stepper.Result()
	if err != nil {
		return fail(err)
	}
	s.pending = 0
	return out(move, buf, capacity)
}

// tr_search_visits writes the root's visits of the last search ended by
// tr_search_result, by action index, into dst (n = actions int32; 0
// for the actions not searched) and returns their sum.
//
//export tr_search_visits
func tr_search_visits(h C.int64_t, dst *C.int32_t, n C.int64_t) (ret C.int64_t) {
	defer guard(&ret)
	s, err := lockSearch(h)
	if err != nil {
		return fail(err)
	}
	defer s.mu.Unlock()
	if int64(n) != int64(s.actions) || dst == nil {
		return fail(fmt.Errorf("a visits array of %d values for %d actions", n, s.actions))
	}
	v := unsafe.Slice((*int32)(unsafe.Pointer(dst)), s.actions)
	clear(v)
	sum := int64(0)
	for _, av := range s.stepper.AppendRootVisits(nil) {
		if av.Action < 0 || av.Action >= s.actions {
			return fail(fmt.Errorf("action %d out of [0, %d)", av.Action, s.actions))
		}
		v[av.Action] += int32(av.Visits)
		sum += int64(av.Visits)
	}
	return C.int64_t(sum)
}
