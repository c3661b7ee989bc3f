package svg

import (
	"io"
	"math"

	"github.com/tabletop-go/rules/hex"
	"github.com/tabletop-go/rules/internal/svgkit"
)

// Options says how to draw a position; the zero value draws the board
// DefaultSize pixels wide, without coordinates or marks. Its fields:
//
//   - Size is the picture's width in pixels, 0 or less for DefaultSize;
//     the height follows from the board's shape. The picture scales to any
//     size (it has a viewBox), so Size only sets the document's width and
//     height attributes.
//   - Coordinates writes the column letters and row numbers around the
//     board.
//   - LastMove is a move in Hex notation, such as "c3" or "swap", usually
//     the move that led to the position: its cell is tinted and its stone
//     carries a dot (after a swap, the one stone on the board does). Text
//     that is not a move of the game marks nothing.
//   - Highlight lists cells to mark by name, e.g. "c3" (in either case),
//     such as the moves a client offers. Names that are not cells of the
//     board are ignored.
type Options = svgkit.Options

// DefaultSize is the width in pixels of a picture whose Options.Size is 0.
const DefaultSize = svgkit.DefaultSize

// Geometry in the viewBox's units: pointy-top hexagons cellW wide, each row
// shifted half a cell right of the one above.
const (
	cellW    = 100.0
	band     = 26.0 // the coloured edge's width beyond the outermost hexagons
	labelGap = 24.0 // from the edge to the coordinates' centre line
	fontSize = 40.0
	margin   = 10.0
	stoneR   = 39.0
)

// The stones' fill colours (StoneColor).
const (
	blackStone = "#262626"
	whiteStone = "#fbfaf6"
)

var (
	side    = cellW / math.Sqrt(3) // a hexagon's side, its circumradius
	rowStep = 1.5 * side
	sin60   = math.Sqrt(3) / 2
)

// Render returns p drawn as a standalone SVG document: a rhombus of
// hexagons framed by the four sides' colours (Black's top and bottom dark,
// White's left and right light), the stones, and the marks opts asks for.
func Render(p hex.Position, opts Options) []byte {
	d := newDrawing(p, opts)
	return d.draw()
}

// Write writes Render's document to w.
func Write(w io.Writer, p hex.Position, opts Options) error {
	return svgkit.Write(w, Render(p, opts))
}

type point struct{ x, y float64 }

func (a point) add(b point) point      { return point{a.x + b.x, a.y + b.y} }
func (a point) sub(b point) point      { return point{a.x - b.x, a.y - b.y} }
func (a point) scale(f float64) point  { return point{a.x * f, a.y * f} }
func (a point) attr() (string, string) { return svgkit.Num(a.x), svgkit.Num(a.y) }
func (a point) pair() string           { return svgkit.Num(a.x) + "," + svgkit.Num(a.y) }

// mid returns the mean of points.
func mid(pts ...point) (m point) {
	for _, q := range pts {
		m = m.add(q)
	}
	return m.scale(1 / float64(len(pts)))
}

var (
	unitU = point{1, 0}       // along a row, to the right
	unitV = point{0.5, sin60} // along a column, down
)

type drawing struct {
	p          hex.Position
	opts       Options
	cols, rows int
	origin     point // the centre of a1
	vw, vh     float64
	last       map[[2]int]bool
	lastSwap   bool
	high       map[string]bool
	winning    map[[2]int]bool
}

func newDrawing(p hex.Position, opts Options) *drawing {
	d := &drawing{p: p, opts: opts, high: svgkit.HighlightSet(opts)}
	d.cols, d.rows = p.Size()
	d.marks()
	d.winning = winningGroup(p)

	// Lay the board out around a1 at (0, 0), then shift it into view.
	lo, hi := point{math.Inf(1), math.Inf(1)}, point{math.Inf(-1), math.Inf(-1)}
	grow := func(q point, r float64) {
		lo = point{math.Min(lo.x, q.x-r), math.Min(lo.y, q.y-r)}
		hi = point{math.Max(hi.x, q.x+r), math.Max(hi.y, q.y+r)}
	}
	for _, c := range d.corners() {
		grow(c, 0)
	}
	if opts.Coordinates {
		for _, l := range d.labels() {
			grow(l.at, fontSize*0.6)
		}
	}
	d.origin = point{margin - lo.x, margin - lo.y}
	d.vw = hi.x - lo.x + 2*margin
	d.vh = hi.y - lo.y + 2*margin
	return d
}

// center returns the centre of cell (c, r).
func (d *drawing) center(c, r int) point {
	return d.origin.add(point{float64(c)*cellW + float64(r)*cellW/2, float64(r) * rowStep})
}

// corners returns the outer rhombus of the coloured edges: top left, top
// right, bottom right, bottom left.
func (d *drawing) corners() [4]point {
	k := (side + band) / sin60
	tl := d.center(0, 0).sub(unitU.scale(k)).sub(unitV.scale(k))
	tr := d.center(d.cols-1, 0).add(unitU.scale(k)).sub(unitV.scale(k))
	br := d.center(d.cols-1, d.rows-1).add(unitU.scale(k)).add(unitV.scale(k))
	bl := d.center(0, d.rows-1).sub(unitU.scale(k)).add(unitV.scale(k))
	return [4]point{tl, tr, br, bl}
}

