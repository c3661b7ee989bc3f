// Command acceptance is a program outside the module that embeds the rules
// as a user would: it imports the game packages only for their side effect
// and knows nothing game-specific. For every spec it plays seeded random
// games to the end, drawing chance outcomes with their exact
// probabilities; sends every move in odd case and checks that it is echoed
// in canonical form; stores every position as JSON and reads it back
// equal; and writes each game as a record that replays to the same end
// and result. It then drives two of the glue programs beside it, a game
// server (server.go) and a record tool (records.go); the third, a bot
// written once for every game (anybot), is generic over typed positions
// and is tested on two games by go test. It prints "ok" and exits 0, or says what
// failed and exits 1.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"unicode"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"

	_ "github.com/tabletop-go/rules/domination"
	_ "github.com/tabletop-go/rules/explocus"
	_ "github.com/tabletop-go/rules/focus"
	_ "github.com/tabletop-go/rules/hex"
)

var specs = []string{
	"hex(size=13)",
	"focus(players=4,teams=true)",
	"focus(nowak=true,plylimit=50)",
	"domination",
	"explocus(rows=6,cols=7)",
}

func main() {
	var failures []string
	fail := func(err error) { failures = append(failures, err.Error()) }
	for _, spec := range specs {
		for seed := range uint64(3) {
			if err := playRandomGame(spec, seed); err != nil {
				fail(fmt.Errorf("%s, seed %d: %w", spec, seed, err))
			}
		}
	}
	if err := serveGames(); err != nil {
		fail(fmt.Errorf("server: %w", err))
	}
	if err := recordTool(); err != nil {
		fail(fmt.Errorf("record tool: %w", err))
	}
	if len(failures) > 0 {
		fmt.Fprintln(os.Stderr, strings.Join(failures, "\n"))
		os.Exit(1)
	}
	fmt.Println("ok")
}

// playRandomGame plays one seeded random game of spec to the end.
func playRandomGame(spec string, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, 0xacce))
	pos, err := rules.Open(spec)
	if err != nil {
		return err
	}
	rec := notation.Record{Tags: []notation.Tag{{Name: "Game", Value: spec}}}
	for ply := 1; ; ply++ {
		if err := storeAndReload(pos); err != nil {
			return fmt.Errorf("before ply %d: %w", ply, err)
		}
		if pos.Node() == rules.TerminalNode {
			break
		}
		if ply > 100000 {
			return errors.New("no end after 100000 plies")
		}
		var move string
		if pos.Node() == rules.ChanceNode {
			if move, err = drawChance(pos.Chances(), r); err != nil {
				return fmt.Errorf("ply %d: %w", ply, err)
			}
		} else {
			moves := pos.Moves()
			move = moves[r.IntN(len(moves))]
		}
		sent := oddCase(move, r)
		echoed, err := pos.Canonical(sent)
		if err != nil || echoed != move {
			return fmt.Errorf("ply %d: %q is echoed as %q (%v), want %q", ply, sent, echoed, err, move)
		}
		if err := pos.Legal(sent); err != nil {
			return fmt.Errorf("ply %d: %q: %w", ply, sent, err)
		}
		if pos, err = pos.Play(sent); err != nil {
			return fmt.Errorf("ply %d: %q: %w", ply, sent, err)
		}
		rec.Moves = append(rec.Moves, echoed)
	}
	if err := pos.Legal("a1"); !errors.Is(err, rules.ErrGameOver) {
		return fmt.Errorf("a move after the end gives %v, want an error matching rules.ErrGameOver", err)
	}
	return checkRecord(rec, pos)
}

// drawChance checks that a chance node's probabilities sum to exactly 1
// and draws an outcome with its probability.
func drawChance(chances []rules.DynamicChance, r *rand.Rand) (string, error) {
	sum := new(big.Rat)
	for _, c := range chances {
		sum.Add(sum, new(big.Rat).SetFrac(new(big.Int).SetUint64(c.Prob.Num), new(big.Int).SetUint64(c.Prob.Den)))
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		return "", fmt.Errorf("the chance outcomes' probabilities sum to %v", sum)
	}
	u := r.Float64()
	for _, c := range chances {
		if u -= float64(c.Prob.Num) / float64(c.Prob.Den); u < 0 {
			return c.Move, nil
		}
	}
	return chances[len(chances)-1].Move, nil
}

// oddCase flips the case of some letters of a move, as a person typing it
// might; upper-case letters that carry meaning (a seat before "*") keep
// their case.
func oddCase(move string, r *rand.Rand) string {
	b := []rune(move)
	for i, c := range b {
		if i+1 < len(b) && b[i+1] == '*' {
			continue
		}
		if r.IntN(2) == 0 {
			b[i] = unicode.ToUpper(c)
		}
	}
	return string(b)
}

