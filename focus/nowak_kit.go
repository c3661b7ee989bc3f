package focus

import (
	"math/bits"
	"sync"
)

// The action space of Nowak's game (see "Actions, observations and
// symmetries" in the package doc): the board moves, the drops alone, then
// the turns with a drop, by drop square and board move.

// Tables of Nowak's turns with a drop, filled by initNowakTurns: for
// a drop on the board square of rank d, the board moves that cannot
// follow it (onto the drop square, or of the dropped piece over more than
// two squares) as a bitmap over the board-move indices (indices past the
// last board move set too), the number of those below each 64-index word,
// and where the drop's turns start among the turns with a drop.
var (
	nowakSkip     [NumSquares][nowakWords]uint64
	nowakSkipped  [NumSquares][nowakWords]uint16
	nowakTurnFrom [NumSquares + 1]int32
)

const nowakWords = (NumNowakBoardActions + 63) / 64

// initNowakTurns fills the tables of the turns with a drop, once the
// board moves are indexed.
func initNowakTurns() {
	// Nowak turns with a drop.
	total := 0
	for di, d := range boardSquare {
		skip := &nowakSkip[di]
		for j := NumNowakBoardActions; j < 64*nowakWords; j++ {
			skip[j>>6] |= 1 << (j & 63)
		}
		for j, m := range stackAction {
			if m.To() == d || m.From() == d && lineDistance[d][m.To()] > 2 {
				skip[j>>6] |= 1 << (j & 63)
			}
		}
		nowakTurnFrom[di] = int32(total)
		skipped := 0
		for w := range nowakWords {
			nowakSkipped[di][w] = uint16(skipped)
			skipped += bits.OnesCount64(skip[w])
		}
		total += 64*nowakWords - skipped
	}
	nowakTurnFrom[NumSquares] = int32(total)
	if total != NumNowakTurnActions {
		panic("focus: Nowak turn count")
	}
}

// NumActions returns the size of the action space of Nowak's game: 30972
// (see the package doc).
func (p NowakPosition) NumActions() int {
	if p.seats == 0 {
		return 0
	}
	return numNowakActions
}

// ActionIndex returns m's index in the action space of Nowak's game (see
// the package doc), or -1 for a value that no position of the game
// lists: NoMove, a square off the board, a board move along no line or
// too far, a turn whose move cannot follow its drop, a value of a kind
// the game lacks or with stray bits. It never allocates.
func (p NowakPosition) ActionIndex(m Move) int { return p.actionIndex(m) }

func (p *NowakPosition) actionIndex(m Move) int {
	if p.seats == 0 {
		return -1
	}
	switch m >> kindShift {
	case kindStack:
		if m >= 1<<12 {
			return -1
		}
		return int(stackIndex[m>>6][m&63])
	case kindDrop:
		if m&^(kindDrop<<kindShift|63) != 0 {
			return -1
		}
		if b := int(boardIndex[m&63]); b >= 0 {
			return nowakDropBase + b
		}
	case kindNowak:
		if m >= (kindNowak+1)<<kindShift || m&(63<<18) != 0 {
			return -1
		}
		d := int(boardIndex[m>>12&63])
		j := int(stackIndex[m>>6&63][m&63])
		if d < 0 || j < 0 {
			return -1
		}
		w, bit := j>>6, uint64(1)<<(j&63)
		skip := nowakSkip[d][w]
		if skip&bit != 0 {
			return -1
		}
		return nowakTurnBase + int(nowakTurnFrom[d]) + j - int(nowakSkipped[d][w]) - bits.OnesCount64(skip&(bit-1))
	}
	return -1
}

// ActionMove returns the move of index i in the action space of Nowak's
// game, and false for i outside [0, NumActions).
func (p NowakPosition) ActionMove(i int) (Move, bool) {
	if i < 0 || i >= p.NumActions() {
		return NoMove, false
	}
	switch {
	case i < nowakDropBase:
		return stackAction[i], true
	case i < nowakTurnBase:
		return Drop(boardSquare[i-nowakDropBase]), true
	}
	r := i - nowakTurnBase
	// The drop square: the last whose turns start at r or before. A
	// drop has at most 600 turns, so r/600 is not past it.
	d := r / NumNowakBoardActions
	for int(nowakTurnFrom[d+1]) <= r {
		d++
	}
	r -= int(nowakTurnFrom[d])
	// The board move: the r-th index (from 0) not skipped, found
	// word by word, then byte by byte.
	for w := range nowakWords {
		free := ^nowakSkip[d][w]
		if n := bits.OnesCount64(free); r >= n {
			r -= n
			continue
		}
		j := w * 64
		for ; r >= bits.OnesCount8(uint8(free)); free >>= 8 {
			r -= bits.OnesCount8(uint8(free))
			j += 8
		}
		for ; ; free >>= 1 {
			if free&1 != 0 {
				if r == 0 {
					break
				}
				r--
			}
			j++
		}
		m := stackAction[j]
		return NowakTurn(boardSquare[d], m.From(), m.To()), true
	}
	return NoMove, false // not reached: the counts add up
}

// LegalActionMask sets mask[i] to whether action i is legal here (see
// rules.ActionMasker): over the action space at a decision node, all
// false once the game is over. A short mask gets the indices that fit.
// The turns are listed into a pooled buffer (their lists are long) and
// indexed without a call through the generic code.
func (p NowakPosition) LegalActionMask(mask []bool) {
	clear(mask)
	buf := nowakScratch.Get().(*[]Move)
	*buf = p.AppendMoves((*buf)[:0])
	for _, m := range *buf {
		if i := p.actionIndex(m); uint(i) < uint(len(mask)) {
			mask[i] = true
		}
	}
	nowakScratch.Put(buf)
}

var nowakScratch = sync.Pool{New: func() any {
	buf := make([]Move, 0, NowakMaxMoves+nowakRoom)
	return &buf
}}

// TransformMove returns m under symmetry k: its squares mapped, its kind
// kept. It returns NoMove for k outside [0, Symmetries) and for a value
// ActionIndex refuses.
func (p NowakPosition) TransformMove(k int, m Move) Move {
	if p.actionIndex(m) < 0 {
		return NoMove
	}
	return p.transformMove(k, m)
}
