package notation

import (
	"bufio"
	"bytes"
	"errors"
	"github.com/tabletop-go/rules/internal/nilio"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
)

// Record is one game record: tag pairs, then move tokens.
//
// The text format is PGN-like:
//
//	[Game "hex(size=7,swap=none)"]
//	[Position "<position text>"]   ; optional, for a non-standard start
//	[Result "1-0"]                 ; per-seat scores, or * when unfinished
//	[Event "any other tag is kept"]
//
//	d4 c5 swap e3      # a comment runs to the end of the line
//	12. f2             ; move numbers such as 12. are accepted and ignored
//
// A tag is [Name "value"] with Name made of letters, digits and "_", and
// the value escaping only \" and \\. Move tokens are separated by white
// space. A stream holds any number of records: a record ends at a blank
// line after its moves, where tags follow its moves, or where tags follow
// its own tags after a blank line (a record with no moves).
type Record struct {
	// Tags holds the tag pairs in their order in the text.
	Tags []Tag
	// Moves holds the move tokens in order, as written.
	Moves []string
	// Line is the 1-based line where the record starts in its stream.
	Line int
}

// Tag is one tag pair of a record.
type Tag struct {
	Name, Value string
}

// Tag returns the value of the first tag called name.
func (r *Record) Tag(name string) (string, bool) {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets tag name to value, replacing the first tag of that name or
// appending a new one.
func (r *Record) SetTag(name, value string) {
	for i, t := range r.Tags {
		if t.Name == name {
			r.Tags[i].Value = value
			return
		}
	}
	r.Tags = append(r.Tags, Tag{Name: name, Value: value})
}

// MarshalText writes the record: one tag per line, a blank line, then the
// moves separated by spaces and wrapped before 80 columns. The output ends
// with a newline and UnmarshalText reads it back to an equal record (with
// Line 1: the line is not part of the text). A Record is therefore its
// text in JSON too. MarshalText refuses a record that would not read back:
// one with no tags and no moves, a tag name that is not letters, digits
// and "_", a tag value holding a line break, or a move that is empty,
// holds white space or "#", starts with "[", "]" or '"', or reads as a
// move number such as "12.".
func (r Record) MarshalText() ([]byte, error) {
	if err := r.writable(); err != nil {
		return nil, err
	}
	return r.AppendText(nil), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads exactly one
// record, as ParseRecord does, and refuses text that holds none or more
// than one. Line is the line of text where the record starts, so the text
// that MarshalText writes reads back with Line 1.
func (r *Record) UnmarshalText(text []byte) error {
	rec, err := ParseRecord(string(text))
	if err != nil {
		return err
	}
	*r = rec
	return nil
}

// writable reports why the record's text would not read back to it, or nil.
func (r Record) writable() error {
	if len(r.Tags) == 0 && len(r.Moves) == 0 {
		return errors.New("notation: a record with no tags and no moves has no text form")
	}
	for _, t := range r.Tags {
		if !isTagName(t.Name) {
			return errors.New("notation: tag name " + quote(t.Name) + " is not letters, digits and _")
		}
		if strings.IndexByte(t.Value, '\n') >= 0 {
			return errors.New("notation: the value of tag " + t.Name + " holds a line break")
		}
	}
	for i, m := range r.Moves {
		bad := ""
		switch {
		case m == "":
			bad = "is empty"
		case strings.ContainsAny(m, " \t\n\r\f\v#"):
			bad = "holds white space or #"
		case m[0] == '[' || m[0] == ']' || m[0] == '"':
			bad = "starts with " + quote(m[:1])
		case isMoveNumber(m):
			bad = "reads as a move number"
		}
		if bad != "" {
			return errors.New("notation: move " + strconv.Itoa(i+1) + " " + quote(m) + " " + bad)
		}
	}
	return nil
}

// String returns the record text, as MarshalText writes it.
func (r Record) String() string { return string(r.AppendText(nil)) }

// AppendText appends the record text to dst. A record that MarshalText
// accepts reads back equal. Others are written as well as the text
// allows: a line break in a tag value is written as a space; a move or
// tag name that the grammar cannot hold (white space in a move, a tag
// name that is not letters, digits and "_") is written as it is and will
// not read back the same. MarshalText refuses such records instead.
func (r Record) AppendText(dst []byte) []byte {
	for _, t := range r.Tags {
		dst = append(dst, '[')
		dst = append(dst, t.Name...)
		dst = append(dst, ' ', '"')
		for i := 0; i < len(t.Value); i++ {
			switch c := t.Value[i]; c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, ' ') // a tag ends on its line
			default:
				dst = append(dst, c)
			}
		}
		dst = append(dst, '"', ']', '\n')
	}
	if len(r.Tags) > 0 {
		dst = append(dst, '\n')
	}
	const width = 79
	col := 0
	for _, m := range r.Moves {
		if col > 0 && col+1+len(m) > width {
			dst = append(dst, '\n')
			col = 0
		}
		if col > 0 {
			dst = append(dst, ' ')
			col++
		}
		dst = append(dst, m...)
		col += len(m)
	}
	if col > 0 || len(r.Tags) == 0 {
		dst = append(dst, '\n')
	}
	return dst
}

