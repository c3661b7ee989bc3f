// Package svgtest holds the helpers that the tests of the games' svg
// packages share: Parse reads a document back with a strict encoding/xml
// decoder into a tree of Nodes, Squares and OnSquare check the clickable
// squares and what stands on them, and Golden compares a document with a
// file under testdata (go test -update rewrites the files).
package svgtest

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tabletop-go/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// Node is an element of a parsed document.
type Node struct {
	Name     string            // the element's local name
	Attrs    map[string]string // its attributes by local name, xmlns left out
	Children []*Node           // its child elements, in document order
	Text     string            // its character data, all of it joined
	Parent   *Node             // the element it is in, nil for the root
}

// Parse reads doc with a strict encoding/xml decoder, failing the test
// unless it is one well-formed svg element in the SVG namespace, with a
// width, a height and a viewBox, and returns that element.
func Parse(t testing.TB, doc []byte) *Node {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	dec.Strict = true
	var root *Node
	var stack []*Node
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the document is not well-formed XML: %v\n%s", err, excerpt(doc, dec.InputOffset()))
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &Node{Name: tok.Name.Local, Attrs: map[string]string{}}
			if tok.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("element %s is in namespace %q, not SVG's", tok.Name.Local, tok.Name.Space)
			}
			for _, a := range tok.Attr {
				if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" {
					continue
				}
				if _, dup := n.Attrs[a.Name.Local]; dup {
					t.Fatalf("element %s has attribute %s twice", n.Name, a.Name.Local)
				}
				n.Attrs[a.Name.Local] = a.Value
			}
			if len(stack) == 0 {
				if root != nil {
					t.Fatal("the document has two root elements")
				}
				root = n
			} else {
				n.Parent = stack[len(stack)-1]
				n.Parent.Children = append(n.Parent.Children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].Text += string(tok)
			} else if strings.TrimSpace(string(tok)) != "" {
				t.Fatalf("text outside the root element: %q", tok)
			}
		case xml.ProcInst, xml.Directive:
			t.Fatalf("unexpected %T in the document", tok)
		}
	}
	if root == nil || root.Name != "svg" {
		t.Fatal("the document's root is not an svg element")
	}
	for _, a := range []string{"width", "height", "viewBox"} {
		if root.Attrs[a] == "" {
			t.Fatalf("the svg element has no %s", a)
		}
	}
	return root
}

func excerpt(doc []byte, at int64) string {
	lo, hi := max(0, int(at)-200), min(len(doc), int(at)+200)
	return string(doc[lo:hi])
}

// Walk calls f for n and every element below it, in document order.
func (n *Node) Walk(f func(*Node)) {
	f(n)
	for _, c := range n.Children {
		c.Walk(f)
	}
}

