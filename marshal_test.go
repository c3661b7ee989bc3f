package rules_test

import (
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
)

// The marshalling methods satisfy the standard interfaces.
var (
	_ encoding.TextMarshaler   = rules.Player(0)
	_ encoding.TextUnmarshaler = (*rules.Player)(nil)
	_ encoding.TextMarshaler   = rules.Node(0)
	_ encoding.TextUnmarshaler = (*rules.Node)(nil)
	_ encoding.TextMarshaler   = rules.Reason(0)
	_ encoding.TextUnmarshaler = (*rules.Reason)(nil)
	_ encoding.TextMarshaler   = rules.Prob{}
	_ encoding.TextUnmarshaler = (*rules.Prob)(nil)
	_ json.Marshaler           = rules.Outcome{}
	_ json.Unmarshaler         = (*rules.Outcome)(nil)
)

// requireSyntaxError checks that err is a *rules.SyntaxError about what,
// with the given input, offset and a message holding msg.
func requireSyntaxError(t *testing.T, err error, what, input string, offset int, msg string) {
	t.Helper()
	require.Error(t, err)
	var se *rules.SyntaxError
	require.True(t, errors.As(err, &se), "error %v is not a *rules.SyntaxError", err)
	assert.ErrorIs(t, err, rules.ErrSyntax)
	assert.Equal(t, what, se.What)
	assert.Equal(t, input, se.Input)
	assert.Equal(t, offset, se.Offset, "offset in %q: %v", input, err)
	assert.Contains(t, se.Msg, msg)
}

func TestPlayerTextRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		p    rules.Player
		text string
	}{
		{0, "A"}, {1, "B"}, {2, "C"}, {3, "D"},
		{rules.Chance, "chance"}, {rules.Terminal, "terminal"},
	} {
		got, err := tc.p.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, tc.text, string(got))
		assert.Equal(t, tc.p.String(), string(got), "the text is String's")
		back := rules.Player(42)
		require.NoError(t, back.UnmarshalText(got))
		assert.Equal(t, tc.p, back)
	}
}

func TestPlayerUnmarshalTextRefusesAnythingElse(t *testing.T) {
	for _, in := range []string{"", "E", "a", "d", "Chance", "TERMINAL", " A", "A ", "AB", "0", "-1", "Player(7)", "seat A", "\x00"} {
		p := rules.Player(1)
		err := p.UnmarshalText([]byte(in))
		requireSyntaxError(t, err, "player", in, 0, `"A" to "D", "chance" or "terminal"`)
		assert.Equal(t, rules.Player(1), p, "a refused text leaves the player unchanged")
	}
}

func TestPlayerMarshalTextRefusesNonPlayers(t *testing.T) {
	for _, p := range []rules.Player{rules.MaxSeats, 7, -3, math.MinInt8} {
		_, err := p.MarshalText()
		assert.Error(t, err, p.String())
		_, err = json.Marshal(p)
		assert.Error(t, err, p.String())
	}
}

func TestPlayerJSONIsItsText(t *testing.T) {
	got, err := json.Marshal(map[rules.Player]rules.Player{0: rules.Chance, 3: rules.Terminal})
	require.NoError(t, err)
	assert.JSONEq(t, `{"A":"chance","D":"terminal"}`, string(got))
	var back map[rules.Player]rules.Player
	require.NoError(t, json.Unmarshal(got, &back))
	assert.Equal(t, map[rules.Player]rules.Player{0: rules.Chance, 3: rules.Terminal}, back)
	assert.Error(t, json.Unmarshal([]byte(`"E"`), new(rules.Player)))
}

func TestNodeTextRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		n    rules.Node
		text string
	}{
		{rules.DecisionNode, "decision"}, {rules.ChanceNode, "chance"}, {rules.TerminalNode, "terminal"},
	} {
		got, err := tc.n.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, tc.text, string(got))
		assert.Equal(t, tc.n.String(), string(got))
		var back rules.Node
		require.NoError(t, back.UnmarshalText(got))
		assert.Equal(t, tc.n, back)
	}
}

