package svg

import (
	"io"
	"math"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/internal/svgkit"
	"github.com/tabletop-go/rules/notation"
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
//   - LastMove is a move in Explocus notation, such as "c3-c5", usually
//     the move that led to the position: its squares are tinted. Text that
//     is not a move of the game marks nothing.
//   - Highlight lists squares to mark by name, e.g. "c3" (in either case),
//     such as the legal targets of a selected column. Names that are not
//     squares of the board are ignored.
type Options = svgkit.Options

// DefaultSize is the width in pixels of a picture whose Options.Size is 0.
const DefaultSize = svgkit.DefaultSize

// Geometry in the viewBox's units.
const (
	sq       = 100.0 // a square's side
	frame    = 9.0   // the board's frame
	margin   = 14.0
	coordPad = 34.0 // room for the coordinates
	fontSize = 30.0
	stripH   = 100.0 // the strip under the board, at scale 1
	gap      = 14.0

	// a man: the top face's radii and the thickness
	manRX, manRY, manT = 36.0, 14.0, 11.0
)

// Render returns an Explocus position drawn as a standalone SVG
// document: the rectangle of squares, every column as a pile of its
// owner's men (White for seat A, Black for seat B) with its height
// written beside piles of two or more, and under the board each seat's
// men in all, the seat to move ringed and a winner starred.
func Render(p explocus.Position, opts Options) []byte { return render(p, opts) }

// RenderHex returns a Hexplocus position drawn as Render draws
// Explocus's, on the hexagon of cells.
func RenderHex(p explocus.HexPosition, opts Options) []byte { return render(p, opts) }

// Write writes Render's document to w.
func Write(w io.Writer, p explocus.Position, opts Options) error {
	return svgkit.Write(w, Render(p, opts))
}

// WriteHex writes RenderHex's document to w.
func WriteHex(w io.Writer, p explocus.HexPosition, opts Options) error {
	return svgkit.Write(w, RenderHex(p, opts))
}

func render(p board, opts Options) []byte {
	d := &drawing{p: p, opts: opts, high: svgkit.HighlightSet(opts)}
	return d.draw()
}

// board is what a drawing reads of a position, the same in either
// position type.
type board interface {
	At(explocus.Square) (rules.Player, int)
	Config() explocus.Config
	Men(rules.Player) int
	Outcome() rules.Outcome
	ParseMove(string) (explocus.Move, error)
	Size() (cols, rows int)
	Spec() string
	String() string
	ToMove() rules.Player
}

type drawing struct {
	p          board
	opts       Options
	high       map[string]bool
	cols, rows int
	from, to   map[[2]int]bool
	left, top  float64
}

// squareName returns the name of (file, rank), both from 0: "c3".
func squareName(file, rank int) string {
	return string(notation.AppendFile(nil, file)) + svgkit.Itoa(rank+1)
}

func (d *drawing) marks() {
	d.from, d.to = map[[2]int]bool{}, map[[2]int]bool{}
	if d.opts.LastMove == "" {
		return
	}
	m, err := d.p.ParseMove(d.opts.LastMove)
	if err != nil {
		return
	}
	from, to := m.From(), m.To()
	d.from[[2]int{from.File(), from.Rank()}], d.to[[2]int{to.File(), to.Rank()}] = true, true
}

// cell returns the top left corner of (file, rank).
func (d *drawing) cell(file, rank int) (float64, float64) {
	return d.left + float64(file)*sq, d.top + float64(d.rows-1-rank)*sq
}

// men colours: White (seat A) and Black (seat B).
var (
	manFill = [2]string{"#f7f3ea", "#2e2a26"}
	manEdge = [2]string{"#8c8372", "#0d0b0a"}
)

func (d *drawing) draw() []byte {
	p := d.p
	if p.Config().IsHex() {
		return d.drawHex()
	}
	d.cols, d.rows = p.Size()
	d.marks()
	d.left, d.top = margin+frame, margin+frame
	boardW, boardH := float64(d.cols)*sq, float64(d.rows)*sq
	width := boardW + 2*(margin+frame)
	if d.opts.Coordinates {
		d.left += coordPad
		width += coordPad
	}
	// The strip scales with the board, within bounds, so that it keeps
	// its size next to the squares on small and large boards alike.
	scale := math.Max(0.75, math.Min(3.25, boardW/800))
	stripTop := d.top + boardH + frame + gap
	if d.opts.Coordinates {
		stripTop += coordPad
	}
	height := stripTop + stripH*scale + margin

	w := &svgkit.Writer{}
	w.Start(width, height, svgkit.Width(d.opts), "Explocus: "+p.String()+"; "+status(p),
		"class", "explocus-board",
		"data-game", "explocus",
		"data-spec", p.Spec(),
		"data-to-move", p.ToMove().String(),
		"data-result", p.Outcome().Result())

	w.Leaf("rect", "class", "frame", "x", svgkit.Num(d.left-frame), "y", svgkit.Num(d.top-frame),
		"width", svgkit.Num(boardW+2*frame), "height", svgkit.Num(boardH+2*frame), "rx", svgkit.Num(frame*0.6),
		"fill", svgkit.ColFrame, "stroke", svgkit.ColFrameDark, "stroke-width", "3", "pointer-events", "none")

	w.Open("g", "class", "squares")
	for r := range d.rows {
		for f := range d.cols {
			x, y := d.cell(f, r)
			fill := svgkit.ColLight
			if (f+r)%2 == 0 {
				fill = svgkit.ColDark
			}
			switch {
			case d.to[[2]int{f, r}]:
				fill = svgkit.Mix(fill, svgkit.ColLast, 0.6)
			case d.from[[2]int{f, r}]:
				fill = svgkit.Mix(fill, svgkit.ColLast, 0.35)
			}
			w.Leaf("rect", "class", "square", "data-square", squareName(f, r),
				"x", svgkit.Num(x), "y", svgkit.Num(y), "width", svgkit.Num(sq), "height", svgkit.Num(sq),
				"fill", fill, "stroke", svgkit.Shade(svgkit.ColDark, 0.85), "stroke-width", "1.5")
		}
	}
	w.Close("g")

	w.Open("g", "class", "pieces")
	for r := range d.rows {
		for f := range d.cols {
			x, y := d.cell(f, r)
			d.column(w, f, r, x+sq/2, y+sq/2, 36, -36)
		}
	}
	w.Close("g")

	w.Open("g", "class", "highlights", "pointer-events", "none")
	for r := range d.rows {
		for f := range d.cols {
			if !d.high[squareName(f, r)] {
				continue
			}
			x, y := d.cell(f, r)
			if _, h := p.At(explocus.NewSquare(f, r)); h == 0 {
				w.Leaf("circle", "cx", svgkit.Num(x+sq/2), "cy", svgkit.Num(y+sq/2), "r", "15", "fill", svgkit.ColHighlight, "opacity", "0.85")
			} else {
				w.Leaf("rect", "x", svgkit.Num(x+5), "y", svgkit.Num(y+5), "width", svgkit.Num(sq-10), "height", svgkit.Num(sq-10), "rx", "10",
					"fill", "none", "stroke", svgkit.ColHighlight, "stroke-width", "6", "opacity", "0.9")
			}
		}
	}
	w.Close("g")

	if d.opts.Coordinates {
		w.Open("g", "class", "coordinates", "pointer-events", "none")
		for f := range d.cols {
			x, _ := d.cell(f, 0)
			w.Label(x+sq/2, d.top+boardH+frame+coordPad/2+4, fontSize, svgkit.ColInkSoft, "600", string(notation.AppendFile(nil, f)))
		}
		for r := range d.rows {
			_, y := d.cell(0, r)
			w.Label(d.left-frame-coordPad/2-2, y+sq/2, fontSize, svgkit.ColInkSoft, "600", svgkit.Itoa(r+1))
		}
		w.Close("g")
	}

	d.drawStrip(w, stripTop, scale, d.left, d.left+float64(d.cols)*sq)
	return w.Finish()
}

// column draws the column on (file, rank), if any, centred on (cx, cy):
// its owner's men piled up, and when it has two or more its height in a
// badge at (hx, hy) from the centre.
func (d *drawing) column(w *svgkit.Writer, file, rank int, cx, cy, hx, hy float64) {
	owner, h := d.p.At(explocus.NewSquare(file, rank))
	if h == 0 {
		return
	}
	w.Open("g", "class", "piece", "data-square", squareName(file, rank), "data-owner", owner.String(),
		"data-height", svgkit.Itoa(h), "transform", "translate("+svgkit.Num(cx)+","+svgkit.Num(cy)+")")
	for i := range h {
		w.Disc(0, svgkit.PileTop(0, manRY, manT, h, i), manRX, manRY, manT, manFill[owner&1], manEdge[owner&1],
			"class", "man")
	}
	if h > 1 {
		w.Leaf("circle", "cx", svgkit.Num(hx), "cy", svgkit.Num(hy), "r", "13", "fill", svgkit.ColIvory,
			"stroke", svgkit.ColInkSoft, "stroke-width", "1.5", "pointer-events", "none")
		w.Label(hx, hy, 20, svgkit.ColInk, "700", svgkit.Itoa(h))
	}
	w.Close("g")
}

// drawStrip draws, under the board, each seat's badge and its men in all:
// White at the left, Black at the right, the board spanning left to right.
func (d *drawing) drawStrip(w *svgkit.Writer, top, scale, left, right float64) {
	p := d.p
	out := p.Outcome()
	cy := top + stripH*scale/2
	w.Open("g", "class", "panel")
	for i := range 2 {
		seat := rules.Player(i)
		cx := left + 50*scale
		if i == 1 {
			cx = right - 150*scale
		}
		w.Open("g", "class", "badge", "data-seat", seat.String(), "data-men", svgkit.Itoa(p.Men(seat)),
			"transform", "translate("+svgkit.Num(cx)+","+svgkit.Num(cy)+") scale("+svgkit.Num(scale)+")")
		title := []string{"White", "Black"}[i] + " (" + seat.String() + "): " + svgkit.Itoa(p.Men(seat)) + " men"
		switch {
		case out.Over() && out.Score(seat) == 1:
			title += ", the winner"
		case p.ToMove() == seat:
			title += ", to move"
		}
		w.Text("title", title)
		if p.ToMove() == seat {
			w.Leaf("circle", "class", "to-move", "r", "43", "fill", "none", "stroke", svgkit.ColInk, "stroke-width", "5")
		}
		w.Disc(0, -5, 33, 14, manT, manFill[i], manEdge[i])
		w.Text("text", "×"+svgkit.Itoa(p.Men(seat)), "x", "54", "y", "0", "dy", "0.35em",
			"font-size", "32", "font-weight", "600", "fill", svgkit.ColInk, "pointer-events", "none")
		if out.Over() && out.Score(seat) == 1 {
			w.Star(30, -30, 17)
		}
		w.Close("g")
	}
	w.Close("g")
}

// status says whose turn it is or how the game ended.
func status(p board) string {
	if o := p.Outcome(); o.Over() {
		return "game over, " + o.String()
	}
	return []string{"White", "Black"}[p.ToMove()&1] + " (" + p.ToMove().String() + ") to move"
}
