package explocus

import (
	"math/bits"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/zobrist"
)

// Position is an Explocus position, on the square board (Hexplocus's
// are HexPosition): an immutable value of about 900 bytes with no
// pointers. The zero Position is the invalid value. Config.Start and
// ParsePosition give one, and rules.Open for an "explocus" spec.
type Position struct{ state }

// HexPosition is a Hexplocus position, on the hexagon (R-E4): the same
// men, columns, explosions, text and hash as Explocus, with the
// hexagon's six directions, capacities, action space and twelve
// symmetries. It is an immutable value of the size of a Position; the
// zero HexPosition is the invalid value. Config.StartHex and
// ParseHexPosition give one, and rules.Open for a "hexplocus" spec.
type HexPosition struct {
	_ hexShape // (see hexShape)
	state
}

// hexShape makes HexPosition's underlying type differ from Position's,
// so that generic code gets an instance of its own for each (one GC
// shape for both would call their methods through a dictionary). It has
// no size.
type hexShape struct{}

// state is the board both types share: one byte of height per cell of a
// MaxSize×MaxSize grid and, per colour, a bitmask per rank of the cells
// whose column it owns. The board's shape (rows, cols, and side for the
// hexagon) selects the cells of the grid that are on the board.
type state struct {
	height   [MaxSize][MaxSize]uint8 // [rank][file]; at most 5 once a move is over
	own      [2][MaxSize]uint32      // bit file of rank: columns of each colour
	men      [2]uint16
	hash     uint64
	ply      uint32
	plyLimit uint32
	rows     uint8
	cols     uint8
	side     uint8 // 0: the square board; N: the hexagon of side N (rows = cols = 2N−1)
	turn     uint8
}

// Start returns the start of Explocus configuration c (see the package
// doc): the Focus pairs pattern of single men on the central
// min(rows, 6) × min(cols, 6) rectangle (R-E1), White (seat 0, letter
// A) to move. A configuration that Validate refuses (rows, cols or
// plylimit out of range) gives the invalid value: nothing is clamped
// into a game. Hexplocus is another type: for a hexagon (Side set),
// Start returns the invalid value, and StartHex the start.
func (c Config) Start() Position {
	if c.IsHex() || c.Validate() != nil {
		return Position{}
	}
	p := c.empty()
	h, w := min(c.Rows, 6), min(c.Cols, 6)
	top, left := (c.Rows-h)/2, (c.Cols-w)/2 // rows counted from the top
	for i := range h {
		for j := range w {
			color := uint8((i + j/2) % 2)
			p.put(c.Rows-1-top-i, left+j, color, 1)
		}
	}
	p.hash = p.computeHash()
	return Position{state: p}
}

// StartHex returns the start of Hexplocus configuration c: the three
// rings around the centre in six alternating segments (R-E4), White
// (seat 0, letter A) to move; or the invalid value unless c.Side is set
// and c.Validate accepts c.
func (c Config) StartHex() HexPosition {
	if !c.IsHex() || c.Validate() != nil {
		return HexPosition{}
	}
	p := c.empty()
	p.startHex()
	p.hash = p.computeHash()
	return HexPosition{state: p}
}

// empty returns an empty board of a valid configuration c.
func (c Config) empty() state {
	if c.Side != 0 {
		return state{rows: uint8(2*c.Side - 1), cols: uint8(2*c.Side - 1), side: uint8(c.Side), plyLimit: uint32(c.PlyLimit)}
	}
	return state{rows: uint8(c.Rows), cols: uint8(c.Cols), plyLimit: uint32(c.PlyLimit)}
}

// New returns the start of the standard 8×8 game with no ply limit.
func New() Position { return Default.Start() }

// NewHex returns the start of the standard Hexplocus game, the hexagon
// of side 6 with no ply limit.
func NewHex() HexPosition { return HexDefault.StartHex() }

// put places a column (no hash update).
func (p *state) put(rank, file int, color, height uint8) {
	p.height[rank][file] = height
	p.own[color][rank] |= 1 << file
	p.men[color] += uint16(height)
}

