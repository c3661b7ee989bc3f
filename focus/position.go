package focus

import (
	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/internal/zobrist"
)

// PiecesPerSeat is the number of pieces each seat has in the standard game.
const PiecesPerSeat = 18

// Position is a Focus position of any variant but Nowak's game (whose
// positions are NowakPosition): an immutable value of about 240 bytes
// with no pointers. The zero Position is the invalid value, which is no
// game (see "The invalid value" in the package doc).
type Position struct{ state }

// state is what the two position types share: the board, the reserves,
// the captures and the turn, the text, the hash, the observation and the
// symmetries. It keeps, besides the stacks, a bitboard per colour of the
// squares that colour controls, so move generation visits only the
// mover's stacks. The methods that differ between the games (the moves,
// their legality and play, the action space, the rollout) belong to
// Position and NowakPosition.
type state struct {
	board    [64]Stack
	control  [rules.MaxSeats]uint64 // squares whose top piece is each colour
	tall     uint64                 // squares with two pieces or more
	hash     uint64                 // (words first: no padding, 224 bytes to copy)
	reserve  [rules.MaxSeats]uint8  // pieces in each seat's reserve
	captured [rules.MaxSeats][rules.MaxSeats]uint8
	ply      uint32
	plyLimit uint32
	seats    uint8
	turn     colour
	variant  uint8  // variantDropSetup | variantRestricted | variantSwap | ...
	phase    uint8  // phasePlay, or a phase before normal play
	swapped  uint16 // seat 0's opening swap (squares a<<6 | b) during phaseSwap1

	// More than two seats:
	partner [rules.MaxSeats]uint8 // partner-colour pieces in each seat's reserve (teams)
	gains   [rules.MaxSeats]uint8 // pieces each seat has sent to a reserve (short game)
	first   uint8                 // bit s: seat s still owes its first-turn drop (3 players)
	passed  uint8                 // bit t: team t's last turn was a pass (teams)
	winner  uint8                 // 1 + a seat of the side that won, once decided
	reason  rules.Reason          // why, when winner is set

	blocked bool // Nowak's game: the seat to move has no legal turn
}

// Variant flags of a Position.
const (
	variantDropSetup = 1 << iota
	variantRestricted
	variantSwap
	variantTeams
	variantShort
	variantNowak
)

// Phases of a game.
const (
	phasePlay  = iota
	phaseSetup // drop setup: the seats place their pieces
	phaseSwap0 // seat 0's opening swap
	phaseSwap1 // seat 1's opening swap
)

// The reasons a game of Focus ends for besides rules.NoLegalMove and
// rules.Elimination.
var (
	// ShortGame: the mover met the short game's victory condition.
	ShortGame = rules.NewReason("short game")
	// TeamPassed: both partners of a team passed in a row; the team loses.
	TeamPassed = rules.NewReason("team passed")
)

// reasonKey is the number a position's hash mixes for the reason its
// game ended: the number each reason had before the games named their
// own (rules.Reason's numbers are a process's own), so that every hash
// stays as it was.
func reasonKey(r rules.Reason) uint64 {
	switch r {
	case rules.Elimination:
		return 3
	case ShortGame:
		return 6
	case TeamPassed:
		return 7
	}
	return 0
}

// startRows3 is the R-F5 three-player layout and startRows4 the R-F6
// four-player one, rank 8 first, '#' off the board.
var (
	startRows3 = [8]string{"##....##", "#AABBCC#", ".BBCCAA.", ".CCAABB.", ".AABBCC.", ".BBCCAA.", "#CCAABB#", "##....##"}
	startRows4 = [8]string{"##AABD##", "#DDDBDB#", "AAAABDBD", "DDDDBDBD", "CACACCCC", "CACABBBB", "#ACACCC#", "##CABB##"}
)

// startRows is the R-F1 layout, rank 8 first, '#' off the board.
var startRows = [8]string{
	"##....##",
	"#AABBAA#",
	".BBAABB.",
	".AABBAA.",
	".BBAABB.",
	".AABBAA.",
	"#BBAABB#",
	"##....##",
}

// Start returns the start of configuration c: in the standard game the
// R-F1 layout, 18 single pieces each on the central 6×6 in pairs, seat 0
// (A) to move; the layouts R-F5 and R-F6 with three and four players, an
// empty board with every piece in reserve with setup=drop. If c.Validate
// refuses c, Start returns the invalid value (the zero Position; see
// "The invalid value" in the package doc): a configuration is never
// repaired or clamped into another. Nowak's game is another type: for
// c.Nowak, Start returns the invalid value, and StartNowak the start.
func (c Config) Start() Position {
	if c.Nowak || c.Validate() != nil {
		return Position{}
	}
	return Position{c.start()}
}

