// Package testgame is a game for the tests of the module's tools and
// registries, and nothing else: tic-tac-toe on an N×N board (spec
// "tictactoe(size=N)", N from 3 to 5), N in a row wins, a full board
// without a line is a draw. X (seat A) moves first; a move names the
// empty square it takes, "b2".
//
// It implements the rules contract alone, rules.Position, as a game from
// another module may (conformance.RunRules passes, the zero value is the
// inert invalid value; it has no search-and-learning kit, so the bots
// play it with random playouts), registers itself with
// rules.Register (title, doc, variants and options), describes its seats
// (rules.Describer), draws a text diagram (rules.Diagrammer) and registers
// an SVG renderer with package picture. So a test that imports it for its
// side effect alone,
//
//	import _ "github.com/tabletop-go/rules/internal/testgame"
//
// proves that a program finds a game through the registries with no
// code of its own for it: a fifth game needs nothing else. It is under
// internal/ and only tests import it, so no program offers it.
//
// A position text lists the ranks from the top (rank N first), separated
// by "/", each square X, O or "." (empty), then a space and the seat to
// move by the count of the pieces (A or B): "X.O/.X./... B". The ranks
// give the size, so a text needs no spec.
//
// A win ends with the game's own reason, Line (the mover completed a line
// of N); a draw with rules.NoLegalMove (no square is left).
package testgame

import (
	"errors"
	"strconv"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/zobrist"
	"github.com/tabletop-go/rules/notation"
)

// Name is the game's name in a spec.
const Name = "tictactoe"

// MinSize and MaxSize bound the board's side.
const (
	MinSize = 3
	MaxSize = 5
)

// MaxMoves bounds the legal moves of any position: one per square.
const MaxMoves = MaxSize * MaxSize

// The game's reasons for refusing a move (errors.Is matches them on a
// *rules.MoveError).
var (
	ErrOccupied = errors.New("the square is taken")
	ErrOffBoard = errors.New("the square is off the board")
)

// Config selects the board's side.
type Config struct {
	// Size is the side of the board, MinSize to MaxSize: Size in a row
	// wins.
	Size int
}

// Default is the configuration of a bare "tictactoe" spec: 3×3.
var Default = Config{Size: 3}

// ParseSpec reads a spec such as "tictactoe" or "tictactoe(size=4)".
func ParseSpec(s string) (Config, error) {
	spec, err := notation.ParseSpec(s)
	if err != nil {
		return Config{}, err
	}
	return FromSpec(spec)
}

// FromSpec reads the options of a parsed spec, which must name tictactoe.
func FromSpec(spec notation.Spec) (Config, error) {
	if spec.Game != Name {
		return Config{}, &notation.SpecError{Spec: spec.String(), Msg: "not a tictactoe spec"}
	}
	if err := spec.CheckKnown("size"); err != nil {
		return Config{}, err
	}
	n, err := spec.Int("size", Default.Size, MinSize, MaxSize)
	if err != nil {
		return Config{}, err
	}
	return Config{Size: n}, nil
}

// Validate reports a Size outside MinSize..MaxSize.
func (c Config) Validate() error {
	if c.Size < MinSize || c.Size > MaxSize {
		return &notation.SpecError{Spec: c.String(), Option: "size",
			Msg: "size must be from " + strconv.Itoa(MinSize) + " to " + strconv.Itoa(MaxSize) + ", not " + strconv.Itoa(c.Size)}
	}
	return nil
}

// String returns the canonical spec, "tictactoe(size=3)".
func (c Config) String() string { return Name + "(size=" + strconv.Itoa(c.Size) + ")" }

// Start returns the empty board, or the invalid value for a configuration
// Validate refuses.
func (c Config) Start() Position {
	if c.Validate() != nil {
		return Position{}
	}
	return Position{size: uint8(c.Size), hash: keys.size[c.Size]}
}

// New returns the start of the default game.
func New() Position { return Default.Start() }

// Move is a square to take: rank·MaxSize + file, whatever the board's
// size, so that moves print without their position.
type Move uint8

// NoMove is what NewMove returns for coordinates off every board.
const NoMove Move = 0xFF

