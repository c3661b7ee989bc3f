package protocol_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
	"github.com/tabletop-go/rules/notation"
)

func TestSplitCommand(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"python3 my_engine.py", []string{"python3", "my_engine.py"}},
		{"  a\tb  c ", []string{"a", "b", "c"}},
		{`a 'b c' "d \"e\" \\f" g\ h`, []string{"a", "b c", `d "e" \f`, "g h"}},
		{`x '' ""`, []string{"x", "", ""}},
		{`a'b'"c"`, []string{"abc"}},
	}
	for _, c := range cases {
		got, err := protocol.SplitCommand(c.in)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "   ", "a 'b", `a "b`, `a "b\"`} {
		if got, err := protocol.SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q) = %q, want an error", bad, got)
		}
	}
}

func TestStartEngineErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := protocol.StartEngine(ctx, "./no-such-engine-anywhere", protocol.EngineOptions{}); err == nil {
		t.Error("StartEngine of a missing program: no error")
	}
	d, _ := rules.Open("hex(size=5)")
	for _, name := range []string{"exec:no-such-engine-anywhere", "exec:", "exec:'a", "nosuchbot", ""} {
		if err := protocol.CheckPlayer(name, d); err == nil {
			t.Errorf("CheckPlayer(%q): no error", name)
		}
	}
	for _, name := range []string{"mcts", "random", "exec:sh -c 'exit 0'"} {
		if err := protocol.CheckPlayer(name, d); err != nil && runtime.GOOS != "windows" {
			t.Errorf("CheckPlayer(%q): %v", name, err)
		}
	}
}