// ParseRecord reads exactly one record.
func ParseRecord(s string) (Record, error) {
	var out Record
	n := 0
	for rec, err := range Records([]byte(s)) {
		if err != nil {
			return Record{}, err
		}
		out = rec
		n++
	}
	if n != 1 {
		return Record{}, &rules.SyntaxError{What: "record", Input: firstLine(s), Line: 1, Offset: 0,
			Msg: "expected exactly one record, found " + strconv.Itoa(n)}
	}
	return out, nil
}

// Limits on what a record stream may hold, so that reading a stream from
// a stranger takes memory proportional to one record, not to the stream:
// a longer line, or a record with more moves, tags or text, is a syntax
// error (after which reading resumes at the next record).
const (
	// MaxLineBytes is the longest line a stream may hold, its line break
	// included.
	MaxLineBytes = 1 << 20
	// MaxRecordMoves is the most move tokens one record may hold.
	MaxRecordMoves = 1 << 20
	// MaxRecordTags is the most tags one record may hold.
	MaxRecordTags = 1 << 10
	// MaxRecordBytes is the most memory one record may take: the text of
	// its tags and move tokens (without white space and comments), plus
	// 16 bytes per move and 32 per tag for the strings that hold them.
	MaxRecordBytes = 32 << 20
)

// ReadRecords reads every record of a stream. It stops at the first
// syntax error and returns the records read before it. It keeps every
// record; RecordsFrom reads a stream of any length one record at a time.
func ReadRecords(r io.Reader) ([]Record, error) {
	var recs []Record
	for rec, err := range RecordsFrom(r) {
		if err != nil {
			return recs, err
		}
		recs = append(recs, rec)
	}
	return recs, nil
}

// Records iterates over the records of a stream. A syntax error is
// yielded as an error (a *rules.SyntaxError with the line and offset),
// after which reading resumes at the next blank line, so one bad record
// does not hide the others. The limits MaxLineBytes, MaxRecordMoves,
// MaxRecordTags and MaxRecordBytes apply.
func Records(data []byte) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		scan(byteLines(data))(yield)
	}
}

// byteLines returns the successive lines of data, each with its line
// break, for scan.
func byteLines(data []byte) func() ([]byte, bool, error) {
	return func() ([]byte, bool, error) {
		if len(data) == 0 {
			return nil, false, io.EOF
		}
		n := bytes.IndexByte(data, '\n') + 1
		if n == 0 {
			n = len(data)
		}
		line := data[:n]
		data = data[n:]
		if len(line) > MaxLineBytes {
			return append(line[:MaxLineBytes-1:MaxLineBytes-1], '\n'), true, nil
		}
		return line, false, nil
	}
}

// RecordsFrom is Records for a stream read from r as it goes: it holds
// one line and one record at a time. An error reading r is yielded, and
// ends the stream.
func RecordsFrom(r io.Reader) iter.Seq2[Record, error] {
	br := bufio.NewReaderSize(nilio.Reader(r, "notation"), MaxLineBytes)
	return scan(func() ([]byte, bool, error) {
		line, err := br.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			// Keep the start of the line for the error; drop the rest.
			line = append(line[:MaxLineBytes-1:MaxLineBytes-1], '\n')
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return nil, false, err
			}
			return line, true, nil
		case err == io.EOF && len(line) > 0:
			return line, false, nil
		}
		return line, false, err
	})
}

