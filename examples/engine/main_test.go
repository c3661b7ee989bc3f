package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/examples/protocol"
)

// serveEnv makes the test binary the engine itself, for the tests that
// run it as an external process.
const serveEnv = "ENGINE_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) != "" {
		os.Exit(run([]string{"-iterations", "40"}, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func TestSession(t *testing.T) {
	in := "1 name\n2 game hex(size=3)\n3 play b b2\n4 genmove w\n5 play b a1\n6 final_result\n7 quit\n8 name\n"
	var out, errs strings.Builder
	if code := run([]string{"-iterations", "50", "-seed", "3"}, strings.NewReader(in), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	rs := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	if len(rs) != 7 || rs[0] != "=1 tabletop-go mcts" || rs[1] != "=2" || rs[2] != "=3" || !strings.HasPrefix(rs[3], "=4 ") || rs[6] != "=7" {
		t.Fatalf("replies %q", rs)
	}
}

func TestStartGameAndMoveTime(t *testing.T) {
	var out, errs strings.Builder
	code := run([]string{"-game", "domination", "-movetime", "50ms", "-bot", "random"}, strings.NewReader("game\nmovetime\nto_move\nname\n"), &out, &errs)
	if want := "= domination\n\n= 0.05\n\n= chance\n\n= tabletop-go random\n\n"; code != 0 || out.String() != want {
		t.Errorf("exit %d, output %q, want %q (%s)", code, out.String(), want, errs.String())
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"}, {"-iterations", "0"}, {"-movetime", "-1s"}, {"-maxnodes", "-1"},
		{"-bot", "alphazero"}, {"extra"}, {"-nosuchflag"}, {"-workers", "-1"}, {"-workers", "257"},
	} {
		var out, errs strings.Builder
		if code := run(args, strings.NewReader(""), &out, &errs); code != 2 || errs.Len() == 0 || out.Len() != 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out.String(), errs.String())
		}
	}
}

// TestAsExternalEngine runs the engine as a process that the referee
// drives, in a game with chance nodes.
func TestAsExternalEngine(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	e, err := protocol.StartEngineArgs(ctx, []string{exe}, protocol.EngineOptions{Env: append(os.Environ(), serveEnv+"=1")})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	start, _ := rules.Open("domination")
	other, err := protocol.NewPlayer(ctx, "random", start, protocol.PlayerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := protocol.Referee{Seed: 5}.Play(ctx, protocol.Opening{Start: start}, []protocol.Player{e, other})
	if err != nil || res.Forfeit != nil || !res.Outcome.Over() {
		t.Fatalf("%v, forfeit %v, outcome %s", err, res.Forfeit, res.Outcome)
	}
	if e.Name() != "tabletop-go mcts" {
		t.Errorf("name %q", e.Name())
	}
	t.Logf("%s in %d plies", res.Outcome, len(res.Record.Moves))
}

// TestHexBot: -bot hex plays Hex with the Hex bot (here it sees the
// proven win at once) and the other games with MCTS.
func TestHexBot(t *testing.T) {
	in := "game hex(size=5,swap=none)\nposition 4W/2B2/5/1B3/4W b -\ngenmove\ngame focus\ngenmove\nname\n"
	var out, errs strings.Builder
	if code := run([]string{"-bot", "hex", "-iterations", "30", "-workers", "1"}, strings.NewReader(in), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	rs := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	// Any cell of the connection's carrier keeps the win.
	carrier := map[string]bool{"= c1": true, "= d1": true, "= b3": true, "= c3": true, "= a5": true, "= b5": true}
	if len(rs) != 6 || !carrier[rs[2]] || !strings.HasPrefix(rs[4], "= ") || rs[5] != "= tabletop-go hex" {
		t.Fatalf("replies %q (%s)", rs, errs.String())
	}
}

// TestHexBotKeepsPlayingWithEachSwitch: the Hex bot answers move after
// move of one game, keeping its tree or, with -noreuse, not, and with
// -nopatterns, -playoutpatterns and -notreefill. Black plays the first empty cell of
// its list after each of the bot's moves, so that whatever the bot
// plays, the game goes on.
func TestHexBotKeepsPlayingWithEachSwitch(t *testing.T) {
	for _, flags := range [][]string{{}, {"-noreuse"}, {"-nopatterns"}, {"-playoutpatterns"}, {"-notreefill"}} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		var errs strings.Builder
		done := make(chan int, 1)
		args := append([]string{"-bot", "hex", "-iterations", "300", "-workers", "1"}, flags...)
		go func() {
			done <- run(args, inR, outW, &errs)
			outW.Close()
		}()
		replies := bufio.NewReader(outR)
		ask := func(command string) string {
			if _, err := io.WriteString(inW, command+"\n"); err != nil {
				t.Fatal(err)
			}
			var reply strings.Builder
			for {
				line, err := replies.ReadString('\n')
				if err != nil {
					t.Fatalf("%v: %s: %v (%s)", flags, command, err, errs.String())
				}
				if line == "\n" {
					return strings.TrimSpace(reply.String())
				}
				reply.WriteString(line)
			}
		}
		taken := map[string]bool{}
		black := []string{"c3", "b4", "d2", "a5", "e1", "b2", "d4"}
		ask("game hex(size=5,swap=none)")
		for turn := range 3 {
			var move string
			for _, m := range black {
				if !taken[m] {
					move = m
					break
				}
			}
			taken[move] = true
			if r := ask("play b " + move); r != "=" {
				t.Fatalf("%v: play b %s: %q", flags, move, r)
			}
			r := ask("genmove w")
			if !strings.HasPrefix(r, "= ") || len(r) < 4 {
				t.Fatalf("%v: genmove %d: %q (%s)", flags, turn+1, r, errs.String())
			}
			taken[strings.TrimPrefix(r, "= ")] = true
		}
		inW.Close()
		if code := <-done; code != 0 {
			t.Fatalf("%v: exit %d: %s", flags, code, errs.String())
		}
	}
}
