package focus

import (
	"math/bits"
	"strconv"

	"github.com/tabletop-go/rules"
)

// unreachable checks a parsed position, its pieces already counted,
// against what the rules can produce, and returns the offset and message
// of the first contradiction, or "" if it finds none. Each check is a
// fact every position reached by legal play from the start satisfies:
//
//   - the ply limit ends the game at that ply, so no ply is past it;
//   - turns follow the ply: two seats alternate, team play goes round
//     the four seats (a pass is a ply), three seats start with their
//     first-turn drops in order;
//   - a move or drop leaves the mover's piece (in team play, its team's)
//     on top of a stack, so the seat that moved last controls one;
//   - the phases take their plies: the drop setup the first 36, one per
//     piece placed, on empty squares or own stacks, capturing nothing; the
//     opening swaps plies 0 and 1;
//   - a won: token agrees with the board: the winner's move was the last
//     ply and it left what the reason says;
//   - in the short game no side has reached the victory unless it won by
//     it, and no seat holds more in reserve than it has sent there;
//   - the ply is enough for the board (see tooFewPlies): for the pieces
//     lying on others and removed from the board, for the places where a
//     piece lies on another colour, and for the squares that differ from
//     the start;
//   - at ply 0 the position is the start, and at plies 1 and 2 one that
//     one or two legal plies from the start give (see earlyPlay).
//
// The start may be any of its images under the symmetries of the board
// (see anyImage), whose games are the images of the start's games.
func (p *state) unreachable(c Config, at *fieldOffsets) (int, string) {
	// One check after another, called directly: through a table of
	// functions p would escape to the heap.
	if at, msg := p.unreachableTurns(c, at); msg != "" {
		return at, msg
	}
	if at, msg := p.unreachablePhases(c, at); msg != "" {
		return at, msg
	}
	if at, msg := p.unreachableSeats(c, at); msg != "" {
		return at, msg
	}
	if at, msg := p.unreachableResult(c, at); msg != "" {
		return at, msg
	}
	return p.unreachableFromStart(c, at)
}

// unreachableTurns checks the ply limit, the turn order and that the
// seat that moved last (of two) controls a stack.
func (p *state) unreachableTurns(_ Config, at *fieldOffsets) (int, string) {
	seats := colour(p.seats)
	teams := p.variant&variantTeams != 0
	ply := strconv.FormatUint(uint64(p.ply), 10)
	if p.plyLimit != 0 && p.ply > p.plyLimit {
		return at.ply, "the ply limit " + strconv.Itoa(int(p.plyLimit)) + " ended the game at that ply; it cannot be passed"
	}

	// Turn order.
	switch {
	case seats == 2 && colour(p.ply%2) != p.turn:
		return at.turn, "at ply " + ply + " seat " + letter(colour(p.ply%2)) + " is to move: two seats alternate, A first"
	case teams && colour(p.ply%4) != p.turn:
		return at.turn, "at ply " + ply + " seat " + letter(colour(p.ply%4)) +
			" is to move: in team play the four seats move in turn, A first, and a pass is a ply"
	case seats == 3 && p.ply < 3 && colour(p.ply) != p.turn:
		return at.turn, "at ply " + ply + " seat " + letter(colour(p.ply)) +
			" is to move: the first three plies are the seats' first-turn drops, A first"
	}

	// Two seats: the seat that moved last has its piece on top somewhere.
	setupStart := p.phase == phaseSetup && p.reserve[0] == PiecesPerSeat && p.reserve[1] == PiecesPerSeat
	if seats == 2 && !setupStart && p.control[1-p.turn&1] == 0 {
		return at.turn, "seat " + letter(1-p.turn&1) + " controls no stack, yet it moved last: every move and drop leaves the mover's piece on top"
	}

	return 0, ""
}

