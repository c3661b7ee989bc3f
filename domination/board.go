package domination

import "math/bits"

// Square is a square of the 8×8 torus: rank*8 + file, a1 = 0, h8 = 63.
type Square uint8

// NewSquare returns the square on file (0 = a) and rank (0 = rank 1).
func NewSquare(file, rank int) Square { return Square((rank&7)*8 + file&7) }

// File returns the square's file, 0 for a.
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank, 0 for rank 1.
func (s Square) Rank() int { return int(s >> 3 & 7) }

// String returns the square's name, e.g. "d4".
func (s Square) String() string {
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
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
				rays[sq][d][n-1] = NewSquare(sq.File()+8+v[0]*n, sq.Rank()+8+v[1]*n)
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
		ray := &rays[sq&63][d]
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
// 0..6. It is in no pool, on no board and never drawn: its String is
// "?-?", Draw(NoTile) is a draw that Legal and Play refuse with
// ErrNoSuchTile, and PlayUnchecked ignores it. Every Tile from NumTiles up
// is just as invalid.
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

// Valid reports whether t is a domino of the set (t < NumTiles).
func (t Tile) Valid() bool { return t < NumTiles }

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