// HasClass reports whether n has class c.
func (n *Node) HasClass(c string) bool {
	for _, f := range strings.Fields(n.Attrs["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

// ByClass returns the elements that have class c, n itself or those below
// it, in document order.
func (n *Node) ByClass(c string) []*Node {
	var out []*Node
	n.Walk(func(m *Node) {
		if m.HasClass(c) {
			out = append(out, m)
		}
	})
	return out
}

// Child returns n's first child element named name, or nil.
func (n *Node) Child(name string) *Node {
	for _, c := range n.Children {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Atoi reads an attribute of n holding a number, failing the test
// otherwise.
func Atoi(t testing.TB, n *Node, attr string) int {
	t.Helper()
	v, err := strconv.Atoi(n.Attrs[attr])
	if err != nil {
		t.Fatalf("%s element's %s is %q, not a number", n.Name, attr, n.Attrs[attr])
	}
	return v
}

// translate reads a transform "translate(x,y)".
func translate(t testing.TB, n *Node) (float64, float64) {
	t.Helper()
	s, ok := strings.CutPrefix(n.Attrs["transform"], "translate(")
	s, ok2 := strings.CutSuffix(s, ")")
	xs, ys, ok3 := strings.Cut(s, ",")
	x, err1 := strconv.ParseFloat(xs, 64)
	y, err2 := strconv.ParseFloat(ys, 64)
	if !ok || !ok2 || !ok3 || err1 != nil || err2 != nil {
		t.Fatalf("%s element of %s has transform %q, not a translation", n.Name, n.Attrs["data-square"], n.Attrs["transform"])
	}
	return x, y
}

// center returns the centre of a square's shape: a rect's, or the mean of
// a polygon's corners.
func center(t testing.TB, n *Node) (float64, float64) {
	t.Helper()
	f := func(a string) float64 {
		v, err := strconv.ParseFloat(n.Attrs[a], 64)
		if err != nil {
			t.Fatalf("%s element's %s is %q", n.Name, a, n.Attrs[a])
		}
		return v
	}
	switch n.Name {
	case "rect":
		return f("x") + f("width")/2, f("y") + f("height")/2
	case "polygon":
		var x, y float64
		pts := strings.Fields(n.Attrs["points"])
		for _, p := range pts {
			xs, ys, _ := strings.Cut(p, ",")
			px, err1 := strconv.ParseFloat(xs, 64)
			py, err2 := strconv.ParseFloat(ys, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("polygon has points %q", n.Attrs["points"])
			}
			x, y = x+px, y+py
		}
		return x / float64(len(pts)), y / float64(len(pts))
	}
	t.Fatalf("a square drawn as %s", n.Name)
	return 0, 0
}

// Squares returns the elements of class "square" below root by their
// data-square, failing the test if one has no name or a name appears
// twice.
func Squares(t testing.TB, root *Node) map[string]*Node {
	t.Helper()
	out := map[string]*Node{}
	for _, n := range root.ByClass("square") {
		name := n.Attrs["data-square"]
		if name == "" {
			t.Fatalf("a square element without data-square: %v", n.Attrs)
		}
		if out[name] != nil {
			t.Fatalf("square %s is drawn twice", name)
		}
		out[name] = n
	}
	return out
}

// OnSquare checks that piece, a group placed with a transform
// "translate(x,y)", stands at the centre of the square its data-square
// names, one of sqs (see Squares), drawn as a rect or a polygon.
func OnSquare(t testing.TB, piece *Node, sqs map[string]*Node) {
	t.Helper()
	name := piece.Attrs["data-square"]
	s := sqs[name]
	if s == nil {
		t.Fatalf("a piece on %q, which is no square of the picture", name)
	}
	px, py := translate(t, piece)
	sx, sy := center(t, s)
	if math.Abs(px-sx) > 0.5 || math.Abs(py-sy) > 0.5 {
		t.Fatalf("the piece of %s is drawn at (%v, %v), its square's centre is (%v, %v)", name, px, py, sx, sy)
	}
}

// Golden compares doc with testdata/name.svg, or rewrites the file when
// the test runs with -update.
func Golden(t testing.TB, name string, doc []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".svg")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write the golden files)", err)
	}
	if !bytes.Equal(doc, want) {
		line := 1 + bytes.Count(doc[:firstDiff(doc, want)], []byte("\n"))
		t.Errorf("%s is stale: the picture differs from line %d (run go test -update and look at the pictures)", path, line)
	}
}

// firstDiff returns the offset of the first byte where a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// Described is what CheckRoot reads of a position: every game's Position
// has these methods.
type Described interface {
	Spec() string
	ToMove() rules.Player
	Outcome() rules.Outcome
	String() string
}

// CheckRoot checks the root element of a picture of p: its width in
// pixels, its data-game (game), data-spec, data-to-move and data-result
// attributes, and a title that holds the position text.
func CheckRoot(t testing.TB, root *Node, width int, game string, p Described) {
	t.Helper()
	if want := strconv.Itoa(width); root.Attrs["width"] != want {
		t.Errorf("width %s, want %s", root.Attrs["width"], want)
	}
	if root.Attrs["data-game"] != game || root.Attrs["data-spec"] != p.Spec() ||
		root.Attrs["data-to-move"] != p.ToMove().String() || root.Attrs["data-result"] != p.Outcome().Result() {
		t.Errorf("root attributes %v do not describe %s", root.Attrs, p)
	}
	if title := root.Child("title"); title == nil || !strings.Contains(title.Text, p.String()) {
		t.Errorf("the title does not hold the position text %q", p.String())
	}
}