// unreachablePhases checks the plies of the drop setup and the opening
// swaps.
func (p *state) unreachablePhases(c Config, at *fieldOffsets) (int, string) {
	tokenAt := at.tokenAt
	// Phases.
	switch {
	case p.variant&variantDropSetup != 0 && p.phase == phaseSetup:
		if placed := 2*PiecesPerSeat - int(p.reserve[0]) - int(p.reserve[1]); int(p.ply) != placed {
			return at.ply, "in the setup each ply places one piece: " + strconv.Itoa(placed) + " are placed, so the ply is " + strconv.Itoa(placed)
		}
		for s := range 2 {
			if p.captured[s][1-s] != 0 {
				return at.captures, "nothing is captured during the setup"
			}
		}
		for sq := range p.board {
			if st := p.board[sq]; st.Height() > 1 && uint32(st)&colorsMask != uniform(st) {
				return 0, "a stack of two colours on " + Square(sq).String() + ": in the setup a seat places only on empty squares and its own stacks"
			}
		}
	case p.variant&variantDropSetup != 0 && p.ply < 2*PiecesPerSeat:
		return at.ply, "the drop setup takes the first 36 plies, so play starts at ply 36"
	case p.variant&variantSwap != 0 && p.phase == phaseSwap0 && p.ply != 0:
		return tokenAt(tokenPhase), "seat 0's opening swap is ply 0"
	case p.variant&variantSwap != 0 && p.phase == phaseSwap1:
		if p.ply != 1 {
			return tokenAt(tokenPhase), "seat 1's opening swap is ply 1"
		}
		start := c.Start()
		m := SwapMove(Square(p.swapped>>6), Square(p.swapped&63))
		if !anyImage(start, func(s Position) bool { return s.Legal(m) == nil && s.PlayUnchecked(m).state == *p }) {
			return tokenAt(tokenPhase), "the position is not the start after seat 0's swap " + m.String() + " (nor its image under a symmetry of the board)"
		}
	case p.variant&variantSwap != 0 && p.phase == phasePlay && p.ply < 2:
		return tokenAt(tokenPhase), "the opening swaps are plies 0 and 1, so play starts at ply 2"
	}

	return 0, ""
}

// unreachableSeats checks what three seats owe and what team play
// never captures.
func (p *state) unreachableSeats(_ Config, at *fieldOffsets) (int, string) {
	seats := colour(p.seats)
	teams := p.variant&variantTeams != 0
	ply := strconv.FormatUint(uint64(p.ply), 10)
	tokenAt := at.tokenAt
	// Three seats: the seats owing their first-turn drop are those that
	// have not moved, and before all three have dropped nothing is removed.
	if seats == 3 {
		want := uint8(0b111<<min(p.ply, 3)) & 0b111
		if p.first != want {
			return tokenAt(tokenFirst), "at ply " + ply + " the seats owing their first-turn drop are " + letters(want) +
				": the first three plies are those drops, A first"
		}
		if p.first != 0 {
			for s := range colour(3) {
				if int(p.reserve[s]) != int(p.first>>s&1) || p.gains[s] != 0 || p.captured[s] != [rules.MaxSeats]uint8{} {
					return at.captures, "before the first-turn drops are made nothing leaves the board: a seat's reserve is the piece it still owes"
				}
			}
		}
	}

	if teams {
		for s := range colour(4) {
			if p.captured[s][(s+2)&3] != 0 {
				return at.captures, "in team play a partner's pieces go to the reserve, never captured"
			}
		}
	}

	return 0, ""
}

// unreachableResult checks the result, or the last move of a game that
// goes on, and the short game's victory.
func (p *state) unreachableResult(_ Config, at *fieldOffsets) (int, string) {
	seats := colour(p.seats)
	tokenAt := at.tokenAt
	// The result, or the last move of a game that goes on.
	if seats > 2 && p.ply > 0 {
		if p.winner != 0 {
			if at, msg := p.unreachableEnd(tokenAt(tokenWon), at); msg != "" {
				return at, msg
			}
		} else if at, msg := p.unreachableLastMove(tokenAt(tokenPassed), at); msg != "" {
			return at, msg
		}
	} else if p.winner != 0 {
		return tokenAt(tokenWon), "the game is decided before its first move"
	}

	// The short game: a side that reached the victory won at once.
	if p.variant&variantShort != 0 {
		for s := range seats {
			if p.shortWin(s) && !(p.reason == ShortGame && p.onWinningSide(s)) {
				return tokenAt(tokenGains), "seat " + letter(s) + " has reached the short-game victory (R-F9), so the game would have ended"
			}
			first := int(p.first >> s & 1)
			if held := int(p.reserve[s]) + int(p.partner[s]); held > int(p.gains[s])+first {
				return tokenAt(tokenGains), "seat " + letter(s) + " holds " + strconv.Itoa(held) + " pieces in reserve but has sent only " +
					strconv.Itoa(int(p.gains[s])) + " there"
			}
		}
	}

	return 0, ""
}

// unreachableFromStart checks the first plies against the start, played
// by the rules of c's game.
func (p *state) unreachableFromStart(c Config, at *fieldOffsets) (int, string) {
	if c.Nowak {
		return fromStart(p, c.StartNowak(), at)
	}
	return fromStart(p, c.Start(), at)
}

