package svg

import (
	"io"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/focus"
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
//   - LastMove is a move in Focus notation, such as "c3-c5" or "*d4",
//     usually the move that led to the position: its squares are tinted.
//     Text that is not a move of the game marks nothing.
//   - Highlight lists squares to mark by name, e.g. "c3" (in either case),
//     such as the legal targets of a selected stack. Names that are not
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

	// a piece on the board: the top face's radii and the thickness
	pieceRX, pieceRY, pieceT = 36.0, 14.0, 10.0
)

// Render returns p drawn as a standalone SVG document: the 52-square
// board with every stack as a pile of pieces, bottom to top, and each
// seat's corner of the box (the three squares cut from each corner of the
// 8×8) holding its badge, its reserve and its captures.
func Render(p focus.Position, opts Options) []byte { return render(p, opts) }

// RenderNowak returns a position of Nowak's game drawn as Render draws
// the others.
func RenderNowak(p focus.NowakPosition, opts Options) []byte { return render(p, opts) }

func render(p board, opts Options) []byte {
	d := &drawing{p: p, opts: opts, high: svgkit.HighlightSet(opts)}
	return d.draw()
}

// Write writes Render's document to w.
func Write(w io.Writer, p focus.Position, opts Options) error {
	return svgkit.Write(w, Render(p, opts))
}

// board is what a drawing reads of a position, the same in either
// position type.
type board interface {
	At(focus.Square) focus.Stack
	Captured(rules.Player) int
	CapturedOf(seat, color rules.Player) int
	Config() focus.Config
	Controlled(rules.Player) uint64
	Outcome() rules.Outcome
	ParseMove(string) (focus.Move, error)
	PartnerReserve(rules.Player) int
	Reserve(rules.Player) int
	Seats() int
	Spec() string
	String() string
	ToMove() rules.Player
}

type drawing struct {
	p             board
	opts          Options
	high          map[string]bool
	from, to      map[focus.Square]bool // the last move's squares
	left, top     float64               // the board's top left corner
	width, height float64               // the viewBox
}

// corner is a seat's corner of the box: three cells of the 8×8 grid off
// the board (x from the left, y from the top).
type corner struct{ badge, reserve, captures [2]int }

var (
	bottomLeft  = corner{[2]int{0, 7}, [2]int{1, 7}, [2]int{0, 6}}
	topLeft     = corner{[2]int{0, 0}, [2]int{1, 0}, [2]int{0, 1}}
	topRight    = corner{[2]int{7, 0}, [2]int{6, 0}, [2]int{7, 1}}
	bottomRight = corner{[2]int{7, 7}, [2]int{6, 7}, [2]int{7, 6}}
)

// corners gives each seat its corner, going clockwise from A's at the
// bottom left; with two seats B sits opposite A, and in team play partners
// sit opposite each other.
func corners(seats int) []corner {
	switch seats {
	case 2:
		return []corner{bottomLeft, topRight}
	case 3:
		return []corner{bottomLeft, topLeft, topRight}
	case 4:
		return []corner{bottomLeft, topLeft, topRight, bottomRight}
	}
	return nil
}

// cell returns the top left corner of grid cell (x, y), y from the top.
func (d *drawing) cell(x, y int) (float64, float64) {
	return d.left + float64(x)*sq, d.top + float64(y)*sq
}

// squareXY returns the grid cell of a square.
func squareXY(s focus.Square) (int, int) { return s.File(), 7 - s.Rank() }

func (d *drawing) marks() {
	d.from, d.to = map[focus.Square]bool{}, map[focus.Square]bool{}
	if d.opts.LastMove == "" {
		return
	}
	m, err := d.p.ParseMove(d.opts.LastMove)
	if err != nil || m == focus.Pass {
		return
	}
	switch {
	case m.IsNowakTurn():
		d.to[m.NowakDrop()] = true
		d.from[m.From()], d.to[m.To()] = true, true
	case m.IsDrop():
		d.to[m.To()] = true
	default: // a stack move or a swap
		d.from[m.From()], d.to[m.To()] = true, true
	}
}