type label struct {
	at   point
	text string
}

// labels returns the coordinates: column letters above and below, row
// numbers left and right, each in line with its column or row.
func (d *drawing) labels() []label {
	k := (side + band + labelGap) / sin60
	var out []label
	for c := range d.cols {
		name := hex.NewSquare(c, 0).String()
		name = name[:len(name)-1]
		out = append(out,
			label{d.center(c, 0).sub(unitV.scale(k)), name},
			label{d.center(c, d.rows-1).add(unitV.scale(k)), name})
	}
	for r := range d.rows {
		n := svgkit.Itoa(r + 1)
		out = append(out,
			label{d.center(0, r).sub(unitU.scale(k)), n},
			label{d.center(d.cols-1, r).add(unitU.scale(k)), n})
	}
	return out
}

// marks reads the last move.
func (d *drawing) marks() {
	d.last = map[[2]int]bool{}
	if d.opts.LastMove == "" {
		return
	}
	m, err := d.p.ParseMove(d.opts.LastMove)
	if err != nil {
		return
	}
	if m.IsSwap() {
		d.lastSwap = true
		return
	}
	d.last[[2]int{m.Square().File(), m.Square().Rank()}] = true
}

// hexagon returns the corners of the cell centred on c.
func hexagon(c point) []point {
	pts := make([]point, 6)
	for i := range 6 {
		a := math.Pi/6 + float64(i)*math.Pi/3
		pts[i] = c.add(point{side * math.Cos(a), side * math.Sin(a)})
	}
	return pts
}

func polygon(pts []point) string {
	s := ""
	for i, q := range pts {
		if i > 0 {
			s += " "
		}
		s += q.pair()
	}
	return s
}

func colorName(c hex.Color) string {
	if c == hex.Black {
		return "Black"
	}
	return "White"
}

// status says whose turn it is or how the game ended.
func status(p hex.Position) string {
	if w := p.Winner(); w != hex.Empty {
		return colorName(w) + " (" + p.SeatOf(w).String() + ") has connected and wins, " + p.Outcome().Result()
	}
	if !p.IsValid() {
		return "no game"
	}
	return colorName(p.ColorOf(p.Turn())) + " (" + p.Turn().String() + ") to move"
}

func (d *drawing) draw() []byte {
	p := d.p
	w := &svgkit.Writer{}
	w.Start(d.vw, d.vh, svgkit.Width(d.opts), "Hex: "+p.String()+"; "+status(p),
		"class", "hex-board",
		"data-game", "hex",
		"data-spec", p.Spec(),
		"data-to-move", p.ToMove().String(),
		"data-result", p.Outcome().Result())

	d.drawEdges(w)
	d.drawCells(w)
	d.drawStones(w)
	d.drawHighlights(w)
	if d.opts.Coordinates {
		d.drawCoordinates(w)
	}
	return w.Finish()
}

// drawEdges draws the four edges: a triangle from the centre to each side
// of the outer rhombus, dark and light in turn; the hexagons cover all
// but a band along each side.
func (d *drawing) drawEdges(w *svgkit.Writer) {
	cs := d.corners()
	m := mid(cs[:]...)
	darkEdge, lightEdge := "#262626", "#f3efe6"
	w.Open("g", "class", "edges", "pointer-events", "none")
	for i, fill := range []string{darkEdge, lightEdge, darkEdge, lightEdge} {
		a, b := cs[i], cs[(i+1)%4]
		w.Leaf("polygon", "points", polygon([]point{a, b, m}), "fill", fill,
			"stroke", fill, "stroke-width", "1", "stroke-linejoin", "round")
	}
	w.Leaf("polygon", "points", polygon(cs[:]), "fill", "none", "stroke", svgkit.ColInk,
		"stroke-width", "3", "stroke-linejoin", "round")
	w.Close("g")
}

// drawCells draws the cells, in reading order, the last move's tinted.
func (d *drawing) drawCells(w *svgkit.Writer) {
	w.Open("g", "class", "cells", "fill", svgkit.ColLight, "stroke", "#b79a6b", "stroke-width", "3", "stroke-linejoin", "round")
	for r := range d.rows {
		for c := range d.cols {
			fill := []string{"", ""}
			if d.last[[2]int{c, r}] {
				fill = []string{"fill", svgkit.Mix(svgkit.ColLight, svgkit.ColLast, 0.55)}
			}
			w.Leaf("polygon", append([]string{"class", "square", "data-square", hex.NewSquare(c, r).String(),
				"points", polygon(hexagon(d.center(c, r)))}, fill...)...)
		}
	}
	w.Close("g")
}