// NewMove returns the move that takes the square of file and rank
// (counted from 0: a1 is 0, 0), or NoMove off the largest board.
func NewMove(file, rank int) Move {
	if file < 0 || rank < 0 || file >= MaxSize || rank >= MaxSize {
		return NoMove
	}
	return Move(rank*MaxSize + file)
}

// File and Rank return the move's coordinates, counted from 0.
func (m Move) File() int { return int(m) % MaxSize }

// Rank returns the move's rank, counted from 0 (rank 1 is 0).
func (m Move) Rank() int { return int(m) / MaxSize }

// String returns the square, e.g. "b2", or "?" for a value that is no
// square of the largest board.
func (m Move) String() string {
	if m >= MaxMoves {
		return "?"
	}
	return string([]byte{'a' + byte(m.File()), '1' + byte(m.Rank())})
}

// MarshalText implements encoding.TextMarshaler; it refuses a value that
// is no square.
func (m Move) MarshalText() ([]byte, error) {
	if m >= MaxMoves {
		return nil, &rules.SyntaxError{What: "tictactoe move", Input: strconv.Itoa(int(m)), Msg: "no square"}
	}
	return []byte(m.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseMove.
func (m *Move) UnmarshalText(text []byte) error {
	mv, err := ParseMove(string(text))
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// ParseMove reads a square of the largest board, "a1" to "e5" (in either
// case); whether it is on a smaller board is Legal's question.
func ParseMove(s string) (Move, error) {
	fail := func(at int, msg string) (Move, error) {
		return NoMove, &rules.SyntaxError{What: "tictactoe move", Input: s, Offset: at, Msg: msg}
	}
	if at, msg := notation.NotAMove(s, "a move is a square, e.g. b2"); msg != "" {
		return fail(at, msg)
	}
	if len(s) != 2 {
		return fail(0, "a move is a square, a file a to e and a rank 1 to 5, e.g. b2")
	}
	f := s[0] | 0x20
	if f < 'a' || f >= 'a'+MaxSize {
		return fail(0, "the file is a letter a to e")
	}
	if s[1] < '1' || s[1] >= '1'+MaxSize {
		return fail(1, "the rank is a digit 1 to 5")
	}
	return NewMove(int(f-'a'), int(s[1]-'1')), nil
}

// Line is the reason a won game ends for: the mover completed a line of
// N, a reason the root package does not name.
var Line = rules.NewReason("line of n")

// Position is a board and whose turn it is. The zero value is the
// invalid value of the rules.Position contract.
type Position struct {
	cells [MaxMoves]uint8 // by Move: 0 empty, 1 X (seat A), 2 O (seat B)
	size  uint8           // 0: the invalid value
	ply   uint8
	end   uint8 // 0 going on, 1 A has a line, 2 B has one, 3 a full board
	hash  uint64
}

// keys are the Zobrist keys: one per board size, one per square and piece.
var keys = func() (k struct {
	size  [MaxSize + 1]uint64
	piece [MaxMoves][2]uint64
}) {
	src := zobrist.New(0x7e57_6a3e)
	for i := range k.size {
		k.size[i] = src.Next() | 1 // never 0: a game's hash is not the invalid value's
	}
	for i := range k.piece {
		k.piece[i] = [2]uint64{src.Next(), src.Next()}
	}
	return k
}()

// IsValid reports whether p is a position of a game.
func (p Position) IsValid() bool { return p.size != 0 }

// Config returns the variant.
func (p Position) Config() Config { return Config{Size: int(p.size)} }

// Size returns the files and ranks of the board.
func (p Position) Size() (files, ranks int) { return int(p.size), int(p.size) }

// Seats returns 2, or 0 for the invalid value.
func (p Position) Seats() int {
	if !p.IsValid() {
		return 0
	}
	return 2
}

// ToMove returns the seat to move, or rules.Terminal once the game is over.
func (p Position) ToMove() rules.Player {
	if !p.IsValid() || p.end != 0 {
		return rules.Terminal
	}
	return rules.Player(p.ply % 2)
}

// At returns the seat whose piece stands on the square of m, or false.
func (p Position) At(m Move) (rules.Player, bool) {
	if m >= MaxMoves || p.cells[m] == 0 {
		return 0, false
	}
	return rules.Player(p.cells[m] - 1), true
}

// MaxMoves returns MaxMoves.
func (p Position) MaxMoves() int { return MaxMoves }

// AppendMoves appends the empty squares of the board, in ascending order.
func (p Position) AppendMoves(buf []Move) []Move {
	if p.ToMove() == rules.Terminal {
		return buf
	}
	n := int(p.size)
	for rank := range n {
		for file := range n {
			if m := NewMove(file, rank); p.cells[m] == 0 {
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// AppendChances appends nothing: the game has no chance.
func (p Position) AppendChances(buf []rules.ChanceOutcome[Move]) []rules.ChanceOutcome[Move] {
	return buf
}

// onBoard reports whether m is a square of p's board.
func (p Position) onBoard(m Move) bool {
	return m < MaxMoves && m.File() < int(p.size) && m.Rank() < int(p.size)
}

// Legal returns nil if m takes an empty square, else a *rules.MoveError.
func (p Position) Legal(m Move) error {
	switch {
	case !p.IsValid():
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrNoGame}
	case p.end != 0:
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrGameOver}
	case !p.onBoard(m):
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: ErrOffBoard}
	case p.cells[m] != 0:
		return &rules.MoveError{Move: m.String(), Kind: rules.ErrIllegal, Reason: ErrOccupied}
	}
	return nil
}

// PlayUnchecked plays m without checking it: it never panics, and leaves
// the invalid value and a square off the board as they are.
func (p Position) PlayUnchecked(m Move) Position {
	if !p.onBoard(m) || p.cells[m] != 0 || p.end != 0 {
		return p
	}
	seat := p.ply % 2
	p.cells[m] = seat + 1
	p.hash ^= keys.piece[m][seat]
	p.ply++
	switch {
	case p.lineThrough(m):
		p.end = seat + 1
	case int(p.ply) == int(p.size)*int(p.size):
		p.end = 3
	}
	return p
}

// lineThrough reports whether the piece on m completes a line of the
// board's size: its rank, its file or a diagonal it lies on.
func (p Position) lineThrough(m Move) bool {
	n, piece := int(p.size), p.cells[m]
	f, r := m.File(), m.Rank()
	full := func(df, dr, f0, r0 int) bool {
		for i := range n {
			if p.cells[NewMove(f0+i*df, r0+i*dr)] != piece {
				return false
			}
		}
		return true
	}
	return full(1, 0, 0, r) || full(0, 1, f, 0) ||
		f == r && full(1, 1, 0, 0) || f+r == n-1 && full(1, -1, 0, n-1)
}

// Outcome returns the result: a win by a line, a draw on a full board.
func (p Position) Outcome() rules.Outcome {
	switch {
	case !p.IsValid():
		return rules.Outcome{Reason: rules.Invalid}
	case p.end == 1 || p.end == 2:
		return rules.Win(2, Line, rules.Player(p.end-1))
	case p.end == 3:
		return rules.Draw(2, rules.NoLegalMove)
	}
	return rules.Outcome{}
}

// CanEnd reports whether a two-seat game can end with o's scores: a win
// of either seat, or a draw.
func (p Position) CanEnd(o rules.Outcome) bool {
	if !p.IsValid() || o.Seats() != 2 {
		return false
	}
	if _, ok := o.Winner(); ok {
		return true
	}
	return o.Score(0) == 0.5 && o.Score(1) == 0.5
}

// Ply returns the number of moves played.
func (p Position) Ply() int { return int(p.ply) }

// Hash returns the position's Zobrist hash (0 for the invalid value).
func (p Position) Hash() uint64 { return p.hash }

// ParseMove reads a move (see the package-level ParseMove).
func (p Position) ParseMove(s string) (Move, error) { return ParseMove(s) }

// Spec returns the canonical spec, or "" for the invalid value.
func (p Position) Spec() string {
	if !p.IsValid() {
		return ""
	}
	return p.Config().String()
}
