package protocol_test

import (
	"bufio"
	"context"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
	"github.com/tabletop-go/rules/notation"
)

// session runs requests through a server and returns its replies, each
// without its blank line.
func session(t testing.TB, srv *protocol.Server, input string) []string {
	t.Helper()
	var out strings.Builder
	if err := srv.Serve(context.Background(), strings.NewReader(input), &out); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	return replies(t, out.String())
}

// replies splits a server's output into replies, checking the framing.
func replies(t testing.TB, out string) []string {
	t.Helper()
	if out == "" {
		return nil
	}
	if !strings.HasSuffix(out, "\n\n") {
		t.Fatalf("output does not end with a blank line: %q", out)
	}
	rs := strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n")
	for _, r := range rs {
		if r == "" || (r[0] != '=' && r[0] != '?') {
			t.Fatalf("not a reply: %q in %q", r, out)
		}
		for _, c := range r {
			if c < ' ' && c != '\n' || c == 0x7f {
				t.Fatalf("control character %q in reply %q", c, r)
			}
		}
	}
	return rs
}

func randomServer() *protocol.Server {
	return &protocol.Server{NewBot: protocol.BotFactory("random", bot.Options{Seed: 3})}
}

func TestServerReplies(t *testing.T) {
	cases := []struct{ in, want string }{
		{"protocol_version", "= 2"},
		{"7 protocol_version", "=7 2"},
		{"  7\tname  # a comment", "=7 tabletop-go"},
		{"version", "= 1"},
		{"known_command genmove", "= true"},
		{"known_command boardsize", "= false"},
		{"known_command", "? usage: known_command NAME"},
		{"3 frobnicate", "?3 unknown command"},
		{"3", "?3 missing command"},
		{"play a1", "? no game: send game SPEC first"},
		{"game", "? no game: send game SPEC first"},
		{"game hex(size=3) extra", "? usage: game SPEC (a spec holds no spaces)"},
		{"games", "= " + strings.Join(rules.Games(), " ")},
		{"movetime", "= 0"},
		{"movetime -1", `? invalid time "-1" (seconds, from 0 to 1000000)`},
		{"movetime NaN", `? invalid time "NaN" (seconds, from 0 to 1000000)`},
		{"pro\x01tocol_\x1bversion\r", "= 2"},
	}
	if got := session(t, randomServer(), "game chess\n"); !strings.HasPrefix(got[0], `? unknown game "chess"`) {
		t.Errorf("game chess: %q", got)
	}
	for _, c := range cases {
		got := session(t, randomServer(), c.in+"\n")
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}

func TestServerListCommandsAreKnown(t *testing.T) {
	got := session(t, randomServer(), "list_commands\n")
	cmds := strings.Split(strings.TrimPrefix(got[0], "= "), "\n")
	if len(cmds) < 15 {
		t.Fatalf("list_commands: %q", got)
	}
	var in strings.Builder
	for _, c := range cmds {
		in.WriteString("known_command " + c + "\n")
	}
	for i, r := range session(t, randomServer(), in.String()) {
		if r != "= true" {
			t.Errorf("known_command %s: %q", cmds[i], r)
		}
	}
	for _, need := range []string{"protocol_version", "name", "version", "list_commands", "known_command", "game",
		"position", "clear_board", "play", "genmove", "legal_moves", "to_move", "undo", "final_result",
		"showboard", "time_left", "movetime", "quit"} {
		if !strings.Contains("\n"+strings.Join(cmds, "\n")+"\n", "\n"+need+"\n") {
			t.Errorf("list_commands lacks %s", need)
		}
	}
}

func TestServerHexSession(t *testing.T) {
	in := strings.Join([]string{
		"1 game hex(size=3)",
		"2 game",
		"3 to_move",
		"4 play w a1",   // not White's turn
		"5 play B b2",   // GTP colours in any case
		"6 play w swap", // White swaps sides: seat A is now White
		"7 to_move",
		"8 position",
		"9 play b a1", // Black is seat B now, not to move
		"10 play white a1",
		"11 play a c1", // seat letter a: seat A, White... but White just played
		"12 undo",
		"13 undo",
		"14 undo",
		"15 undo",
		"16 undo",
		"17 legal_moves",
		"18 final_result",
		"19 position 1B1/W2/B2 w -",
		"20 legal_moves",
		"21 clear_board",
		"22 position",
		"23 play b z9",
		"24 quit",
		"25 name",
	}, "\n") + "\n"
	want := []string{
		"=1",
		"=2 hex(size=3,swap=sides)",
		"=3 A",
		"?4 it is A's turn",
		"=5",
		"=6",
		"=7 A",
		"=8 3/1B1/3 w sides",
		"?9 it is A's turn",
		"=10",
		"?11 it is B's turn",
		"=12",
		"=13",
		"=14",
		"?15 cannot undo",
		"?16 cannot undo",
		"=17 a1 b1 c1 a2 b2 c2 a3 b3 c3",
		"=18 *",
		"=19",
		"=20 a1 c1 b2 c2 b3 c3",
		"=21",
		"=22 1B1/W2/B2 w -",
		"?23 it is B's turn",
		"=24",
	}
	got := session(t, randomServer(), in)
	if len(got) != len(want) {
		t.Fatalf("got %d replies, want %d: %q", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("reply %d: got %q, want %q", i+1, got[i], want[i])
		}
	}
}

// TestServerUndoIsBoundedInAnEndlessGame plays 70,000 moves of plain
// Focus (no ply limit: two pieces step back and forth): a session keeps
// the last 2^16 moves at most for undo, forgetting the older half at the
// bound, so undo takes back 70,000 - 2^15 moves here and no more, and
// clear_board still goes back to the start.
func TestServerUndoIsBoundedInAnEndlessGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	const plies, kept = 70000, 70000 - 1<<15
	cycle := []string{"c7-c8", "c2-c1", "c8-c7", "c1-c2"}
	var in strings.Builder
	in.WriteString("game focus\nposition\n")
	for i := range plies {
		in.WriteString("play " + cycle[i%4] + "\n")
	}
	for range kept + 1 {
		in.WriteString("undo\n")
	}
	in.WriteString("to_move\nclear_board\nposition\n")
	got := session(t, randomServer(), in.String())
	if len(got) != 2+plies+kept+1+3 {
		t.Fatalf("%d replies", len(got))
	}
	start := got[1]
	for i, r := range got[2 : 2+plies+kept] {
		if r != "=" {
			t.Fatalf("request %d: %q", i+3, r)
		}
	}
	rest := got[2+plies+kept:]
	if rest[0] != "? cannot undo" || rest[3] != start {
		t.Errorf("after %d undos: %q; start %q", kept, rest, start)
	}
}