// bom is the UTF-8 byte-order mark, which the reader takes for white space
// (files written by some editors start with one; concatenated, they hold
// several).
var bom = []byte("\ufeff")

// scan iterates over the records of the lines that nextLine returns. A
// UTF-8 byte-order mark at the start of the stream is skipped.
func scan(nextLine func() (line []byte, tooLong bool, err error)) iter.Seq2[Record, error] {
	first := true
	skipBOM := func() ([]byte, bool, error) {
		line, tooLong, err := nextLine()
		if first {
			first = false
			line = bytes.TrimPrefix(line, bom)
		}
		return line, tooLong, err
	}
	return func(yield func(Record, error) bool) {
		s := recordScanner{nextLine: skipBOM}
		for {
			rec, err, ok := s.next()
			if !ok || !yield(rec, err) || s.readErr != nil {
				return
			}
		}
	}
}

// recordScanner reads records a line at a time: no token, tag or error
// spans two lines.
type recordScanner struct {
	nextLine func() ([]byte, bool, error)
	data     []byte // the current line, with its line break if it has one
	pos      int    // the offset in data of the next byte to read
	line     int    // the 1-based number of the current line
	tooLong  bool   // the current line was cut at MaxLineBytes
	readErr  error  // an error reading the stream, other than io.EOF
	eof      bool
	size     int // text held by the record being read
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// more reports whether a byte is left to read, reading the next line once
// the current one is used up.
func (s *recordScanner) more() bool {
	for s.pos >= len(s.data) {
		if s.eof {
			return false
		}
		line, tooLong, err := s.nextLine()
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.readErr = err
			}
			return false
		}
		s.data, s.pos, s.tooLong = line, 0, tooLong
		s.line++
	}
	return true
}

// inLine reports whether a byte of the current line is left to read.
func (s *recordScanner) inLine() bool { return s.pos < len(s.data) }

func (s *recordScanner) errorAt(pos int, msg string) error {
	lineText := s.data
	if end := bytes.IndexByte(lineText, '\n'); end >= 0 {
		lineText = lineText[:end]
	}
	return &rules.SyntaxError{What: "record", Input: string(lineText), Line: s.line, Offset: pos, Msg: msg}
}

// skipSpace skips white space and comments and reports whether it crossed
// a blank line (a line holding only white space).
func (s *recordScanner) skipSpace() (blank bool) {
	newlines := 0
	for s.more() {
		switch c := s.data[s.pos]; c {
		case '\n':
			newlines++
			if newlines >= 2 {
				blank = true
			}
			s.pos++
		case ' ', '\t', '\r', '\f', '\v':
			s.pos++
		case 0xEF: // a byte-order mark, as concatenated files hold
			if !bytes.HasPrefix(s.data[s.pos:], bom) {
				return blank
			}
			s.pos += len(bom)
		case '#':
			newlines = 0
			for s.inLine() && s.data[s.pos] != '\n' {
				s.pos++
			}
		default:
			return blank
		}
	}
	return blank
}

// recover skips the rest of a bad record: it stops at the next tag that
// follows a blank line, where the next record starts. (Stopping at the
// first blank line would read the bad record's moves, which follow its
// tags after a blank line, as a record of their own.)
func (s *recordScanner) recover() {
	for s.more() {
		if s.skipSpace() && s.more() && s.data[s.pos] == '[' {
			return
		}
		for s.inLine() && s.data[s.pos] != '\n' {
			s.pos++
		}
	}
}

// fail returns err for the record being read and skips the rest of it.
func (s *recordScanner) fail(err error) (Record, error, bool) {
	s.recover()
	return Record{}, err, true
}

