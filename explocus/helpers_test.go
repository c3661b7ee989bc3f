package explocus

import (
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

func mustPlay[P anyPosition[P]](t testing.TB, p P, moves ...string) P {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", s, err)
		}
		p, err = p.Play(m)
		if err != nil {
			t.Fatalf("Play(%q): %v\n%s", s, err, p.Diagram())
		}
	}
	return p
}

// parse reads a position whose board rows are given top first.
func parse(t testing.TB, seat string, rows ...string) Position {
	t.Helper()
	p, err := ParsePosition(strings.Join(rows, "/") + " " + seat + " 0")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return p
}

func board[P interface{ String() string }](p P) string {
	_, rest, _, _ := notation.CutSpec(p.String())
	return strings.Fields(rest)[0]
}

// sq is NewSquare(file, rank).
func sq(file, rank int) Square { return NewSquare(file, rank) }

// anyPosition is what the tests need of either position type.
type anyPosition[P any] interface {
	rules.Kit[P, Move]
	Play(Move) (P, error)
	Config() Config
	At(Square) (rules.Player, int)
	Men(rules.Player) int
	OnBoard(Square) bool
	Capacity(Square) int
	Size() (int, int)
	Turn() rules.Player
	Diagram() string
	AppendText([]byte) []byte
	MarshalText() ([]byte, error)
	core() state
}

// core returns the shared board of either type, for tests that read its
// fields.
func (p state) core() state { return p }

// startState is the start of c, on either board, as the board state
// both types share: for tests of the methods they have in common.
func startState(c Config) state {
	if c.IsHex() {
		return c.StartHex().state
	}
	return c.Start().state
}

// reparse reads text as a position of p's type and configuration.
func reparse[P any](p P, text string) (P, error) {
	var q any
	var err error
	switch p := any(p).(type) {
	case Position:
		q, err = p.Config().ParsePosition(text)
	case HexPosition:
		q, err = p.Config().ParseHexPosition(text)
	}
	return q.(P), err
}

// parseState reads text for c, on either board, as the board state both
// types share, as c.ParsePosition or c.ParseHexPosition reads it.
func parseState(c Config, text string) (state, error) {
	if c.IsHex() {
		p, err := c.ParseHexPosition(text)
		return p.state, err
	}
	p, err := c.ParsePosition(text)
	return p.state, err
}

// playState plays m on the board state, as both types' PlayUnchecked do.
func playState(p state, m Move) state {
	p.apply(m)
	return p
}
