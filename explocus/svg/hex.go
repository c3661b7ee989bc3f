package svg

import (
	"math"

	"github.com/tabletop-go/rules/explocus"
	"github.com/tabletop-go/rules/internal/svgkit"
	"github.com/tabletop-go/rules/notation"
)

// Hexplocus's geometry in the viewBox's units: pointy-top hexagons hexW
// wide, ranks horizontal rows, each rank shifted half a cell left of the
// one below, as explocus's Diagram draws them. The board is a flat-topped
// hexagon whose six corners are the corner cells.
const (
	hexW        = 110.0 // a cell's width, the distance between neighbours' centres
	hexBand     = 16.0  // the frame beyond the outermost cells' corners
	hexLabelGap = 36.0  // from the frame to the coordinates' centre line
	hexFontSize = 34.0
	sin60       = 0.8660254037844386
)

var (
	hexSide    = hexW / math.Sqrt(3) // a cell's side, its circumradius
	hexRowStep = 1.5 * hexSide       // between the centres of two ranks
	// the corner cells' distance from the frame, along a rank or a file
	hexReach = (hexSide + hexBand) / sin60
)

// hexLayout places the cells of a hexagon of side n.
type hexLayout struct {
	n      int
	origin [2]float64 // the centre of the board
}

// center returns the centre of cell (file, rank): a file step goes right
// a cell, a rank step up a row and left half a cell.
func (l hexLayout) center(file, rank int) (float64, float64) {
	c := l.n - 1
	return l.origin[0] + float64(file-c)*hexW - float64(rank-c)*hexW/2,
		l.origin[1] - float64(rank-c)*hexRowStep
}

// frame returns the corners of the board's frame, from the right one
// clockwise.
func (l hexLayout) frame() [6][2]float64 {
	r := float64(l.n-1)*hexW + hexReach
	var out [6][2]float64
	for i := range 6 {
		a := float64(i) * math.Pi / 3
		out[i] = [2]float64{l.origin[0] + r*math.Cos(a), l.origin[1] + r*math.Sin(a)}
	}
	return out
}

// hexLabel is a coordinate and where it goes.
type hexLabel struct {
	x, y float64
	text string
}

// labels returns the coordinates: each rank's number left of its row, and
// each file's letter in line with the file below its lowest cell (under
// the bottom edge for the files whose lowest cell is on rank 1, under the
// lower right edge for the others), where explocus's Diagram writes them.
func (l hexLayout) labels() []hexLabel {
	c := l.n - 1
	k := hexReach + hexLabelGap
	var out []hexLabel
	for r := range 2*c + 1 {
		x, y := l.center(max(0, r-c), r)
		out = append(out, hexLabel{x - k, y, svgkit.Itoa(r + 1)})
	}
	for f := range 2*c + 1 {
		x, y := l.center(f, max(0, f-c))
		out = append(out, hexLabel{x + k/2, y + k*sin60, string(notation.AppendFile(nil, f))})
	}
	return out
}

// cells returns the board's cells in reading order: from the top rank
// down, each rank left to right.
func (l hexLayout) cells() [][2]int {
	c := l.n - 1
	var out [][2]int
	for r := 2 * c; r >= 0; r-- {
		for f := max(0, r-c); f <= min(2*c, r+c); f++ {
			out = append(out, [2]int{f, r})
		}
	}
	return out
}

// hexagon returns the points attribute of a pointy-top hexagon of
// circumradius rad centred on (cx, cy).
func hexagon(cx, cy, rad float64) string {
	s := ""
	for i := range 6 {
		a := math.Pi/6 + float64(i)*math.Pi/3
		if i > 0 {
			s += " "
		}
		s += svgkit.Num(cx+rad*math.Cos(a)) + "," + svgkit.Num(cy+rad*math.Sin(a))
	}
	return s
}

// hexFill is a cell's colour: three tones, so that no two neighbours
// share one.
func hexFill(file, rank int) string {
	switch (file + rank) % 3 {
	case 0:
		return svgkit.Mix(svgkit.ColLight, svgkit.ColDark, 0.5)
	case 1:
		return svgkit.ColLight
	}
	return svgkit.ColDark
}

