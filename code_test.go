package rules_test

import (
	"encoding/json"
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/notation"
)

func TestErrorCodeNamesEveryKindOfError(t *testing.T) {
	start, err := rules.Open("hex(size=3)")
	require.NoError(t, err)
	over, err := rules.OpenPosition("hex(size=1,swap=none)", "B w -")
	require.NoError(t, err)
	draw, err := rules.Open("domination")
	require.NoError(t, err)
	code := func(err error) string { return rules.ErrorCode(err) }
	_, unknown := rules.Open("chess")
	_, badSpec := rules.Open("hex(size=99)")
	_, specSyntax := rules.Open("hex(size=3")
	_, badPosition := rules.OpenPosition("hex(size=3)", "3/3 b -")
	_, forged := rules.OpenPosition("hex(size=3)", "BBB/3/3 b -")
	_, syntax := start.Play("zz99")
	_, illegal := start.Play("swap")
	_, gameOver := over.Play("a1")
	_, wrongNode := draw.Play("d4-d6,e5-e7")
	_, noGame := rules.Erase(hex.Position{})
	_, record := notation.Record{Moves: []string{"a1"}}.Replay()
	for _, c := range []struct {
		err  error
		want string
	}{
		{nil, ""},
		{unknown, "unknown-game"},
		{badSpec, "bad-spec"},
		{specSyntax, "bad-spec"},
		{badPosition, "bad-position"},
		{forged, "bad-position"},
		{syntax, "syntax"},
		{illegal, "illegal"},
		{gameOver, "game-over"},
		{wrongNode, "wrong-node"},
		{noGame, "no-game"},
		{record, "bad-record"},
		{io.ErrUnexpectedEOF, "other"},
	} {
		assert.Equal(t, c.want, code(c.err), "%v", c.err)
	}
}

// TestOpenPositionTellsABadSpecFromABadPosition: both used to be a
// *SyntaxError whose What said "game spec".
func TestOpenPositionTellsABadSpecFromABadPosition(t *testing.T) {
	_, err := rules.OpenPosition("hex(size=", "3/3/3 b -")
	assert.ErrorIs(t, err, rules.ErrBadSpec)
	assert.NotErrorIs(t, err, rules.ErrBadPosition)
	_, err = rules.OpenPosition("hex(size=3)", "3/3/3 x -")
	assert.ErrorIs(t, err, rules.ErrBadPosition)
	assert.NotErrorIs(t, err, rules.ErrBadSpec)
	var se *rules.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 6, se.Offset, "the offset of the colour to move")
	// A spec inside the position text that names no variant is a fault
	// of the position text.
	_, err = rules.OpenPosition("hex(size=3)", "hex(size=0) 3/3/3 b -")
	assert.ErrorIs(t, err, rules.ErrBadPosition)
}

func TestStateIsAPositionInAJSONField(t *testing.T) {
	type saved struct {
		Game  rules.State `json:"game"`
		Owner string      `json:"owner"`
	}
	d, err := rules.Open("hex(size=5)")
	require.NoError(t, err)
	d, err = d.Play("c3")
	require.NoError(t, err)
	data, err := json.Marshal(saved{Game: rules.State{Dynamic: d}, Owner: "ann"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"game":{"spec":"hex(size=5,swap=sides)","position":"5/5/2B2/5/5 w -"},"owner":"ann"}`, string(data))
	var back saved
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, d.Typed(), back.Game.Typed())
	assert.Equal(t, "ann", back.Owner)

	data, err = json.Marshal(saved{})
	require.NoError(t, err)
	assert.JSONEq(t, `{"game":null,"owner":""}`, string(data))
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Nil(t, back.Game.Dynamic)
}

// TestStoredPositionsAreReadStrictly: JSON from strangers gets no
// case-insensitive field names, no duplicates (last wins), no unknown
// fields and no missing ones.
func TestStoredPositionsAreReadStrictly(t *testing.T) {
	good := `{"spec":"hex(size=3)","position":"3/3/3 b -"}`
	_, err := rules.UnmarshalDynamic([]byte(good))
	require.NoError(t, err)
	for _, bad := range []string{
		`{"Spec":"hex(size=3)","position":"3/3/3 b -"}`,
		`{"spec":"hex(size=3)","POSITION":"3/3/3 b -"}`,
		`{"spec":"hex(size=3)","spec":"hex(size=4)","position":"3/3/3 b -"}`,
		`{"spec":"hex(size=3)","position":"3/3/3 b -","extra":1}`,
		`{"spec":"hex(size=3)"}`,
		`{"spec":3,"position":"3/3/3 b -"}`,
		`{"spec":"hex(size=3)","position":"3/3/3 b -"} {}`,
		`["hex","3/3/3 b -"]`,
		``,
	} {
		_, err := rules.UnmarshalDynamic([]byte(bad))
		var se *rules.SyntaxError
		assert.True(t, errors.As(err, &se), "%s: %v", bad, err)
	}
}

func TestPlayCanonicalGivesTheCanonicalMove(t *testing.T) {
	d, err := rules.Open("hex(size=5)")
	require.NoError(t, err)
	next, canonical, err := d.PlayCanonical("C3")
	require.NoError(t, err)
	assert.Equal(t, "c3", canonical)
	assert.Equal(t, "5/5/2B2/5/5 w -", next.String())
	_, canonical, err = next.PlayCanonical("c3")
	assert.ErrorIs(t, err, rules.ErrIllegal)
	assert.Empty(t, canonical)
	_, _, err = d.PlayCanonical("q9")
	assert.ErrorIs(t, err, rules.ErrSyntax)
	dom, err := rules.Open("domination")
	require.NoError(t, err)
	_, canonical, err = dom.PlayCanonical("5-2")
	require.NoError(t, err)
	assert.Equal(t, "2-5", canonical)
}
