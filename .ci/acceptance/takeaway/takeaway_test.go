package takeaway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
	"github.com/tabletop-go/rules/notation"
	"github.com/tabletop-go/rules/picture"

	"example.com/acceptance/takeaway"
)

func open(t *testing.T, spec string) rules.Dynamic {
	t.Helper()
	d, err := rules.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestConformance: the SDK's conformance kit, rules checks alone, on
// piles of every size.
func TestConformance(t *testing.T) {
	conformance.RunRules(t, conformance.Game[takeaway.Position, takeaway.Move]{
		Start: func(t *rapid.T) takeaway.Position {
			return takeaway.Config{Stones: rapid.IntRange(1, 99).Draw(t, "stones")}.Start()
		},
		Parse: func(p takeaway.Position, text string) (takeaway.Position, error) {
			c, err := takeaway.ParseSpec(p.Spec())
			if err != nil {
				return takeaway.Position{}, err
			}
			return c.ParsePosition(text)
		},
		MaxMoves:   3,
		Candidates: func(takeaway.Position) []takeaway.Move { return []takeaway.Move{0, 1, 2, 3, 4, 255} },
	})
	conformance.CheckRegistration(t, "takeaway")
}

// TestARulesOnlyGameHasNoKit: the registration says so, and the kit's
// calls refuse with the SDK's error.
func TestARulesOnlyGameHasNoKit(t *testing.T) {
	g, err := rules.Lookup("takeaway")
	if err != nil || g.Kit {
		t.Fatalf("Lookup: %+v, %v; want a game without the kit", g, err)
	}
	d := open(t, "takeaway(stones=5)")
	if _, err := d.PlayAction(0); rules.ErrorCode(err) != "not-supported" {
		t.Errorf("PlayAction: %v, want not-supported", err)
	}
	if _, err := rules.NewBatch(d, 4, rules.BatchOptions{}); rules.ErrorCode(err) != "not-supported" {
		t.Errorf("NewBatch: %v, want not-supported", err)
	}
}

// TestLegalAgreesWithTheMoves: in random games through Dynamic, every
// listed move is legal, every other text is refused, and every text reads
// back to its position.
func TestLegalAgreesWithTheMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := range 200 {
		d := open(t, "takeaway(stones="+[]string{"1", "7", "10", "99"}[game%4]+")")
		for d.Node() != rules.TerminalNode {
			moves := d.Moves()
			for _, m := range []string{"1", "2", "3", "4", "0", "x"} {
				if (d.Legal(m) == nil) != slices.Contains(moves, m) {
					t.Fatalf("%s %s: Legal(%q) = %v, moves %v", d.Spec(), d, m, d.Legal(m), moves)
				}
			}
			back, err := rules.OpenPosition(d.Spec(), d.String())
			if err != nil || back != d {
				t.Fatalf("%s %q reads back as %v, %v", d.Spec(), d, back, err)
			}
			if d, err = d.Play(moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		if got := d.Outcome().Reason; got != takeaway.LastStone {
			t.Fatalf("the game ended with %v", got)
		}
	}
}

// TestARecordNamesTheGamesOwnReason: the record of a finished game says
// why it ended in the game's words, and reads back to that outcome.
func TestARecordNamesTheGamesOwnReason(t *testing.T) {
	h := rules.NewHistory(open(t, "takeaway(stones=6)"))
	for _, m := range []string{"2", "1", "3"} {
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	rec := notation.FromHistory(h)
	if term, _ := rec.Tag("Termination"); term != "last stone" {
		t.Fatalf("Termination %q in\n%s", term, rec)
	}
	back, err := notation.ParseRecord(rec.String())
	if err != nil {
		t.Fatal(err)
	}
	replay, err := back.Replay()
	if err != nil || replay.Outcome.String() != "1-0 (last stone)" {
		t.Fatalf("replay: %v, %v", replay.Outcome, err)
	}
	data, err := json.Marshal(replay.Outcome)
	if err != nil || !strings.Contains(string(data), `"reason":"last stone"`) {
		t.Fatalf("JSON %s, %v", data, err)
	}
	var o rules.Outcome
	if err := json.Unmarshal(data, &o); err != nil || o != replay.Outcome {
		t.Fatalf("JSON reads back as %v, %v", o, err)
	}
}

// TestTheProtocolAndTheBotsPlayIt: a protocol session with the MCTS bot
// (plain UCT with random playouts: the game has no kit) plays the game
// out, finds the winning first move from 9 stones (leave a multiple of
// 4) and reports the game's reason.
func TestTheProtocolAndTheBotsPlayIt(t *testing.T) {
	s := protocol.Server{NewBot: func(start rules.Dynamic) (bot.Dynamic, error) {
		return bot.ForDynamic("mcts", start, bot.Options{Iterations: 4000, Seed: 1})
	}}
	in := "game takeaway(stones=9)\ngenmove\n" + strings.Repeat("genmove\n", 8) + "final_result\n"
	var out bytes.Buffer
	if err := s.Serve(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	replies := strings.Split(strings.TrimSpace(out.String()), "\n\n")
	if replies[1] != "= 1" {
		t.Errorf("the bot's first move from 9 stones: %q, want = 1\n%s", replies[1], out.String())
	}
	if last := replies[len(replies)-1]; last != "= 1-0 last stone" {
		t.Errorf("final_result: %q, want = 1-0 last stone (the bot plays both seats, the first wins)\n%s", last, out.String())
	}
}

// TestItDrawsItself: the picture registry finds the game's renderer.
func TestItDrawsItself(t *testing.T) {
	d := open(t, "takeaway(stones=12)")
	doc, err := picture.Render(d, picture.Options{Size: 300})
	if err != nil || strings.Count(string(doc), `class="stone"`) != 12 || !strings.HasPrefix(string(doc), "<svg") {
		t.Fatalf("picture: %v\n%s", err, doc)
	}
	if !slices.Contains(picture.Games(), "takeaway") {
		t.Errorf("picture.Games() = %v", picture.Games())
	}
}
