package domination

import (
	"math/bits"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/zobrist"
)

// Position is a Domination position: an immutable value of about 110
// bytes with no pointers. The pool is common knowledge and the drawn
// tile is part of the position, so the position holds no random state:
// callers decide the draws.
type Position struct {
	pieces   [2]uint64 // bitboards of each seat's two pieces
	dominoes uint64    // squares covered by a placed domino
	tiles    [64]uint8 // 1 + the tile on each domino square
	pool     uint32    // bit t set while tile t is face down
	hash     uint64
	pending  uint8 // 1 + the tile drawn this turn; 0 at a chance node
	turn     uint8 // the seat whose turn it is
	lost     bool  // the seat to move drew a tile with no legal turn
}

const fullPool = 1<<NumTiles - 1

// Start returns the R-D1 start: X (seat 0, letter A) on d4 and e5, O
// (seat 1, letter B) on a8 and h1, all 28 tiles in the pool, X to draw.
// The one configuration is always valid, so Start always gives a game.
func (Config) Start() Position {
	p := Position{pool: fullPool}
	p.pieces = startPieces
	p.hash = p.computeHash()
	return p
}

// startPieces are the R-D1 squares: X on d4 and e5, O on a8 and h1.
var startPieces = [2]uint64{1<<(3*8+3) | 1<<(4*8+4), 1<<(7*8+0) | 1<<(0*8+7)}

// New returns the start of the game: Default.Start().
func New() Position { return Default.Start() }

// Config returns the position's configuration, the only one there is
// (Config is empty, so the invalid value's zero Config is the same).
func (p Position) Config() Config { return Default }

// Size returns the board's files and ranks: 8, 8.
func (p Position) Size() (files, ranks int) {
	if !p.valid() {
		return 0, 0
	}
	return 8, 8
}

// Spec returns "domination".
func (p Position) Spec() string {
	if !p.valid() {
		return ""
	}
	return "domination"
}

// Seats returns 2.
func (p Position) Seats() int {
	if !p.valid() {
		return 0
	}
	return 2
}

// Turn returns the seat whose turn it is, drawing or moving (once the
// game is over, the seat whose turn it was: the one that drew a domino it
// could not play, or the one to draw from the empty pool).
func (p Position) Turn() rules.Player {
	if !p.valid() {
		return rules.Terminal
	}
	return rules.Player(p.turn)
}

// Pending returns the tile drawn this turn, or NoTile and false at a
// chance node.
func (p Position) Pending() (Tile, bool) {
	if p.pending == 0 {
		return NoTile, false
	}
	return Tile(p.pending - 1), true
}

// Pool returns the tiles still face down, in order.
func (p Position) Pool() []Tile {
	var out []Tile
	for b := uint64(p.pool); b != 0; {
		out = append(out, Tile(popSquare(&b)))
	}
	return out
}

// PoolSize returns the number of tiles still face down.
func (p Position) PoolSize() int { return bits.OnesCount32(p.pool) }

// Pieces returns the squares of seat's two pieces, in ascending order,
// or two NoSquares for a seat that is not 0 or 1.
func (p Position) Pieces(seat rules.Player) [2]Square {
	if seat != 0 && seat != 1 || !p.valid() {
		return [2]Square{NoSquare, NoSquare}
	}
	b := p.pieces[seat]
	return [2]Square{popSquare(&b), popSquare(&b)}
}

// PieceAt returns the seat whose piece stands on sq, and false if no
// piece stands there (or sq is NoSquare).
func (p Position) PieceAt(sq Square) (rules.Player, bool) {
	switch {
	case !sq.IsValid():
		return 0, false
	case p.pieces[0]>>sq&1 != 0:
		return 0, true
	case p.pieces[1]>>sq&1 != 0:
		return 1, true
	}
	return 0, false
}

// DominoAt returns the tile placed on sq, or NoTile and false if there is
// none (or sq is NoSquare).
func (p Position) DominoAt(sq Square) (Tile, bool) {
	if !sq.IsValid() || p.tiles[sq] == 0 {
		return NoTile, false
	}
	return Tile(p.tiles[sq] - 1), true
}

