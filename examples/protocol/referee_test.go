package protocol_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
	"github.com/tabletop-go/rules/notation"
)

// fake is an in-process player that plays the first legal move, until
// its n-th genmove, where it does what bad says.
type fake struct {
	n      int
	bad    string // "illegal", "panic", "hang", "error"
	calls  int
	played []string
}

func (f *fake) NewGame(context.Context, rules.Dynamic, time.Duration) error { return nil }

func (f *fake) Play(_ context.Context, _ rules.Dynamic, move string) error {
	f.played = append(f.played, move)
	return nil
}

func (f *fake) GenMove(ctx context.Context, pos rules.Dynamic) (string, error) {
	f.calls++
	if f.calls == f.n {
		switch f.bad {
		case "illegal":
			return "nonsense", nil
		case "panic":
			panic("the bot fell over")
		case "hang":
			time.Sleep(10 * time.Second) // ignores its context
		case "error":
			return "", errors.New("out of ideas")
		}
	}
	return pos.Moves()[0], nil
}

func (f *fake) Close() error { return nil }

func TestForfeitOutcomes(t *testing.T) {
	cases := []struct {
		spec   string
		seats  []int // which fake sits where
		failAt int   // the seat that fails (at its first move)
		result string
	}{
		{"hex(size=3)", []int{0, 1}, 0, "0-1"},
		{"hex(size=3)", []int{0, 1}, 1, "1-0"},
		{"focus(players=4,teams=true)", []int{0, 1, 2, 3}, 1, "1-0-1-0"},
		{"focus(players=4,teams=true)", []int{0, 1, 1, 1}, 0, "0-1-0-1"},
		{"focus(players=3)", []int{0, 1, 2}, 0, "0-1-0"}, // a lone winner: the next seat
		{"focus(players=3)", []int{0, 1, 2}, 2, "1-0-0"},
		{"focus(players=3)", []int{0, 1, 1}, 2, "1-0-0"}, // the arena's way: A against B at every other seat
		{"focus(players=3)", []int{1, 0, 1}, 2, "0-1-0"},
	}
	for _, c := range cases {
		start, err := rules.Open(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		fakes := []*fake{{}, {}, {}, {}}
		fakes[c.seats[c.failAt]] = &fake{n: 1, bad: "illegal"}
		// Play the opening so that the failing seat is to move.
		var opening []string
		pos := start
		for pos.ToMove() != rules.Player(c.failAt) {
			m := pos.Moves()[0]
			opening = append(opening, m)
			pos, _ = pos.Play(m)
		}
		players := make([]protocol.Player, len(c.seats))
		for s, k := range c.seats {
			players[s] = fakes[k]
		}
		res, err := protocol.Referee{}.Play(context.Background(), protocol.Opening{Start: start, Moves: opening}, players)
		if err != nil {
			t.Fatal(err)
		}
		if res.Forfeit == nil || res.Forfeit.Seat != rules.Player(c.failAt) || res.Outcome.Result() != c.result {
			t.Errorf("%s %v, seat %d fails: forfeit %v, result %s; want %s", c.spec, c.seats, c.failAt, res.Forfeit, res.Outcome.Result(), c.result)
		}
		checkRecord(t, res)
	}
}

func TestRefereeInProcessFailures(t *testing.T) {
	start, _ := rules.Open("hex(size=4)")
	cases := []struct {
		bad  string
		kind error
		text string
	}{
		{"illegal", protocol.ErrIllegalMove, `forfeit: B sent an illegal move "nonsense": hex move "nonsense" at offset `},
		{"panic", protocol.ErrCrash, `forfeit: B crashed; panic: "the bot fell over"`},
		{"hang", protocol.ErrTimeout, `forfeit: B did not reply within 200ms`},
		{"error", protocol.ErrRefused, `forfeit: B failed (out of ideas)`},
	}
	for _, c := range cases {
		began := time.Now()
		a, b := &fake{}, &fake{n: 2, bad: c.bad}
		ref := protocol.Referee{MoveTime: 100 * time.Millisecond, Margin: 100 * time.Millisecond}
		res, err := ref.Play(context.Background(), protocol.Opening{Start: start}, []protocol.Player{a, b})
		if err != nil {
			t.Fatal(err)
		}
		term, _ := res.Record.Tag("Termination")
		if res.Forfeit == nil || res.Forfeit.Kind() != c.kind || !strings.HasPrefix(term, c.text) {
			t.Errorf("%s: forfeit %v, Termination %q; want kind %v, %q", c.bad, res.Forfeit, term, c.kind, c.text)
		}
		// 200ms of limits; a referee that waited for the hung player
		// would take its whole hang, 10s.
		if took := time.Since(began); took > 3*time.Second {
			t.Errorf("%s: took %v", c.bad, took)
		}
		// The players were told every move but their own.
		if len(a.played) != len(res.Record.Moves)-a.calls {
			t.Errorf("%s: A was told %q of %q", c.bad, a.played, res.Record.Moves)
		}
	}
}

func TestRefereeErrors(t *testing.T) {
	start, _ := rules.Open("hex(size=3)")
	ctx := context.Background()
	ref := protocol.Referee{}
	if _, err := ref.Play(ctx, protocol.Opening{}, []protocol.Player{&fake{}, &fake{}}); err == nil {
		t.Error("no start: no error")
	}
	if _, err := ref.Play(ctx, protocol.Opening{Start: start}, []protocol.Player{&fake{}}); err == nil {
		t.Error("one player: no error")
	}
	if _, err := ref.Play(ctx, protocol.Opening{Start: start}, []protocol.Player{&fake{}, nil}); err == nil {
		t.Error("a nil player: no error")
	}
	if _, err := ref.Play(ctx, protocol.Opening{Start: start, Moves: []string{"b2", "b2"}}, []protocol.Player{&fake{}, &fake{}}); err == nil {
		t.Error("an illegal opening: no error")
	}
	// A cancelled context is the caller's error, not a forfeit.
	cctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	res, err := ref.Play(cctx, protocol.Opening{Start: start}, []protocol.Player{&fake{}, &fake{n: 1, bad: "hang"}})
	if !errors.Is(err, context.DeadlineExceeded) || res.Forfeit != nil {
		t.Errorf("cancelled: %v, forfeit %v", err, res.Forfeit)
	}
}

func TestRefereeMaxPliesAndChance(t *testing.T) {
	start, _ := rules.Open("domination")
	r := &protocol.BotPlayer{Bot: mustBot(t, "random", start)}
	ref := protocol.Referee{MaxPlies: 7, Seed: 11}
	res, err := ref.Play(context.Background(), protocol.Opening{Start: start}, []protocol.Player{r, r})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Record.Moves) != 7 || res.Outcome.Over() {
		t.Fatalf("moves %q, outcome %s", res.Record.Moves, res.Outcome)
	}
	if got, _ := res.Record.Tag("Result"); got != "*" {
		t.Errorf("Result %q", got)
	}
	if got, _ := res.Record.Tag("Termination"); got != "unfinished: stopped after 7 plies" {
		t.Errorf("Termination %q", got)
	}
	checkRecord(t, res)
	// The same seed draws the same dominoes.
	again, _ := ref.Play(context.Background(), protocol.Opening{Start: start}, []protocol.Player{r, r})
	if again.Record.Moves[0] != res.Record.Moves[0] || again.Record.Moves[2] != res.Record.Moves[2] {
		t.Errorf("draws differ: %q and %q", res.Record.Moves, again.Record.Moves)
	}
}

