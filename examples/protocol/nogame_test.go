package protocol_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
)

// The protocol's functions that take a position refuse a Dynamic that holds
// none (nil, a zero rules.State) instead of calling its methods.
func TestProtocol_RefusesDynamicsThatHoldNoGame(t *testing.T) {
	for _, d := range []rules.Dynamic{nil, rules.State{}, rules.State{Dynamic: rules.State{}}} {
		assert.Empty(t, protocol.Color(d), "%#v", d)
		_, err := protocol.ParseColor(d, "white")
		assert.ErrorIs(t, err, rules.ErrNoGame, "ParseColor(%#v)", d)
		assert.ErrorIs(t, protocol.CheckPlayer("random", d), rules.ErrNoGame, "CheckPlayer(%#v)", d)
		_, err = protocol.BotFactory("mcts", bot.Options{})(d)
		assert.ErrorIs(t, err, rules.ErrNoGame, "BotFactory(%#v)", d)
		var e protocol.Engine
		assert.ErrorIs(t, e.Play(context.Background(), d, "a1"), rules.ErrNoGame, "Engine.Play(%#v)", d)
		_, err = e.GenMove(context.Background(), d)
		assert.ErrorIs(t, err, rules.ErrNoGame, "Engine.GenMove(%#v)", d)
		assert.ErrorIs(t, e.NewGame(context.Background(), d, 0), rules.ErrNoGame, "Engine.NewGame(%#v)", d)
	}
}