func (s *recordScanner) next() (Record, error, bool) {
	var rec Record
	started := false
	s.size = 0
	for {
		blank := s.skipSpace()
		if s.readErr != nil {
			return Record{}, s.readErr, true
		}
		if !s.more() {
			// Only move numbers or nothing at all: no record.
			return rec, nil, started && (len(rec.Tags) > 0 || len(rec.Moves) > 0)
		}
		if blank && len(rec.Moves) > 0 {
			return rec, nil, true
		}
		if s.tooLong {
			return s.fail(s.errorAt(0, "the line is longer than "+strconv.Itoa(MaxLineBytes)+" bytes"))
		}
		c := s.data[s.pos]
		if !started {
			started = true
			rec.Line = s.line
		}
		if c == '[' {
			if len(rec.Moves) > 0 || (blank && len(rec.Tags) > 0) {
				return rec, nil, true // the next record's tags
			}
			start := s.pos
			tag, err := s.tag()
			if err != nil {
				return s.fail(err)
			}
			if len(rec.Tags) == MaxRecordTags {
				return s.fail(s.errorAt(start, "the record holds more than "+strconv.Itoa(MaxRecordTags)+" tags"))
			}
			if s.size += len(tag.Name) + len(tag.Value) + 32; s.size > MaxRecordBytes {
				return s.fail(s.errorAt(start, "the record takes more than "+strconv.Itoa(MaxRecordBytes)+" bytes"))
			}
			rec.Tags = append(rec.Tags, tag)
			continue
		}
		start := s.pos
		for s.inLine() && !isSpace(s.data[s.pos]) && s.data[s.pos] != '#' {
			s.pos++
		}
		tok := string(s.data[start:s.pos])
		if c == ']' || c == '"' {
			return s.fail(s.errorAt(start, "unexpected "+quoteShort(tok)+" outside a tag"))
		}
		if isMoveNumber(tok) {
			continue
		}
		if len(rec.Moves) == MaxRecordMoves {
			return s.fail(s.errorAt(start, "the record holds more than "+strconv.Itoa(MaxRecordMoves)+" moves"))
		}
		if s.size += len(tok) + 16; s.size > MaxRecordBytes {
			return s.fail(s.errorAt(start, "the record takes more than "+strconv.Itoa(MaxRecordBytes)+" bytes"))
		}
		rec.Moves = append(rec.Moves, tok)
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// isMoveNumber reports tokens such as "12." or "12...".
func isMoveNumber(tok string) bool {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) {
		return false
	}
	for ; i < len(tok); i++ {
		if tok[i] != '.' {
			return false
		}
	}
	return true
}

func (s *recordScanner) tag() (Tag, error) {
	open := s.pos
	s.pos++ // '['
	s.inlineSpace()
	nameStart := s.pos
	for s.inLine() && isTagNameByte(s.data[s.pos]) {
		s.pos++
	}
	if s.pos == nameStart {
		return Tag{}, s.errorAt(s.pos, "expected a tag name after \"[\"")
	}
	name := string(s.data[nameStart:s.pos])
	s.inlineSpace()
	if !s.inLine() || s.data[s.pos] != '"' {
		return Tag{}, s.errorAt(s.pos, "expected a quoted value after tag name "+name)
	}
	s.pos++
	var value []byte
	for {
		if !s.inLine() {
			return Tag{}, s.errorAt(open, "tag "+name+" has no closing quote")
		}
		c := s.data[s.pos]
		if c == '"' {
			s.pos++
			break
		}
		if c == '\\' && s.pos+1 < len(s.data) && (s.data[s.pos+1] == '"' || s.data[s.pos+1] == '\\') {
			value = append(value, s.data[s.pos+1])
			s.pos += 2
			continue
		}
		if c == '\n' {
			return Tag{}, s.errorAt(open, "tag "+name+" has no closing quote on its line")
		}
		value = append(value, c)
		s.pos++
	}
	s.inlineSpace()
	if !s.inLine() || s.data[s.pos] != ']' {
		return Tag{}, s.errorAt(s.pos, "expected \"]\" to close tag "+name)
	}
	s.pos++
	return Tag{Name: name, Value: string(value)}, nil
}

func (s *recordScanner) inlineSpace() {
	for s.inLine() && (s.data[s.pos] == ' ' || s.data[s.pos] == '\t') {
		s.pos++
	}
}

func isTagName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isTagNameByte(s[i]) {
			return false
		}
	}
	return s != ""
}

func isTagNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func quote(s string) string { return strconv.Quote(s) }

// quoteShort quotes s for an error message, cut to its first 40 bytes.
func quoteShort(s string) string {
	const maxShown = 40
	if len(s) > maxShown {
		return strconv.Quote(s[:maxShown]) + "..."
	}
	return strconv.Quote(s)
}
