package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// HexGames returns the path of the file name of shared/hexgames, the
// real Hex records laid beside the repository for development and CI:
// in $HEXGAMES_DIR, else in a folder shared/hexgames beside the working
// directory or one of its parents. When it is missing the test is
// skipped, or under CI (CI set) it fails: CI must read the real games.
func HexGames(t testing.TB, name string) string {
	t.Helper()
	if d := os.Getenv("HEXGAMES_DIR"); d != "" {
		if _, err := os.Stat(filepath.Join(d, name)); err == nil {
			return filepath.Join(d, name)
		}
	}
	if dir, err := os.Getwd(); err == nil {
		for {
			path := filepath.Join(dir, "shared", "hexgames", name)
			if _, err := os.Stat(path); err == nil {
				return path
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s not found beside the repository (CI must read the real games); set HEXGAMES_DIR", name)
	}
	t.Skipf("%s not found beside the repository; set HEXGAMES_DIR", name)
	return ""
}
