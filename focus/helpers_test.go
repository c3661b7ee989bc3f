package focus

import (
	"strconv"
	"strings"
	"testing"
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
	text := boardText(stacks) + " " + toMove + " " + strconv.Itoa(reserveA) + "," + strconv.Itoa(reserveB) +
		" " + strconv.Itoa(capturedByA) + "," + strconv.Itoa(capturedByB) + " " + strconv.Itoa(ply)
	p, err := c.ParsePosition(text)
	if err != nil {
		t.Fatalf("build %q: %v", text, err)
	}
	return p
}

func mustPlay(t testing.TB, p Position, moves ...string) Position {
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

func at(p Position, sq string) string {
	x, y, err := grid.ParseSquare(sq)
	if err != nil {
		panic(err)
	}
	return stackText(p.At(NewSquare(x, 7-y)))
}
