package focus

// The search-and-learning kit: dense action indices, observations and
// the board's symmetries (see "Actions, observations and symmetries" in
// the package doc).

// Sizes of the parts of the action spaces.
const (
	// NumStackActions is the number of stack moves of distance 1 to 5
	// from an on-board square to an on-board square along a rank or
	// file: the stack moves of every variant but Nowak's.
	NumStackActions = 568
	// NumNowakBoardActions is the number of board moves of Nowak's game:
	// the stack moves of distance 1 to 5 and the 32 captures of distance
	// 6 (a stack of five jumping one stack).
	NumNowakBoardActions = NumStackActions + 32
	// NumSwapActions is the number of opening swaps: the pairs of squares
	// of the central 6×6, where the start puts its pieces.
	NumSwapActions = 36 * 35 / 2
	// NumNowakTurnActions is the number of Nowak turns with a drop (a
	// drop and a board move that can follow it).
	NumNowakTurnActions = 30320
)

// The parts of the action spaces, in index order.
const (
	dropBase        = NumStackActions                     // own drops, outside Nowak's game
	partnerDropBase = dropBase + NumSquares               // team play: the partner's colour
	passAction      = partnerDropBase + NumSquares        // team play
	swapBase        = dropBase + NumSquares               // swap=true
	nowakDropBase   = NumNowakBoardActions                // Nowak: drops alone
	nowakTurnBase   = nowakDropBase + NumSquares          // Nowak: turns with a drop
	numNowakActions = nowakTurnBase + NumNowakTurnActions // 30972
)

// Tables of the encoding, filled by init.
var (
	// stackIndex[from][to] is the index of the stack move from-to among
	// the board moves (distance 1 to 6), or -1.
	stackIndex [64][64]int16
	// stackAction lists the board moves by index.
	stackAction [NumNowakBoardActions]Move
	// boardIndex[sq] is the rank of sq among the 52 squares of the board
	// in square order (c1 = 0, d1 = 1, ..., f8 = 51), or -1.
	boardIndex [64]int8
	// boardSquare lists the board's squares in square order.
	boardSquare [NumSquares]Square
	// centralIndex[sq] is the rank of sq among the 36 squares of the
	// central 6×6 in square order (b2 = 0, ..., g7 = 35), or -1.
	centralIndex [64]int8
	// swapPair lists the opening swaps by index: the central ranks of the
	// two squares, the lower first.
	swapPair [NumSwapActions][2]uint8
	// symSquare[k][sq] is the image of sq under symmetry k.
	symSquare [numSymmetries][64]Square
)

