package rules

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The kinds of move errors. Test for them with errors.Is.
var (
	// ErrIllegal: the move is not legal in this position.
	ErrIllegal = errors.New("illegal move")
	// ErrGameOver: the game has ended; no move is legal.
	ErrGameOver = errors.New("game is over")
	// ErrWrongNode: a decision was given at a chance node or a chance
	// outcome at a decision node.
	ErrWrongNode = errors.New("wrong kind of node")
	// ErrSyntax: text could not be read; the error is a *SyntaxError.
	ErrSyntax = errors.New("syntax error")
	// ErrNoGame: the position is the inert invalid value (a zero
	// Position, or what a failed parse or Start of an invalid
	// configuration returns), not a position of any game.
	ErrNoGame = errors.New("not a game (a zero or invalid position)")
	// ErrBadSpec: a game spec could not be read or names no variant of
	// its game (a *SyntaxError or a notation.SpecError).
	ErrBadSpec = errors.New("bad game spec")
	// ErrBadPosition: a position text could not be read, or is no
	// position its game can reach (a *SyntaxError).
	ErrBadPosition = errors.New("bad position")
	// ErrOutOfRange: an index (an action, a chance action, a symmetry, a
	// game of a Batch) outside its range; the error is a *RangeError.
	ErrOutOfRange = errors.New("index out of range")
	// ErrNotSupported: the game does not have what the call needs (the
	// search-and-learning kit of a game that implements only the rules);
	// the error is a *NotSupportedError.
	ErrNotSupported = errors.New("not supported by this game")
)

// NotSupportedError reports a call a game cannot serve: a kit method of
// a game that implements only the rules (see Kit). It matches
// ErrNotSupported with errors.Is.
type NotSupportedError struct {
	// Game is the game's name, e.g. "tictactoe"; What the call, e.g.
	// "Dynamic.PlayAction (the search-and-learning kit)".
	Game, What string
}

// Error returns e.g. "rules: tictactoe does not support Dynamic.PlayAction
// (the search-and-learning kit)".
func (e *NotSupportedError) Error() string {
	return "rules: " + e.Game + " does not support " + e.What
}

// Is makes errors.Is(err, ErrNotSupported) true.
func (e *NotSupportedError) Is(target error) bool { return target == ErrNotSupported }

// RangeError reports an index outside [0, N). It matches ErrOutOfRange
// with errors.Is.
type RangeError struct {
	// What names the index: "action", "chance action", "symmetry", "game".
	What     string
	Index, N int
}

// Error returns e.g. "rules: action index 500 is outside [0, 122)".
func (e *RangeError) Error() string {
	return "rules: " + e.What + " index " + strconv.Itoa(e.Index) + " is outside [0, " + strconv.Itoa(e.N) + ")"
}

// Is makes errors.Is(err, ErrOutOfRange) true.
func (e *RangeError) Is(target error) bool { return target == ErrOutOfRange }

// MoveError reports a move that cannot be played. errors.Is matches both
// its Kind (ErrIllegal, ErrGameOver, ErrWrongNode, ErrNoGame) and its game-specific
// Reason (such as hex.ErrOccupied).
type MoveError struct {
	// Move is the move in the game's notation.
	Move string
	// Kind is ErrIllegal, ErrGameOver, ErrWrongNode or ErrNoGame.
	Kind error
	// Reason is the game's own explanation, e.g. "cell is occupied"; it
	// may be nil when Kind says it all.
	Reason error
}

// Error returns e.g. "c3: illegal move: cell is occupied". A Move that
// is long or holds anything but printable ASCII is shown quoted and cut
// short, so the message is safe to print.
func (e *MoveError) Error() string {
	var b strings.Builder
	if e.Move != "" {
		b.WriteString(shown(e.Move))
		b.WriteString(": ")
	}
	if e.Kind != nil {
		b.WriteString(e.Kind.Error())
	} else {
		b.WriteString("bad move")
	}
	if e.Reason != nil {
		b.WriteString(": ")
		b.WriteString(e.Reason.Error())
	}
	return b.String()
}