// Config returns the position's configuration.
func (p state) Config() Config {
	if p.side != 0 {
		return Config{Side: int(p.side), PlyLimit: int(p.plyLimit)}
	}
	return Config{Rows: int(p.rows), Cols: int(p.cols), PlyLimit: int(p.plyLimit)}
}

// Spec returns the canonical game spec.
func (p state) Spec() string {
	if !p.valid() {
		return ""
	}
	return p.Config().String()
}

// Seats returns 2.
func (p state) Seats() int {
	if !p.valid() {
		return 0
	}
	return 2
}

// Turn returns the seat whose turn it is (once the game is over, the
// seat that would have moved).
func (p state) Turn() rules.Player {
	if !p.valid() {
		return rules.Terminal
	}
	return rules.Player(p.turn)
}

// Size returns the board's columns and rows: (cols, rows) for Explocus,
// (2N−1, 2N−1) for the hexagon of side N, whose cells lie on that grid
// (see OnBoard).
func (p state) Size() (cols, rows int) { return int(p.cols), int(p.rows) }

// At returns the column on sq: its owner and height, or height 0 (and
// owner 0) for an empty cell, a cell off the board (on the hexagon of
// side N, the cells of the grid whose file and rank are more than N−1
// apart; OnBoard tells) and NoSquare.
func (p state) At(sq Square) (owner rules.Player, height int) {
	if !sq.IsValid() {
		return 0, 0
	}
	return p.at(sq.File(), sq.Rank())
}

func (p *state) at(file, rank int) (owner rules.Player, height int) {
	if !p.onBoard(rank, file) {
		return 0, 0
	}
	h := int(p.height[rank][file])
	if h == 0 {
		return 0, 0
	}
	if p.own[1][rank]>>file&1 != 0 {
		return 1, h
	}
	return 0, h
}

// Men returns the number of men seat owns.
func (p state) Men(seat rules.Player) int {
	if seat != 0 && seat != 1 {
		return 0
	}
	return int(p.men[seat])
}

// Ply returns the number of plies played.
func (p state) Ply() int { return int(p.ply) }

// MaxPly is the largest ply count a position text may give: a text with
// a greater one is refused. A position counts its plies in 32 bits, so
// play from any position a text gives, or from the start, has more than
// 2^31 plies to go before the count could overflow; it does not even
// then, but stops at 2^32−1. Only a game longer than MaxPly plies reaches
// positions whose text is refused.
const MaxPly = 1 << 31

// countPly counts one ply, without ever wrapping to 0: at 2^32−1 the
// count stays (branch-free: the carry out of 32 bits cancels the 1).
func (p *state) countPly() {
	p.ply += uint32((uint64(p.ply)+1)>>32) ^ 1
}

// OnBoard reports whether sq is a cell of the board (false for NoSquare).
func (p state) OnBoard(sq Square) bool {
	return sq.IsValid() && p.onBoard(sq.Rank(), sq.File())
}

// Capacity returns the capacity of sq: its number of neighbours on the
// board. On the square board that is 4 inside, 3 on an edge and 2 in a
// corner; on the hexagon 6 inside, 4 on an edge and 3 in a corner. A
// cell off the board, and NoSquare, has capacity 0.
func (p state) Capacity(sq Square) int {
	if !sq.IsValid() {
		return 0
	}
	return p.capacityOf(sq.File(), sq.Rank())
}

func (p *state) capacityOf(file, rank int) int {
	if !p.onBoard(rank, file) {
		return 0
	}
	return int(p.capacity(rank, file))
}

func (p *state) limitReached() bool { return p.plyLimit != 0 && p.ply >= p.plyLimit }

// ToMove returns the seat to move, or rules.Terminal once a seat has no
// men or the ply limit is reached. A seat with men always has a move.
func (p state) ToMove() rules.Player {
	if p.men[p.turn&1] == 0 || p.limitReached() {
		return rules.Terminal
	}
	return rules.Player(p.turn)
}

// Outcome returns the result: the seat that leaves the other without men
// wins (reason rules.Elimination); the optional ply limit ends the game as
// a draw (reason rules.PlyLimit).
func (p state) Outcome() rules.Outcome { return p.outcome() }

