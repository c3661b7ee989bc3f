package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

// TestREADMEShowsThisProgramAndItsOutput keeps the README's embedding
// example true: its code block is this program and its output block what
// the program prints.
func TestREADMEShowsThisProgramAndItsOutput(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	section, ok := strings.CutPrefix(string(readme)[strings.Index(string(readme), "## Embedding a game"):], "## Embedding a game")
	if !ok {
		t.Fatal("README has no Embedding a game section")
	}
	blocks := strings.Split(section, "```")
	if len(blocks) < 4 {
		t.Fatal("README's Embedding a game section needs a code block and an output block")
	}
	code := strings.TrimPrefix(blocks[1], "go\n")
	source, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	if want := string(source)[strings.Index(string(source), "package main"):]; code != want {
		t.Errorf("README's code block is not examples/embed/main.go from its package clause:\n%s", code)
	}

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	main()
	os.Stdout = stdout
	w.Close()
	out, _ := io.ReadAll(r)
	if want := strings.TrimPrefix(blocks[3], "\n"); string(out) != want {
		t.Errorf("the program prints\n%s\nbut the README shows\n%s", out, want)
	}
}
