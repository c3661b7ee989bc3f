package svg

import (
	"hash/fnv"
	"io"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/domination"
	"github.com/tabletop-go/rules/internal/svgkit"
)

// Options says how to draw a position; the zero value draws the board
// DefaultSize pixels wide, without coordinates or marks. Its fields:
//
//   - Size is the picture's width in pixels, 0 or less for DefaultSize;
//     the height follows from the board's shape. The picture scales to any
//     size (it has a viewBox), so Size only sets the document's width and
//     height attributes.
//   - Coordinates writes the file letters and rank numbers around the
//     board.
//   - LastMove is a move in Domination notation, usually the move that
//     led to the position: a turn such as "d4-b4,e5-e8" tints its squares,
//     a draw such as "2-5" rings the domino drawn. Text that is not a move
//     of the game marks nothing.
//   - Highlight lists squares to mark by name, e.g. "d4" (in either case),
//     such as the legal landings of a selected piece. Names that are not
//     squares of the board are ignored.
type Options = svgkit.Options

// DefaultSize is the width in pixels of a picture whose Options.Size is 0.
const DefaultSize = svgkit.DefaultSize

// Geometry in the viewBox's units.
const (
	sq       = 100.0 // a square's side
	ghost    = 34.0  // the strips beyond each edge that show the board wrapping
	margin   = 14.0
	coordPad = 32.0 // room for the coordinates
	fontSize = 30.0
	panelH   = 150.0 // the panel under the board: seats, the drawn tile, the pool
	gap      = 18.0
	pieceR   = 33.0
)

// Render returns p drawn as a standalone SVG document: the 8×8 torus, with
// faded strips beyond each edge showing the squares that wrap around to
// it, the placed dominoes with their pips and the four pieces (X, seat A,
// and O, seat B); under the board, the seats (the one to move ringed,
// a winner starred), the domino drawn this turn and the 28 dominoes, those
// still in the pool in full.
func Render(p domination.Position, opts Options) []byte {
	d := &drawing{p: p, opts: opts, high: svgkit.HighlightSet(opts)}
	return d.draw()
}

// Write writes Render's document to w.
func Write(w io.Writer, p domination.Position, opts Options) error {
	return svgkit.Write(w, Render(p, opts))
}

type drawing struct {
	p         domination.Position
	opts      Options
	high      map[string]bool
	from, to  map[domination.Square]bool
	lastDraw  domination.Tile
	drawMark  bool
	left, top float64 // the board's top left corner
	id        string  // a prefix for the document's ids
}

func (d *drawing) marks() {
	d.from, d.to = map[domination.Square]bool{}, map[domination.Square]bool{}
	if d.opts.LastMove == "" {
		return
	}
	m, err := d.p.ParseMove(d.opts.LastMove)
	if err != nil {
		return
	}
	if m.IsDraw() {
		d.lastDraw, d.drawMark = m.Tile(), true
		return
	}
	f1, t1, f2, t2 := m.Steps()
	d.from[f1], d.from[f2] = true, true
	d.to[t1], d.to[t2] = true, true
}

// cell returns the top left corner of a square.
func (d *drawing) cell(s domination.Square) (float64, float64) {
	return d.left + float64(s.File())*sq, d.top + float64(7-s.Rank())*sq
}

// documentID returns a prefix for the ids of a document whose board is
// drawn as board: the same for the same board, so that several pictures
// on one page keep their ids apart.
func documentID(board []byte) string {
	h := fnv.New32a()
	h.Write(board)
	const digits = "0123456789abcdef"
	v := h.Sum32()
	id := []byte("domination-")
	for shift := 28; shift >= 0; shift -= 4 {
		id = append(id, digits[v>>uint(shift)&15])
	}
	return string(id)
}

