package domination

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
)

// build makes a position from piece squares, placed dominoes and the tile
// drawn ("" for none); the pool is every other tile. It reads the text
// without ParsePosition's check that a board with fewer than two
// dominoes is one play reaches, so that a test can put the pieces
// anywhere.
func build(t testing.TB, x, o []string, dominoes map[string]string, toMove, pending string) Position {
	t.Helper()
	var cells [8][8]string
	for _, s := range x {
		cells[s[0]-'a'][s[1]-'1'] = "A"
	}
	for _, s := range o {
		cells[s[0]-'a'][s[1]-'1'] = "B"
	}
	used := map[Tile]bool{}
	for s, d := range dominoes {
		tile, err := parseTile(d)
		require.NoError(t, err)
		used[tile] = true
		cells[s[0]-'a'][s[1]-'1'] = "[" + tile.String() + "]"
	}
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		if r < 7 {
			b.WriteByte('/')
		}
		run := 0
		for f := range 8 {
			if cells[f][r] == "" {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteString(cells[f][r])
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
	}
	draw := "-"
	if pending != "" {
		tile, err := parseTile(pending)
		require.NoError(t, err)
		used[tile] = true
		draw = tile.String()
	}
	var pool []string
	for tile := Tile(0); tile < NumTiles; tile++ {
		if !used[tile] {
			pool = append(pool, tile.String())
		}
	}
	poolText := strings.Join(pool, ",")
	if poolText == "" {
		poolText = "-"
	}
	text := b.String() + " " + toMove + " " + draw + " " + poolText
	p, err := Default.readBody(text)
	require.NoError(t, err, text)
	return p
}

func TestRD1_Start(t *testing.T) {
	p := New()
	assert.Equal(t, [2]Square{sqr("d4"), sqr("e5")}, p.Pieces(0))
	assert.Equal(t, [2]Square{sqr("h1"), sqr("a8")}, p.Pieces(1))
	assert.Equal(t, rules.Chance, p.ToMove(), "each turn starts with the draw")
	assert.Equal(t, 28, p.PoolSize())
	assert.Equal(t, rules.Player(0), p.Turn(), "X moves first")
}

// TestSeedWorkedExample replays the worked example of Woods' rules and
// checks each of its diagrams.
func TestSeedWorkedExample(t *testing.T) {
	p := mustPlay(t, New(), "5-2", "d4-b4,e5-e8")
	assert.Equal(t, "B3A3/8/8/8/1A1[2-5]4/8/8/7B", strings.Fields(p.String())[0])
	p = mustPlay(t, p, "3-0", "h1-h4,a8-b8")
	assert.Equal(t, "1B2A3/8/8/8/1A1[2-5]3B/8/8/7[0-3]", strings.Fields(p.String())[0])
	p = mustPlay(t, p, "3-1", "e8-h8,b4-b5")
	assert.Equal(t, "1B2[1-3]2A/8/8/1A6/3[2-5]3B/8/8/7[0-3]", strings.Fields(p.String())[0])
	assert.Contains(t, p.Diagram(), "8 |   | O |   |   |1-3|   |   | X |")
	assert.Equal(t, rules.Chance, p.ToMove())
	assert.Equal(t, rules.Player(1), p.Turn())
}

// TestSeedThirteenDominoesLoseForO: after the worked example, "O at h4
// can move no further than 3, and O at b8 no further than 4, so there are
// 13 dominos in the pool that would lose for O".
func TestSeedThirteenDominoesLoseForO(t *testing.T) {
	p := mustPlay(t, New(), "2-5", "d4-b4,e5-e8", "0-3", "h1-h4,a8-b8", "1-3", "e8-h8,b4-b5")
	require.Equal(t, 25, p.PoolSize())
	var losing []string
	for _, c := range p.AppendChances(nil) {
		assert.Equal(t, rules.Prob{Num: 1, Den: 25}, c.Prob)
		q := p.PlayUnchecked(c.Move)
		if q.ToMove() == rules.Terminal {
			losing = append(losing, c.Move.String())
			assert.Equal(t, "1-0", q.Outcome().Result())
			assert.Equal(t, NoLegalTurn, q.Outcome().Reason)
		}
	}
	assert.Equal(t, []string{"0-5", "0-6", "1-5", "1-6", "2-6", "3-5", "3-6", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"}, losing)
}

// TestSeedLastDiagramSixFiveLoses: O draws 6-5 and loses, because the
// domino lands on f6 at once and c6 cannot pass it.
func TestSeedLastDiagramSixFiveLoses(t *testing.T) {
	dominoes := map[string]string{"e8": "3-1", "h8": "3-3", "b5": "5-4", "b4": "6-1", "c4": "6-4",
		"d4": "5-2", "h4": "4-2", "b2": "4-4", "h1": "3-0"}
	p := build(t, []string{"c8", "b1"}, []string{"c6", "f6"}, dominoes, "B", "")
	assert.Equal(t, rules.Chance, p.ToMove())
	q := mustPlay(t, p, "6-5")
	assert.Equal(t, rules.Terminal, q.ToMove())
	assert.Equal(t, "1-0", q.Outcome().Result())
	assert.Empty(t, q.AppendMoves(nil))
	assert.Contains(t, q.Diagram(), "O drew 5-6 and cannot move both pieces")
}

func TestBoardWrapsAtEveryEdge(t *testing.T) {
	// h1 moving right by 1 reaches a1; a8 moving up by 1 reaches a1 too.
	p := build(t, []string{"h1", "a5"}, []string{"d4", "e5"}, nil, "A", "1-2")
	moves := moveStrings(p.AppendMoves(nil))
	assert.Contains(t, moves, "h1-a1,a5-a7")
	assert.Contains(t, moves, "h1-h8,a5-a3", "down from rank 1 wraps to rank 8")
	assert.Contains(t, moves, "a5-h5,h1-f1", "left from the a-file wraps to the h-file")
}

func TestTheFreshDominoBlocksTheSecondPiece(t *testing.T) {
	// X on c3 and e3 with 2-2. If c3 moves first (up to c5), the domino
	// lands on c3 at once, so e3 cannot then move two squares left onto c3.
	p := build(t, []string{"c3", "e3"}, []string{"a8", "h8"}, nil, "A", "2-2")
	moves := moveStrings(p.AppendMoves(nil))
	assert.NotContains(t, moves, "c3-c5,e3-c3", "the domino already stands on c3")
	assert.Contains(t, moves, "c3-c5,e3-g3")
	// The other order: e3 first leaves a domino on e3, blocking c3's way right.
	assert.NotContains(t, moves, "e3-e5,c3-e3")
	q := mustPlay(t, p, "c3-c5,e3-g3")
	tile, ok := q.DominoAt(sqr("c3"))
	assert.True(t, ok)
	assert.Equal(t, "2-2", tile.String())
}

func TestNoPassingThroughAnyPieceOrDomino(t *testing.T) {
	// X c3 and c4 in a column: c3 cannot go up through c4, its own piece.
	p := build(t, []string{"c3", "c4"}, []string{"a8", "h8"}, map[string]string{"e3": "0-0", "c6": "1-1"}, "A", "3-3")
	for _, m := range moveStrings(p.AppendMoves(nil)) {
		assert.NotContains(t, m, "c3-c6", "c6 holds a domino")
		assert.NotContains(t, m, "c3-f3", "e3's domino is in the way")
	}
	m, err := p.ParseMove("c3-f3,c4-c1")
	require.NoError(t, err)
	assert.ErrorIs(t, p.Legal(m), ErrBlocked)
	m, _ = p.ParseMove("c3-d3,c4-c1")
	assert.ErrorIs(t, p.Legal(m), ErrDistance)
	m, _ = p.ParseMove("c3-d4,c4-c1")
	assert.ErrorIs(t, p.Legal(m), ErrNotALine)
	m, _ = p.ParseMove("a8-a5,c4-c1")
	assert.ErrorIs(t, p.Legal(m), ErrNotYourPieces)
}

func TestABlankIsAnyDistanceFromOneToSix(t *testing.T) {
	p := build(t, []string{"a1", "c3"}, []string{"a8", "h8"}, nil, "A", "0-1")
	seen := map[string]bool{}
	for _, m := range p.AppendMoves(nil) {
		f1, t1, f2, t2 := m.Steps()
		if f1 == sqr("c3") && f2 == sqr("a1") && t2 == sqr("b1") {
			seen[t1.String()] = true
		}
	}
	// c3 along rank 3 by 1..6 either way: all seven other squares of the rank; up and down the c-file.
	for _, s := range []string{"d3", "e3", "f3", "g3", "h3", "a3", "b3", "c4", "c5", "c6", "c7", "c8", "c1", "c2"} {
		assert.True(t, seen[s], s)
	}
}

func TestADoubleMovesBothPiecesTheSameDistance(t *testing.T) {
	p := build(t, []string{"a1", "c3"}, []string{"a8", "h8"}, nil, "A", "3-3")
	for _, m := range p.AppendMoves(nil) {
		f1, t1, f2, t2 := m.Steps()
		d1, _ := stepDistances(f1, t1)
		d2, _ := stepDistances(f2, t2)
		assert.NotZero(t, d1&(1<<3), m.String())
		assert.NotZero(t, d2&(1<<3), m.String())
	}
}

func TestADoubleBlankGivesEachPieceItsOwnDistance(t *testing.T) {
	p := build(t, []string{"a1", "c3"}, []string{"a8", "h8"}, nil, "A", "0-0")
	moves := moveStrings(p.AppendMoves(nil))
	assert.Contains(t, moves, "a1-b1,c3-c8", "1 and 5")
	assert.Contains(t, moves, "a1-a7,c3-d3", "6 and 1")
}

// TestTheSameTurnIsListedOnce: on the torus a step can be made two ways
// (2 down or 6 up); the turn appears once.
func TestTheSameTurnIsListedOnce(t *testing.T) {
	p := build(t, []string{"a1", "c3"}, []string{"a8", "h8"}, nil, "A", "2-6")
	moves := moveStrings(p.AppendMoves(nil))
	count := 0
	for _, m := range moves {
		if m == "c3-c1,a1-g1" {
			count++
		}
	}
	// c3-c1 is 2 down or 6 up, and a1-g1 is 2 left or 6 right: both
	// splits give the same turn.
	assert.Equal(t, 1, count)
	assert.Len(t, moves, len(refFrom(p).turns()))
}

func TestRD2_AnEmptyPoolIsADraw(t *testing.T) {
	// 28 dominoes placed would leave 4 pieces on 32 squares; place them all.
	dominoes := map[string]string{}
	tile := Tile(0)
	for sq := Square(0); sq < 64 && tile < NumTiles; sq++ {
		if sq.Rank() < 4 {
			dominoes[sq.String()] = tile.String()
			tile++
		}
	}
	p := build(t, []string{"a6", "c6"}, []string{"e6", "g6"}, dominoes, "A", "")
	assert.Equal(t, 0, p.PoolSize())
	assert.Equal(t, rules.Terminal, p.ToMove())
	assert.Equal(t, "1/2-1/2", p.Outcome().Result())
	assert.Equal(t, PoolExhausted, p.Outcome().Reason)
}

func TestDrawNotation(t *testing.T) {
	p := New()
	for in, want := range map[string]string{"2-5": "2-5", "5-2": "2-5", "0-0": "0-0", "6-0": "0-6"} {
		m, err := p.ParseMove(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, m.String())
	}
	for _, bad := range []string{"7-1", "2-", "25", "d4-b4", "d4-b4,e5", "d4-b4;e5-e8", "d4-b4,e5-e8x", "d9-b4,e5-e8"} {
		_, err := p.ParseMove(bad)
		assert.ErrorIs(t, err, rules.ErrSyntax, bad)
	}
	m, _ := p.ParseMove("d4-b4,e5-e8")
	assert.ErrorIs(t, p.Legal(m), rules.ErrWrongNode, "a turn before the draw")
	assert.ErrorIs(t, p.Legal(m), ErrDrawExpected, "the error says a domino is to be drawn")
	assert.ErrorContains(t, p.Legal(m), "a domino is to be drawn")
	q := mustPlay(t, p, "2-5")
	assert.ErrorIs(t, q.Legal(Draw(NewTile(1, 1))), rules.ErrWrongNode, "a second draw")
	assert.ErrorIs(t, q.Legal(Draw(NewTile(1, 1))), ErrTurnExpected, "the error says a turn is to be played")
	assert.NoError(t, New().Legal(Draw(NewTile(2, 5))))
	r := mustPlay(t, q, "d4-b4,e5-e8")
	assert.ErrorIs(t, r.Legal(Draw(NewTile(2, 5))), ErrNotInPool)
}

// TestTheSeatThatDrawsADominoItCannotPlayLoses checks the loser on "no
// legal turn" over random games, beyond the worked examples: at every
// chance node, each domino in the pool is drawn, and the naive reference
// (which walks the board) says whether the mover has a complete turn
// with it. If not, the game is over: the other seat wins, reason
// NoLegalTurn. If so, the game goes on and the mover is to move. No
// other position ever ends with NoLegalTurn.
func TestTheSeatThatDrawsADominoItCannotPlayLoses(t *testing.T) {
	losses := 0
	rapid.Check(t, func(t *rapid.T) {
		p := New()
		for p.ToMove() != rules.Terminal {
			if p.ToMove() == rules.Chance {
				mover := p.Turn()
				for _, draw := range p.AppendMoves(nil) {
					q := p.PlayUnchecked(draw)
					stuck := len(refFrom(q).turns()) == 0
					switch o := q.Outcome(); {
					case stuck && (q.ToMove() != rules.Terminal || o != rules.Win(2, NoLegalTurn, 1-mover)):
						t.Fatalf("%v draws %v and has no turn: to move %v, outcome %v; want %v to win\n%s",
							mover, draw, q.ToMove(), o, 1-mover, q.Diagram())
					case !stuck && (q.ToMove() != mover || o.Over()):
						t.Fatalf("%v draws %v and has turns: to move %v, outcome %v\n%s", mover, draw, q.ToMove(), o, q.Diagram())
					}
					if stuck {
						losses++
					}
				}
			} else if o := p.Outcome(); o.Reason == NoLegalTurn {
				t.Fatalf("a position with a turn to play ends %v", o)
			}
			p = p.PlayUnchecked(rapid.SampledFrom(p.AppendMoves(nil)).Draw(t, "move"))
		}
		if o := p.Outcome(); o.Reason == NoLegalTurn && len(refFrom(p).turns()) != 0 {
			t.Fatalf("the game ended %v with turns to play\n%s", o, p.Diagram())
		}
	})
	if losses < 20 {
		t.Fatalf("only %d draws with no turn were met", losses)
	}
}
