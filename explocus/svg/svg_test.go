package svg

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/internal/svgkit"
	"github.com/tabletop-go/rules/internal/svgkit/svgtest"
)

var specs = []string{
	"explocus", "explocus(rows=3,cols=3)", "explocus(rows=3,cols=5)", "explocus(rows=7,cols=4)",
	"explocus(rows=10,cols=12)", "explocus(rows=26,cols=26)", "explocus(rows=5,cols=26,plylimit=40)",
}

func config(t testing.TB, spec string) explocus.Config {
	t.Helper()
	c, err := explocus.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// check reads doc back and checks it against p: every square once, every
// column on its square with its owner, height and men, the seats' counts
// and the marks asked for.
func check(t testing.TB, p explocus.Position, opts Options, doc []byte) {
	t.Helper()
	root := svgtest.Parse(t, doc)
	if want := svgkit.Itoa(svgkit.Width(opts)); root.Attrs["width"] != want {
		t.Errorf("width %s, want %s", root.Attrs["width"], want)
	}
	if root.Attrs["data-game"] != "explocus" || root.Attrs["data-spec"] != p.Spec() ||
		root.Attrs["data-to-move"] != p.ToMove().String() || root.Attrs["data-result"] != p.Outcome().Result() {
		t.Errorf("root attributes %v do not describe %s", root.Attrs, p)
	}
	if title := root.Child("title"); title == nil || !strings.Contains(title.Text, p.String()) {
		t.Errorf("the title does not hold the position text %q", p.String())
	}
	sqs := svgtest.Squares(t, root)
	cols, rows := p.Size()
	if len(sqs) != cols*rows {
		t.Errorf("%d squares drawn, the board has %d", len(sqs), cols*rows)
	}
	columns := map[string]*svgtest.Node{}
	for _, n := range root.ByClass("piece") {
		name := n.Attrs["data-square"]
		if columns[name] != nil {
			t.Fatalf("two columns on %s", name)
		}
		columns[name] = n
		svgtest.OnSquare(t, n, sqs)
	}
	high := svgkit.HighlightSet(opts)
	marks, men := 0, 0
	for r := range rows {
		for f := range cols {
			name := squareName(f, r)
			if sqs[name] == nil {
				t.Fatalf("square %s is not drawn", name)
			}
			if high[name] {
				marks++
			}
			owner, h := p.At(f, r)
			n := columns[name]
			switch {
			case h == 0 && n != nil:
				t.Fatalf("a column on the empty square %s", name)
			case h == 0:
			case n == nil:
				t.Fatalf("the column on %s is not drawn", name)
			case n.Attrs["data-owner"] != owner.String() || svgtest.Atoi(t, n, "data-height") != h || len(n.ByClass("man")) != h:
				t.Fatalf("the column on %s is drawn %v with %d men, want %d of %s", name, n.Attrs, len(n.ByClass("man")), h, owner)
			}
			men += h
		}
	}
	if got := len(root.ByClass("man")); got != men {
		t.Errorf("%d men drawn on the board, want %d", got, men)
	}
	if got := len(root.ByClass("highlights")[0].Children); got != marks {
		t.Errorf("%d highlight marks, want %d", got, marks)
	}
	badges := root.ByClass("badge")
	if len(badges) != 2 {
		t.Fatalf("%d badges, want 2", len(badges))
	}
	for i, b := range badges {
		if b.Attrs["data-seat"] != rules.Player(i).String() || svgtest.Atoi(t, b, "data-men") != p.Men(rules.Player(i)) {
			t.Errorf("badge %v, want seat %s with %d men", b.Attrs, rules.Player(i), p.Men(rules.Player(i)))
		}
	}
	if ring := root.ByClass("to-move"); p.ToMove().IsSeat() != (len(ring) == 1) ||
		len(ring) == 1 && ring[0].Parent.Attrs["data-seat"] != p.ToMove().String() {
		t.Errorf("the seat to move, %s, is not the one ringed", p.ToMove())
	}
}

// randomOptions returns options for p after last: random size and
// coordinates, the last move, and as highlights the targets of some legal
// moves, junk and a name in upper case.
func randomOptions(r *rand.Rand, p explocus.Position, last string) Options {
	o := Options{Size: []int{0, 300, 480, 600}[r.IntN(4)], Coordinates: r.IntN(2) == 0, LastMove: last}
	for _, m := range p.AppendMoves(nil) {
		if r.IntN(6) == 0 {
			f, rk := m.To()
			o.Highlight = append(o.Highlight, squareName(f, rk))
		}
	}
	o.Highlight = append(o.Highlight, "zz99", "", `"><x>&`)
	if r.IntN(2) == 0 {
		o.Highlight = append(o.Highlight, "B2")
	}
	return o
}

func TestRandomPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 5))
	for _, spec := range specs {
		games := 5
		if spec == "explocus(rows=26,cols=26)" {
			games = 1
		}
		for range games {
			p := config(t, spec).Start()
			check(t, p, Options{}, Render(p, Options{}))
			s := rules.Sampler[explocus.Position, explocus.Move]{Rand: r}
			last := ""
			for ply := 0; ply < 300; ply++ {
				if r.IntN(15) == 0 || p.ToMove() == rules.Terminal {
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

// TestEndings draws finished games: a winner's badge carries a star.
func TestEndings(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 6))
	ended := 0
	for _, spec := range []string{"explocus(rows=3,cols=3)", "explocus(rows=3,cols=4)", "explocus(rows=4,cols=4,plylimit=20)"} {
		for range 10 {
			s := rules.Sampler[explocus.Position, explocus.Move]{Rand: r}
			p, _ := s.Playout(config(t, spec).Start(), 5000)
			if !p.Outcome().Over() {
				continue
			}
			ended++
			doc := Render(p, Options{})
			check(t, p, Options{}, doc)
			stars := 0
			if _, ok := p.Outcome().Winner(); ok {
				stars = 1
			}
			if got := strings.Count(string(doc), `fill="`+svgkit.ColStar+`"`); got != stars {
				t.Errorf("%s ended %s: %d stars, want %d", p, p.Outcome(), got, stars)
			}
		}
	}
	if ended == 0 {
		t.Error("no game ended")
	}
}

func TestGolden(t *testing.T) {
	for _, spec := range []string{"explocus", "explocus(rows=3,cols=3)", "explocus(rows=3,cols=5)", "explocus(rows=10,cols=12)", "explocus(rows=26,cols=26)"} {
		p := config(t, spec).Start()
		opts := Options{Coordinates: true}
		doc := Render(p, opts)
		check(t, p, opts, doc)
		name := strings.NewReplacer("(", "-", ")", "", "=", "-", ",", "-").Replace(spec)
		svgtest.Golden(t, name, doc)
	}

	// A game in progress with every mark: the targets of the first column
	// that can move highlighted.
	p := explocus.New()
	s := rules.Sampler[explocus.Position, explocus.Move]{Rand: rand.New(rand.NewPCG(12, 12))}
	last := ""
	for range 24 {
		m, _ := s.Move(p)
		p, last = p.PlayUnchecked(m), m.String()
	}
	moves := p.AppendMoves(nil)
	f0, r0 := moves[0].From()
	targets := []string{squareName(f0, r0)}
	for _, m := range moves {
		if f, r := m.From(); f == f0 && r == r0 {
			tf, tr := m.To()
			targets = append(targets, squareName(tf, tr))
		}
	}
	opts := Options{Size: 360, Coordinates: true, LastMove: last, Highlight: targets}
	doc := Render(p, opts)
	check(t, p, opts, doc)
	svgtest.Golden(t, "explocus-marks", doc)
}

func TestJunkMovesMarkNothing(t *testing.T) {
	p := explocus.New()
	d := &drawing{p: p, opts: Options{LastMove: "c3-c5"}}
	d.marks()
	if !d.from[[2]int{2, 2}] || !d.to[[2]int{2, 4}] || len(d.from)+len(d.to) != 2 {
		t.Errorf("c3-c5 marks %v to %v", d.from, d.to)
	}
	for _, junk := range []string{"", "c3", "i9-i10", "<&>", "\xff"} {
		if !bytes.Equal(Render(p, Options{LastMove: junk}), Render(p, Options{})) {
			t.Errorf("the unreadable move %q changes the picture", junk)
		}
	}
}

func TestZeroPosition(t *testing.T) {
	svgtest.Parse(t, Render(explocus.Position{}, Options{Coordinates: true}))
}

func TestWrite(t *testing.T) {
	var b bytes.Buffer
	p := explocus.New()
	if err := Write(&b, p, Options{Size: 200}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), Render(p, Options{Size: 200})) {
		t.Error("Write writes something else than Render returns")
	}
}
