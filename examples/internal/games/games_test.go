package games

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/picture"
)

const module = "github.com/tabletop-go/rules/"

// isGame reports whether an import path is a game package of the module
// or one of its sub-packages (hex, hex/svg, hex/sgf, focus, ...): any
// package of the module but the root, notation, picture, internal and
// examples.
func isGame(path string) bool {
	rest, ok := strings.CutPrefix(path, module)
	if !ok {
		return false
	}
	first, _, _ := strings.Cut(rest, "/")
	return !slices.Contains([]string{"notation", "picture", "internal", "examples"}, first)
}

// namedGames returns the game packages a Go file imports by name (not
// with a blank import).
func namedGames(t *testing.T, name string, src any) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		if isGame(path) && (spec.Name == nil || spec.Name.Name != "_") {
			out = append(out, path)
		}
	}
	return out
}

// TestNoProgramImportsTwoGames: no non-test file under examples/ imports
// more than one game package but with a blank import, so that the
// programs find the games through the registries (this package imports
// them all for that) and the bots' hooks sit one game a file.
func TestNoProgramImportsTwoGames(t *testing.T) {
	examples := filepath.Join("..", "..")
	files := 0
	err := filepath.WalkDir(examples, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		files++
		if named := namedGames(t, path, nil); len(named) > 1 {
			t.Errorf("%s imports %d game packages by name: %v", path, len(named), named)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Errorf("only %d files under %s", files, examples)
	}
	bad := `package x
import (
	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	hexsvg "github.com/tabletop-go/rules/hex/svg"
	_ "github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/picture"
)`
	if got := namedGames(t, "bad.go", bad); !slices.Equal(got, []string{module + "hex", module + "hex/svg"}) {
		t.Errorf("a file naming hex and hex/svg: %v", got)
	}
}

// TestEveryGameHasItsPicture: the games this package imports are
// registered, each with a renderer.
func TestEveryGameHasItsPicture(t *testing.T) {
	want := []string{"domination", "explocus", "focus", "hex", "hexplocus"}
	if got := rules.Games(); !slices.Equal(got, want) {
		t.Errorf("registered games %v, want %v", got, want)
	}
	if got := picture.Games(); !slices.Equal(got, want) {
		t.Errorf("games with a picture %v, want %v", got, want)
	}
}
