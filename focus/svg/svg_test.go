package svg

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/focus"
	"github.com/tabletop-go/rules/internal/svgkit"
	"github.com/tabletop-go/rules/internal/svgkit/svgtest"
)

var specs = []string{
	"focus", "focus(players=3)", "focus(players=4)", "focus(players=4,teams=true)",
	"focus(players=3,short=true)", "focus(players=4,teams=true,short=true)", "focus(nowak=true)",
	"focus(setup=drop)", "focus(drops=restricted)", "focus(swap=true)",
}

func config(t testing.TB, spec string) focus.Config {
	t.Helper()
	c, err := focus.ParseSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// check reads doc back and checks it against p: the 52 squares once each,
// every stack on its square with its height and every piece's colour
// bottom to top, the reserves, the captures and the marks asked for.
func check(t testing.TB, p board, opts Options, doc []byte) {
	t.Helper()
	root := svgtest.Parse(t, doc)
	svgtest.CheckRoot(t, root, svgkit.Width(opts), "focus", p)
	sqs := svgtest.Squares(t, root)
	if len(sqs) != focus.NumSquares {
		t.Errorf("%d squares drawn, the board has %d", len(sqs), focus.NumSquares)
	}
	stacks := map[string]*svgtest.Node{}
	for _, n := range root.ByClass("stack") {
		name := n.Attrs["data-square"]
		if stacks[name] != nil {
			t.Fatalf("two stacks on %s", name)
		}
		stacks[name] = n
		svgtest.OnSquare(t, n, sqs)
	}
	pieces := 0
	high := svgkit.HighlightSet(opts)
	marks := 0
	for s := range focus.Square(64) {
		name := s.String()
		if !s.OnBoard() {
			if sqs[name] != nil || stacks[name] != nil {
				t.Fatalf("%s is off the board but drawn", name)
			}
			continue
		}
		if sqs[name] == nil {
			t.Fatalf("square %s is not drawn", name)
		}
		if high[name] {
			marks++
		}
		st, n := p.At(s), stacks[name]
		h := st.Height()
		if h == 0 {
			if n != nil {
				t.Fatalf("a stack on the empty square %s", name)
			}
			continue
		}
		if n == nil {
			t.Fatalf("the stack on %s is not drawn", name)
		}
		top, _ := st.Top()
		if svgtest.Atoi(t, n, "data-height") != h || n.Attrs["data-owner"] != seatLetter(int(top)) {
			t.Fatalf("the stack on %s is drawn %v, want height %d topped by %s", name, n.Attrs, h, seatLetter(int(top)))
		}
		var got []string
		for _, c := range n.Children {
			if c.HasClass("piece") {
				if c.Attrs["data-square"] != name || svgtest.Atoi(t, c, "data-level") != len(got) {
					t.Fatalf("piece %d of %s is drawn as %v", len(got), name, c.Attrs)
				}
				got = append(got, c.Attrs["data-owner"])
			}
		}
		var want []string
		for i := range h {
			want = append(want, seatLetter(int(st.Piece(i))))
		}
		if strings.Join(got, "") != strings.Join(want, "") {
			t.Fatalf("the stack on %s is drawn %v bottom to top, want %v", name, got, want)
		}
		pieces += h
	}
	if n := len(root.ByClass("piece")); n != pieces {
		t.Errorf("%d pieces drawn on the board, want %d", n, pieces)
	}
	if got := len(root.ByClass("highlights")[0].Children); got != marks {
		t.Errorf("%d highlight marks, want %d", got, marks)
	}

	// Reserves and captures.
	teams := p.Config().Teams
	reserves := map[string]int{}
	for _, n := range root.ByClass("reserve") {
		key := n.Attrs["data-reserve"] + n.Attrs["data-color"]
		if _, dup := reserves[key]; dup {
			t.Fatalf("reserve %s drawn twice", key)
		}
		reserves[key] = svgtest.Atoi(t, n, "data-count")
	}
	wantReserves := 0
	for i := range p.Seats() {
		seat, letter := rules.Player(i), seatLetter(i)
		wantReserves++
		if reserves[letter+letter] != p.Reserve(seat) {
			t.Errorf("%s's reserve drawn %d, want %d", letter, reserves[letter+letter], p.Reserve(seat))
		}
		if teams {
			wantReserves++
			partner := seatLetter((i + 2) % 4)
			if got, ok := reserves[letter+partner]; !ok || got != p.PartnerReserve(seat) {
				t.Errorf("%s's reserve of %s's pieces drawn %d, want %d", letter, partner, got, p.PartnerReserve(seat))
			}
		}
	}
	if len(reserves) != wantReserves {
		t.Errorf("%d reserves drawn, want %d", len(reserves), wantReserves)
	}
	caps := root.ByClass("captures")
	if len(caps) != p.Seats() {
		t.Fatalf("%d seats' captures drawn, want %d", len(caps), p.Seats())
	}
	for i, n := range caps {
		seat := rules.Player(i)
		if n.Attrs["data-seat"] != seatLetter(i) || svgtest.Atoi(t, n, "data-count") != p.Captured(seat) {
			t.Errorf("captures drawn %v, want %s's %d", n.Attrs, seatLetter(i), p.Captured(seat))
		}
		for _, c := range n.ByClass("captured") {
			col, _ := rules.SeatFromLetter(c.Attrs["data-color"][0])
			if svgtest.Atoi(t, c, "data-count") != p.CapturedOf(seat, col) {
				t.Errorf("%s's captures of %s drawn %s, want %d", seat, col, c.Attrs["data-count"], p.CapturedOf(seat, col))
			}
		}
	}
	badges := root.ByClass("badge")
	if len(badges) != p.Seats() {
		t.Errorf("%d badges, want %d", len(badges), p.Seats())
	}
	if ring := root.ByClass("to-move"); p.ToMove().IsSeat() != (len(ring) == 1) ||
		len(ring) == 1 && ring[0].Parent.Attrs["data-seat"] != p.ToMove().String() {
		t.Errorf("the seat to move, %s, is not the one ringed", p.ToMove())
	}
}

// randomOptions returns options for p after last: random size and
// coordinates, the last move, and as highlights the targets of some legal
// moves, junk, and a name in upper case.
func randomOptions(r *rand.Rand, moves []focus.Move, last string) Options {
	o := Options{Size: []int{0, 300, 480, 600}[r.IntN(4)], Coordinates: r.IntN(2) == 0, LastMove: last}
	for _, m := range moves {
		if m != focus.Pass && r.IntN(6) == 0 {
			o.Highlight = append(o.Highlight, m.To().String())
		}
	}
	o.Highlight = append(o.Highlight, "a1", "i9", "", `"><x>&`)
	if r.IntN(2) == 0 {
		o.Highlight = append(o.Highlight, "D4")
	}
	return o
}

func TestRandomPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 2))
	for _, spec := range specs {
		for range 3 {
			if c := config(t, spec); c.Nowak {
				randomGame(t, r, c.StartNowak(), RenderNowak)
			} else {
				randomGame(t, r, c.Start(), Render)
			}
		}
	}
}