func TestNodeUnmarshalTextRefusesAnythingElse(t *testing.T) {
	for _, in := range []string{"", "Decision", "decision ", "A", "0", "Node(3)", "chance node"} {
		var n rules.Node
		requireSyntaxError(t, n.UnmarshalText([]byte(in)), "node", in, 0, `"decision", "chance" or "terminal"`)
	}
	_, err := rules.Node(3).MarshalText()
	assert.Error(t, err, "a node that is no kind has no text")
}

func TestReasonTextRoundTrip(t *testing.T) {
	want := map[rules.Reason]string{
		rules.NotOver:                     "not over",
		connection:                        "connection",
		rules.NoLegalMove:                 "no legal move",
		rules.Elimination:                 "elimination",
		rules.PlyLimit:                    "ply limit",
		rules.Forfeit:                     "forfeit",
		rules.Resignation:                 "resignation",
		rules.Agreement:                   "agreement",
		rules.NewReason("pool exhausted"): "pool exhausted",
	}
	for r, text := range want {
		got, err := r.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, text, string(got))
		assert.Equal(t, r.String(), string(got))
		back := rules.Reason(200)
		require.NoError(t, back.UnmarshalText(got))
		assert.Equal(t, r, back)
	}
	js, err := json.Marshal(rules.NoLegalMove)
	require.NoError(t, err)
	assert.Equal(t, `"no legal move"`, string(js))
}

func TestReasonUnmarshalTextRefusesAnythingElse(t *testing.T) {
	for _, in := range []string{"", "Connection", "no-legal-move", "no  legal move", " connection", "unknown reason", "1", "over"} {
		var r rules.Reason
		requireSyntaxError(t, r.UnmarshalText([]byte(in)), "reason", in, 0, `"connection"`)
	}
}

func TestReasonMarshalTextRefusesUnknownReasons(t *testing.T) {
	for _, r := range []rules.Reason{250, 255} {
		_, err := r.MarshalText()
		assert.Error(t, err)
	}
}

func TestProbTextRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		p    rules.Prob
		text string
	}{
		{rules.Prob{1, 3}, "1/3"},
		{rules.Prob{2, 3}, "2/3"},
		{rules.Prob{1, 1}, "1/1"},
		{rules.Prob{2, 6}, "2/6"}, // kept as written, not reduced
		{rules.Prob{1, math.MaxUint64}, "1/18446744073709551615"},
		{rules.Prob{math.MaxUint64, math.MaxUint64}, "18446744073709551615/18446744073709551615"},
	} {
		got, err := tc.p.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, tc.text, string(got))
		assert.Equal(t, tc.p.String(), string(got), "String is unchanged")
		var back rules.Prob
		require.NoError(t, back.UnmarshalText(got))
		assert.Equal(t, tc.p, back)
	}
	var p rules.Prob
	require.NoError(t, p.UnmarshalText([]byte("007/010")), "leading zeros are decimal digits")
	assert.Equal(t, rules.Prob{7, 10}, p)
}

