// Command embed is the README's example of embedding a game: parse a spec,
// start, and play moves from text with checked errors.
package main

import (
	"fmt"

	"github.com/tabletop-go/rules/hex"
)

func main() {
	cfg, _ := hex.ParseSpec("hex(size=7,swap=sides)")
	p := cfg.Start()
	for _, s := range []string{"d4", "swap", "c3", "c3"} {
		m, err := p.ParseMove(s)
		if err == nil {
			p, err = p.Play(m) // checked; PlayUnchecked is the fast path for search
		}
		if err != nil {
			fmt.Println("refused:", err) // refused: c3: illegal move: cell is occupied
			continue
		}
		fmt.Println(s, "->", p, "| to move:", p.ToMove())
	}
}
