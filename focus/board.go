package focus

import (
	"math/bits"

	"github.com/tabletop-go/rules"
)

// Square is a square of the 8×8 grid: rank*8 + file, with a1 = 0, h1 = 7,
// a8 = 56, or NoSquare. Twelve corner squares of the grid are not part of
// the board: they are valid squares (IsValid), but not OnBoard.
type Square uint8

// NoSquare is what NewSquare returns for coordinates off the 8×8 grid. It
// is not a square (IsValid reports false), it prints as "?", and every
// move built from it is NoMove.
const NoSquare Square = 0xFF

// NewSquare returns the square on file (0 = a) and rank (0 = rank 1), or
// NoSquare if either is outside 0..7: coordinates never wrap onto another
// square.
func NewSquare(file, rank int) Square {
	if uint(file) > 7 || uint(rank) > 7 {
		return NoSquare
	}
	return Square(rank*8 + file)
}

// IsValid reports whether s is a square of the 8×8 grid: false for
// NoSquare and any other value from 64 up. A corner square cut from the
// board is valid (see OnBoard).
func (s Square) IsValid() bool { return s < 64 }

// File returns the square's file, 0 for a; -1 for an invalid square.
func (s Square) File() int {
	if !s.IsValid() {
		return -1
	}
	return s.file()
}

// Rank returns the square's rank, 0 for rank 1; -1 for an invalid square.
func (s Square) Rank() int {
	if !s.IsValid() {
		return -1
	}
	return s.rank()
}

// file and rank are File and Rank for a square known to be valid.
func (s Square) file() int { return int(s & 7) }
func (s Square) rank() int { return int(s >> 3 & 7) }

// OnBoard reports whether s is one of the 52 squares of the board.
func (s Square) OnBoard() bool { return s < 64 && onBoard>>s&1 != 0 }

// String returns the square's name, e.g. "c3", or "?" for an invalid
// square.
func (s Square) String() string {
	if !s.IsValid() {
		return "?"
	}
	return string([]byte{byte('a' + s.file()), byte('1' + s.rank())})
}

// onBoard has a bit for each of the 52 squares: the 8×8 grid without the
// three squares at each corner (a1 b1 a2, g1 h1 h2, a7 a8 b8, g8 h8 h7).
const onBoard uint64 = 0x3C7E_FFFF_FFFF_7E3C

// NumSquares is the number of squares on the board.
const NumSquares = 52

// MaxHeight is the tallest a stack can be once a move is complete.
const MaxHeight = 5

// Stack is a stack of up to five pieces packed in 16 bits: the height in
// the top three bits, and two bits per piece for its colour (the seat that
// owns it), bottom piece in the lowest bits. The zero Stack is empty.
type Stack uint16

const (
	heightShift = 13
	colorsMask  = 1<<(2*MaxHeight) - 1
)

// Height returns the number of pieces in the stack.
func (s Stack) Height() int { return int(s >> heightShift) }

// Piece returns the colour of piece i, counted from 0 at the bottom: the
// seat that owns it (seat 0's pieces are A). For i outside 0..Height()-1
// it returns rules.Terminal.
func (s Stack) Piece(i int) rules.Player {
	if uint(i) >= uint(s.Height()) {
		return rules.Terminal
	}
	return rules.Player(s.piece(i))
}

// Top returns the colour of the top piece: the seat that controls the
// stack. It reports false for an empty stack.
func (s Stack) Top() (rules.Player, bool) {
	top, ok := s.top()
	return rules.Player(top), ok
}

// piece is Piece without the range check: two bits of colour.
func (s Stack) piece(i int) colour { return colour(s >> (2 * uint(i)) & 3) }

// top is Top as a colour.
func (s Stack) top() (colour, bool) {
	h := s.Height()
	if h == 0 {
		return 0, false
	}
	return s.piece(h - 1), true
}

// makeStack builds a stack from colour bits and a height.
func makeStack(colors uint32, height int) Stack {
	return Stack(uint16(height)<<heightShift | uint16(colors&colorsMask))
}

// colour is a seat number 0..3 used as a piece colour (seat 0's pieces
// are A), in the package's tables and hot paths; the API speaks
// rules.Player.
type colour uint8

// Ray tables: for each square and stack height h, the squares a stack of
// up to h moved pieces can reach (distance 1..h in the four directions),
// in ascending square order, so that the generated moves are sorted.
var (
	targets    [64][MaxHeight + 1][4 * MaxHeight]Square
	numTargets [64][MaxHeight + 1]uint8
	// moveBlocks[from][h] holds the stack moves of targets[from][h],
	// padded to a multiple of 8 so that generation copies whole blocks.
	moveBlocks [64][MaxHeight + 1][blockLen]Move
	// lineDistance[from][to] is the distance between two squares on the
	// same rank or file with every square between on the board, else 0.
	lineDistance [64][64]uint8
)

const blockLen = 24 // 4*MaxHeight rounded up to a multiple of 8

func init() {
	dirs := [4][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}} // S, W, E, N
	for from := Square(0); from < 64; from++ {
		if !from.OnBoard() {
			continue
		}
		for _, d := range dirs {
			for k := 1; k <= 7; k++ {
				f, r := from.file()+d[0]*k, from.rank()+d[1]*k
				if f < 0 || f > 7 || r < 0 || r > 7 || !NewSquare(f, r).OnBoard() {
					break // every rank and file is one unbroken run
				}
				lineDistance[from][NewSquare(f, r)] = uint8(k)
			}
		}
		for h := 1; h <= MaxHeight; h++ {
			n := 0
			for to := Square(0); to < 64; to++ {
				if d := lineDistance[from][to]; d >= 1 && int(d) <= h {
					targets[from][h][n] = to
					n++
				}
			}
			numTargets[from][h] = uint8(n)
			for i := range n {
				moveBlocks[from][h][i] = StackMove(from, targets[from][h][i])
			}
		}
	}
}

// squares iterates over the set bits of a bitboard in ascending order.
func nextSquare(b *uint64) Square {
	s := Square(bits.TrailingZeros64(*b))
	*b &= *b - 1
	return s
}