// StartNowak returns the start of Nowak's game in configuration c, the
// standard layout (R-F1) with seat 0 (A) to move, or the invalid value
// unless c.Nowak is set and c.Validate accepts c.
func (c Config) StartNowak() NowakPosition {
	if !c.Nowak || c.Validate() != nil {
		return NowakPosition{}
	}
	return NowakPosition{state: c.start()}
}

// start returns the start of a configuration that Validate accepts.
func (c Config) start() state {
	p := c.empty()
	if c.DropSetup {
		p.phase = phaseSetup
		p.reserve[0], p.reserve[1] = PiecesPerSeat, PiecesPerSeat
		p.hash = p.computeHash()
		return p
	}
	if c.Swap {
		p.phase = phaseSwap0
	}
	layout := startRows
	switch c.players() {
	case 3:
		layout = startRows3
		for s := range 3 {
			p.reserve[s] = 1 // the thirteenth piece, dropped on the first turn
		}
		p.first = 0b111
	case 4:
		layout = startRows4
	}
	for i, row := range layout {
		for f := range 8 {
			if ch := row[f]; ch >= 'A' && ch <= 'D' {
				p.setStack(NewSquare(f, 7-i), makeStack(uint32(ch-'A'), 1))
			}
		}
	}
	p.hash = p.computeHash()
	return p
}

// empty returns the empty board of configuration c, which Validate
// accepts.
func (c Config) empty() state {
	p := state{seats: uint8(c.players()), plyLimit: uint32(c.PlyLimit)}
	if c.Teams {
		p.variant |= variantTeams
	}
	if c.Short {
		p.variant |= variantShort
	}
	if c.Nowak {
		p.variant |= variantNowak
	}
	if c.DropSetup {
		p.variant |= variantDropSetup
	}
	if c.RestrictedDrops {
		p.variant |= variantRestricted
	}
	if c.Swap {
		p.variant |= variantSwap
	}
	return p
}

// New returns the start of the standard game with no ply limit:
// Default.Start().
func New() Position { return Default.Start() }

// Size returns the board's files and ranks: 8, 8 (the grid; the three
// squares at each corner are not part of the board).
func (p state) Size() (files, ranks int) {
	if !p.IsValid() {
		return 0, 0
	}
	return 8, 8
}

// setStack puts s on sq and updates the control bitboards (not the hash).
func (p *state) setStack(sq Square, s Stack) {
	if old, ok := p.board[sq].top(); ok {
		p.control[old] &^= 1 << sq
	}
	p.board[sq] = s
	p.tall = p.tall&^(1<<sq) | uint64(1-s.Height())>>63<<sq
	if top, ok := s.top(); ok {
		p.control[top] |= 1 << sq
	}
}

// Config returns the position's game configuration, with Players written
// out (2, 3 or 4).
func (p state) Config() Config {
	// The invalid value has no seats and no variant: the zero Config.
	return Config{PlyLimit: int(p.plyLimit), DropSetup: p.variant&variantDropSetup != 0,
		RestrictedDrops: p.variant&variantRestricted != 0, Swap: p.variant&variantSwap != 0,
		Teams: p.variant&variantTeams != 0, Short: p.variant&variantShort != 0, Nowak: p.variant&variantNowak != 0,
		Players: int(p.seats)}
}

// pieces returns the number of pieces each seat has: 18 with two seats,
// 13 with three or four.
func (p *state) pieces() int {
	if p.seats > 2 {
		return 13
	}
	return PiecesPerSeat
}

// partnerOf returns seat's partner in team play, and false otherwise.
func (p *state) partnerOf(seat colour) (colour, bool) {
	if p.variant&variantTeams == 0 {
		return 0, false
	}
	return (seat + 2) & 3, true
}

// hasMove reports whether seat has a legal move (before any pass): a
// stack it controls or a piece in reserve (R-F2).
func (p *state) hasMove(seat colour) bool {
	return p.control[seat&3] != 0 || p.reserve[seat&3] != 0 || p.partner[seat&3] != 0
}

// Spec returns the canonical game spec.
func (p state) Spec() string {
	if !p.IsValid() {
		return ""
	}
	return p.Config().String()
}

// Seats returns the number of seats.
func (p state) Seats() int { return int(p.seats) }

// At returns the stack on sq (the empty Stack off the board).
func (p state) At(sq Square) Stack {
	if sq >= 64 {
		return 0
	}
	return p.board[sq]
}

// Reserve returns the number of pieces of seat's own colour in its
// reserve.
func (p state) Reserve(seat rules.Player) int {
	if !seat.IsSeat() {
		return 0
	}
	return int(p.reserve[seat])
}

// PartnerReserve returns the number of the partner's pieces in seat's
// reserve (team play).
func (p state) PartnerReserve(seat rules.Player) int {
	if !seat.IsSeat() {
		return 0
	}
	return int(p.partner[seat])
}