func (p *state) outcome() rules.Outcome {
	switch {
	case p.men[p.turn&1] == 0:
		if !p.valid() {
			return rules.Outcome{Reason: rules.Invalid}
		}
		return rules.Win(2, rules.Elimination, rules.Player(1-p.turn&1))
	case p.limitReached():
		return rules.Draw(2, rules.PlyLimit)
	}
	return rules.Outcome{}
}

// CanEnd reports whether a game of this variant can end with o's
// scores (o's Reason is ignored): o is over, scores the two seats, and
// either one seat wins (1) and the other loses (0), whichever seat, or,
// only when the configuration has a ply limit, both score ½. The rules
// have no draw: without the ply limit a game ends only when a seat is
// left without men. CanEnd looks at the scores, not at the length of a
// game: a ply limit too short for any win still counts wins as possible.
func (p state) CanEnd(o rules.Outcome) bool {
	if !p.valid() || !o.Over() || o.Seats() != 2 {
		return false
	}
	if _, ok := o.Winner(); ok {
		return true
	}
	return p.plyLimit != 0 && o.Score(0) == 0.5 && o.Score(1) == 0.5
}

// Hash returns the Zobrist hash of the position (see the package doc,
// "What the hash covers"): a key of the configuration, the columns, the
// seat to move and, when the configuration has a ply limit, the ply.
func (p state) Hash() uint64 { return p.hash }

// zColumns[color][height][rank*MaxSize+file] is the key of a column of
// that colour and height on that cell: 0 for height 0 (an empty cell)
// and for heights 6 and 7, which no position has once a move is over.
// The square board's heights 1 to 3 are drawn first and the hexagon's 4
// and 5 after the turn's key, so that square positions kept the hashes
// they had before the hexagon.
var (
	zColumns [2][8][MaxSize * MaxSize]uint64
	zTurn    uint64
	zGame    uint64 // mixed with the configuration into its key (gameKey)
	zPly     uint64 // mixed with the ply into its key (plyKey)
)

func init() {
	next := zobrist.New(0xe9_10c0_5).Next
	draw := func(heights ...int) {
		for c := range zColumns {
			for _, h := range heights {
				for i := range zColumns[c][h] {
					zColumns[c][h][i] = next()
				}
			}
		}
	}
	draw(1, 2, 3)
	zTurn = next()
	draw(4, 5)
	zGame = next()
	zPly = next()
}

// gameKey is the key of the position's configuration (rows, cols, side
// and ply limit), in every hash: no position hashes to 0, and positions
// of two configurations never share a hash by the same men on the same
// cells.
func (p *state) gameKey() uint64 {
	c := uint64(p.rows) | uint64(p.cols)<<8 | uint64(p.side)<<16 | uint64(p.plyLimit)<<24
	return zobrist.Mix(zGame + c)
}

// plyKey is the key of a ply, in the hash of a configuration with a ply
// limit, where the plies left decide when the game ends. Mix is a
// bijection, so every ply has its own key.
func plyKey(ply uint32) uint64 { return zobrist.Mix(zPly + uint64(ply)) }

// columnKey returns the key of a column (0 for an empty cell).
func columnKey(color uint8, height uint8, rank, file int) uint64 {
	if height >= 8 {
		return 0
	}
	return zColumns[color&1][height][rank*MaxSize+file]
}

func (p *state) colorAt(rank, file int) uint8 {
	return uint8(p.own[1][rank] >> file & 1)
}

func (p *state) computeHash() uint64 {
	h := p.gameKey()
	if p.plyLimit != 0 {
		h ^= plyKey(p.ply)
	}
	for r := range int(p.rows) {
		for color := range 2 {
			for b := p.own[color][r]; b != 0; b &= b - 1 {
				f := bits.TrailingZeros32(b)
				h ^= columnKey(uint8(color), p.height[r][f], r, f)
			}
		}
	}
	if p.turn == 1 {
		h ^= zTurn
	}
	return h
}

// IsValid reports whether p is a position of a game: false for the zero
// Position (see the package doc, "The invalid value").
func (p state) IsValid() bool { return p.rows != 0 }

// valid is IsValid for the package's own methods: through a pointer, the
// position is not copied to ask.
func (p *state) valid() bool { return p.rows != 0 }
