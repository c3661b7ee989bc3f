package svg

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strconv"
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
	"hexplocus(size=3)", "hexplocus(size=4,plylimit=60)", "hexplocus", "hexplocus(size=6,plylimit=30)",
	"hexplocus(size=13,plylimit=200)",
}

// big are the specs of the largest boards, of which TestRandomPositions
// plays one game only.
var big = map[string]bool{"explocus(rows=26,cols=26)": true, "hexplocus(size=13,plylimit=200)": true}

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
func check(t testing.TB, p drawn, opts Options, doc []byte) {
	t.Helper()
	root := svgtest.Parse(t, doc)
	game, title := "explocus", "Explocus: "
	if p.Config().IsHex() {
		game, title = "hexplocus", "Hexplocus: "
	}
	svgtest.CheckRoot(t, root, svgkit.Width(opts), game, p)
	if n := root.Child("title"); n == nil || !strings.HasPrefix(n.Text, title+p.String()+"; ") {
		t.Errorf("the title does not hold the position text %q", p.String())
	}
	sqs := svgtest.Squares(t, root)
	cols, rows := p.Size()
	cells := cols * rows
	if p.Config().IsHex() {
		n := p.Config().Side
		cells = 3*n*(n-1) + 1
	}
	if len(sqs) != cells {
		t.Errorf("%d squares drawn, the board has %d", len(sqs), cells)
	}
	adjacent(t, p, sqs)
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
			if !p.OnBoard(explocus.NewSquare(f, r)) {
				if sqs[name] != nil {
					t.Fatalf("%s, off the board, is drawn", name)
				}
				if _, h := p.At(explocus.NewSquare(f, r)); h != 0 {
					t.Fatalf("%d men off the board, on %s", h, name)
				}
				continue
			}
			if sqs[name] == nil {
				t.Fatalf("square %s is not drawn", name)
			}
			if high[name] {
				marks++
			}
			owner, h := p.At(explocus.NewSquare(f, r))
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

// adjacent checks the squares' geometry: the centres of neighbouring
// squares are one square's width apart, in the direction their names say
// (a file step to the right; a rank step straight up on the square board,
// up and half a cell left on the hexagon), and no two squares are closer.
func adjacent(t testing.TB, p drawn, sqs map[string]*svgtest.Node) {
	t.Helper()
	cols, rows := p.Size()
	width := sq
	type step struct{ df, dr, dx, dy float64 }
	steps := []step{{1, 0, 1, 0}, {0, 1, 0, -1}}
	if p.Config().IsHex() {
		width = hexW
		steps = []step{{1, 0, 1, 0}, {0, 1, -0.5, -sin60}, {1, 1, 0.5, -sin60}}
	}
	centers := map[[2]int][2]float64{}
	for r := range rows {
		for f := range cols {
			if n := sqs[squareName(f, r)]; n != nil {
				x, y := centerOf(t, n)
				centers[[2]int{f, r}] = [2]float64{x, y}
			}
		}
	}
	for c, a := range centers {
		for _, s := range steps {
			b, ok := centers[[2]int{c[0] + int(s.df), c[1] + int(s.dr)}]
			if !ok {
				continue
			}
			if dx, dy := b[0]-a[0]-s.dx*width, b[1]-a[1]-s.dy*width; math.Hypot(dx, dy) > 0.5 {
				t.Fatalf("the neighbour of %s at (%v, %v) is drawn off by (%v, %v)", squareName(c[0], c[1]), s.df, s.dr, dx, dy)
			}
		}
	}
	if len(centers) > 200 {
		return // the pairs of a big board take long; its steps were checked
	}
	for c, a := range centers {
		for e, b := range centers {
			if c != e && math.Hypot(b[0]-a[0], b[1]-a[1]) < width-0.5 {
				t.Fatalf("%s and %s overlap", squareName(c[0], c[1]), squareName(e[0], e[1]))
			}
		}
	}
}

// centerOf returns the centre of a square drawn as a rect, or as a
// polygon (the mean of its corners).
func centerOf(t testing.TB, n *svgtest.Node) (float64, float64) {
	t.Helper()
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("%s of square %s: %v", n.Name, n.Attrs["data-square"], err)
		}
		return v
	}
	switch n.Name {
	case "rect":
		return num(n.Attrs["x"]) + num(n.Attrs["width"])/2, num(n.Attrs["y"]) + num(n.Attrs["height"])/2
	case "polygon":
		pts := strings.Fields(n.Attrs["points"])
		if len(pts) != 6 {
			t.Fatalf("square %s is a polygon of %d corners, not a hexagon", n.Attrs["data-square"], len(pts))
		}
		var x, y float64
		for _, q := range pts {
			xs, ys, _ := strings.Cut(q, ",")
			x, y = x+num(xs), y+num(ys)
		}
		return x / 6, y / 6
	}
	t.Fatalf("square %s is drawn as a %s", n.Attrs["data-square"], n.Name)
	return 0, 0
}

// drawn is what the checks read of a position of either type.
type drawn interface {
	board
	AppendMoves([]explocus.Move) []explocus.Move
	OnBoard(explocus.Square) bool
}

// position is either position type, for the tests that play.
type position[P any] interface {
	drawn
	rules.Position[P, explocus.Move]
}

// forBoth calls explocusGame or hexGame, whichever plays spec.
func forBoth(t *testing.T, spec string, explocusGame func(explocus.Position), hexGame func(explocus.HexPosition)) {
	c := config(t, spec)
	if c.IsHex() {
		hexGame(c.StartHex())
	} else {
		explocusGame(c.Start())
	}
}

