package hex

import "github.com/tabletop-go/rules/internal/zobrist"

// Zobrist keys: one per colour and cell (indexed row*MaxSize+col), and one
// per swap that has been played. They are fixed for the life of the
// module, so hashes can be stored.
var (
	zobristStone [2][MaxSize * MaxSize]uint64
	zobristSwap  [3]uint64 // indexed by swapState
)

func init() {
	next := zobrist.New(0x48e7_5a51_6f1d_c0de).Next
	for c := range zobristStone {
		for i := range zobristStone[c] {
			zobristStone[c][i] = next()
		}
	}
	zobristSwap[swapSides] = next()
	zobristSwap[swapPieces] = next()
}
