package svg

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/internal/svgkit"
	"github.com/tabletop-go/rules/internal/svgkit/svgtest"
)

var specs = []string{
	"hex(size=1)", "hex(size=5)", "hex(size=11)", "hex(size=26)", "hex(size=3x5)",
	"hex(size=5x3,swap=none)", "hex(size=7,swap=pieces)", "hex(size=2x1)",
}

func config(t testing.TB, spec string) hex.Config {
	t.Helper()
	c, err := hex.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// check reads doc back and checks it against p: every cell once, every
// stone on its cell with its colour and owner, the marks asked for.
func check(t testing.TB, p hex.Position, opts Options, doc []byte) {
	t.Helper()
	root := svgtest.Parse(t, doc)
	svgtest.CheckRoot(t, root, svgkit.Width(opts), "hex", p)
	sqs := svgtest.Squares(t, root)
	cols, rows := p.Size()
	if len(sqs) != cols*rows {
		t.Errorf("%d cells drawn, the board has %d", len(sqs), cols*rows)
	}
	stones := map[string]*svgtest.Node{}
	for _, n := range root.ByClass("piece") {
		name := n.Attrs["data-square"]
		if stones[name] != nil {
			t.Fatalf("two stones on %s", name)
		}
		stones[name] = n
		svgtest.OnSquare(t, n, sqs)
	}
	high := svgkit.HighlightSet(opts)
	marks := 0
	for r := range rows {
		for c := range cols {
			name := hex.NewSquare(c, r).String()
			if sqs[name] == nil {
				t.Fatalf("cell %s is not drawn", name)
			}
			if high[name] {
				marks++
			}
			col := p.At(hex.NewSquare(c, r))
			s := stones[name]
			switch {
			case col == hex.Empty && s != nil:
				t.Fatalf("a stone on the empty cell %s", name)
			case col == hex.Empty:
			case s == nil:
				t.Fatalf("the %s stone on %s is not drawn", col, name)
			case s.Attrs["data-color"] != col.String() || s.Attrs["data-owner"] != p.SeatOf(col).String():
				t.Fatalf("the stone on %s is drawn %s of %s, want %s of %s", name,
					s.Attrs["data-color"], s.Attrs["data-owner"], col, p.SeatOf(col))
			}
		}
	}
	if got := len(root.ByClass("highlights")[0].Children); got != marks {
		t.Errorf("%d highlight marks, want %d", got, marks)
	}
	if opts.Coordinates != (len(root.ByClass("coordinates")) == 1) {
		t.Errorf("coordinates drawn: %v, asked for: %v", !opts.Coordinates, opts.Coordinates)
	}
	if (p.Winner() != hex.Empty) != (len(root.ByClass("winning")) > 0) {
		t.Errorf("winning group marked: %v, the game is won: %v", len(root.ByClass("winning")) > 0, p.Winner() != hex.Empty)
	}
}

// randomOptions returns options for p after last: random size and
// coordinates, the last move, and as highlights the legal moves (cells
// only), some junk and a name in upper case.
func randomOptions(r *rand.Rand, p hex.Position, last string) Options {
	o := Options{Size: []int{0, 300, 480, 600}[r.IntN(4)], Coordinates: r.IntN(2) == 0, LastMove: last}
	for _, m := range p.AppendMoves(nil) {
		if !m.IsSwap() && r.IntN(4) == 0 {
			o.Highlight = append(o.Highlight, m.String())
		}
	}
	o.Highlight = append(o.Highlight, "zz99", "", `"><x>&`)
	if r.IntN(2) == 0 {
		o.Highlight = append(o.Highlight, "A1")
	}
	return o
}

func TestRandomPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 1))
	for _, spec := range specs {
		games, every := 6, 8
		if spec == "hex(size=26)" {
			games, every = 1, 40
		}
		for range games {
			p := config(t, spec).Start()
			check(t, p, Options{}, Render(p, Options{}))
			s := rules.Sampler[hex.Position, hex.Move]{Rand: r}
			last := ""
			for ply := 0; ; ply++ {
				if r.IntN(every) == 0 || p.ToMove() == rules.Terminal {
					opts := randomOptions(r, p, last)
					check(t, p, opts, Render(p, opts))
				}
				m, ok := s.Move(p)
				if !ok {
					break
				}
				p, last = p.PlayUnchecked(m), m.String()
			}
		}
	}
}