// Why returns the most specific explanation: the Reason if there is one,
// else the Kind.
func (e *MoveError) Why() string {
	if e.Reason != nil {
		return e.Reason.Error()
	}
	if e.Kind != nil {
		return e.Kind.Error()
	}
	return "bad move"
}

// Unwrap exposes Kind and Reason to errors.Is and errors.As.
func (e *MoveError) Unwrap() []error {
	errs := make([]error, 0, 2)
	if e.Kind != nil {
		errs = append(errs, e.Kind)
	}
	if e.Reason != nil {
		errs = append(errs, e.Reason)
	}
	return errs
}

// SyntaxError reports text that could not be read: what was being read,
// the whole input, the byte offset of the problem and what was wrong.
type SyntaxError struct {
	// What names the thing being read: "move", "position", "spec"...
	What string
	// Input is the text being read; for a multi-line stream, the line
	// that holds the error.
	Input string
	// Line is the 1-based line number in a multi-line stream, 0 otherwise.
	Line int
	// Offset is the byte offset in Input where the problem starts.
	Offset int
	// Msg says what was wrong there.
	Msg string
	// Kind is ErrBadSpec for a game spec and ErrBadPosition for a
	// position text (errors.Is matches it), nil for other text.
	Kind error
}

// Error returns e.g. `hex position "7/7 w -" at offset 3: the board has 2
// rows and the last has 7 cells; want 7 rows of 7`.
func (e *SyntaxError) Error() string {
	var b strings.Builder
	if e.What != "" {
		b.WriteString(e.What)
		b.WriteByte(' ')
	}
	in := e.Input
	const maxShown = 80
	if len(in) > maxShown {
		// Show a window around the offset of a long input.
		from := max(0, min(e.Offset, len(in))-maxShown/2)
		to := min(len(in), from+maxShown)
		window := in[from:to]
		if from > 0 {
			window = "..." + window
		}
		if to < len(in) {
			window += "..."
		}
		in = window
	}
	if e.Line > 0 {
		b.WriteString("line ")
		b.WriteString(strconv.Itoa(e.Line))
		b.WriteByte(' ')
	}
	b.WriteString(strconv.Quote(in))
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	b.WriteString(": ")
	msg := e.Msg
	const maxMsg = 240
	if len(msg) > maxMsg {
		msg = msg[:maxMsg] + "..." // a message quoting a long piece of input
	}
	b.WriteString(msg)
	return b.String()
}

// Is makes errors.Is(err, ErrSyntax) true for every *SyntaxError, and
// errors.Is(err, e.Kind) true when Kind is set.
func (e *SyntaxError) Is(target error) bool {
	return target == ErrSyntax || e.Kind != nil && target == e.Kind
}

// shown returns s as an error message may show text from a stranger: as
// it is when it is at most 40 bytes of printable ASCII without spaces,
// otherwise quoted with Go escapes (no control character survives) and
// cut to its first 40 bytes, e.g. "\"a1\\x1b[31m\"".
func shown(s string) string {
	const maxShown = 40
	plain := len(s) <= maxShown
	for i := 0; plain && i < len(s); i++ {
		plain = s[i] > ' ' && s[i] < 0x7f && s[i] != '"'
	}
	switch {
	case plain:
		return s
	case len(s) > maxShown:
		return strconv.Quote(s[:maxShown]) + "..."
	}
	return strconv.Quote(s)
}

// NoGameError reports the invalid value of a game's position where a
// position of a game is needed (Erase, a bot asked to move). It matches
// ErrNoGame with errors.Is.
type NoGameError struct {
	// Type names the position's type, e.g. "hex.Position".
	Type string
}

// Error returns e.g. "hex.Position: not a game (a zero or invalid position)".
func (e *NoGameError) Error() string { return e.Type + ": " + ErrNoGame.Error() }

// Is makes errors.Is(err, ErrNoGame) true.
func (e *NoGameError) Is(target error) bool { return target == ErrNoGame }

// typeName returns the package-qualified type name of v, e.g.
// "hex.Position".
func typeName(v any) string {
	name := fmt.Sprintf("%T", v)
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return name
}