// drawHex draws a Hexplocus position: the hexagon of cells on a wooden
// frame, the columns, the marks, the coordinates and the strip under the
// board.
func (d *drawing) drawHex() []byte {
	p := d.p
	d.marks()
	l := hexLayout{n: p.Config().Side}

	// Lay the board out around its centre at (0, 0), then shift it into
	// view.
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	grow := func(x, y, r float64) {
		lo = [2]float64{math.Min(lo[0], x-r), math.Min(lo[1], y-r)}
		hi = [2]float64{math.Max(hi[0], x+r), math.Max(hi[1], y+r)}
	}
	for _, c := range l.frame() {
		grow(c[0], c[1], 0)
	}
	if d.opts.Coordinates {
		for _, lb := range l.labels() {
			grow(lb.x, lb.y, hexFontSize*0.6)
		}
	}
	l.origin = [2]float64{margin - lo[0], margin - lo[1]}
	width := hi[0] - lo[0] + 2*margin
	frame := l.frame()
	boardW := float64(2*l.n-1) * hexW
	scale := math.Max(0.75, math.Min(3.25, boardW/800))
	stripTop := hi[1] - lo[1] + margin + gap
	height := stripTop + stripH*scale + margin

	w := &svgkit.Writer{}
	w.Start(width, height, svgkit.Width(d.opts), "Hexplocus: "+p.String()+"; "+status(p),
		"class", "hexplocus-board",
		"data-game", "hexplocus",
		"data-spec", p.Spec(),
		"data-to-move", p.ToMove().String(),
		"data-result", p.Outcome().Result())

	pts := ""
	for i, c := range frame {
		if i > 0 {
			pts += " "
		}
		pts += svgkit.Num(c[0]) + "," + svgkit.Num(c[1])
	}
	w.Leaf("polygon", "class", "frame", "points", pts,
		"fill", svgkit.ColFrame, "stroke", svgkit.ColFrameDark, "stroke-width", "3", "stroke-linejoin", "round",
		"pointer-events", "none")

	cells := l.cells()
	w.Open("g", "class", "squares")
	for _, c := range cells {
		f, r := c[0], c[1]
		x, y := l.center(f, r)
		fill := hexFill(f, r)
		switch {
		case d.to[c]:
			fill = svgkit.Mix(fill, svgkit.ColLast, 0.6)
		case d.from[c]:
			fill = svgkit.Mix(fill, svgkit.ColLast, 0.35)
		}
		w.Leaf("polygon", "class", "square", "data-square", squareName(f, r),
			"points", hexagon(x, y, hexSide),
			"fill", fill, "stroke", svgkit.Shade(svgkit.ColDark, 0.85), "stroke-width", "1.5", "stroke-linejoin", "round")
	}
	w.Close("g")

	// The columns, from the top rank down, so that a high column is drawn
	// over the cell behind it.
	w.Open("g", "class", "pieces")
	for _, c := range cells {
		x, y := l.center(c[0], c[1])
		d.column(w, c[0], c[1], x, y, 34, -30)
	}
	w.Close("g")

	w.Open("g", "class", "highlights", "pointer-events", "none")
	for _, c := range cells {
		if !d.high[squareName(c[0], c[1])] {
			continue
		}
		x, y := l.center(c[0], c[1])
		if _, h := p.At(explocus.NewSquare(c[0], c[1])); h == 0 {
			w.Leaf("circle", "cx", svgkit.Num(x), "cy", svgkit.Num(y), "r", "15", "fill", svgkit.ColHighlight, "opacity", "0.85")
		} else {
			w.Leaf("polygon", "points", hexagon(x, y, hexSide-8), "fill", "none", "stroke", svgkit.ColHighlight,
				"stroke-width", "6", "stroke-linejoin", "round", "opacity", "0.9")
		}
	}
	w.Close("g")

	if d.opts.Coordinates {
		w.Open("g", "class", "coordinates", "pointer-events", "none")
		for _, lb := range l.labels() {
			w.Label(lb.x, lb.y, hexFontSize, svgkit.ColInkSoft, "600", lb.text)
		}
		w.Close("g")
	}

	d.drawStrip(w, stripTop, scale, frame[3][0], frame[0][0])
	return w.Finish()
}