// randomGame draws positions of a random game from p with render, and
// checks them.
func randomGame[P interface {
	rules.Position[P, focus.Move]
	board
}](t *testing.T, r *rand.Rand, p P, render func(P, Options) []byte) {
	check(t, p, Options{}, render(p, Options{}))
	s := rules.Sampler[P, focus.Move]{Rand: r}
	last := ""
	for ply := 0; ply < 300; ply++ {
		if r.IntN(16) == 0 || p.ToMove() == rules.Terminal {
			opts := randomOptions(r, p.AppendMoves(make([]focus.Move, 0, p.MaxMoves())), last)
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
	var ended []focus.Position
	for _, text := range []string{
		"4/AAAAAA/AAAAAAAA/AAAA4/8/8/6/4 B 0,0 18,0 101", // B has nothing left
	} {
		p, err := focus.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		ended = append(ended, p)
	}
	r := rand.New(rand.NewPCG(15, 3))
	for _, spec := range []string{"focus(players=4,teams=true,short=true)", "focus(players=3,short=true)", "focus(plylimit=30)"} {
		s := rules.Sampler[focus.Position, focus.Move]{Rand: r}
		p, _ := s.Playout(config(t, spec).Start(), 20000)
		ended = append(ended, p)
	}
	for _, p := range ended {
		if !p.Outcome().Over() {
			t.Fatalf("%s is not over", p)
		}
		doc := Render(p, Options{})
		check(t, p, Options{}, doc)
		stars := 0
		for i := range p.Seats() {
			if p.Outcome().Score(rules.Player(i)) == 1 {
				stars++
			}
		}
		if got := strings.Count(string(doc), `fill="`+svgkit.ColStar+`"`); got != stars {
			t.Errorf("%s ended %s: %d stars, want %d", p, p.Outcome(), got, stars)
		}
	}
	svgtest.Golden(t, "focus-won", Render(ended[0], Options{Size: 300}))
}

func TestGolden(t *testing.T) {
	for _, spec := range []string{"focus", "focus(players=3)", "focus(players=4)", "focus(players=4,teams=true)", "focus(setup=drop)"} {
		p := config(t, spec).Start()
		opts := Options{Coordinates: true}
		doc := Render(p, opts)
		check(t, p, opts, doc)
		name := strings.NewReplacer("(", "-", ")", "", "=", "-", ",", "-").Replace(spec)
		svgtest.Golden(t, name, doc)
	}

	// Games in progress with every mark: stacks, reserves and captures.
	for _, c := range []struct{ name, position, last string }{
		{"focus-marks", "1bBB1/1A2aA1/1AB2baaAA1/1abaaB3A1B/2B1bB1A1/1aAbaA4A/B1B2B/4 A 0,2 1,0 60", "h4-h5"},
		{"focus-teams-marks", "focus(players=4,teams=true) ADbCbB/DdDA1dB1/1C1aA1aadaDB1/D1DDB1bCD/C1A2BCB/CA4bC1/aAC1CccaBC/1acB2 A 0,0,0,0+1 D2,0,0,0 60", "g6-f6"},
	} {
		p, err := focus.ParsePosition(c.position)
		if err != nil {
			t.Fatal(err)
		}
		var targets []string
		for _, m := range p.AppendMoves(nil) {
			if !m.IsDrop() && m.From().String() == "c3" {
				targets = append(targets, m.To().String())
			}
		}
		opts := Options{Size: 360, Coordinates: true, LastMove: c.last, Highlight: append(targets, "c3")}
		doc := Render(p, opts)
		check(t, p, opts, doc)
		svgtest.Golden(t, c.name, doc)
	}
}

func TestLastMoveForms(t *testing.T) {
	p := focus.New()
	for _, c := range []struct {
		move       string
		from, to   []string
		unreadable bool
	}{
		{move: "c3-c5", from: []string{"c3"}, to: []string{"c5"}},
		{move: "*d4", to: []string{"d4"}},
		{move: "C*d4", to: []string{"d4"}},
		{move: "*d4,c3-c5", from: []string{"c3"}, to: []string{"d4", "c5"}},
		{move: "c3<>d3", from: []string{"c3"}, to: []string{"d3"}},
		{move: "pass"},
		{move: "j9-j10", unreadable: true},
		{move: "<&>", unreadable: true},
	} {
		d := &drawing{p: p, opts: Options{LastMove: c.move}}
		d.marks()
		var from, to []string
		for s := range focus.Square(64) {
			if d.from[s] {
				from = append(from, s.String())
			}
			if d.to[s] {
				to = append(to, s.String())
			}
		}
		if strings.Join(from, " ") != strings.Join(c.from, " ") || strings.Join(to, " ") != strings.Join(c.to, " ") {
			t.Errorf("%s marks from %v to %v, want %v to %v", c.move, from, to, c.from, c.to)
		}
		doc := Render(p, Options{LastMove: c.move})
		check(t, p, Options{}, doc)
		if c.unreadable && !bytes.Equal(doc, Render(p, Options{})) {
			t.Errorf("the unreadable move %q changes the picture", c.move)
		}
	}
}

// TestZeroPosition: the invalid value draws as the empty board, with no
// seats, its text "<invalid focus position>" in the title, no spec, no one
// to move and the result "?".
func TestZeroPosition(t *testing.T) {
	opts := Options{Coordinates: true, LastMove: "c3-c4"}
	doc := Render(focus.Position{}, opts)
	check(t, focus.Position{}, Options{Coordinates: true}, doc)
	root := svgtest.Parse(t, doc)
	if root.Attrs["data-spec"] != "" || root.Attrs["data-to-move"] != "terminal" || root.Attrs["data-result"] != "?" {
		t.Errorf("root attributes %v", root.Attrs)
	}
	if title := root.Child("title"); title == nil || !strings.Contains(title.Text, "<invalid focus position>") {
		t.Errorf("the title does not name the invalid value")
	}
	if n := len(root.ByClass("stack")) + len(root.ByClass("badge")) + len(root.ByClass("reserve")); n != 0 {
		t.Errorf("%d stacks, badges and reserves drawn for the invalid value", n)
	}
}

func TestWrite(t *testing.T) {
	var b bytes.Buffer
	p := focus.New()
	if err := Write(&b, p, Options{Size: 200}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), Render(p, Options{Size: 200})) {
		t.Error("Write writes something else than Render returns")
	}
}
