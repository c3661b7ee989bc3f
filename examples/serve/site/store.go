package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
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
// On start the records are read back (read) and replayed by the server.
// A game whose files the server could not have written (metadata other
// than it writes, at any depth of the JSON; a record that is not byte for
// byte its tags and one canonical move a line; a line that does not
// replay) is moved aside whole, as ID.txt.bad and ID.json.bad, for the
// operator to look at; nothing is truncated or rewritten before a record
// has replayed. A last line cut short by a crash (no line break: the
// write was never acknowledged) is cut off the file once the rest has
// replayed. Files whose names are no game's are left alone (list).

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

// storeSlots bounds the files the store holds open at once, so that the
// descriptors kept in reserve for it (see maxConnections) always suffice.
const storeSlots = 32

type store struct {
	fs    storage
	dir   string        // DIR/games
	slots chan struct{} // one per file open
}

// openStore opens the store under dir (DIR/games, created if missing) on
// fs (nil: the operating system's files).
func openStore(dir string, fs storage) (*store, error) {
	if fs == nil {
		fs = osStorage{}
	}
	d := filepath.Join(dir, "games")
	if err := fs.MkdirAll(d); err != nil {
		return nil, err
	}
	return &store{fs: fs, dir: d, slots: make(chan struct{}, storeSlots)}, nil
}

func (s *store) metaPath(id string) string   { return filepath.Join(s.dir, id+".json") }
func (s *store) recordPath(id string) string { return filepath.Join(s.dir, id+".txt") }

// hold takes a slot for an open file; the caller calls the returned func
// when it has closed the file.
func (s *store) hold() func() {
	s.slots <- struct{}{}
	return func() { <-s.slots }
}

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