func init() {
	for i := range stackIndex {
		for j := range stackIndex[i] {
			stackIndex[i][j] = -1
		}
	}
	n := 0
	for sq := Square(0); sq < 64; sq++ {
		boardIndex[sq], centralIndex[sq] = -1, -1
		if sq.OnBoard() {
			boardIndex[sq] = int8(n)
			boardSquare[n] = sq
			n++
		}
	}
	c := 0
	for sq := Square(0); sq < 64; sq++ {
		if f, r := sq.file(), sq.rank(); f >= 1 && f <= 6 && r >= 1 && r <= 6 {
			centralIndex[sq] = int8(c)
			c++
		}
	}
	i := 0
	for b := range 36 {
		for a := range b {
			swapPair[i] = [2]uint8{uint8(a), uint8(b)}
			i++
		}
	}
	// Board moves: distance 1 to 5 by origin, direction (north, east,
	// south, west) and distance; then the captures of distance 6 in the
	// same order.
	dirs := [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	i = 0
	for _, far := range [2]bool{false, true} {
		for _, from := range boardSquare {
			for _, d := range dirs {
				lo, hi := 1, MaxHeight
				if far {
					lo, hi = MaxHeight+1, MaxHeight+1
				}
				for k := lo; k <= hi; k++ {
					to := NewSquare(from.file()+d[0]*k, from.rank()+d[1]*k)
					if !to.OnBoard() {
						break
					}
					stackIndex[from][to] = int16(i)
					stackAction[i] = StackMove(from, to)
					i++
				}
			}
		}
		if !far && i != NumStackActions || far && i != NumNowakBoardActions {
			panic("focus: stack move count")
		}
	}
	initNowakTurns()
	for k := range numSymmetries {
		for sq := Square(0); sq < 64; sq++ {
			f, r := sq.file(), sq.rank()
			if k&4 != 0 {
				f, r = r, f
			}
			if k&2 != 0 {
				r = 7 - r
			}
			if k&1 != 0 {
				f = 7 - f
			}
			symSquare[k][sq] = NewSquare(f, r)
		}
	}
}

// NumActions returns the size of the variant's action space (see the
// package doc): 620 in the two- to four-player games, 673 in team play,
// 1250 with the opening swap.
func (p Position) NumActions() int { return p.numActions() }

func (p *Position) numActions() int {
	switch {
	case p.seats == 0:
		return 0
	case p.variant&variantTeams != 0:
		return passAction + 1
	case p.variant&variantSwap != 0:
		return swapBase + NumSwapActions
	}
	return dropBase + NumSquares
}

// NumChanceActions returns 0: Focus has no chance.
func (p state) NumChanceActions() int { return 0 }

// ChanceMove reports false: Focus has no chance.
func (p state) ChanceMove(int) (Move, bool) { return NoMove, false }

// ActionIndex returns m's index in the variant's action space (see the
// package doc), or -1 for a value that no decision node of the variant
// lists: NoMove, a square off the board, a stack move along no line or
// too far, a move of a kind the variant lacks, a value with stray bits.
// Drops are indexed relative to the seat whose turn it is, as the
// notation writes them: "*d4" is the mover's own colour, and in team
// play a drop of another colour has an index only when it is the colour
// of the partner of the seat whose turn it is ("C*d4" while A is to
// move). It never allocates.
func (p Position) ActionIndex(m Move) int { return p.actionIndex(m) }

func (p *Position) actionIndex(m Move) int {
	if p.seats == 0 {
		return -1
	}
	switch m >> kindShift {
	case kindStack:
		if m >= 1<<12 {
			return -1
		}
		if i := int(stackIndex[m>>6][m&63]); i < NumStackActions {
			return i
		}
	case kindDrop:
		if m&^(kindDrop<<kindShift|7<<12|63) != 0 {
			return -1
		}
		b := int(boardIndex[m&63])
		switch c := m >> 12 & 7; {
		case b < 0:
			return -1
		case c == 0:
			return dropBase + b
		case p.variant&variantTeams != 0 && colour(c-1) == (p.turn+2)&3:
			return partnerDropBase + b
		}
	case kindSwap:
		a, b := m>>6&63, m&63
		if p.variant&variantSwap == 0 || m != SwapMove(Square(a), Square(b)) || a == b {
			return -1
		}
		ca, cb := int(centralIndex[a]), int(centralIndex[b])
		if ca < 0 || cb < 0 {
			return -1
		}
		return swapBase + cb*(cb-1)/2 + ca
	case kindPass:
		if m == Pass && p.variant&variantTeams != 0 {
			return passAction
		}
	}
	return -1
}

// ActionMove returns the move of index i in the variant's action space,
// and false for i outside [0, NumActions). In team play a partner drop
// is of the colour of the partner of the seat whose turn it is.
func (p Position) ActionMove(i int) (Move, bool) { return p.actionMove(i) }

func (p *Position) actionMove(i int) (Move, bool) {
	if i < 0 || i >= p.numActions() {
		return NoMove, false
	}
	switch {
	case i < dropBase:
		return stackAction[i], true
	case i < dropBase+NumSquares:
		return Drop(boardSquare[i-dropBase]), true
	case p.variant&variantTeams != 0 && i < passAction:
		partner := (p.turn + 2) & 3
		return Drop(boardSquare[i-partnerDropBase]) | Move(1+partner)<<12, true
	case p.variant&variantTeams != 0:
		return Pass, true
	}
	pair := swapPair[i-swapBase]
	return SwapMove(centralSquare(pair[0]), centralSquare(pair[1])), true
}

// centralSquare returns the square of rank c among the central 6×6.
func centralSquare(c uint8) Square { return NewSquare(1+int(c)%6, 1+int(c)/6) }

// LegalActionMask sets mask[i] to whether action i is legal here (see
// rules.ActionMasker): over the decision space at a decision node, all
// false once the game is over. A short mask gets the indices that fit. The
// moves are listed into a buffer on the stack and indexed without a call
// through the generic code.
func (p Position) LegalActionMask(mask []bool) {
	clear(mask)
	var buf [stackRoom]Move
	for _, m := range p.AppendMoves(buf[:0]) {
		if i := p.actionIndex(m); uint(i) < uint(len(mask)) {
			mask[i] = true
		}
	}
}