// drawStones draws the stones, each with its marks: the sheen of a black
// stone, the ring of the winning group, the dot of the last move (or of
// the one stone a swap moved).
func (d *drawing) drawStones(w *svgkit.Writer) {
	p := d.p
	stones := 0
	for r := range d.rows {
		for c := range d.cols {
			if p.At(hex.NewSquare(c, r)) != hex.Empty {
				stones++
			}
		}
	}
	w.Open("g", "class", "pieces")
	for r := range d.rows {
		for c := range d.cols {
			col := p.At(hex.NewSquare(c, r))
			if col == hex.Empty {
				continue
			}
			ctr := d.center(c, r)
			fill, edge := blackStone, "#000000"
			if col == hex.White {
				fill, edge = whiteStone, "#6b665e"
			}
			x, y := ctr.attr()
			name := hex.NewSquare(c, r).String()
			w.Open("g", "class", "piece", "data-square", name,
				"data-color", col.String(), "data-owner", p.SeatOf(col).String(),
				"transform", "translate("+x+","+y+")")
			w.Leaf("circle", "r", svgkit.Num(stoneR), "fill", fill, "stroke", edge, "stroke-width", "3")
			if col == hex.Black {
				// a soft sheen so the stone reads as round
				w.Leaf("ellipse", "cx", svgkit.Num(-stoneR*0.3), "cy", svgkit.Num(-stoneR*0.35),
					"rx", svgkit.Num(stoneR*0.38), "ry", svgkit.Num(stoneR*0.24), "fill", "#ffffff",
					"opacity", "0.14", "transform", "rotate(-30 "+svgkit.Num(-stoneR*0.3)+" "+svgkit.Num(-stoneR*0.35)+")")
			}
			if d.winning[[2]int{c, r}] {
				w.Leaf("circle", "class", "winning", "r", svgkit.Num(stoneR-9), "fill", "none",
					"stroke", svgkit.ColStar, "stroke-width", "6")
			}
			if d.last[[2]int{c, r}] || d.lastSwap && stones == 1 {
				w.Leaf("circle", "class", "last-move", "r", "11", "fill", svgkit.SeatColor(0),
					"stroke", svgkit.Shade(svgkit.SeatColor(0), 0.6), "stroke-width", "2")
			}
			w.Close("g")
		}
	}
	w.Close("g")
}

// drawHighlights draws the highlighted cells: a dot on an empty cell, a
// ring around a stone.
func (d *drawing) drawHighlights(w *svgkit.Writer) {
	p := d.p
	w.Open("g", "class", "highlights", "pointer-events", "none")
	for r := range d.rows {
		for c := range d.cols {
			if !d.high[hex.NewSquare(c, r).String()] {
				continue
			}
			x, y := d.center(c, r).attr()
			if p.At(hex.NewSquare(c, r)) == hex.Empty {
				w.Leaf("circle", "cx", x, "cy", y, "r", "15", "fill", svgkit.ColHighlight, "opacity", "0.85")
			} else {
				w.Leaf("circle", "cx", x, "cy", y, "r", svgkit.Num(stoneR+5), "fill", "none",
					"stroke", svgkit.ColHighlight, "stroke-width", "7", "opacity", "0.9")
			}
		}
	}
	w.Close("g")
}

// drawCoordinates draws the column letters and row numbers around the
// board.
func (d *drawing) drawCoordinates(w *svgkit.Writer) {
	w.Open("g", "class", "coordinates", "pointer-events", "none")
	for _, l := range d.labels() {
		w.Label(l.at.x, l.at.y, fontSize, svgkit.ColInkSoft, "600", l.text)
	}
	w.Close("g")
}

// winningGroup returns the stones of the winner's group that joins its two
// sides, or nothing while the game goes on.
func winningGroup(p hex.Position) map[[2]int]bool {
	win := p.Winner()
	if win == hex.Empty {
		return nil
	}
	cols, rows := p.Size()
	seen := map[[2]int]bool{}
	var groups [][][2]int
	for r := range rows {
		for c := range cols {
			if p.At(hex.NewSquare(c, r)) != win || seen[[2]int{c, r}] {
				continue
			}
			var group [][2]int
			stack := [][2]int{{c, r}}
			seen[[2]int{c, r}] = true
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				group = append(group, q)
				for _, n := range [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}} {
					nc, nr := q[0]+n[0], q[1]+n[1]
					if nc < 0 || nr < 0 || nc >= cols || nr >= rows || seen[[2]int{nc, nr}] || p.At(hex.NewSquare(nc, nr)) != win {
						continue
					}
					seen[[2]int{nc, nr}] = true
					stack = append(stack, [2]int{nc, nr})
				}
			}
			groups = append(groups, group)
		}
	}
	for _, g := range groups {
		first, second := false, false
		for _, q := range g {
			if win == hex.Black {
				first = first || q[1] == 0
				second = second || q[1] == rows-1
			} else {
				first = first || q[0] == 0
				second = second || q[0] == cols-1
			}
		}
		if first && second {
			out := map[[2]int]bool{}
			for _, q := range g {
				out[q] = true
			}
			return out
		}
	}
	return nil
}
