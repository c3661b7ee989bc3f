package protocol

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxLine is the longest request line, its line break included, that a
// server reads. A longer line gets the failure reply "line too long" and
// the server reads on after it.
const MaxLine = 64 << 10

// MaxReply is the default cap on the bytes of one reply that a client
// reads from an engine, blank lines before it included (see
// EngineOptions.MaxReply). More is an output flood: a forfeit.
const MaxReply = 64 << 10

// maxShown bounds the text of an engine's reply or a controller's
// argument that an error message quotes.
const maxShown = 60

// ErrLineTooLong is returned by LineReader.Next for a line longer than
// MaxLine, with the line's first bytes.
var ErrLineTooLong = errors.New("line too long")

// lineHead is how many bytes of a line longer than MaxLine
// LineReader.Next returns: enough for an id and a command name.
const lineHead = 40

// LineReader reads request lines of at most MaxLine bytes, line breaks
// included, in memory bounded by MaxLine whatever the input: the reader
// of a server, or of any program that reads lines from a stranger.
type LineReader struct{ br *bufio.Reader }

// NewLineReader returns a LineReader that reads from r.
func NewLineReader(r io.Reader) *LineReader {
	return &LineReader{br: bufio.NewReaderSize(r, MaxLine)}
}

// Next returns the next line without its line break ("\n"; a "\r"
// before it is left to ParseRequest, which removes it with the other
// control characters). A line longer than MaxLine gives its first bytes
// and ErrLineTooLong, and the rest of it is skipped, so that the next
// call reads the line after it; at the end of the input the error is
// io.EOF (a last line without a line break is returned first).
func (l *LineReader) Next() (string, error) {
	b, err := l.br.ReadSlice('\n')
	switch {
	case err == bufio.ErrBufferFull:
		head := string(b[:lineHead])
		for err == bufio.ErrBufferFull {
			_, err = l.br.ReadSlice('\n')
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		return head, ErrLineTooLong
	case err == io.EOF && len(b) > 0:
		err = nil
	case err != nil:
		return "", err
	}
	return strings.TrimSuffix(string(b), "\n"), nil
}

// ParseRequest applies GTP's preprocessing to a request line (see
// Clean) and splits it into its id ("" if it has none) and its words,
// the command and its arguments. A line left empty gives "" and no
// words; an id alone, the id and no words (the reply is "? missing
// command"). For the first bytes of a line too long to read
// (ErrLineTooLong), the id is that of the whole line.
func ParseRequest(line string) (id string, words []string) {
	words = strings.Fields(Clean(line))
	if len(words) > 0 && IsID(words[0]) {
		return words[0], words[1:]
	}
	return "", words
}

// Clean applies GTP's preprocessing to a request line: a "#" starts a
// comment that runs to the end of the line, control characters other
// than tabs are removed, and tabs become spaces.
func Clean(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < ' ' || r == 0x7f:
			return -1
		}
		return r
	}, line)
}

// IsID reports whether s is a request id: decimal digits, at most nine.
func IsID(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// quote returns s as a Go string literal, cut to maxShown bytes with
// "..." after: safe to put in an error message, a reply or a record tag.
func quote(s string) string {
	if len(s) <= maxShown {
		return strconv.Quote(s)
	}
	cut := maxShown
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}

// oneLine makes a message safe to send as one line of a reply: line
// breaks become spaces and other characters that are not printable are
// escaped.
func oneLine(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", " "), "\n", " ")
	return Escape(s)
}

// Escape escapes every character of s that is not printable (control
// characters, C1 controls, bidirectional overrides, invalid UTF-8) as a
// Go string literal would ("\x1b", "\n", "\u202e") and leaves the rest
// alone: text from a stranger made safe to write to a terminal, a reply
// or a log. It cuts nothing.
func Escape(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || !strconv.IsPrint(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// body makes a multi-line reply safe to send: every line printable, no
// empty line (which would end the reply early).
func body(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	out := lines[:0]
	for i, l := range lines {
		l = Escape(strings.TrimRight(l, " "))
		if l == "" && i > 0 {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
