package picture_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/picture"
)

func TestRender_RefusesValuesThatHoldNoGame(t *testing.T) {
	for _, d := range []rules.Dynamic{nil, rules.State{}, rules.State{Dynamic: rules.State{}}} {
		_, err := picture.Render(d, picture.Options{})
		assert.ErrorIs(t, err, rules.ErrNoGame, "%#v", d)
		assert.Equal(t, "#999999", picture.SeatColor(d, 0), "%#v: the neutral grey", d)
	}
}