func TestGolden(t *testing.T) {
	for _, spec := range []string{"hex(size=1)", "hex(size=5)", "hex(size=11)", "hex(size=26)", "hex(size=3x5)"} {
		p := config(t, spec).Start()
		opts := Options{Coordinates: true}
		doc := Render(p, opts)
		check(t, p, opts, doc)
		name := strings.NewReplacer("(", "-", ")", "", "=", "-", ",", "-").Replace(spec)
		svgtest.Golden(t, name, doc)
	}

	// A game in progress with every mark, then the same game won.
	p := config(t, "hex(size=7)").Start()
	moves := []string{"d4", "swap", "c5", "e3", "b6", "f2", "a7", "g1", "d5"}
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{Size: 360, Coordinates: true, LastMove: "d5", Highlight: []string{"c4", "e4", "d4"}}
	doc := Render(p, opts)
	check(t, p, opts, doc)
	svgtest.Golden(t, "hex-7-marks", doc)

	for _, s := range []string{"e4", "c4"} {
		p = p.PlayUnchecked(hex.Place(hex.NewSquare(int(s[0]-'a'), int(s[1]-'1'))))
	}
	s := rules.Sampler[hex.Position, hex.Move]{Rand: rand.New(rand.NewPCG(7, 7))}
	p, _ = s.Playout(p, -1)
	doc = Render(p, Options{})
	check(t, p, Options{}, doc)
	svgtest.Golden(t, "hex-7-won", doc)
}

func TestSwapMarksTheStone(t *testing.T) {
	for _, spec := range []string{"hex(size=5,swap=sides)", "hex(size=5,swap=pieces)"} {
		p := config(t, spec).Start().PlayUnchecked(hex.Place(hex.NewSquare(1, 3))).PlayUnchecked(hex.Swap)
		root := svgtest.Parse(t, Render(p, Options{LastMove: "swap"}))
		marked := root.ByClass("last-move")
		if len(marked) != 1 {
			t.Fatalf("%s: %d stones marked after the swap, want 1", spec, len(marked))
		}
		want := "b4"
		if spec == "hex(size=5,swap=pieces)" {
			want = "d2"
		}
		if got := marked[0].Parent.Attrs["data-square"]; got != want {
			t.Errorf("%s: the mark is on %s, want %s", spec, got, want)
		}
	}
}

func TestJunkOptionsMarkNothing(t *testing.T) {
	p := hex.Sized(5).Start().PlayUnchecked(hex.Place(hex.NewSquare(2, 2)))
	plain := Render(p, Options{})
	for _, last := range []string{"", "zz", "c3-c4", "<script>", "f1", "\xff"} {
		doc := Render(p, Options{LastMove: last, Highlight: []string{"q9", "", "&amp;", "\xff"}})
		if last == "" && !bytes.Equal(doc, plain) {
			t.Error("options that name no square change the picture")
		}
		check(t, p, Options{}, doc)
		if n := len(svgtest.Parse(t, doc).ByClass("last-move")); n != 0 {
			t.Errorf("last move %q marks %d stones", last, n)
		}
	}
}

// TestZeroPosition: the invalid value draws as no game (no cells, to move
// "terminal", result "?"), not as a game with A to move.
func TestZeroPosition(t *testing.T) {
	var p hex.Position
	opts := Options{Coordinates: true}
	root := svgtest.Parse(t, Render(p, opts))
	check(t, p, opts, Render(p, opts))
	if root.Attrs["data-to-move"] != "terminal" || root.Attrs["data-result"] != "?" || root.Attrs["data-spec"] != "" {
		t.Errorf("the invalid value is drawn as %v", root.Attrs)
	}
	if title := root.Child("title"); title == nil || !strings.Contains(title.Text, "<invalid hex position>; no game") {
		t.Errorf("the title does not say there is no game: %v", title)
	}
}

func TestWrite(t *testing.T) {
	var b bytes.Buffer
	p := hex.New()
	if err := Write(&b, p, Options{Size: 200}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), Render(p, Options{Size: 200})) {
		t.Error("Write writes something else than Render returns")
	}
}
