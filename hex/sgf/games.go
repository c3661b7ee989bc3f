package sgf

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/notation"
)

// Format is a format of Hex game files that ReadGames reads.
type Format int

// The formats ReadGames reads. The zero Format is FormatAuto.
const (
	// FormatAuto has ReadGames tell the format from the start of its
	// input (see the package doc).
	FormatAuto Format = iota
	// FormatRecords is the library's record text, as
	// notation.RecordsFrom reads it.
	FormatRecords
	// FormatSGF is SGF: the main line of each game tree, converted by
	// ToRecord.
	FormatSGF
	// FormatLittleGolem is Little Golem's Hex export, one game a line, as
	// LittleGolemFrom reads it.
	FormatLittleGolem
)

// formatNames are the formats' names, indexed by Format.
var formatNames = [...]string{"auto", "records", "sgf", "lg"}

// String returns the format's name, as ParseFormat reads it: "auto",
// "records", "sgf" or "lg"; "Format(N)" for a value that is no format.
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ParseFormat reads a format's name as String writes it ("auto",
// "records", "sgf" or "lg", in lower case), for a command-line flag or a
// request field.
func ParseFormat(s string) (Format, error) {
	for i, name := range formatNames {
		if s == name {
			return Format(i), nil
		}
	}
	return FormatAuto, fmt.Errorf("sgf: unknown format \"%s\" (records, sgf, lg or auto)", escaped(s))
}

// DetectBytes is the most of its input that ReadGames looks at to tell
// the format: 64 KiB.
const DetectBytes = 64 << 10

// GameError is a game of the stream that ReadGames cannot read, and where
// it is. ReadGames goes on with the next game after it.
type GameError struct {
	// Game is the game's number in the stream, from 1: ReadGames yields
	// once for each game (record, game tree or Little Golem line), so
	// the n-th yield is the n-th game, read or not.
	Game int
	// Line is the line of the stream (from 1) that the error points to:
	// the line of a syntax error, or for a game tree that ToRecord
	// refuses, the line where the tree starts.
	Line int
	// Err says what is wrong: a *rules.SyntaxError (a game that cannot
	// be read, or one over a limit of package notation or of this
	// package), or the error of ToRecord.
	Err error
}

// Error returns e.g. "game 3 (line 7): sgf: node 4: B[aa] is not a cell
// of the 11x11 board".
func (e *GameError) Error() string {
	return "game " + strconv.Itoa(e.Game) + " (line " + strconv.Itoa(e.Line) + "): " + fmt.Sprint(e.Err)
}

// Unwrap gives errors.Is and errors.As the cause.
func (e *GameError) Unwrap() error { return e.Err }

// ReadGames reads the Hex games of a file from r as records that package
// notation replays, in format f: FormatRecords, FormatSGF (each game
// tree's main line, converted by ToRecord), FormatLittleGolem, or
// FormatAuto to tell the format from the start of the input, as the
// package doc says. It returns the format it reads (f, or the one it
// detected) and the games.
//
// To tell the format ReadGames reads at most DetectBytes of r, and only as
// much as it needs, before it returns; the games are read from r as the
// iterator goes, one record, game tree or line at a time, within the
// limits of package notation (MaxLineBytes, MaxRecordMoves,
// MaxRecordBytes) and of this package (MaxTreeBytes, MaxTreeNodes,
// MaxTreeDepth, MaxLittleGolemLine), so that a stream of any length takes
// memory for one game, never for the stream. A UTF-8 byte order mark at
// the start is skipped. The iterator reads r, so it can be ranged over
// once.
//
// Each game yields once: its record, with Line the line of the stream
// where the game starts, or a *GameError saying what is wrong with it and
// where (its number in the stream, and a line), after which reading goes
// on with the next game. Any other error is an error reading r (or an f
// that is no Format), and ends the games. A record yielded is not yet
// replayed: Record.Walk or Record.Replay plays it through the rules.
func ReadGames(r io.Reader, f Format) (Format, iter.Seq2[notation.Record, error]) {
	if f < 0 || int(f) >= len(formatNames) {
		return f, func(yield func(notation.Record, error) bool) {
			yield(notation.Record{}, fmt.Errorf("sgf: %v is no format (auto, records, sgf or lg)", f))
		}
	}
	// The reader keeps an error reading r (io.EOF included) once met, so
	// that an error met while telling the format is met again by the
	// games, after the text read before it.
	in := bufio.NewReaderSize(&stickyReader{r: r}, DetectBytes)
	given := f != FormatAuto
	if !given {
		skipBOM(in)
		f = detectFormat(in)
	}
	var games iter.Seq2[notation.Record, error]
	switch f {
	case FormatSGF:
		games = sgfGames(in)
	case FormatLittleGolem:
		games = locate(LittleGolemFrom(in))
	default:
		games = locate(notation.RecordsFrom(in))
	}
	if !given {
		return f, games
	}
	// A format given reads nothing until the games are asked for.
	return f, func(yield func(notation.Record, error) bool) {
		skipBOM(in)
		games(yield)
	}
}

