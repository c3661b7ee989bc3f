package explocus

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tabletop-go/rules"
)

func TestPositionTextRefusesATurnTheSeatsCannotHave(t *testing.T) {
	for _, tc := range []struct {
		text   string
		offset int
		msg    string
	}{
		{"..../..../B.../AA.. B 0", 20, "at ply 0 seat A is to move"},
		{"..../..../B.../AA.. A 7", 20, "at ply 7 seat B is to move"},
		{"explocus(rows=4,cols=4,plylimit=10) ..../..../B.../AA.. A 12", 58, "ply limit 10"},
	} {
		_, err := ParsePosition(tc.text)
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%q: %v", tc.text, err)
		assert.Equal(t, tc.offset, se.Offset, "%q: %v", tc.text, err)
		assert.Contains(t, se.Msg, tc.msg, tc.text)
	}
	for _, ok := range []string{"..../..../B.../AA.. B 1", "explocus(rows=4,cols=4,plylimit=10) ..../..../B.../AA.. A 10"} {
		_, err := ParsePosition(ok)
		assert.NoError(t, err, ok)
	}
}

func TestCanEndAcceptsOnlyExplocusResults(t *testing.T) {
	p, limited := New(), Config{Rows: 8, Cols: 8, PlyLimit: 100}.Start()
	for _, q := range []Position{p, limited} {
		assert.True(t, q.CanEnd(rules.Win(2, rules.Elimination, 0)))
		assert.True(t, q.CanEnd(rules.Win(2, rules.Elimination, 1)))
		for _, o := range []rules.Outcome{{}, rules.Win(2, rules.Elimination), rules.Win(2, rules.Elimination, 0, 1),
			rules.Win(3, rules.Elimination, 0), rules.Draw(3, rules.PlyLimit)} {
			assert.False(t, q.CanEnd(o), o.String())
		}
	}
	assert.False(t, p.CanEnd(rules.Draw(2, rules.PlyLimit)), "the rules have no draw")
	assert.True(t, limited.CanEnd(rules.Draw(2, rules.PlyLimit)), "the ply limit draws")
}

func TestCanEndHoldsForEveryRandomGame(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(300) {
		c := Config{Rows: 3 + int(seed%4), Cols: 3 + int(seed/4%4), PlyLimit: 300}
		s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(seed, 13))}
		end, _ := s.Playout(c.Start(), -1)
		o := end.Outcome()
		require.True(t, o.Over(), "%v seed %d", c, seed)
		require.True(t, end.CanEnd(o), "%v seed %d: %v", c, seed, o)
		seen[o.Result()] = true
	}
	assert.True(t, seen["1-0"] && seen["0-1"], "random games end both ways: %v", seen)
}

func TestCanEndHoldsForEveryRandomHexplocusGame(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(200) {
		c := Config{Side: 3 + int(seed%3), PlyLimit: 300}
		s := rules.Sampler[Position, Move]{Rand: rand.New(rand.NewPCG(seed, 17))}
		end, _ := s.Playout(c.Start(), -1)
		o := end.Outcome()
		require.True(t, o.Over(), "%v seed %d", c, seed)
		require.True(t, end.CanEnd(o), "%v seed %d: %v", c, seed, o)
		seen[o.Result()] = true
	}
	assert.True(t, seen["1-0"] && seen["0-1"], "random games end both ways: %v", seen)
}
