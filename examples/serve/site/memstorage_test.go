package site

import (
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"sync"
	"time"
)

// memStorage is a storage in memory that knows, besides what was written,
// what would survive a crash now: a file's bytes as of its last Sync, and
// a directory's names as of its last SyncDir. crashed returns what a
// machine that lost power now would find on its disk, so that a test can
// check that what the server acknowledged was on disk, and a missing sync
// fails it. failOn, if set, makes an operation fail.
type memStorage struct {
	mu    sync.Mutex
	dirs  map[string]*memDir
	clock time.Time
	// failOn is asked before every operation (op is "create", "append",
	// "write", "sync", "truncate", "rename", "remove", "syncdir" or
	// "read"); the operation fails with the error it returns.
	failOn func(op, name string) error
}

type memDir struct {
	names   map[string]*memInode // now
	durable map[string]*memInode // as of the last SyncDir
}

type memInode struct {
	data, synced []byte
	mtime        time.Time
}

func newMemStorage() *memStorage {
	return &memStorage{dirs: map[string]*memDir{}, clock: time.Unix(1e9, 0)}
}

// check asks failOn; the caller holds m.mu.
func (m *memStorage) check(op, name string) error {
	if m.failOn == nil {
		return nil
	}
	if err := m.failOn(op, name); err != nil {
		return &fs.PathError{Op: op, Path: name, Err: err}
	}
	return nil
}

// setFailOn sets failOn.
func (m *memStorage) setFailOn(f func(op, name string) error) {
	m.mu.Lock()
	m.failOn = f
	m.mu.Unlock()
}

// lookup returns the directory and inode of name; the caller holds m.mu.
func (m *memStorage) lookup(op, name string) (*memDir, *memInode, error) {
	d := m.dirs[filepath.Dir(name)]
	if d == nil {
		return nil, nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	ino := d.names[filepath.Base(name)]
	if ino == nil {
		return d, nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	return d, ino, nil
}

func (m *memStorage) tick() time.Time {
	m.clock = m.clock.Add(time.Millisecond)
	return m.clock
}

func (m *memStorage) MkdirAll(dir string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	dir = filepath.Clean(dir)
	if m.dirs[dir] == nil {
		m.dirs[dir] = &memDir{names: map[string]*memInode{}, durable: map[string]*memInode{}}
	}
	return nil
}

func (m *memStorage) ReadDir(dir string) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d := m.dirs[filepath.Clean(dir)]
	if d == nil {
		return nil, &fs.PathError{Op: "readdir", Path: dir, Err: fs.ErrNotExist}
	}
	var names []string
	for n := range d.names {
		names = append(names, n)
	}
	slices.Sort(names)
	return names, nil
}

func (m *memStorage) ReadFile(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check("read", name); err != nil {
		return nil, err
	}
	_, ino, err := m.lookup("open", name)
	if err != nil {
		return nil, err
	}
	return slices.Clone(ino.data), nil
}

func (m *memStorage) ModTime(name string) (time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ino, err := m.lookup("stat", name)
	if err != nil {
		return time.Time{}, err
	}
	return ino.mtime, nil
}

func (m *memStorage) Create(name string) (storedFile, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check("create", name); err != nil {
		return nil, err
	}
	d, ino, err := m.lookup("open", name)
	if d == nil {
		return nil, err
	}
	if ino == nil {
		ino = &memInode{}
		d.names[filepath.Base(name)] = ino
	}
	ino.data, ino.mtime = nil, m.tick()
	return &memFile{m: m, name: name, ino: ino}, nil
}

func (m *memStorage) Append(name string) (storedFile, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check("append", name); err != nil {
		return nil, err
	}
	_, ino, err := m.lookup("open", name)
	if err != nil {
		return nil, err
	}
	return &memFile{m: m, name: name, ino: ino}, nil
}

func (m *memStorage) Rename(from, to string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check("rename", from); err != nil {
		return err
	}
	d, ino, err := m.lookup("rename", from)
	if err != nil {
		return err
	}
	if filepath.Dir(to) != filepath.Dir(from) {
		return fmt.Errorf("memStorage renames within a directory only: %s to %s", from, to)
	}
	delete(d.names, filepath.Base(from))
	d.names[filepath.Base(to)] = ino
	return nil
}

func (m *memStorage) Remove(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check("remove", name); err != nil {
		return err
	}
	d, _, err := m.lookup("remove", name)
	if err != nil {
		return err
	}
	delete(d.names, filepath.Base(name))
	return nil
}

func (m *memStorage) SyncDir(dir string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.check("syncdir", dir); err != nil {
		return err
	}
	d := m.dirs[filepath.Clean(dir)]
	if d == nil {
		return &fs.PathError{Op: "open", Path: dir, Err: fs.ErrNotExist}
	}
	d.durable = maps.Clone(d.names)
	return nil
}

// crashed returns what would be on disk after a crash now: the names each
// directory had at its last SyncDir, each file with the bytes it had at
// its last Sync.
func (m *memStorage) crashed() *memStorage {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := newMemStorage()
	out.clock = m.clock
	copies := map[*memInode]*memInode{}
	for path, d := range m.dirs {
		nd := &memDir{names: map[string]*memInode{}}
		for name, ino := range d.durable {
			c := copies[ino]
			if c == nil {
				c = &memInode{data: slices.Clone(ino.synced), synced: slices.Clone(ino.synced), mtime: ino.mtime}
				copies[ino] = c
			}
			nd.names[name] = c
		}
		nd.durable = maps.Clone(nd.names)
		out.dirs[path] = nd
	}
	return out
}

// memFile is a file of a memStorage open for writing: writes go to its
// end.
type memFile struct {
	m      *memStorage
	name   string
	ino    *memInode
	closed bool
}

func (f *memFile) Write(p []byte) (int, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.m.check("write", f.name); err != nil {
		return 0, err
	}
	if f.closed {
		return 0, fs.ErrClosed
	}
	f.ino.data = append(f.ino.data, p...)
	f.ino.mtime = f.m.tick()
	return len(p), nil
}

func (f *memFile) Size() (int64, error) {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	return int64(len(f.ino.data)), nil
}

func (f *memFile) Truncate(size int64) error {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.m.check("truncate", f.name); err != nil {
		return err
	}
	if size < int64(len(f.ino.data)) {
		f.ino.data = f.ino.data[:size]
	}
	return nil
}

func (f *memFile) Sync() error {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	if err := f.m.check("sync", f.name); err != nil {
		return err
	}
	f.ino.synced = slices.Clone(f.ino.data)
	return nil
}

func (f *memFile) Close() error {
	f.m.mu.Lock()
	defer f.m.mu.Unlock()
	f.closed = true
	return nil
}
