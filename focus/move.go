package focus

import (
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Move is a Focus move packed in 32 bits. A stack move is from<<6 | to
// (the number of pieces moved is the distance); a drop has the drop kind
// in bits 24..27, the square in bits 0..5, and in bits 12..14 either 0
// (the mover's own colour) or 1 + the colour of another seat's piece
// (team play). The integer order is the canonical order: stack moves by
// origin then destination square (a1 = 0 ... h8 = 63), then drops by
// square.
type Move uint32

const (
	kindShift = 24
	kindStack = 0
	kindDrop  = 1
	kindSwap  = 2
	kindPass  = 4
)

// Pass is the move of a team player with no legal move (R-F8).
const Pass Move = kindPass << kindShift

// NoMove is what the move constructors (StackMove, Drop, SwapMove,
// NowakTurn) return when a square is invalid (NoSquare, or any value
// off the 8×8 grid): no move of any position, refused by Legal and Play
// with the Reason ErrNoSuchSquare. It prints as "?".
const NoMove Move = 1<<32 - 1

// SwapMove returns the opening swap that exchanges the pieces on a and b,
// in either order; NoMove if either square is invalid.
func SwapMove(a, b Square) Move {
	if a|b >= 64 {
		return NoMove
	}
	if b < a {
		a, b = b, a
	}
	return kindSwap<<kindShift | Move(a)<<6 | Move(b)
}

// IsSwap reports whether m is an opening swap; From and To give its
// squares, the lower first.
func (m Move) IsSwap() bool { return m>>kindShift == kindSwap }

// StackMove returns the move of the top pieces of from onto to; the
// number of pieces is the distance. It returns NoMove if either square is
// invalid.
func StackMove(from, to Square) Move {
	if from|to >= 64 {
		return NoMove
	}
	return Move(from)<<6 | Move(to)
}

// Drop returns the drop of one of the mover's reserve pieces on to, or
// NoMove if to is invalid.
func Drop(to Square) Move {
	if to >= 64 {
		return NoMove
	}
	return kindDrop<<kindShift | Move(to)
}

// IsDrop reports whether m is a drop.
func (m Move) IsDrop() bool { return m>>kindShift == kindDrop }

// From returns the origin of a stack move.
func (m Move) From() Square { return Square(m >> 6 & 63) }

// To returns the destination of a stack move or the square of a drop.
func (m Move) To() Square { return Square(m & 63) }

// dropColor returns 0 for a drop of the mover's colour, or 1 + the colour.
func (m Move) dropColor() int { return int(m >> 12 & 7) }

// Count returns the number of pieces a stack move takes: its distance.
func (m Move) Count() int {
	from, to := m.From(), m.To()
	if d := from.file() - to.file(); d != 0 {
		return max(d, -d)
	}
	return max(from.rank()-to.rank(), to.rank()-from.rank())
}

// String returns the move in notation: "c3-c5", "*d4", "c3<>d3", "pass",
// "*d4,c3-c5"; "?" for NoMove, and "Move(N)" for a value no constructor
// returns (an integer converted to a Move).
func (m Move) String() string {
	if m == NoMove {
		return "?"
	}
	if !m.wellFormed() {
		return "Move(" + strconv.FormatUint(uint64(m), 10) + ")"
	}
	switch m >> kindShift {
	case kindStack:
		return m.From().String() + "-" + m.To().String()
	case kindSwap:
		return m.From().String() + "<>" + m.To().String()
	case kindPass:
		if m == Pass {
			return "pass"
		}
	case kindNowak:
		return "*" + m.NowakDrop().String() + "," + m.From().String() + "-" + m.To().String()
	case kindDrop:
		if c := m.dropColor(); c > 0 {
			return string(rune('A'+c-1)) + "*" + m.To().String()
		}
		return "*" + m.To().String()
	}
	return "Move(" + strconv.FormatUint(uint64(m), 10) + ")"
}

// wellFormed reports whether m is a value the constructors can return
// (NoMove aside): a Move converted from an integer with stray bits must
// not print as a move it is not (Legal refuses it in any case).
func (m Move) wellFormed() bool {
	switch m >> kindShift {
	case kindStack:
		return m < 1<<12
	case kindSwap:
		return m&^(kindSwap<<kindShift|1<<12-1) == 0 && m.From() <= m.To()
	case kindNowak:
		return m&^(kindNowak<<kindShift|1<<18-1) == 0
	case kindDrop:
		return m&^(kindDrop<<kindShift|7<<12|63) == 0 && m.dropColor() <= 4
	case kindPass:
		return m == Pass
	}
	return false
}

var grid = notation.Grid{Files: 8, Ranks: 8, Orientation: notation.RanksUp}

func parseSquare(s string, at int, whole string) (Square, int, error) {
	x, y, n, err := grid.ParseSquarePrefix(s)
	if err != nil {
		se := err.(*rules.SyntaxError)
		return 0, 0, &rules.SyntaxError{What: "focus move", Input: whole, Offset: at + se.Offset, Msg: se.Msg}
	}
	return NewSquare(x, 7-y), n, nil
}

// MarshalText implements encoding.TextMarshaler: the move's notation.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler. Without a position
// there is no mover, so "A*d4" reads as a drop of A's colour by another
// seat, as String writes it; the mover's own drop is "*d4".
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := parseMove(string(text), rules.Terminal)
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// ParseMove reads a move: "c3-c5" (a stack move; the number of pieces is
// the distance), "*d4" (a drop of the mover's colour) or "c3<>d3" (an
// opening swap; either order). "A*d4" names the
// colour dropped; it is read as "*d4" when it is the mover's own. Squares
// must lie on the 8×8 grid; whether they are on the board, and whether the
// move is legal, is Legal's job.
func (p state) ParseMove(s string) (Move, error) { return parseMove(s, p.ToMove()) }

// parseMove reads a move for mover (Terminal when there is none).
func parseMove(s string, mover rules.Player) (Move, error) {
	fail := func(at int, msg string) (Move, error) {
		return 0, &rules.SyntaxError{What: "focus move", Input: s, Offset: at, Msg: msg}
	}
	if s == "" {
		return fail(0, "empty move")
	}
	if strings.EqualFold(s, "pass") {
		return Pass, nil
	}
	if at, msg := notation.NotAMove(s, "the only word is pass; a move is written like c3-c5, *d4 or c3<>d3"); msg != "" {
		return fail(at, msg)
	}
	if drop, move, ok := strings.Cut(s, ","); ok {
		d, err := parseMove(drop, mover)
		if err != nil || !d.IsDrop() || d.dropColor() != 0 || strings.Contains(move, ",") {
			return fail(0, "a Nowak turn is a drop, a comma and a move, e.g. *d4,c3-c5")
		}
		mv, err := parseMove(move, mover)
		if err != nil || mv>>kindShift != kindStack {
			return fail(len(drop)+1, "a Nowak turn is a drop, a comma and a move, e.g. *d4,c3-c5")
		}
		return NowakTurn(d.To(), mv.From(), mv.To()), nil
	}
	if star := indexByte(s, '*'); star >= 0 {
		color := 0
		switch star {
		case 0:
		case 1:
			seat, ok := rules.SeatFromLetter(s[0])
			if !ok {
				return fail(0, "a drop is *d4, or a seat letter then *d4")
			}
			if seat != mover {
				color = 1 + int(seat)
			}
		default:
			return fail(0, "a drop is *d4, or a seat letter then *d4")
		}
		to, n, err := parseSquare(s[star+1:], star+1, s)
		if err != nil {
			return 0, err
		}
		if star+1+n != len(s) {
			return fail(star+1+n, "unexpected text after the square")
		}
		return Drop(to) | Move(color)<<12, nil
	}
	from, n, err := parseSquare(s, 0, s)
	if err != nil {
		return 0, err
	}
	if strings.HasPrefix(s[n:], "<>") {
		other, m, err := parseSquare(s[n+2:], n+2, s)
		if err != nil {
			return 0, err
		}
		if n+2+m != len(s) {
			return fail(n+2+m, "unexpected text after the swap")
		}
		return SwapMove(from, other), nil
	}
	if n >= len(s) || s[n] != '-' {
		return fail(n, "a move is from-to, e.g. c3-c5, a drop, e.g. *d4, or a swap, e.g. c3<>d3")
	}
	to, m, err := parseSquare(s[n+1:], n+1, s)
	if err != nil {
		return 0, err
	}
	if n+1+m != len(s) {
		return fail(n+1+m, "unexpected text after the move")
	}
	return StackMove(from, to), nil
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