func (d *drawing) draw() []byte {
	p := d.p
	d.marks()
	d.left, d.top = margin+ghost, margin+ghost
	width := 8*sq + 2*ghost + 2*margin
	if d.opts.Coordinates {
		d.left += coordPad
		width += coordPad
	}
	boardBottom := d.top + 8*sq + ghost
	if d.opts.Coordinates {
		boardBottom += coordPad
	}
	panelTop := boardBottom + gap
	height := panelTop + panelH + margin

	w := &svgkit.Writer{}
	w.Start(width, height, svgkit.Width(d.opts), "Domination: "+p.String()+"; "+status(p),
		"class", "domination-board",
		"data-game", "domination",
		"data-spec", p.Spec(),
		"data-to-move", p.ToMove().String(),
		"data-result", p.Outcome().Result())

	// The board: squares, dominoes and pieces in one group, which the
	// strips beyond the edges show again, offset by the board's size.
	board := w.Fragment()
	d.drawSquares(board)
	d.drawDominoes(board)
	d.drawPieces(board)
	d.drawHighlights(board)
	d.id = documentID(board.Bytes())
	w.Open("g", "id", d.id+"-board")
	w.Embed(board)
	w.Close("g")

	// The wrap: the board again on every side, clipped to the strips.
	x0, y0 := d.left-ghost, d.top-ghost
	w.Open("defs")
	w.Open("clipPath", "id", d.id+"-wrap")
	w.Leaf("rect", "x", svgkit.Num(x0), "y", svgkit.Num(y0), "width", svgkit.Num(8*sq+2*ghost), "height", svgkit.Num(8*sq+2*ghost), "rx", "10")
	w.Close("clipPath")
	w.Close("defs")
	w.Open("g", "class", "wrap", "clip-path", "url(#"+d.id+"-wrap)", "opacity", "0.42", "pointer-events", "none")
	for _, off := range [8][2]float64{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
		w.Leaf("use", "href", "#"+d.id+"-board", "x", svgkit.Num(off[0]*8*sq), "y", svgkit.Num(off[1]*8*sq))
	}
	w.Close("g")
	w.Leaf("rect", "class", "edge", "x", svgkit.Num(d.left), "y", svgkit.Num(d.top), "width", svgkit.Num(8*sq), "height", svgkit.Num(8*sq),
		"fill", "none", "stroke", svgkit.ColFrame, "stroke-width", "4", "pointer-events", "none")
	w.Leaf("rect", "class", "wrap-edge", "x", svgkit.Num(x0), "y", svgkit.Num(y0), "width", svgkit.Num(8*sq+2*ghost), "height", svgkit.Num(8*sq+2*ghost),
		"rx", "10", "fill", "none", "stroke", svgkit.ColInkSoft, "stroke-width", "2", "stroke-dasharray", "8 6",
		"pointer-events", "none")

	if d.opts.Coordinates {
		w.Open("g", "class", "coordinates", "pointer-events", "none")
		for f := range 8 {
			name := domination.NewSquare(f, 0).String()
			w.Label(d.left+(float64(f)+0.5)*sq, d.top+8*sq+ghost+coordPad/2+2, fontSize, svgkit.ColInkSoft, "600", name[:1])
		}
		for r := range 8 {
			w.Label(d.left-ghost-coordPad/2-2, d.top+(7.5-float64(r))*sq, fontSize, svgkit.ColInkSoft, "600", svgkit.Itoa(r+1))
		}
		w.Close("g")
	}

	d.drawPanel(w, panelTop)
	return w.Finish()
}

func (d *drawing) drawSquares(w *svgkit.Writer) {
	w.Open("g", "class", "squares")
	for s := range domination.Square(64) {
		x, y := d.cell(s)
		fill := svgkit.ColLight
		if (s.File()+s.Rank())%2 == 0 {
			fill = svgkit.ColDark
		}
		switch {
		case d.to[s]:
			fill = svgkit.Mix(fill, svgkit.ColLast, 0.6)
		case d.from[s]:
			fill = svgkit.Mix(fill, svgkit.ColLast, 0.35)
		}
		w.Leaf("rect", "class", "square", "data-square", s.String(),
			"x", svgkit.Num(x), "y", svgkit.Num(y), "width", svgkit.Num(sq), "height", svgkit.Num(sq),
			"fill", fill, "stroke", svgkit.Shade(svgkit.ColDark, 0.85), "stroke-width", "1.5")
	}
	w.Close("g")
}

func (d *drawing) drawDominoes(w *svgkit.Writer) {
	w.Open("g", "class", "dominoes")
	for s := range domination.Square(64) {
		t, ok := d.p.DominoAt(s)
		if !ok {
			continue
		}
		x, y := d.cell(s)
		w.Open("g", "class", "domino", "data-square", s.String(), "data-tile", t.String(),
			"transform", "translate("+svgkit.Num(x+sq/2)+","+svgkit.Num(y+sq/2)+")")
		domino(w, t, 44, true)
		w.Close("g")
	}
	w.Close("g")
}

