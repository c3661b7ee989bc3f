package domination

import "math/bits"

// Square is a square of the 8×8 torus: rank*8 + file, a1 = 0, h8 = 63.
// Values from 64 up are no square (see NoSquare).
type Square uint8

// NoSquare is no square: what NewSquare returns for coordinates off the
// 8×8 grid, and what accessors return where there is no square to give.
// Its String is "?", its File and Rank are -1, and a turn built from it
// is NoMove. Every Square from 64 up is just as invalid.
const NoSquare Square = 1<<8 - 1

// NewSquare returns the square on file (0 = a) and rank (0 = rank 1), or
// NoSquare if either is outside 0..7: coordinates are never wrapped, so
// NewSquare(10, 1) is NoSquare, not c2 (although the board itself wraps
// at every edge, a square has one name).
func NewSquare(file, rank int) Square {
	if uint(file) >= 8 || uint(rank) >= 8 {
		return NoSquare
	}
	return Square(rank*8 + file)
}

// IsValid reports whether s is a square of the board (a1 to h8).
func (s Square) IsValid() bool { return s < 64 }

// File returns the square's file, 0 for a; -1 for an invalid square.
func (s Square) File() int {
	if s >= 64 {
		return -1
	}
	return int(s & 7)
}

// Rank returns the square's rank, 0 for rank 1; -1 for an invalid square.
func (s Square) Rank() int {
	if s >= 64 {
		return -1
	}
	return int(s >> 3)
}

// String returns the square's name, e.g. "d4", or "?" for an invalid
// square.
func (s Square) String() string {
	if s >= 64 {
		return "?"
	}
	return string([]byte{byte('a' + s&7), byte('1' + s>>3)})
}

// MaxDistance is the longest step: a blank counts as any distance 1..6.
const MaxDistance = 6

// rays[sq][dir][n-1] is the square n steps from sq in direction dir
// (north, east, south, west), wrapping at every edge. A step is at most 6
// long on a line of 8, so a ray never comes back to its origin.
var rays [64][4][MaxDistance]Square

// sight[sq] has the squares of every ray from sq: only an obstacle there
// can change where a piece on sq can go.
var sight [64]uint64

func init() {
	dirs := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	for sq := Square(0); sq < 64; sq++ {
		for d, v := range dirs {
			for n := 1; n <= MaxDistance; n++ {
				rays[sq][d][n-1] = NewSquare((sq.File()+8+v[0]*n)%8, (sq.Rank()+8+v[1]*n)%8)
				sight[sq] |= 1 << rays[sq][d][n-1]
			}
		}
	}
}

// reach returns the squares a piece on sq can land on with a distance in
// the set dist (bit n for distance n), moving in a straight line that
// neither lands on nor passes an occupied square.
func reach(sq Square, dist uint8, occupied uint64) uint64 {
	var out uint64
	for d := range 4 {
		ray := &rays[sq&63][d] // sq is a piece's square; &63 only spares the bounds check
		for n := 1; n <= MaxDistance; n++ {
			t := ray[n-1]
			if occupied>>t&1 != 0 {
				break
			}
			if dist>>n&1 != 0 {
				out |= 1 << t
			}
		}
	}
	return out
}

func popSquare(b *uint64) Square {
	s := Square(bits.TrailingZeros64(*b))
	*b &= *b - 1
	return s
}

// Tile is a domino of the double-six set, numbered 0..27 in the order
// 0-0, 0-1, ..., 0-6, 1-1, 1-2, ..., 6-6.
type Tile uint8

// NumTiles is the number of dominoes in a double-six set.
const NumTiles = 28

var (
	tileLow, tileHigh [NumTiles]uint8
	tileOf            [7][7]Tile
)

func init() {
	t := Tile(0)
	for a := range 7 {
		for b := a; b < 7; b++ {
			tileLow[t], tileHigh[t] = uint8(a), uint8(b)
			tileOf[a][b], tileOf[b][a] = t, t
			t++
		}
	}
}

// NoTile is the invalid tile: NewTile returns it for numbers outside
// 0..6, and accessors where there is no tile to give. It is in no pool,
// on no board and never drawn: its String is "?-?" and Draw(NoTile) is
// NoMove. Every Tile from NumTiles up is just as invalid.
const NoTile Tile = NumTiles

// NewTile returns the tile with numbers a and b (0..6, either order; 0 is
// the blank), or NoTile if either number is outside 0..6: numbers are
// never wrapped, so NewTile(9, 9) is NoTile, not 2-2.
func NewTile(a, b int) Tile {
	if a < 0 || a > 6 || b < 0 || b > 6 {
		return NoTile
	}
	return tileOf[a][b]
}

// IsValid reports whether t is a domino of the set (t < NumTiles).
func (t Tile) IsValid() bool { return t < NumTiles }

// Numbers returns the tile's numbers, the smaller first; an invalid tile
// (see NoTile) has the numbers -1, -1.
func (t Tile) Numbers() (low, high int) {
	if t >= NumTiles {
		return -1, -1
	}
	return int(tileLow[t]), int(tileHigh[t])
}

// String returns the tile as "2-5", the smaller number first, and "?-?"
// for an invalid tile (see NoTile).
func (t Tile) String() string {
	if t >= NumTiles {
		return "?-?"
	}
	a, b := t.Numbers()
	return string([]byte{byte('0' + a), '-', byte('0' + b)})
}

// distances returns the set of distances (bit n for distance n) a number
// allows: itself, or 1..6 for a blank.
func distances(n uint8) uint8 {
	if n == 0 {
		return 0b111_1110
	}
	return 1 << n
}