// storeAndReload stores a position as JSON, alone and inside a struct, and
// reads it back: it must be the same position (text and hash), and its
// outcome must survive JSON too.
func storeAndReload(pos rules.Dynamic) error {
	data, err := json.Marshal(struct {
		State   rules.Dynamic `json:"state"`
		Outcome rules.Outcome `json:"outcome"`
		ToMove  rules.Player  `json:"to_move"`
	}{pos, pos.Outcome(), pos.ToMove()})
	if err != nil {
		return err
	}
	var back struct {
		State   json.RawMessage `json:"state"`
		Outcome rules.Outcome   `json:"outcome"`
		ToMove  rules.Player    `json:"to_move"`
	}
	if err := json.Unmarshal(data, &back); err != nil {
		return fmt.Errorf("%s: %w", data, err)
	}
	got, err := rules.UnmarshalDynamic(back.State)
	switch {
	case err != nil:
		return fmt.Errorf("%s: %w", back.State, err)
	case got.String() != pos.String() || got.Hash() != pos.Hash() || got.Spec() != pos.Spec():
		return fmt.Errorf("%s reads back as %q", back.State, got)
	case back.Outcome != pos.Outcome() || back.ToMove != pos.ToMove():
		return fmt.Errorf("%s: outcome or player to move changed", data)
	}
	// The position text alone, with the spec, names its variant too.
	if again, err := rules.OpenPosition(pos.Spec(), pos.String()); err != nil || again.Hash() != pos.Hash() {
		return fmt.Errorf("position text %q in %s: %v", pos, pos.Spec(), err)
	}
	return nil
}

// checkRecord writes the game as a record, reads the text back and
// replays it: the same final position and a Result tag the rules accept.
func checkRecord(rec notation.Record, final rules.Dynamic) error {
	rec.SetTag("Result", final.Outcome().Result())
	text, err := rec.MarshalText()
	if err != nil {
		return err
	}
	var back notation.Record
	if err := back.UnmarshalText(text); err != nil {
		return err
	}
	replay, err := back.Replay()
	if err != nil {
		return err
	}
	if replay.Final().Hash() != final.Hash() || len(replay.Moves) != len(rec.Moves) {
		return fmt.Errorf("the record replays to %q, not %q", replay.Final(), final)
	}
	// A record claiming another result is refused.
	rec.SetTag("Result", strings.Join(slicesRepeat("0", final.Seats()), "-"))
	if final.Outcome().Result() != rec.Tags[len(rec.Tags)-1].Value {
		var mismatch *notation.ResultError
		if _, err := rec.Replay(); !errors.As(err, &mismatch) {
			return fmt.Errorf("a record claiming %s replays with %v, want a *notation.ResultError", rec.Tags[len(rec.Tags)-1].Value, err)
		}
	}
	return nil
}

func slicesRepeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// serveGames drives the game server glue over HTTP on 127.0.0.1.
func serveGames() error {
	mux := http.NewServeMux()
	mux.Handle("/games/{id}", &server{games: map[string]rules.Dynamic{}})
	ts := httptest.NewServer(mux)
	defer ts.Close()
	call := func(method, id string, form url.Values) (*http.Response, map[string]json.RawMessage, error) {
		req, _ := http.NewRequest(method, ts.URL+"/games/"+id, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := ts.Client().Do(req)
		if err != nil {
			return nil, nil, err
		}
		defer resp.Body.Close()
		var body map[string]json.RawMessage
		if resp.StatusCode == http.StatusOK {
			err = json.NewDecoder(resp.Body).Decode(&body)
		}
		return resp, body, err
	}
	for i, spec := range specs {
		id := fmt.Sprint(i)
		if _, _, err := call(http.MethodPut, id, url.Values{"spec": {spec}}); err != nil {
			return err
		}
		pos, _ := rules.Open(spec)
		r := rand.New(rand.NewPCG(uint64(i), 9))
		for range 30 {
			move := pos.RandomMove(r)
			if move == "" {
				break
			}
			resp, body, err := call(http.MethodPost, id, url.Values{"move": {strings.ToUpper(move)}})
			if err != nil || resp.StatusCode != http.StatusOK {
				return fmt.Errorf("%s: %s refused: %v %v", spec, move, resp.Status, err)
			}
			if got := resp.Header.Get("Move"); got != move {
				return fmt.Errorf("%s: %s echoed as %q", spec, strings.ToUpper(move), got)
			}
			pos, _ = pos.Play(move)
			state, err := rules.UnmarshalDynamic(body["state"])
			if err != nil || state.Hash() != pos.Hash() {
				return fmt.Errorf("%s: state %s: %v", spec, body["state"], err)
			}
		}
		if resp, _, _ := call(http.MethodPost, id, url.Values{"move": {"nonsense"}}); resp.StatusCode != http.StatusUnprocessableEntity {
			return fmt.Errorf("%s: a nonsense move gets %s", spec, resp.Status)
		}
	}
	if resp, _, _ := call(http.MethodPut, "x", url.Values{"spec": {"chess"}}); resp.StatusCode != http.StatusUnprocessableEntity {
		return fmt.Errorf("an unknown game gets %s", resp.Status)
	}
	return nil
}

// recordTool drives the record tool glue on a stream with good and bad
// records.
func recordTool() error {
	stream := `[Game "hex(size=2,swap=none)"]
[Result "1-0"]

a1 b1 a2

[Game "domination"]

5-3 D4-D1,E5-E2

[Game "hex(size=3)"]

a1 a1
`
	var out bytes.Buffer
	bad := checkRecords([]byte(stream), &out)
	want := "ok 3 1-0\nok 2 *\nbad: record at line 10, ply 2 (\"a1\"): a1: illegal move: cell is occupied\n"
	if bad != 1 || out.String() != want {
		return fmt.Errorf("got %d bad records and\n%s\nwant 1 and\n%s", bad, out.String(), want)
	}
	return nil
}
