// Package takeaway is a game from outside the SDK's module that
// implements the rules contract alone (rules.Position, no kit) and ends
// for a reason of its own: it proves that such a game registers, opens by
// spec, and plays through Dynamic, records, the engine protocol and the
// bots.
//
// The game: a pile of stones ("takeaway(stones=N)", N from 1 to 99,
// default 10); the seats take 1, 2 or 3 stones in turn, and whoever takes
// the last stone wins (reason "last stone"). A move is the number taken,
// "1" to "3". A position text is the stones left, the seat to move and
// the ply, "7 B 2"; it names no variant (the spec gives the pile).
package takeaway

import (
	"errors"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// LastStone is the reason every game ends for: the winner took the last
// stone. The SDK's root names no such reason.
var LastStone = rules.NewReason("last stone")

// ErrTooMany is the reason Legal refuses taking more stones than are left.
var ErrTooMany = errors.New("more stones than the pile holds")

// Config is the size of the pile.
type Config struct{ Stones int }

// ParseSpec reads "takeaway" or "takeaway(stones=N)".
func ParseSpec(s string) (Config, error) {
	spec, err := notation.ParseSpec(s)
	if err != nil {
		return Config{}, err
	}
	if spec.Game != "takeaway" {
		return Config{}, &notation.SpecError{Spec: s, Msg: "not a takeaway spec"}
	}
	if err := spec.CheckKnown("stones"); err != nil {
		return Config{}, err
	}
	n, err := spec.Int("stones", 10, 1, 99)
	return Config{Stones: n}, err
}

// Start returns the full pile, seat A to move.
func (c Config) Start() Position {
	return Position{left: uint8(c.Stones), pile: uint8(c.Stones), valid: true}
}

// ParsePosition reads a position text, "7 B 2": the stones left (at most
// the pile's), the seat to move (with none left, the seat that took the
// last stone) and the ply (at least the stones taken over 3, at most the
// stones taken).
func (c Config) ParsePosition(text string) (Position, error) {
	fail := func(at int, msg string) (Position, error) {
		return Position{}, &rules.SyntaxError{What: "takeaway position", Input: text, Offset: at, Msg: msg}
	}
	f := strings.Split(text, " ")
	if len(f) != 3 {
		return fail(0, `a position is the stones left, the seat to move and the ply, e.g. "7 B 2"`)
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 0 || n > c.Stones || f[0] != strconv.Itoa(n) {
		return fail(0, "the stones left are 0 to "+strconv.Itoa(c.Stones))
	}
	if f[1] != "A" && f[1] != "B" {
		return fail(len(f[0])+1, `the seat to move is "A" or "B"`)
	}
	taken := c.Stones - n
	ply, err := strconv.Atoi(f[2])
	if err != nil || f[2] != strconv.Itoa(ply) || ply < (taken+2)/3 || ply > taken {
		return fail(len(f[0])+3, "the ply is from the stones taken over 3 to the stones taken")
	}
	return Position{left: uint8(n), turn: f[1][0] - 'A', pile: uint8(c.Stones), plies: uint8(ply), valid: true}, nil
}

// Move is the number of stones taken, 1 to 3.
type Move uint8

// String returns the number, or "?" for a value that is no move.
func (m Move) String() string {
	if m < 1 || m > 3 {
		return "?"
	}
	return strconv.Itoa(int(m))
}

// Position is a pile and the seat to move. The zero value is the inert
// invalid value.
type Position struct {
	left, turn, pile, plies uint8
	valid                   bool
}

// IsValid reports whether p is a position of a game.
func (p Position) IsValid() bool { return p.valid }

// Seats returns 2 (0 for the invalid value).
func (p Position) Seats() int {
	if !p.valid {
		return 0
	}
	return 2
}

// ToMove returns the seat to move, or rules.Terminal once the pile is empty.
func (p Position) ToMove() rules.Player {
	if !p.valid || p.left == 0 {
		return rules.Terminal
	}
	return rules.Player(p.turn)
}

// AppendMoves appends the legal takes, 1 to min(3, stones left).
func (p Position) AppendMoves(buf []Move) []Move {
	for m := Move(1); p.ToMove() != rules.Terminal && m <= 3 && int(m) <= int(p.left); m++ {
		buf = append(buf, m)
	}
	return buf
}

// MaxMoves returns 3.
func (p Position) MaxMoves() int { return 3 }

// AppendChances appends nothing: the game has no chance.
func (p Position) AppendChances(buf []rules.ChanceOutcome[Move]) []rules.ChanceOutcome[Move] {
	return buf
}

// Legal returns nil for a legal take, else a *rules.MoveError.
func (p Position) Legal(m Move) error {
	switch {
	case !p.valid:
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrNoGame}
	case p.left == 0:
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	case m < 1 || m > 3 || int(m) > int(p.left):
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: ErrTooMany}
	}
	return nil
}

// PlayUnchecked takes m stones; an illegal m leaves p as it is.
func (p Position) PlayUnchecked(m Move) Position {
	if p.Legal(m) != nil {
		return p
	}
	p.left -= uint8(m)
	p.plies++
	if p.left > 0 {
		p.turn = 1 - p.turn
	}
	return p
}

// Outcome: the seat that took the last stone (the last to move) wins.
func (p Position) Outcome() rules.Outcome {
	switch {
	case !p.valid:
		return rules.Outcome{Reason: rules.Invalid}
	case p.left == 0:
		return rules.Win(2, LastStone, rules.Player(p.turn))
	}
	return rules.Outcome{}
}

// CanEnd reports whether o is a win of one of the two seats.
func (p Position) CanEnd(o rules.Outcome) bool {
	_, single := o.Winner()
	return p.valid && o.Seats() == 2 && single
}

// Hash returns a hash of the pile, the stones left and the seat to move.
func (p Position) Hash() uint64 {
	if !p.valid {
		return 0
	}
	return uint64(int(p.pile))<<16 | uint64(p.left)<<8 | uint64(p.turn) | 1<<32
}

// ParseMove reads "1", "2" or "3".
func (p Position) ParseMove(s string) (Move, error) {
	if s != "1" && s != "2" && s != "3" {
		return 0, &rules.SyntaxError{What: "takeaway move", Input: s, Msg: `a move is "1", "2" or "3"`}
	}
	return Move(s[0] - '0'), nil
}

// Spec returns "takeaway(stones=N)".
func (p Position) Spec() string {
	if !p.valid {
		return ""
	}
	return "takeaway(stones=" + strconv.Itoa(int(p.pile)) + ")"
}

// String returns the position text, e.g. "7 B 2".
func (p Position) String() string {
	if !p.valid {
		return "<invalid takeaway position>"
	}
	return strconv.Itoa(int(p.left)) + " " + string(rune('A'+p.turn)) + " " + strconv.Itoa(int(p.plies))
}

// Ply returns the moves played.
func (p Position) Ply() int { return int(p.plies) }

// The one registration: the game joins every program that links this
// package.
func init() {
	g := rules.MakeGame("takeaway", ParseSpec, Config.Start, Config.ParsePosition)
	g.Title, g.Doc = "Take-away", "Take 1 to 3 stones in turn; whoever takes the last stone wins."
	g.Variants = []rules.Variant{{Spec: "takeaway(stones=10)", Label: "10 stones"}, {Spec: "takeaway(stones=21)", Label: "21 stones"}}
	g.Options = []rules.Option{{Name: "stones", Kind: rules.OptionInt, Min: 1, Max: 99, Default: "10", Doc: "the stones in the pile"}}
	rules.Register(g)
}