// CapturedOf returns the number of pieces of colour's seat that seat has
// captured.
func (p state) CapturedOf(seat, color rules.Player) int {
	if !seat.IsSeat() || !color.IsSeat() {
		return 0
	}
	return int(p.captured[seat][color])
}

// Gains returns the number of pieces seat has sent from the board to a
// reserve (its own colour, or its partner's in team play) so far.
func (p state) Gains(seat rules.Player) int {
	if !seat.IsSeat() {
		return 0
	}
	return int(p.gains[seat])
}

// Captured returns the number of other seats' pieces seat has captured.
func (p state) Captured(seat rules.Player) int {
	if !seat.IsSeat() {
		return 0
	}
	n := 0
	for _, c := range p.captured[seat] {
		n += int(c)
	}
	return n
}

// Controlled returns the bitboard (bit = square) of the stacks seat
// controls.
func (p state) Controlled(seat rules.Player) uint64 {
	if !seat.IsSeat() {
		return 0
	}
	return p.control[seat]
}

// Ply returns the number of plies played from the start.
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

// Turn returns the seat whose turn it is, even once the game is over (it
// is then the seat that could not move, or would have moved next).
func (p state) Turn() rules.Player { return rules.Player(p.turn) }

// stuck reports whether the seat to move has no legal move: no stack it
// controls and no reserve (R-F2), or in Nowak's game no legal turn. Only
// two-seat games end that way. The invalid value (no seats, no pieces) is
// stuck too, so the hot paths need no test of their own for it.
func (p *state) stuck() bool {
	return p.seats <= 2 && (p.control[p.turn] == 0 && p.reserve[p.turn] == 0 || p.blocked)
}

// terminal reports whether the game is over.
func (p *state) terminal() bool {
	return p.stuck() || p.winner != 0 || p.limitReached()
}

// limitReached reports whether the optional ply limit has been reached.
func (p *state) limitReached() bool {
	return p.plyLimit != 0 && p.ply >= p.plyLimit
}

// ToMove returns the seat to move, or rules.Terminal once the game is
// over. Focus has no chance nodes.
func (p state) ToMove() rules.Player { return p.toMove() }

func (p *state) toMove() rules.Player {
	if p.terminal() {
		return rules.Terminal
	}
	return rules.Player(p.turn)
}

// Outcome returns the result. The seat to move with no legal move loses
// (reason rules.NoLegalMove); this takes precedence over the ply limit,
// which otherwise ends the game as a draw (reason rules.PlyLimit).
func (p state) Outcome() rules.Outcome { return p.outcome() }

// outcome works through a pointer so that the public value method, once
// inlined, does not copy the position.
func (p *state) outcome() rules.Outcome {
	if !p.terminal() {
		return rules.Outcome{}
	}
	return p.decided()
}

func (p *state) decided() rules.Outcome {
	switch {
	case !p.IsValid():
		return rules.Outcome{Reason: rules.Invalid}
	case p.stuck():
		return rules.Win(int(p.seats), rules.NoLegalMove, rules.Player(1-p.turn))
	case p.winner != 0:
		w := rules.Player(p.winner - 1)
		if partner, ok := p.partnerOf(colour(w)); ok {
			return rules.Win(int(p.seats), p.reason, w, rules.Player(partner))
		}
		return rules.Win(int(p.seats), p.reason, w)
	case p.limitReached():
		return rules.Draw(int(p.seats), rules.PlyLimit)
	}
	return rules.Outcome{}
}

// CanEnd reports whether a game of this variant can end with o's
// scores (o's Reason is ignored): o is over and scores every seat, and
// either one seat scores 1 and every other 0 (any seat can win; every
// game but team play), or in team play the two partners, seats 0 and 2
// or seats 1 and 3, both score 1 and the others 0; or every seat scores ½,
// only when the configuration has a ply limit (R-F3). The rules of every
// variant, Nowak's game included, have no draw: a game ends only when a
// seat (a team) is left without a move, is eliminated, passes twice or
// wins the short game. CanEnd looks at the scores, not at the length of
// a game: a ply limit too short for any win still counts wins as possible.
func (p state) CanEnd(o rules.Outcome) bool {
	if !p.IsValid() {
		return false
	}
	c := p.Config()
	n := c.players()
	if !o.Over() || o.Seats() != n {
		return false
	}
	if _, ok := o.Winner(); ok {
		return !c.Teams // a lone winner: never in team play
	}
	var halves, wins uint8 // bit s: seat s scored ½, 1
	for s := range n {
		switch o.Score(rules.Player(s)) {
		case 1:
			wins |= 1 << s
		case 0.5:
			halves |= 1 << s
		}
	}
	switch {
	case halves == 1<<n-1:
		return c.PlyLimit > 0
	case halves != 0:
		return false
	}
	return c.Teams && (wins == 0b0101 || wins == 0b1010) // seats {0, 2} or {1, 3} (R-F6)
}