// game is what the first plies' check needs of a position type.
type game[P any] interface {
	comparable
	AppendMoves([]Move) []Move
	PlayUnchecked(Move) P
	Transform(int) P
	core() state
}

// core returns the state the position type wraps.
func (p Position) core() state { return p.state }

// core returns the state the position type wraps.
func (p NowakPosition) core() state { return p.state }

// fromStart is unreachableFromStart with the start of p's game.
func fromStart[P game[P]](p *state, start P, at *fieldOffsets) (int, string) {
	if p.ply == 0 && !anyImage(start, func(s P) bool { return s.core() == *p }) {
		return at.ply, "at ply 0 the position is the start of the game (or its image under a symmetry of the board)"
	}
	s := start.core()
	if msg := p.tooFewPlies(&s); msg != "" {
		return at.ply, msg
	}
	early := func(s P) bool { return earlyPlay(p, s) }
	switch {
	case p.ply == 1 && !anyImage(start, early):
		return at.ply, "no legal ply from the start gives this position (nor from its image under a symmetry of the board)"
	case p.ply == 2 && !anyImage(start, early):
		return at.ply, "no two legal plies from the start give this position (nor from its image under a symmetry of the board)"
	}
	return 0, ""
}

// anyImage reports whether ok holds for the start or one of its images
// under the symmetries of the board. The rules are the same on the
// transformed board, so a position is read when play from one of the
// images could give it: the position texts read back the images of the
// positions of a game (Transform), as well as the positions themselves.
func anyImage[P game[P]](start P, ok func(s P) bool) bool {
	if ok(start) {
		return true
	}
	for k := 1; k < numSymmetries; k++ {
		if image := start.Transform(k); image != start && ok(image) {
			return true
		}
	}
	return false
}

// tooFewPlies checks the ply against three counts of the board, each of
// which a ply can raise only by a bounded step, and returns the message
// of the first that the ply cannot have reached, or "".
//
// Stacked and removed pieces. Let H be the pieces lying on another piece
// (the sum over the stacks of their height less one) and R the pieces
// removed from the board so far (captured or sent to a reserve). A ply
// raises H+R by at most one. The pieces a move carries keep lying on one
// another, and its bottom piece lay on another piece unless the whole
// stack moved: a move onto an empty square raises neither (and lowers H
// when part of the stack stays), a move onto a stack raises H by one
// exactly when the whole stack moves (a Nowak capture lands the movers
// on the jumped stack, as a move onto a stack does); a drop onto a stack
// raises H by one; each piece removed from a stack's bottom moves one
// from H to R; swaps and passes change neither. Every
// start has H = R = 0, and the opening swaps and the three-player first
// drops (on empty squares) raise neither, so H+R is at most the plies
// played after them. R is not in the text, but it is at least the
// captured pieces plus every piece in a reserve that is not one the seat
// started with (in the short game, exactly the captures plus the gains):
// once a seat has made its first drop (three players) or its setup
// placements, whatever its reserve holds came from the board. In the
// two-seat game this says that the stacks fall by at most one a ply: H+R
// is 36 less the stacks.
//
// Colours in stacks. Call a place in a stack where a piece lies directly
// on a piece of another colour a seam. A ply makes at most one seam:
// where the moving pieces (or the dropped piece) land on a stack, or
// where a Nowak capture puts the movers on the jumped stack; the moving
// pieces keep their seams, and splitting a stack or removing pieces from
// its bottom only removes seams. No start has any, nor do the opening
// phases make any (the drop setup places on empty squares and own stacks
// only; the first drops and swaps involve single pieces), so the seams
// are at most the plies after the opening. (Seams are at most H, so this
// says more than the count above only after the drop setup, whose
// placements raise H without making seams.)
//
// Squares. A ply changes at most two squares (a move its origin and
// destination, a drop one, a swap two, a pass none); a Nowak turn four
// (the drop, the origin, the jumped stack and the landing square). So at
// most 2 (4) squares a ply differ from the start (from its nearest image
// under a symmetry of the board, whose games are the images of the
// start's).
func (p *state) tooFewPlies(start *state) string {
	ply := int(p.ply)
	var stacked, seams, changed int
	changed = p.changedFrom(start)
	for sq := Square(0); sq < 64; sq++ {
		st := p.board[sq]
		h := st.Height()
		if h == 0 {
			continue
		}
		stacked += h - 1
		for i := 1; i < h; i++ {
			if st.piece(i) != st.piece(i-1) {
				seams++
			}
		}
	}
	removed := 0
	for s := range int(p.seats) {
		for c := range int(p.seats) {
			removed += int(p.captured[s][c])
		}
		switch {
		case p.variant&variantShort != 0:
			removed += int(p.gains[s])
		case p.first>>s&1 != 0 || p.phase == phaseSetup:
			// The reserve still holds the pieces the seat started with.
		default:
			removed += int(p.reserve[s]) + int(p.partner[s])
		}
	}
	// The plies of the opening that raise neither H+R nor the seams.
	flat, seamless := 0, 0
	switch {
	case p.variant&variantSwap != 0:
		flat, seamless = 2, 2
	case p.seats == 3:
		flat, seamless = 3, 3
	case p.variant&variantDropSetup != 0:
		seamless = 2 * PiecesPerSeat
	}
	perPly := 2
	if p.variant&variantNowak != 0 {
		perPly = 4
	}
	n := strconv.Itoa(ply)
	if sum := stacked + removed; sum > 0 && ply < sum+flat {
		return "ply " + n + " is too early for the board: " + strconv.Itoa(stacked) + " pieces lie on other pieces and " +
			strconv.Itoa(removed) + " (at least) have left the board, which takes " + strconv.Itoa(sum+flat) +
			" plies, as a ply adds at most one to that sum (and the opening none)"
	}
	if seams > 0 && ply < seams+seamless {
		return "ply " + n + " is too early for the stacks' " + strconv.Itoa(seams) + " places where a piece lies on another colour, which take " +
			strconv.Itoa(seams+seamless) + " plies, as a ply makes at most one (and the opening none)"
	}
	if need := (changed + perPly - 1) / perPly; ply < need {
		return "ply " + n + " is too early for the " + strconv.Itoa(changed) + " squares that differ from the start, which take " +
			strconv.Itoa(need) + " plies, as a ply changes at most " + strconv.Itoa(perPly)
	}
	return ""
}

