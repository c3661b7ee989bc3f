package sgf

import (
	"bufio"
	"bytes"
	"github.com/tabletop-go/rules/internal/nilio"
	"io"
	"iter"
	"strconv"

	"github.com/tabletop-go/rules"
)

// bom is the UTF-8 byte order mark, which some editors write at the start
// of a file; the streaming readers skip it.
var bom = []byte("\xef\xbb\xbf")

func skipBOM(br *bufio.Reader) {
	if b, _ := br.Peek(len(bom)); bytes.Equal(b, bom) {
		_, _ = br.Discard(len(bom))
	}
}

// TreesFrom reads an SGF collection from r one game tree at a time, as
// Parse reads a whole one: it holds one tree (at most MaxTreeBytes of
// text, MaxTreeNodes nodes and MaxTreeDepth nested variations) and never
// the collection, so a stream of any length takes bounded memory. A UTF-8
// byte order mark at the start is skipped.
//
// Every game tree of the stream yields once, either the tree or the
// *rules.SyntaxError that stopped it (with the stream's Line, and as
// Input the part of the tree on that line), so the n-th yield is the n-th
// tree. A tree over a limit is skipped to its closing ")"; after text that
// does not start a tree, reading resumes at the next line that starts
// with "(". An error reading r is yielded and ends the stream.
func TreesFrom(r io.Reader) iter.Seq2[*Tree, error] {
	return func(yield func(*Tree, error) bool) {
		scanTrees(nilio.Reader(r, "sgf"), func(t *Tree, _ int, err error, _ bool) bool { return yield(t, err) })
	}
}

// scanTrees reads r as TreesFrom does and calls yield with each tree or
// error, the line where the tree (or the text that is none) starts, and
// whether the error is one reading r, after which it stops; it stops too
// when yield returns false.
func scanTrees(r io.Reader, yield func(t *Tree, line int, err error, readErr bool) bool) {
	s := treeScanner{br: bufio.NewReaderSize(r, 64<<10), line: 1}
	skipBOM(s.br)
	for {
		t, err, ok := s.next()
		if !ok || !yield(t, s.start, err, s.readErr != nil) || s.readErr != nil {
			return
		}
	}
}

type treeScanner struct {
	br      *bufio.Reader
	line    int    // the line of the next byte, from 1
	start   int    // the line where the last tree read starts
	buf     []byte // the text of the tree being read
	readErr error  // an error reading r other than io.EOF
}

func (s *treeScanner) peekByte() (byte, bool) {
	b, err := s.br.Peek(1)
	if err != nil {
		if err != io.EOF {
			s.readErr = err
		}
		return 0, false
	}
	return b[0], true
}

func (s *treeScanner) readByte() (byte, bool) {
	c, err := s.br.ReadByte()
	if err != nil {
		if err != io.EOF {
			s.readErr = err
		}
		return 0, false
	}
	if c == '\n' {
		s.line++
	}
	return c, true
}

// next reads the next game tree; ok is false at the end of the stream.
func (s *treeScanner) next() (t *Tree, err error, ok bool) {
	for {
		c, ok := s.peekByte()
		if !ok {
			if s.readErr != nil {
				return nil, s.readErr, true
			}
			return nil, nil, false
		}
		if !isSpace(c) {
			break
		}
		s.readByte()
	}
	s.start = s.line
	if c, _ := s.peekByte(); c != '(' {
		return s.junk()
	}
	startLine := s.line
	s.buf = s.buf[:0]
	depth, nodes := 0, 0
	inValue, escape := false, false
	var fault error // a limit passed: read on to the tree's end, storing nothing
	for {
		c, ok := s.readByte()
		if !ok {
			switch {
			case s.readErr != nil:
				return nil, s.readErr, true
			case fault != nil:
				return nil, fault, true
			}
			return nil, s.errorAt(startLine, 0, "game tree not closed: missing \")\""), true
		}
		if fault == nil {
			if len(s.buf) == MaxTreeBytes {
				fault = s.errorAt(startLine, 0, tooLongMsg)
			} else {
				s.buf = append(s.buf, c)
			}
		}
		if inValue {
			switch {
			case escape:
				escape = false
			case c == '\\':
				escape = true
			case c == ']':
				inValue = false
			}
			continue
		}
		switch c {
		case '[':
			inValue = true
		case '(':
			if depth++; depth > MaxTreeDepth+1 && fault == nil {
				fault = s.errorAt(startLine, len(s.buf)-1, "variations nested more than "+strconv.Itoa(MaxTreeDepth)+" deep")
			}
		case ';':
			if nodes++; nodes > MaxTreeNodes && fault == nil {
				fault = s.errorAt(startLine, len(s.buf)-1, "the game tree holds more than "+strconv.Itoa(MaxTreeNodes)+" nodes")
			}
		case ')':
			if depth--; depth == 0 {
				if fault != nil {
					return nil, fault, true
				}
				return s.parse(startLine)
			}
		}
	}
}

// parse reads the tree whose text is in s.buf.
func (s *treeScanner) parse(startLine int) (*Tree, error, bool) {
	p := parser{in: string(s.buf)}
	t, err := p.tree(0)
	if err == nil && p.pos < len(p.in) {
		err = p.fail(p.pos, "text after the game tree")
	}
	if se, ok := err.(*rules.SyntaxError); ok {
		return nil, s.errorAt(startLine, se.Offset, se.Msg), true
	}
	return t, err, true
}

// errorAt returns a syntax error at offset off of the tree in s.buf,
// which starts on line startLine: the error gives the stream's line and
// quotes the part of the tree on it.
func (s *treeScanner) errorAt(startLine, off int, msg string) error {
	off = min(off, len(s.buf))
	from := bytes.LastIndexByte(s.buf[:off], '\n') + 1
	to := len(s.buf)
	if i := bytes.IndexByte(s.buf[off:], '\n'); i >= 0 {
		to = off + i
	}
	line := startLine + bytes.Count(s.buf[:from], []byte{'\n'})
	return &rules.SyntaxError{What: "sgf", Input: string(s.buf[from:to]), Line: line, Offset: off - from, Msg: msg}
}

// junk reports text that does not start a game tree and skips to the next
// line that starts with "(".
func (s *treeScanner) junk() (*Tree, error, bool) {
	line := s.line
	var shown []byte
	for len(shown) < 40 {
		c, ok := s.peekByte()
		if !ok || c == '\n' {
			break
		}
		s.readByte()
		shown = append(shown, c)
	}
	lineStart := false
	for {
		c, ok := s.peekByte()
		if !ok || lineStart && c == '(' {
			break
		}
		s.readByte()
		switch {
		case c == '\n':
			lineStart = true
		case c != ' ' && c != '\t' && c != '\r':
			lineStart = false
		}
	}
	if s.readErr != nil {
		return nil, s.readErr, true
	}
	return nil, &rules.SyntaxError{What: "sgf", Input: string(shown), Line: line, Offset: 0,
		Msg: "expected \"(\" to start a game tree"}, true
}
