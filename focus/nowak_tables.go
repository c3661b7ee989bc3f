package focus

import (
	"math/bits"
	"slices"
)

// Generation. A Nowak move depends on the squares around the stack, so
// unlike the standard game it cannot copy precomputed blocks; with random
// positions branches are unpredictable, so it reads its moves from tables
// instead of walking rays:
//   - a single piece (three stacks in four) depends on the eight squares
//     at distance one and two: their pattern indexes a table of moves;
//   - a stack of two depends on the three nearest squares each way: two
//     tables of six-bit patterns, south and west, east and north;
//   - a taller stack reads its landing squares along its rank and its
//     file from a table indexed by its place on the line, its height and
//     the line's eight squares, and writes them in square order.
//
// Moves are written four at a time whatever their number; the spare ones
// past the end of the list are overwritten by the next stack's, and
// nowakRoom leaves room for them.
//
// The squares off the board count as occupied ("walls"). Every rank and
// file of the board is one unbroken run with its off-board squares at the
// ends, so a wall stops a plain move, and a capture over one would land on
// another wall or off the line: no landing square is ever off the board.

// lineTargets[pos<<11 | h<<8 | occ] describes a stack of height h at
// position pos (0..7) of an eight-square line whose occupied squares are
// occ: the low byte has a bit for each landing square, bits 8..11 their
// number and bits 12..15 the number below pos.
var lineTargets [8 << 11]uint16

const (
	fileA      = 0x0101_0101_0101_0101
	fileGather = 0x0102_0408_1020_4080 // (x & fileA) * fileGather >> 56: bit 8r to bit r
)

// within[sq][r] has the squares on sq's rank and file at distance 1..r.
var within [64][8]uint64

func init() {
	for pos := range 8 {
		for h := 1; h < 8; h++ {
			for occ := range 256 {
				var t uint16
				for _, step := range []int{-1, 1} {
					stacks := 0
					for d := 1; d <= h+1; d++ {
						sq := pos + step*d
						if sq < 0 || sq > 7 {
							break
						}
						if occ>>sq&1 != 0 {
							stacks++
						} else if stacks == 0 && d <= h || stacks == 1 {
							t |= 1 << sq // a plain move, or a capture (d-1 <= h)
						}
					}
				}
				below := bits.OnesCount16(t & (1<<pos - 1))
				lineTargets[pos<<11|h<<8|occ] = t | uint16(bits.OnesCount16(t))<<8 | uint16(below)<<12
			}
		}
	}
	for from := range 64 {
		for to := range 64 {
			if d := int(lineDistance[from][to]); d != 0 {
				for r := d; r < 8; r++ {
					within[from][r] |= 1 << to
				}
			}
		}
	}
}

// lineEntries returns the lineTargets entries of the stack of height h on
// from, given the walls: along its rank, and along its file (gathered to
// a byte, rank r on bit r).
func lineEntries(from Square, h int, walls uint64) (onRank, onFile uint16) {
	file, rank := uint(from&7), uint(from>>3&7)
	hi := uint(h&7) << 8
	onRank = lineTargets[(file<<11|hi|uint(walls>>(8*rank)&0xFF))&(8<<11-1)]
	onFile = lineTargets[(rank<<11|hi|uint((walls>>file&fileA)*fileGather>>56))&(8<<11-1)]
	return onRank, onFile
}

// bitPositions[b] lists the positions of b's set bits, lowest first, one
// per four bits.
var bitPositions = func() (t [256]uint32) {
	for b := range 256 {
		n := 0
		for i := range 8 {
			if b>>i&1 != 0 {
				t[b] |= uint32(i) << (4 * n)
				n++
			}
		}
	}
	return t
}()

// emitStack writes the moves of the stack of height h on from, as b plus
// each landing square, and returns the new length. In square order they
// are the file's squares below the stack, the rank's, then the file's
// above. The rank's go first, at their final place, and the file's after,
// so that the spare moves written past each part land only where a later
// write or the end of the list is. It writes at most four moves more than
// it keeps.
func emitStack(out []Move, k int, b Move, from Square, h int, walls uint64) int {
	file, rank := uint(from&7), uint(from>>3&7)
	onRank, onFile := lineEntries(from, h, walls)
	nRank, nFile, below := int(onRank>>8&15), int(onFile>>8&15), int(onFile>>12)

	ranks := bitPositions[onRank&0xFF]
	rb := b | Move(rank<<3)
	i := k + below
	o := out[i : i+4]
	o[0] = rb | Move(ranks&15)
	o[1] = rb | Move(ranks>>4&15)
	o[2] = rb | Move(ranks>>8&15)
	o[3] = rb | Move(ranks>>12&15)
	for j := 4; j < nRank; j++ {
		out[i+j] = rb | Move(ranks>>(4*j)&15)
	}

	files := bitPositions[onFile&0xFF]
	fb := b | Move(file)
	// File square j goes to k+j, or past the rank's squares once j >=
	// below: nRank & (below-j-1)>>63 adds nRank exactly then, no branch.
	out[k+nRank&((below-1)>>63)] = fb | Move(files&15)<<3
	out[k+1+nRank&((below-2)>>63)] = fb | Move(files>>4&15)<<3
	out[k+2+nRank&((below-3)>>63)] = fb | Move(files>>8&15)<<3
	out[k+3+nRank&((below-4)>>63)] = fb | Move(files>>12&15)<<3
	for j := 4; j < nFile; j++ {
		out[k+j+nRank&((below-j-1)>>63)] = fb | Move(files>>(4*j)&15)<<3
	}
	return k + nRank + nFile
}

