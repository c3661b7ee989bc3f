package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tabletop-go/rules"
)

// restore replays the stored games through the library, the MaxGames
// played most recently. Their state is built and their bots start
// thinking only once they are asked for (game.dormant). A game whose
// files are not what the server writes is set aside whole (ID.txt.bad,
// ID.json.bad) and left out; one whose files cannot be read now is left
// out and left in place. Each is logged.
func (s *server) restore() {
	ids, skipped, err := s.store.list(s.cfg.MaxGames)
	if err != nil {
		s.cfg.Logf("restore: %v (no game restored)", err)
		return
	}
	for _, id := range ids {
		g, err := s.restoreOne(id)
		if err == nil {
			s.games[id] = g
			continue
		}
		var bad *badRecordError
		if !errors.As(err, &bad) {
			s.cfg.Logf("restore: game %s: %v (left out, its files left in place)", id, err)
			continue
		}
		moved, aerr := s.store.setAside(id)
		if aerr != nil {
			s.cfg.Logf("restore: game %s: %v (left out; setting its files aside failed: %v)", id, err, aerr)
			continue
		}
		s.cfg.Logf("restore: game %s: %v (left out; its files are set aside as %s)", id, err, strings.Join(moved, " and "))
	}
	if skipped > 0 {
		s.cfg.Logf("restore: %d games left out, over the cap of %d games (-maxgames)", skipped, s.cfg.MaxGames)
	}
	if len(ids) > 0 {
		s.cfg.Infof("restored %d games from %s", len(s.games), s.cfg.Dir)
	}
}

// restoreOne rebuilds a game from its files. Nothing on disk changes
// before the record has replayed: then a last line a crash cut short is
// cut off, and a record that ends at a chance node (one cut short) gets
// its draw.
func (s *server) restoreOne(id string) (*game, error) {
	l, err := s.store.read(id)
	if err != nil {
		return nil, err
	}
	r, err := l.record.Replay()
	if err != nil {
		return nil, badRecord("%s.txt: %v", id, err)
	}
	final := r.Final()
	if final.Spec() != l.meta.Spec || final.Seats() != len(l.meta.Seats) {
		return nil, badRecord("the record's game %s does not match the metadata's %s of %d seats", final.Spec(), l.meta.Spec, len(l.meta.Seats))
	}
	if l.torn >= 0 {
		if err := s.store.cutTorn(id, l.torn); err != nil {
			return nil, fmt.Errorf("dropping an unfinished last line: %w", err)
		}
		s.cfg.Logf("restore: game %s: dropped an unfinished last line (a write a crash cut short, never acknowledged)", id)
	}
	g := newGame(l.meta, final, s.cache, s.cfg.MaxPlies)
	g.moves = r.Moves
	g.movers = make([]rules.Player, len(r.Moves))
	for i := range r.Moves {
		g.movers[i] = r.Positions[i].ToMove()
	}
	if len(g.moves) > 0 {
		g.updated = time.Now()
	}
	if g.pos.Node() == rules.ChanceNode && !g.stopped() {
		next, draws, err := g.drawChances(g.pos, len(g.moves))
		if err != nil {
			return nil, err
		}
		if err := s.store.appendMoves(id, draws); err != nil {
			return nil, err
		}
		for range draws {
			g.movers = append(g.movers, rules.Chance)
		}
		g.pos, g.moves = next, append(g.moves, draws...)
	}
	g.dormant.Store(true)
	return g, nil
}
