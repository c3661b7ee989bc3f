package focus

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
)

// buildMulti makes a position of a game of three or four seats from its
// stacks, seat to move, reserves ("n" or "n+m") and state tokens; each
// colour's missing pieces count as captured by the next seat, and the ply
// is 200 plus the seat to move's number (A at multiples of 4 in team
// play): late enough for any board (see tooFewPlies).
func buildMulti(t testing.TB, spec string, stacks map[string]string, toMove string, reserves []string, tokens ...string) Position {
	t.Helper()
	c := mustSpec(t, spec)
	n := c.players()
	var have [4]int
	for _, s := range stacks {
		for i := 0; i < len(s); i++ {
			have[s[i]-'A']++
		}
	}
	for s, r := range reserves {
		own, partner, ok := strings.Cut(r, "+")
		k, _ := strconv.Atoi(own)
		have[s] += k
		if ok {
			m, _ := strconv.Atoi(partner)
			have[(s+2)%4] += m
		}
	}
	captures := make([]string, n)
	for s := range n {
		captures[s] = "0"
	}
	for col := range n {
		if missing := 13 - have[col]; missing > 0 {
			by := (col + 1) % n
			if captures[by] == "0" {
				captures[by] = ""
			}
			captures[by] += string(rune('A'+col)) + strconv.Itoa(missing)
		}
	}
	// Capture entries list colours in order.
	for by := range n {
		if captures[by] == "0" {
			continue
		}
		var parts []string
		for i := 0; i < len(captures[by]); {
			j := i + 1
			for j < len(captures[by]) && captures[by][j] >= '0' && captures[by][j] <= '9' {
				j++
			}
			parts = append(parts, captures[by][i:j])
			i = j
		}
		sortStrings(parts)
		captures[by] = strings.Join(parts, "")
	}
	text := boardText(stacks) + " " + toMove + " " + strings.Join(reserves, ",") + " " + strings.Join(captures, ",") + " " + strconv.Itoa(200+int(toMove[0]-'A'))
	if len(tokens) > 0 {
		text += " " + strings.Join(tokens, " ")
	}
	p, err := c.ParsePosition(text)
	require.NoError(t, err, text)
	return p
}

func sortStrings(s []string) {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
}

func TestRF5_ThreePlayerLayout(t *testing.T) {
	p := mustSpec(t, "focus(players=3)").Start()
	assert.Equal(t, "focus(players=3) 4/AABBCC/1BBCCAA1/1CCAABB1/1AABBCC1/1BBCCAA1/CCAABB/4 A 1,1,1 0,0,0 0 first:ABC", p.String())
	assert.Equal(t, 3, p.Seats())
	for s := range 3 {
		assert.Equal(t, 1, p.Reserve(rules.Player(s)), "the thirteenth piece is in reserve")
	}
}

func TestRF5_TheFirstTurnDropsTheReservePieceOnAnEmptySquare(t *testing.T) {
	p := mustSpec(t, "focus(players=3)").Start()
	moves := p.AppendMoves(nil)
	require.Len(t, moves, NumSquares-36, "a drop on each empty square, nothing else")
	for _, m := range moves {
		assert.True(t, m.IsDrop())
	}
	stack, _ := p.ParseMove("b7-b8")
	assert.ErrorIs(t, p.Legal(stack), ErrFirstDrop)
	onStack, _ := p.ParseMove("*b7")
	assert.ErrorIs(t, p.Legal(onStack), ErrFirstDrop)
	q := mustPlay(t, p, "*a3", "*h3", "*c1")
	assert.Equal(t, rules.Player(0), q.ToMove())
	assert.NotContains(t, q.String(), "first:")
	assert.Greater(t, len(q.AppendMoves(nil)), NumSquares-36, "now stack moves too")
}

func TestRF6_FourPlayerLayout(t *testing.T) {
	p := mustSpec(t, "focus(players=4)").Start()
	assert.Equal(t, "focus(players=4) AABD/DDDBDB/AAAABDBD/DDDDBDBD/CACACCCC/CACABBBB/ACACCC/CABB A 0,0,0,0 0,0,0,0 0", p.String())
	for s := range 4 {
		n := 0
		for sq := Square(0); sq < 64; sq++ {
			if top, ok := p.At(sq).Top(); ok && int(top) == s {
				n++
			}
		}
		assert.Equal(t, 13, n, "seat %d", s)
	}
}

func TestRF7_ASeatWithNoMoveIsSkippedAndMayComeBack(t *testing.T) {
	// B's only piece is under A's on c3, and B has no reserve.
	p := buildMulti(t, "focus(players=3)", map[string]string{"c3": "BA", "h4": "A", "e5": "C", "g6": "C"}, "A", []string{"0", "0", "0"})
	skipped := mustPlay(t, p, "h4-h5")
	assert.Equal(t, rules.Player(2), skipped.ToMove(), "B has no move: skipped")
	assert.Equal(t, p.Ply()+1, skipped.Ply(), "a skipped seat makes no ply")
	back := mustPlay(t, p, "c3-c4")
	assert.Equal(t, rules.Player(1), back.ToMove(), "A's split leaves B's piece on top: B comes back")
	assert.Equal(t, "B", at(back, "c3"))
}