// recordTags returns the tags of a game's record file: the game, where
// and when it was played and who played each seat. They are all the tags
// the server writes: a stored record with others is not one of its own.
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
// what makes the game exist on the next start, then syncs the directory.
func (s *store) create(m meta, first []string) error {
	defer s.hold()()
	if err := s.writeSynced(s.recordPath(m.ID), append(header(m), movesText(first)...)); err != nil {
		return err
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := s.writeSynced(s.metaPath(m.ID), append(data, '\n')); err != nil {
		return err
	}
	return s.fs.SyncDir(s.dir)
}

// appendMoves appends moves to a game's record, one per line, and syncs
// the file: once it returns nil the moves survive a crash.
func (s *store) appendMoves(id string, moves []string) error {
	defer s.hold()()
	f, err := s.fs.Append(s.recordPath(id))
	if err != nil {
		return err
	}
	end, err := f.Size()
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
// and renamed, so that the file is either absent or complete. The caller
// syncs the directory, which makes the rename survive a crash.
func (s *store) writeSynced(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := s.fs.Create(tmp)
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
		err = s.fs.Rename(tmp, path)
	}
	if err != nil {
		s.fs.Remove(tmp)
	}
	return err
}

// listing is what list finds in the games directory.
type listing struct {
	// ids are the stored games (those with both files, ID.json and
	// ID.txt), at most the limit of them: those whose record was written
	// last.
	ids []string
	// skipped counts the games over the limit, which stay on disk.
	skipped int
	// strays are the names that are no game's file (storeFileName): the
	// server never wrote them there.
	strays []string
	// incomplete are the server's files no game is restored from: a
	// record without its metadata (create writes the record first, so a
	// crash between the two leaves it), a metadata without its record
	// (setAside moves the record first, so a crash between the two
	// leaves it) and the temporary files of a write a crash cut short.
	incomplete []string
}

// list lists the games directory (see listing). The server leaves the
// strays and the incomplete files where they are, and the caller says
// so.
func (s *store) list(limit int) (listing, error) {
	var l listing
	names, err := s.fs.ReadDir(s.dir)
	if err != nil {
		return l, err
	}
	type candidate struct {
		id      string
		written time.Time
	}
	var found []candidate
	metadata, records := make(map[string]bool), make(map[string]bool)
	for _, name := range names {
		if !storeFileName(name) {
			continue
		}
		if id, ok := strings.CutSuffix(name, ".json"); ok {
			metadata[id] = true
		}
		if id, ok := strings.CutSuffix(name, ".txt"); ok {
			records[id] = true
		}
	}
	for _, name := range names {
		if !storeFileName(name) {
			l.strays = append(l.strays, name)
			continue
		}
		if strings.HasSuffix(name, ".tmp") {
			l.incomplete = append(l.incomplete, name)
			continue
		}
		if id, ok := strings.CutSuffix(name, ".txt"); ok && !metadata[id] {
			l.incomplete = append(l.incomplete, name)
			continue
		}
		id, ok := strings.CutSuffix(name, ".json")
		if !ok {
			continue
		}
		if !records[id] {
			l.incomplete = append(l.incomplete, name)
			continue
		}
		c := candidate{id: id}
		c.written, _ = s.fs.ModTime(s.recordPath(id))
		found = append(found, c)
	}
	if len(found) > limit {
		slices.SortFunc(found, func(a, b candidate) int { return b.written.Compare(a.written) })
		l.skipped = len(found) - limit
		found = found[:limit]
	}
	for _, c := range found {
		l.ids = append(l.ids, c.id)
	}
	return l, nil
}

// storeFileName reports whether name is one the store writes in its
// directory: ID.json and ID.txt of a valid ID, their temporary files
// (writeSynced, left by a crash) and the names setAside gives them.
func storeFileName(name string) bool {
	if len(name) < idLen || !validID(name[:idLen]) {
		return false
	}
	rest := name[idLen:]
	rest, ok := strings.CutSuffix(rest, ".tmp")
	if !ok {
		if i := strings.Index(rest, ".bad"); i >= 0 {
			if n := rest[i+len(".bad"):]; n != "" {
				k, err := strconv.Atoi(strings.TrimPrefix(n, "."))
				if n[0] != '.' || err != nil || k < 2 || k > 100 || strconv.Itoa(k) != n[1:] {
					return false
				}
			}
			rest = rest[:i]
		}
	}
	return rest == ".json" || rest == ".txt"
}

// stored is a game read back from disk: its metadata and its record.
type stored struct {
	meta   meta
	record notation.Record
	// torn is the length the record file is cut to once the record has
	// replayed, when its last line was cut short by a crash; -1 if not.
	torn int64
}

// badRecordError says why a game's files are not files the server wrote:
// the game is then set aside (setAside), not restored.
type badRecordError struct{ why string }

func (e *badRecordError) Error() string { return e.why }

func badRecord(format string, args ...any) error {
	return &badRecordError{fmt.Sprintf(format, args...)}
}

// read reads a game's files. It changes nothing on disk. An error is a
// *badRecordError when what is there is not what the server writes, and
// another error when the files could not be read.
func (s *store) read(id string) (stored, error) {
	g := stored{torn: -1}
	release := s.hold()
	data, err := s.fs.ReadFile(s.metaPath(id))
	var text []byte
	if err == nil {
		text, err = s.fs.ReadFile(s.recordPath(id))
	}
	release()
	if err != nil {
		return g, err
	}
	if err := strictUnmarshal(data, &g.meta); err != nil {
		return g, badRecord("%s.json: %v", id, err)
	}
	if err := checkMeta(g.meta, id); err != nil {
		return g, badRecord("%s.json: %v", id, err)
	}
	// A crash during an append can leave a last line without its line
	// break: that move was never acknowledged. It is left out here, and
	// cut off the file only once the rest has replayed (cutTorn).
	if i := bytes.LastIndexByte(text, '\n'); i != len(text)-1 {
		g.torn = int64(i + 1)
		text = text[:i+1]
	}
	rec, err := notation.ParseRecord(string(text))
	if err != nil {
		return g, badRecord("%s.txt: %v", id, err)
	}
	if err := checkHeader(rec, g.meta); err != nil {
		return g, badRecord("%s.txt: %v", id, err)
	}
	// The notation package reads more than the server writes (move
	// numbers, comments, several moves a line, blank lines, a byte order
	// mark): the file must be byte for byte the header and then one move
	// a line, as create and appendMoves write it.
	if err := checkLayout(text, append(header(g.meta), movesText(rec.Moves)...)); err != nil {
		return g, badRecord("%s.txt: %v", id, err)
	}
	g.record = rec
	return g, nil
}

// checkLayout reports where text differs from want, the text the server
// would have written for the same tags and moves, or nil.
func checkLayout(text, want []byte) error {
	if bytes.Equal(text, want) {
		return nil
	}
	line := 1
	for len(text) > 0 && len(want) > 0 {
		t, w := text, want
		if i := bytes.IndexByte(t, '\n'); i >= 0 {
			t, text = t[:i], t[i+1:]
		} else {
			text = nil
		}
		if i := bytes.IndexByte(w, '\n'); i >= 0 {
			w, want = w[:i], w[i+1:]
		} else {
			want = nil
		}
		if !bytes.Equal(t, w) {
			return fmt.Errorf("line %d, %s, is not as the server writes it (%s: one move a line, with no move number, comment or blank line)", line, strconv.Quote(string(t)), strconv.Quote(string(w)))
		}
		line++
	}
	return fmt.Errorf("line %d is not as the server writes it (one move a line, with no move number, comment or blank line)", line)
}

// checkMeta checks that metadata is what the server writes for game id:
// at least one person (handleCreate refuses a game of bots), each person
// with a key of the form newKey makes, no two with the same key (one of
// them could never move: seatOf finds the other), each bot of a known
// level. Whether the spec is one the server creates is for restoreOne,
// which knows the cap on plies.
func checkMeta(m meta, id string) error {
	switch {
	case m.ID != id:
		return fmt.Errorf("the metadata names game %q", m.ID)
	case len(m.Seats) == 0:
		return errors.New("no seats")
	}
	humans := 0
	for i, st := range m.Seats {
		switch {
		case st.Player == "human" && st.Level == "":
			if !validKey(st.Key) {
				return fmt.Errorf("seat %d's key is not a key the server makes (%d random bytes in unpadded base64url)", i+1, keyBytes)
			}
			for j := range i {
				if m.Seats[j].Key == st.Key {
					return fmt.Errorf("seats %d and %d have the same key", j+1, i+1)
				}
			}
			humans++
		case st.Player == "bot" && st.Key == "" && levels[st.Level] != (level{}):
		default:
			return fmt.Errorf("seat %d is no person with a key nor a bot of a known level", i+1)
		}
	}
	if humans == 0 {
		return errors.New("no seat is a person's")
	}
	return nil
}

// checkHeader checks that a record's tags are exactly those the server
// writes for the game (recordTags): a [Position] tag, say, which the
// server never writes, would start the game somewhere its downloaded
// record does not say.
func checkHeader(rec notation.Record, m meta) error {
	want := recordTags(m).Tags
	for i, t := range rec.Tags {
		if i < len(want) && t.Name == want[i].Name && t.Value != want[i].Value {
			return fmt.Errorf("tag [%s %s] is not the one the server writes for the game ([%s %s])", t.Name, strconv.Quote(t.Value), t.Name, strconv.Quote(want[i].Value))
		}
		if i >= len(want) || t != want[i] {
			return fmt.Errorf("tag [%s %s] is not one the server writes (it writes %s)", t.Name, strconv.Quote(t.Value), tagNames(want))
		}
	}
	if len(rec.Tags) < len(want) {
		return fmt.Errorf("the tag [%s] is missing", want[len(rec.Tags)].Name)
	}
	return nil
}

func tagNames(tags []notation.Tag) string {
	var names []string
	for _, t := range tags {
		names = append(names, t.Name)
	}
	return strings.Join(names, ", ")
}

// cutTorn cuts a record file to size bytes (dropping a last line a crash
// cut short) and syncs it.
func (s *store) cutTorn(id string, size int64) error {
	defer s.hold()()
	f, err := s.fs.Append(s.recordPath(id))
	if err != nil {
		return err
	}
	err = f.Truncate(size)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// setAside moves a game's files out of the way, whole, as ID.txt.bad and
// ID.json.bad (with a number after them if those exist), and syncs the
// directory; it returns the names they now have. The record goes first:
// a game whose metadata is left without a record is left out on the next
// start too.
func (s *store) setAside(id string) ([]string, error) {
	defer s.hold()()
	var moved []string
	for _, path := range []string{s.recordPath(id), s.metaPath(id)} {
		if _, err := s.fs.ModTime(path); isNotExist(err) {
			continue
		}
		to := path + ".bad"
		for n := 2; ; n++ {
			if _, err := s.fs.ModTime(to); isNotExist(err) {
				break
			}
			if n > 100 {
				return moved, fmt.Errorf("setting %s aside: %s.bad and 99 more exist", filepath.Base(path), filepath.Base(path))
			}
			to = path + ".bad." + strconv.Itoa(n)
		}
		if err := s.fs.Rename(path, to); err != nil {
			return moved, err
		}
		moved = append(moved, filepath.Base(to))
	}
	return moved, s.fs.SyncDir(s.dir)
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
