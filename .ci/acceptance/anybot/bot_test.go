package anybot_test

import (
	"math/rand/v2"
	"testing"

	"example.com/acceptance/anybot"
	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/hex"
)

// match plays games between the bot (seat A in even games, B in odd ones)
// and a random player, checking every bot move with Legal, and returns
// the bot's points.
func match[P rules.Position[P, M], M rules.Move](t *testing.T, start P, games int) float64 {
	points := 0.0
	for g := range games {
		r := rand.New(rand.NewPCG(uint64(g), 1))
		b := anybot.New(start, r)
		random := rules.Sampler[P, M]{Rand: r}
		me, p := rules.Player(g%2), start
		for p.ToMove() != rules.Terminal {
			m, _ := random.Move(p)
			if p.ToMove() == me {
				m = b.Choose(p)
				if err := p.Legal(m); err != nil {
					t.Fatalf("game %d: the bot chose %v: %v", g, m, err)
				}
			}
			p = p.PlayUnchecked(m)
		}
		points += p.Outcome().Score(me)
	}
	return points
}

func TestOneBotPlaysTwoGames(t *testing.T) {
	if got := match(t, hex.Sized(5).Start(), 6); got < 5 {
		t.Errorf("Hex 5×5: the bot scored %v of 6 against a random player", got)
	}
	if got := match(t, explocus.Config{Rows: 5, Cols: 5, PlyLimit: 200}.Start(), 4); got < 3 {
		t.Errorf("Explocus 5×5: the bot scored %v of 4 against a random player", got)
	}
}
