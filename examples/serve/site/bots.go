package site

import (
	"context"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
)

// maxBotRetry is the longest wait before a failed bot tries again.
const maxBotRetry = time.Minute

// wake starts the bot of a game restored from disk, if it is to move,
// the first time the game is asked for.
func (s *server) wake(g *game) {
	if !g.dormant.Load() {
		return
	}
	g.mu.Lock()
	if g.dormant.CompareAndSwap(true, false) {
		s.afterChange(g)
	}
	g.mu.Unlock()
}

// afterChange queues the game for its bot, if a bot is to move and the
// game is not queued already. The caller holds g.mu.
func (s *server) afterChange(g *game) {
	p := g.pos()
	if g.botQueued || g.dormant.Load() || p.Node() != rules.DecisionNode || g.stopped() {
		return
	}
	if g.meta.Seats[p.ToMove()].Player != "bot" {
		return
	}
	s.botMu.Lock()
	defer s.botMu.Unlock()
	if s.closed {
		return
	}
	g.botQueued = true
	s.botQueue.push(g)
	s.botReady.Signal()
}

// botQueueLen returns the number of games waiting for a bot worker.
func (s *server) botQueueLen() int {
	s.botMu.Lock()
	defer s.botMu.Unlock()
	return s.botQueue.len()
}

// botWorker searches the moves of the queued games, one at a time, until
// the server closes.
func (s *server) botWorker() {
	defer s.bots.Done()
	for {
		s.botMu.Lock()
		for s.botQueue.len() == 0 && !s.closed {
			s.botReady.Wait()
		}
		if s.closed {
			s.botMu.Unlock()
			return
		}
		g := s.botQueue.pop()
		s.botMu.Unlock()
		s.think(g)
		s.botMu.Lock()
		s.botQueue.done(g)
		s.botMu.Unlock()
	}
}

// think searches a move for the game's bot and plays it, at once or
// once BotDelay has passed since the search started.
func (s *server) think(g *game) {
	start := time.Now()
	g.mu.Lock()
	pos, ply := g.pos(), g.plies()
	if pos.Node() != rules.DecisionNode || g.stopped() || g.meta.Seats[pos.ToMove()].Player != "bot" {
		g.botQueued = false
		g.mu.Unlock()
		return
	}
	lv, seed := levels[g.meta.Seats[pos.ToMove()].Level], g.rng.Uint64()
	g.mu.Unlock()

	n := s.searching.Add(1)
	for peak := s.searchPeak.Load(); n > peak && !s.searchPeak.CompareAndSwap(peak, n); peak = s.searchPeak.Load() {
	}
	b, err := bot.ForDynamic("mcts", pos, bot.Options{Iterations: lv.Iterations, MaxNodes: botMaxNodes, Seed: seed})
	var move string
	if err == nil {
		ctx, cancel := context.WithTimeout(s.ctx, lv.Time)
		move, err = b.Choose(ctx, pos)
		cancel()
	}
	s.searching.Add(-1) // the search tree is garbage from here

	if wait := s.cfg.BotDelay - time.Since(start); wait > 0 && err == nil {
		s.after(wait, func() { s.botMove(g, ply, move, nil) })
		return
	}
	s.botMove(g, ply, move, err)
}

// after runs f after d, unless the server closes first; close waits for
// a run that has started.
func (s *server) after(d time.Duration, f func()) {
	s.botMu.Lock()
	defer s.botMu.Unlock()
	if s.closed {
		return
	}
	s.bots.Add(1)
	var t *time.Timer
	t = time.AfterFunc(d, func() {
		defer s.bots.Done()
		s.botMu.Lock()
		_, mine := s.timers[t]
		delete(s.timers, t)
		s.botMu.Unlock()
		if mine {
			f()
		}
	})
	s.timers[t] = struct{}{}
}

// botMove plays the move the bot found for the position at ply, if the
// game is still there. If the search failed or the move could not be
// stored, the bot tries again later (retryBot).
func (s *server) botMove(g *game, ply int, move string, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if s.ctx.Err() != nil {
		g.botQueued = false
		return
	}
	if err == nil && g.plies() != ply { // the game moved on meanwhile
		g.botQueued = false
		s.afterChange(g)
		return
	}
	if err == nil {
		var next rules.Dynamic
		var canonical string
		if next, canonical, err = g.pos().PlayCanonical(move); err == nil {
			err = g.play(s.store, canonical, next)
		}
	}
	if err != nil {
		s.retryBot(g, err)
		return
	}
	g.botFails = 0
	g.botQueued = false
	s.afterChange(g)
}

// retryBot logs a bot's failure and queues the game again after a wait
// that doubles with each failure in a row (BotRetry, 2×BotRetry, ... up
// to maxBotRetry): a bot whose move could not be stored once is not left
// "thinking" forever. The game stays marked as queued meanwhile. The
// caller holds g.mu.
func (s *server) retryBot(g *game, err error) {
	wait := s.cfg.BotRetry << min(g.botFails, 16)
	wait = min(wait, maxBotRetry)
	g.botFails++
	s.cfg.Logf("game %s: bot: %v (trying again in %v)", g.meta.ID, err, wait)
	s.after(wait, func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.botQueued = false
		s.afterChange(g)
	})
}
