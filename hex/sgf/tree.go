package sgf

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Limits on one game tree, so that reading SGF from a stranger takes
// memory proportional to one bounded tree, not to the input. Parse and
// TreesFrom refuse a tree over any of them with a *rules.SyntaxError;
// TreesFrom then skips that tree and goes on with the next.
const (
	// MaxTreeBytes is the most text one game tree may hold, from its
	// "(" to its ")". The longest tree of the Computer Olympiad
	// collection holds about 1,200 bytes, and a 26×26 game written one
	// node per line about 5,000.
	MaxTreeBytes = 1 << 20
	// MaxTreeNodes is the most nodes (";") one game tree may hold, its
	// variations included: a game on the largest board has at most 678
	// (a root, 676 stones and a swap).
	MaxTreeNodes = 1 << 16
	// MaxTreeDepth is the deepest nesting of variations: a tree inside
	// the top-level tree is at depth 1. A variation branches off a node
	// of the line it is in, so no game nests deeper than its length.
	MaxTreeDepth = 1000
)

// Tree is an SGF game tree: a sequence of nodes, then any variations.
// The first variation continues the main line.
type Tree struct {
	Nodes      []Node
	Variations []*Tree
}

// Node is an SGF node: its properties in file order.
type Node struct {
	Props []Property
}

// Property is an SGF property: an identifier and one or more values,
// unescaped.
type Property struct {
	ID     string
	Values []string
}

// Get returns the first value of property id in the node.
func (n Node) Get(id string) (string, bool) {
	for _, p := range n.Props {
		if p.ID == id && len(p.Values) > 0 {
			return p.Values[0], true
		}
	}
	return "", false
}

// MainLine returns the nodes of the main line: the tree's sequence, then
// the first variation's, and so on. It follows at most MaxTreeDepth
// nested variations (a tree that Parse or TreesFrom returns never has
// more), so a tree built by hand that contains itself does not hang it.
func (t *Tree) MainLine() []Node {
	var nodes []Node
	for depth := 0; t != nil && depth <= MaxTreeDepth; depth++ {
		nodes = append(nodes, t.Nodes...)
		t = first(t.Variations)
	}
	return nodes
}

func first(ts []*Tree) *Tree {
	if len(ts) == 0 {
		return nil
	}
	return ts[0]
}

// Parse reads an SGF collection (one or more game trees) in FF[4]
// syntax: property values may hold any text, with "\" escaping the next
// character. Errors are *rules.SyntaxError values with the byte offset;
// the limits MaxTreeBytes, MaxTreeNodes and MaxTreeDepth apply to each
// tree. Parse holds the whole collection; TreesFrom reads one tree at a
// time.
func Parse(data string) ([]*Tree, error) {
	p := parser{in: data}
	var trees []*Tree
	for {
		p.space()
		if p.pos >= len(p.in) {
			break
		}
		p.start, p.nodes = p.pos, 0
		t, err := p.tree(0)
		if err != nil {
			return nil, err
		}
		trees = append(trees, t)
	}
	if len(trees) == 0 {
		return nil, p.fail(0, "no game tree: an SGF file starts with \"(;\"")
	}
	return trees, nil
}

type parser struct {
	in    string
	pos   int
	start int // where the top-level tree being read starts
	nodes int // nodes read in that tree
}

func (p *parser) fail(at int, msg string) error {
	return &rules.SyntaxError{What: "sgf", Input: p.in, Offset: at, Msg: msg}
}

