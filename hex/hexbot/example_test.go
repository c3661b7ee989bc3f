package hexbot_test

import (
	"context"
	"fmt"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/hex/hexbot"
)

// The bot plays a proven win at once: Black's c2 and b4 are joined to
// each other and to both sides by bridges, so it plays a cell of the
// connection's carrier without searching.
func ExampleBot_Choose() {
	p, err := hex.ParsePosition("hex(size=5,swap=none) 4W/2B2/5/1B3/4W b -")
	if err != nil {
		fmt.Println(err)
		return
	}
	b := hexbot.New(hexbot.Options{Iterations: 1000, Seed: 1})
	m, err := b.Choose(context.Background(), p)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m, b.Last.Reason)
	// Output:
	// c3 win
}