func TestProbUnmarshalTextRefusesBadInputAtItsOffset(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		msg    string
	}{
		{"", 0, "numerator in decimal digits"},
		{"1", 1, `expected "/"`},
		{"/3", 0, "numerator in decimal digits"},
		{"1/", 2, "denominator in decimal digits"},
		{"1//3", 2, "denominator in decimal digits"},
		{"0/3", 0, "numerator is 0"},
		{"0/0", 2, "denominator is 0"},
		{"1/0", 2, "denominator is 0"},
		{"4/3", 0, "exceeds the denominator"},
		{"-1/3", 0, "no sign"},
		{"+1/3", 0, "no sign"},
		{"1/+3", 2, "no sign"},
		{" 1/3", 0, "no spaces"},
		{"1 /3", 1, `expected "/" after the numerator`},
		{"1/ 3", 2, "no spaces"},
		{"1/3 ", 3, "after the denominator"},
		{"1/3/4", 3, "after the denominator"},
		{"1.5/3", 1, `expected "/" after the numerator`},
		{"0x1/3", 1, `expected "/" after the numerator`},
		{"1/3e0", 3, "after the denominator"},
		{"１/3", 0, "numerator in decimal digits"},
		{"1:3", 1, `expected "/"`},
		{"18446744073709551616/18446744073709551617", 0, "numerator 18446744073709551616 does not fit in 64 bits"},
		{"1/18446744073709551616", 2, "denominator 18446744073709551616 does not fit in 64 bits"},
		{"1/99999999999999999999999999", 2, "does not fit in 64 bits"},
	} {
		p := rules.Prob{1, 2}
		requireSyntaxError(t, p.UnmarshalText([]byte(tc.in)), "probability", tc.in, tc.offset, tc.msg)
		assert.Equal(t, rules.Prob{1, 2}, p, "a refused text leaves the value unchanged")
	}
}

func TestProbMarshalTextRefusesNonProbabilities(t *testing.T) {
	for _, p := range []rules.Prob{{}, {0, 3}, {4, 3}, {1, 0}} {
		_, err := p.MarshalText()
		assert.Error(t, err, p.String())
	}
}

func TestProbJSONIsAStringInDynamicChance(t *testing.T) {
	c := rules.DynamicChance{Move: "1", Prob: rules.Prob{2, 3}}
	got, err := json.Marshal(c)
	require.NoError(t, err)
	assert.Equal(t, `{"move":"1","prob":"2/3"}`, string(got))
	var back rules.DynamicChance
	require.NoError(t, json.Unmarshal(got, &back))
	assert.Equal(t, c, back)
	assert.Error(t, json.Unmarshal([]byte(`{"move":"1","prob":"3/2"}`), &back))
	assert.Error(t, json.Unmarshal([]byte(`{"move":"1","prob":{"Num":1,"Den":2}}`), &back))
}

func TestOutcomeJSONForms(t *testing.T) {
	for _, tc := range []struct {
		o    rules.Outcome
		json string
	}{
		{rules.Outcome{}, `{"result":"*","reason":"not over"}`},
		{rules.Win(2, connection, 0), `{"result":"1-0","scores":[1,0],"reason":"connection","winner":"A"}`},
		{rules.Win(2, rules.NoLegalMove, 1), `{"result":"0-1","scores":[0,1],"reason":"no legal move","winner":"B"}`},
		{rules.Draw(2, rules.PlyLimit), `{"result":"1/2-1/2","scores":[0.5,0.5],"reason":"ply limit"}`},
		{rules.Win(3, rules.Elimination, 2), `{"result":"0-0-1","scores":[0,0,1],"reason":"elimination","winner":"C"}`},
		{rules.Win(4, rules.NewReason("team passed"), 0, 2), `{"result":"1-0-1-0","scores":[1,0,1,0],"reason":"team passed"}`},
		{rules.Win(4, rules.NewReason("short game"), 3), `{"result":"0-0-0-1","scores":[0,0,0,1],"reason":"short game","winner":"D"}`},
		{rules.Draw(4, rules.NewReason("pool exhausted")), `{"result":"1/2-1/2-1/2-1/2","scores":[0.5,0.5,0.5,0.5],"reason":"pool exhausted"}`},
		{rules.Win(2, rules.NewReason("no legal turn")), `{"result":"0-0","scores":[0,0],"reason":"no legal turn"}`},
	} {
		got, err := json.Marshal(tc.o)
		require.NoError(t, err, tc.o.String())
		assert.Equal(t, tc.json, string(got))
		back := rules.Win(3, connection, 1) // overwritten whole
		require.NoError(t, json.Unmarshal(got, &back), tc.json)
		assert.True(t, back == tc.o, "%s reads back as %s", tc.json, back)
	}
}

