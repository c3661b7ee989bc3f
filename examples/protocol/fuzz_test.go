package protocol_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tabletop-go/rules/examples/bot"
	"github.com/tabletop-go/rules/examples/protocol"
)

// FuzzServe feeds a server hostile sessions: it must never panic or
// fail, every reply must be framed (a "=" or "?" line, no control
// characters, a blank line after it), and it must answer every request
// line that holds a command, up to quit.
func FuzzServe(f *testing.F) {
	for _, seed := range []string{
		"protocol_version\nname\nlist_commands\n",
		"1 game hex(size=3)\n2 play b b2\n3 genmove w\n4 undo\n5 showboard\n6 legal_moves\n",
		"game domination\nplay 2-5\ngenmove\ngenmove\nplay chance 0-0\nfinal_result\n",
		"game focus(players=4,teams=true)\ngenmove\ngenmove C\nto_move\nposition\n",
		"game explocus(rows=3,cols=3)\nposition ..A/.B./... A 0\ngenmove\nclear_board\n",
		"game hex(size=2)\ngenmove\ngenmove\ngenmove\ngenmove\nfinal_result\nundo\nundo\n",
		"movetime 0.001\ntime_left b 10 0\ngame hex\ntime_left b 0.5 3\ngenmove b\n",
		"\x00\x01game\thex # comment\r\n\x7f\n   \n123\n1234567890 name\nquit\nname\n",
		"play\nplay a b c\ngenmove a b\nposition \xff\xfe\ngame \x1b[31m\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		if len(input) > 4*protocol.MaxLine {
			return
		}
		srv := &protocol.Server{NewBot: protocol.BotFactory("random", bot.Options{Seed: 1})}
		var out bytes.Buffer
		if err := srv.Serve(context.Background(), bytes.NewReader(input), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		got := replies(t, out.String())
		// Count the requests the server must answer: lines holding a
		// command or an id, up to quit; an overlong line gets a reply too.
		want := 0
		for _, line := range strings.Split(string(input), "\n") {
			if len(line)+1 > protocol.MaxLine {
				want++
				continue
			}
			if i := strings.IndexByte(line, '#'); i >= 0 {
				line = line[:i]
			}
			fields := strings.Fields(strings.Map(func(r rune) rune {
				if r == '\t' {
					return ' '
				}
				if r < ' ' || r == 0x7f {
					return -1
				}
				return r
			}, line))
			if len(fields) == 0 {
				continue
			}
			want++
			if fields[0] == "quit" || len(fields) > 1 && fields[1] == "quit" && isDigits(fields[0]) {
				break
			}
		}
		if len(got) != want {
			t.Fatalf("%d replies to %d requests:\n%q\n%q", len(got), want, input, got)
		}
	})
}

func isDigits(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