// ToMove returns the seat to move, rules.Chance when a tile is to be
// drawn, or rules.Terminal once the game is over.
func (p Position) ToMove() rules.Player {
	switch {
	case p.lost:
		return rules.Terminal
	case p.pending != 0:
		return rules.Player(p.turn)
	case p.pool == 0:
		return rules.Terminal
	}
	return rules.Chance
}

// Outcome returns the result: a seat that draws a tile it cannot play
// loses (reason NoLegalTurn); an empty pool at the start of a turn
// is a draw (R-D2, reason PoolExhausted).
func (p Position) Outcome() rules.Outcome {
	switch {
	case p.lost:
		return rules.Win(2, NoLegalTurn, rules.Player(1-p.turn))
	case p.pending == 0 && p.pool == 0:
		if !p.valid() {
			return rules.Outcome{Reason: rules.Invalid}
		}
		return rules.Draw(2, PoolExhausted)
	}
	return rules.Outcome{}
}

// CanEnd reports whether a game of this variant can end with o's
// scores (o's Reason is ignored): o is over and scores the two seats,
// and either one seat scores 1 and the other 0 (a seat that draws a
// domino it cannot play loses, whichever seat it is) or both score ½
// (the pool runs out, R-D2). A win for both, a loss for both or any other
// split is no result of Domination.
func (p Position) CanEnd(o rules.Outcome) bool {
	if !p.valid() || !o.Over() || o.Seats() != 2 {
		return false
	}
	if _, ok := o.Winner(); ok {
		return true
	}
	return o.Score(0) == 0.5 && o.Score(1) == 0.5
}

// Hash returns the Zobrist hash of the position (see the package doc,
// "What the hash covers"): a key of the game, the pieces, the placed
// dominoes, the drawn tile and the seat to move, which determine the
// pool and whether the mover has lost.
func (p Position) Hash() uint64 { return p.hash }

// The reasons a game of Domination ends for besides rules.NoLegalMove.
var (
	// NoLegalTurn: the seat to move cannot use its drawn domino (no
	// complete turn with it) and loses.
	NoLegalTurn = rules.NewReason("no legal turn")
	// PoolExhausted: no tile is left to draw at the start of a turn: a
	// draw.
	PoolExhausted = rules.NewReason("pool exhausted")
)

var (
	zPiece   [2][64]uint64
	zDomino  [64][NumTiles]uint64
	zPending [NumTiles]uint64
	zTurn    uint64
	zGame    uint64 // in every position's hash, so that none is 0
)

func init() {
	next := zobrist.New(0xd0_3130_e5).Next
	for s := range zPiece {
		for i := range zPiece[s] {
			zPiece[s][i] = next()
		}
	}
	for i := range zDomino {
		for t := range zDomino[i] {
			zDomino[i][t] = next()
		}
	}
	for t := range zPending {
		zPending[t] = next()
	}
	zTurn = next()
	zGame = next()
}

func (p *Position) computeHash() uint64 {
	h := zGame
	for s := range 2 {
		for b := p.pieces[s]; b != 0; {
			h ^= zPiece[s][popSquare(&b)]
		}
	}
	for b := p.dominoes; b != 0; {
		sq := popSquare(&b)
		h ^= zDomino[sq][(p.tiles[sq]-1)%NumTiles]
	}
	if p.pending != 0 {
		h ^= zPending[(p.pending-1)%NumTiles]
	}
	if p.turn == 1 {
		h ^= zTurn
	}
	return h
}

// IsValid reports whether p is a position of a game: false for the zero
// Position (see the package doc, "The invalid value").
func (p Position) IsValid() bool { return p.pieces[0] != 0 }

// valid is IsValid for the package's own methods: through a pointer, the
// position is not copied to ask.
func (p *Position) valid() bool { return p.pieces[0] != 0 }