func TestOutcomeJSONReadsEquivalentSpellings(t *testing.T) {
	for _, in := range []string{
		` { "reason" : "connection", "winner":"A", "scores" : [1.0, 0e0], "result":"1-0" } `,
		`{"result":"1-0","scores":[1,0],"reason":"connection","winner":"A","RESULT":"1-0"}`,
	} {
		var o rules.Outcome
		require.NoError(t, json.Unmarshal([]byte(in), &o), in)
		assert.Equal(t, rules.Win(2, connection, 0), o)
	}
	var o rules.Outcome
	require.NoError(t, o.UnmarshalJSON([]byte(`{"result":"*","reason":"not over","scores":[]}`)))
	assert.Equal(t, rules.Outcome{}, o, "an empty score list is no scores")
}

func TestOutcomeUnmarshalJSONNullLeavesValueUnchanged(t *testing.T) {
	o := rules.Draw(2, rules.PlyLimit)
	require.NoError(t, o.UnmarshalJSON([]byte("null")))
	require.NoError(t, json.Unmarshal([]byte("null"), &o))
	assert.Equal(t, rules.Draw(2, rules.PlyLimit), o)
}

func TestOutcomeUnmarshalJSONRefusesInconsistentInput(t *testing.T) {
	for _, tc := range []struct {
		name, in, msg string
	}{
		{"empty input", ``, "unexpected end"},
		{"not JSON", `{result:"1-0"}`, "bad JSON"},
		{"a number", `1-0`, "an outcome is a JSON object, not a JSON number"},
		{"truncated", `{"result":"1-0"`, "unexpected end"},
		{"array", `[1,0]`, "an outcome is a JSON object"},
		{"string", `"1-0"`, "an outcome is a JSON object"},
		{"trailing data", `{"result":"*","reason":"not over"} {}`, "after the outcome object"},
		{"trailing garbage", `{"result":"*","reason":"not over"}x`, "after the outcome object"},
		{"empty object", `{}`, `missing "reason"`},
		{"missing reason", `{"result":"1-0","scores":[1,0],"winner":"A"}`, `missing "reason"`},
		{"missing result", `{"scores":[1,0],"reason":"connection","winner":"A"}`, `missing "result"`},
		{"unknown reason", `{"result":"1-0","scores":[1,0],"reason":"resigned","winner":"A"}`, `unknown reason "resigned"`},
		{"reason in capitals", `{"result":"1-0","scores":[1,0],"reason":"Connection","winner":"A"}`, `unknown reason`},
		{"unknown field", `{"result":"1-0","scores":[1,0],"reason":"connection","winner":"A","loser":"B"}`, `unknown field "loser"`},
		{"reason is a number", `{"result":"1-0","scores":[1,0],"reason":1,"winner":"A"}`, `"reason" cannot be a JSON number`},
		{"scores are a string", `{"result":"1-0","scores":"1-0","reason":"connection","winner":"A"}`, `cannot be a JSON string`},
		{"score is a string", `{"result":"1-0","scores":["1","0"],"reason":"connection","winner":"A"}`, `cannot be a JSON string`},
		{"score overflows", `{"result":"1-0","scores":[1e400,0],"reason":"connection","winner":"A"}`, `cannot be a JSON number`},
		{"ongoing with scores", `{"result":"*","scores":[1,0],"reason":"not over"}`, "has no scores"},
		{"ongoing with result", `{"result":"1-0","reason":"not over"}`, `has result "*"`},
		{"ongoing with winner", `{"result":"*","reason":"not over","winner":"A"}`, "has no winner"},
		{"finished without scores", `{"result":"1-0","reason":"connection","winner":"A"}`, `has "scores"`},
		{"finished with result *", `{"result":"*","scores":[1,0],"reason":"connection","winner":"A"}`, `result "*" does not agree`},
		{"one score", `{"result":"1","scores":[1],"reason":"connection","winner":"A"}`, "2 to 4 scores"},
		{"five scores", `{"result":"1-0-0-0-0","scores":[1,0,0,0,0],"reason":"connection","winner":"A"}`, "2 to 4 scores"},
		{"score 2", `{"result":"1-0","scores":[2,0],"reason":"connection","winner":"A"}`, "score 1 is 2; a score is 0, 0.5 or 1"},
		{"negative score", `{"result":"0-1","scores":[-1,1],"reason":"connection","winner":"B"}`, "score 1 is -1"},
		{"score 0.25", `{"result":"1-0","scores":[1,0.25],"reason":"connection","winner":"A"}`, "score 2 is 0.25"},
		{"result disagrees", `{"result":"0-1","scores":[1,0],"reason":"connection","winner":"A"}`, `result "0-1" does not agree with the scores, which make "1-0"`},
		{"result with half as 0.5", `{"result":"0.5-0.5","scores":[0.5,0.5],"reason":"ply limit"}`, "does not agree"},
		{"missing winner", `{"result":"1-0","scores":[1,0],"reason":"connection"}`, `missing "winner"`},
		{"wrong winner", `{"result":"1-0","scores":[1,0],"reason":"connection","winner":"B"}`, `winner "B" does not agree`},
		{"winner not a seat", `{"result":"1-0","scores":[1,0],"reason":"connection","winner":"chance"}`, `winner "chance" does not agree`},
		{"winner lower case", `{"result":"1-0","scores":[1,0],"reason":"connection","winner":"a"}`, `winner "a" does not agree`},
		{"winner of a draw", `{"result":"1/2-1/2","scores":[0.5,0.5],"reason":"ply limit","winner":"A"}`, "no single winner"},
		{"winner of a team win", `{"result":"1-0-1-0","scores":[1,0,1,0],"reason":"team passed","winner":"A"}`, "no single winner"},
		{"winner is a number", `{"result":"1-0","scores":[1,0],"reason":"connection","winner":0}`, `"winner" cannot be a JSON number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := rules.Draw(3, rules.PlyLimit)
			err := o.UnmarshalJSON([]byte(tc.in))
			require.Error(t, err)
			var se *rules.SyntaxError
			require.True(t, errors.As(err, &se), "%T %v", err, err)
			assert.Equal(t, "outcome", se.What)
			assert.Equal(t, tc.in, se.Input)
			assert.Contains(t, se.Msg, tc.msg)
			assert.NotContains(t, se.Msg, "outcomeJSON", "no Go type names in the message")
			assert.Equal(t, rules.Draw(3, rules.PlyLimit), o, "a refused input leaves the outcome unchanged")
			assert.Error(t, json.Unmarshal([]byte(`{"o":`+tc.in+`}`), &struct{ O rules.Outcome }{}))
		})
	}
}

func TestOutcomeMarshalJSONRefusesOutcomesWithNoForm(t *testing.T) {
	for name, o := range map[string]rules.Outcome{
		"one seat":               rules.Win(1, connection, 0),
		"no seats":               rules.Win(0, connection),
		"ongoing with scores":    rules.Win(2, rules.NotOver, 0),
		"ongoing draw":           rules.Draw(2, rules.NotOver),
		"unknown reason":         rules.Win(2, rules.Reason(250), 0),
		"unknown reason, zeroed": {Reason: 77},
	} {
		_, err := json.Marshal(o)
		assert.Error(t, err, name)
	}
}

func TestSharedValuesRoundTripInsideAStruct(t *testing.T) {
	type state struct {
		ToMove  rules.Player                  `json:"to_move"`
		Node    rules.Node                    `json:"node"`
		Outcome rules.Outcome                 `json:"outcome"`
		Last    *rules.Outcome                `json:"last,omitempty"`
		Chances []rules.Prob                  `json:"chances"`
		Scores  map[rules.Player]rules.Reason `json:"by_seat"`
	}
	last := rules.Win(4, rules.NewReason("team passed"), 1, 3)
	in := state{
		ToMove:  rules.Chance,
		Node:    rules.ChanceNode,
		Outcome: rules.Draw(3, rules.NewReason("pool exhausted")),
		Last:    &last,
		Chances: []rules.Prob{{1, 6}, {5, 6}},
		Scores:  map[rules.Player]rules.Reason{0: connection, 2: rules.NotOver},
	}
	got, err := json.Marshal(in)
	require.NoError(t, err)
	assert.JSONEq(t, `{
		"to_move": "chance",
		"node": "chance",
		"outcome": {"result":"1/2-1/2-1/2","scores":[0.5,0.5,0.5],"reason":"pool exhausted"},
		"last": {"result":"0-1-0-1","scores":[0,1,0,1],"reason":"team passed"},
		"chances": ["1/6","5/6"],
		"by_seat": {"A":"connection","C":"not over"}
	}`, string(got))
	var back state
	require.NoError(t, json.Unmarshal(got, &back))
	assert.Equal(t, in, back)
}

// endings are reasons a game may end for: constants and named ones.
var endings = []rules.Reason{connection, rules.NoLegalMove, rules.Elimination, rules.PlyLimit, rules.Forfeit,
	rules.Resignation, rules.Agreement, rules.NewReason("team passed"), rules.NewReason("no legal turn")}

// genOutcome draws an outcome through the constructors: a win for a random
// subset of the seats (possibly none, possibly all) or a draw.
func genOutcome(t *rapid.T) rules.Outcome {
	seats := rapid.IntRange(2, rules.MaxSeats).Draw(t, "seats")
	reason := rapid.SampledFrom(endings).Draw(t, "reason")
	if rapid.Bool().Draw(t, "draw") {
		return rules.Draw(seats, reason)
	}
	var winners []rules.Player
	for s := range seats {
		if rapid.Bool().Draw(t, "wins "+strconv.Itoa(s)) {
			winners = append(winners, rules.Player(s))
		}
	}
	return rules.Win(seats, reason, winners...)
}

func TestOutcomeJSONRoundTripProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := genOutcome(t)
		data, err := json.Marshal(o)
		if err != nil {
			t.Fatalf("%s: %v", o, err)
		}
		var back rules.Outcome
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %s: %v", o, data, err)
		}
		if back != o {
			t.Fatalf("%s wrote %s, read back as %s", o, data, back)
		}
		_, hasWinner := o.Winner()
		if strings.Contains(string(data), `"winner"`) != hasWinner {
			t.Fatalf("%s: winner field in %s, single winner %v", o, data, hasWinner)
		}
	})
}

// Win and Draw make only all-or-nothing score vectors; written by hand,
// the JSON form reaches every vector of 0, ½ and 1 scores.
func TestOutcomeJSONRoundTripPropertyForEveryScoreVector(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seats := rapid.IntRange(2, rules.MaxSeats).Draw(t, "seats")
		reason := rapid.SampledFrom(endings).Draw(t, "reason")
		halves := rapid.SliceOfN(rapid.IntRange(0, 2), seats, seats).Draw(t, "halves")
		scores := make([]string, seats)
		results := make([]string, seats)
		winner, wins, others := "", 0, true
		for i, h := range halves {
			scores[i] = []string{"0", "0.5", "1"}[h]
			results[i] = []string{"0", "1/2", "1"}[h]
			switch h {
			case 2:
				wins++
				winner = rules.Player(i).String()
			case 1:
				others = false
			}
		}
		in := `{"result":"` + strings.Join(results, "-") + `","scores":[` + strings.Join(scores, ",") + `],"reason":"` + reason.String() + `"`
		if wins == 1 && others {
			in += `,"winner":"` + winner + `"`
		}
		in += "}"
		var o rules.Outcome
		if err := json.Unmarshal([]byte(in), &o); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		for i, h := range halves {
			if o.Score(rules.Player(i)) != float64(h)/2 {
				t.Fatalf("%s: seat %d scores %v", in, i, o.Score(rules.Player(i)))
			}
		}
		if o.Seats() != seats || o.Reason != reason || o.Result() != strings.Join(results, "-") {
			t.Fatalf("%s read as %s", in, o)
		}
		out, err := json.Marshal(o)
		if err != nil || string(out) != in {
			t.Fatalf("%s wrote back as %s, %v", in, out, err)
		}
	})
}

func FuzzProbUnmarshalText(f *testing.F) {
	for _, s := range []string{"1/3", "2/6", "1/1", "0/1", "1/0", "3/2", "-1/2", "1/2 ", "18446744073709551615/18446744073709551615", "18446744073709551616/1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var p rules.Prob
		err := p.UnmarshalText([]byte(s))
		if err != nil {
			var se *rules.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(s) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if p.Num == 0 || p.Num > p.Den {
			t.Fatalf("%q read as %v", s, p)
		}
		text, err := p.MarshalText()
		if err != nil {
			t.Fatalf("%q read as %v, which does not marshal: %v", s, p, err)
		}
		var back rules.Prob
		if err := back.UnmarshalText(text); err != nil || back != p {
			t.Fatalf("%q read as %v, wrote %q, read back as %v, %v", s, p, text, back, err)
		}
	})
}

func FuzzOutcomeUnmarshalJSON(f *testing.F) {
	for _, s := range []string{
		`{"result":"1-0","scores":[1,0],"reason":"connection","winner":"A"}`,
		`{"result":"1/2-1/2-1/2","scores":[0.5,0.5,0.5],"reason":"ply limit"}`,
		`{"result":"1-0-1-0","scores":[1,0,1,0],"reason":"team passed"}`,
		`{"result":"1-1/2","scores":[1,0.5],"reason":"short game"}`,
		`{"result":"*","reason":"not over"}`,
		`{"result":"*","reason":"not over","scores":[]}`,
		`null`, `{}`, `[]`, `{"result":"1-0","scores":[1,0],"reason":"connection"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var o rules.Outcome
		if err := o.UnmarshalJSON([]byte(s)); err != nil {
			var se *rules.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%q: %T %v", s, err, err)
			}
			return
		}
		data, err := json.Marshal(o)
		if err != nil {
			t.Fatalf("%q read as %s, which does not marshal: %v", s, o, err)
		}
		var back rules.Outcome
		if err := json.Unmarshal(data, &back); err != nil || back != o {
			t.Fatalf("%q read as %s, wrote %s, read back as %s, %v", s, o, data, back, err)
		}
	})
}

func TestWinAndDrawWithImpossibleArgumentsAreInvalid(t *testing.T) {
	for name, o := range map[string]rules.Outcome{
		"five seats":           rules.Win(5, connection, 0),
		"one seat":             rules.Win(1, connection, 0),
		"winner not a seat":    rules.Win(2, connection, 2),
		"chance as the winner": rules.Win(2, connection, rules.Chance),
		"reason not over":      rules.Win(2, rules.NotOver, 0),
		"reason invalid":       rules.Draw(2, rules.Invalid),
		"unknown reason":       rules.Win(2, rules.Reason(250), 0),
		"draw of no seats":     rules.Draw(0, rules.PlyLimit),
		"draw of five seats":   rules.Draw(5, rules.PlyLimit),
	} {
		assert.Equal(t, rules.Invalid, o.Reason, name)
		assert.True(t, o.Over(), name)
		assert.Equal(t, "?", o.Result(), name)
		assert.Equal(t, "? (invalid)", o.String(), name)
		assert.Zero(t, o.Score(0), name)
		_, err := json.Marshal(o)
		assert.Error(t, err, name)
	}
	var o rules.Outcome
	assert.Error(t, json.Unmarshal([]byte(`{"result":"?","reason":"invalid"}`), &o))
	assert.Equal(t, "1-0-0-0 (connection)", rules.Win(4, connection, 0).String(), "four seats is fine")
}
