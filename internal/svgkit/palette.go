package svgkit

import "math"

// The palette every game shares: warm wood for boards, one colour per seat
// (vermilion, blue, amber, green: told apart with most colour-vision
// deficiencies, and by the seat letters where a picture writes them), and
// the marks drawn over squares. Colours are written "#rrggbb", in lower
// case, as Shade and Mix take them.
const (
	ColInk       = "#3b342c" // text, outlines
	ColInkSoft   = "#7a6d5c" // coordinates, faint outlines
	ColLight     = "#f0e2c4" // light squares
	ColDark      = "#e0c99b" // dark squares
	ColFrame     = "#8a6a44" // a board's frame
	ColFrameDark = "#5e4630" // the frame's outline
	ColLast      = "#9fc23a" // the last move's squares (tint)
	ColHighlight = "#1f8f7a" // highlighted squares (marks)
	ColStar      = "#f2b600" // a winner's star
	ColIvory     = "#fbf7ec" // dominoes, light pieces
	ColPip       = "#2d2720" // pips, dark pieces
)

// seatColors are the colours of seats A to D.
var seatColors = [4]string{"#d8572a", "#2f6fb0", "#f0b429", "#3c9a5f"}

// SeatColor returns the colour of seat i, 0 for A to 3 for D, and a grey
// for any other i.
func SeatColor(i int) string {
	if i < 0 || i >= len(seatColors) {
		return "#999999"
	}
	return seatColors[i]
}

// Shade returns colour c ("#rrggbb") darkened (f below 1: each channel
// times f) or lightened (f above 1: f-1 of the way to white).
func Shade(c string, f float64) string {
	if f <= 1 {
		return Mix(c, "#000000", 1-f)
	}
	return Mix(c, "#ffffff", f-1)
}

// Mix returns colour a with the fraction f of colour b mixed in.
func Mix(a, b string, f float64) string {
	ca, cb := rgb(a), rgb(b)
	const digits = "0123456789abcdef"
	out := []byte{'#'}
	for i := range ca {
		v := int(math.Round(float64(ca[i])*(1-f) + float64(cb[i])*f))
		v = max(0, min(255, v))
		out = append(out, digits[v>>4], digits[v&15])
	}
	return string(out)
}

// rgb reads a colour "#rrggbb" (lower-case digits).
func rgb(c string) (out [3]int) {
	if len(c) != 7 {
		return out
	}
	for i := range out {
		for _, ch := range c[1+2*i : 3+2*i] {
			v := 0
			switch {
			case ch >= '0' && ch <= '9':
				v = int(ch - '0')
			case ch >= 'a' && ch <= 'f':
				v = int(ch-'a') + 10
			}
			out[i] = out[i]*16 + v
		}
	}
	return out
}
