package explocus

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
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
		s := rules.Sampler[HexPosition, Move]{Rand: rand.New(rand.NewPCG(seed, 17))}
		end, _ := s.Playout(c.StartHex(), -1)
		o := end.Outcome()
		require.True(t, o.Over(), "%v seed %d", c, seed)
		require.True(t, end.CanEnd(o), "%v seed %d: %v", c, seed, o)
		seen[o.Result()] = true
	}
	assert.True(t, seen["1-0"] && seen["0-1"], "random games end both ways: %v", seen)
}

// TestPositionTextRefusesAPlyBeyondMaxPly: a ply count the 32-bit counter
// could wrap from used to be accepted, and play from it made Ply wrong.
func TestPositionTextRefusesAPlyBeyondMaxPly(t *testing.T) {
	for _, tc := range []struct{ spec, board string }{
		{"explocus(rows=3,cols=3)", "A../.../..B"},
		{"hexplocus(size=3)", "A../..../...../..../..B"},
	} {
		c, err := ParseSpec(tc.spec)
		require.NoError(t, err)
		prefix := tc.board + " A "
		for _, ply := range []string{"4294967294", "4294967296", "2147483650", "99999999999999999999999"} {
			_, err := parseState(c, prefix+ply)
			var se *rules.SyntaxError
			require.True(t, errors.As(err, &se), "%s %s: %v", tc.spec, ply, err)
			assert.Equal(t, len(prefix), se.Offset)
			assert.Contains(t, se.Msg, "the ply count is above the maximum, MaxPly = 2147483648")
		}
		for _, ply := range []string{"-2", "+2", "2e3", ""} {
			_, err := parseState(c, prefix+ply)
			var se *rules.SyntaxError
			require.True(t, errors.As(err, &se), "%s %q: %v", tc.spec, ply, err)
			assert.Contains(t, se.Msg, "the ply count is a whole number")
		}
		// MaxPly itself is accepted, and play from it counts on.
		p, err := parseState(c, prefix+"2147483648")
		require.NoError(t, err, tc.spec)
		p = playState(p, p.AppendMoves(nil)[0])
		assert.Equal(t, MaxPly+1, p.Ply(), tc.spec)
	}
}

// TestPlyCountNeverWraps: apply stops the count at 2^32−1 instead of
// wrapping it to 0.
func TestPlyCountNeverWraps(t *testing.T) {
	for _, c := range []Config{Default, HexDefault} {
		p := startState(c)
		p.ply = math.MaxUint32 - 1
		for range 2 {
			p = playState(p, p.AppendMoves(nil)[0])
			assert.Equal(t, math.MaxUint32, p.Ply(), c.String())
		}
	}
}

// TestPositionTextRefusesAGameDecidedAtPlyZero: "B../.../... A 0" used to
// be a finished game (0-1) before anybody moved, and ".../.../... A 0"
// was refused because "the seat that moved last has no men", at a ply
// where nobody has moved.
func TestPositionTextRefusesAGameDecidedAtPlyZero(t *testing.T) {
	for _, tc := range []struct{ spec, board, what string }{
		{"explocus(rows=3,cols=3)", "B../.../...", "explocus position"},
		{"explocus(rows=3,cols=3)", "A../.../...", "explocus position"},
		{"explocus(rows=3,cols=3)", ".../.../...", "explocus position"},
		{"hexplocus(size=3)", "B../..../...../..../...", "hexplocus position"},
		{"hexplocus(size=3)", "A../..../...../..../...", "hexplocus position"},
		{"hexplocus(size=3)", ".../..../...../..../...", "hexplocus position"},
	} {
		c, err := ParseSpec(tc.spec)
		require.NoError(t, err)
		_, err = parseState(c, tc.board+" A 0")
		var se *rules.SyntaxError
		require.True(t, errors.As(err, &se), "%s %s: %v", tc.spec, tc.board, err)
		assert.Equal(t, tc.what, se.What)
		assert.Equal(t, "at ply 0 both sides have men: the game cannot be decided before its first move", se.Msg, tc.board)
		assert.Equal(t, len(tc.board)+3, se.Offset, tc.board)
		// After a move the seat that moved last must have men; the seat
		// to move may have none: it has lost.
		_, err = parseState(c, tc.board+" B 1")
		if strings.Contains(tc.board, "A") {
			require.NoError(t, err, tc.board)
		} else {
			require.True(t, errors.As(err, &se), "%s %s: %v", tc.spec, tc.board, err)
			assert.Equal(t, "the seat that moved last has no men", se.Msg, tc.board)
		}
	}
}

// TestParseMoveNamesAWordThatIsNoMove: "pass" and "swapfoo" used to say
// only "a move is from-to", and a Hexplocus move's errors said "explocus
// move".
func TestParseMoveNamesAWordThatIsNoMove(t *testing.T) {
	for _, c := range []Config{Default, HexDefault} {
		p := startState(c)
		what := map[bool]string{false: "explocus move", true: "hexplocus move"}[c.IsHex()]
		for _, tc := range []struct {
			move   string
			offset int
			msg    string
		}{
			{"pass", 0, `unknown move word "pass": a move is from-to, e.g. c3-c5 (nobody passes)`},
			{"swapfoo", 0, `unknown move word "swapfoo"`},
			{"swap ", 4, "a move holds no white space"},
			{"c3 -c5", 2, "a move holds no white space"},
			{"c3-c5\n", 5, "a move holds no white space"},
			{"x", 0, "a move is from-to, e.g. c3-c5"},
		} {
			_, err := p.ParseMove(tc.move)
			var se *rules.SyntaxError
			require.True(t, errors.As(err, &se), "%q: %v", tc.move, err)
			assert.Equal(t, what, se.What, tc.move)
			assert.Equal(t, tc.offset, se.Offset, tc.move)
			assert.Contains(t, se.Msg, tc.msg, tc.move)
		}
	}
}