// changedFrom returns the number of squares where p's board differs from
// start's, or from its nearest image under a symmetry of the board.
func (p *state) changedFrom(start *state) int {
	fewest := 64
	for k := range numSymmetries {
		sym := &symSquare[k]
		changed := 0
		for sq := range p.board {
			if start.board[sq] != p.board[sym[sq]&63] {
				changed++
			}
		}
		fewest = min(fewest, changed)
	}
	return fewest
}

// earlyPlay reports whether one or two legal plies (p.ply) from start
// give p: it tries them all, skipping second plies that cannot change
// every square where the first ply's position and p differ.
func earlyPlay[P game[P]](p *state, start P) bool {
	firsts := start.AppendMoves(make([]Move, 0, stackRoom))
	var seconds []Move
	for _, m1 := range firsts {
		q := start.PlayUnchecked(m1)
		if p.ply == 1 {
			if q.core() == *p {
				return true
			}
			continue
		}
		qs := q.core()
		diff := boardDiff(&qs, p)
		if bits.OnesCount64(diff) > 4 {
			continue // a ply changes at most four squares
		}
		seconds = q.AppendMoves(seconds[:0])
		for _, m2 := range seconds {
			if diff&^touched(m2) == 0 && q.PlayUnchecked(m2).core() == *p {
				return true
			}
		}
	}
	return false
}

// boardDiff returns the squares where the stacks of p and q differ.
func boardDiff(p, q *state) uint64 {
	var diff uint64
	for sq := range p.board {
		if p.board[sq] != q.board[sq] {
			diff |= 1 << sq
		}
	}
	return diff
}

// touched returns a superset of the squares that playing m can change:
// its squares, and those between the origin and destination of a move (a
// Nowak capture's jumped stack).
func touched(m Move) uint64 {
	switch m >> kindShift {
	case kindStack, kindNowak:
		from, to := m.From(), m.To()
		between := uint64(0)
		if d := lineDistance[from][to]; d >= 2 {
			between = within[from][d-1] & within[to][d-1]
		}
		t := 1<<from | 1<<to | between
		if m.IsNowakTurn() {
			t |= 1 << m.NowakDrop()
		}
		return t
	case kindDrop:
		return 1 << m.To()
	case kindSwap:
		return 1<<m.From() | 1<<m.To()
	}
	return 0
}

