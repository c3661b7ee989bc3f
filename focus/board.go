package focus

import "math/bits"

// Square is a square of the 8×8 grid: rank*8 + file, with a1 = 0, h1 = 7,
// a8 = 56. Twelve corner squares are not part of the board.
type Square uint8

// NewSquare returns the square on file (0 = a) and rank (0 = rank 1).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the square's file, 0 for a.
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank, 0 for rank 1.
func (s Square) Rank() int { return int(s >> 3) }

// OnBoard reports whether s is one of the 52 squares of the board.
func (s Square) OnBoard() bool { return s < 64 && onBoard>>s&1 != 0 }

// String returns the square's name, e.g. "c3".
func (s Square) String() string {
	if s >= 64 {
		return "?"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
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

// Piece returns the colour (seat) of piece i, counted from 0 at the bottom.
func (s Stack) Piece(i int) Seat { return Seat(s >> (2 * uint(i)) & 3) }

// Top returns the colour of the top piece: the seat that controls the
// stack. It reports false for an empty stack.
func (s Stack) Top() (Seat, bool) {
	h := s.Height()
	if h == 0 {
		return 0, false
	}
	return s.Piece(h - 1), true
}

// makeStack builds a stack from colour bits and a height.
func makeStack(colors uint32, height int) Stack {
	return Stack(uint16(height)<<heightShift | uint16(colors&colorsMask))
}

// Seat is a seat number 0..3 used as a piece colour: seat 0's pieces are A.
type Seat uint8

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
				f, r := from.File()+d[0]*k, from.Rank()+d[1]*k
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
