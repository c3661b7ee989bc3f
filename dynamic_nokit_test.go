package rules_test

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
	_ "github.com/tabletop-go/rules/internal/testgame"
)

// noKitPositions are positions of the test game, which implements the
// rules alone: starts of two variants, a game under way and a finished
// one (a terminal node), keyed by a name for the failure messages.
func noKitPositions(t *testing.T) map[string]rules.Dynamic {
	t.Helper()
	out := map[string]rules.Dynamic{}
	for _, spec := range []string{"tictactoe", "tictactoe(size=4)"} {
		d, err := rules.Open(spec)
		require.NoError(t, err)
		out[spec+" start"] = d
	}
	d, err := rules.Open("tictactoe(size=4)")
	require.NoError(t, err)
	for _, m := range []string{"a1", "b2"} {
		d, err = d.Play(m)
		require.NoError(t, err)
	}
	out["tictactoe(size=4) under way"] = d
	d, err = rules.Open("tictactoe")
	require.NoError(t, err)
	for _, m := range []string{"a1", "a2", "b1", "b2", "c1"} {
		d, err = d.Play(m)
		require.NoError(t, err)
	}
	require.Equal(t, rules.TerminalNode, d.Node())
	out["tictactoe won"] = d
	return out
}

// requireNotSupported checks that err is the *rules.NotSupportedError of
// method of the test game: Game is the game's name (the spec's, without
// its options) and What names the Dynamic method and the kit.
func requireNotSupported(t *testing.T, err error, method, where string) {
	t.Helper()
	var ns *rules.NotSupportedError
	require.True(t, errors.As(err, &ns), "%s: %s gives %T %v, want a *rules.NotSupportedError", where, method, err, err)
	assert.ErrorIs(t, err, rules.ErrNotSupported, where)
	assert.Equal(t, "tictactoe", ns.Game, "%s: %s", where, method)
	assert.Equal(t, "Dynamic."+method+" (the search-and-learning kit)", ns.What, where)
	assert.Equal(t, "rules: tictactoe does not support Dynamic."+method+" (the search-and-learning kit)", err.Error(), where)
	assert.Equal(t, "not-supported", rules.ErrorCode(err), where)
}

// TestDynamicKitMethodsOfAGameWithoutTheKitRefuseWithTheirNames: every
// kit method of Dynamic that can fail gives, for a game with only the
// rules, a *NotSupportedError naming the game and that very method, and
// the zero value of its result (-1 for ActionIndex), whatever the node
// and the argument; the kit check comes before any other (a terminal
// node, an index out of range, a move that does not parse).
func TestDynamicKitMethodsOfAGameWithoutTheKitRefuseWithTheirNames(t *testing.T) {
	for where, d := range noKitPositions(t) {
		for _, move := range []string{"c3", "a1", "zz", ""} {
			i, err := d.ActionIndex(move)
			assert.Equal(t, -1, i, "%s: ActionIndex(%q)", where, move)
			requireNotSupported(t, err, "ActionIndex", where)

			s, err := d.TransformMove(0, move)
			assert.Equal(t, "", s, "%s: TransformMove(0, %q)", where, move)
			requireNotSupported(t, err, "TransformMove", where)
		}
		for _, i := range []int{0, 1, -1, 1 << 20} {
			next, err := d.PlayAction(i)
			assert.Nil(t, next, "%s: PlayAction(%d)", where, i)
			requireNotSupported(t, err, "PlayAction", where)

			s, err := d.ActionMove(i)
			assert.Equal(t, "", s, "%s: ActionMove(%d)", where, i)
			requireNotSupported(t, err, "ActionMove", where)

			s, err = d.ChanceMove(i)
			assert.Equal(t, "", s, "%s: ChanceMove(%d)", where, i)
			requireNotSupported(t, err, "ChanceMove", where)

			q, err := d.Transform(i)
			assert.Nil(t, q, "%s: Transform(%d)", where, i)
			requireNotSupported(t, err, "Transform", where)

			s, err = d.TransformMove(i, "c3")
			assert.Equal(t, "", s, "%s: TransformMove(%d)", where, i)
			requireNotSupported(t, err, "TransformMove", where)

			perm, err := d.ActionPermutation(i)
			assert.Nil(t, perm, "%s: ActionPermutation(%d)", where, i)
			requireNotSupported(t, err, "ActionPermutation", where)
		}
		for _, n := range []int{0, 9, 16} {
			mask := make([]bool, n)
			for i := range mask {
				mask[i] = true
			}
			requireNotSupported(t, d.LegalActionMask(mask), "LegalActionMask", where)
			for i, v := range mask {
				require.True(t, v, "%s: LegalActionMask wrote mask[%d] of a refused call", where, i)
			}
		}
	}
}

