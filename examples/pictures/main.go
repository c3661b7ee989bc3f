// Command pictures draws the start of every game that has a picture (a
// renderer registered with package picture) as an SVG picture, and writes
// them to docs/pictures, one file a game named after it: hex.svg,
// focus.svg, domination.svg, explocus.svg and hexplocus.svg. Each is the
// start of the game's usual variant, the first its registration lists
// (rules.Game.Variants; the bare spec for a game with none), drawn with
// coordinates. The README shows them; a test fails when the committed
// pictures are stale. Run it from the module's root:
//
//	go run ./examples/pictures              # writes docs/pictures/*.svg
//	go run ./examples/pictures -dir /tmp/x  # somewhere else
//
// It knows no game by name: it draws the games that
// examples/internal/games imports, and any other whose packages a test or
// a program imports.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/picture"

	_ "github.com/tabletop-go/rules/examples/internal/games" // every game of the module, with its picture
)

// size is the pictures' width in pixels.
const size = 480

// drawing is one file and its contents.
type drawing struct {
	name string
	data []byte
}

// pictures draws the start of the usual variant of every game with a
// registered renderer, in the order of their names.
func pictures() ([]drawing, error) {
	var out []drawing
	for _, name := range picture.Games() {
		g, err := rules.Lookup(name)
		if err != nil {
			return nil, err
		}
		spec := name
		if len(g.Variants) > 0 {
			spec = g.Variants[0].Spec
		}
		d, err := rules.Open(spec)
		if err != nil {
			return nil, err
		}
		doc, err := picture.Render(d, picture.Options{Size: size, Coordinates: true})
		if err != nil {
			return nil, err
		}
		out = append(out, drawing{name + ".svg", doc})
	}
	return out, nil
}

func main() {
	dir := flag.String("dir", filepath.Join("docs", "pictures"), "the directory to write the pictures to")
	flag.Parse()
	if err := run(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "pictures:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	drawings, err := pictures()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, p := range drawings {
		path := filepath.Join(dir, p.name)
		if err := os.WriteFile(path, p.data, 0o644); err != nil {
			return err
		}
		fmt.Println(path)
	}
	return nil
}
