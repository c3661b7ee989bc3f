package cli

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/tabletop-go/rules"
	"github.com/tabletop-go/rules/hex/sgf"
	"github.com/tabletop-go/rules/notation"
)

// Validate implements `validate [-legal] [-format F]`: it replays every
// record on stdin and prints one line per record:
//
//	ok PLIES RESULT            the moves are legal; RESULT is the result by
//	                           the rules after them (* if not ended)
//	illegal PLY MOVE: REASON   move number PLY (from 1) cannot be played
//	mismatch PLIES: ...        the Result tag contradicts how the game ended
//	                           ("*" claims nothing; a decided result on a
//	                           game the rules have not ended is taken as a
//	                           resignation or a loss on time)
//	invalid N: ...             the record itself is unusable (syntax, no
//	                           Game tag, bad spec or position, an SGF tree
//	                           that does not convert); N is the line where
//	                           the record starts, for Little Golem's export
//	                           the line of the game, and for SGF the game
//	                           tree's number (from 1)
//
// It reads its input as a stream, holding one record, one SGF game tree
// or one Little Golem line at a time, within the limits of package
// notation (MaxLineBytes, MaxRecordMoves, MaxRecordBytes) and package
// sgf (MaxTreeBytes, MaxTreeNodes, MaxTreeDepth, MaxLittleGolemLine), so
// its memory does not grow with the input. A UTF-8 byte order mark at the
// start is skipped. A move token in an illegal line is written as it
// stands when it is short and printable, else quoted and escaped as a Go
// string and cut to 40 bytes; error texts escape every control character.
//
// With -format sgf or lg it reads Hex SGF main lines or Little Golem's
// export instead of records. With -format auto (the default) it decides
// from the start of the input (at most 64 KiB of it, and only as much as
// it needs) and then streams the rest:
//
//   - input whose first character (after white space) is not "(" is
//     records;
//   - SGF when the first game tree's root node holds a GM property
//     (GM[11] is Hex; another game's trees are refused one by one);
//   - otherwise Little Golem's export when the root names
//     littlegolem.com in SO or the first line reads as a Little Golem
//     game (one line, W moves first, two-letter coordinates);
//   - otherwise SGF, as HexGui-style files without GM are (B moves
//     first, coordinates such as f3, often one node per line).
//
// A GM[11] anywhere else (a player named "GM[11]" on some line) plays no
// part. -format decides when the start of the input is not typical of
// the rest.
//
// With -legal, before each ply it prints `legal PLY m1 m2 ...` (the legal
// moves, or at a chance node the chance outcomes, in canonical order). It
// exits 1 if any record fails, 2 for bad flags or when standard input
// cannot be read.
func Validate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate", stderr)
	legal := fs.Bool("legal", false, "print the legal moves before each ply")
	format := fs.String("format", "auto", "input format: records, sgf (Hex SGF, main lines), lg (Little Golem's Hex export) or auto")
	if err := fs.Parse(args); err != nil {
		return ExitBadArgs
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "validate: unexpected argument %q (records are read from standard input)\n", fs.Arg(0))
		return ExitBadArgs
	}
	switch *format {
	case "auto", "records", "sgf", "lg":
	default:
		fmt.Fprintf(stderr, "validate: unknown format %q (records, sgf, lg or auto)\n", *format)
		return ExitBadArgs
	}
	in := bufio.NewReaderSize(stdin, detectBytes)
	if b, _ := in.Peek(len(utf8BOM)); bytes.Equal(b, utf8BOM) {
		_, _ = in.Discard(len(utf8BOM))
	}
	f := *format
	if f == "auto" {
		f = detectFormat(in)
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := ExitOK
	for item := range validateItems(f, in) {
		switch {
		case item.readErr != nil:
			out.Flush()
			fmt.Fprintf(stderr, "validate: reading standard input: %s\n", printable(item.readErr.Error()))
			return ExitBadArgs
		case item.err != nil:
			fmt.Fprintf(out, "invalid %d: %s\n", item.number, printable(item.err.Error()))
			status = ExitFailed
		case !validateRecord(item.rec, *legal, out):
			status = ExitFailed
		}
		if err := out.Flush(); err != nil {
			return ExitFailed
		}
	}
	return status
}

var utf8BOM = []byte("\xef\xbb\xbf")

// validateItem is one record of the input, or why it is unusable (with
// its line or game tree number), or an error reading the input.
type validateItem struct {
	rec     notation.Record
	number  int
	err     error
	readErr error
}

// validateItems streams the records of the input in format f.
func validateItems(f string, in io.Reader) iter.Seq[validateItem] {
	return func(yield func(validateItem) bool) {
		fromStream := func(seq iter.Seq2[notation.Record, error]) {
			for rec, err := range seq {
				var se *rules.SyntaxError
				switch {
				case err == nil:
					if !yield(validateItem{rec: rec, number: rec.Line}) {
						return
					}
				case errors.As(err, &se):
					if !yield(validateItem{number: se.Line, err: err}) {
						return
					}
				default:
					yield(validateItem{readErr: err})
					return
				}
			}
		}
		switch f {
		case "records":
			fromStream(notation.RecordsFrom(in))
		case "lg":
			fromStream(sgf.LittleGolemFrom(in))
		case "sgf":
			n := 0
			for tree, err := range sgf.TreesFrom(in) {
				n++
				var se *rules.SyntaxError
				item := validateItem{number: n}
				switch {
				case err == nil:
					item.rec, item.err = sgf.ToRecord(tree)
					item.rec.Line = n
				case errors.As(err, &se):
					item.err = err
				default:
					yield(validateItem{readErr: err})
					return
				}
				if !yield(item) {
					return
				}
			}
		}
	}
}

