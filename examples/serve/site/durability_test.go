package site

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tabletop-go/rules/notation"
)

// crashImageMoves returns the moves of a game's record as a crash now
// would leave it on disk, or an error if the game would be gone.
func crashImageMoves(mem *memStorage, srv *server, id string) ([]string, error) {
	img := mem.crashed()
	if _, err := img.ReadFile(srv.store.metaPath(id)); err != nil {
		return nil, fmt.Errorf("the metadata: %w", err)
	}
	text, err := img.ReadFile(srv.store.recordPath(id))
	if err != nil {
		return nil, fmt.Errorf("the record: %w", err)
	}
	rec, err := notation.ParseRecord(string(text))
	if err != nil {
		return nil, fmt.Errorf("the record %q: %w", text, err)
	}
	return rec.Moves, nil
}

// TestAcknowledgedMovesAreOnDiskBeforeTheReply pins durability through
// the storage seam: the store runs on a memStorage, and after every reply
// that acknowledges a game or a move, a crash at that moment (only what
// was synced, under the names the directory synced) must hold it. Take the
// Sync after an append, the Sync of a new file or the sync of the
// directory after a rename away, and this test fails. A server restarted
// on the crash image then has every acknowledged move.
func TestAcknowledgedMovesAreOnDiskBeforeTheReply(t *testing.T) {
	mem := newMemStorage()
	srv, c := startServerConfig(t, config{Dir: "/data", Storage: mem})
	type tracked struct {
		g     created
		acked []string
	}
	var games []*tracked
	for _, spec := range []string{"hex(size=5,swap=none)", "focus(plylimit=40)", "domination"} {
		g := c.create(spec, "human", "human")
		moves, err := crashImageMoves(mem, srv, g.ID)
		if err != nil || !slices.Equal(moves, g.State.moveTexts()) {
			t.Fatalf("game %s (%s) acknowledged but a crash now leaves %v: %v", g.ID, spec, moves, err)
		}
		games = append(games, &tracked{g: g, acked: g.State.moveTexts()})
	}
	for round := range 12 {
		for _, tg := range games {
			s := c.state(tg.g.ID)
			if s.Outcome.Result != "*" {
				continue
			}
			key := tg.g.Seats[0].Key
			if s.ToMove == "B" {
				key = tg.g.Seats[1].Key
			}
			code, ok, bad, err := c.move(tg.g.ID, key, s.Legal[(round*7)%len(s.Legal)], s.Ply)
			if code != http.StatusOK {
				t.Fatalf("%d %+v %v", code, bad, err)
			}
			tg.acked = ok.State.moveTexts()
			moves, err := crashImageMoves(mem, srv, tg.g.ID)
			if err != nil || !slices.Equal(moves, tg.acked) {
				t.Fatalf("game %s: move %s acknowledged at ply %d, but a crash now leaves %v (%v), not %v",
					tg.g.ID, ok.Move, ok.Ply, moves, err, tg.acked)
			}
		}
	}
	// A restart on the crash image has every game as acknowledged.
	srv.close()
	_, c2 := startServerConfig(t, config{Dir: "/data", Storage: mem.crashed()})
	for _, tg := range games {
		if s := c2.state(tg.g.ID); !slices.Equal(s.moveTexts(), tg.acked) {
			t.Errorf("game %s after the crash: %v, acknowledged %v", tg.g.ID, s.moveTexts(), tg.acked)
		}
	}
}

// TestAMoveThatCannotBeStoredIsNotPlayed: when the append fails, the move
// gets 500 and is not played, the record holds nothing half written, and
// the next move goes through.
func TestAMoveThatCannotBeStoredIsNotPlayed(t *testing.T) {
	mem := newMemStorage()
	srv, c := startServerConfig(t, config{Dir: "/data", Storage: mem, Logf: func(string, ...any) {}})
	g := c.create("hex(size=5,swap=none)", "human", "human")
	mem.setFailOn(func(op, name string) error {
		if op == "sync" && strings.HasSuffix(name, g.ID+".txt") {
			return errors.New("no space left on device")
		}
		return nil
	})
	code, _, bad, _ := c.move(g.ID, g.Seats[0].Key, "c3", 0)
	if code != http.StatusInternalServerError || !strings.Contains(bad.Error, "no space left") {
		t.Fatalf("a move that cannot be stored: %d %+v", code, bad)
	}
	mem.setFailOn(nil)
	if s := c.state(g.ID); s.Ply != 0 {
		t.Fatalf("the move was played: ply %d", s.Ply)
	}
	if code, _, bad, _ := c.move(g.ID, g.Seats[0].Key, "c3", 0); code != http.StatusOK {
		t.Fatalf("the move again: %d %+v", code, bad)
	}
	if moves, err := crashImageMoves(mem, srv, g.ID); err != nil || !slices.Equal(moves, []string{"c3"}) {
		t.Errorf("on disk: %v %v", moves, err)
	}
}