func (d *drawing) draw() []byte {
	p := d.p
	d.marks()
	d.left, d.top = margin, margin
	d.width, d.height = 8*sq+2*margin, 8*sq+2*margin
	if d.opts.Coordinates {
		d.left += coordPad
		d.width += coordPad
		d.height += coordPad
	}
	w := &svgkit.Writer{}
	w.Start(d.width, d.height, svgkit.Width(d.opts), "Focus: "+p.String()+"; "+status(p),
		"class", "focus-board",
		"data-game", "focus",
		"data-spec", p.Spec(),
		"data-to-move", p.ToMove().String(),
		"data-result", p.Outcome().Result())

	d.drawFrame(w)
	d.drawSquares(w)
	d.drawStacks(w)
	d.drawHighlights(w)
	d.drawSeats(w)
	if d.opts.Coordinates {
		d.drawCoordinates(w)
	}
	return w.Finish()
}

// drawFrame draws the frame: every square's rectangle grown, dark then
// light, so that their union follows the board's outline.
func (d *drawing) drawFrame(w *svgkit.Writer) {
	w.Open("g", "class", "frame", "pointer-events", "none")
	for i, grow := range []float64{frame + 3, frame} {
		fill := []string{svgkit.ColFrameDark, svgkit.ColFrame}[i]
		for s := range focus.Square(64) {
			if !s.OnBoard() {
				continue
			}
			x, y := d.cell(squareXY(s))
			w.Leaf("rect", "x", svgkit.Num(x-grow), "y", svgkit.Num(y-grow), "width", svgkit.Num(sq+2*grow), "height", svgkit.Num(sq+2*grow),
				"rx", svgkit.Num(grow*0.6), "fill", fill)
		}
	}
	w.Close("g")
}