// newPlayer makes a player, closed at the end of the test.
func newPlayer(t *testing.T, name string, start rules.Dynamic, opts protocol.PlayerOptions) protocol.Player {
	t.Helper()
	p, err := protocol.NewPlayer(context.Background(), name, start, opts)
	if err != nil {
		t.Fatalf("NewPlayer(%q): %v", name, err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// checkRecord checks that a refereed game's record replays to its
// outcome.
func checkRecord(t *testing.T, res protocol.Result) {
	t.Helper()
	text, err := res.Record.MarshalText()
	if err != nil {
		t.Fatalf("MarshalText: %v", err)
	}
	rec, err := notation.ParseRecord(string(text))
	if err != nil {
		t.Fatalf("the record does not read back: %v\n%s", err, text)
	}
	rp, err := rec.Replay()
	if err != nil {
		t.Fatalf("the record does not replay: %v\n%s", err, text)
	}
	if rp.Final().String() != res.Final.String() {
		t.Errorf("the record replays to %s, the game ended at %s", rp.Final(), res.Final)
	}
	if r, _ := rec.Tag("Result"); res.Outcome.Over() && r != res.Outcome.Result() {
		t.Errorf("Result tag %q, outcome %s", r, res.Outcome)
	}
}

// TestPythonEnginePlaysWholeGames is the cross-language acceptance: the
// Python random engine plays Hex and Explocus against the MCTS bot,
// refereed, with no forfeit, on both sides of the board.
func TestPythonEnginePlaysWholeGames(t *testing.T) {
	engine := "exec:" + pythonEngine(t, "--seed", "7")
	for _, spec := range []string{"hex(size=5)", "explocus(rows=5,cols=5,plylimit=200)"} {
		start, err := rules.Open(spec)
		if err != nil {
			t.Fatal(err)
		}
		for pySeat := range 2 {
			began := time.Now()
			players := make([]protocol.Player, 2)
			players[pySeat] = newPlayer(t, engine, start, protocol.PlayerOptions{})
			players[1-pySeat] = newPlayer(t, "mcts", start, protocol.PlayerOptions{Bot: bot.Options{Iterations: 100, Seed: 1}})
			ref := protocol.Referee{MoveTime: 500 * time.Millisecond, Seed: 3,
				Tags: []notation.Tag{{Name: "Event", Value: "cross-language test"}}}
			res, err := ref.Play(context.Background(), protocol.Opening{Start: start}, players)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			if res.Forfeit != nil {
				t.Fatalf("%s: forfeit: %s", spec, res.Forfeit)
			}
			if !res.Outcome.Over() {
				t.Fatalf("%s: the game did not end: %s", spec, res.Final)
			}
			checkRecord(t, res)
			t.Logf("%s, Python at seat %v: %s in %d plies, %v", spec, rules.Player(pySeat), res.Outcome,
				len(res.Record.Moves), time.Since(began).Round(time.Millisecond))
		}
	}
}

// TestPythonRulesAgree checks the Python engine's own rules against the
// library's: the same legal moves along random games of several variants.
func TestPythonRulesAgree(t *testing.T) {
	ctx := context.Background()
	e, err := protocol.StartEngine(ctx, pythonEngine(t), protocol.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	r := rand.New(rand.NewPCG(1, 2))
	for _, spec := range []string{"hex(size=4)", "hex(size=3,swap=pieces)", "hex(size=5x3,swap=none)", "hex(size=2)",
		"explocus(rows=4,cols=5)", "explocus(rows=7,cols=4)", "explocus(rows=3,cols=3)", "explocus(rows=5,cols=5,plylimit=20)"} {
		d, err := rules.Open(spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Command(ctx, "game "+spec, 0); err != nil {
			t.Fatalf("game %s: %v", spec, err)
		}
		for ply := 0; ply < 60; ply++ {
			got, err := e.Command(ctx, "legal_moves", 0)
			if err != nil {
				t.Fatal(err)
			}
			gotMoves, want := strings.Fields(got), d.Moves()
			slices.Sort(gotMoves)
			slices.Sort(want)
			if !slices.Equal(gotMoves, want) {
				t.Fatalf("%s at %s: Python's moves %q, the library's %q", spec, d, gotMoves, want)
			}
			if len(want) == 0 {
				break
			}
			m := want[r.IntN(len(want))]
			if err := e.Play(ctx, d, m); err != nil {
				t.Fatalf("%s at %s: play %s: %v", spec, d, m, err)
			}
			d, _ = d.Play(m)
		}
	}
}

// TestGoEnginePlaysEveryGame runs the library's own engine (this test
// binary serving the MCTS bot) as an external process against the
// built-in bot, in every game, chance nodes and more than two seats
// included.
func TestGoEnginePlaysEveryGame(t *testing.T) {
	command, opts := goEngine(t)
	specs := []string{"hex(size=4)", "focus(plylimit=30)", "focus(players=3,plylimit=24)",
		"focus(players=4,teams=true,plylimit=24)", "focus(nowak=true,plylimit=20)", "domination",
		"explocus(rows=4,cols=4,plylimit=30)", "hexplocus(size=3,plylimit=30)", "tictactoe(size=4)"}
	for _, name := range rules.Games() { // small variants, but every registered game
		if !slices.ContainsFunc(specs, func(s string) bool { return rules.SpecName(s) == name }) {
			t.Errorf("no variant of %s is played", name)
		}
	}
	for _, spec := range specs {
		start, err := rules.Open(spec)
		if err != nil {
			t.Fatal(err)
		}
		engine := newPlayer(t, "exec:"+command, start, protocol.PlayerOptions{Engine: opts})
		mcts := newPlayer(t, "mcts", start, protocol.PlayerOptions{Bot: bot.Options{Iterations: 40, Seed: 2}})
		players := make([]protocol.Player, start.Seats())
		for s := range players {
			players[s] = mcts
		}
		players[1] = engine // the engine at seat B; the bot at every other seat
		res, err := protocol.Referee{Seed: 9}.Play(context.Background(), protocol.Opening{Start: start}, players)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if res.Forfeit != nil || !res.Outcome.Over() {
			t.Fatalf("%s: forfeit %v, outcome %s", spec, res.Forfeit, res.Outcome)
		}
		checkRecord(t, res)
		if e := engine.(*protocol.Engine); e.Name() != "go-test-engine" {
			t.Errorf("engine name %q", e.Name())
		}
		t.Logf("%s: %s in %d plies", spec, res.Outcome, len(res.Record.Moves))
	}
}

// TestMisbehavingEngines: each misbehaviour of an engine is the loss of
// its seat by forfeit, with the right kind and reason, quickly, and the
// engine's process is gone after Close.
func TestMisbehavingEngines(t *testing.T) {
	cases := []struct {
		flags []string
		kind  error
		text  string // in the Termination tag
	}{
		{[]string{"--misbehave", "illegal", "--after", "2"}, protocol.ErrIllegalMove, `forfeit: B sent an illegal move "`},
		{[]string{"--misbehave", "garbage"}, protocol.ErrMalformed, `forfeit: B sent a malformed reply to "genmove w": "hello, I am not a reply"`},
		{[]string{"--misbehave", "silent"}, protocol.ErrTimeout, `forfeit: B did not reply to "genmove w" within`},
		{[]string{"--misbehave", "crash", "--after", "3"}, protocol.ErrCrash, `forfeit: B crashed (exit status 3) before replying to "genmove w"; stderr: "random_engine: crashing on purpose"`},
		{[]string{"--misbehave", "flood"}, protocol.ErrFlood, `forfeit: B flooded its output: more than 65536 bytes in a reply to "genmove w"`},
		{[]string{"--misbehave", "refuse", "--after", "2"}, protocol.ErrRefused, `forfeit: B refused "play b `},
		{[]string{"--misbehave", "crash", "--after", "2", "--wrapped"}, protocol.ErrCrash, `forfeit: B crashed (exit status 3) before replying to "genmove w"`},
		{[]string{"--misbehave", "resign", "--after", "2"}, protocol.ErrResigned, `B resigned`},
		{[]string{"--misbehave", "twowords"}, protocol.ErrMalformed, `forfeit: B sent a malformed reply to "genmove w": not one move: "`},
		{[]string{"--misbehave", "wrongid"}, protocol.ErrMalformed, `forfeit: B sent a malformed reply to "genmove w": the reply has id`},
	}
	start, _ := rules.Open("hex(size=5,swap=none)")
	for _, c := range cases {
		name, command := c.flags[1], "exec:"+pythonEngine(t, c.flags...)
		if c.flags[len(c.flags)-1] == "--wrapped" {
			if runtime.GOOS == "windows" {
				continue
			}
			// A shell runs the engine with a child that keeps its
			// output open: the engine's exit is still a crash, and the
			// child is killed with it.
			name = "crash-wrapped"
			command = "exec:sh -c " + quoteArg("sleep 30 & exec "+pythonEngine(t, c.flags[:len(c.flags)-1]...))
		}
		t.Run(name, func(t *testing.T) {
			began := time.Now()
			// Margins that a Python engine meets on a machine busy with
			// other tests (CI runs packages side by side): 200ms made
			// a flood that came late a timeout.
			engine := newPlayer(t, command, start,
				protocol.PlayerOptions{Engine: protocol.EngineOptions{Margin: 800 * time.Millisecond, Grace: 300 * time.Millisecond}})
			random := newPlayer(t, "random", start, protocol.PlayerOptions{Bot: bot.Options{Seed: 4}})
			ref := protocol.Referee{MoveTime: 200 * time.Millisecond, Margin: time.Second}
			res, err := ref.Play(context.Background(), protocol.Opening{Start: start}, []protocol.Player{random, engine})
			if err != nil {
				t.Fatal(err)
			}
			f := res.Forfeit
			if f == nil {
				t.Fatalf("no forfeit: %s", res.Outcome)
			}
			if f.Seat != 1 || !errors.Is(f.Failure, c.kind) || f.Kind() != c.kind {
				t.Errorf("forfeit %s (seat %v, kind %v), want seat B, kind %v", f, f.Seat, f.Kind(), c.kind)
			}
			if res.Outcome.Result() != "1-0" || res.Outcome.Score(1) != 0 {
				t.Errorf("outcome %s, want 1-0", res.Outcome)
			}
			if term, _ := res.Record.Tag("Termination"); !strings.HasPrefix(term, c.text) {
				t.Errorf("Termination %q, want it to start with %q", term, c.text)
			}
			checkRecord(t, res)
			engine.Close()
			// Under the 5s an engine's other replies may take by
			// default, with room for a busy machine.
			if took := time.Since(began); took > 4500*time.Millisecond {
				t.Errorf("the game and the forfeit took %v", took)
			}
			assertReaped(t, engine.(*protocol.Engine).Pid())
			term, _ := res.Record.Tag("Termination")
			t.Logf("%s after %d plies in %v", term, len(res.Record.Moves), time.Since(began).Round(time.Millisecond))
		})
	}
}

// TestTinyEngines runs programs that are not engines, or barely: each
// failure is a forfeit of the right kind, even before the game starts.
func TestTinyEngines(t *testing.T) {
	py := python(t)
	cases := []struct {
		name, script string
		kind         error
		text         string
	}{
		{"exits", "import sys; sys.exit(5)", protocol.ErrCrash,
			`forfeit: B crashed (exit status 5) before replying to "protocol_version"`},
		{"echoes", "import sys\nfor l in sys.stdin:\n print(l.strip(), flush=True)", protocol.ErrMalformed,
			`forfeit: B sent a malformed reply to "protocol_version": "1 protocol_version"`},
		{"no ids", "import sys\nfor l in sys.stdin:\n print('= 2\\n', flush=True)", protocol.ErrMalformed,
			`forfeit: B sent a malformed reply to "protocol_version": the reply has no id, the request 1`},
		{"two replies", "import sys\nfor l in sys.stdin:\n i = l.split()[0]; print('=' + i + ' 2\\n\\n=' + i + ' 2\\n', flush=True)", protocol.ErrMalformed,
			`forfeit: B sent a malformed reply`}, // "output without a request", or the wrong id if the reply is late
		{"unfinished reply", "import sys\nsys.stdin.readline(); sys.stdout.write('=1 2'); sys.stdout.flush()", protocol.ErrCrash,
			`forfeit: B crashed (exit status 0) before replying to "protocol_version"`},
		{"newline flood", "import sys\nsys.stdout.write('\\n' * 100000); sys.stdout.flush(); sys.stdin.read()", protocol.ErrFlood,
			`forfeit: B flooded its output: more than 65536 bytes in a reply to "protocol_version"`},
	}
	start, _ := rules.Open("hex(size=3)")
	for _, c := range cases {
		began := time.Now()
		e, err := protocol.StartEngineArgs(context.Background(), []string{py, "-c", c.script},
			protocol.EngineOptions{Timeout: time.Second, Grace: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		res, err := protocol.Referee{}.Play(context.Background(), protocol.Opening{Start: start}, []protocol.Player{&fake{}, e})
		if err != nil {
			t.Fatal(err)
		}
		term, _ := res.Record.Tag("Termination")
		if res.Forfeit == nil || res.Forfeit.Kind() != c.kind || !strings.HasPrefix(term, c.text) || res.Outcome.Result() != "1-0" {
			t.Errorf("%s: forfeit %v, Termination %q, outcome %s; want kind %v, %q", c.name, res.Forfeit, term, res.Outcome, c.kind, c.text)
		}
		if !errors.Is(e.Err(), c.kind) {
			t.Errorf("%s: Err() = %v", c.name, e.Err())
		}
		if _, err := e.Command(context.Background(), "name", 0); !errors.Is(err, c.kind) {
			t.Errorf("%s: a command after the failure: %v", c.name, err)
		}
		e.Close()
		e.Close()
		assertReaped(t, e.Pid())
		// A second of timeout and 200ms of grace at most, and the time to
		// start Python on a machine busy with other tests.
		if took := time.Since(began); took > 4*time.Second {
			t.Errorf("%s: took %v", c.name, took)
		}
	}
}

// TestEngineRefusesGame: an engine that does not play the game forfeits
// it.
func TestEngineRefusesGame(t *testing.T) {
	start, _ := rules.Open("focus")
	py := newPlayer(t, "exec:"+pythonEngine(t), start, protocol.PlayerOptions{})
	res, err := protocol.Referee{}.Play(context.Background(), protocol.Opening{Start: start}, []protocol.Player{py, &fake{}})
	if err != nil {
		t.Fatal(err)
	}
	term, _ := res.Record.Tag("Termination")
	if want := `forfeit: A refused "game focus": "unknown game focus"`; term != want || res.Outcome.Result() != "0-1" {
		t.Errorf("Termination %q, result %s; want %q, 0-1", term, res.Outcome.Result(), want)
	}
}
