package site

import (
	"errors"
	"io"
	"os"
	"time"
)

// storage is what the store needs of a file system: the seam through
// which a test watches (or breaks) every write, sync and rename. The
// server uses osStorage, the operating system's files; the tests also use
// one that keeps only what was synced when it "crashes", so that a missing
// sync fails a test.
type storage interface {
	// MkdirAll creates a directory and its parents, as os.MkdirAll.
	MkdirAll(dir string) error
	// ReadDir returns the names in a directory, sorted.
	ReadDir(dir string) ([]string, error)
	// ReadFile returns a file's contents.
	ReadFile(name string) ([]byte, error)
	// ModTime returns when a file was last written; an error satisfying
	// errors.Is(err, fs.ErrNotExist) if there is none.
	ModTime(name string) (time.Time, error)
	// Create opens a file for writing, created empty or truncated.
	Create(name string) (storedFile, error)
	// Append opens an existing file for writing at its end.
	Append(name string) (storedFile, error)
	// Rename renames a file, replacing any file of the new name.
	Rename(from, to string) error
	// Remove removes a file.
	Remove(name string) error
	// SyncDir makes the names in a directory (files created, renamed or
	// removed) survive a crash.
	SyncDir(dir string) error
}

// storedFile is a file open for writing.
type storedFile interface {
	io.Writer
	// Size returns the file's length: where the next write goes.
	Size() (int64, error)
	// Truncate cuts the file to size bytes.
	Truncate(size int64) error
	// Sync makes what was written survive a crash.
	Sync() error
	Close() error
}

// osStorage is the operating system's file system.
type osStorage struct{}

func (osStorage) MkdirAll(dir string) error { return os.MkdirAll(dir, 0o700) }

func (osStorage) ReadDir(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names, err
}

func (osStorage) ReadFile(name string) ([]byte, error) { return os.ReadFile(name) }

func (osStorage) ModTime(name string) (time.Time, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return time.Time{}, err
	}
	return fi.ModTime(), nil
}

func (osStorage) Create(name string) (storedFile, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

func (osStorage) Append(name string) (storedFile, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

func (osStorage) Rename(from, to string) error { return os.Rename(from, to) }
func (osStorage) Remove(name string) error     { return os.Remove(name) }

func (osStorage) SyncDir(dir string) error {
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

// osFile is an *os.File as a storedFile.
type osFile struct{ *os.File }

func (f osFile) Size() (int64, error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// isNotExist reports whether err says a file does not exist.
func isNotExist(err error) bool { return errors.Is(err, os.ErrNotExist) }