// domino draws tile t centred on the origin, each half a square of side
// half, the two halves one above the other (vertical) or side by side.
func domino(w *svgkit.Writer, t domination.Tile, half float64, vertical bool) {
	lo, hi := t.Numbers()
	wd, ht := half, 2*half
	if !vertical {
		wd, ht = ht, wd
	}
	w.Leaf("rect", "x", svgkit.Num(-wd/2), "y", svgkit.Num(-ht/2), "width", svgkit.Num(wd), "height", svgkit.Num(ht),
		"rx", svgkit.Num(half*0.16), "fill", svgkit.ColIvory, "stroke", "#6f604c", "stroke-width", svgkit.Num(half*0.06))
	if vertical {
		w.Leaf("line", "x1", svgkit.Num(-wd/2+half*0.14), "y1", "0", "x2", svgkit.Num(wd/2-half*0.14), "y2", "0",
			"stroke", "#6f604c", "stroke-width", svgkit.Num(half*0.05))
	} else {
		w.Leaf("line", "x1", "0", "y1", svgkit.Num(-ht/2+half*0.14), "x2", "0", "y2", svgkit.Num(ht/2-half*0.14),
			"stroke", "#6f604c", "stroke-width", svgkit.Num(half*0.05))
	}
	for i, n := range [2]int{lo, hi} {
		cx, cy := 0.0, (float64(i)-0.5)*half
		if !vertical {
			cx, cy = cy, 0
		}
		for _, q := range pips[n] {
			w.Leaf("circle", "cx", svgkit.Num(cx+q[0]*half*0.27), "cy", svgkit.Num(cy+q[1]*half*0.27),
				"r", svgkit.Num(half*0.1), "fill", svgkit.ColPip)
		}
	}
}