func TestServerChance(t *testing.T) {
	got := session(t, randomServer(), strings.Join([]string{
		"game domination",
		"to_move",
		"genmove",
		"genmove A",
		"play A 2-5",
		"play chance 5-2",
		"to_move",
		"genmove B",
		"genmove",
		"to_move",
		"undo",
		"to_move",
		"legal_moves",
	}, "\n")+"\n")
	want := []string{"=", "= chance", "? it is a chance node: the controller plays the chance outcome (play MOVE)",
		"? it is a chance node: play the chance outcome", "? it is a chance node: play the chance outcome",
		"=", "= A", "? it is A's turn", "", "= chance", "=", "= A", ""}
	for i := range want {
		if want[i] != "" && got[i] != want[i] {
			t.Errorf("reply %d: got %q, want %q", i+1, got[i], want[i])
		}
	}
	if !strings.HasPrefix(got[8], "= ") || len(strings.Fields(got[8])) != 2 {
		t.Errorf("genmove: %q", got[8])
	}
}

// conversation is a session with a server, one request at a time.
type conversation struct {
	t    testing.TB
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan error
}

func converse(t testing.TB, srv *protocol.Server) *conversation {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &conversation{t: t, in: inW, out: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() {
		err := srv.Serve(context.Background(), inR, outW)
		outW.Close()
		c.done <- err
	}()
	t.Cleanup(func() {
		inW.Close()
		go io.Copy(io.Discard, outR)
		if err := <-c.done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return c
}

// ask sends one request and returns the reply without its blank line.
func (c *conversation) ask(request string) string {
	c.t.Helper()
	if _, err := io.WriteString(c.in, request+"\n"); err != nil {
		c.t.Fatal(err)
	}
	var lines []string
	for {
		line, err := c.out.ReadString('\n')
		if err != nil {
			c.t.Fatalf("%s: %v", request, err)
		}
		if line == "\n" {
			return strings.Join(lines, "\n")
		}
		lines = append(lines, strings.TrimSuffix(line, "\n"))
	}
}

// everyVariant returns the spec of every variant of every registered
// game (its bare spec for a game with none), as the registry lists them,
// with plylimit=plies added in a game that has that option, so that a
// random game ends soon.
func everyVariant(t *testing.T, plies int) []string {
	t.Helper()
	var out []string
	for _, name := range rules.Games() {
		g, err := rules.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		specs := []string{name}
		if len(g.Variants) > 0 {
			specs = specs[:0]
			for _, v := range g.Variants {
				specs = append(specs, v.Spec)
			}
		}
		for _, spec := range specs {
			for _, o := range g.Options {
				if o.Name == "plylimit" {
					s, err := notation.ParseSpec(spec)
					if err != nil {
						t.Fatal(err)
					}
					s.Options = append(s.Options, notation.Option{Key: "plylimit", Value: strconv.Itoa(plies)})
					spec = s.String()
				}
			}
			out = append(out, spec)
		}
	}
	return out
}

// TestServerPlaysEveryGame plays a whole game of every variant of every
// registered game (the registry's list, the test-only game's included)
// through a server: genmove at the decisions, the controller's draws
// (the first legal outcome) at chance nodes, then final_result.
func TestServerPlaysEveryGame(t *testing.T) {
	specs := everyVariant(t, 40)
	if !slices.Contains(specs, "tictactoe(size=3)") || !slices.Contains(specs, "focus(players=4,teams=true,plylimit=40)") {
		t.Fatalf("the registry's variants: %v", specs)
	}
	for _, spec := range specs {
		c := converse(t, randomServer())
		if r := c.ask("game " + spec); r != "=" {
			t.Fatalf("game %s: %q", spec, r)
		}
		d, _ := rules.Open(spec)
		for ply := 0; ; ply++ {
			mover := strings.TrimPrefix(c.ask("to_move"), "= ")
			if mover == "terminal" {
				break
			}
			var move string
			if mover == "chance" {
				move = strings.Fields(c.ask("legal_moves"))[1]
				if r := c.ask("play " + move); r != "=" {
					t.Fatalf("%s: play %s: %q", spec, move, r)
				}
			} else {
				r := c.ask("genmove " + protocol.Color(d))
				if !strings.HasPrefix(r, "= ") {
					t.Fatalf("%s: genmove %s: %q", spec, protocol.Color(d), r)
				}
				move = r[2:]
			}
			next, err := d.Play(move)
			if err != nil {
				t.Fatalf("%s: %s: %v", spec, move, err)
			}
			d = next
			if got := c.ask("position"); got != "= "+d.String() {
				t.Fatalf("%s: position %q, want %q", spec, got, d.String())
			}
		}
		if got, want := c.ask("final_result"), "= "+d.Outcome().Result()+" "+d.Outcome().Reason.String(); got != want {
			t.Errorf("%s: final_result %q, want %q", spec, got, want)
		}
		if r := c.ask("genmove"); r != "? game is over" {
			t.Errorf("%s: genmove at the end: %q", spec, r)
		}
		t.Logf("%s: %s", spec, d.Outcome())
	}
}

func TestServerLongLine(t *testing.T) {
	long := "12 play " + strings.Repeat("x", protocol.MaxLine+10)
	got := session(t, randomServer(), long+"\nprotocol_version\n"+strings.Repeat("y", 3*protocol.MaxLine)+"\n4 name\n")
	want := []string{"?12 line too long (more than 65536 bytes)", "= 2", "? line too long (more than 65536 bytes)", "=4 tabletop-go"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestServerTimes(t *testing.T) {
	srv := &protocol.Server{Game: "hex(size=9)", NewBot: protocol.BotFactory("mcts", bot.Options{Iterations: 1 << 30, Seed: 1})}
	start := time.Now()
	got := session(t, srv, "movetime 0.2\nmovetime\ngenmove\ntime_left w 1 10\ngenmove\ntime_left b x 1\ntime_left chance 1 1\n")
	elapsed := time.Since(start)
	if got[0] != "=" || got[1] != "= 0.2" || got[3] != "=" || !strings.HasPrefix(got[2], "= ") || !strings.HasPrefix(got[4], "= ") {
		t.Errorf("replies %q", got)
	}
	if got[5] != `? invalid time "x" (seconds, from 0 to 1000000)` || got[6] != `? invalid color "chance"` {
		t.Errorf("replies %q", got[5:])
	}
	// 0.2 s for the first genmove, 0.1 s (1 s over 10 moves) for the second.
	if elapsed < 250*time.Millisecond || elapsed > 3*time.Second {
		t.Errorf("the two genmoves took %v, want about 0.3s", elapsed)
	}
}

func TestServerWithoutBot(t *testing.T) {
	got := session(t, &protocol.Server{Game: "hex(size=2)"}, "genmove\nplay a1\nshowboard\nquit\n")
	if got[0] != "? this engine has no bot" || got[1] != "=" || !strings.HasPrefix(got[2], "=\n") || got[3] != "=" {
		t.Errorf("replies %q", got)
	}
	if err := (&protocol.Server{Game: "nosuchgame"}).Serve(context.Background(), strings.NewReader(""), &strings.Builder{}); err == nil {
		t.Error("Serve with a bad Game: no error")
	}
}