func mustBot(t *testing.T, name string, d rules.Dynamic) bot.Dynamic {
	b, err := bot.ForDynamic(name, d, bot.Options{Iterations: 30, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestOpenings(t *testing.T) {
	positions := "# openings\n\n3/1B1/3 w -   # the centre\nhex(size=3,swap=sides) B2/3/3 w -\n"
	ops, err := protocol.ReadOpenings(strings.NewReader(positions), "hex(size=3)")
	if err != nil || len(ops) != 2 || ops[0].Start.String() != "3/1B1/3 w -" || len(ops[1].Moves) != 0 {
		t.Fatalf("positions: %v, %v", ops, err)
	}
	records := "[Game \"hex(size=3)\"]\n[Result \"1-0\"]\n\nb2 swap\n\n[Game \"hex(size=3,swap=sides)\"]\n[Position \"3/3/1B1 w -\"]\n\nc1\n"
	ops, err = protocol.ReadOpenings(strings.NewReader(records), "hex(size=3)")
	if err != nil || len(ops) != 2 || strings.Join(ops[0].Moves, " ") != "b2 swap" || ops[1].Start.String() != "3/3/1B1 w -" {
		t.Fatalf("records: %v, %v", ops, err)
	}
	for _, bad := range []string{
		"3/1B1/3 w\n",
		"[Game \"hex(size=4)\"]\n\nb2\n",
		"[Game \"hex(size=3)\"]\n\nb2 b2\n",
		"[Game \"hex(size=3,swap=none)\"]\n\nb1 a1 b2 a2 b3\n", // over
		"BBB/3/3 w -\n",                                        // over, or not a position
	} {
		if ops, err := protocol.ReadOpenings(strings.NewReader(bad), "hex(size=3)"); err == nil {
			t.Errorf("ReadOpenings(%q) = %v, want an error", bad, ops)
		}
	}
	if _, err := protocol.ReadOpenings(strings.NewReader(""), "nosuchgame"); err == nil {
		t.Error("a bad spec: no error")
	}

	// A refereed game from a record prefix and one from a position: the
	// record starts with the opening, and has the Position tag when the
	// start is not the usual one.
	start, _ := rules.Open("hex(size=3)")
	for _, o := range ops {
		a, b := &protocol.BotPlayer{Bot: mustBot(t, "mcts", start)}, &fake{}
		res, err := protocol.Referee{}.Play(context.Background(), o, []protocol.Player{a, b})
		if err != nil {
			t.Fatal(err)
		}
		_, hasPos := res.Record.Tag("Position")
		if hasPos != (o.Start.String() != start.String()) || !strings.HasPrefix(strings.Join(res.Record.Moves, " "), strings.Join(o.Moves, " ")) {
			t.Errorf("record %v for opening %v", res.Record, o)
		}
		checkRecord(t, res)
	}
}

// TestPythonOpening: an engine is brought to the opening's end by plays.
func TestPythonOpening(t *testing.T) {
	rec, _ := notation.ParseRecord("[Game \"hex(size=5)\"]\n\nc3 swap b2\n")
	o, err := protocol.OpeningFromRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	py := newPlayer(t, "exec:"+pythonEngine(t), o.Start, protocol.PlayerOptions{})
	mcts := newPlayer(t, "mcts", o.Start, protocol.PlayerOptions{Bot: bot.Options{Iterations: 50}})
	res, err := protocol.Referee{MoveTime: time.Second}.Play(context.Background(), o, []protocol.Player{py, mcts})
	if err != nil || res.Forfeit != nil || !res.Outcome.Over() {
		t.Fatalf("%v, forfeit %v, outcome %s", err, res.Forfeit, res.Outcome)
	}
	if strings.Join(res.Record.Moves[:3], " ") != "c3 swap b2" {
		t.Errorf("moves %q", res.Record.Moves)
	}
	checkRecord(t, res)
}
