package svg

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/internal/svgkit"
	"github.com/tabletop-go/rules/internal/svgkit/svgtest"
)

// check reads doc back and checks it against p: the 64 squares once each,
// the four pieces and the placed dominoes where p has them, the drawn
// tile, the pool and the marks asked for.
func check(t testing.TB, p domination.Position, opts Options, doc []byte) {
	t.Helper()
	root := svgtest.Parse(t, doc)
	svgtest.CheckRoot(t, root, svgkit.Width(opts), "domination", p)
	sqs := svgtest.Squares(t, root)
	if len(sqs) != 64 {
		t.Errorf("%d squares drawn, the board has 64", len(sqs))
	}
	pieces := map[string]string{}
	for _, n := range root.ByClass("piece") {
		name := n.Attrs["data-square"]
		if pieces[name] != "" {
			t.Fatalf("two pieces on %s", name)
		}
		pieces[name] = n.Attrs["data-owner"]
		svgtest.OnSquare(t, n, sqs)
	}
	dominoes := map[string]string{}
	for _, n := range root.ByClass("domino") {
		name := n.Attrs["data-square"]
		if dominoes[name] != "" {
			t.Fatalf("two dominoes on %s", name)
		}
		dominoes[name] = n.Attrs["data-tile"]
		svgtest.OnSquare(t, n, sqs)
	}
	want := map[string]string{}
	for seat := range rules.Player(2) {
		for _, s := range p.Pieces(seat) {
			want[s.String()] = seat.String()
		}
	}
	high := svgkit.HighlightSet(opts)
	marks := 0
	for s := range domination.Square(64) {
		name := s.String()
		if sqs[name] == nil {
			t.Fatalf("square %s is not drawn", name)
		}
		if high[name] {
			marks++
		}
		if pieces[name] != want[name] {
			t.Fatalf("%s holds a piece of %q in the picture, of %q in the position", name, pieces[name], want[name])
		}
		tile, ok := p.DominoAt(s)
		if got := dominoes[name]; ok != (got != "") || ok && got != tile.String() {
			t.Fatalf("%s holds domino %q in the picture, %v %v in the position", name, got, tile, ok)
		}
	}
	if got := len(root.ByClass("highlights")[0].Children); got != marks {
		t.Errorf("%d highlight marks, want %d", got, marks)
	}

	// The drawn tile and the set.
	drawn := root.ByClass("drawn")[0]
	var drawnTile string
	drawn.Walk(func(n *svgtest.Node) {
		if n != drawn && n.Attrs["data-tile"] != "" {
			drawnTile = n.Attrs["data-tile"]
		}
	})
	if t0, ok := p.Pending(); ok != (drawnTile != "") || ok && drawnTile != t0.String() {
		t.Errorf("drawn tile %q in the picture, %v %v in the position", drawnTile, t0, ok)
	}
	inPool := map[string]bool{}
	for _, tile := range p.Pool() {
		inPool[tile.String()] = true
	}
	tiles := root.ByClass("tile")
	if len(tiles) != domination.NumTiles {
		t.Fatalf("%d tiles in the set, want %d", len(tiles), domination.NumTiles)
	}
	for _, n := range tiles {
		if got := n.Attrs["data-in-pool"] == "true"; got != inPool[n.Attrs["data-tile"]] {
			t.Errorf("tile %s drawn in the pool: %v, in the position: %v", n.Attrs["data-tile"], got, inPool[n.Attrs["data-tile"]])
		}
	}
	if ring := root.ByClass("to-move"); p.ToMove() != rules.Terminal != (len(ring) == 1) ||
		len(ring) == 1 && ring[0].Parent.Attrs["data-seat"] != p.Turn().String() {
		t.Errorf("the seat whose turn it is, %s, is not the one ringed", p.Turn())
	}
}

