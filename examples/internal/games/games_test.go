package games

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
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

// gameOf returns the game a game package belongs to: "hex" for hex,
// hex/svg and hex/hexbot.
func gameOf(path string) string {
	game, _, _ := strings.Cut(strings.TrimPrefix(path, module), "/")
	return game
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

// TestNoProgramImportsTwoGames: no non-test file under examples/ but the
// one list (games.go, which registers the bots' hooks) imports the
// packages of more than one game but with a blank import, so that the
// programs find the games through the registries. A game's
// own packages (hex with hex/svg, hex/hexbot...) count as one game: a
// Hex tool such as htp may use them all.
func TestNoProgramImportsTwoGames(t *testing.T) {
	examples := filepath.Join("..", "..")
	files := 0
	err := filepath.WalkDir(examples, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		files++
		if filepath.Base(filepath.Dir(path)) == "games" && filepath.Base(path) == "games.go" {
			return nil // the one list
		}
		named := namedGames(t, path, nil)
		games := map[string]bool{}
		for _, p := range named {
			games[gameOf(p)] = true
		}
		if len(games) > 1 {
			t.Errorf("%s imports the packages of %d games by name: %v", path, len(games), named)
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
	if gameOf(module+"hex/hexbot") != "hex" || gameOf(module+"focus") != "focus" {
		t.Error("gameOf does not name a package's game")
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

// TestEveryVariantHasItsTypedBot: the list registers a bot hook for every
// position type a game's variants open (Focus has two: Position and, for
// Nowak's game, NowakPosition; Hexplocus is explocus.HexPosition), so no variant falls back to the slow bot
// that plays through rules.Dynamic alone.
func TestEveryVariantHasItsTypedBot(t *testing.T) {
	for _, name := range rules.Games() {
		g, err := rules.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range g.Variants {
			d, err := rules.Open(v.Spec)
			if err != nil {
				t.Fatal(err)
			}
			b, err := bot.ForDynamic("mcts", d, bot.Options{Iterations: 1})
			if err != nil {
				t.Fatal(err)
			}
			if typ := fmt.Sprintf("%T", b); strings.Contains(typ, "fallback") {
				t.Errorf("%s (%T): the bot is %s, the fallback", v.Spec, d.Typed(), typ)
			}
		}
	}
}
