package site

import (
	"errors"
	"fmt"
	"math"
	"strconv"
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
	l, err := s.store.list(s.cfg.MaxGames)
	if err != nil {
		s.cfg.Logf("restore: %v (no game restored)", err)
		return
	}
	// Neither kind is read or moved (moving a stray could clobber a
	// game's name), but the operator should know of them.
	if len(l.strays) > 0 {
		s.cfg.Logf("restore: %s: files that are no game's (not ID.json or ID.txt of a game ID), left where they are: %s",
			s.store.dir, someNames(l.strays))
	}
	if len(l.incomplete) > 0 {
		s.cfg.Logf("restore: %s: files of games whose creation, last write or setting aside a stop cut short (an ID.txt without its ID.json, an ID.json without its ID.txt, temporary files), left where they are: %s",
			s.store.dir, someNames(l.incomplete))
	}
	ids, skipped := l.ids, l.skipped
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
		s.cfg.Logf("restore: %s left out, over the cap of %s (-maxgames)", nGames(skipped), nGames(s.cfg.MaxGames))
	}
	if len(ids) > 0 {
		s.cfg.Infof("restored %s from %s", nGames(len(s.games)), s.cfg.Dir)
	}
}

// nGames says "1 game" or "n games".
func nGames(n int) string {
	if n == 1 {
		return "1 game"
	}
	return strconv.Itoa(n) + " games"
}

// someNames lists the first 20 of names, and how many more there are.
func someNames(names []string) string {
	const shown = 20
	if len(names) <= shown {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:shown], ", "), len(names)-shown)
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
	if err := s.checkSpec(l.meta.Spec); err != nil {
		return nil, err
	}
	// Walk replays the record as Replay would, with its errors, but
	// keeps no position: the game's history, which plays each move again
	// (and so records it in canonical notation), keeps the current one.
	var h *rules.History
	var again error
	final, err := l.record.Walk(func(_ int, pos rules.Dynamic, move string) {
		if h == nil {
			h = newHistory(pos)
		}
		if err := h.Play(move); err != nil && again == nil {
			again = fmt.Errorf("internal error: ply %d, %s, played by the record but not again: %w", h.Len()+1, move, err)
		}
	})
	if err != nil {
		return nil, badRecord("%s.txt: %v", id, err)
	}
	if again != nil {
		return nil, again
	}
	if h == nil { // no moves
		h = newHistory(final)
	}
	if final.Spec() != l.meta.Spec || final.Seats() != len(l.meta.Seats) {
		return nil, badRecord("the record's game %s does not match the metadata's %s of %d seats", final.Spec(), l.meta.Spec, len(l.meta.Seats))
	}
	// The server stores every move as the history records it, in
	// canonical notation; the rules read other spellings ("C3" for
	// "c3") that it never writes.
	for i, m := range l.record.Moves {
		if c := h.Move(i); m != c {
			return nil, badRecord("%s.txt: ply %d, %s, is not in the canonical notation the server writes (%s)", id, i+1, strconv.Quote(m), strconv.Quote(c))
		}
	}
	if l.torn >= 0 {
		if err := s.store.cutTorn(id, l.torn); err != nil {
			return nil, fmt.Errorf("dropping an unfinished last line: %w", err)
		}
		s.cfg.Logf("restore: game %s: dropped an unfinished last line (a write a crash cut short, never acknowledged)", id)
	}
	g := newGame(l.meta, h, s.cache, s.cfg.MaxPlies)
	if g.plies() > 0 {
		g.updated = time.Now()
	}
	if g.pos().Node() == rules.ChanceNode && !g.stopped() {
		_, draws, err := g.drawChances(g.pos(), g.plies())
		if err != nil {
			return nil, err
		}
		if err := s.store.appendMoves(id, draws); err != nil {
			return nil, err
		}
		if err := g.take(draws); err != nil {
			return nil, err
		}
	}
	g.dormant.Store(true)
	return g, nil
}

// checkSpec checks that spec, the stored spec of a game, is one the
// server creates (handleCreate): a game whose rules have a plylimit
// option has one, at most -maxplies, so that it ends within the limits.
// A spec with none, or with one the option does not allow, is not the
// server's (a *badRecordError). A limit above -maxplies is one the server
// writes under a larger -maxplies: the game is left out but not set
// aside, so that restarting with that -maxplies restores it.
func (s *server) checkSpec(spec string) error {
	start, err := rules.Open(spec)
	if err != nil {
		return badRecord("the game %s does not open: %v", spec, err)
	}
	if start.Spec() != spec {
		return badRecord("the game %s is not written as the server writes it (%s)", spec, start.Spec())
	}
	if plyCapped(start, math.MaxInt).Spec() != spec {
		return badRecord("the game %s has no ply limit (the server creates every game with a %s option with one)", spec, plyLimit)
	}
	if capped := plyCapped(start, s.cfg.MaxPlies).Spec(); capped != spec {
		return fmt.Errorf("the game %s has a ply limit above -maxplies %d (it would be %s); a restart with a -maxplies as large restores it", spec, s.cfg.MaxPlies, capped)
	}
	return nil
}