// unreachableEnd checks a won: token of a game of three or four seats
// against the last ply, which made the result.
func (p *state) unreachableEnd(wonAt int, at *fieldOffsets) (int, string) {
	seats := colour(p.seats)
	w := colour(p.winner - 1)
	last := (p.turn + seats - 1) % seats // the seat before the one to move
	won := "won:" + letter(w) + ":" + reasonWords[p.reason]
	side := p.control[w]
	if partner, ok := p.partnerOf(w); ok {
		side |= p.control[partner]
	}
	switch p.reason {
	case TeamPassed:
		switch {
		case p.turn != w:
			return at.turn, "after a team's second pass the seat to move is the winner, " + letter(w)
		case p.passed>>(last&1)&1 == 0:
			return wonAt, won + ", but seat " + letter(last) + "'s team did not pass at its last turn (passed:)"
		case p.hasMove(last):
			return wonAt, won + ", but seat " + letter(last) + ", which passed last, has a move"
		}
		return 0, ""
	case rules.Elimination:
		for s := range seats {
			if s != w && (!p.isPartner(w, s)) && p.hasMove(s) {
				return wonAt, won + ", but seat " + letter(s) + " can still move"
			}
		}
		if p.variant&variantTeams == 0 && p.turn != w {
			return at.turn, "when the mover eliminates every opponent, every other seat is skipped: the seat to move is the winner, " + letter(w)
		}
	case ShortGame:
		if !p.shortWin(w) {
			return wonAt, won + ", but seat " + letter(w) + " has not reached the short-game victory (R-F9)"
		}
	}
	switch {
	case (p.variant&variantTeams != 0 || p.reason == ShortGame) && last != w:
		return at.turn, "the winning move was the last ply, so the seat to move is the one after the winner, " + letter((w+1)%seats)
	case side == 0:
		return wonAt, won + ", but seat " + letter(w) + " controls no stack: its winning move left its piece on top"
	case p.passed>>(w&1)&1 != 0:
		return wonAt, won + ", but the winner's team passed at its last turn"
	}
	return 0, ""
}

// unreachableLastMove checks a game of three or four seats that goes on
// against its last ply.
func (p *state) unreachableLastMove(passedAt int, at *fieldOffsets) (int, string) {
	seats := colour(p.seats)
	if p.variant&variantTeams == 0 {
		// R-F7: the last mover is the nearest seat before the one to move
		// that can move; the seats between were skipped.
		for k := colour(1); k < seats; k++ {
			s := (p.turn + seats - k) % seats
			if !p.hasMove(s) {
				continue
			}
			if p.control[s] == 0 {
				return at.turn, "seat " + letter(s) + " moved last (the seats after it were skipped), yet it controls no stack"
			}
			return 0, ""
		}
		return at.turn, "no seat but the one to move can move, so the last move won the game (R-F7)"
	}
	last := (p.turn + 3) & 3
	if p.passed>>(last&1)&1 != 0 {
		if p.hasMove(last) {
			return passedAt, "seat " + letter(last) + " passed at its team's last turn, yet it has a move"
		}
		return 0, ""
	}
	if p.control[last]|p.control[last^2] == 0 {
		return at.turn, "seat " + letter(last) + " moved last, yet its team controls no stack"
	}
	if !p.hasMove(p.turn) && !p.hasMove(p.turn^2) {
		return at.turn, "neither " + letter(p.turn) + " nor " + letter(p.turn^2) + " can move, so " + letter(last) + "'s last move won the game"
	}
	return 0, ""
}

// isPartner reports whether a and b are partners in team play.
func (p *state) isPartner(a, b colour) bool {
	partner, ok := p.partnerOf(a)
	return ok && partner == b
}

// onWinningSide reports whether seat s won or is the winner's partner.
func (p *state) onWinningSide(s colour) bool {
	return p.winner != 0 && (colour(p.winner-1) == s || p.isPartner(colour(p.winner-1), s))
}

// uniform returns the colour bits of a stack of st's height all of the
// colour of its top piece.
func uniform(st Stack) uint32 {
	top, _ := st.top()
	var colors uint32
	for i := range st.Height() {
		colors |= uint32(top) << (2 * uint(i))
	}
	return colors
}

func letter(s colour) string { return string(rune('A' + s&3)) }

// letters returns the seat letters of a set of seats, or "none".
func letters(set uint8) string {
	out := ""
	for s := range colour(4) {
		if set>>s&1 != 0 {
			out += letter(s)
		}
	}
	if out == "" {
		return "none"
	}
	return out
}