// Hash returns the position's Zobrist hash: everything that decides the
// game from here on, and nothing else (see "What the hash covers" in the
// package doc). It is maintained incrementally; under a ply limit the
// ply's key is folded in here, at no cost to play. No position of a game
// has hash 0 but by a 2^-64 chance.
func (p state) Hash() uint64 {
	if p.plyLimit != 0 {
		return p.hash ^ plyKey(p.ply)
	}
	return p.hash
}

// The hash is a XOR of keys, each a fixed pseudo-random function of its
// part of the position (so that the hash is XOR-incremental like a
// table-driven Zobrist hash, without a table of every stack): the
// variant, each (square, stack), the seat to move, each seat's reserve,
// partner reserve and (in the short game) gains and captures, the phase
// (with seat 0's swap), the three-player first drops, team passes and
// result, and, read by Hash, the ply under a ply limit.

func mix(x uint64) uint64 { return zobrist.Mix(x * 0x9e3779b97f4a7c15) }

func stackKey(sq Square, s Stack) uint64 {
	if s == 0 {
		return 0
	}
	return mix(1<<40 | uint64(sq)<<16 | uint64(s))
}

func reserveKey(seat colour, n uint8) uint64 {
	if n == 0 {
		return 0
	}
	return mix(2<<40 | uint64(seat)<<8 | uint64(n))
}

func capturedKey(by, color colour, n uint8) uint64 {
	if n == 0 {
		return 0
	}
	return mix(3<<40 | uint64(by)<<12 | uint64(color)<<8 | uint64(n))
}

func turnKey(seat colour) uint64 { return turnKeys[seat&3] }

// phaseKey is the key of a phase before normal play (with seat 0's swap
// during seat 1's).
func phaseKey(phase uint8, swapped uint16) uint64 {
	if phase == phasePlay {
		return 0
	}
	return mix(5<<40 | uint64(phase)<<16 | uint64(swapped))
}

var turnKeys = [4]uint64{mix(4 << 40), mix(4<<40 | 1), mix(4<<40 | 2), mix(4<<40 | 3)}

// Keys of the multi-seat state, each 0 for the empty state so that two-
// seat games hash as before.
func partnerKey(seat colour, n uint8) uint64 {
	if n == 0 {
		return 0
	}
	return mix(7<<40 | uint64(seat)<<16 | uint64(n))
}

func gainsKey(seat colour, n uint8) uint64 {
	if n == 0 {
		return 0
	}
	return mix(8<<40 | uint64(seat)<<16 | uint64(n))
}

// stateKey covers the first-drop, pass and result state.
func (p *state) stateKey() uint64 {
	if p.first == 0 && p.passed == 0 && p.winner == 0 {
		return 0
	}
	return mix(6<<40 | uint64(p.first)<<8 | uint64(p.passed)<<16 | uint64(p.winner)<<24 | reasonKey(p.reason)<<32)
}

// variantKey is the key of the configuration: the seats, the variant
// flags and the ply limit, so that the starts of two configurations never
// share a hash and no position of a game hashes to 0.
func variantKey(seats, variant uint8, plyLimit uint32) uint64 {
	return mix(10<<56 | uint64(seats)<<48 | uint64(variant)<<40 | uint64(plyLimit))
}

// plyKey is the key of the ply, part of the hash under a ply limit only.
func plyKey(ply uint32) uint64 { return mix(9<<40 | uint64(ply)) }

// computeHash computes the hash from scratch (without the ply, which
// Hash adds).
func (p *state) computeHash() uint64 {
	h := p.stateHash()
	for sq := Square(0); sq < 64; sq++ {
		h ^= stackKey(sq, p.board[sq])
	}
	return h
}

// stateHash returns the hash of everything but the board: the keys of
// computeHash but the stacks'.
func (p *state) stateHash() uint64 {
	h := variantKey(p.seats, p.variant, p.plyLimit) ^ turnKey(p.turn) ^ phaseKey(p.phase, p.swapped) ^ p.stateKey()
	for s := colour(0); s < rules.MaxSeats; s++ {
		h ^= reserveKey(s, p.reserve[s]) ^ partnerKey(s, p.partner[s]) ^ gainsKey(s, p.gains[s])
		if p.variant&variantShort == 0 {
			continue // captures decide only the short game
		}
		for c := colour(0); c < rules.MaxSeats; c++ {
			h ^= capturedKey(s, c, p.captured[s][c])
		}
	}
	return h
}

// IsValid reports whether p is a position of a game: false for the zero
// Position (see the package doc, "The invalid value").
func (p state) IsValid() bool { return p.seats != 0 }
