package bot_test

import (
	"context"
	"fmt"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/hex"
)

// Run a bot: MCTS against a random player in 5×5 Hex, through the same
// generic code that plays every game.
func Example() {
	players := [2]bot.Bot[hex.Position, hex.Move]{
		bot.NewMCTS[hex.Position, hex.Move](bot.Options{Iterations: 2000, Seed: 1}),
		bot.NewRandom[hex.Position, hex.Move](2),
	}
	p := hex.Sized(5).Start()
	for p.ToMove() != rules.Terminal {
		m, err := players[p.ToMove()].Choose(context.Background(), p)
		if err != nil {
			fmt.Println(err)
			return
		}
		p, _ = p.Play(m)
	}
	winner, _ := p.Outcome().Winner()
	fmt.Println("winner: seat", winner)
	// Output:
	// winner: seat A
}
