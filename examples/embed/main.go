// Command embed is the README's example of embedding a game: open it by a
// spec chosen at run time, play moves from text with checked errors, store
// the state as JSON and read it back, then take the typed position for the
// allocation-free fast path a search uses.
package main

import (
	"encoding/json"
	"fmt"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex" // importing a game registers it
)

func main() {
	g, err := rules.Open("hex(size=7)") // any registered game and variant
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"D4", "swap", "c3", "c3"} {
		next, err := g.Play(s) // checked: syntax, legality, game over
		if err != nil {
			fmt.Println("refused:", err) // refused: c3: illegal move: cell is occupied
			continue
		}
		canonical, _ := g.Canonical(s) // "D4" is echoed as "d4"
		g = next
		fmt.Println(canonical, "->", g, "| to move:", g.ToMove())
	}

	data, _ := json.Marshal(g) // {"spec":"hex(size=7,swap=sides)","position":"..."}
	back, err := rules.UnmarshalDynamic(data)
	fmt.Println(string(data), "reads back equal:", err == nil && back.Hash() == g.Hash())

	p := g.Typed().(hex.Position) // the typed position: moves into your own buffer
	moves := p.AppendMoves(make([]hex.Move, 0, p.MaxMoves()))
	p = p.PlayUnchecked(moves[0]) // unchecked: the fast path for search
	fmt.Println(len(moves), "legal moves; after", moves[0], "->", p)
}