// TestABotWhoseMoveFailsToStoreTriesAgain reproduces the stuck bot of
// issue #21 (item 6): a bot whose move could not be stored was dropped
// and never queued again, and the game showed "thinking" forever. It now
// tries again after BotRetry, then twice as long after each failure in a
// row, and moves once the store takes the move.
func TestABotWhoseMoveFailsToStoreTriesAgain(t *testing.T) {
	mem := newMemStorage()
	var log logRecorder
	_, c := startServerConfig(t, config{Dir: "/data", Storage: mem, BotRetry: 20 * time.Millisecond, Logf: log.logf})
	g := c.create("hex(size=5,swap=none)", "human", "bot")
	// The human's move is the record's first append; the bot's three
	// after it fail.
	var mu sync.Mutex
	appends := 0
	mem.setFailOn(func(op, name string) error {
		if op != "append" || !strings.HasSuffix(name, g.ID+".txt") {
			return nil
		}
		mu.Lock()
		defer mu.Unlock()
		appends++
		if appends >= 2 && appends <= 4 {
			return errors.New("too many open files")
		}
		return nil
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	states, _ := c.events(ctx, g.ID, "")
	if code, _, bad, _ := c.move(g.ID, g.Seats[0].Key, "c3", 0); code != http.StatusOK {
		t.Fatalf("%d %+v", code, bad)
	}
	s := waitFor(t, states, 10*time.Second, func(s testState) bool { return s.Ply == 2 })
	if s.ToMove != "A" {
		t.Errorf("after the bot's move: %+v", s)
	}
	logged := log.String()
	for _, wait := range []string{"20ms", "40ms", "80ms"} {
		if !strings.Contains(logged, "trying again in "+wait) {
			t.Errorf("the log has no retry after %s:\n%s", wait, logged)
		}
	}
}

// countingStorage counts the files open at once through it.
type countingStorage struct {
	storage
	open, peak atomic.Int64
}

func (c *countingStorage) opened(f storedFile, err error) (storedFile, error) {
	if err != nil {
		return nil, err
	}
	n := c.open.Add(1)
	for p := c.peak.Load(); n > p && !c.peak.CompareAndSwap(p, n); p = c.peak.Load() {
	}
	time.Sleep(time.Millisecond) // a slow disk: the files stay open a while
	return &countedFile{storedFile: f, c: c}, nil
}

func (c *countingStorage) Create(name string) (storedFile, error) {
	return c.opened(c.storage.Create(name))
}

func (c *countingStorage) Append(name string) (storedFile, error) {
	return c.opened(c.storage.Append(name))
}

type countedFile struct {
	storedFile
	c *countingStorage
}

func (f *countedFile) Close() error {
	f.c.open.Add(-1)
	return f.storedFile.Close()
}

// TestTheStoreHoldsFewFilesOpen: however many moves are stored at once,
// the store holds at most storeSlots files open, within the descriptors
// kept in reserve for it (descriptorReserve): a move never fails for
// want of a descriptor.
func TestTheStoreHoldsFewFilesOpen(t *testing.T) {
	fs := &countingStorage{storage: newMemStorage()}
	st, err := openStore("/data", fs)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Go(func() {
			m := meta{ID: newID(), Spec: "hex(size=5,swap=none)", Seats: []seatMeta{{Player: "human", Key: "k"}, {Player: "human", Key: "l"}}}
			if err := st.create(m, nil); err != nil {
				t.Error(err)
				return
			}
			for _, move := range []string{"a1", "b1", "c1"} {
				if err := st.appendMoves(m.ID, []string{move}); err != nil {
					t.Errorf("game %d: %v", i, err)
				}
			}
		})
	}
	wg.Wait()
	if peak := fs.peak.Load(); peak > storeSlots || storeSlots >= descriptorReserve {
		t.Errorf("%d files open at once; the store's slots are %d, of the %d descriptors in reserve", peak, storeSlots, descriptorReserve)
	}
	t.Logf("at most %d files open at once", fs.peak.Load())
}