// A single piece has at most one move per direction: a step to the
// neighbour if it is empty, else a jump to the square beyond if that one
// is empty. Its moves depend only on the eight squares at distance one
// and two, so one table gives them for each pattern of those squares, as
// offsets from the piece's square.

// neighbourBits are those eight squares in walls rotated left by 16 - sq:
// offsets -16, -8, -2, -1, +1, +2, +8, +16 land on bits 0, 8, 14, 15, 17,
// 18, 24 and 32.
const neighbourBits = 1<<0 | 1<<8 | 1<<14 | 1<<15 | 1<<17 | 1<<18 | 1<<24 | 1<<32

// neighbourMagic maps the 256 patterns of neighbourBits to 256 distinct
// top bytes by multiplication (found by search; TestNeighbourMagic).
const neighbourMagic = 0x4010_1080_2000_0800

var (
	// offEdge[sq] has, in the rotated frame, the neighbour squares that
	// are off the grid or wrap to another rank, which count as walls.
	offEdge [64]uint64
	// singleMoves[code] holds a single piece's landing squares as offsets
	// from its square (modulo 2^32, so that adding the move to the piece's
	// own square gives the move), in square order; singleCount[code] is
	// their number.
	singleMoves [256][4]Move
	singleCount [256]uint8
)

// A stack of two is done the same way, from the nearest three squares in
// each direction: for south and west, and for east and north, a table
// indexed by the pattern of those six squares gives the moves as offsets
// in square order. In each direction a stack of height h lands at
// distances 1 to h before the nearest stack (plain moves), and from just
// past it to h+1 before the next (captures).

// In walls rotated left by 24 - sq, the squares at offsets -24, -16, -8,
// -3, -2, -1 (south and west) land on bits 0, 8, 16, 21, 22, 23, and those
// at +1, +2, +3, +8, +16, +24 (east and north) on 25, 26, 27, 32, 40, 48.
const (
	pairLowBits   = 1<<0 | 1<<8 | 1<<16 | 1<<21 | 1<<22 | 1<<23
	pairHighBits  = 1<<25 | 1<<26 | 1<<27 | 1<<32 | 1<<40 | 1<<48
	pairLowMagic  = 0x8440_8140_6100_0a22 // 64 patterns to 64 top six bits (TestTableMagics)
	pairHighMagic = 0x4082_0010_0408_1200
)

var (
	// pairEdge[sq] has the squares of sq's frame off the grid or on
	// another rank: walls.
	pairEdge [64]uint64
	// The moves as offsets by pattern code, and their number.
	pairLow, pairHigh           [64][4]Move
	pairLowCount, pairHighCount [64]uint8
)

// frameLine is a direction, as a (file, rank) step, with the bits of its
// nearest squares in a rotated frame, nearest first.
type frameLine struct {
	df, dr int
	bits   []int
}

// stackOffsets returns the landing offsets of a stack of height h in the
// directions of lines, given which of their squares are walls (pattern:
// a bit for each square, line by line), in square order.
func stackOffsets(h int, lines []frameLine, pattern int) []int {
	var offs []int
	i := 0
	for _, l := range lines {
		var ds []int
		stacks := 0
		for d := 1; d <= len(l.bits); d++ {
			if pattern>>(i+d-1)&1 != 0 {
				stacks++
			} else if stacks == 0 && d <= h || stacks == 1 && d <= h+1 {
				ds = append(ds, d)
			}
		}
		i += len(l.bits)
		if l.df+l.dr < 0 { // south and west: the farthest square first
			slices.Reverse(ds)
		}
		for _, d := range ds {
			offs = append(offs, d*(l.df+8*l.dr))
		}
	}
	return offs
}

// frameWalls returns, for each square, the bits of lines whose squares
// are off the grid.
func frameWalls(lines []frameLine) (edge [64]uint64) {
	for sq := range 64 {
		for _, l := range lines {
			for d, bit := range l.bits {
				if f, r := sq%8+l.df*(d+1), sq/8+l.dr*(d+1); f < 0 || f > 7 || r < 0 || r > 7 {
					edge[sq] |= 1 << bit
				}
			}
		}
	}
	return edge
}

// frameCode returns the frame bits of a pattern of lines' squares.
func frameCode(lines []frameLine, pattern int) uint64 {
	var x uint64
	i := 0
	for _, l := range lines {
		for _, b := range l.bits {
			x |= uint64(pattern>>i&1) << b
			i++
		}
	}
	return x
}

func init() {
	singles := []frameLine{{0, -1, []int{8, 0}}, {-1, 0, []int{15, 14}}, {1, 0, []int{17, 18}}, {0, 1, []int{24, 32}}}
	offEdge = frameWalls(singles)
	for pattern := range 256 {
		code := frameCode(singles, pattern) * neighbourMagic >> 56
		for i, off := range stackOffsets(1, singles, pattern) {
			singleMoves[code][i] = Move(int32(off))
			singleCount[code]++
		}
	}

	south, west := frameLine{0, -1, []int{16, 8, 0}}, frameLine{-1, 0, []int{23, 22, 21}}
	east, north := frameLine{1, 0, []int{25, 26, 27}}, frameLine{0, 1, []int{32, 40, 48}}
	low, high := []frameLine{south, west}, []frameLine{east, north}
	pairEdge = frameWalls(append(low, high...))
	for pattern := range 64 {
		lo := frameCode(low, pattern) * pairLowMagic >> 58
		hi := frameCode(high, pattern) * pairHighMagic >> 58
		for i, off := range stackOffsets(2, low, pattern) {
			pairLow[lo][i] = Move(int32(off))
			pairLowCount[lo]++
		}
		for i, off := range stackOffsets(2, high, pattern) {
			pairHigh[hi][i] = Move(int32(off))
			pairHighCount[hi]++
		}
	}
}
