package svgkit

import (
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Num formats a length in the viewBox's units, to two decimals at most.
func Num(x float64) string {
	x = math.Round(x*100) / 100
	if x == 0 {
		return "0"
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// Itoa formats an integer.
func Itoa(i int) string { return strconv.Itoa(i) }

// Write writes the document b to out, for the svg packages' Write
// functions.
func Write(out io.Writer, b []byte) error {
	if out == nil {
		return errors.New("svg: no writer (a nil io.Writer)")
	}
	_, err := out.Write(b)
	return err
}

// escape returns s safe inside an XML attribute value or text node.
func escape(s string) string {
	if !strings.ContainsAny(s, "&<>\"'\t\n\r") && utf8.ValidString(s) && validXML(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&apos;")
		case '\t':
			b.WriteString("&#9;")
		case '\n':
			b.WriteString("&#10;")
		case '\r':
			b.WriteString("&#13;")
		default:
			if !xmlChar(r) {
				r = '\uFFFD'
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// validXML reports whether every rune of s may appear in an XML document.
func validXML(s string) bool {
	for _, r := range s {
		if !xmlChar(r) {
			return false
		}
	}
	return true
}

// xmlChar reports whether r is a character XML 1.0 allows. (Ranging over
// invalid UTF-8 gives U+FFFD, which it allows: escape writes that.)
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// Writer builds an SVG document, one element a line, indented by depth.
// Attributes are given as name, value pairs; names are the caller's
// constants, values are escaped, and a pair whose name is "" is left out.
// The zero value is ready to use.
type Writer struct {
	b     []byte
	depth int
}

func (w *Writer) indent() {
	for range w.depth {
		w.b = append(w.b, ' ')
	}
}

func (w *Writer) tag(name string, attrs []string) {
	w.indent()
	w.b = append(w.b, '<')
	w.b = append(w.b, name...)
	for i := 0; i+1 < len(attrs); i += 2 {
		if attrs[i] == "" {
			continue // an attribute left out
		}
		w.b = append(w.b, ' ')
		w.b = append(w.b, attrs[i]...)
		w.b = append(w.b, `="`...)
		w.b = append(w.b, escape(attrs[i+1])...)
		w.b = append(w.b, '"')
	}
}

// Open starts an element that has children.
func (w *Writer) Open(name string, attrs ...string) {
	w.tag(name, attrs)
	w.b = append(w.b, ">\n"...)
	w.depth++
}

// Close ends the element Open started.
func (w *Writer) Close(name string) {
	w.depth--
	w.indent()
	w.b = append(w.b, "</"...)
	w.b = append(w.b, name...)
	w.b = append(w.b, ">\n"...)
}

// Leaf writes an element with no children.
func (w *Writer) Leaf(name string, attrs ...string) {
	w.tag(name, attrs)
	w.b = append(w.b, "/>\n"...)
}

// Text writes an element holding text, escaped.
func (w *Writer) Text(name, content string, attrs ...string) {
	w.tag(name, attrs)
	w.b = append(w.b, '>')
	w.b = append(w.b, escape(content)...)
	w.b = append(w.b, "</"...)
	w.b = append(w.b, name...)
	w.b = append(w.b, ">\n"...)
}

// Start opens the document: a viewBox of vw × vh units drawn px pixels
// wide, a title for assistive technology, and the root's own attributes.
func (w *Writer) Start(vw, vh float64, px int, title string, attrs ...string) {
	h := int(math.Round(float64(px) * vh / vw))
	root := []string{
		"xmlns", "http://www.w3.org/2000/svg",
		"width", Itoa(px),
		"height", Itoa(h),
		"viewBox", "0 0 " + Num(vw) + " " + Num(vh),
		"role", "img",
		"font-family", "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
	}
	w.Open("svg", append(root, attrs...)...)
	w.Text("title", title)
}

// Finish closes the document Start opened and returns it.
func (w *Writer) Finish() []byte {
	w.Close("svg")
	return w.b
}

// Fragment returns an empty Writer for elements that are to go inside the
// element w opens next, indented to match: draw into it, read it with
// Bytes, and copy it into w with Embed.
func (w *Writer) Fragment() *Writer {
	return &Writer{depth: w.depth + 1}
}

// Bytes returns what w has written so far.
func (w *Writer) Bytes() []byte { return w.b }

// Embed writes what f has written (see Fragment) into w.
func (w *Writer) Embed(f *Writer) {
	w.b = append(w.b, f.b...)
}

// Label writes a piece of text centred on (x, y) that takes no clicks.
func (w *Writer) Label(x, y, size float64, fill, weight, s string) {
	w.Text("text", s,
		"x", Num(x), "y", Num(y),
		"font-size", Num(size), "font-weight", weight,
		"fill", fill, "text-anchor", "middle", "dy", "0.35em",
		"pointer-events", "none")
}

// Disc draws one piece seen slightly from above, as a short cylinder
// whose top face is centred on (cx, cy): rx, ry are the face's radii and t
// the piece's thickness. attrs go on the group that holds it.
func (w *Writer) Disc(cx, cy, rx, ry, t float64, fill, edge string, attrs ...string) {
	w.Open("g", attrs...)
	dark := 0.72 // the side in shade; a light piece's a little less
	if c := rgb(fill); c[0]+c[1]+c[2] > 3*220 {
		dark = 0.84
	}
	side := "M" + Num(cx-rx) + "," + Num(cy) +
		"v" + Num(t) +
		"a" + Num(rx) + "," + Num(ry) + " 0 0 0 " + Num(2*rx) + ",0" +
		"v" + Num(-t) + "z"
	w.Leaf("path", "d", side, "fill", Shade(fill, dark), "stroke", edge, "stroke-width", Num(ry/8))
	w.Leaf("ellipse", "cx", Num(cx), "cy", Num(cy), "rx", Num(rx), "ry", Num(ry),
		"fill", fill, "stroke", edge, "stroke-width", Num(ry/8))
	w.Close("g")
}

// PileTop returns where the top face of piece i (0 at the bottom) of a
// pile of n pieces drawn with Disc goes, the pile centred vertically on
// cy: ry is a face's vertical radius and t a piece's thickness.
func PileTop(cy, ry, t float64, n, i int) float64 {
	extent := 2*ry + float64(n)*t
	bottomFace := cy + extent/2 - ry - t // top face of the lowest piece
	return bottomFace - float64(i)*t
}

// Star draws a five-pointed star of outer radius r centred on (cx, cy),
// the mark of a winner.
func (w *Writer) Star(cx, cy, r float64) {
	var d strings.Builder
	for i := range 10 {
		rad := r
		if i%2 == 1 {
			rad = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		if i == 0 {
			d.WriteString("M")
		} else {
			d.WriteString("L")
		}
		d.WriteString(Num(cx+rad*math.Cos(a)) + "," + Num(cy+rad*math.Sin(a)))
	}
	d.WriteString("z")
	w.Leaf("path", "d", d.String(), "fill", ColStar, "stroke", Shade(ColStar, 0.6),
		"stroke-width", Num(r/10), "stroke-linejoin", "round", "pointer-events", "none")
}