// pips are the positions of each number's pips in a half of a domino,
// in units of a quarter of the half's side from its centre.
var pips = [7][][2]float64{
	{},
	{{0, 0}},
	{{-1, -1}, {1, 1}},
	{{-1, -1}, {0, 0}, {1, 1}},
	{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	{{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	{{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
}

func (d *drawing) drawPieces(w *svgkit.Writer) {
	w.Open("g", "class", "pieces")
	for seat := range rules.Player(2) {
		for _, s := range d.p.Pieces(seat) {
			x, y := d.cell(s)
			w.Open("g", "class", "piece", "data-square", s.String(), "data-owner", seat.String(),
				"transform", "translate("+svgkit.Num(x+sq/2)+","+svgkit.Num(y+sq/2)+")")
			piece(w, int(seat), pieceR)
			w.Close("g")
		}
	}
	w.Close("g")
}

// piece draws seat's piece centred on the origin: a disc of the seat's
// colour with its mark, X for seat A and O for seat B.
func piece(w *svgkit.Writer, seat int, r float64) {
	c := svgkit.SeatColor(seat)
	w.Leaf("circle", "cy", svgkit.Num(r*0.08), "r", svgkit.Num(r), "fill", "#000000", "opacity", "0.18")
	w.Leaf("circle", "r", svgkit.Num(r), "fill", c, "stroke", svgkit.Shade(c, 0.55), "stroke-width", svgkit.Num(r*0.09))
	k := r * 0.4
	if seat == 0 {
		w.Leaf("path", "d", "M"+svgkit.Num(-k)+","+svgkit.Num(-k)+"L"+svgkit.Num(k)+","+svgkit.Num(k)+"M"+svgkit.Num(k)+","+svgkit.Num(-k)+"L"+svgkit.Num(-k)+","+svgkit.Num(k),
			"stroke", "#ffffff", "stroke-width", svgkit.Num(r*0.22), "stroke-linecap", "round", "fill", "none")
	} else {
		w.Leaf("circle", "r", svgkit.Num(k*1.05), "fill", "none", "stroke", "#ffffff", "stroke-width", svgkit.Num(r*0.22))
	}
}

func (d *drawing) drawHighlights(w *svgkit.Writer) {
	w.Open("g", "class", "highlights", "pointer-events", "none")
	occupied := map[domination.Square]bool{}
	for seat := range rules.Player(2) {
		for _, s := range d.p.Pieces(seat) {
			occupied[s] = true
		}
	}
	for s := range domination.Square(64) {
		if !d.high[s.String()] {
			continue
		}
		x, y := d.cell(s)
		if _, dom := d.p.DominoAt(s); !occupied[s] && !dom {
			w.Leaf("circle", "cx", svgkit.Num(x+sq/2), "cy", svgkit.Num(y+sq/2), "r", "15", "fill", svgkit.ColHighlight, "opacity", "0.85")
		} else {
			w.Leaf("rect", "x", svgkit.Num(x+5), "y", svgkit.Num(y+5), "width", svgkit.Num(sq-10), "height", svgkit.Num(sq-10), "rx", "10",
				"fill", "none", "stroke", svgkit.ColHighlight, "stroke-width", "6", "opacity", "0.9")
		}
	}
	w.Close("g")
}

// drawPanel draws the seats, the drawn tile and the pool under the board.
func (d *drawing) drawPanel(w *svgkit.Writer, top float64) {
	p := d.p
	cy := top + panelH/2
	out := p.Outcome()
	w.Open("g", "class", "panel")

	// The seats.
	for i := range 2 {
		seat := rules.Player(i)
		cx := d.left + 50 + float64(i)*105
		w.Open("g", "class", "badge", "data-seat", seat.String())
		title := "seat " + seat.String() + " (" + []string{"X", "O"}[i] + ")"
		switch {
		case out.Over() && out.Score(seat) == 1:
			title += ", the winner"
		case !out.Over() && p.Turn() == seat:
			title += map[bool]string{true: ", to draw", false: ", to move"}[p.ToMove() == rules.Chance]
		}
		w.Text("title", title)
		if !out.Over() && p.Turn() == seat {
			w.Leaf("circle", "class", "to-move", "cx", svgkit.Num(cx), "cy", svgkit.Num(cy), "r", "44",
				"fill", "none", "stroke", svgkit.ColInk, "stroke-width", "5")
		}
		w.Open("g", "transform", "translate("+svgkit.Num(cx)+","+svgkit.Num(cy)+")")
		piece(w, i, pieceR)
		w.Close("g")
		if out.Over() && out.Score(seat) == 1 {
			w.Star(cx+32, cy-32, 17)
		}
		w.Close("g")
	}

	// The tile drawn this turn, or an empty place for it.
	tx := d.left + 300
	w.Open("g", "class", "drawn", "transform", "translate("+svgkit.Num(tx)+","+svgkit.Num(cy)+")")
	if t, ok := p.Pending(); ok {
		w.Text("title", "drawn: "+t.String())
		w.Open("g", "data-tile", t.String())
		domino(w, t, 58, false)
		w.Close("g")
	} else {
		w.Text("title", "no domino drawn")
		w.Leaf("rect", "x", "-58", "y", "-29", "width", "116", "height", "58", "rx", "9",
			"fill", "none", "stroke", svgkit.ColInkSoft, "stroke-width", "3", "stroke-dasharray", "9 7")
	}
	if d.drawMark {
		if t, ok := p.Pending(); ok && t == d.lastDraw {
			w.Leaf("rect", "class", "last-move", "x", "-66", "y", "-37", "width", "132", "height", "74", "rx", "14",
				"fill", "none", "stroke", svgkit.ColLast, "stroke-width", "6")
		}
	}
	w.Close("g")

	// The 28 dominoes: those in the pool in full, the others faint.
	inPool := map[domination.Tile]bool{}
	for _, t := range p.Pool() {
		inPool[t] = true
	}
	const cols, cellW, cellH = 7, 61.0, 35.0
	px := d.left + 8*sq - cols*cellW + cellW/2
	py := cy - 1.5*cellH
	w.Open("g", "class", "pool", "data-count", svgkit.Itoa(p.PoolSize()))
	w.Text("title", "the pool: "+svgkit.Itoa(p.PoolSize())+" dominoes")
	for t := range domination.Tile(domination.NumTiles) {
		x := px + float64(int(t)%cols)*cellW
		y := py + float64(int(t)/cols)*cellH
		attrs := []string{"class", "tile", "data-tile", t.String(), "data-in-pool", map[bool]string{true: "true", false: "false"}[inPool[t]],
			"transform", "translate(" + svgkit.Num(x) + "," + svgkit.Num(y) + ")"}
		if !inPool[t] {
			attrs = append(attrs, "opacity", "0.2")
		}
		w.Open("g", attrs...)
		domino(w, t, 26, false)
		w.Close("g")
	}
	w.Close("g")
	w.Close("g")
}

// status says whose turn it is or how the game ended.
func status(p domination.Position) string {
	if o := p.Outcome(); o.Over() {
		return "game over, " + o.String()
	}
	mark := []string{"X", "O"}[p.Turn()&1]
	if p.ToMove() == rules.Chance {
		return p.Turn().String() + " (" + mark + ") to draw"
	}
	t, _ := p.Pending()
	return p.Turn().String() + " (" + mark + ") to move with " + t.String()
}