func TestRF7_TheMoverWinsWhenNoOpponentCanMove(t *testing.T) {
	p := buildMulti(t, "focus(players=3)", map[string]string{"c3": "A", "c4": "B", "e5": "CA"}, "A", []string{"0", "0", "0"})
	q := mustPlay(t, p, "c3-c4")
	assert.Equal(t, rules.Terminal, q.ToMove())
	assert.Equal(t, "1-0-0", q.Outcome().Result())
	assert.Equal(t, rules.Elimination, q.Outcome().Reason)
	assert.Contains(t, q.String(), "won:A:elimination")
	back, err := q.Config().ParsePosition(q.String())
	require.NoError(t, err)
	assert.Equal(t, q.Outcome(), back.Outcome())
}

func TestRF8_PartnerPiecesGoToTheReserveAndMayBeDropped(t *testing.T) {
	// A moves two pieces onto C-B-D-C (C is A's partner): 6 high, the
	// bottom C goes to A's reserve; then A may drop it (C*...).
	p := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"d3": "AA", "d5": "CBDC", "h4": "B", "a5": "C", "g6": "D"}, "A", []string{"0", "0", "0", "0"})
	q := mustPlay(t, p, "d3-d5")
	assert.Equal(t, 1, q.PartnerReserve(0))
	assert.Equal(t, 0, q.Reserve(0))
	assert.Equal(t, "BDCAA", at(q, "d5"))
	assert.Contains(t, q.String(), " 0+1,")
	// Back to A later: its moves include C drops.
	r := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"d5": "BDCAA", "h4": "B", "a5": "C", "g6": "D"}, "A", []string{"0+1", "0", "0", "0"})
	drop, err := r.ParseMove("C*e4")
	require.NoError(t, err)
	require.NoError(t, r.Legal(drop))
	s := mustPlay(t, r, "C*e4")
	assert.Equal(t, "C", at(s, "e4"), "the dropped partner piece gives the partner control")
	bad, _ := r.ParseMove("B*e4")
	assert.ErrorIs(t, r.Legal(bad), ErrDropColor)
}

func TestRF8_ATeamLosesWhenBothPartnersPassInARow(t *testing.T) {
	// B and D control nothing and have no reserve, nor has A, which
	// passed last. B passes; C's move uncovers a B piece on e5 (so the
	// game goes on), but D still has no move and passes too: team B-D
	// loses.
	p := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"c3": "AC", "e5": "BC", "g6": "DC"}, "B", []string{"0", "0", "0", "0"}, "passed:AC")
	assert.Equal(t, []Move{Pass}, p.AppendMoves(nil), "B has no move: it must pass")
	m, _ := p.ParseMove("c3-c4")
	assert.ErrorIs(t, p.Legal(m), ErrMustPass)
	q := mustPlay(t, p, "pass")
	assert.Contains(t, q.String(), "passed:ACBD", "both teams passed at their last turn")
	q = mustPlay(t, q, "e5-e6")
	assert.Equal(t, rules.Player(3), q.ToMove(), "B can move again, so the game goes on")
	q = mustPlay(t, q, "pass")
	assert.Equal(t, rules.Terminal, q.ToMove())
	assert.Equal(t, "1-0-1-0", q.Outcome().Result())
	assert.Equal(t, TeamPassed, q.Outcome().Reason)

	a := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"c3": "A", "e5": "BC", "g6": "DA"}, "A", []string{"0", "0", "0", "0"}, "passed:BD")
	pass, _ := a.ParseMove("pass")
	assert.ErrorIs(t, a.Legal(pass), ErrNoPass, "a seat with a move may not pass")
}

func TestRF8_ATeamWinsWhenBothOpponentsCannotMove(t *testing.T) {
	// A takes B's last controlled stack; D has nothing either: team A-C
	// wins at once, no passes needed.
	p := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"c3": "A", "c4": "B", "e5": "DC"}, "A", []string{"0", "0", "0", "0"})
	q := mustPlay(t, p, "c3-c4")
	assert.Equal(t, rules.Terminal, q.ToMove())
	assert.Equal(t, "1-0-1-0", q.Outcome().Result())
	assert.Equal(t, rules.Elimination, q.Outcome().Reason)
}

func TestRF8_APassThenAPartnersMoveClearsThePass(t *testing.T) {
	// B passes; D has a move and makes it: team 1's pass streak is broken.
	p := buildMulti(t, "focus(players=4,teams=true)", map[string]string{"c3": "BA", "e5": "DC", "h4": "A", "g6": "D"}, "B", []string{"0", "0", "0", "0"})
	q := mustPlay(t, p, "pass", "e5-e6", "g6-g7")
	assert.NotContains(t, q.String(), "passed:")
}