// validateRecord prints the record's line (and with legal, the legal
// moves before each ply it reached) and reports whether it replayed. It
// keeps no position: memory does not grow with the record's length.
func validateRecord(rec notation.Record, legal bool, out io.Writer) bool {
	var visit func(int, rules.Dynamic, string)
	if legal {
		visit = func(ply int, pos rules.Dynamic, _ string) {
			fmt.Fprintf(out, "legal %d %s\n", ply, strings.Join(pos.Moves(), " "))
		}
	}
	final, err := rec.Walk(visit)
	if err == nil {
		fmt.Fprintf(out, "ok %d %s\n", len(rec.Moves), final.Outcome().Result())
		return true
	}
	var re *notation.ReplayError
	var mismatch *notation.ResultError
	switch {
	case !errors.As(err, &re) || re.Ply == 0:
		cause := err
		if re != nil {
			cause = re.Err
		}
		fmt.Fprintf(out, "invalid %d: %s\n", rec.Line, printable(cause.Error()))
	case errors.As(re.Err, &mismatch):
		fmt.Fprintf(out, "mismatch %d: %s\n", len(rec.Moves), printable(mismatch.Error()))
	default:
		fmt.Fprintf(out, "illegal %d %s: %s\n", re.Ply, token(re.Move), printable(reason(re.Err)))
	}
	return false
}

// detectBytes is the most input -format auto looks at.
const detectBytes = 64 << 10

// detectFormat resolves -format auto (see Validate) from the start of
// in, reading no more of it than it needs, and consumes nothing.
func detectFormat(in *bufio.Reader) string {
	for {
		_, err := in.Peek(min(in.Buffered()+1, detectBytes))
		prefix, _ := in.Peek(in.Buffered())
		final := err != nil || len(prefix) >= detectBytes
		if f, ok := detect(prefix, final); ok {
			return f
		}
	}
}

// detect decides the format from the start of the input, or reports
// that it needs more of it (never when final: all there is to look at).
func detect(prefix []byte, final bool) (string, bool) {
	start := bytes.TrimLeft(prefix, " \t\r\n\f\v")
	switch {
	case len(start) == 0:
		return "records", final
	case start[0] != '(':
		return "records", true
	}
	root, complete := rootProperties(start)
	if _, ok := root["GM"]; ok {
		return "sgf", true
	}
	line, _, hasLine := bytes.Cut(start, []byte{'\n'})
	if (!complete || !hasLine) && !final {
		return "", false
	}
	if strings.Contains(strings.ToLower(root["SO"]), "littlegolem") {
		return "lg", true
	}
	if _, err := sgf.ParseLittleGolem(string(line)); err == nil {
		return "lg", true
	}
	return "sgf", true
}

// rootProperties reads the properties of the first node of the game tree
// that text starts with, as SGF does, up to the end of the node or the
// first thing that is not a property; complete is false when text ends
// first.
func rootProperties(text []byte) (props map[string]string, complete bool) {
	props = map[string]string{}
	i := 1 // after "("
	space := func() {
		for i < len(text) && strings.IndexByte(" \t\r\n\f\v", text[i]) >= 0 {
			i++
		}
	}
	space()
	if i == len(text) {
		return props, false
	}
	if text[i] != ';' {
		return props, true
	}
	i++
	for {
		space()
		idStart := i
		for i < len(text) && (text[i] >= 'A' && text[i] <= 'Z' || text[i] >= 'a' && text[i] <= 'z') {
			i++
		}
		if i == len(text) {
			return props, false
		}
		if i == idStart {
			return props, true
		}
		id := string(text[idStart:i])
		values := 0
		for {
			space()
			if i == len(text) {
				return props, false
			}
			if text[i] != '[' {
				break
			}
			var v []byte
			for i++; i < len(text) && text[i] != ']'; i++ {
				if text[i] == '\\' {
					i++
					if i == len(text) {
						break
					}
				}
				v = append(v, text[i])
			}
			if i >= len(text) {
				return props, false
			}
			i++ // ']'
			if values++; values == 1 {
				if _, seen := props[id]; !seen {
					props[id] = string(v)
				}
			}
		}
		if values == 0 {
			return props, true
		}
	}
}

// reason returns the shortest sentence that says why a move failed.
func reason(err error) string {
	var me *rules.MoveError
	if errors.As(err, &me) {
		return me.Why()
	}
	var se *rules.SyntaxError
	if errors.As(err, &se) {
		return "syntax error: " + se.Msg
	}
	return err.Error()
}
