package hexrecords

import (
	"slices"
	"strings"
	"testing"
)

// TestReadTakesTagsAndMoves reads two games with their tags, a comment,
// an unknown tag and a byte-order mark.
func TestReadTakesTagsAndMoves(t *testing.T) {
	text := "\uFEFF# a match\n[Game \"hex(size=3,swap=none)\"]\n[PlayerA \"a\"]\n[PlayerB \"b\"]\n[Event \"x\"]\n[Result \"1-0\"]\n\nb2 a1  c1\n\n" +
		"[Game \"hex(size=4,swap=none)\"]\n\na1\n"
	games, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []Game{
		{Spec: "hex(size=3,swap=none)", Black: "a", White: "b", Result: "1-0", Moves: []string{"b2", "a1", "c1"}, Line: 2},
		{Spec: "hex(size=4,swap=none)", Moves: []string{"a1"}, Line: 10},
	}
	if !slices.EqualFunc(games, want, func(a, b Game) bool {
		return a.Spec == b.Spec && a.Black == b.Black && a.White == b.White && a.Result == b.Result && a.Line == b.Line && slices.Equal(a.Moves, b.Moves)
	}) {
		t.Errorf("%+v\nwant %+v", games, want)
	}
}

// TestReadRefusesMisplacedLines: each error names its line.
func TestReadRefusesMisplacedLines(t *testing.T) {
	for text, want := range map[string]string{
		"# nothing\n": "no [Game]",
		"[Result \"1-0\"]\n[Game \"hex(size=3)\"]\n": "line 1: a tag before the first [Game]",
		"[Game hex]\n":                     "line 1: \"[Game hex]\" is no [Name \"value\"] tag",
		"a1 b2\n":                          "line 1: moves with no [Game]",
		"[Game \"hex(size=3)\"]\na1\nb2\n": "line 3: moves with no [Game]",
	} {
		if _, err := Read(strings.NewReader(text)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

// FuzzRead: no input makes Read panic, and every game it returns names
// a line of the text as its [Game] tag's.
func FuzzRead(f *testing.F) {
	f.Add("[Game \"hex(size=3,swap=none)\"]\n[Result \"1-0\"]\n\nb2 a1 c1\n")
	f.Add("\uFEFF# c\n[Game \"x\"]\na1\nb2\n")
	f.Add("[Game hex]\n")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := Read(strings.NewReader(text))
		if err != nil {
			return
		}
		lines := strings.Count(text, "\n") + 1
		for _, g := range games {
			if g.Line < 1 || g.Line > lines {
				t.Fatalf("a game on line %d of %d", g.Line, lines)
			}
		}
	})
}