func (p *parser) space() {
	for p.pos < len(p.in) && isSpace(p.in[p.pos]) {
		p.pos++
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}

// tooLong reports whether the tree being read has run past MaxTreeBytes.
func (p *parser) tooLong() bool { return p.pos-p.start >= MaxTreeBytes }

var tooLongMsg = "the game tree is longer than " + strconv.Itoa(MaxTreeBytes) + " bytes"

func (p *parser) tree(depth int) (*Tree, error) {
	if depth > MaxTreeDepth {
		return nil, p.fail(p.pos, "variations nested more than "+strconv.Itoa(MaxTreeDepth)+" deep")
	}
	if p.in[p.pos] != '(' {
		return nil, p.fail(p.pos, "expected \"(\" to start a game tree")
	}
	open := p.pos
	p.pos++
	t := &Tree{}
	for {
		p.space()
		if p.tooLong() {
			return nil, p.fail(p.start, tooLongMsg)
		}
		if p.pos >= len(p.in) {
			return nil, p.fail(open, "game tree not closed: missing \")\"")
		}
		switch p.in[p.pos] {
		case ';':
			if len(t.Variations) > 0 {
				return nil, p.fail(p.pos, "a node after the variations")
			}
			if p.nodes++; p.nodes > MaxTreeNodes {
				return nil, p.fail(p.pos, "the game tree holds more than "+strconv.Itoa(MaxTreeNodes)+" nodes")
			}
			p.pos++
			n, err := p.node()
			if err != nil {
				return nil, err
			}
			t.Nodes = append(t.Nodes, n)
		case '(':
			if len(t.Nodes) == 0 {
				return nil, p.fail(p.pos, "a game tree starts with a node \";\"")
			}
			v, err := p.tree(depth + 1)
			if err != nil {
				return nil, err
			}
			t.Variations = append(t.Variations, v)
		case ')':
			if len(t.Nodes) == 0 {
				return nil, p.fail(p.pos, "empty game tree")
			}
			p.pos++
			return t, nil
		default:
			return nil, p.fail(p.pos, "unexpected "+notation.QuoteFirst(p.in[p.pos:])+" (want \";\", \"(\" or \")\")")
		}
	}
}

func (p *parser) node() (Node, error) {
	var n Node
	for {
		p.space()
		if p.tooLong() {
			return n, p.fail(p.start, tooLongMsg)
		}
		start := p.pos
		lower := false
		for p.pos < len(p.in) && isLetter(p.in[p.pos]) {
			lower = lower || p.in[p.pos] >= 'a'
			p.pos++
		}
		if p.pos == start {
			return n, nil
		}
		if lower {
			return n, p.fail(start, "property identifier "+"\""+escaped(p.in[start:p.pos])+"\""+
				" holds lower-case letters: SGF identifiers are upper-case letters (FF[4]), e.g. GM, not gm or GaMe")
		}
		prop := Property{ID: p.in[start:p.pos]}
		for {
			p.space()
			if p.pos >= len(p.in) || p.in[p.pos] != '[' {
				break
			}
			v, err := p.value()
			if err != nil {
				return n, err
			}
			prop.Values = append(prop.Values, v)
		}
		if len(prop.Values) == 0 {
			return n, p.fail(p.pos, "property "+escaped(prop.ID)+" has no value")
		}
		n.Props = append(n.Props, prop)
	}
}

func (p *parser) value() (string, error) {
	open := p.pos
	p.pos++ // '['
	// A value without escapes is a substring of the input.
	end := p.pos
	for end < len(p.in) && p.in[end] != ']' && p.in[end] != '\\' {
		end++
	}
	if end < len(p.in) && p.in[end] == ']' {
		v := p.in[p.pos:end]
		p.pos = end + 1
		return v, nil
	}
	var b strings.Builder
	for p.pos < len(p.in) {
		if p.tooLong() {
			return "", p.fail(p.start, tooLongMsg)
		}
		c := p.in[p.pos]
		switch {
		case c == ']':
			p.pos++
			return b.String(), nil
		case c == '\\' && p.pos+1 < len(p.in):
			next := p.in[p.pos+1]
			p.pos += 2
			if next == '\n' || next == '\r' { // a soft line break
				if p.pos < len(p.in) && (p.in[p.pos] == '\n' || p.in[p.pos] == '\r') && p.in[p.pos] != next {
					p.pos++
				}
				continue
			}
			b.WriteByte(next)
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
	return "", p.fail(open, "property value not closed: missing \"]\"")
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// String writes the tree in SGF, one node per line, ending with a line
// break. A tree that MarshalText accepts is written as MarshalText writes
// it, and Parse reads it back to an equal tree. Any other tree is written
// as well as SGF allows, and String never panics or hangs: a nil tree
// writes nothing (""), a nil variation is skipped, a tree or variation
// with no nodes is written with one empty node (";"), a property whose
// identifier is not upper-case letters or that has no value is left out,
// variations nested more than MaxTreeDepth deep are left out, and at most
// MaxTreeNodes nodes are written, so a tree built by hand that contains
// itself ends. What String writes for a non-nil tree therefore always
// reads back, as long as it is within MaxTreeBytes.
func (t *Tree) String() string {
	if t == nil {
		return ""
	}
	w := treeWriter{}
	w.tree(t, 0)
	w.b = append(w.b, '\n')
	return string(w.b)
}

// MarshalText writes the tree as String does, and refuses a tree that
// would not read back with Parse to an equal tree: a nil tree, a nil
// variation, a tree or variation with no nodes, a property identifier
// that is not upper-case letters (SGF FF[4]), a property with no value,
// and a tree over MaxTreeBytes, MaxTreeNodes or MaxTreeDepth (a tree
// that contains itself is over MaxTreeDepth). Errors name the node by
// its number in the written text, from 1.
func (t *Tree) MarshalText() ([]byte, error) {
	if t == nil {
		return nil, errors.New("sgf: no game tree")
	}
	w := treeWriter{strict: true}
	w.tree(t, 0)
	if w.err != nil {
		return nil, w.err
	}
	return append(w.b, '\n'), nil
}

// UnmarshalText reads exactly one game tree, as Parse does, and refuses
// text that holds none or several.
func (t *Tree) UnmarshalText(text []byte) error {
	trees, err := Parse(string(text))
	if err != nil {
		return err
	}
	if len(trees) != 1 {
		return fmt.Errorf("sgf: the text holds %d game trees, want one", len(trees))
	}
	*t = *trees[0]
	return nil
}

// treeWriter writes a tree for String (best effort) and MarshalText
// (strict: the first fault is err and writing stops).
type treeWriter struct {
	b      []byte
	strict bool
	nodes  int // nodes written
	err    error
}

func (w *treeWriter) fail(format string, args ...any) {
	if w.err == nil {
		w.err = fmt.Errorf("sgf: "+format, args...)
	}
}

// full reports whether no further node may be written.
func (w *treeWriter) full() bool {
	if w.nodes < MaxTreeNodes {
		return false
	}
	if w.strict {
		w.fail("the game tree holds more than %d nodes", MaxTreeNodes)
	}
	return true
}

func (w *treeWriter) tree(t *Tree, depth int) {
	w.b = append(w.b, '(')
	if len(t.Nodes) == 0 {
		switch {
		case w.strict && w.nodes == 0:
			w.fail("the game tree has no node")
		case w.strict:
			w.fail("a variation after node %d has no node", w.nodes)
		}
		w.nodes++
		w.b = append(w.b, ';')
	}
	for i, n := range t.Nodes {
		if i > 0 && w.full() {
			break
		}
		if i > 0 {
			w.b = append(w.b, '\n')
		}
		w.node(n)
		if w.err != nil {
			return
		}
	}
	if w.err != nil {
		return
	}
	for _, v := range t.Variations {
		switch {
		case v == nil:
			if w.strict {
				w.fail("a variation after node %d is nil", w.nodes)
			}
			continue
		case depth+1 > MaxTreeDepth:
			if w.strict {
				w.fail("variations nested more than %d deep", MaxTreeDepth)
			}
			continue
		case w.full():
			continue
		}
		w.b = append(w.b, '\n')
		w.tree(v, depth+1)
		if w.err != nil {
			return
		}
	}
	w.b = append(w.b, ')')
	if w.strict && len(w.b) > MaxTreeBytes && w.err == nil {
		w.fail("the game tree is longer than %d bytes", MaxTreeBytes)
	}
}

func (w *treeWriter) node(n Node) {
	w.nodes++
	w.b = append(w.b, ';')
	for _, prop := range n.Props {
		switch {
		case !isPropID(prop.ID):
			if w.strict {
				w.fail("node %d: property identifier \"%s\" is not upper-case letters", w.nodes, escaped(prop.ID))
				return
			}
			continue
		case len(prop.Values) == 0:
			if w.strict {
				w.fail("node %d: property %s has no value", w.nodes, prop.ID)
				return
			}
			continue
		}
		w.b = append(w.b, prop.ID...)
		for _, v := range prop.Values {
			w.b = append(w.b, '[')
			for j := 0; j < len(v); j++ {
				if v[j] == ']' || v[j] == '\\' {
					w.b = append(w.b, '\\')
				}
				w.b = append(w.b, v[j])
			}
			w.b = append(w.b, ']')
		}
		if w.strict && len(w.b) > MaxTreeBytes {
			w.fail("the game tree is longer than %d bytes", MaxTreeBytes)
			return
		}
	}
}

// isPropID reports whether id is an SGF FF[4] property identifier: one or
// more upper-case letters.
func isPropID(id string) bool {
	if id == "" {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 'A' || id[i] > 'Z' {
			return false
		}
	}
	return true
}

// escaped returns s escaped as in a Go string literal but without the
// quotes, cut to its first 40 bytes: input quoted inside SGF brackets.
func escaped(s string) string {
	cut := ""
	if len(s) > 40 {
		s, cut = s[:40], "..."
	}
	q := strconv.Quote(s)
	return q[1:len(q)-1] + cut
}