// stickyReader reads r, and returns the first error r returns (io.EOF
// included) on every read after it.
type stickyReader struct {
	r   io.Reader
	err error
}

func (s *stickyReader) Read(p []byte) (int, error) {
	switch {
	case s.err != nil:
		return 0, s.err
	case s.r == nil:
		s.err = errors.New("sgf: no reader (a nil io.Reader)")
		return 0, s.err
	}
	n, err := s.r.Read(p)
	if err != nil {
		s.err = err
	}
	return n, err
}

// locate turns the syntax errors of a stream of records into GameErrors
// and ends the stream at any other error (one reading the input).
func locate(games iter.Seq2[notation.Record, error]) iter.Seq2[notation.Record, error] {
	return func(yield func(notation.Record, error) bool) {
		n := 0
		for rec, err := range games {
			n++
			var se *rules.SyntaxError
			switch {
			case err == nil:
				if !yield(rec, nil) {
					return
				}
			case errors.As(err, &se):
				if !yield(notation.Record{}, &GameError{Game: n, Line: se.Line, Err: err}) {
					return
				}
			default:
				yield(notation.Record{}, err)
				return
			}
		}
	}
}

// sgfGames reads SGF game trees from in and converts each main line.
func sgfGames(in io.Reader) iter.Seq2[notation.Record, error] {
	return func(yield func(notation.Record, error) bool) {
		n := 0
		scanTrees(in, func(t *Tree, line int, err error, readErr bool) bool {
			n++
			var se *rules.SyntaxError
			switch {
			case readErr:
				yield(notation.Record{}, err)
				return false
			case errors.As(err, &se):
				return yield(notation.Record{}, &GameError{Game: n, Line: se.Line, Err: err})
			case err != nil:
				return yield(notation.Record{}, &GameError{Game: n, Line: line, Err: err})
			}
			rec, err := ToRecord(t)
			if err != nil {
				return yield(notation.Record{}, &GameError{Game: n, Line: line, Err: err})
			}
			rec.Line = line
			return yield(rec, nil)
		})
	}
}

// detectFormat tells the format (see the package doc) from the start of
// in, reading no more of it than it needs, and consumes nothing. Each
// round reads what one Read of the input gives, so that a stream that
// arrives slowly is decided as soon as its start decides it; the detector
// goes on from where the last round stopped, so that the rounds take time
// in proportion to the bytes, however small the reads.
func detectFormat(in *bufio.Reader) Format {
	var d detector
	final := false
	for {
		prefix, _ := in.Peek(in.Buffered())
		if f, ok := d.detect(prefix, final); ok {
			return f
		}
		_, err := in.Peek(min(in.Buffered()+1, DetectBytes))
		final = err != nil || in.Buffered() >= DetectBytes
	}
}

