package testgame

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/conformance"
	"github.com/tabletop-go/rules/internal/svgkit/svgtest"
	"github.com/tabletop-go/rules/picture"
)

func TestContract(t *testing.T) {
	conformance.RunRules(t, conformance.Game[Position, Move]{
		Start: func(t *rapid.T) Position {
			return Config{Size: rapid.IntRange(MinSize, MaxSize).Draw(t, "size")}.Start()
		},
		Parse:    func(p Position, text string) (Position, error) { return p.Config().ParsePosition(text) },
		MaxPlies: MaxMoves + 1,
		MaxMoves: MaxMoves,
		Candidates: func(Position) []Move {
			out := make([]Move, 0, MaxMoves)
			for m := range Move(MaxMoves) {
				out = append(out, m)
			}
			return out
		},
		OffGrid: []Move{NoMove, NewMove(MaxSize, 0), NewMove(0, -1)},
	})
}

func TestRegistration(t *testing.T) {
	conformance.CheckRegistration(t, Name)
}

// play plays moves from the start of spec and returns the position.
func play(t *testing.T, spec string, moves ...string) rules.Dynamic {
	t.Helper()
	d, err := rules.Open(spec)
	require.NoError(t, err)
	for _, m := range moves {
		d, err = d.Play(m)
		require.NoError(t, err, m)
	}
	return d
}

func TestAShortGameAndADraw(t *testing.T) {
	won := play(t, "tictactoe", "a1", "a2", "b1", "b2", "c1")
	assert.Equal(t, "1-0 (line of n)", won.Outcome().String())
	// X O X / X O O / O X X: nobody has a line.
	drawn := play(t, "tictactoe", "a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1", "c1")
	assert.Equal(t, "1/2-1/2 (no legal move)", drawn.Outcome().String())
	assert.Equal(t, rules.TerminalNode, drawn.Node())
	o := play(t, "tictactoe(size=4)", "a1", "a4", "b1", "b3", "c1", "c2", "a2", "d1")
	w, ok := o.Outcome().Winner()
	assert.True(t, ok && w == 1, "O's anti-diagonal wins: %s", o.Outcome())
	_, err := won.Play("a3")
	assert.ErrorIs(t, err, rules.ErrGameOver)
	_, err = play(t, "tictactoe").Play("d1")
	assert.ErrorIs(t, err, ErrOffBoard)
	_, err = play(t, "tictactoe", "b2").Play("B2")
	assert.ErrorIs(t, err, ErrOccupied)
}

func TestPositionTexts(t *testing.T) {
	d := play(t, "tictactoe", "a1", "a2", "b1", "b2", "c1")
	assert.Equal(t, ".../OO./XXX B", d.String())
	for text, why := range map[string]string{
		"XXX/OOO/... B":                   "both have a line",
		"OOO/XX./XX. B":                   "O has a line, X moved last",
		"X../.../... A":                   "X has one more, so B is to move",
		"XX./.../... B":                   "X has two more",
		"XXXXX/OOOO./O.O.O/.O.O./XXXXX B": "X has two lines that no one move made",
		"..../..../.... A":                "ranks of four, three of them",
		"X.Z/.../... A":                   "a bad square",
		"X../.../...":                     "no seat",
	} {
		_, err := ParsePosition(text)
		assert.ErrorIs(t, err, rules.ErrBadPosition, "%q: %s", text, why)
	}
	for _, text := range []string{"XXX/OXO/OXO B", "X.O/XO./X.. B", "XOX/XOO/OXX B", "X.O/.X./O.X B"} {
		p, err := ParsePosition(text)
		require.NoError(t, err, text)
		assert.Equal(t, text, p.String())
	}
	p, err := Config{Size: 4}.ParsePosition("X.O/.X./... B")
	assert.Error(t, err, "a 3×3 text in a 4×4 game: %s", p)
}

func TestDescribed(t *testing.T) {
	d := play(t, "tictactoe", "b2")
	assert.Equal(t, rules.SeatInfo{Name: "X", Mark: "X", Words: []string{"x"}, Note: "1 squares"}, d.SeatInfo(0))
	assert.Equal(t, "O", d.SeatInfo(1).Name)
	assert.Equal(t, "3 in a row wins", d.Note())
	assert.Equal(t, "3 . . .\n2 . X .\n1 . . .\n  a b c", d.Diagram())
}

// TestPicture: the registered renderer draws every square with its name
// and every piece on its square, in the palette's seat colours.
func TestPicture(t *testing.T) {
	d := play(t, "tictactoe(size=4)", "b2", "c3")
	doc, err := picture.Render(d, picture.Options{Size: 300, Coordinates: true, LastMove: "c3", Highlight: []string{"a1"}})
	require.NoError(t, err)
	root := svgtest.Parse(t, doc)
	svgtest.CheckRoot(t, root, 300, Name, d.Typed().(Position))
	squares := svgtest.Squares(t, root)
	assert.Len(t, squares, 16)
	assert.Contains(t, squares, "d4")
	pieces := root.ByClass("piece")
	require.Len(t, pieces, 2)
	for _, p := range pieces {
		svgtest.OnSquare(t, p, squares)
	}
	assert.Equal(t, "A", pieces[0].Attrs["data-owner"])
	assert.Equal(t, "#d8572a", picture.SeatColor(d, 0))
	assert.Equal(t, "#2f6fb0", picture.SeatColor(d, 1))
}