// drawSquares draws the squares, a1 first, the last move's tinted.
func (d *drawing) drawSquares(w *svgkit.Writer) {
	w.Open("g", "class", "squares")
	for s := range focus.Square(64) {
		if !s.OnBoard() {
			continue
		}
		x, y := d.cell(squareXY(s))
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

// drawStacks draws each stack's pieces, bottom to top, and the height of
// a stack of two or more.
func (d *drawing) drawStacks(w *svgkit.Writer) {
	p := d.p
	w.Open("g", "class", "pieces")
	for s := range focus.Square(64) {
		st := p.At(s)
		h := st.Height()
		if !s.OnBoard() || h == 0 {
			continue
		}
		x, y := d.cell(squareXY(s))
		top, _ := st.Top()
		name := s.String()
		w.Open("g", "class", "stack", "data-square", name, "data-height", svgkit.Itoa(h),
			"data-owner", seatLetter(int(top)),
			"transform", "translate("+svgkit.Num(x+sq/2)+","+svgkit.Num(y+sq/2)+")")
		for i := range h {
			c := int(st.Piece(i))
			w.Disc(0, svgkit.PileTop(0, pieceRY, pieceT, h, i), pieceRX, pieceRY, pieceT,
				svgkit.SeatColor(c), svgkit.Shade(svgkit.SeatColor(c), 0.45),
				"class", "piece", "data-square", name, "data-owner", seatLetter(c), "data-level", svgkit.Itoa(i))
		}
		if h > 1 {
			w.Leaf("circle", "cx", "36", "cy", "-36", "r", "13", "fill", svgkit.ColIvory,
				"stroke", svgkit.ColInkSoft, "stroke-width", "1.5", "pointer-events", "none")
			w.Label(36, -36, 20, svgkit.ColInk, "700", svgkit.Itoa(h))
		}
		w.Close("g")
	}
	w.Close("g")
}

// drawCoordinates writes the files below the board and the ranks on its
// left.
func (d *drawing) drawCoordinates(w *svgkit.Writer) {
	w.Open("g", "class", "coordinates", "pointer-events", "none")
	for f := range 8 {
		x, _ := d.cell(f, 0)
		name := focus.NewSquare(f, 0).String()
		w.Label(x+sq/2, d.top+8*sq+frame+coordPad/2+4, fontSize, svgkit.ColInkSoft, "600", name[:1])
	}
	for r := range 8 {
		_, y := d.cell(0, 7-r)
		w.Label(d.left-frame-coordPad/2-2, y+sq/2, fontSize, svgkit.ColInkSoft, "600", svgkit.Itoa(r+1))
	}
	w.Close("g")
}

// drawHighlights marks the highlighted squares: a dot on an empty square,
// an outline around a stack.
func (d *drawing) drawHighlights(w *svgkit.Writer) {
	w.Open("g", "class", "highlights", "pointer-events", "none")
	for s := range focus.Square(64) {
		if !s.OnBoard() || !d.high[s.String()] {
			continue
		}
		x, y := d.cell(squareXY(s))
		if d.p.At(s).Height() == 0 {
			w.Leaf("circle", "cx", svgkit.Num(x+sq/2), "cy", svgkit.Num(y+sq/2), "r", "15", "fill", svgkit.ColHighlight, "opacity", "0.85")
		} else {
			w.Leaf("rect", "x", svgkit.Num(x+5), "y", svgkit.Num(y+5), "width", svgkit.Num(sq-10), "height", svgkit.Num(sq-10), "rx", "10",
				"fill", "none", "stroke", svgkit.ColHighlight, "stroke-width", "6", "opacity", "0.9")
		}
	}
	w.Close("g")
}

// drawSeats draws each seat's corner: a badge with its letter (ringed when
// it is to move, starred when it has won, faded when it cannot move), its
// reserve as a pile and its captures by colour.
func (d *drawing) drawSeats(w *svgkit.Writer) {
	p := d.p
	seats := p.Seats()
	teams := p.Config().Teams
	out := p.Outcome()
	for i, c := range corners(seats) {
		seat := rules.Player(i)
		letter := seatLetter(i)
		alive := p.Controlled(seat) != 0 || p.Reserve(seat) > 0 || p.PartnerReserve(seat) > 0
		w.Open("g", "class", "seat", "data-seat", letter)

		// The badge.
		x, y := d.cell(c.badge[0], c.badge[1])
		cx, cy := x+sq/2, y+sq/2
		attrs := []string{"class", "badge", "data-seat", letter}
		if !alive && !out.Over() {
			attrs = append(attrs, "opacity", "0.45")
		}
		w.Open("g", attrs...)
		w.Text("title", "seat "+letter+seatStatus(p, seat))
		if p.ToMove() == seat {
			w.Leaf("circle", "class", "to-move", "cx", svgkit.Num(cx), "cy", svgkit.Num(cy), "r", "41",
				"fill", "none", "stroke", svgkit.ColInk, "stroke-width", "5")
		}
		w.Leaf("circle", "cx", svgkit.Num(cx), "cy", svgkit.Num(cy), "r", "31", "fill", svgkit.SeatColor(i),
			"stroke", svgkit.Shade(svgkit.SeatColor(i), 0.55), "stroke-width", "3")
		w.Label(cx, cy+1, 36, "#ffffff", "700", letter)
		if out.Over() && out.Score(seat) == 1 {
			w.Star(cx+30, cy-30, 17)
		}
		w.Close("g")

		// The reserve: own pieces, and in team play the partner's.
		x, y = d.cell(c.reserve[0], c.reserve[1])
		if teams {
			partner := (i + 2) % 4
			d.pile(w, x, y, x+sq*0.28, 0.62, i, i, p.Reserve(seat))
			d.pile(w, x, y, x+sq*0.72, 0.62, i, partner, p.PartnerReserve(seat))
		} else {
			d.pile(w, x, y, x+sq/2, 1, i, i, p.Reserve(seat))
		}

		// The captures, one row per opposing colour.
		x, y = d.cell(c.captures[0], c.captures[1])
		var colours []int
		for col := range seats {
			if col != i && !(teams && col == (i+2)%4) {
				colours = append(colours, col)
			}
		}
		w.Open("g", "class", "captures", "data-seat", letter, "data-count", svgkit.Itoa(p.Captured(seat)))
		w.Text("title", "captured by "+letter+": "+svgkit.Itoa(p.Captured(seat)))
		rowH := 30.0
		y0 := y + sq/2 - rowH*float64(len(colours)-1)/2
		for k, col := range colours {
			n := p.CapturedOf(seat, rules.Player(col))
			ry := y0 + float64(k)*rowH
			w.Open("g", "class", "captured", "data-color", seatLetter(col), "data-count", svgkit.Itoa(n))
			opacity := "1"
			if n == 0 {
				opacity = "0.35"
			}
			w.Leaf("circle", "cx", svgkit.Num(x+32), "cy", svgkit.Num(ry), "r", "11", "opacity", opacity,
				"fill", svgkit.SeatColor(col), "stroke", svgkit.Shade(svgkit.SeatColor(col), 0.5), "stroke-width", "2")
			w.Text("text", "×"+svgkit.Itoa(n), "x", svgkit.Num(x+50), "y", svgkit.Num(ry), "dy", "0.35em",
				"font-size", "24", "font-weight", "600", "fill", svgkit.ColInk, "pointer-events", "none")
			w.Close("g")
		}
		w.Close("g")

		w.Close("g")
	}
}

// pile draws the reserve of holder's seat in colour colour: count pieces as
// a pile (five at most) and the count below it, in the cell at (x, y),
// centred on cx and scaled by f. The whole cell's width takes clicks.
func (d *drawing) pile(w *svgkit.Writer, x, y, cx, f float64, holder, colour, count int) {
	w.Open("g", "class", "reserve", "data-reserve", seatLetter(holder), "data-color", seatLetter(colour),
		"data-count", svgkit.Itoa(count))
	title := "reserve of " + seatLetter(holder)
	if holder != colour {
		title += ": pieces of " + seatLetter(colour)
	}
	w.Text("title", title+": "+svgkit.Itoa(count))
	hw := sq / 2 * f
	w.Leaf("rect", "x", svgkit.Num(cx-hw), "y", svgkit.Num(y), "width", svgkit.Num(2*hw), "height", svgkit.Num(sq),
		"fill", "#ffffff", "fill-opacity", "0")
	rx, ry, t := pieceRX*0.85*f, pieceRY*0.85*f, pieceT*0.8*f
	cy := y + sq*0.42
	shown := min(count, 5)
	if shown == 0 {
		w.Leaf("ellipse", "cx", svgkit.Num(cx), "cy", svgkit.Num(cy), "rx", svgkit.Num(rx), "ry", svgkit.Num(ry), "fill", "none",
			"stroke", svgkit.SeatColor(colour), "stroke-width", "2.5", "stroke-dasharray", "5 4")
	}
	for i := range shown {
		w.Disc(cx, svgkit.PileTop(cy, ry, t, shown, i), rx, ry, t, svgkit.SeatColor(colour), svgkit.Shade(svgkit.SeatColor(colour), 0.45))
	}
	w.Label(cx, y+sq*0.84, 24*max(f, 0.8), svgkit.ColInk, "600", svgkit.Itoa(count))
	w.Close("g")
}

func seatLetter(i int) string { return string(rune('A' + i)) }

// status says whose turn it is or how the game ended.
func status(p board) string {
	if o := p.Outcome(); o.Over() {
		return "game over, " + o.String()
	}
	return p.ToMove().String() + " to move"
}

// seatStatus says what a seat's badge stands for.
func seatStatus(p board, seat rules.Player) string {
	switch o := p.Outcome(); {
	case o.Over() && o.Score(seat) == 1:
		return ", the winner"
	case o.Over():
		return ""
	case p.ToMove() == seat:
		return ", to move"
	}
	return ""
}
