package testgame

import (
	"github.com/tabletop-go/rules/internal/svgkit"
	"github.com/tabletop-go/rules/picture"
)

// Geometry in the viewBox's units.
const (
	square   = 100.0
	margin   = 14.0
	coordPad = 32.0
	fontSize = 30.0
)

// Render draws p as a standalone SVG document: the board's squares, each
// a rect of class "square" with its name in data-square, and the pieces,
// each a group of class "piece" with data-square and data-owner (the seat
// letter), in the seats' colours of the shared palette.
func Render(p Position, opts picture.Options) []byte {
	n := int(p.size)
	left, top := margin, margin
	if opts.Coordinates {
		left += coordPad
	}
	width := left + float64(n)*square + margin
	height := top + float64(n)*square + margin
	if opts.Coordinates {
		height += coordPad
	}
	w := &svgkit.Writer{}
	w.Start(width, height, svgkit.Width(opts), "Tic-tac-toe: "+p.String(),
		"class", "tictactoe-board", "data-game", Name, "data-spec", p.Spec(),
		"data-to-move", p.ToMove().String(), "data-result", p.Outcome().Result())
	high := svgkit.HighlightSet(opts)
	last, _ := ParseMove(opts.LastMove)
	at := func(m Move) (x, y float64) {
		return left + float64(m.File())*square, top + float64(n-1-m.Rank())*square
	}
	w.Open("g", "class", "squares")
	for rank := range n {
		for file := range n {
			m := NewMove(file, rank)
			x, y := at(m)
			fill := svgkit.ColLight
			if (file+rank)%2 == 0 {
				fill = svgkit.ColDark
			}
			if m == last && opts.LastMove != "" {
				fill = svgkit.Mix(fill, svgkit.ColLast, 0.5)
			}
			w.Leaf("rect", "class", "square", "data-square", m.String(),
				"x", svgkit.Num(x), "y", svgkit.Num(y), "width", svgkit.Num(square), "height", svgkit.Num(square),
				"fill", fill, "stroke", svgkit.ColInkSoft, "stroke-width", "1.5")
		}
	}
	w.Close("g")
	w.Open("g", "class", "pieces", "pointer-events", "none")
	for m := range Move(MaxMoves) {
		seat, ok := p.At(m)
		if !ok {
			continue
		}
		x, y := at(m)
		color := svgkit.SeatColor(int(seat))
		w.Open("g", "class", "piece", "data-square", m.String(), "data-owner", seat.String(),
			"transform", "translate("+svgkit.Num(x+square/2)+","+svgkit.Num(y+square/2)+")")
		const r = square * 0.3
		if seat == 0 {
			for _, d := range [2]float64{1, -1} {
				w.Leaf("line", "x1", svgkit.Num(-r), "y1", svgkit.Num(-d*r), "x2", svgkit.Num(r), "y2", svgkit.Num(d*r),
					"stroke", color, "stroke-width", "12", "stroke-linecap", "round")
			}
		} else {
			w.Leaf("circle", "cx", "0", "cy", "0", "r", svgkit.Num(r), "fill", "none", "stroke", color, "stroke-width", "12")
		}
		w.Close("g")
	}
	w.Close("g")
	if len(high) > 0 {
		w.Open("g", "class", "highlights", "pointer-events", "none")
		for m := range Move(MaxMoves) {
			if p.onBoard(m) && high[m.String()] {
				x, y := at(m)
				w.Leaf("circle", "class", "highlight", "data-square", m.String(),
					"cx", svgkit.Num(x+square/2), "cy", svgkit.Num(y+square/2), "r", "12", "fill", svgkit.ColHighlight)
			}
		}
		w.Close("g")
	}
	if opts.Coordinates {
		w.Open("g", "class", "coordinates", "pointer-events", "none")
		for i := range n {
			w.Label(left+(float64(i)+0.5)*square, top+float64(n)*square+coordPad/2+2, fontSize, svgkit.ColInkSoft, "600", NewMove(i, 0).String()[:1])
			w.Label(left-coordPad/2-2, top+(float64(n-1-i)+0.5)*square, fontSize, svgkit.ColInkSoft, "600", svgkit.Itoa(i+1))
		}
		w.Close("g")
	}
	return w.Finish()
}
