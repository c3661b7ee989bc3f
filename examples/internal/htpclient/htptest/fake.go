// Package htptest is a fake HTP engine for tests: a test binary runs
// itself again as the engine (Command), and its TestMain serves HTP
// (Fake.Serve) with the genmove answers the test wants.
package htptest

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-go/rules/hex"
)

// Fake is a fake engine's state while it answers a command.
type Fake struct {
	// Pos is the board as the commands so far left it; Last the last
	// cell played ("" before any).
	Pos  hex.Position
	Last string
	// ID is the id of the command being answered ("" when it had none).
	ID string
	// NoIDs leaves the ids out of the replies; Strict refuses play and
	// genmove of the colour not to move.
	NoIDs, Strict bool
	// Other, when set, answers the commands Serve does not know (its
	// words, the id left out) and reports whether it did; Serve answers
	// the rest with success.
	Other func(f *Fake, words []string) bool
}

// Reply answers the command with success and text s.
func (f *Fake) Reply(s string) { fmt.Printf("=%s %s\n\n", f.id(), s) }

// Fail answers the command with a failure and text s.
func (f *Fake) Fail(s string) { fmt.Printf("?%s %s\n\n", f.id(), s) }

func (f *Fake) id() string {
	if f.NoIDs {
		return ""
	}
	return f.ID
}

// Colour is the HTP colour of the side to move: "b" or "w".
func (f *Fake) Colour() string { return []string{"b", "w"}[f.Pos.Ply()%2] }

// Serve answers HTP commands on standard input until quit or its end:
// boardsize (square, no pie rule), clear_board, play and quit itself,
// any other command but genmove with success, and genmove by calling
// genmove with the colour asked, which answers it (or not); genmove
// returning true ends the engine.
func (f *Fake) Serve(genmove func(f *Fake, colour string) (quit bool)) {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		words := strings.Fields(in.Text())
		f.ID = ""
		if len(words) > 0 {
			if _, err := strconv.Atoi(words[0]); err == nil {
				f.ID, words = words[0], words[1:]
			}
		}
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "boardsize":
			n, _ := strconv.Atoi(words[1])
			cfg, _ := hex.ParseSpec(fmt.Sprintf("hex(size=%d,swap=none)", n))
			f.Pos = cfg.Start()
			f.Reply("")
		case "clear_board":
			f.Pos = f.Pos.Config().Start()
			f.Reply("")
		case "play":
			if f.Strict && words[1] != f.Colour() {
				f.Fail("not its turn")
				continue
			}
			m, _ := f.Pos.ParseMove(words[2])
			f.Pos, f.Last = f.Pos.PlayUnchecked(m), words[2]
			f.Reply("")
		case "genmove":
			if f.Strict && words[1] != f.Colour() {
				f.Fail("not its turn")
				continue
			}
			if genmove(f, words[1]) {
				return
			}
		case "quit":
			f.Reply("")
			return
		default:
			if f.Other == nil || !f.Other(f, words) {
				f.Reply("")
			}
		}
	}
}

// Command is the command line that runs the test binary as the fake
// engine of mode: the binary's TestMain serves it when the environment
// variable env is set.
func Command(t testing.TB, env, mode string) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return "env " + env + "=" + mode + " " + exe
}