// TestDynamicKitReportsOfAGameWithoutTheKitAreEmpty: the kit methods of
// Dynamic that cannot fail report nothing for a game with only the
// rules: no actions, no symmetry, no evaluation, the shape [0, 0, 0],
// an empty observation, and buffers handed back exactly as they came
// (the same elements, length, capacity and array, nothing appended).
func TestDynamicKitReportsOfAGameWithoutTheKitAreEmpty(t *testing.T) {
	for where, d := range noKitPositions(t) {
		assert.Zero(t, d.NumActions(), where)
		assert.Zero(t, d.NumChanceActions(), where)
		assert.Zero(t, d.Symmetries(), where)
		v, ok := d.Evaluate(0)
		assert.False(t, ok, where)
		assert.Zero(t, v, where)
		assert.Equal(t, []int{0, 0, 0}, d.ObservationShape(), where)
		assert.Equal(t, []int{}, d.LegalActions(), "%s: empty, never nil", where)

		for _, buf := range [][]int{nil, {}, {7, 3, 5}, append(make([]int, 0, 40), 9, -1)} {
			before := slices.Clone(buf)
			got := d.AppendLegalActions(buf)
			assert.Equal(t, before, got, "%s: AppendLegalActions(%v) changed the buffer", where, before)
			assert.Equal(t, buf == nil, got == nil, "%s: AppendLegalActions(%#v) = %#v", where, buf, got)
			assert.Equal(t, len(buf), len(got), where)
			assert.Equal(t, cap(buf), cap(got), where)
			if len(buf) > 0 && len(got) > 0 {
				assert.Same(t, &buf[0], &got[0], "%s: AppendLegalActions gave another array", where)
			}
			if cap(buf) > len(buf) && cap(got) == cap(buf) {
				assert.Equal(t, buf[:cap(buf)], got[:cap(got)], "%s: AppendLegalActions wrote past the length", where)
			}
		}
		for _, seat := range []rules.Player{0, 1, 3, rules.Chance} {
			obs := d.Observation(seat)
			assert.Empty(t, obs, "%s: Observation(%v)", where, seat)
			// The implementation gives an empty slice, not nil, so that
			// JSON writes [] as it does a kit game's observation.
			assert.NotNil(t, obs, "%s: Observation(%v)", where, seat)
			data, err := json.Marshal(obs)
			require.NoError(t, err)
			assert.Equal(t, "[]", string(data), where)

			buf := append(make([]float32, 0, 8), 1.5, -2)
			got := d.AppendObservation(buf, seat)
			if assert.Equal(t, []float32{1.5, -2}, got, "%s: AppendObservation(%v)", where, seat) {
				assert.Same(t, &buf[0], &got[0], "%s: AppendObservation gave another array", where)
			}
			assert.Equal(t, cap(buf), cap(got), where)
			assert.Nil(t, d.AppendObservation(nil, seat), "%s: AppendObservation(nil, %v) makes a buffer", where, seat)
		}
	}
}

// TestNoKitGameIsNamedBySpecNameNotSpec: the Game of the error is the
// game's name even for a variant whose canonical spec carries options,
// so that a caller can match it against rules.Games().
func TestNoKitGameIsNamedBySpecNameNotSpec(t *testing.T) {
	d, err := rules.Open("tictactoe(size=5)")
	require.NoError(t, err)
	require.NotEqual(t, "tictactoe", d.Spec(), "the variant's spec carries its option")
	_, err = d.PlayAction(0)
	var ns *rules.NotSupportedError
	require.ErrorAs(t, err, &ns)
	assert.Equal(t, rules.SpecName(d.Spec()), ns.Game)
	assert.Contains(t, rules.Games(), ns.Game)
}
