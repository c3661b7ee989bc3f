package hex

import (
	"math/bits"

	"github.com/tabletop-go/rules"
)

// Color is the colour of a stone or of the side to move.
type Color uint8

const (
	// Empty is the colour of an empty cell, and no colour.
	Empty Color = iota
	// Black connects the top and bottom rows and moves first.
	Black
	// White connects the left and right columns.
	White
)

// String returns "empty", "black" or "white".
func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "empty"
}

// Other returns the opposite colour (Empty stays Empty).
func (c Color) Other() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// Connection is the reason every game of Hex ends: the winner joined
// their two sides.
var Connection = rules.NewReason("connection")

// swapState records which swap, if any, has been played.
type swapState uint8

const (
	noSwap swapState = iota
	swapSides
	swapPieces
)

// Position is a Hex position: an immutable value of about 440 bytes with
// no pointers. Besides the stones it keeps, for each colour, the stones
// connected to its first side and those connected to its second side;
// both sets only grow, so keeping them costs O(cells) over a whole game,
// and a stone in both sets has just won. It also keeps the hash of the
// position turned half a turn, for Transform.
type Position struct {
	black, white [MaxSize]uint32 // bit col of word row
	// reachFirst holds the black stones joined to the top row and the
	// white stones joined to the left column; reachSecond the black stones
	// joined to the bottom row and the white stones joined to the right.
	reachFirst, reachSecond [MaxSize]uint32
	hash                    uint64
	turned                  uint64 // the hash of the position turned half a turn (Transform(1))
	cols, rows              uint8
	mode                    SwapMode
	swap                    swapState
	turn                    Color  // colour to move (or that would move, once over)
	winner                  Color  // Empty while the game goes on
	ply                     uint16 // moves played, the swap included
}

// Start returns the empty board of configuration c, Black (seat 0) to
// move. For a configuration Validate refuses (Config{Cols: 40, Rows: 40},
// say) it returns the invalid value, the zero Position: nothing is
// clamped or repaired into a game (see the package doc, "The invalid
// value").
func (c Config) Start() Position {
	if !c.valid() {
		return Position{}
	}
	return Position{cols: uint8(c.Cols), rows: uint8(c.Rows), mode: c.Swap, turn: Black, hash: variantKey(c), turned: variantKey(c)}
}

// New returns the start of the default game, "hex": the empty 11×11
// board with the swap-sides pie rule. Sized(n).Start() starts an n×n game.
func New() Position { return Default.Start() }

// Config returns the position's game configuration.
func (p Position) Config() Config {
	return Config{Cols: int(p.cols), Rows: int(p.rows), Swap: p.mode}
}

// Spec returns the canonical game spec, e.g. "hex(size=11,swap=sides)".
func (p Position) Spec() string {
	if !p.IsValid() {
		return ""
	}
	return p.Config().String()
}

// Seats returns 2.
func (p Position) Seats() int {
	if !p.IsValid() {
		return 0
	}
	return 2
}

// Turn returns the seat whose turn it is: the seat to move, or once the
// game is over, the seat that would have moved next (ToMove is then
// rules.Terminal). Its colour is ColorOf(Turn()). The invalid value,
// which has no seats, returns rules.Terminal.
func (p Position) Turn() rules.Player {
	if p.cols == 0 {
		return rules.Terminal
	}
	return p.SeatOf(p.turn)
}

// SeatOf returns the seat that plays colour c (Black or White): Black is
// seat 0 unless a swap-sides has been played, which gives Black to seat
// 1.
func (p Position) SeatOf(c Color) rules.Player {
	seat := rules.Player(0)
	if c == White {
		seat = 1
	}
	if p.swap == swapSides {
		seat ^= 1
	}
	return seat
}

// ColorOf returns the colour seat plays: Black or White for seats 0 and
// 1, Empty for any other value. The colour to move is ColorOf(Turn()).
func (p Position) ColorOf(seat rules.Player) Color {
	switch {
	case !p.IsValid() || seat != 0 && seat != 1:
		return Empty
	case p.SeatOf(Black) == seat:
		return Black
	}
	return White
}

// ToMove returns the seat to move, or rules.Terminal once a side is
// connected. Hex has no chance nodes.
func (p Position) ToMove() rules.Player {
	if p.winner != Empty || p.turn == Empty {
		return rules.Terminal
	}
	return p.SeatOf(p.turn)
}

// Outcome returns the result: the seat whose colour connected its sides
// scores 1. Hex has no draws.
func (p Position) Outcome() rules.Outcome {
	if p.winner == Empty {
		if p.turn == Empty {
			return rules.Outcome{Reason: rules.Invalid}
		}
		return rules.Outcome{}
	}
	return rules.Win(2, Connection, p.SeatOf(p.winner))
}

