package hex

// Zobrist keys: one per colour and cell (indexed row*MaxSize+col), and one
// per swap that has been played. They are fixed for the life of the
// module, so hashes can be stored.
var (
	zobristStone [2][MaxSize * MaxSize]uint64
	zobristSwap  [3]uint64 // indexed by swapState
)

func init() {
	x := uint64(0x48e7_5a51_6f1d_c0de)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range zobristStone {
		for i := range zobristStone[c] {
			zobristStone[c][i] = next()
		}
	}
	zobristSwap[swapSides] = next()
	zobristSwap[swapPieces] = next()
}
