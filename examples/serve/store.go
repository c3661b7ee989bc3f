package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/tabletop-go/rules/notation"
)

// The store keeps each game in two files under DIR/games:
//
//   - ID.json, the game's metadata (spec, seats, their secrets), written
//     once when the game is created (to a temporary file, synced, renamed
//     and the directory synced);
//   - ID.txt, the game's record in the notation package's format: tag
//     pairs, a blank line, then one move per line, chance draws included.
//     Every accepted move is appended and the file synced before the
//     server replies.
//
// On start the records are replayed through the library
// (notation.Record.Replay). A line cut short by a crash (no final line
// break: the write was never acknowledged) is dropped, and a record that
// fails to replay keeps the moves before the failure.

// seatMeta is one seat as stored: who plays it and, for a person, the
// secret that lets a client move for it.
type seatMeta struct {
	Player string `json:"player"`          // "human" or "bot"
	Key    string `json:"key,omitempty"`   // a person's secret
	Level  string `json:"level,omitempty"` // a bot's strength
}

// meta is a game's metadata file.
type meta struct {
	ID      string     `json:"id"`
	Spec    string     `json:"spec"`
	Created time.Time  `json:"created"`
	Seats   []seatMeta `json:"seats"`
}

type store struct {
	dir string // DIR/games
}

func openStore(dir string) (*store, error) {
	d := filepath.Join(dir, "games")
	if err := os.MkdirAll(d, 0o700); err != nil {
		return nil, err
	}
	return &store{dir: d}, nil
}

func (s *store) metaPath(id string) string   { return filepath.Join(s.dir, id+".json") }
func (s *store) recordPath(id string) string { return filepath.Join(s.dir, id+".txt") }

// header returns the tag pairs that start a game's record file, followed
// by the blank line after which the moves are appended.
func header(m meta) []byte {
	rec := recordTags(m)
	text, err := rec.MarshalText()
	if err != nil { // the tags are ours and always marshal
		panic(err)
	}
	return append(bytes.TrimRight(text, "\n"), "\n\n"...)
}

// recordTags returns the tags of a game's record: the game, where and
// when it was played and who played each seat.
func recordTags(m meta) notation.Record {
	var rec notation.Record
	rec.SetTag("Game", m.Spec)
	rec.SetTag("Event", "tabletop-go serve")
	rec.SetTag("Site", "game "+m.ID)
	rec.SetTag("Date", m.Created.UTC().Format("2006.01.02"))
	for i, st := range m.Seats {
		who := "Human"
		if st.Player == "bot" {
			who = "MCTS bot (" + st.Level + ")"
		}
		rec.SetTag("Player_"+string(rune('A'+i)), who)
	}
	return rec
}

// create writes a new game's files: the record with its header and the
// first moves (chance draws at the start), then the metadata, which is
// what makes the game exist on the next start.
func (s *store) create(m meta, first []string) error {
	rec := append(header(m), movesText(first)...)
	if err := writeSynced(s.recordPath(m.ID), rec); err != nil {
		return err
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := writeSynced(s.metaPath(m.ID), append(data, '\n')); err != nil {
		return err
	}
	return syncDir(s.dir)
}

// appendMoves appends moves to a game's record, one per line, and syncs
// the file: once it returns nil the moves survive a crash.
func (s *store) appendMoves(id string, moves []string) error {
	f, err := os.OpenFile(s.recordPath(id), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	end, err := f.Seek(0, io.SeekEnd)
	if err == nil {
		_, err = f.Write(movesText(moves))
		if err == nil {
			err = f.Sync()
		}
		if err != nil {
			// Moves that were refused must not stay half written, where
			// the next append would run into them.
			f.Truncate(end)
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func movesText(moves []string) []byte {
	var b []byte
	for _, m := range moves {
		b = append(b, m...)
		b = append(b, '\n')
	}
	return b
}

// writeSynced writes a file whole, through a temporary file that is synced
// and renamed, so that the file is either absent or complete.
func writeSynced(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// stored is a game read back from disk: its metadata and its record.
type stored struct {
	meta   meta
	record notation.Record
	// note says what was repaired, if anything.
	note string
}

// load reads the games of the store one at a time, passing each to f, at
// most limit of them: those whose record was written last. A game whose
// files cannot be read is reported in errs and left out; skipped counts
// the games over the limit, which stay on disk. The games come in any
// order.
func (s *store) load(limit int, f func(stored)) (skipped int, errs []error) {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return 0, []error{err}
	}
	type candidate struct {
		id      string
		written time.Time
	}
	var ids []candidate
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || !validID(id) {
			continue
		}
		c := candidate{id: id}
		if fi, err := os.Stat(s.recordPath(id)); err == nil {
			c.written = fi.ModTime()
		}
		ids = append(ids, c)
	}
	if len(ids) > limit {
		slices.SortFunc(ids, func(a, b candidate) int { return b.written.Compare(a.written) })
		skipped = len(ids) - limit
		ids = ids[:limit]
	}
	for _, c := range ids {
		g, err := s.loadOne(c.id)
		if err != nil {
			errs = append(errs, fmt.Errorf("game %s: %w", c.id, err))
			continue
		}
		f(g)
	}
	return skipped, errs
}

func (s *store) loadOne(id string) (stored, error) {
	var g stored
	data, err := os.ReadFile(s.metaPath(id))
	if err != nil {
		return g, err
	}
	if err := json.Unmarshal(data, &g.meta); err != nil {
		return g, err
	}
	if g.meta.ID != id {
		return g, errors.New("metadata names another game")
	}
	text, err := os.ReadFile(s.recordPath(id))
	if err != nil {
		return g, err
	}
	// A crash during an append can leave a last line without its line
	// break: that move was never acknowledged. Cut it off the file too,
	// so that the next append starts on a line of its own.
	if i := bytes.LastIndexByte(text, '\n'); i != len(text)-1 {
		text = text[:i+1]
		if err := os.Truncate(s.recordPath(id), int64(len(text))); err != nil {
			return g, err
		}
		g.note = "dropped an unfinished last line"
	}
	g.record, err = notation.ParseRecord(string(text))
	if err != nil {
		return g, err
	}
	return g, nil
}

// rewrite replaces a game's record file with its header and moves.
func (s *store) rewrite(m meta, moves []string) error {
	return writeSynced(s.recordPath(m.ID), append(header(m), movesText(moves)...))
}

// validID reports whether id has the form of a game ID (newID): it is also
// what keeps request paths from naming other files.
func validID(id string) bool {
	if len(id) != idLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || '2' <= c && c <= '7') {
			return false
		}
	}
	return true
}
