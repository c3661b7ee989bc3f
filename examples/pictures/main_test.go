package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// testOnly names the pictures of games that only tests register (see
// plug_test.go), which docs/pictures does not hold.
var testOnly = []string{"tictactoe.svg"}

func drawAll(t *testing.T) []drawing {
	t.Helper()
	drawings, err := pictures()
	if err != nil {
		t.Fatal(err)
	}
	return drawings
}

// TestCommittedPicturesAreCurrent fails when a picture in docs/pictures is
// missing or differs from what the svg packages draw now.
func TestCommittedPicturesAreCurrent(t *testing.T) {
	drawings := drawAll(t)
	if len(drawings) < 5 {
		t.Errorf("%d pictures: every game of the module has one", len(drawings))
	}
	for _, p := range drawings {
		if slices.Contains(testOnly, p.name) {
			continue
		}
		path := filepath.Join("..", "..", "docs", "pictures", p.name)
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v: run go run ./examples/pictures from the module's root", err)
			continue
		}
		if !bytes.Equal(got, p.data) {
			t.Errorf("docs/pictures/%s is stale: run go run ./examples/pictures from the module's root", p.name)
		}
	}
}

// TestMainWritesThePictures runs the command into a temporary directory.
func TestMainWritesThePictures(t *testing.T) {
	dir := t.TempDir()
	args := os.Args
	defer func() { os.Args = args }()
	os.Args = []string{"pictures", "-dir", dir}
	stdout := os.Stdout
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	os.Stdout = devnull
	main()
	os.Stdout = stdout
	for _, p := range drawAll(t) {
		got, err := os.ReadFile(filepath.Join(dir, p.name))
		if err != nil || !bytes.Equal(got, p.data) {
			t.Errorf("%s not written as drawn: %v", p.name, err)
		}
	}
}
