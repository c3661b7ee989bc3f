package bot_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	_ "github.com/tabletop-go/rules/hex"
)

// A zero rules.State is a Dynamic whose methods dereference nil: the bots
// refuse it (and nil) with ErrNoGame instead of calling them.
func TestBots_RefuseDynamicsThatHoldNoGame(t *testing.T) {
	start, err := rules.Open("hex(size=5)")
	require.NoError(t, err)
	typed, err := bot.ForDynamic("random", start, bot.Options{})
	require.NoError(t, err)
	fallback, err := bot.NewDynamic("mcts", bot.Options{Iterations: 10})
	require.NoError(t, err)
	for _, d := range []rules.Dynamic{nil, rules.State{}, rules.State{Dynamic: rules.State{}}} {
		for _, name := range bot.Names {
			_, err := bot.ForDynamic(name, d, bot.Options{})
			assert.ErrorIs(t, err, rules.ErrNoGame, "ForDynamic(%s, %#v)", name, d)
		}
		_, err := typed.Choose(context.Background(), d)
		assert.ErrorIs(t, err, rules.ErrNoGame, "typed Choose(%#v)", d)
		_, err = fallback.Choose(context.Background(), d)
		assert.ErrorIs(t, err, rules.ErrNoGame, "fallback Choose(%#v)", d)
	}
}
