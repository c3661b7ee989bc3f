// Command pictures draws the start of every game as an SVG picture, with
// the game's svg package, and writes them to docs/pictures: hex.svg,
// focus.svg, domination.svg, explocus.svg and hexplocus.svg. The README
// shows them; a test fails when the committed pictures are stale. Run it
// from the module's root:
//
//	go run ./examples/pictures              # writes docs/pictures/*.svg
//	go run ./examples/pictures -dir /tmp/x  # somewhere else
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tabletop-go/rules/domination"
	dominationsvg "github.com/tabletop-go/rules/domination/svg"
	"github.com/tabletop-go/rules/explocus"
	explocussvg "github.com/tabletop-go/rules/explocus/svg"
	"github.com/tabletop-go/rules/focus"
	focussvg "github.com/tabletop-go/rules/focus/svg"
	"github.com/tabletop-go/rules/hex"
	hexsvg "github.com/tabletop-go/rules/hex/svg"
)

// size is the pictures' width in pixels.
const size = 480

// picture is one file and its contents.
type picture struct {
	name string
	data []byte
}

// pictures draws the start of every game with coordinates: Hex on the
// standard 11×11 board, the standard two-player Focus, Domination,
// Explocus on its standard 8×8 board and Hexplocus on its standard
// hexagon of side 6.
func pictures() []picture {
	return []picture{
		{"hex.svg", hexsvg.Render(hex.New(), hexsvg.Options{Size: size, Coordinates: true})},
		{"focus.svg", focussvg.Render(focus.New(), focussvg.Options{Size: size, Coordinates: true})},
		{"domination.svg", dominationsvg.Render(domination.New(), dominationsvg.Options{Size: size, Coordinates: true})},
		{"explocus.svg", explocussvg.Render(explocus.New(), explocussvg.Options{Size: size, Coordinates: true})},
		{"hexplocus.svg", explocussvg.Render(explocus.HexDefault.Start(), explocussvg.Options{Size: size, Coordinates: true})},
	}
}

func main() {
	dir := flag.String("dir", filepath.Join("docs", "pictures"), "the directory to write the pictures to")
	flag.Parse()
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "pictures:", err)
		os.Exit(1)
	}
	for _, p := range pictures() {
		path := filepath.Join(*dir, p.name)
		if err := os.WriteFile(path, p.data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "pictures:", err)
			os.Exit(1)
		}
		fmt.Println(path)
	}
}