// CanEnd reports whether a game of this variant can end with o's
// scores (o's Reason is ignored): o is over, scores the two seats, and
// exactly one seat wins (1) while the other loses (0); Hex has no draws.
// Either seat can win, except on a board one cell high, where Black's
// first stone joins top and bottom at once (only seat 0 wins), and on a
// board one cell wide without swap-sides, where White's first stone joins
// left and right at once (only seat 1 wins; with swap-sides seat 0 may
// take White by the swap and win).
func (p Position) CanEnd(o rules.Outcome) bool {
	if !p.IsValid() || !o.Over() || o.Seats() != 2 {
		return false
	}
	w, ok := o.Winner()
	switch {
	case !ok:
		return false
	case p.rows <= 1:
		return w == 0
	case p.cols <= 1 && p.mode != SwapSides:
		return w == 1
	}
	return true
}

// Winner returns the colour that connected its sides, or Empty.
func (p Position) Winner() Color { return p.winner }

// Ply returns the number of moves played from the empty board, the swap
// included.
func (p Position) Ply() int { return int(p.ply) }

// Swapped reports which swap has been played: SwapNone if none.
func (p Position) Swapped() SwapMode {
	switch p.swap {
	case swapSides:
		return SwapSides
	case swapPieces:
		return SwapPieces
	}
	return SwapNone
}

// At returns the colour of the stone on sq: Empty for an empty cell, a
// square off the board and NoSquare.
func (p Position) At(sq Square) Color {
	col, row := int(sq&0xFF), int(sq>>8)
	if col >= int(p.cols) || row >= int(p.rows) {
		return Empty
	}
	return p.at(col, row)
}

// at returns the colour on (col, row), which must be on the board.
func (p *Position) at(col, row int) Color {
	switch {
	case p.black[row]>>col&1 != 0:
		return Black
	case p.white[row]>>col&1 != 0:
		return White
	}
	return Empty
}

// Hash returns the position's Zobrist hash: its variant, its stones and
// the swap played (see the package doc, "What the hash covers"); never 0
// for a position of a game.
func (p Position) Hash() uint64 { return p.hash }

// Size returns the board's columns and rows.
func (p Position) Size() (cols, rows int) { return int(p.cols), int(p.rows) }

// connected reports whether colour c joins its two sides.
func (p *Position) connected(c Color) bool {
	own := &p.black
	if c == White {
		own = &p.white
	}
	for r := range int(p.rows) {
		if own[r]&p.reachFirst[r]&p.reachSecond[r] != 0 {
			return true
		}
	}
	return false
}

// wonByLastStone reports whether the winner's connection can have been
// made by the game's last move: some stone of the winner's whose removal
// leaves the winner unconnected, leaving a position that could come
// before it (after a swap, the swapped stone stays: Black keeps a stone
// after swap-sides, White after swap-pieces). Every earlier position was
// unconnected, since connections only grow.
func (p *Position) wonByLastStone() bool {
	own := p.black
	if p.winner == White {
		own = p.white
	}
	stones := 0
	for r := range int(p.rows) {
		stones += bits.OnesCount32(own[r])
	}
	if p.swap == swapSides && p.winner == Black || p.swap == swapPieces && p.winner == White {
		if stones < 2 {
			return false // the one stone is the swapped one, placed before the swap
		}
	}
	for r := range int(p.rows) {
		for w := own[r]; w != 0; w &= w - 1 {
			bit := w & -w
			own[r] &^= bit
			joined := p.joins(&own, p.winner)
			own[r] |= bit
			if !joined {
				return true
			}
		}
	}
	return false
}

// joins reports whether the stones own of colour c join c's two sides,
// by a flood fill from c's first side.
func (p *Position) joins(own *[MaxSize]uint32, c Color) bool {
	rows, last := int(p.rows), uint32(1)<<(p.cols-1)
	var reach [MaxSize]uint32
	if c == Black {
		reach[0] = own[0]
	} else {
		for r := range rows {
			reach[r] = own[r] & 1
		}
	}
	// Sweep down and up until nothing grows. The neighbours of (c, r) are
	// (c±1, r), (c, r-1), (c+1, r-1), (c, r+1) and (c-1, r+1).
	for grown := true; grown; {
		grown = false
		for i := range 2 * rows {
			r := i
			if i >= rows {
				r = 2*rows - 1 - i
			}
			x := reach[r]
			var from uint32
			if r > 0 {
				from |= reach[r-1] | reach[r-1]>>1
			}
			if r+1 < rows {
				from |= reach[r+1] | reach[r+1]<<1
			}
			x |= from & own[r]
			for {
				next := x | (x<<1|x>>1)&own[r]
				if next == x {
					break
				}
				x = next
			}
			if x != reach[r] {
				reach[r] = x
				grown = true
			}
		}
	}
	if c == Black {
		return reach[rows-1] != 0
	}
	for r := range rows {
		if reach[r]&last != 0 {
			return true
		}
	}
	return false
}

// IsValid reports whether p is a position of a game: false for the zero
// Position (see the package doc, "The invalid value").
func (p Position) IsValid() bool { return p.cols != 0 }
