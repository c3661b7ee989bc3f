package focus

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
)

// boardText builds the board field of a position text from stacks given
// bottom to top in seat letters, e.g. {"c3": "ABA"}.
func boardText(stacks map[string]string) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		if rank < 7 {
			b.WriteByte('/')
		}
		run := 0
		for file := range 8 {
			sq := NewSquare(file, rank)
			if !sq.OnBoard() {
				continue
			}
			s, ok := stacks[sq.String()]
			if !ok {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteString(strings.ToLower(s[:len(s)-1]) + s[len(s)-1:])
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
	}
	return b.String()
}

// build returns a position with the given stacks, seat to move and
// reserves; the captures are set so that each colour has 18 pieces, and
// the ply is 40 or 41, as the seat to move says (with a ply limit, the ply
// before the limit, which must fit the seat to move).
func build(t testing.TB, stacks map[string]string, toMove string, reserveA, reserveB int) Position {
	t.Helper()
	return buildConfig(t, Config{}, stacks, toMove, reserveA, reserveB)
}

func buildConfig(t testing.TB, c Config, stacks map[string]string, toMove string, reserveA, reserveB int) Position {
	t.Helper()
	p, err := c.ParsePosition(buildText(c, stacks, toMove, reserveA, reserveB))
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return p
}

// buildText is the position text build reads.
func buildText(c Config, stacks map[string]string, toMove string, reserveA, reserveB int) string {
	var onBoard [2]int
	for _, s := range stacks {
		for i := 0; i < len(s); i++ {
			onBoard[s[i]-'A']++
		}
	}
	capturedByA := PiecesPerSeat - onBoard[1] - reserveB
	capturedByB := PiecesPerSeat - onBoard[0] - reserveA
	ply := 40 + int(toMove[0]-'A')
	if c.PlyLimit > 0 {
		ply = c.PlyLimit - 1
	}
	return boardText(stacks) + " " + toMove + " " + strconv.Itoa(reserveA) + "," + strconv.Itoa(reserveB) +
		" " + strconv.Itoa(capturedByA) + "," + strconv.Itoa(capturedByB) + " " + strconv.Itoa(ply)
}

// anyPosition is what the tests need of either position type.
type anyPosition[P any] interface {
	rules.Kit[P, Move]
	Play(Move) (P, error)
	CountMoves() int
	Config() Config
	At(Square) Stack
	Size() (int, int)
	Diagram() string
	AppendText([]byte) []byte
	MarshalText() ([]byte, error)
	Turn() rules.Player
	Reserve(rules.Player) int
	PartnerReserve(rules.Player) int
	Captured(rules.Player) int
	CapturedOf(rules.Player, rules.Player) int
	Gains(rules.Player) int
	Controlled(rules.Player) uint64
	core() state
}

// anyKit is the methods of either position type that return no
// position, for tables of positions of both types.
type anyKit interface {
	ActionIndex(Move) int
	ActionMove(int) (Move, bool)
	AppendMoves([]Move) []Move
	AppendObservation([]float32, rules.Player) []float32
	ChanceMove(int) (Move, bool)
	Config() Config
	IsValid() bool
	Legal(Move) error
	NumActions() int
	NumChanceActions() int
	ObservationShape() (planes, rows, cols int)
	ParseMove(string) (Move, error)
	Seats() int
	Spec() string
	String() string
	TransformMove(int, Move) Move
}

// anyStart is the start of spec's game as a rules.Dynamic-free value of
// either type: a Position, or a NowakPosition for nowak=true.
func anyStart(t testing.TB, spec string) any {
	t.Helper()
	c := mustSpec(t, spec)
	if c.Nowak {
		return c.StartNowak()
	}
	return c.Start()
}

// forStart calls the instance of a generic check that fits spec's
// position type with spec's start.
func forStart(t *testing.T, spec string, focus func(*testing.T, Position), nowak func(*testing.T, NowakPosition)) {
	t.Helper()
	switch p := anyStart(t, spec).(type) {
	case Position:
		focus(t, p)
	case NowakPosition:
		nowak(t, p)
	}
}

func mustPlay[P anyPosition[P]](t testing.TB, p P, moves ...string) P {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", s, err)
		}
		p, err = p.Play(m)
		if err != nil {
			t.Fatalf("Play(%q): %v", s, err)
		}
	}
	return p
}

func stackText(s Stack) string {
	var b strings.Builder
	for i := range s.Height() {
		b.WriteByte(byte('A' + s.Piece(i)))
	}
	return b.String()
}

func at[P anyPosition[P]](p P, sq string) string {
	x, y, err := grid.ParseSquare(sq)
	if err != nil {
		panic(err)
	}
	return stackText(p.At(NewSquare(x, 7-y)))
}