// randomOptions returns options for p after last: random size and
// coordinates, the last move, and as highlights the first landings of
// some legal turns, junk and a name in upper case.
func randomOptions(r *rand.Rand, p domination.Position, last string) Options {
	o := Options{Size: []int{0, 300, 480, 600}[r.IntN(4)], Coordinates: r.IntN(2) == 0, LastMove: last}
	if p.ToMove().IsSeat() {
		for _, m := range p.AppendMoves(nil) {
			if r.IntN(8) == 0 {
				_, to, _, _ := m.Steps()
				o.Highlight = append(o.Highlight, to.String())
			}
		}
	}
	o.Highlight = append(o.Highlight, "i9", "", `"><x>&`)
	if r.IntN(2) == 0 {
		o.Highlight = append(o.Highlight, "D4")
	}
	return o
}

func TestRandomPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 4))
	for range 30 {
		p := domination.New()
		s := rules.Sampler[domination.Position, domination.Move]{Rand: r}
		last := ""
		for {
			if r.IntN(4) == 0 || p.ToMove() == rules.Terminal {
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

func TestGolden(t *testing.T) {
	p := domination.New()
	opts := Options{Coordinates: true}
	doc := Render(p, opts)
	check(t, p, opts, doc)
	svgtest.Golden(t, "domination", doc)

	// The worked example of Woods' rules, then a turn to play.
	for _, s := range []string{"2-5", "d4-b4,e5-e8", "0-3", "h1-h4,a8-b8", "1-3", "e8-h8,b4-b5", "1-2"} {
		m, err := p.ParseMove(s)
		if err == nil {
			p, err = p.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var targets []string
	for _, m := range p.AppendMoves(nil) {
		if f, to, _, _ := m.Steps(); f.String() == "h4" {
			targets = append(targets, to.String())
		}
	}
	opts = Options{Size: 360, Coordinates: true, LastMove: "1-2", Highlight: append(targets, "h4")}
	doc = Render(p, opts)
	check(t, p, opts, doc)
	svgtest.Golden(t, "domination-marks", doc)

	// The same game played on at random to its end.
	s := rules.Sampler[domination.Position, domination.Move]{Rand: rand.New(rand.NewPCG(3, 3))}
	p, _ = s.Playout(p, -1)
	doc = Render(p, Options{Size: 300})
	check(t, p, Options{Size: 300}, doc)
	svgtest.Golden(t, "domination-over", doc)
}

func TestLastTurnMarks(t *testing.T) {
	p := domination.New()
	for _, s := range []string{"2-5", "d4-b4,e5-e8"} {
		m, _ := p.ParseMove(s)
		p = p.PlayUnchecked(m)
	}
	d := &drawing{p: p, opts: Options{LastMove: "d4-b4,e5-e8"}}
	d.marks()
	var from, to []string
	for s := range domination.Square(64) {
		if d.from[s] {
			from = append(from, s.String())
		}
		if d.to[s] {
			to = append(to, s.String())
		}
	}
	if strings.Join(from, " ") != "d4 e5" || strings.Join(to, " ") != "b4 e8" {
		t.Errorf("the turn marks from %v to %v", from, to)
	}
	for _, junk := range []string{"", "9-9", "d4-b4", "<&>", "\xff"} {
		if !bytes.Equal(Render(p, Options{LastMove: junk}), Render(p, Options{})) {
			t.Errorf("the unreadable move %q changes the picture", junk)
		}
	}
}

func TestIDsDiffer(t *testing.T) {
	p := domination.New()
	id := func(o Options) string {
		doc := string(Render(p, o))
		_, after, _ := strings.Cut(doc, `<g id="`)
		id, _, _ := strings.Cut(after, `"`)
		if !strings.HasSuffix(id, "-board") || !strings.Contains(doc, `href="#`+id+`"`) {
			t.Fatalf("the wrapped strips do not refer to the board %q", id)
		}
		return id
	}
	a := id(Options{})
	if b := id(Options{Highlight: []string{"d4"}}); a == b {
		t.Error("two different pictures share their ids")
	}
	if b := id(Options{Size: 200}); a != b {
		t.Error("the same board at another size has other ids")
	}
}

func TestZeroPosition(t *testing.T) {
	svgtest.Parse(t, Render(domination.Position{}, Options{Coordinates: true}))
}

func TestWrite(t *testing.T) {
	var b bytes.Buffer
	p := domination.New()
	if err := Write(&b, p, Options{Size: 200}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), Render(p, Options{Size: 200})) {
		t.Error("Write writes something else than Render returns")
	}
}