// detector tells the format from the start of the input, which grows from
// one call of detect to the next.
type detector struct {
	space   int      // the white space that the input starts with
	root    rootScan // the first node of the first game tree
	line    int      // the end of the first line (after space), or how far it was looked for
	hasLine bool     // whether the first line has ended
}

// detect tells the format from prefix, which holds the prefix of the last
// call and maybe more, or reports that it needs more of the input (never
// when final).
func (d *detector) detect(prefix []byte, final bool) (Format, bool) {
	for d.space < len(prefix) && isSpace(prefix[d.space]) {
		d.space++
	}
	start := prefix[d.space:]
	switch {
	case len(start) == 0:
		return FormatRecords, final
	case start[0] != '(':
		return FormatRecords, true
	}
	d.root.feed(start)
	if _, ok := d.root.props["GM"]; ok {
		return FormatSGF, true
	}
	if !d.hasLine {
		if i := bytes.IndexByte(start[d.line:], '\n'); i >= 0 {
			d.line, d.hasLine = d.line+i, true
		} else {
			d.line = len(start)
		}
	}
	if (!d.root.done || !d.hasLine) && !final {
		return FormatAuto, false
	}
	if strings.Contains(strings.ToLower(d.root.props["SO"]), "littlegolem") {
		return FormatLittleGolem, true
	}
	if _, err := ParseLittleGolem(string(start[:d.line])); err == nil {
		return FormatLittleGolem, true
	}
	return FormatSGF, true
}

// rootScan reads the properties of the first node of the game tree that
// a text starts with ("("), as SGF writes them, up to the end of the node
// or the first thing that is not a property, as the text arrives: props
// holds each identifier's first value, and done is true once the scan
// has ended (before that, the text read so far ends inside the node).
type rootScan struct {
	at     int // the bytes of the text read
	state  rootState
	id     []byte
	value  []byte
	values int // the values of property id read so far
	props  map[string]string
	done   bool
}

type rootState int

const (
	rootOpen   rootState = iota // before "("
	rootNode                    // after "(", before ";"
	rootProps                   // before a property identifier
	rootID                      // in an identifier
	rootBefore                  // after an identifier, before "["
	rootValue                   // in a value
	rootEscape                  // after "\\" in a value
	rootAfter                   // after a value: "[", an identifier, or the end
)

// feed reads text from where the last call stopped; text holds the text
// of the last call, and maybe more.
func (r *rootScan) feed(text []byte) {
	for ; r.at < len(text) && !r.done; r.at++ {
		c := text[r.at]
		if isSpace(c) && r.state != rootValue && r.state != rootEscape {
			if r.state == rootID {
				r.state = rootBefore
			}
			continue
		}
		switch r.state {
		case rootOpen:
			r.state = rootNode // c is "(": detect saw to it
		case rootNode:
			r.done = c != ';'
			r.state = rootProps
		case rootProps, rootAfter:
			switch {
			case c == '[' && r.state == rootAfter:
				r.state, r.value = rootValue, r.value[:0]
			case isLetter(c):
				r.state, r.id, r.values = rootID, append(r.id[:0], c), 0
			default:
				r.done = true
			}
		case rootID:
			switch {
			case isLetter(c):
				r.id = append(r.id, c)
			case c == '[':
				r.state, r.value = rootValue, r.value[:0]
			default:
				r.done = true
			}
		case rootBefore:
			r.done = c != '['
			r.state, r.value = rootValue, r.value[:0]
		case rootValue:
			switch c {
			case '\\':
				r.state = rootEscape
			case ']':
				if r.values++; r.values == 1 {
					if r.props == nil {
						r.props = map[string]string{}
					}
					if _, seen := r.props[string(r.id)]; !seen {
						r.props[string(r.id)] = string(r.value)
					}
				}
				r.state = rootAfter
			default:
				r.value = append(r.value, c)
			}
		case rootEscape:
			r.value = append(r.value, c)
			r.state = rootValue
		}
	}
}