// randomOptions returns options for p after last: random size and
// coordinates, the last move, and as highlights the targets of some legal
// moves, junk and a name in upper case.
func randomOptions(r *rand.Rand, p drawn, last string) Options {
	o := Options{Size: []int{0, 300, 480, 600}[r.IntN(4)], Coordinates: r.IntN(2) == 0, LastMove: last}
	for _, m := range p.AppendMoves(nil) {
		if r.IntN(6) == 0 {
			o.Highlight = append(o.Highlight, m.To().String())
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
		if big[spec] {
			games = 1
		}
		for range games {
			forBoth(t, spec, func(p explocus.Position) { randomGame(t, r, p) }, func(p explocus.HexPosition) { randomGame(t, r, p) })
		}
	}
}

// randomGame draws p and positions of a random game from it.
func randomGame[P position[P]](t *testing.T, r *rand.Rand, p P) {
	check(t, p, Options{}, render(p, Options{}))
	s := rules.Sampler[P, explocus.Move]{Rand: r}
	last := ""
	for ply := 0; ply < 300; ply++ {
		if r.IntN(15) == 0 || p.ToMove() == rules.Terminal {
			opts := randomOptions(r, p, last)
			check(t, p, opts, render(p, opts))
		}
		m, ok := s.Move(p)
		if !ok {
			break
		}
		p, last = p.PlayUnchecked(m), m.String()
	}
}

// TestEndings draws finished games: a winner's badge carries a star.
func TestEndings(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 6))
	ended := 0
	for _, spec := range []string{"explocus(rows=3,cols=3)", "explocus(rows=3,cols=4)", "explocus(rows=4,cols=4,plylimit=20)",
		"hexplocus(size=3)", "hexplocus(size=4,plylimit=40)"} {
		for range 10 {
			var p drawn
			forBoth(t, spec, func(q explocus.Position) {
				s := rules.Sampler[explocus.Position, explocus.Move]{Rand: r}
				p, _ = s.Playout(q, 5000)
			}, func(q explocus.HexPosition) {
				s := rules.Sampler[explocus.HexPosition, explocus.Move]{Rand: r}
				p, _ = s.Playout(q, 5000)
			})
			if !p.Outcome().Over() {
				continue
			}
			ended++
			doc := render(p, Options{})
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
	for _, spec := range []string{"explocus", "explocus(rows=3,cols=3)", "explocus(rows=3,cols=5)", "explocus(rows=10,cols=12)", "explocus(rows=26,cols=26)",
		"hexplocus"} {
		var p drawn
		forBoth(t, spec, func(q explocus.Position) { p = q }, func(q explocus.HexPosition) { p = q })
		opts := Options{Coordinates: true}
		doc := render(p, opts)
		check(t, p, opts, doc)
		name := strings.NewReplacer("(", "-", ")", "", "=", "-", ",", "-").Replace(spec)
		svgtest.Golden(t, name, doc)
	}

	// Games in progress with every mark: the targets of the first column
	// that can move highlighted.
	for _, g := range []struct {
		spec, name string
		plies      int
	}{{"explocus", "explocus-marks", 24}, {"hexplocus", "hexplocus-marks", 60}} {
		var p drawn
		var last string
		forBoth(t, g.spec, func(q explocus.Position) { p, last = played(q, g.plies) },
			func(q explocus.HexPosition) { p, last = played(q, g.plies) })
		moves := p.AppendMoves(nil)
		from := moves[0].From()
		targets := []string{from.String()}
		for _, m := range moves {
			if m.From() == from {
				targets = append(targets, m.To().String())
			}
		}
		opts := Options{Size: 360, Coordinates: true, LastMove: last, Highlight: targets}
		doc := render(p, opts)
		check(t, p, opts, doc)
		svgtest.Golden(t, g.name, doc)
	}
}

// played returns the position after plies random moves from p (a fixed
// seed) and the last of them.
func played[P position[P]](p P, plies int) (P, string) {
	s := rules.Sampler[P, explocus.Move]{Rand: rand.New(rand.NewPCG(12, 12))}
	last := ""
	for range plies {
		m, _ := s.Move(p)
		p, last = p.PlayUnchecked(m), m.String()
	}
	return p, last
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

func TestHexJunkMovesMarkNothing(t *testing.T) {
	p := explocus.HexDefault.StartHex()
	d := &drawing{p: p, opts: Options{LastMove: "c3-e5"}}
	d.marks()
	if !d.from[[2]int{2, 2}] || !d.to[[2]int{4, 4}] || len(d.from)+len(d.to) != 2 {
		t.Errorf("c3-e5 marks %v to %v", d.from, d.to)
	}
	// a9, k1 and a12 are off the hexagon.
	for _, junk := range []string{"", "c3", "a9-a10", "k1-k2", "a1-a12", "<&>"} {
		if !bytes.Equal(RenderHex(p, Options{LastMove: junk}), RenderHex(p, Options{})) {
			t.Errorf("the unreadable move %q changes the picture", junk)
		}
	}
	// Off-board names mark nothing either.
	if !bytes.Equal(RenderHex(p, Options{Highlight: []string{"a9", "k1", "f12"}}), RenderHex(p, Options{})) {
		t.Error("highlighting cells off the hexagon changes the picture")
	}
}

func TestZeroPosition(t *testing.T) {
	svgtest.Parse(t, Render(explocus.Position{}, Options{Coordinates: true}))
	svgtest.Parse(t, RenderHex(explocus.HexPosition{}, Options{Coordinates: true}))
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
	b.Reset()
	h := explocus.HexDefault.StartHex()
	if err := WriteHex(&b, h, Options{Size: 200}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), RenderHex(h, Options{Size: 200})) {
		t.Error("WriteHex writes something else than RenderHex returns")
	}
}
