package domination

import (
	"strconv"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Move is either a draw (the outcome of a chance node) or a whole turn.
// A turn is packed from1<<18 | to1<<12 | from2<<6 | to2: the first step,
// then the second. A draw has the draw kind in bit 28 and the tile in the
// low bits. The integer order is the canonical order: turns by first
// origin, first destination, second origin, second destination; draws by
// tile. Build moves with Turn and Draw, or read them with ParseMove.
type Move uint32

const drawFlag Move = 1 << 28

// NoMove is no move: what Turn and Draw return when given a square or a
// tile that does not exist. It is never legal: Legal and Play refuse it
// with ErrNoSuchMove (Kind rules.ErrIllegal) at every node of a game, and
// PlayUnchecked ignores it. Its String is "?".
const NoMove Move = 1<<32 - 1

// Turn returns the turn whose first step goes from1-to1 and second from2-to2,
// or NoMove if any of the four is not a square of the board (NoSquare):
// squares are never wrapped onto others.
func Turn(from1, to1, from2, to2 Square) Move {
	if from1|to1|from2|to2 >= 64 {
		return NoMove
	}
	return Move(from1)<<18 | Move(to1)<<12 | Move(from2)<<6 | Move(to2)
}

// Draw returns the chance outcome that draws tile t, or NoMove if t is
// not a domino of the set (NoTile).
func Draw(t Tile) Move {
	if t >= NumTiles {
		return NoMove
	}
	return drawFlag | Move(t)
}

// turn and draw are Turn and Draw for the move generator, whose squares
// (from bitboards that are not empty) and tiles (from the pool) are
// valid: no check in the innermost loops.
func turn(from1, to1, from2, to2 Square) Move {
	return Move(from1)<<18 | Move(to1)<<12 | Move(from2)<<6 | Move(to2)
}

func draw(t Tile) Move { return drawFlag | Move(t) }

// IsDraw reports whether m is the draw of a tile, as Draw builds it.
func (m Move) IsDraw() bool { return m&^31 == drawFlag && m&31 < NumTiles }

// IsTurn reports whether m is a turn, as Turn builds it (whether or not
// it is legal anywhere).
func (m Move) IsTurn() bool { return m>>24 == 0 }

// Tile returns the tile of a draw, or NoTile if m is no draw.
func (m Move) Tile() Tile {
	if !m.IsDraw() {
		return NoTile
	}
	return Tile(m & 31)
}

// Steps returns the two steps of a turn: first from1-to1, then from2-to2;
// four NoSquares if m is no turn (a draw, NoMove).
func (m Move) Steps() (from1, to1, from2, to2 Square) {
	if !m.IsTurn() {
		return NoSquare, NoSquare, NoSquare, NoSquare
	}
	return m.steps()
}

// steps decodes a turn's squares (the low 24 bits of any move).
func (m Move) steps() (from1, to1, from2, to2 Square) {
	return Square(m >> 18 & 63), Square(m >> 12 & 63), Square(m >> 6 & 63), Square(m & 63)
}

// String returns "2-5" for a draw and "d4-b4,e5-e8" for a turn; NoMove
// is "?", and any other value that is neither "Move(N)".
func (m Move) String() string {
	switch {
	case m == NoMove:
		return "?"
	case m.IsDraw():
		return m.Tile().String()
	case !m.IsTurn():
		return "Move(" + strconv.FormatUint(uint64(m), 10) + ")"
	}
	f1, t1, f2, t2 := m.steps()
	return f1.String() + "-" + t1.String() + "," + f2.String() + "-" + t2.String()
}

var grid = notation.Grid{Files: 8, Ranks: 8, Orientation: notation.RanksUp}

// MarshalText implements encoding.TextMarshaler: the move's notation.
func (m Move) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseMove's
// notation.
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := parseMove(string(text))
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// ParseMove reads a draw ("2-5" or "5-2"; 0 is a blank) or a turn
// ("d4-b4,e5-e8": the first step, a comma, the second step). Text it
// cannot read gives NoMove and a *rules.SyntaxError.
func (p Position) ParseMove(s string) (Move, error) { return parseMove(s) }

func parseMove(s string) (Move, error) {
	fail := func(at int, msg string) (Move, error) {
		return NoMove, &rules.SyntaxError{What: "domination move", Input: s, Offset: at, Msg: msg}
	}
	if at, msg := notation.NotAMove(s, "a turn is written like d4-b4,e5-e8 and a draw like 2-5"); msg != "" {
		return fail(at, msg)
	}
	if len(s) == 3 && s[1] == '-' && isDigit(s[0]) && isDigit(s[2]) {
		a, b := int(s[0]-'0'), int(s[2]-'0')
		if a > 6 || b > 6 {
			return fail(0, "domino numbers run from 0 (blank) to 6")
		}
		return Draw(NewTile(a, b)), nil
	}
	var sq [4]Square
	at := 0
	for i := range 4 {
		x, y, n, err := grid.ParseSquarePrefix(s[at:])
		if err != nil {
			if len(s) > 0 && isDigit(s[0]) {
				return fail(0, "a draw is two numbers 0..6 joined by a dash, e.g. 2-5")
			}
			return fail(at, "expected a square (a turn is written like d4-b4,e5-e8)")
		}
		sq[i] = NewSquare(x, 7-y)
		at += n
		want := byte("-,-"[min(i, 2)])
		if i == 3 {
			break
		}
		if at >= len(s) || s[at] != want {
			return fail(at, "expected "+strconv.Quote(string(want))+" (a turn is written like d4-b4,e5-e8)")
		}
		at++
	}
	if at != len(s) {
		return fail(at, "unexpected text after the turn")
	}
	return Turn(sq[0], sq[1], sq[2], sq[3]), nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