func TestRF9_ShortGameByCapturesOfEveryOpponent(t *testing.T) {
	// A has captured 3 B and 2 C; trimming one more C wins at once. (The
	// others have removed too little to have won already.)
	text := boardText(map[string]string{"d3": "A", "d4": "CBBBB", "h4": "B", "e5": "C", "a4": "AAAAA", "a5": "AAAAA",
		"b3": "BBBB", "c5": "CCCCC", "c6": "CCCC"}) + " A 0,0,0 B3C2,A2,B1 60 gains:0,0,0"
	p, err := mustSpec(t, "focus(players=3,short=true)").ParsePosition(text)
	require.NoError(t, err)
	q := mustPlay(t, p, "d3-d4")
	assert.Equal(t, "1-0-0", q.Outcome().Result())
	assert.Equal(t, ShortGame, q.Outcome().Reason)
}

func TestRF9_ShortGameByTenPiecesRemovedInAll(t *testing.T) {
	// A has removed 9 (5 captured, 4 sent to its reserve): one more wins.
	text := boardText(map[string]string{"d3": "A", "d4": "ABBBB", "h4": "B", "e5": "C", "a4": "AAAAA",
		"c5": "CCCCC", "c6": "CCCCC"}) + " A 4,0,0 B5,A2C2,B3 60 gains:4,0,0"
	p, err := mustSpec(t, "focus(players=3,short=true)").ParsePosition(text)
	require.NoError(t, err)
	q := mustPlay(t, p, "d3-d4")
	assert.Equal(t, "1-0-0", q.Outcome().Result(), "the bottom A goes to A's reserve: the tenth removal")
	assert.Equal(t, 5, q.Gains(0))
	assert.Contains(t, q.String(), "gains:5,0,0")
}

func TestMultiSeatPerft(t *testing.T) {
	for spec, want := range map[string][3]uint64{
		"focus(players=3)":            {16, 16 * 15, 16 * 15 * 14},
		"focus(players=4)":            {0, 0, 0},
		"focus(players=4,teams=true)": {0, 0, 0},
	} {
		p := mustSpec(t, spec).Start()
		for d := 1; d <= 3; d++ {
			got := rules.Perft(p, d)
			if want[d-1] != 0 {
				assert.Equal(t, want[d-1], got, "%s perft(%d)", spec, d)
			}
			assert.NotZero(t, got, spec)
		}
	}
}

func TestMultiSeatContract(t *testing.T) {
	configs := []string{"focus(players=3)", "focus(players=4)", "focus(players=4,teams=true)",
		"focus(players=3,short=true)", "focus(players=4,teams=true,short=true,drops=restricted)", "focus(players=4,short=true,plylimit=50)"}
	conformance.Run(t, conformance.Game[Position, Move]{
		Start: func(t *rapid.T) Position {
			c, _ := ParseSpec(rapid.SampledFrom(configs).Draw(t, "spec"))
			return c.Start()
		},
		Parse:   func(p Position, text string) (Position, error) { return p.Config().ParsePosition(text) },
		OffGrid: offGrid,
		Decides: decides,
		Candidates: func(p Position) []Move {
			out := []Move{Pass}
			for s := Square(0); s < 64; s++ {
				out = append(out, Drop(s), Drop(s)|1<<12, Drop(s)|3<<12, StackMove(s, s+1), StackMove(s, s+8&63))
			}
			return out
		},
		MaxPlies:   200,
		MaxMoves:   MaxLegalMoves,
		Invariants: checkMultiInvariants,
	})
}

// checkMultiInvariants: every colour's 13 pieces are on the board, in a
// reserve or captured; heights 1..5; the control bitboards match; the
// seat to move (individual play) has a move.
func checkMultiInvariants(t *rapid.T, p Position) {
	checkTall(t, p)
	var pieces [4]int
	for sq := Square(0); sq < 64; sq++ {
		s := p.board[sq]
		if h := s.Height(); h > 0 {
			if !sq.OnBoard() || h > MaxHeight {
				t.Fatalf("stack of %d on %v", h, sq)
			}
			for i := range h {
				pieces[s.Piece(i)]++
			}
			top, _ := s.Top()
			if p.control[top]>>sq&1 == 0 {
				t.Fatalf("control bitboard misses %v", sq)
			}
		}
	}
	for col := range int(p.seats) {
		total := pieces[col] + int(p.reserve[col])
		if partner, ok := p.partnerOf(colour(col)); ok {
			total += int(p.partner[partner])
		}
		for by := range int(p.seats) {
			total += int(p.captured[by][col])
		}
		if total != 13 {
			t.Fatalf("colour %d has %d pieces in all: %s", col, total, p)
		}
	}
	if p.ToMove().IsSeat() && p.variant&variantTeams == 0 && !p.hasMove(p.turn) {
		t.Fatalf("seat %v to move with no move: %s", p.ToMove(), p)
	}
}
