package hex

import "github.com/tabletop-go/rules/internal/zobrist"

// Zobrist keys: one per colour and cell (indexed row*MaxSize+col), one per
// swap that has been played, and one per configuration (variantKey). They
// are fixed for the life of the module, so hashes can be stored.
//
// The stone and swap keys have their top bit clear and every variant key
// has it set: a position's hash, which XORs its variant's key with the
// keys of its stones and swap, always has the top bit set, so no position
// of a game hashes to 0, the invalid value's hash.
var (
	zobristStone [2][MaxSize * MaxSize]uint64
	zobristSwap  [3]uint64 // indexed by swapState
)

const topBit = 1 << 63

func init() {
	next := zobrist.New(0x48e7_5a51_6f1d_c0de).Next
	for c := range zobristStone {
		for i := range zobristStone[c] {
			zobristStone[c][i] = next() &^ topBit
		}
	}
	zobristSwap[swapSides] = next() &^ topBit
	zobristSwap[swapPieces] = next() &^ topBit
}

// variantKey returns the key of configuration c (which must be valid),
// the hash of its empty board: a different key for every size and swap
// mode, so that positions of different variants, whose stones may agree,
// hash apart.
func variantKey(c Config) uint64 {
	return zobrist.Mix(0x7a51_ce11_0b0a_4d00^uint64(c.Cols)<<16^uint64(c.Rows)<<8^uint64(c.Swap)) | topBit
}
