package rules_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/internal/testgame"
)

// notGames are the Dynamic values that hold no position: calling their
// methods would dereference nil, so every function of the module that takes
// a Dynamic must refuse them first.
func notGames() map[string]rules.Dynamic {
	return map[string]rules.Dynamic{
		"nil":                   nil,
		"zero State":            rules.State{},
		"State of zero State":   rules.State{Dynamic: rules.State{}},
		"pointer to zero State": &rules.State{},
		"nil *State":            (*rules.State)(nil),
	}
}

func TestIsGame_RefusesValuesThatHoldNoPosition(t *testing.T) {
	for name, d := range notGames() {
		assert.False(t, rules.IsGame(d), name)
	}
	d, err := rules.Open("tictactoe")
	require.NoError(t, err)
	assert.True(t, rules.IsGame(d))
	assert.True(t, rules.IsGame(rules.State{Dynamic: d}))
	assert.True(t, rules.IsGame(&rules.State{Dynamic: rules.State{Dynamic: d}}))
}

func TestHistory_OfNoGameRefusesEveryMove(t *testing.T) {
	for name, d := range notGames() {
		err := rules.NewHistory(d).Play("a1")
		assert.ErrorIs(t, err, rules.ErrNoGame, name)
		assert.Equal(t, "no-game", rules.ErrorCode(err), name)
	}
}

// TestAStateOfANilStateMarshalsAsNull: a State holding a nil *State, which
// IsGame calls no game, made MarshalJSON call a method on nil. It writes
// null, as a State holding nothing does.
func TestAStateOfANilStateMarshalsAsNull(t *testing.T) {
	for _, s := range []rules.State{{}, {Dynamic: (*rules.State)(nil)}, {Dynamic: rules.State{}}} {
		data, err := json.Marshal(s)
		if err != nil || string(data) != "null" {
			t.Errorf("json.Marshal(%#v) = %s, %v; want null", s, data, err)
		}
	}
}

// TestOpenRefusesARegisteredOpenThatGivesNoGame: a registered game whose
// Open or OpenPosition gave no game and no error (a registration's bug)
// passed it on, and Replay and Walk dereferenced it. Open and
// OpenPosition refuse it with ErrNoGame.
func TestOpenRefusesARegisteredOpenThatGivesNoGame(t *testing.T) {
	rules.Register(rules.Game{
		Name:         "zz-opens-no-game",
		Open:         func(string) (rules.Dynamic, error) { return nil, nil },
		OpenPosition: func(string, string) (rules.Dynamic, error) { return rules.State{}, nil },
	})
	d, err := rules.Open("zz-opens-no-game")
	assert.Nil(t, d)
	assert.ErrorIs(t, err, rules.ErrNoGame)
	d, err = rules.OpenPosition("zz-opens-no-game", "x")
	assert.Nil(t, d)
	assert.ErrorIs(t, err, rules.ErrNoGame)
}
